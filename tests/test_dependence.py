"""How a kind of difference depends on the readings, asked over every case of the kind (not of one
witness): the answer holds for the witness when solved, and is the same on every run."""

from __future__ import annotations

import pytest

from nachruecken.case.loader import build_case
from nachruecken.engine.determine import determine_case
from nachruecken.research.check import Bounds, parse_spec, run_diff
from nachruecken.research.dependence import varied_readings

SMALL = Bounds(noms=2, cands=3, max_vote=2)


def _decided(case, statute, readings):
    departed = next(iter(case["expected"]))
    result = determine_case(build_case(case, "<witness>"), statute, readings)
    det = next(d for d in result["determinations"] if d["vacancy"] == departed)
    return det["outcome"], det["successor"]


@pytest.fixture(scope="module")
def versions():
    return run_diff(parse_spec("he-kwg-34"), parse_spec("he-kwg-34-2011"), SMALL, max_kinds=20)


@pytest.mark.thorough  # the fixture's diff takes about a minute: the thorough profile
def test_each_kind_says_how_it_depends_on_the_readings(versions):
    kinds = versions["differences"]
    assert kinds and all({"depends_on", "depends_partly_on", "dependence_undecided"} <= set(d) for d in kinds)
    # some kinds rest on the texts alone, some on the 2011 text's reading of a Wahlbereich list
    assert any(d["depends_on"] == [] and d["depends_partly_on"] == [] for d in kinds)
    assert any("b:he.wahlbereich=ersatzliste" in d["depends_on"] for d in kinds)


@pytest.mark.thorough  # (the same fixture)
def test_the_witness_of_a_kind_obeys_its_dependence(versions):
    """Metamorphic: a value the kind depends on makes the witness's difference vanish when `solve`
    decides it; a value it does not depend on at all leaves a difference."""
    a, b = parse_spec(versions["a"]), parse_spec(versions["b"])
    for d in versions["differences"]:
        case = d["case"]
        for side, spec, other in (("a", a, b), ("b", b, a)):
            other_decides = _decided(case, other.statute, dict(other.readings))
            for rid, value in varied_readings(spec):
                label = f"{side}:{rid}={value}"
                varied = _decided(case, spec.statute, {**dict(spec.readings), rid: value})
                if label in d["depends_on"]:
                    assert varied == other_decides, (label, case["title"])
                elif label not in d["depends_partly_on"] + d["dependence_undecided"]:
                    assert varied != other_decides, (label, case["title"])


@pytest.mark.thorough  # slow (research over a bounded universe): the thorough profile
def test_dependence_is_the_same_on_a_second_run_on_two_processes(versions):
    """The fixture ran on one process; the variants shared by two give the same answer."""
    again = run_diff(parse_spec("he-kwg-34"), parse_spec("he-kwg-34-2011"), SMALL, max_kinds=20, jobs=2)
    keys = ("kind", "depends_on", "depends_partly_on", "dependence_undecided")
    assert [{k: d[k] for k in keys} for d in again["differences"]] == [
        {k: d[k] for k in keys} for d in versions["differences"]
    ]


def test_a_side_whose_readings_are_all_fixed_is_not_varied():
    spec = parse_spec("he-kwg-34@he.ersatzliste_order=list")
    assert all(rid != "he.ersatzliste_order" for rid, _ in varied_readings(spec))
    assert all(not rid.startswith("core.") for rid, _ in varied_readings(parse_spec("nw")))


def test_two_processes_give_the_dependence_of_one():
    """The variants are independent questions: shared by two processes they give, kind by kind and in
    the same order, the dependence one process gives (the witnesses too: the kinds are found before)."""
    tiny = Bounds(noms=1, cands=2, max_vote=1)
    one, two = (
        run_diff(parse_spec("he-kwg-34"), parse_spec("he-kwg-34-2011"), tiny, max_kinds=4, jobs=jobs) for jobs in (1, 2)
    )
    keys = ("kind", "case", "depends_on", "depends_partly_on", "dependence_undecided")
    assert any(d["depends_on"] for d in one["differences"])  # the comparison has something to compare
    assert [{k: d[k] for k in keys} for d in two["differences"]] == [
        {k: d[k] for k in keys} for d in one["differences"]
    ]

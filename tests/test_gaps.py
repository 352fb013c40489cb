"""Why a gap is a gap: each gap's cause (the statute is silent, the matter is not encoded, the case lacks
or contradicts a fact), one witness per cause and scope, and how each depends on the readings over
every case of the universe."""

from __future__ import annotations

import re

import pytest

from nachruecken.case.loader import build_case
from nachruecken.engine.determine import determine_case
from nachruecken.law.statutes import STATUTE_IDS, load_statute, statute_files
from nachruecken.research.check import Bounds, run_check

SMALL = Bounds(noms=2, cands=3, max_vote=2)
GAP_CAUSE = re.compile(r'gap_cause\((\w+), "([^"]+)"\)')


def _analysis(report, name):
    return next(a for a in report["analyses"] if a["name"] == name)


@pytest.fixture(scope="module")
def mv():
    return run_check("mv-lkwg-46", SMALL, with_readings=False, norms=[], vacancies=0)


def _solved_cause(witness, statute="mv-lkwg-46"):
    case = witness["case"]
    departed = next(iter(case["expected"]))
    result = determine_case(build_case(case, "<witness>"), statute, case.get("readings", {}))
    det = next(d for d in result["determinations"] if d["vacancy"] == departed)
    return det["outcome"], det.get("gap_cause")


def test_the_mv_mehrheitswahl_gap_is_not_encoded_and_named_out_of_scope(mv):
    gap = _analysis(mv, "gap")
    (witness,) = [w for w in gap["witnesses"] if w["cause"] == "not_encoded"]
    assert witness["scope"] == "majority_election" and witness["case"]["election"] == "majority"
    # solve says the same of the witness, and the statute's out-of-scope list names the scope
    assert _solved_cause(witness) == ("undetermined", {"cause": "not_encoded", "scope": "majority_election"})
    assert "majority_election" in {e.get("scope") for e in load_statute("mv-lkwg-46").out_of_scope}


def test_one_gap_does_not_hide_another(mv):
    # two gaps under the default readings, each with its own witness; two more only under other readings
    found = lambda name: {(w["cause"], w["scope"]) for w in _analysis(mv, name)["witnesses"]}
    assert found("gap") == {("statute_silent", "mv.section_45_date"), ("not_encoded", "majority_election")}
    assert found("gap_other_readings") == {
        ("statute_silent", "mv.death_before_membership"),
        ("statute_silent", "mv.cross_district_exhausted"),
    }
    for name in ("gap", "gap_other_readings"):
        for w in _analysis(mv, name)["witnesses"]:
            assert _solved_cause(w) == ("undetermined", {"cause": w["cause"], "scope": w["scope"]})
    # no cause found is asked again as unexplained
    rows = _analysis(mv, "gap")["causes"]
    assert {"cause": "unexplained", "scope": None, "status": "none_found"} in rows


def test_a_gap_vanishes_under_exactly_the_values_said(mv):
    """Metamorphic: pinned to a value the gap vanishes under, the check finds no gap of that cause and scope
    anywhere in the universe; pinned to one it does not vanish under, it finds one."""
    row = next(r for r in _analysis(mv, "gap")["causes"] if r["scope"] == "mv.section_45_date")
    assert "mv.section_45_date=latest" in row["vanishes_under"]
    assert "mv.death_before_membership=undetermined" not in row["vanishes_under"]
    for value, present in (("mv.section_45_date=latest", False), ("mv.death_before_membership=undetermined", True)):
        rid, v = value.split("=")
        pinned = run_check("mv-lkwg-46", SMALL, with_readings=False, norms=[], vacancies=0, readings={rid: v})
        causes = {(w["cause"], w["scope"]) for w in _analysis(pinned, "gap")["witnesses"]}
        assert (("statute_silent", "mv.section_45_date") in causes) is present, (value, causes)


def test_the_causes_are_the_same_on_a_second_run(mv):
    again = run_check("mv-lkwg-46", SMALL, with_readings=False, norms=[], vacancies=0)
    strip = lambda r: [{k: v for k, v in a.items() if k != "witnesses"} for a in r["analyses"]]
    assert strip(again) == strip(mv)
    assert [w["case"] for a in again["analyses"] for w in a["witnesses"]] == [
        w["case"] for a in mv["analyses"] for w in a["witnesses"]
    ]


@pytest.mark.parametrize("statute", STATUTE_IDS)
def test_every_cause_an_encoding_names_is_a_reading_or_a_scope_of_its_statute(statute):
    st = load_statute(statute)
    text = "\n".join(p.read_text(encoding="utf-8") for p in statute_files(statute))
    scopes = {e.get("scope") for e in st.out_of_scope} - {None}
    for cause, scope in GAP_CAUSE.findall(text):
        assert cause in ("statute_silent", "not_encoded", "input_missing", "input_invalid"), cause
        if cause == "statute_silent":
            assert "undetermined" in st.readings[scope].values, scope
        if cause == "not_encoded":
            assert scope in scopes, f"{statute}: {scope} is not in out_of_scope"
    # each rule that leaves a vacancy undetermined comes with its cause
    assert text.count("outcome(undetermined) :-") <= len(GAP_CAUSE.findall(text)), statute

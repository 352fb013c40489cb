"""Research power: pinned readings and the gap split, complete diffs, compare over folders with
readings, warnings and the fit of a case to each state's system."""

from __future__ import annotations

import json

import pytest

from nachruecken.research.check import Bounds, parse_spec, run_check, run_diff

SMALL = Bounds(noms=2, cands=3, max_vote=2)


def _analysis(report, name):
    return next(a for a in report["analyses"] if a["name"] == name)


def test_a_pinned_reading_moves_a_gap_from_the_readings_to_the_text():
    free = run_check("he-kwg-34", SMALL, with_readings=False, norms=[], vacancies=0)
    assert _analysis(free, "gap")["status"] == "none_found"
    assert _analysis(free, "gap_other_readings")["needs_readings"] == {"he.majority_exhausted": "undetermined"}
    pinned = run_check(
        "he-kwg-34",
        SMALL,
        with_readings=False,
        norms=[],
        vacancies=0,
        readings={"he.majority_exhausted": "undetermined"},
    )
    assert pinned["readings"] == {"he.majority_exhausted": "undetermined"}
    gap = _analysis(pinned, "gap")
    assert gap["status"] == "found"
    assert [(w["cause"], w["scope"]) for w in gap["witnesses"]] == [("statute_silent", "he.majority_exhausted")]
    # the cause met under the pinned reading is not asked again under others
    assert _analysis(pinned, "gap_other_readings")["status"] == "none_found"


@pytest.mark.thorough  # slow (research over a bounded universe): the thorough profile
def test_a_diff_says_whether_it_listed_every_kind():
    stopped = run_diff(parse_spec("he-kwg-34"), parse_spec("bb"), SMALL, max_kinds=1)
    assert len(stopped["differences"]) == 1 and stopped["complete"] is False
    every = run_diff(parse_spec("nw-kwahlg-45"), parse_spec("nw-kwahlg-45-2024"), SMALL, max_kinds=20)
    assert every["complete"] is True and 0 < len(every["differences"]) < 20
    # witness titles are prose with citations, not tuples
    title = every["differences"][0]["case"]["title"]
    assert "decides" in title and "§" in title and "(" not in title.split("decides")[1][:3]


def test_compare_takes_folders_and_readings_keeps_warnings_and_says_what_does_not_fit(run_cli):
    out = json.loads(run_cli("compare", "instances/bb/spremberg-2025.yaml", "--json").stdout)
    rows = {r["state"]: r for r in out["comparison"]}
    assert rows["bb"]["fit"] == [] and any("older wording" in w for w in rows["bb"]["warnings"])
    assert any("written for Brandenburg" in n for n in rows["nw"]["fit"])
    assert any("seat type" in n for n in rows["hh"]["fit"])
    # a reading applies under its own state's statute only
    base = json.loads(run_cli("compare", "instances/bb/section-61-reading.yaml", "--json").stdout)
    other = json.loads(
        run_cli("compare", "instances/bb/section-61-reading.yaml", "--json", "--reading", "bb.section_61=yes").stdout
    )
    pick = lambda doc, st: [(r["outcome"], r["successor"]) for r in doc["comparison"] if r["state"] == st]
    assert pick(base, "he") == pick(other, "he") and pick(base, "bb") != pick(other, "bb")
    folder = json.loads(run_cli("compare", "instances/mv", "--json").stdout)
    assert isinstance(folder, list) and len(folder) > 5
    assert run_cli("compare", "instances/bb/spremberg-2025.yaml", "--reading", "zz.x=1").exit_code == 2


@pytest.mark.thorough  # slow (research over a bounded universe): the thorough profile
def test_a_difference_says_which_reading_makes_it_vanish():
    by_reading = run_diff(
        parse_spec("he-kwg-34"), parse_spec("he-kwg-34@he.ersatzliste_order=list"), SMALL, max_kinds=1
    )
    assert by_reading["differences"][0]["depends_on"] == ["a:he.ersatzliste_order=list"]
    texts = run_diff(parse_spec("he-kwg-34"), parse_spec("bb"), SMALL, max_kinds=3)
    assert any(d["depends_on"] == [] for d in texts["differences"])  # rests on the texts alone


@pytest.mark.thorough  # slow (research over a bounded universe): the thorough profile
def test_check_reports_progress_on_stderr(run_cli):
    result = run_cli("check", "hh", "--cands", "2", "--time-limit", "5", "--vacancies", "1", "--jobs", "1")
    assert result.exit_code == 0 and "hh-bezvwg-36: gap: " in result.stderr
    assert "hh-bezvwg-36: gap" not in result.stdout

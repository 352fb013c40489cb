"""Statute versions: a state code decides each vacancy under the text in force on its date; a
pinned id keeps its text and says when another was in force; readings across versions."""

from __future__ import annotations

import pytest

from nachruecken.case.loader import load_case
from nachruecken.engine.determine import determine_case
from nachruecken.errors import InputError
from nachruecken.law.statutes import load_statute, version_on

from conftest import ROOT, decide, decide_file, he_list, only, statute_case


def _he(statute, day, **extra):
    return statute_case(
        statute,
        [he_list(("a", 900, True), ("b", 500), ("c", 100))],
        [(day, "a", "died")],
        election_date="2011-03-27",
        **extra,
    )


@pytest.mark.parametrize(
    "day,version", [("2011-12-23", "he-kwg-34"), ("2011-12-24", "he-kwg-34-2011"), ("2023-08-31", "he-kwg-34-2011")]
)
def test_the_state_code_applies_the_text_in_force_on_the_day_the_seat_fell_vacant(day, version):
    result = decide(_he("he", day))
    det = only(result)
    assert result["statute"] == "he" and det["statute"] == version
    assert det["statute_version"] == load_statute(version).version
    assert day[:4] in det["version_basis"] and "in force" in det["version_basis"]


@pytest.mark.parametrize("day,version", [("2024-07-30", "nw-kwahlg-45"), ("2024-07-31", "nw-kwahlg-45-2024")])
def test_nrw_changes_on_31_july_2024(day, version):
    assert version_on("nw", __import__("datetime").date.fromisoformat(day))[0] == version


def test_a_pinned_text_stays_and_names_the_text_in_force():
    later = decide(_he("he-kwg-34", "2012-03-01"))
    assert only(later)["statute"] == "he-kwg-34"
    # the election of March 2011 was under the pinned text; the vacancy was not
    assert len(later["warnings"]) == 1
    assert "he-kwg-34-2011" in later["warnings"][0] and "'he'" in later["warnings"][0]
    early = decide(_he("he-kwg-34-2011", "2011-06-01"))
    assert only(early)["statute"] == "he-kwg-34-2011"
    # the text in force then is encoded: the warning names it
    assert any(
        "when § 34 KWG as in force before 24 Dec 2011 (he-kwg-34) was in force" in w and "'he'" in w
        for w in early["warnings"]
    )
    # in its own time a pinned text needs no warning
    assert decide(_he("he-kwg-34", "2011-06-01"))["warnings"] == []


def test_a_pinned_old_text_warns_when_the_election_fell_under_the_later_one():
    result = decide(
        statute_case(
            "he-kwg-34",
            [he_list(("a", 900, True), ("b", 500))],
            [("2022-01-10", "a", "died")],
            election_date="2021-03-14",
        )
    )
    assert any(w.startswith("The election (14 March 2021)") for w in result["warnings"])


def test_a_reading_another_version_knows_is_ignored_with_a_warning():
    # he.unfit_next is a reading of the old text only; a vacancy in 2012 is decided under the new one
    result = decide(_he("he", "2012-03-01", readings={"he.unfit_next": "call_then_deemed_refused"}))
    assert any("Reading 'he.unfit_next' is not known to he-kwg-34-2011" in w for w in result["warnings"])
    assert "he.unfit_next" not in only(result)["readings"]
    # under the old text it applies, and no warning is given
    old = decide(_he("he", "2011-06-01", readings={"he.unfit_next": "call_then_deemed_refused"}))
    assert old["warnings"] == [] and only(old)["readings"]["he.unfit_next"] == "call_then_deemed_refused"


def test_readings_no_version_knows_or_with_a_wrong_value_are_input_errors():
    with pytest.raises(InputError, match="unknown reading 'he.bogus'"):
        decide(_he("he", "2012-03-01", readings={"he.bogus": "x"}))
    with pytest.raises(InputError, match="reading 'he.undetermined' has no value 'month'"):
        decide(_he("he", "2012-03-01", readings={"he.undetermined": "month"}))
    # a value checked by the version that knows it, even when no vacancy falls under that version
    with pytest.raises(InputError, match="he.unfit_next"):
        decide(_he("he", "2012-03-01", readings={"he.unfit_next": "later"}))


def test_a_term_across_the_change_names_each_text_and_the_procedure_that_straddles_it():
    result = decide_file("instances/he/term-across-2011.yaml")
    assert [d["statute"] for d in result["determinations"]] == ["he-kwg-34", "he-kwg-34", "he-kwg-34-2011"]
    straddles = [w for w in result["warnings"] if "was still running" in w]
    assert len(straddles) == 1 and "'dahl'" in straddles[0]  # Arndt's procedure ended in September
    assert "he-kwg-34 (" in result["statute_version"] and "he-kwg-34-2011 (" in result["statute_version"]


def test_a_straddling_procedure_still_pending_at_as_of_is_named():
    case = statute_case(
        "nw",
        [{"id": "rl", "group": "spd", "candidates": [{"id": "a", "elected": True}, {"id": "b"}]}],
        [("2024-07-29", "a", "died")],
        election_date="2020-09-13",
        as_of="2024-08-02",
    )
    result = decide(case)
    assert only(result)["statute"] == "nw-kwahlg-45"
    assert any("was still running when nw-kwahlg-45-2024" in w for w in result["warnings"])


INSTANCE_FILES = sorted((ROOT / "instances").rglob("*.yaml"))
ALIAS_CASES = [p for p in INSTANCE_FILES if load_case(p).statute in ("he", "nw")]


@pytest.mark.parametrize("path", ALIAS_CASES, ids=[p.name for p in ALIAS_CASES])
def test_where_one_text_decides_every_vacancy_the_state_code_equals_that_text_pinned(path):
    """The alias only chooses the text: where all determinations fall under one version, pinning it
    gives the same determinations (the warnings about the choice aside)."""
    case = load_case(path)
    by_code = determine_case(case)
    used = {d["statute"] for d in by_code["determinations"]}
    if len(used) != 1:
        pytest.skip("the term spans a change of the law")
    pinned = determine_case(case, statute_id=used.pop())
    strip = lambda ds: [{k: v for k, v in d.items() if k != "version_basis"} for d in ds]
    assert strip(pinned["determinations"]) == strip(by_code["determinations"])

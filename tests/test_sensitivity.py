"""The sensitivity table's settings and its compact summaries."""

from __future__ import annotations

from nachruecken.research.sensitivity import bounds_steps, check_summary
from nachruecken.research.universe import Bounds


def test_the_steps_are_the_default_and_one_larger_each():
    steps = bounds_steps(Bounds(2, 4, 2), 2)
    assert [s.label for s in steps] == ["default", "noms+1", "cands+1", "vacancies+1"]
    assert [(s.bounds, s.vacancies) for s in steps] == [
        (Bounds(2, 4, 2), 2),
        (Bounds(3, 4, 2), 2),
        (Bounds(2, 5, 2), 2),
        (Bounds(2, 4, 2), 3),
    ]


def test_a_check_summary_is_compact():
    got = check_summary("mv-lkwg-46", Bounds(1, 2, 1), vacancies=0, with_readings=False)
    # M-V's Mehrheitswahl gap is there already at one nomination, with its cause
    assert got["gap"] == "found"
    assert {"cause": "not_encoded", "scope": "majority_election", "status": "found"} in got["gap_causes"]
    assert isinstance(got["dead_norms"], int) and got["readings"] is None
    assert got["term_gap"] is None and got["seconds"] >= 0

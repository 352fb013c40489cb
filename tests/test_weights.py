"""The weight of a reading is a model count of the universe: exact where clingo finishes, a lower bound
where the count limit stops it, and the universe's total is the same whichever reading is compared."""

from __future__ import annotations

import clingo
import pytest

from nachruecken.research.universe import Bounds, Limits
from nachruecken.research.weights import (
    count_models,
    diff_control,
    reading_weight,
    reading_weights,
    share,
    universe_control,
)

TINY = Bounds(noms=1, cands=1, max_vote=1)
GAP_READING = ("he.majority_exhausted", "vacant", "undetermined")  # the gap only under another reading


def _total(statute: str, reading=None, count_limit=None) -> dict:
    return count_models(diff_control(statute, TINY, reading), [], Limits(), count_limit)


def test_a_reading_known_to_change_outcomes_weighs_something():
    reading = GAP_READING
    total = _total("he-kwg-34")
    entry = reading_weight("he-kwg-34", reading, total, TINY, Limits(), None)
    changed = entry["changed"]
    assert isinstance(total["count"], int) and total["count"] > 0 and total["exact"]
    assert isinstance(changed["count"], int) and 0 < changed["count"] <= total["count"]
    assert changed["exact"] and entry["status"] == "found"
    assert entry["share"] == changed["count"] / total["count"] and entry["share_at_least"] is None


@pytest.mark.parametrize("statute", ["he-kwg-34", "mv-lkwg-46"])
def test_each_case_of_the_universe_is_one_model_of_the_diff(statute):
    """The encodings decide each case in exactly one way: the diff of a statute with itself has as
    many models as the universe alone has cases."""
    alone = count_models(universe_control(statute, TINY), [], Limits(), None)
    assert alone["exact"] and alone["count"] > 0
    assert _total(statute) == alone


def test_the_total_does_not_depend_on_the_reading_compared():
    from nachruecken.law.statutes import load_statute

    base = _total("he-kwg-34")
    readings = load_statute("he-kwg-34").readings
    for rid in ("he.majority_exhausted", "he.ersatzliste_order", "he.refused_is_called"):
        alternative = next(v for v in readings[rid].values if v != readings[rid].default)
        assert _total("he-kwg-34", (rid, readings[rid].default, alternative)) == base, rid


def test_a_count_stopped_by_the_count_limit_is_a_lower_bound():
    reading = GAP_READING
    exact = _total("he-kwg-34")
    capped = _total("he-kwg-34", count_limit=100)
    assert capped == {"count": 100, "exact": False} and exact["count"] > 100
    entry = reading_weight("he-kwg-34", reading, exact, TINY, Limits(), 10)
    assert entry["changed"] == {"count": 10, "exact": False} and entry["status"] == "found"
    assert entry["share"] is None and entry["share_at_least"] == 10 / exact["count"]
    entry = reading_weight("he-kwg-34", reading, capped, TINY, Limits(), 10)
    assert entry["share"] is None and entry["share_at_least"] is None


def test_a_count_stopped_by_the_conflicts_is_a_lower_bound():
    ctl = diff_control("he-kwg-34", TINY)
    got = count_models(ctl, [clingo.Function("differ")], Limits(conflicts=1), None)
    # with one conflict allowed, the search cannot prove that no more models exist
    assert not got["exact"]


def test_share_is_exact_only_when_both_counts_are():
    assert share({"count": 3, "exact": True}, {"count": 12, "exact": True}) == (0.25, None)
    assert share({"count": 3, "exact": False}, {"count": 12, "exact": True}) == (None, 0.25)
    assert share({"count": 3, "exact": True}, {"count": 12, "exact": False}) == (None, None)
    assert share({"count": 3, "exact": False}, {"count": 12, "exact": False}) == (None, None)


@pytest.mark.thorough
def test_reading_weights_asks_what_the_divergence_asks():
    got = reading_weights("mv-lkwg-46", TINY)
    assert got["total"]["exact"] and got["total"]["count"] > 0
    by = {(r["reading"], r["alternative"]): r for r in got["readings"]}
    assert by[("mv.called_from_other", next(a for r, a in by if r == "mv.called_from_other"))]["status"] == "not_asked"
    for entry in got["readings"]:
        if entry["status"] == "not_asked":
            assert entry["note"] and entry["changed"] is None
        else:
            assert entry["total"] == got["total"]
            assert entry["changed"]["count"] <= got["total"]["count"]


SLICE = (
    "election(majority) body_kind(municipal) body_seats(2) body_period_end(20220301) vacancy_trigger(refused) size(1,2)"
)


@pytest.mark.parametrize("statute", ["he-kwg-34", "nw-kwahlg-45"])
def test_with_two_candidates_each_case_is_one_model_too(statute):
    """The same at Bounds(1,2,1) (ties, a second candidate to call), on a slice of the universe (its
    other atoms fixed by assumptions) small enough to count."""
    bounds = Bounds(1, 2, 1)
    fixed = [clingo.parse_term(atom) for atom in SLICE.split()]
    alone = count_models(universe_control(statute, bounds), fixed, Limits(), None)
    assert alone["exact"] and alone["count"] > 1000
    assert count_models(diff_control(statute, bounds), fixed, Limits(), None) == alone

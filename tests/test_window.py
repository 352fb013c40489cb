"""Windowed solving decides exactly as solving with every candidate (src/nachruecken/engine/window.py).

The window is shrunk far below its default here (to 0, 1 and 2 persons without state per ordering),
so that small cases reach past it often and both the accepted answers and the fallback are tested.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from clingo import ast
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nachruecken.case.loader import build_case, load_case
from nachruecken.engine import solver, window
from nachruecken.engine.determine import determine_case
from nachruecken.engine.expectations import collect
from nachruecken.errors import InputError
from nachruecken.law.statutes import load_statute

from profiles import examples
from strategies import STATUTES, terms

SIZES = (0, 1, 2)


@contextlib.contextmanager
def window_size(size: int):
    kept, window.SIZE = window.SIZE, size
    try:
        yield
    finally:
        window.SIZE = kept


def _counting(monkeypatch) -> dict:
    """Counts windows built and windowed answers accepted or repeated in full."""
    seen = {"built": 0, "accepted": 0, "repeated": 0}
    build, accepts = window.build, window.accepts

    def counted_build(*args, **kwargs):
        w = build(*args, **kwargs)
        seen["built"] += w is not None
        return w

    def counted_accepts(*args):
        ok = accepts(*args)
        seen["accepted" if ok else "repeated"] += 1
        return ok

    monkeypatch.setattr(window, "build", counted_build)
    monkeypatch.setattr(window, "accepts", counted_accepts)
    return seen


def _same(case, readings=None, sizes=SIZES) -> list[int]:
    """The window sizes under which the windowed result differs from the full one."""
    full = determine_case(case, cli_readings=readings, windowed=False)
    differ = []
    for size in sizes:
        with window_size(size):
            if determine_case(case, cli_readings=readings) != full:
                differ.append(size)
    return differ


@pytest.mark.thorough  # slow: the thorough profile (tests/profiles.py)
def test_every_worked_case_decides_the_same_windowed(monkeypatch):
    seen = _counting(monkeypatch)
    files = collect([Path(__file__).resolve().parents[1] / "instances"])
    assert len(files) > 100
    differ = []
    for path in files:
        case = load_case(path)
        try:
            determine_case(case, windowed=False)
        except InputError:
            continue  # a worked case of bad input
        if _same(case):
            differ.append(path)
    assert differ == []
    # the windows were used and both answers occurred: accepted, and repeated in full
    assert seen["built"] > 50 and seen["accepted"] > 50 and seen["repeated"] > 20, seen


@st.composite
def term_with_readings(draw, statute: str):
    """A generated term whose lists are lengthened by candidates without state, at any place (some on
    equal votes, so that ties meet the window's edge; some without a vote count among those with one),
    and random readings."""
    data = draw(terms(statute))
    extra = iter(range(1000))
    for nom in data["nominations"]:
        if nom.get("group_kind") == "individual" or (statute.startswith("nw") and nom.get("tier") == "district"):
            continue  # one name only; an NRW district nomination is its winner
        with_votes = any("votes" in c for c in nom["candidates"])
        for _ in range(draw(st.integers(0, 8))):
            c = {"id": f"x{next(extra)}"}
            if with_votes and draw(st.integers(0, 5)):  # now and then one without a vote count
                c["votes"] = draw(st.integers(0, 6))
            # anywhere on the list: before the departed too, where a walk may not count them
            nom["candidates"].insert(draw(st.integers(0, len(nom["candidates"]))), c)
    readings = {
        rid: draw(st.sampled_from(r.values))
        for rid, r in load_statute(statute).readings.items()
        if rid != "core.version_date" and draw(st.booleans())
    }
    return data, readings


@pytest.mark.parametrize("statute", STATUTES)
@settings(
    max_examples=examples(300),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_generated_terms_decide_the_same_windowed(statute, data):
    case_data, readings = data.draw(term_with_readings(statute))
    size = data.draw(st.sampled_from(SIZES))
    case = build_case(case_data, "<generated>")
    try:
        determine_case(case, cli_readings=readings, windowed=False)
    except InputError:
        return  # a reading this case refuses, or a case the loader refuses: nothing to compare
    assert _same(case, readings, (size,)) == [], (case_data, readings, size)


def test_a_rule_that_counts_a_whole_pool_fails_the_comparison(monkeypatch):
    # a planted rule that reads the pool beyond its head (its size): a window changes what it sees,
    # and the comparison must say so rather than pass silently
    original = solver._parsed
    planted: list = []
    ast.parse_string(
        'reason(P, N, died, "he-kwg-34/1/1", 0) :- member(1, 2, P, N), 5 #count { Q : member(1, _, Q, _) }.',
        planted.append,
    )
    planted = [s for s in planted if s.ast_type != ast.ASTType.Program]
    monkeypatch.setattr(solver, "_parsed", lambda sid: original(sid) + (tuple(planted) if sid == "he-kwg-34" else ()))
    data = {
        "statute": "he-kwg-34",
        "election_date": "2006-03-26",
        "nominations": [
            {
                "id": "l",
                "group": "g",
                "candidates": [
                    {"id": f"p{i}", "votes": 100 - i, **({"elected": True} if i == 0 else {})} for i in range(8)
                ],
            }
        ],
        "events": [{"date": "2008-01-07", "person": "p0", "type": "died"}],
    }
    case = build_case(data, "<planted>")
    # in full the rule sees 7 members and passes p1 over; a window of 1 or 2 shows it fewer, and p1 is
    # accepted as successor (a window of 0 holds nobody of the pool: the walk reaches past it, the window
    # is deepened to 1 and shows the rule as few)
    assert determine_case(case, windowed=False)["determinations"][0]["successor"] == "p2"
    assert _same(case) == [0, 1, 2]


@pytest.mark.parametrize("election, outcome", [("majority", "lot"), ("proportional", "successor")])
def test_a_candidate_without_a_count_behind_the_edge_is_still_named(election, outcome):
    # Hessen notes every eligible candidate without a vote count of the pool that gave the lot or the
    # successor (he-kwg-34 ranking.lp: uncounted/1), wherever he stands: behind the edge too
    data = {
        "statute": "he-kwg-34",
        "election_date": "2006-03-26",
        "election": election,
        "nominations": [
            {
                "id": "l",
                "group": "g",
                "group_kind": "voter_group",
                "candidates": [
                    {"id": "u1", "votes": 210, "elected": True},
                    {"id": "v", "votes": 88},
                    {"id": "w", "votes": 88},
                    *({"id": f"c{i}", "votes": 50 - i} for i in range(5)),
                    {"id": "x"},
                ],
            }
        ],
        "events": [{"date": "2009-02-01", "person": "u1", "type": "died"}],
    }
    case = build_case(data, "<uncounted>")
    assert "x" in window.with_state(case)
    det = determine_case(case)["determinations"][0]
    assert det["outcome"] == outcome and det["notes"][0]["persons"] == ["x"]
    assert _same(case, sizes=(0, 1, 2, window.SIZE, 4)) == []


@pytest.mark.parametrize(
    "statute, dates",
    [
        ("nw-kwahlg-45", ("2020-09-13", "2021-01-10", "2023-06-01")),
        ("nw-kwahlg-45-2024", ("2025-09-14", "2025-10-10", "2026-03-01")),
    ],
)
def test_an_ersatzbewerber_at_another_candidates_place_is_not_taken_from_the_window(statute, dates):
    # l, behind the edge, died; x is named for him and takes his place 6 in the walk (readings: the
    # chain of a failed list candidate, and only those placed after the departed q). The first person
    # after q is b (place 5), whom a window of 2 leaves out: x must not be accepted at place 6
    election, died, resigned = dates
    data = {
        "statute": statute,
        "election_date": election,
        "readings": {"nw.failed_substitute": "his_substitute", "nw.next_following": "after_departed"},
        "nominations": [
            {
                "id": "rl",
                "group": "g",
                "candidates": [
                    {"id": "x", "substitute_for": ["l"]},
                    {"id": "a1"},
                    {"id": "a2"},
                    {"id": "q", "elected": True},
                    {"id": "b"},
                    {"id": "l"},
                ],
            }
        ],
        "events": [
            {"date": died, "person": "l", "type": "died"},
            {"date": resigned, "person": "q", "type": "resigned"},
        ],
    }
    case = build_case(data, "<chain>")
    assert determine_case(case)["determinations"][-1]["successor"] == "b"
    assert _same(case, sizes=(0, 1, 2, 3)) == []


def test_a_pool_over_two_orderings_is_not_accepted_from_a_window():
    # two pool atoms with one number (one pool walked over two lists): the stop cannot be placed in
    # one ordering, so the walk is repeated in full, even where one of the orderings is complete
    w = window.Window(
        keep=frozenset({"a", "b"}),
        edge={("list", "l2"): 1},
        complete=frozenset({("list", "l1")}),
        index={("list", "l2"): {("b", "l2"): 1}},
    )
    one = {
        "pool/4": [(1, "l1", solver.Const("list"), "n")],
        "listed/4": [(1, 1, "a", "l1")],
        "successor/2": [("a", "l1")],
    }
    assert window.accepts(w, one)
    two = {
        **one,
        "pool/4": [(1, "l1", solver.Const("list"), "n"), (1, "l2", solver.Const("list"), "n")],
        "listed/4": [(1, 1, "a", "l1"), (1, 1, "b", "l2")],
        "successor/2": [("b", "l2")],
    }
    assert not window.accepts(w, two)


def test_a_long_term_deepens_the_window_instead_of_solving_in_full(monkeypatch):
    # seven deaths on one list of 20: the successors of the first steps use up the window's head; the
    # later walks reach past it, and the window is deepened (doubled) rather than every later walk being
    # solved again with everyone; the answers are those of the full walk
    seen = _counting(monkeypatch)
    data = {
        "statute": "nw-kwahlg-45",
        "election_date": "2020-09-13",
        "nominations": [
            {"id": "l", "candidates": [{"id": f"p{i}", **({"elected": True} if i < 8 else {})} for i in range(20)]}
        ],
        "events": [{"date": f"2021-0{k + 1}-01", "person": f"p{k}", "type": "died"} for k in range(7)],
    }
    case = build_case(data, "<term>")
    windowed = determine_case(case)
    assert windowed == determine_case(case, windowed=False)
    assert [d["successor"] for d in windowed["determinations"]] == [f"p{8 + k}" for k in range(7)]
    assert seen["repeated"] <= 2  # two deepenings (2 -> 4 -> 8), not a full walk for each later step

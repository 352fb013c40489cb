"""Checks over whole terms: the term universe, and its analyses finding planted faults.

A fault is planted by adding one rule to a real statute encoding (the parsed program every walk
uses); each analysis must find it, and must find nothing on the real encoding over the same terms.
"""

from __future__ import annotations

import math

import pytest
from clingo import ast

from nachruecken.case.loader import build_case
from nachruecken.case.plausibility import case_warnings, vote_order_warnings
from nachruecken.engine import solver
from nachruecken.engine.expectations import run_expected
from nachruecken.research.check import Bounds, run_check
from nachruecken.research.term_check import _decide, _examine, ordered_shapes, run_terms, witness_files
from nachruecken.research.terms import FAMILY, build_term, shapes
from nachruecken.research.witness import in_force_throughout

from strategies import STATUTES

SINGLE = len(ordered_shapes(1))


def _plant(monkeypatch, statute: str, rule: str) -> None:
    original = solver._parsed
    extra: list = []
    ast.parse_string(rule, extra.append)
    planted = tuple(s for s in extra if s.ast_type != ast.ASTType.Program)
    monkeypatch.setattr(solver, "_parsed", lambda sid: original(sid) + (planted if sid == statute else ()))


def _first(statute: str, vacancies: int = 1) -> dict:
    """The witnesses over the first terms, on this process (so that a planted rule applies)."""
    return run_terms(statute, {}, [], vacancies=vacancies, jobs=1, time_limit=math.inf)


def test_the_universe_is_fixed_and_single_vacancies_come_first():
    assert len(shapes(1)) == SINGLE == 32
    assert len(shapes(2)) == 608
    ordered = ordered_shapes(2)
    assert all(s.second is None for s in ordered[:SINGLE]) and all(s.second for s in ordered[SINGLE:])


@pytest.mark.parametrize("statute", STATUTES)
def test_every_single_vacancy_term_is_a_case_that_can_happen(statute):
    decide = lambda d: _decide(d, {})
    built = [build_term(statute, s, decide) for s in ordered_shapes(1)]
    cases = [d for d in built if d is not None]
    assert len(cases) >= 10  # the shapes that exist: someone is called
    for data in cases:
        loaded = build_case(data, "<term>")
        assert case_warnings(loaded) == [], (data["events"], case_warnings(loaded))
        assert vote_order_warnings(loaded, FAMILY[statute]) == []
        assert in_force_throughout(statute, data), (data["election_date"], data["events"])  # dated in force
        assert {e["person"] for e in data["events"]} <= {c["id"] for n in data["nominations"] for c in n["candidates"]}


def test_a_second_vacancy_of_the_same_seat_is_the_successor_leaving():
    decide = lambda d: _decide(d, {})
    shape = next(
        s
        for s in ordered_shapes(2)
        if s.second == "successor" and s.reaction == "accepted" and s.second_day == "after" and s.before == "none"
    )
    data = build_term("he-kwg-34", shape, decide)
    result = decide(data)
    first, second = result["determinations"]
    assert first["vacancy"] == "a1" and second["vacancy"] == first["successor"]
    assert second["seat_nomination"] == first["seat_nomination"]


@pytest.mark.parametrize("statute", ["bb-kwahlg-60", "mv-lkwg-46"])
def test_a_seat_passed_between_wahlkreis_lists_and_its_successor_leaving(statute):
    # BbgKWahlG § 60 Abs. 3 Satz 3 / LKWG M-V § 46 Abs. 3 Satz 1: the first Wahlkreis list has no
    # Ersatzperson left, so its seat goes to the party's best Ersatzperson by votes in the other
    # Wahlkreise (c2, 650 votes); when he leaves, his own list (c3, 100 votes) and the seat's list (dry
    # again: across the Wahlkreise, d2 with 600) differ - the reading *.called_from_other decides, and
    # only terms pose it
    shape = next(
        s
        for s in ordered_shapes(2)
        if s.before == "district_runs_dry"
        and s.reaction == "accepted"
        and s.second == "successor"
        and s.second_day == "after"
        and s.second_reaction == "silent"
    )
    data = build_term(statute, shape, lambda d: _decide(d, {}))
    assert case_warnings(build_case(data, "<term>")) == []
    chain = lambda readings: [(d["vacancy"], d["successor"]) for d in _decide(data, readings)["determinations"]]
    reading = f"{statute[:2]}.called_from_other"
    assert chain({}) == [("a1", "c2"), ("c2", "c3")]
    assert chain({reading: "seat_list"}) == [("a1", "c2"), ("c2", "d2")]


def test_no_seat_passes_between_wahlkreis_lists_in_the_other_systems():
    shape = next(s for s in ordered_shapes(1) if s.before == "district_runs_dry")
    for statute in STATUTES:
        built = build_term(statute, shape, lambda d: _decide(d, {}))
        assert (built is not None) == (FAMILY[statute] in ("bb", "mv")), statute


def test_no_fault_over_single_vacancies_of_the_real_encodings():
    for statute in ("he-kwg-34", "hh-bezvwg-36"):
        found = _first(statute)
        assert found["found"] == {}, (statute, found["found"])


def test_a_note_from_a_reservation_after_membership_began_is_reach_back(monkeypatch, tmp_path):
    # the fault the term check found in the Hessian encoding: a conditional acceptance long after
    # membership began still gave the first determination a note
    _plant(monkeypatch, "he-kwg-34", 'note(reservation_not_valid, "he-kwg-34/3/2") :- acceptance(_, _, reservation).')
    found = _first("he-kwg-34")["found"]
    assert set(found) == {"no_reach_back"}
    w = found["no_reach_back"]
    assert w["vacancy"] == "a1" and any(e.get("reservation") for e in w["with"]["events"])
    entry = witness_files("he-kwg-34", "no_reach_back", w, {}, tmp_path, "t")
    assert (tmp_path / "he-kwg-34-no_reach_back.yaml").exists() and entry["file_with"]
    for key in ("case", "case_with"):
        checks, result = run_expected(build_case(entry[key], "<w>"))
        assert checks and all(c.passed for c in checks)
    notes = lambda key: [n["code"] for n in _decide(entry[key], {})["determinations"][0]["notes"]]
    assert notes("case") == [] and notes("case_with") == ["reservation_not_valid"]


def test_a_rule_that_looks_at_another_list_breaks_independence(monkeypatch):
    _plant(monkeypatch, "he-kwg-34", 'note(reservation_not_valid, "he-kwg-34/3/2") :- vacated(P, N, _, _), N != "a-l".')
    found = _first("he-kwg-34")["found"]
    assert "independence" in found
    w = found["independence"]
    assert any(n["id"] == "z-l" for n in w["with"]["nominations"])
    assert not any(n["id"] == "z-l" for n in w["case"]["nominations"])


def test_a_planted_conflict_over_terms_is_found(monkeypatch):
    # a second successor whenever a call has failed: only a term with a refusal shows it
    _plant(monkeypatch, "he-kwg-34", "successor(P, N) :- listed(_, _, P, N), event(_, _, P, refused).")
    found = _first("he-kwg-34")["found"]
    assert "term_conflict" in found and "expected" in found["term_conflict"]["message"]
    assert any(e["type"] == "refused" for e in found["term_conflict"]["case"]["events"])


def test_check_reports_its_term_bounds_and_analyses():
    report = run_check(
        "he-kwg-34", Bounds(noms=1, cands=2, max_vote=1), with_readings=False, norms=[], vacancies=1, jobs=1
    )
    assert report["bounds"]["vacancies"] == 1 and report["bounds"]["term_universe"] == SINGLE
    assert 10 <= report["bounds"]["terms"] <= SINGLE
    names = [a["name"] for a in report["analyses"]]
    assert names[-4:] == ["term_gap", "term_conflict", "independence", "no_reach_back"]
    assert all(a["status"] == "none_found" for a in report["analyses"][-4:])


def test_families_cover_every_statute():
    assert set(FAMILY) == set(STATUTES)


def test_the_split_over_processes_does_not_change_the_witness(monkeypatch):
    # the first witness in the universe's order, whatever the number of processes
    _plant(monkeypatch, "he-kwg-34", 'note(reservation_not_valid, "he-kwg-34/3/2") :- acceptance(_, _, reservation).')
    one = _examine(("he-kwg-34", list(range(SINGLE)), {}, [], math.inf))["found"]["no_reach_back"]["index"]
    halves = [_examine(("he-kwg-34", list(range(k, SINGLE, 2)), {}, [], math.inf))["found"] for k in (0, 1)]
    assert min(h["no_reach_back"]["index"] for h in halves if "no_reach_back" in h) == one

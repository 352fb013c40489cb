"""``nachruecken.Term``: a term kept between decisions decides, event by event, exactly what ``decide``
gives for the case as it then stands (checked on generated terms); the walks it reuses rest on the day a
walk is read on (``facts.walk_as_of``), which only the deadlines the encodings compare it with may move."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nachruecken
from nachruecken.case.loader import load_case
from nachruecken.engine import facts, solver
from nachruecken.engine.determine import determine_case
from nachruecken.errors import InputError

from conftest import ROOT
from profiles import examples
from strategies import STATUTES, terms


@pytest.mark.parametrize("statute", STATUTES)
@settings(max_examples=examples(40), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_appending_event_by_event_decides_as_decide_does(statute, data):
    case = data.draw(terms(statute))
    events = case.get("events") or []
    start = data.draw(st.integers(0, len(events)))
    try:
        nachruecken.decide(case)
    except InputError:
        return  # a case the loader or the ledger refuses: nothing to compare
    term = nachruecken.Term({**case, "events": events[:start]})
    for k in range(start, len(events)):
        try:
            got = term.append(events[k])
        except InputError:
            return  # a prefix may be refused where the whole is not (a call before its vacancy): stop there
        assert got == nachruecken.decide({**case, "events": events[: k + 1]})
    assert term.replace(events) == nachruecken.decide(case)


def test_an_event_the_case_cannot_take_changes_nothing():
    case = {
        "statute": "nw",
        "election_date": "2020-09-13",
        "nominations": [{"id": "l", "candidates": [{"id": "a", "elected": True}, {"id": "b"}, {"id": "c"}]}],
    }
    term = nachruecken.Term(case)
    first = term.append({"date": "2021-01-10", "person": "a", "type": "died"})
    with pytest.raises(InputError):
        term.append({"date": "2021-01-11", "person": "nobody", "type": "died"})
    assert term.result() == first and len(term.events) == 1


def test_a_later_event_reuses_the_walks_whose_deadlines_have_passed(monkeypatch):
    case = {
        "statute": "nw",
        "election_date": "2020-09-13",
        "nominations": [
            {"id": "l", "candidates": [{"id": f"p{i}", **({"elected": True} if i < 5 else {})} for i in range(12)]}
        ],
        "events": [{"date": f"2021-0{k + 1}-01", "person": f"p{k}", "type": "died"} for k in range(4)],
    }
    term = nachruecken.Term(case)
    term.result()
    solved = []
    original = solver._solve_atoms
    monkeypatch.setattr(solver, "_solve_atoms", lambda *a: solved.append(a) or original(*a))
    term.append({"date": "2021-09-01", "person": "p4", "type": "died"})
    walked = {re.search(r'vacancy\("(\w+)"\)', call[1]).group(1) for call in solved}
    # the walks whose deadlines had passed by the last day before are reused; p3's had not (called on
    # 1 April, read on 1 April): read now, after its deadline, it is walked again, as is the new vacancy
    assert walked == {"p3", "p4"}


# the rules of the encodings that read the day a walk is read on, each as `as_of(T), T > E` with E a
# deadline that facts.walk_as_of takes into account
AS_OF_RULES = {
    ("core/membership.lp", "deadline_passed :- notice_deadline(E), as_of(T), T > E, not silence_deems_nothing."),
    ("he-kwg-34-2011/encoding.lp", "window_over :- window_end(E), as_of(T), T > E."),
    ("he-kwg-34-2011/encoding.lp", "answer_over :- answer_end(E), as_of(T), T > E."),
}


def test_the_encodings_read_the_day_only_against_the_deadlines_walk_as_of_knows():
    found = set()
    for path in (ROOT / "encodings").rglob("*.lp"):
        if path.parent.name == "check":
            continue  # the consistency checks' universe fixes its own day
        for line in path.read_text(encoding="utf-8").splitlines():
            code = line.split("%")[0].strip()
            if re.search(r"\bas_of\(", code) and not code.startswith("#defined"):
                found.add((f"{path.parent.name}/{path.name}", " ".join(code.split())))
    assert found == AS_OF_RULES, "a new use of as_of: extend facts.walk_as_of and this list together"


@pytest.mark.parametrize("path", sorted((ROOT / "instances").rglob("*.yaml"))[::5], ids=lambda p: p.stem)
def test_the_day_a_walk_is_read_on_changes_no_worked_case(path, monkeypatch):
    case = load_case(path)
    try:
        clamped = determine_case(case)
    except InputError:
        return
    monkeypatch.setattr(facts, "walk_as_of", lambda as_of, text: as_of)
    assert determine_case(case) == clamped

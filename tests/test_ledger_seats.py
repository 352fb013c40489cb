"""What the ledger must never show, whatever the term (issue 28, over all seven texts):

(a) at any date a seat has at most one holder or pending person, a person holds or awaits at most
    one seat, and every seat of the election is held, awaited or recorded as empty: the body never
    shows more seats than were elected;
(b) a declaration by a person who holds no seat opens no vacancy: every vacancy is the seat of one
    elected at the election or of a successor whose membership began.

The generated terms (tests/strategies.py) gain what issue 28 is about: `resigned` recorded for persons
who hold no seat (pending, or plain candidates) and recorded calls naming the seat they fill.
"""

from __future__ import annotations

import copy
import datetime as dt

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from nachruecken.case.loader import build_case
from nachruecken.engine.determine import determine_case

from profiles import examples
from strategies import STATUTES, VACATING, terms

SETTINGS = dict(max_examples=examples(25), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


@st.composite
def terms_with_declarations(draw, statute: str) -> dict:
    """A term in which some persons without a seat record `resigned`, and the office records some
    calls with the seat they fill (``seat_of``)."""
    data = draw(terms(statute))
    elected = {c["id"] for n in data["nominations"] for c in n["candidates"] if c.get("elected")}
    on = {c["id"]: n["id"] for n in data["nominations"] for c in n["candidates"]}
    died = {e["person"]: e["date"] for e in data["events"] if e["type"] == "died"}
    others = sorted(set(on) - elected)
    departures = [e for e in data["events"] if e["type"] in VACATING and e["person"] in elected]
    extra = []
    for p in draw(st.lists(st.sampled_from(others), max_size=3, unique=True)) if others else []:
        day = dt.date(2021, 1, 1) + dt.timedelta(days=draw(st.integers(0, 400)))
        if p not in died or day.isoformat() < died[p]:
            extra.append({"date": day.isoformat(), "person": p, "type": "resigned"})
    if departures and others and draw(st.booleans()):
        dep = draw(st.sampled_from(departures))
        p = draw(st.sampled_from(others))
        day = dt.date.fromisoformat(dep["date"]) + dt.timedelta(days=draw(st.integers(0, 20)))
        if p not in died or day.isoformat() < died[p]:
            extra.append(
                {"date": day.isoformat(), "person": p, "type": "called", "seat_of": dep["person"], "nomination": on[p]}
            )
    return {**data, "events": data["events"] + extra}


def decide(data: dict) -> dict:
    return determine_case(build_case(copy.deepcopy(data), "<term>"), file_order_warnings=False)


def assert_seats_hold(data: dict, result: dict) -> None:
    comp = result["composition"]
    holders = [p for seat in comp["seats"] for p in seat["holders"]]
    pending = [x["person"] for x in comp["pending"]]
    assert len(set(holders + pending)) == len(holders) + len(pending), comp  # one seat a person
    awaited = [x["seat_of"] for x in comp["pending"]]
    assert len(set(awaited)) == len(awaited), comp  # one pending person a seat
    elected = sum(1 for n in data["nominations"] for c in n["candidates"] if c.get("elected"))
    assert len(holders) + len(pending) + len(comp["vacant"]) == elected, comp


@pytest.mark.parametrize("statute", STATUTES)
def test_one_holder_a_seat_and_one_seat_a_person_at_every_date(statute):
    @seed(28)
    @settings(**SETTINGS)
    @given(terms_with_declarations(statute), st.integers(0, 10**6))
    def check(data, pick):
        dates = sorted({e["date"] for e in data["events"]})
        if not dates:
            return
        assert_seats_hold(data, decide(data))
        assert_seats_hold(data, decide({**data, "as_of": dates[pick % len(dates)]}))

    check()


@pytest.mark.parametrize("statute", STATUTES)
def test_a_declaration_without_a_seat_opens_no_vacancy(statute):
    @seed(28)
    @settings(**SETTINGS)
    @given(terms_with_declarations(statute))
    def check(data):
        elected = {c["id"] for n in data["nominations"] for c in n["candidates"] if c.get("elected")}
        members: set[str] = set(elected)
        for det in decide(data)["determinations"]:
            if det["vacancy"] not in elected and not (statute == "mv-lkwg-46" and det["trigger"] == "died"):
                # (M-V: a successor's death in his week is a member's death under mv.death_before_membership)
                assert det["vacancy"] in members, det
            if (
                det["successor"]
                and det["membership"]
                and det["membership"]["status"] not in ("pending", "to_be_determined")
            ):
                members.add(det["successor"])
            if det.get("recorded_call"):
                # the office's call stands; his membership follows his own period (the composition shows it)
                members.add(det["recorded_call"])

    check()


def _nw(events, **extra):
    return {
        "statute": "nw-kwahlg-45",
        "election_date": "2020-09-13",
        "nominations": [
            {
                "id": "spd",
                "group": "spd",
                "candidates": [{"id": "a", "elected": True}, {"id": "b", "elected": True}, {"id": "c"}, {"id": "d"}],
            }
        ],
        "events": events,
        **extra,
    }


def test_a_recorded_call_against_the_replay_names_the_recorded_successor_and_his_period():
    result = decide(
        _nw(
            [
                {"date": "2021-02-01", "person": "a", "type": "resigned", "form": "recorded"},
                {"date": "2021-02-04", "person": "d", "type": "called", "seat_of": "a"},
                {"date": "2021-02-08", "person": "d", "type": "notified"},
                {"date": "2021-02-09", "person": "d", "type": "accepted"},
                {"date": "2021-06-01", "person": "b", "type": "died"},
            ]
        )
    )
    first, second = result["determinations"]
    assert (first["successor"], first["recorded_call"]) == ("d", "d")
    assert first["membership"] == {
        "notified": "2021-02-08",
        "deadline": "2021-02-15",
        "status": "accepted",
        "member_from": "2021-02-09",
    }
    rows = {c["person"]: c["status"] for c in first["candidates"]}
    assert rows == {"c": "behind", "d": "successor"}  # c is whom the statute's walk reaches
    assert second["successor"] == "c"
    assert any("records 'd' as called" in w and "'c'" in w for w in result["warnings"])


def test_a_recorded_call_listed_before_the_departure_of_the_same_day_keeps_the_determination():
    for order in (0, 1):
        events = [
            {"date": "2022-03-01", "person": "c", "type": "called", "seat_of": "a"},
            {"date": "2022-03-01", "person": "a", "type": "resigned", "form": "recorded"},
        ]
        if order:
            events.reverse()
        result = decide(_nw(events))
        assert [(d["vacancy"], d["successor"]) for d in result["determinations"]] == [("a", "c")]
        assert not any("records 'c' as called" in w for w in result["warnings"])


def test_a_member_cannot_be_called_to_a_second_seat():
    result = decide(
        _nw(
            [
                {"date": "2021-02-01", "person": "a", "type": "died"},
                {"date": "2021-02-04", "person": "b", "type": "called", "seat_of": "a"},
            ],
            as_of="2021-03-10",
        )
    )
    assert result["determinations"][0]["successor"] == "c"
    assert any("holds a seat then" in w for w in result["warnings"])
    assert_seats_hold(_nw([]) | {"nominations": _nw([])["nominations"]}, result)


def test_a_recorded_call_of_the_pending_person_starts_his_period_from_it():
    result = decide(
        _nw(
            [
                {"date": "2021-02-01", "person": "a", "type": "resigned", "form": "recorded"},
                {"date": "2021-02-10", "person": "c", "type": "called"},
            ],
            as_of="2021-03-05",
        )
    )
    det = result["determinations"][0]
    assert det["successor"] == "c" and det["calls"][-1]["from"] == "2021-02-10"
    assert det["membership"]["status"] == "pending" and det["membership"]["deadline"] == "2021-03-10"
    assert result["composition"]["pending"] == [{"person": "c", "seat_of": "a", "since": "2021-02-10"}]

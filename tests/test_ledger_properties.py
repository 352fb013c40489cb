"""What must not change over a whole term (metamorphic properties of the ledger, issue 12).

For every statute, 200 generated terms per property (several vacancies, with notifications,
acceptances, conditional acceptances, refusals, waivers and deaths after them):
(a) a vacancy of an unrelated list, inserted between two events, leaves every other seat's
    determinations unchanged (not under Mehrheitswahl, whose pool is every list; not with a legal
    member count, which the M-V one-third rule counts);
(b) events dated after every procedure has ended change no outcome, successor, candidates or
    grounds and open no determination;
(c) ``vacancy: X`` gives X's determinations of the full replay;
(d) another file order of the events of one date changes nothing, as long as it keeps each person's
    own declarations and the vacating events in their order (those the file order decides);
(e) ``as_of: T`` equals dropping the events after T while keeping ``as_of: T``.
"""

from __future__ import annotations

import copy
import datetime as dt
import random

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from nachruecken.case.loader import build_case
from nachruecken.engine.determine import determine_case

from profiles import examples
from strategies import STATUTES, VACATING, terms

SETTINGS = dict(max_examples=examples(200), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


def decide(data: dict) -> dict:
    return determine_case(build_case(copy.deepcopy(data), "<term>"))


def view(det: dict) -> tuple:
    """What a determination decides and why (not the membership status, which depends on as_of)."""
    return (
        det["vacancy"],
        det["date"],
        det["trigger"],
        det["outcome"],
        det["successor"],
        tuple((c["person"], c["status"], c.get("reason"), c["norm"]) for c in det["candidates"]),
        tuple(g["norm"] for g in det["grounds"]),
        tuple((c["person"], c["from"], c["ended"], c["how"]) for c in det["calls"]),
    )


def views(result: dict, leave_out: str | None = None) -> list:
    return [view(d) for d in result["determinations"] if d["vacancy"] != leave_out]


@pytest.mark.parametrize("statute", STATUTES)
def test_an_unrelated_vacancy_changes_nothing(statute):
    @seed(12)
    @settings(**SETTINGS)
    @given(terms(statute), st.integers(0, 10**6))
    def check(data, pick):
        if data.get("election") == "majority":
            return
        data.pop("body", None)
        unrelated = {
            "id": "zz-l",
            "group": "zz",
            "group_kind": "party",
            "candidates": [
                {"id": "zz1", "votes": 999, "elected": True},
                {"id": "zz2", "votes": 998},
                {"id": "zz3", "votes": 997},
            ],
        }
        if statute == "hh-bezvwg-36":
            unrelated.update(tier="district", district="zz")
        dates = sorted({e["date"] for e in data["events"]})
        day = dt.date.fromisoformat(dates[pick % len(dates)]) + dt.timedelta(days=1) if dates else dt.date(2021, 1, 1)
        if day.isoformat() in dates:
            return  # not strictly between two dates
        more = {
            **data,
            "nominations": data["nominations"] + [unrelated],
            "events": data["events"] + [{"date": day.isoformat(), "person": "zz1", "type": "died"}],
            "as_of": max(dates + [day.isoformat()]),
        }
        base = {**data, "as_of": more["as_of"]}
        assert views(decide(more), leave_out="zz1") == views(decide(base))

    check()


@pytest.mark.parametrize("statute", STATUTES)
def test_events_after_every_procedure_ended_change_nothing(statute):
    @seed(12)
    @settings(**SETTINGS)
    @given(terms(statute))
    def check(data):
        data = {**data, "as_of": "2099-12-31"}
        before = decide(data)
        # persons tied in an open lot procedure are still in a procedure: leave them alone
        open_lot = {p for d in before["determinations"] if d["outcome"] == "lot" for p in d["lot_between"]}
        # so is one whose call is still pending (Bayern: without a written notice no period runs out)
        open_lot |= {
            d["successor"] for d in before["determinations"] if (d.get("membership") or {}).get("status") == "pending"
        }
        dead = {e["person"] for e in data["events"] if e["type"] == "died"}
        persons = sorted({c["id"] for n in data["nominations"] for c in n["candidates"]} - dead - open_lot)
        late = [
            {"date": "2099-06-01", "person": p, "type": t} for p in persons for t in ("left_group", "lost_eligibility")
        ]
        after = decide({**data, "events": data["events"] + late})
        assert views(after) == views(before)

    check()


@pytest.mark.parametrize("statute", STATUTES)
def test_vacancy_key_reports_the_full_replay(statute):
    @seed(12)
    @settings(**SETTINGS)
    @given(terms(statute), st.integers(0, 10**6))
    def check(data, pick):
        full = decide(data)
        vacated = sorted({d["vacancy"] for d in full["determinations"]})
        if not vacated:
            return
        x = vacated[pick % len(vacated)]
        selected = decide({**data, "vacancy": x})
        assert views(selected) == [view(d) for d in full["determinations"] if d["vacancy"] == x]
        assert selected["composition"] == full["composition"]

    check()


def _shuffle_same_date(events: list[dict], rnd: random.Random) -> list[dict]:
    """Another file order of each date's events that keeps each person's events, and the events
    that may vacate a seat, in their order."""
    out: list[dict] = []
    by_date: dict[str, list[dict]] = {}
    for e in events:
        by_date.setdefault(e["date"], []).append(e)
    for day in sorted(by_date):
        rest = list(by_date[day])
        while rest:
            movable = [
                i
                for i, e in enumerate(rest)
                if not any(f["person"] == e["person"] for f in rest[:i])
                and not (e["type"] in VACATING and any(f["type"] in VACATING for f in rest[:i]))
            ]
            out.append(rest.pop(rnd.choice(movable)))
    return out


@pytest.mark.parametrize("statute", STATUTES)
def test_file_order_of_one_date_changes_nothing(statute):
    @seed(12)
    @settings(**SETTINGS)
    @given(terms(statute), st.integers(0, 10**6))
    def check(data, shuffle_seed):
        ordered = sorted(data["events"], key=lambda e: e["date"])  # stable: file order within a date
        shuffled = _shuffle_same_date(ordered, random.Random(shuffle_seed))
        assert views(decide({**data, "events": shuffled})) == views(decide({**data, "events": ordered}))

    check()


@pytest.mark.parametrize("statute", STATUTES)
def test_as_of_equals_dropping_later_events(statute):
    @seed(12)
    @settings(**SETTINGS)
    @given(terms(statute), st.integers(0, 10**6))
    def check(data, pick):
        dates = sorted({e["date"] for e in data["events"]})
        if not dates:
            return
        t = dates[pick % len(dates)]
        cut = {**data, "as_of": t, "events": [e for e in data["events"] if e["date"] <= t]}
        read_then = decide({**data, "as_of": t})
        dropped = decide(cut)
        assert read_then["determinations"] == dropped["determinations"]
        assert read_then["composition"] == dropped["composition"]

    check()

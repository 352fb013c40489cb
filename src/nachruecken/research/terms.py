"""The term universe: whole terms of a council (sequences of vacancies), enumerated exhaustively.

The single-vacancy universe (encodings/check/universe.lp) is solved inside clingo. A term is a
sequence of procedures, and the one definition of how a term is read is the ledger
(src/nachruecken/engine/ledger/), which drives the statute encoding vacancy by vacancy. A second ledger
written in ASP for the checks could disagree with it, so the term universe is enumerated here, in
Python, and every term is decided by ``determine_case`` - exactly what `nachruecken solve` does.

Within its bounds the enumeration is complete: "none found" means no term of the universe has the
property; it proves nothing beyond the bounds.

A term of the universe (per statute, on one small election of its system):
- a first vacancy: an elected member of the first list dies (perhaps after a candidate of that list
  waived his Anwartschaft, his entitlement to succeed), or the member of the second list, whose
  last candidate died before (the seat stays empty: an earlier empty seat); in Brandenburg and
  M-V also the member of a Wahlkreis (Wahlbereich) list with no Ersatzperson left, whose seat
  passes to the party's list in another one (``district_election``);
- what the person called for it does: nothing, notified and silent, accepts, accepts with a
  reservation, refuses within or after his period, dies, waives;
- perhaps a second vacancy (``vacancies = 2``): another elected member, or the first successor
  himself (the same seat again), dies on the day of the first, while the first call is pending, or
  after its period; the person called for it is silent or refuses.

Events are dated so that every period of the statutes has ended after 25 days.
"""

from __future__ import annotations

import copy
import datetime as dt
from dataclasses import dataclass
from itertools import product
from typing import Any, cast

# the family of texts a statute belongs to (the later versions share their case keys)
FAMILY = {
    "he-kwg-34": "he",
    "he-kwg-34-2011": "he",
    "nw-kwahlg-45": "nw",
    "nw-kwahlg-45-2024": "nw",
    "bb-kwahlg-60": "bb",
    "mv-lkwg-46": "mv",
    "hh-bezvwg-36": "hh",
    "rp-kwg-45": "rp",
    "sn-saechsgemo-34": "sn",
    "sh-gkwg-44": "sh",
    "st-kwglsa-47": "st",
    "by-glkrwg-37": "by",
}

# The election and the first vacancy fall within the text's time in force (no warning about another
# text): the Hessian text before 2011 on its 2006 election, the NRW text from 31 July 2024 on the 2025
# election, the others on the 2019 elections. Each first day is a Monday, and its next forty days hold
# no public holiday of the Land.
ELECTION = {"he-kwg-34": "2006-03-26", "nw-kwahlg-45-2024": "2025-09-14"}
FIRST = {"he-kwg-34": dt.date(2008, 1, 7), "nw-kwahlg-45-2024": dt.date(2027, 1, 4)}


def first_day(statute: str) -> dt.date:
    return FIRST.get(statute, dt.date(2021, 1, 4))


LATE = 25  # days after a call by which every statute's period to declare has ended
SECOND_DAYS = {"same_day": 0, "pending": 3, "after": 40}
REACTIONS = ("unnotified", "silent", "accepted", "reserved", "refused", "refused_late", "died", "waived")
# what happened before the term, and whose death opens it: the first list's top member with nothing
# before, or with a waiver on his list; the second list's member once that list has run dry (an
# earlier empty seat)
OPENINGS = (("none", "a1"), ("waiver", "a1"), ("other_list_runs_dry", "b1"), ("district_runs_dry", "a1"))
# Brandenburg and M-V (municipal): the first list is a Wahlkreis (Wahlbereich) list with no Ersatzperson
# left, so its seat passes to an Ersatzperson of the same party in another one (BbgKWahlG § 60 Abs. 3 Satz 3
# with § 49 Abs. 5; LKWG M-V § 46 Abs. 3 Satz 1 with § 64 Abs. 5); when that successor leaves again, his
# own list and the seat's list differ (readings bb.called_from_other, mv.called_from_other)
CROSS_DISTRICT = ("bb", "mv")


def base_election(statute: str) -> dict:
    """The election every term of ``statute`` starts from: two groups, a list of the first with
    two elected and two more candidates, a list of the second with one elected and one more
    (in NRW a district winner beside the lists, in Hamburg a Wahlkreisliste and a Bezirksliste).
    Vote counts are distinct, so no lot is needed unless the statute makes one."""
    fam = FAMILY[statute]
    a = [
        {"id": "a1", "votes": 900, "elected": True},
        {"id": "a2", "votes": 800, "elected": True},
        {"id": "a3", "votes": 500},
        {"id": "a4", "votes": 400},
    ]
    b = [{"id": "b1", "votes": 700, "elected": True}, {"id": "b2", "votes": 300}]
    if fam == "nw":
        for c in a + b:
            c.pop("votes")
        noms = [
            {
                "id": "a-wb1",
                "group": "a",
                "group_kind": "party",
                "tier": "district",
                "district": "wb1",
                "candidates": [{"id": "w1", "elected": True}],
            },
            {"id": "a-rl", "group": "a", "group_kind": "party", "candidates": a},
            {"id": "b-rl", "group": "b", "group_kind": "voter_group", "candidates": b},
        ]
    elif fam == "hh":
        noms = [
            {"id": "a-wk1", "group": "a", "tier": "district", "district": "wk1", "candidates": a},
            {"id": "b-bl", "group": "b", "candidates": [{**b[0], "seat": "list"}, b[1]]},
        ]
    else:
        noms = [
            {"id": "a-l", "group": "a", "group_kind": "party", "candidates": a},
            {"id": "b-l", "group": "b", "group_kind": "voter_group", "candidates": b},
        ]
    return {"statute": statute, "election_date": ELECTION.get(statute, "2019-05-26"), "nominations": noms, "events": []}


def district_election(statute: str) -> dict:
    """Three Wahlkreis lists of one party and one of another group: the first with its two
    candidates elected (no Ersatzperson), the second with one elected and two more, the third with
    one elected and one more whose votes lie between the second's (so that the Ersatzperson taken
    across the Wahlkreise differs from the next of the second list)."""

    def nom(nid, group, kind, district, cands):
        return {
            "id": nid,
            "group": group,
            "group_kind": kind,
            "tier": "district",
            "district": district,
            "candidates": [{"id": c, "votes": v, **({"elected": True} if e else {})} for c, v, e in cands],
        }

    noms = [
        nom("a-wk1", "a", "party", "wk1", [("a1", 900, True), ("a2", 800, True)]),
        nom("a-wk2", "a", "party", "wk2", [("c1", 850, True), ("c2", 650, False), ("c3", 100, False)]),
        nom("a-wk3", "a", "party", "wk3", [("d1", 820, True), ("d2", 600, False)]),
        nom("b-wk1", "b", "voter_group", "wk1", [("b1", 700, True), ("b2", 300, False)]),
    ]
    return {"statute": statute, "election_date": ELECTION.get(statute, "2019-05-26"), "nominations": noms, "events": []}


@dataclass(frozen=True)
class TermShape:
    """One point of the term universe (the choices; the persons called are found by deciding)."""

    before: str  # see OPENINGS
    first: str  # the elected member whose death opens the first procedure: a1 or b1
    reaction: str  # what the person called for it does: one of REACTIONS
    second: str | None = None  # another elected member, or "successor"; None: one vacancy
    second_day: str | None = None  # one of SECOND_DAYS
    second_reaction: str | None = None  # silent or refused

    def describe(self) -> str:
        parts = {
            "none": "",
            "other_list_runs_dry": "b2 died before the term; ",
            "waiver": "a3 waived before the term; ",
            "district_runs_dry": "the first Wahlkreis list has no Ersatzperson left; ",
        }[self.before]
        parts += f"{self.first} dies; the person called: {self.reaction.replace('_', ' ')}"
        if self.second:
            who = "that successor" if self.second == "successor" else self.second
            parts += (
                f"; then {who} dies ({cast(str, self.second_day).replace('_', ' ')}), "
                f"the person called: {self.second_reaction}"
            )
        return parts


def shapes(vacancies: int = 2) -> list[TermShape]:
    """Every point of the universe, in a fixed order."""
    out = []
    for (before, first), reaction in product(OPENINGS, REACTIONS):
        out.append(TermShape(before, first, reaction))
        if vacancies < 2:
            continue
        others = [p for p in ("a1", "a2", "b1") if p != first] + ["successor"]
        for second, day, react in product(others, SECOND_DAYS, ("silent", "refused")):
            out.append(TermShape(before, first, reaction, second, day, react))
    return out


def _reaction_events(person: str, reaction: str, day: dt.date) -> list[dict]:
    ev = lambda offset, kind, **kw: {
        "date": (day + dt.timedelta(days=offset)).isoformat(),
        "person": person,
        "type": kind,
        **kw,
    }
    if reaction == "unnotified":
        return []
    out = [ev(1, "notified")]
    more = {
        "silent": [],
        "accepted": [ev(2, "accepted")],
        "reserved": [ev(2, "accepted", reservation=True)],
        "refused": [ev(2, "refused")],
        "refused_late": [ev(LATE, "refused")],
        "died": [ev(2, "died")],
        "waived": [ev(2, "waived")],
    }[reaction]
    return out + more


def _first_called(result: dict, vacancy: str) -> str | None:
    """The person the procedure of ``vacancy`` called first (or its successor)."""
    for det in result["determinations"]:
        if det["vacancy"] == vacancy:
            if det.get("calls"):
                return det["calls"][0]["person"]
            return det.get("successor")
    return None


def build_term(statute: str, shape: TermShape, decide) -> dict | None:
    """The case file (plain data) of ``shape``; ``decide(data)`` decides a case, to learn whom a
    procedure calls. None where the shape does not exist (no one called, a dead person leaving)."""
    if shape.before == "district_runs_dry":
        if FAMILY[statute] not in CROSS_DISTRICT:
            return None  # no seat passes between Wahlkreis lists in this statute's system
        data = district_election(statute)
    else:
        data = base_election(statute)
    events = data["events"]
    before = (first_day(statute) - dt.timedelta(days=200)).isoformat()
    if shape.before == "other_list_runs_dry":
        events.append({"date": before, "person": "b2", "type": "died"})
    elif shape.before == "waiver":
        events.append({"date": before, "person": "a3", "type": "waived"})
    day1 = first_day(statute)
    events.append({"date": day1.isoformat(), "person": shape.first, "type": "died"})
    data["as_of"] = (day1 + dt.timedelta(days=120)).isoformat()
    called = _first_called(decide(copy.deepcopy(data)), shape.first)
    if called is None and (shape.reaction != "unnotified" or shape.second == "successor"):
        return None  # nobody is called: the reactions are all the same term
    if called is not None:
        events += _reaction_events(called, shape.reaction, day1)
    if shape.second is None:
        return data
    leaving = called if shape.second == "successor" else shape.second
    if leaving is None or any(e["person"] == leaving and e["type"] == "died" for e in events):
        return None
    # (a shape with a second vacancy has its day and reaction: shapes)
    day2 = day1 + dt.timedelta(days=SECOND_DAYS[cast(str, shape.second_day)])
    if any(e["person"] == leaving and e["date"] > day2.isoformat() for e in events):
        return None  # nothing of his may follow his death
    events.append({"date": day2.isoformat(), "person": leaving, "type": "died"})
    events.sort(key=lambda e: e["date"])  # stable: a date's file order stays
    called2 = _first_called(decide(copy.deepcopy(data)), leaving)
    if called2 is None:
        return None if shape.second_reaction != "silent" else data
    if any(e["person"] == called2 and e["type"] == "died" for e in events):
        return None
    later = [e for e in events if e["person"] == called2 and e["date"] > day2.isoformat()]
    if later:
        return None  # he is still answering the first call: the second call would interleave
    events += _reaction_events(called2, cast(str, shape.second_reaction), day2)
    events.sort(key=lambda e: e["date"])
    return data


def unrelated_list(statute: str) -> dict:
    """A nomination of a third group that shares no person with the election (for independence)."""
    nom: dict[str, Any] = {
        "id": "z-l",
        "group": "z",
        "group_kind": "party",
        "candidates": [
            {"id": "z1", "votes": 990, "elected": True},
            {"id": "z2", "votes": 980},
            {"id": "z3", "votes": 970},
        ],
    }
    if FAMILY[statute] == "nw":
        for c in nom["candidates"]:
            c.pop("votes")
    if FAMILY[statute] == "hh":
        nom.update(tier="district", district="wk9")
        nom.pop("group_kind")
    return nom

"""A model of the single-vacancy universe written back as an ordinary case file (the YAML structure
`nachruecken solve` reads), and a witness said in one line of prose.

The case holds the model's nominations and candidates, its events, the body and election where they
differ from the defaults, the readings, and an expected block with what the model decided for its
vacancy (or, for a conflict, the conflict itself).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import clingo
import yaml

from nachruecken.law.dates import from_int
from nachruecken.law.statutes import load_statute
from nachruecken.research.universe import atom_id

# The universe dates a case from an election on 26 May 2019 to its as_of on 1 March 2021 (events in
# 2020 and 2021, a Wahlperiode ending in 2021 or 2022: encodings/check/universe.lp). A text not in force
# then has its witnesses moved by whole years into its time in force, to years of the same calendar from
# March on (every period of the universe, from 28 Dec 2020 to 1 March 2021, ends on the same weekday and
# around the same fixed holidays: 2009/2010/2011 and 2026/2027 repeat 2020/2021/2022), with the election
# on a real election day of the state. Texts the universe's dates fit keep them.
MOVED = {
    # the Hessian text before 2011 (in force until 23 Dec 2011): the local elections of 26 March 2006
    "he-kwg-34": (-11, "2006-03-26"),
    # the NRW text from 31 July 2024: the local elections of 14 September 2025
    "nw-kwahlg-45-2024": (6, "2025-09-14"),
}
ELECTION_DATE = "2019-05-26"
# A witness is read on the day after the vacancy, when the universe's last events have happened and no
# period to declare has ended: the universe decides one walk, on the vacancy's day, and has no later
# walk when a call lapses, which `solve` (the ledger) would make on a later as_of. (Its own as_of of
# 1 March 2021 dates only the membership the universe gives, which no kind compares.)
AS_OF = 20210102


def moved(statute_id: str, day: int) -> str:
    """A universe date (yyyymmdd) as the witness of ``statute_id`` carries it (ISO)."""
    years = MOVED.get(statute_id, (0, ""))[0]
    return from_int(day + years * 10000).isoformat()


def in_force_throughout(statute_id: str, case: dict) -> bool:
    """Whether every date of ``case`` (election, as_of, events, Wahlperiode) lies in the text's time in force."""
    st = load_statute(statute_id)
    days = [case.get("election_date"), case.get("as_of"), (case.get("body") or {}).get("period_end")]
    days += [e["date"] for e in case.get("events", [])]
    return all(st.in_force_on(dt.date.fromisoformat(str(d))) for d in days if d)


def witness_case(statute_id: str, atoms: list[clingo.Symbol], prefix: str = "", readings: dict | None = None) -> dict:
    """Write a model of the universe back as a case file (the YAML structure); ``prefix`` names
    the copy whose outcome the expected block records (diff), ``readings`` fixes the readings."""
    by: dict[str, list] = {}
    for a in atoms:
        by.setdefault(a.name, []).append(a.arguments)
    nominations = [_nomination(by, n) for (n,) in sorted(by.get("nomination", []), key=lambda t: atom_id(t[0]))]
    events = _events(by, statute_id)
    election = MOVED.get(statute_id, (0, ELECTION_DATE))[1]
    case: dict = {"statute": statute_id, "title": "", "election_date": election, "as_of": moved(statute_id, AS_OF)}
    _add_election_and_body(case, by, statute_id)
    if readings is None:
        readings = {rid.string: v.name for rid, v in by.get("reading", [])}
    if readings:
        case["readings"] = readings
    case["nominations"] = nominations
    case["events"] = events
    departed = [atom_id(p) for (p,) in by.get("vacancy", [])][0]
    case["expected"] = {departed: _expectation(by, prefix)}
    return case


def _nomination(by: dict, n: clingo.Symbol) -> dict:
    """One nomination: its group, its tier (a district's with its substitute list) and its candidates."""
    nom: dict[str, Any] = {"id": atom_id(n)}
    nom["group"] = next(atom_id(g) for m, g in by.get("nomination_group", []) if m == n)
    nom["group_kind"] = next(k.name for m, k in by.get("nomination_group_kind", []) if m == n)
    tier = next(k.name for m, k in by.get("nomination_tier", []) if m == n)
    if tier == "district":
        nom["tier"] = "district"
        nom["district"] = next(atom_id(d) for m, d in by.get("nomination_district", []) if m == n)
        sub = [atom_id(t) for m, t in by.get("substitute_list", []) if m == n]
        if sub:
            nom["substitute_list"] = sub[0]
    nom["candidates"] = [
        _candidate(by, n, p, pos)
        for m, p, pos in sorted((c for c in by.get("candidate", []) if c[0] == n), key=lambda c: c[2].number)
    ]
    return nom


def _candidate(by: dict, n: clingo.Symbol, p: clingo.Symbol, pos: clingo.Symbol) -> dict:
    """One candidate of nomination ``n``: position, votes, elected, seat, non-member, designations."""
    c = {"id": atom_id(p), "position": pos.number}
    votes = [v.number for m2, p2, v in by.get("votes", []) if m2 == n and p2 == p]
    if votes:
        c["votes"] = votes[0]
    if (n, p) in [tuple(x) for x in by.get("elected", [])]:
        c["elected"] = True
    seat = [t.name for m2, p2, t in by.get("seat_type", []) if m2 == n and p2 == p]
    if seat:
        c["seat"] = seat[0]
    if (n, p) in [tuple(x) for x in by.get("non_member", [])]:
        c["non_member"] = True
    subs = [(q, cap.name) for m2, p2, q, cap in by.get("substitute_for", []) if m2 == n and p2 == p]
    if subs:
        c["substitute_for"] = [
            atom_id(q) if cap == "default" else {"person": atom_id(q), "candidacy": cap} for q, cap in subs
        ]
    return c


def _events(by: dict, statute_id: str) -> list[dict]:
    """The model's events in their order, each with the details its type carries."""
    forms = {i.number: f.name for i, f in by.get("event_form", [])}
    reserved = {i.number for (i,) in by.get("event_reservation", [])}
    noms_of = {i.number: atom_id(n) for i, n in by.get("event_nomination", [])}
    groups_of = {i.number: atom_id(g) for i, g in by.get("event_group", [])}
    causes = {i.number: c.name for i, c in by.get("event_cause", [])}
    events = []
    for i, d, p, t in sorted(by.get("event", []), key=lambda e: e[0].number):
        # (left_other_group is how the ledger hands on a left_group naming a group he joined later)
        ev = {
            "date": moved(statute_id, d.number),
            "person": atom_id(p),
            "type": "left_group" if t.name == "left_other_group" else t.name,
        }
        if t.name == "called":
            ev["nomination"] = noms_of[i.number]
        if t.name == "waived" and forms.get(i.number) == "recorded":
            ev["form"] = "recorded"
        if i.number in reserved:
            ev["reservation"] = True
        if i.number in groups_of:
            ev["group"] = groups_of[i.number]
        if i.number in causes:
            ev["cause"] = causes[i.number]
        events.append(ev)
    return events


def _add_election_and_body(case: dict, by: dict, statute_id: str) -> None:
    """The election and the body, where the model departs from the defaults (proportional, municipal)."""
    election = [e.name for (e,) in by.get("election", [])]
    if election and election[0] != "proportional":
        case["election"] = election[0]
    body = {}
    kind = [k.name for (k,) in by.get("body_kind", [])]
    if kind and kind[0] != "municipal":
        body["kind"] = kind[0]
    seats = [s.number for (s,) in by.get("body_seats", [])]
    if seats:
        body["seats"] = seats[0]
    if by.get("body_period_end"):
        body["period_end"] = moved(statute_id, by["body_period_end"][0][0].number)
    if body:
        case["body"] = body


def _expectation(by: dict, prefix: str) -> dict:
    """What the copy ``prefix`` decided for the vacancy: its outcome and successor, or the conflict."""
    outcome = sorted(o.name for (o,) in by.get(prefix + "outcome", []))
    successor = [atom_id(p) for p, _ in by.get(prefix + "successor", [])]
    if len(outcome) > 1 or len(successor) > 1:
        # a conflict: the expectation is the property itself, so `nachruecken test` fails where it
        # no longer reproduces (solve then refuses the case as an encoding fault naming both)
        return {"conflict": {"outcomes": outcome, "successors": sorted(successor)}}
    expectation: dict = {"outcome": outcome[0] if outcome else None}
    if len(successor) == 1:
        expectation["successor"] = successor[0]
    return expectation


OUTCOME_PROSE = {
    "successor": "goes to {successor}",
    "vacant": "stays empty",
    "lot": "needs a lot",
    "by_election": "needs an election",
    "referred": "is referred to another provision",
    "undetermined": "is left undetermined",
    "not_applicable": "is outside the statute",
    None: "has no outcome",
}


def summary(case: dict) -> str:
    """A witness in prose: its size and what happens to the seat."""
    ((departed, exp),) = case["expected"].items()
    people = sum(len(n["candidates"]) for n in case["nominations"])
    what = exp.get("outcome")
    if "conflict" in exp:
        c = exp["conflict"]
        said = (
            "has the outcomes " + " and ".join(c["outcomes"])
            if len(c["outcomes"]) > 1
            else "goes to " + " and to ".join(c["successors"]) + " at once"
        )
    else:
        said = OUTCOME_PROSE.get(what, str(what)).format(successor=exp.get("successor", "?"))
    return f"{people} candidates, {len(case['events'])} events: the seat of {departed} {said}"


def write_witness(case: dict, witness_dir: Path, filename: str) -> str:
    """Write ``case`` as a case file ``filename`` in ``witness_dir`` (made if missing); its path."""
    witness_dir.mkdir(parents=True, exist_ok=True)
    path = witness_dir / filename
    path.write_text(yaml.safe_dump(case, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return str(path)

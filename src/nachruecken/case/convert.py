"""Write a Case back out: as plain data (YAML or JSON) or as `.lp` facts of the input predicates.

The `.lp` text is rendered from clingo symbols, so ids with quotes or ASP syntax stay ids.
Loading what these functions write gives the same case. Types are written in English, except a plain
"Verzicht" (read by the person's status, ``Event.word``): YAML and JSON write it as ``type: Verzicht``,
`.lp` facts as the type constant ``verzicht`` (``case.lpcase``).
"""

from __future__ import annotations

import json
from typing import Any

import yaml
from clingo import Function, Number, String

from nachruecken.case.model import Candidate, Case, Event, Nomination
from nachruecken.law.dates import to_int

# short names, so that the facts below read like the `.lp` text they become
S, N, F = String, Number, Function


def case_to_data(case: Case, with_expected: bool = True) -> dict:
    """The case as the plain data of a case file, keys in the order a case file has them; a value that
    is the default is left out."""
    data: dict = {"statute": case.statute}
    if case.title:
        data["title"] = case.title
    if case.election_date:
        data["election_date"] = case.election_date.isoformat()
    if case.election != "proportional":
        data["election"] = case.election
    if case.as_of:
        data["as_of"] = case.as_of.isoformat()
    if case.holidays:
        data["holidays"] = [d.isoformat() for d in case.holidays]
    body = _body_data(case)
    if body:
        data["body"] = body
    if case.readings:
        data["readings"] = dict(case.readings)
    data["nominations"] = [_nomination_data(nom) for nom in case.nominations]
    events = [_event_data(ev) for ev in sorted(case.events, key=lambda e: e.file_index)]
    if events:
        data["events"] = events
    if case.vacancy is not None:
        data["vacancy"] = list(case.vacancy)
    if with_expected and case.expected:
        data["expected"] = case.expected
    return data


def _body_data(case: Case) -> dict:
    body: dict[str, Any] = {}
    if case.body_name:
        body["name"] = case.body_name
    if case.body_seats is not None:
        body["seats"] = case.body_seats
    if case.body_kind != "municipal":
        body["kind"] = case.body_kind
    if case.body_unfilled_seats:
        body["unfilled_seats"] = case.body_unfilled_seats
    if case.body_period_end:
        body["period_end"] = case.body_period_end.isoformat()
    if case.body_period_start:
        body["period_start"] = case.body_period_start.isoformat()
    return body


def _nomination_data(nom: Nomination) -> dict:
    nd: dict = {"id": nom.id}
    if nom.name:
        nd["name"] = nom.name
    nd["group"] = nom.group
    if nom.group_kind != "party":
        nd["group_kind"] = nom.group_kind
    if nom.tier != "list":
        nd["tier"] = nom.tier
    if nom.district is not None:
        nd["district"] = nom.district
    if nom.substitute_list is not None:
        nd["substitute_list"] = nom.substitute_list
    if nom.by_election is not None:
        nd["by_election"] = nom.by_election.isoformat()
    nd["candidates"] = [_candidate_data(cand) for cand in nom.candidates]
    return nd


def _candidate_data(cand: Candidate) -> dict:
    cd: dict = {"id": cand.person}
    if not cand.designated_only:  # one designated only has no list place of his own
        cd["position"] = cand.position
    if cand.name:
        cd["name"] = cand.name
    if cand.votes is not None:
        cd["votes"] = cand.votes
    if cand.elected:
        cd["elected"] = True
    if cand.seat:
        cd["seat"] = cand.seat
    if cand.substitute_for:
        cd["substitute_for"] = [
            s.person if s.candidacy is None else {"person": s.person, "candidacy": s.candidacy}
            for s in cand.substitute_for
        ]
    if cand.non_member:
        cd["non_member"] = True
    if cand.designated_only:
        cd["designated_only"] = True
    if cand.salutation:
        cd["salutation"] = cand.salutation
    if cand.substitute_rank is not None:
        cd["substitute_rank"] = cand.substitute_rank
    if cand.sublist is not None:
        cd["sublist"] = cand.sublist
    if cand.extra:
        cd["extra"] = dict(cand.extra)
    return cd


def _event_data(ev: Event) -> dict:
    ed: dict = {"date": ev.date.isoformat(), "person": ev.person, "type": ev.word or ev.type}
    if ev.type == "by_election_held":
        del ed["person"]  # no person's event
        ed["seats_of"] = list(ev.seats_of)
    if ev.kind:
        ed["kind"] = ev.kind
    if ev.type == "called" and ev.nomination is not None:
        ed["nomination"] = ev.nomination
    if ev.reservation:
        ed["reservation"] = True
    if ev.form and not (ev.type == "waived" and ev.form == "written"):
        ed["form"] = ev.form
    if ev.received:
        ed["received"] = ev.received.isoformat()
    if ev.seat_of:
        ed["seat_of"] = ev.seat_of
    if ev.ground:
        ed["ground"] = ev.ground
    if ev.seat:
        ed["seat"] = ev.seat
    if ev.group:
        ed["group"] = ev.group
    if ev.cause:
        ed["cause"] = ev.cause
    if ev.found is not None:
        ed["found"] = ev.found
    return ed


def to_yaml(case: Case) -> str:
    return yaml.safe_dump(case_to_data(case), allow_unicode=True, sort_keys=False)


def to_json(case: Case) -> str:
    return json.dumps(case_to_data(case), ensure_ascii=False, indent=2)


def to_lp(case: Case) -> str:
    """Facts of the public input predicates (encodings/core/input.lp); `expected` is not expressible."""
    facts = _head_facts(case)
    names: dict[str, str] = {}
    for nom in case.nominations:
        facts += _nomination_facts(nom, names)
    facts += [F("name", [S(p), S(t)]) for p, t in names.items()]
    for ev in sorted(case.events, key=lambda e: e.file_index):
        facts += _event_facts(ev)
    if case.vacancy is not None:
        facts += [F("decide", [S(p)]) for p in case.vacancy]
    return "".join(f"{f}.\n" for f in facts)


def _head_facts(case: Case) -> list:
    """The statute, title, election, dates, holidays, body and readings."""
    facts = [F("statute", [S(case.statute)])]
    if case.title:
        facts.append(F("title", [S(case.title)]))
    facts.append(F("election", [F(case.election)]))
    if case.election_date:
        facts.append(F("election_date", [N(to_int(case.election_date))]))
    if case.as_of:
        facts.append(F("as_of", [N(to_int(case.as_of))]))
    facts += [F("holiday", [N(to_int(d))]) for d in case.holidays]
    if case.body_name:
        facts.append(F("body_name", [S(case.body_name)]))
    if case.body_seats is not None:
        facts.append(F("body_seats", [N(case.body_seats)]))
    facts.append(F("body_kind", [F(case.body_kind)]))
    if case.body_unfilled_seats:
        facts.append(F("body_unfilled_seats", [N(case.body_unfilled_seats)]))
    if case.body_period_end:
        facts.append(F("body_period_end", [N(to_int(case.body_period_end))]))
    if case.body_period_start:
        facts.append(F("body_period_start", [N(to_int(case.body_period_start))]))
    facts += [F("reading", [S(k), S(v)]) for k, v in case.readings.items()]
    return facts


def _nomination_facts(nom: Nomination, names: dict[str, str]) -> list:
    """A nomination and its candidates; their names go to ``names`` (one name/2 fact a person)."""
    n = S(nom.id)
    facts = [
        F("nomination", [n]),
        F("nomination_group", [n, S(nom.group)]),
        F("nomination_group_kind", [n, F(nom.group_kind)]),
        F("nomination_tier", [n, F(nom.tier)]),
    ]
    if nom.name:
        facts.append(F("nomination_name", [n, S(nom.name)]))
    if nom.district is not None:
        facts.append(F("nomination_district", [n, S(nom.district)]))
    if nom.substitute_list is not None:
        facts.append(F("substitute_list", [n, S(nom.substitute_list)]))
    if nom.by_election is not None:
        facts.append(F("nomination_by_election", [n, N(to_int(nom.by_election))]))
    for c in nom.candidates:
        p = S(c.person)
        facts.append(F("candidate", [n, p, N(c.position)]))
        if c.name:
            names[c.person] = c.name
        if c.votes is not None:
            facts.append(F("votes", [n, p, N(c.votes)]))
        if c.elected:
            facts.append(F("elected", [n, p]))
        if c.seat:
            facts.append(F("seat_type", [n, p, F(c.seat)]))
        for s in c.substitute_for:
            facts.append(F("substitute_for", [n, p, S(s.person), F(s.candidacy or "default")]))
        if c.non_member:
            facts.append(F("non_member", [n, p]))
        if c.designated_only:
            facts.append(F("designated_only", [n, p]))
        if c.salutation:
            facts.append(F("salutation", [n, p, S(c.salutation)]))
        if c.substitute_rank is not None:
            facts.append(F("substitute_rank", [n, p, N(c.substitute_rank)]))
        if c.sublist is not None:
            facts.append(F("sublist", [n, p, S(c.sublist)]))
    return facts


def _event_facts(ev: Event) -> list:
    """An event (numbered by its place in the file) and what it says beside its type."""
    i = N(ev.file_index + 1)
    facts = []
    if ev.type == "by_election_held":
        facts.append(F("by_election_held", [i, N(to_int(ev.date))]))
        facts += [F("event_seats_of", [i, S(p)]) for p in ev.seats_of]
    else:
        facts.append(F("event", [i, N(to_int(ev.date)), S(ev.person), F((ev.word or ev.type).lower())]))
    if ev.kind:
        facts.append(F("event_kind", [i, F(ev.kind)]))
    if ev.type == "called" and ev.nomination is not None:
        facts.append(F("event_nomination", [i, S(ev.nomination)]))
    if ev.reservation:
        facts.append(F("event_reservation", [i]))
    if ev.form:
        facts.append(F("event_form", [i, F(ev.form)]))
    if ev.received:
        facts.append(F("event_received", [i, N(to_int(ev.received))]))
    if ev.seat_of:
        facts.append(F("event_seat_of", [i, S(ev.seat_of)]))
    if ev.ground:
        facts.append(F("event_ground", [i, S(ev.ground)]))
    if ev.group:
        facts.append(F("event_group", [i, S(ev.group)]))
    if ev.cause:
        facts.append(F("event_cause", [i, F(ev.cause)]))
    if ev.found is not None:
        facts.append(F("event_found", [i, F("true" if ev.found else "false")]))
    return facts

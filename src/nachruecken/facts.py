"""Case and state into clingo symbols (never into ASP source text).

Identifiers become ``clingo.String`` symbols, so an id like ``x). evil(1`` stays an id.
Kinds, types and reading values are checked against fixed vocabularies before they
become constants.
"""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from .dates import to_int, week_deadline
from .model import Case
from .replay import VacancyState

F, N, S = Function, Number, String


def const(name: str) -> Symbol:
    return Function(name)


def case_facts(case: Case, readings: dict[str, str]) -> list[Symbol]:
    """The static facts of a case (everything but events), in the input vocabulary."""
    out = [F("election", [const(case.election)]), F("body_kind", [const(case.body_kind)])]
    if case.election_date:
        out.append(F("election_date", [N(to_int(case.election_date))]))
    if case.body_seats is not None:
        out.append(F("body_seats", [N(case.body_seats)]))
    if case.body_period_end is not None:
        end = case.body_period_end
        out.append(F("body_period_end", [N(to_int(end))]))
        # the start of the period's last twelve months (a date fact, computed here)
        try:
            start = end.replace(year=end.year - 1)
        except ValueError:  # 29 February
            start = end.replace(year=end.year - 1, day=28)
        out.append(F("last_year_from", [N(to_int(start))]))
    for rid, value in sorted(readings.items()):
        out.append(F("reading", [S(rid), const(value)]))
    for nom in case.nominations:
        n = S(nom.id)
        out += [F("nomination", [n]), F("nomination_group", [n, S(nom.group)]),
                F("nomination_group_kind", [n, const(nom.group_kind)]), F("nomination_tier", [n, const(nom.tier)])]
        if nom.district is not None:
            out.append(F("nomination_district", [n, S(nom.district)]))
        if nom.substitute_list is not None:
            out.append(F("substitute_list", [n, S(nom.substitute_list)]))
        for cand in nom.candidates:
            p = S(cand.person)
            out.append(F("candidate", [n, p, N(cand.position)]))
            if cand.votes is not None:
                out.append(F("votes", [n, p, N(cand.votes)]))
            if cand.elected:
                out.append(F("elected", [n, p]))
            if cand.seat is not None:
                out.append(F("seat_type", [n, p, const(cand.seat)]))
            for sub in cand.substitute_for:
                out.append(F("substitute_for", [n, p, S(sub.person), const(sub.candidacy or "default")]))
    out += order_facts(case)
    return out


def order_facts(case: Case) -> list[Symbol]:
    """Ready-made orderings (DESIGN.md: Python may hand ASP orderings as facts)."""
    out: list[Symbol] = []
    everyone = []
    for nom_index, nom in enumerate(case.nominations):
        n = S(nom.id)
        by_place = sorted(nom.candidates, key=lambda c: c.position)
        for rank, cand in enumerate(by_place, 1):
            out.append(F("order", [const("list"), n, S(cand.person), N(rank)]))
        by_votes = sorted(by_place, key=lambda c: (c.votes is None, -(c.votes or 0)))
        for rank, cand in enumerate(by_votes, 1):
            out.append(F("order", [const("votes"), n, S(cand.person), N(rank)]))
        by_nonzero = sorted(by_place, key=lambda c: (not c.votes, -(c.votes or 0)))
        for rank, cand in enumerate(by_nonzero, 1):
            out.append(F("order", [const("votes_nonzero"), n, S(cand.person), N(rank)]))
        everyone += [(c.votes is None, -(c.votes or 0), nom_index, c.position, c.person, nom.id) for c in nom.candidates]
    for key, sort_key in (("votes", lambda t: (t[0], t[1], t[2], t[3])),
                          ("votes_nonzero", lambda t: (t[0] or t[1] == 0, t[1], t[2], t[3]))):
        ranked = sorted(everyone, key=sort_key)
        for rank, (_, _, _, _, person, nid) in enumerate(ranked, 1):
            out.append(F("order_all", [const(key), S(person), S(nid), N(rank)]))
        by_group: dict[str, int] = {}
        group_of = {nom.id: nom.group for nom in case.nominations}
        for _, _, _, _, person, nid in ranked:
            g = group_of[nid]
            by_group[g] = by_group.get(g, 0) + 1
            out.append(F("order_group", [const(key), S(g), S(person), S(nid), N(by_group[g])]))
    return out


def state_facts(case: Case, state: VacancyState, as_of: int) -> list[Symbol]:
    """The facts of one vacancy: the departed, who sits, and the events it may see."""
    h, ev = state.holding, state.event
    out = [
        F("vacancy", [S(h.person)]), F("vacancy_seat", [S(h.seat_nomination)]),
        F("vacancy_via", [S(h.via_nomination)]), F("vacancy_how", [const(h.how)]),
        F("vacancy_trigger", [const(ev.type)]), F("vacancy_date", [N(to_int(ev.date))]),
        F("vacancy_event", [N(ev.seq)]), F("as_of", [N(as_of)]),
    ]
    if h.seat_type is not None:
        out.append(F("vacancy_seat_type", [const(h.seat_type)]))
    for other in state.sitting.values():
        out.append(F("sits", [S(other.person), S(other.seat_nomination if other.how == "elected" else other.via_nomination)]))
    for person, nom, how in sorted(state.seated):
        out.append(F("seated", [S(person), S(nom), const(how)]))
    for person, nom, etype, seq in state.vacated:
        out.append(F("vacated", [S(person), S(nom), const(etype), N(seq)]))
    for person, seq in state.left_empty:
        out.append(F("left_empty", [S(person), N(seq)]))
    for e in case.events:
        visible = e.seq <= state.window_end or (e.seq > ev.seq and e.type in ("notified", "accepted"))
        if not visible:
            continue
        i = N(e.seq)
        out.append(F("event", [i, N(to_int(e.date)), S(e.person), const(e.type)]))
        if e.nomination is not None:
            out.append(F("event_nomination", [i, S(e.nomination)]))
        if e.reservation:
            out.append(F("event_reservation", [i]))
        if e.form is not None:
            out.append(F("event_form", [i, const(e.form)]))
        if e.type == "notified":
            out.append(F("deadline", [i, N(to_int(week_deadline(e.date, case.holidays)))]))
    return out

"""Case and state into ASP facts, as text rendered from clingo symbols.

Every identifier is written as ``str(clingo.String(id))``: clingo itself quotes and escapes it,
so an id like ``x). evil(1`` stays an id. Kinds, types and reading values are checked against
fixed vocabularies before they are written as constants; numbers are Python ints. Text is
faster to hand to clingo than one backend call per atom, and the static part of a case is
written once and reused for each of its vacancies.
"""

from __future__ import annotations

import datetime as dt
import re

from clingo import String

from nachruecken.case.model import Case
from nachruecken.engine.ledger import Step
from nachruecken.engine.window import rankings
from nachruecken.law.dates import add_months, period_end, to_int

ALL_ORDERS = {
    "per_list": ("votes", "votes_nonzero"),
    "all": ("votes", "votes_nonzero"),
    "group": ("votes", "votes_nonzero"),
}


ONE_DAY = dt.timedelta(days=1)
_NEEDS_CLINGO = frozenset('"\\\n\x00')


def quote(text: str) -> str:
    """An id as an ASP string term. Text with a quote, backslash, newline or NUL is rendered by
    clingo itself; for all other text clingo's rendering is the text in quotes, written here
    directly because it is much faster (tests/test_facts.py checks the two agree)."""
    if _NEEDS_CLINGO.isdisjoint(text):
        return f'"{text}"'
    return str(String(text))


class Ids:
    """Renders ids as ASP strings, once each."""

    def __init__(self):
        self._cache: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        out = self._cache.get(text)
        if out is None:
            out = self._cache[text] = quote(text)
        return out


def case_text(
    case: Case,
    readings: dict[str, str],
    orders: dict | None = None,
    q: Ids | None = None,
    ranked: dict | None = None,
    keep: frozenset[str] | None = None,
) -> str:
    """The static facts of a case (everything but events) in the input vocabulary, plus orderings
    (``ranked``: computed here unless given). With ``keep`` (a window, src/nachruecken/engine/window.py),
    only those candidates, at their list places and ranks in the full orderings."""
    q = q or Ids()
    if ranked is None:
        ranked = rankings(case, orders or ALL_ORDERS)
    out = [f"election({case.election}).", f"body_kind({case.body_kind})."]
    if case.election_date:
        out.append(f"election_date({to_int(case.election_date)}).")
        # NRW § 14 Abs. 2 KWahlG: the period begins on the first day of the month after the old one
        # ended, within a few months of the election (taken as three)
        out.append(f"period_start_latest({to_int(add_months(case.election_date, 3))}).")
    if case.body_seats is not None:
        out.append(f"body_seats({case.body_seats}).")
    if case.body_unfilled_seats:
        out.append(f"body_unfilled_seats({case.body_unfilled_seats}).")
    if case.body_period_start is not None:
        out.append(f"body_period_start({to_int(case.body_period_start)}).")
    if case.body_period_end is not None:
        end = case.body_period_end
        out.append(f"body_period_end({to_int(end)}).")
        try:  # the start of the period's last twelve months
            start = end.replace(year=end.year - 1)
        except ValueError:  # 29 February
            start = end.replace(year=end.year - 1, day=28)
        out.append(f"last_year_from({to_int(start)}).")
        # the first day of the period's last six months (Sachsen § 34 Abs. 7 SächsGemO)
        out.append(f"last_half_year_from({to_int(add_months(end, -6) + ONE_DAY)}).")
    for rid, value in sorted(readings.items()):
        out.append(f"reading({q(rid)},{value}).")
    for nom in case.nominations:
        n = q(nom.id)
        out.append(
            f"nomination({n}). nomination_group({n},{q(nom.group)}). "
            f"nomination_group_kind({n},{nom.group_kind}). nomination_tier({n},{nom.tier})."
        )
        if nom.district is not None:
            out.append(f"nomination_district({n},{q(nom.district)}).")
        if nom.substitute_list is not None:
            out.append(f"substitute_list({n},{q(nom.substitute_list)}).")
        if nom.by_election is not None:
            out.append(f"nomination_by_election({n},{to_int(nom.by_election)}).")
        for cand in nom.candidates:
            if keep is not None and cand.person not in keep:
                continue
            p = q(cand.person)
            out.append(f"candidate({n},{p},{cand.position}).")
            if cand.votes is not None:
                out.append(f"votes({n},{p},{cand.votes}).")
            if cand.elected:
                out.append(f"elected({n},{p}).")
            if cand.seat is not None:
                out.append(f"seat_type({n},{p},{cand.seat}).")
            for sub in cand.substitute_for:
                out.append(f"substitute_for({n},{p},{q(sub.person)},{sub.candidacy or 'default'}).")
            if cand.non_member:
                out.append(f"non_member({n},{p}).")
            if cand.designated_only:
                out.append(f"designated_only({n},{p}).")
            if cand.substitute_rank is not None:
                out.append(f"substitute_rank({n},{p},{cand.substitute_rank}).")
            if cand.sublist is not None:
                out.append(f"sublist({n},{p},{q(cand.sublist)}).")
    out += order_lines(ranked, q, keep)
    return "\n".join(out)


def order_lines(ranked: dict, q: Ids, keep: frozenset[str] | None = None) -> list[str]:
    """Ready-made orderings (DESIGN.md: Python may hand ASP orderings as facts), only those the
    statute's catalogue says it walks (``ranked``: src/nachruecken/engine/window.py ``rankings``); with
    ``keep``, only those persons, at their ranks in the full ordering."""
    out: list[str] = []
    for oid, ranking in ranked.items():
        if oid[0] == "list":
            continue  # derived in ASP from candidate/3 (core/state.lp)
        for i, c in enumerate(ranking.cands):
            if keep is not None and c.person not in keep:
                continue
            nom, r = q(ranking.nomination(i)), i + 1
            if oid[0] == "all":
                out.append(f"order_all({oid[1]},{q(c.person)},{nom},{r}).")
            elif oid[0] == "group":
                out.append(f"order_group({oid[1]},{q(oid[2])},{q(c.person)},{nom},{r}).")
            else:
                out.append(f"order({oid[0]},{nom},{q(c.person)},{r}).")
    return out


def step_text(
    case: Case,
    step: Step,
    as_of: int,
    land: str | None = None,
    q: Ids | None = None,
    shift: bool = True,
    weeks: int = 1,
) -> str:
    """The facts of one walk: the departed, who sits, the events it may see (numbered relative to
    the procedure, core/state.lp) and the later declarations that decide membership (``weeks``: the
    length of the period to declare counted from a notification, as the statute's call_period_weeks/1
    says; one week unless it says otherwise)."""
    q = q or Ids()
    proc = step.procedure
    h = proc.holding
    out = [
        f"vacancy({q(h.person)}). vacancy_seat({q(h.seat_nomination)}). vacancy_via({q(h.via_nomination)}).",
        f"vacancy_how({h.how}). vacancy_trigger({proc.trigger}). vacancy_date({to_int(proc.date)}).",
        f"vacancy_event({step.vacancy_number}).",
        f"call_date({to_int(step.date)}). call_deadline({to_int(step.call_deadline)}).",
        f"next_day({to_int(step.call_deadline)},{to_int(step.call_deadline + ONE_DAY)}).",
    ]
    if h.seat_type is not None:
        out.append(f"vacancy_seat_type({h.seat_type}).")
    # M-V § 45 Abs. 3 Satz 1: an election the vacancy calls for takes place at the latest four months
    # after the need is determined (taken as the day the seat fell vacant)
    out.append(f"latest_election_day({to_int(add_months(proc.date, 4))}).")
    if step.before_membership:
        out.append("vacancy_before_membership.")
    if step.pending_check is not None:
        out.append(f"pending_call({q(step.pending_check[0])},{q(step.pending_check[1])}).")
        if step.pending_how == "lapsed":
            out.append("pending_call_lapsed.")
    for person, nom, day, here in step.lapsed:
        out.append(f"lapsed_call({q(person)},{q(nom)},{to_int(day)},{'this' if here else 'earlier'}).")
    # one week from the call (a statute's own period without a notification, e.g. Hessen's inquiry)
    week = period_end(step.date, 1, land, case.holidays, shift)
    out.append(f"call_week_end({to_int(week)}). next_day({to_int(week)},{to_int(week + ONE_DAY)}).")
    # four weeks from the call (Hessen from 2011, he.undetermined = four_weeks: until then no Feststellung
    # is presumed)
    weeks4 = period_end(step.date, 4, land, case.holidays, shift)
    out.append(f"call_four_weeks_end({to_int(weeks4)}).")
    for other in step.sitting.values():
        out.append(f"sits({q(other.person)},{q(other.via_nomination)}).")
    for person in sorted(step.departing):
        out.append(f"departing({q(person)}).")
    for person, nom, how in sorted(step.seated):
        out.append(f"seated({q(person)},{q(nom)},{how}).")
    for person, nom, etype, seq in step.vacated:
        out.append(f"vacated({q(person)},{q(nom)},{etype},{seq}).")
    for person, seq in step.left_empty:
        out.append(f"left_empty({q(person)},{seq}).")
    for i, e, kind in step.events:
        if kind == "by_election_held":
            continue  # no person's event: the ledger seats its winners (ledger._by_election)
        if kind in ("left_group", "expelled"):
            group = _other_group_left(case, e)
            if group is not None:
                # leaving a group he joined later, not the one he stood for (NRW 2024 § 45 Abs. 3 Satz 3)
                kind = "left_other_group"
                if e.group is None:
                    out.append(f"event_group({i},{q(group)}).")
        out.append(f"event({i},{to_int(e.date)},{q(e.person)},{kind}).")
        out += _event_details(case, i, e, land, shift, weeks)
    for i, e in step.later:
        out.append(f"declared({i},{to_int(e.date)},{q(e.person)},{e.type}).")
        out += _event_details(case, i, e, land, shift, weeks)
    text = "\n".join(out)
    return f"{text}\nas_of({walk_as_of(as_of, text)})."


# The deadlines a walk compares the day it is read on with (``as_of(T), T > E``): the notification's
# period (core/membership.lp: notice_deadline), Hessen's inquiry and window (he-kwg-34-2011: answer_end,
# window_end). tests/test_term.py keeps this list and the encodings' uses of as_of together.
_DEADLINES = re.compile(r"\b(?:call_deadline|call_week_end|call_four_weeks_end)\((\d+)\)|\bdeadline\(\d+,(\d+)\)")


def walk_as_of(as_of: int, text: str) -> int:
    """The day a walk is read on, as its facts need it: every day after the latest deadline in the facts
    reads alike, so the walk gets the earlier of ``as_of`` and the day after that deadline. A walk then
    has the same facts whatever later event the term gains once its deadlines have passed (its answer
    can be reused, ``nachruecken.Term``)."""
    latest = max((int(a or b) for a, b in _DEADLINES.findall(text)), default=0)
    return min(as_of, latest + 1)


def _other_group_left(case: Case, e) -> str | None:
    """The group a `left_group` / `expelled` event ends, where it is not the party the person stood
    for: the group it names, or, unnamed, the group a non-member last joined before it (a non-member
    was never a member of the nominating party, so he cannot have left it)."""
    own = {nom.group for nom in case.nominations_of(e.person)}
    if e.group is not None:
        return e.group if e.group not in own else None
    if not any(c.person == e.person and c.non_member for nom in case.nominations_of(e.person) for c in nom.candidates):
        return None
    joined = [x for x in case.events if x.person == e.person and x.type == "joined_group" and x.seq < e.seq]
    return joined[-1].group if joined and joined[-1].group not in own else None


def _event_details(case: Case, i: int, e, land: str | None, shift: bool = True, weeks: int = 1) -> list[str]:
    out = []
    if e.nomination is not None:
        out.append(f"event_nomination({i},{quote(e.nomination)}).")
    if e.reservation:
        out.append(f"event_reservation({i}).")
    if e.form is not None:
        out.append(f"event_form({i},{e.form}).")
    if e.group is not None:
        out.append(f"event_group({i},{quote(e.group)}).")
    if e.cause is not None:
        out.append(f"event_cause({i},{e.cause}).")
    if e.found is not None:
        out.append(f"event_found({i},{'true' if e.found else 'false'}).")
    if e.type == "notified":
        end = period_end(e.date, weeks, land, case.holidays, shift)
        out.append(f"deadline({i},{to_int(end)}). next_day({to_int(end)},{to_int(end + ONE_DAY)}).")
    return out

"""The replay of a term: ``Ledger`` walks the case's events day by day, ``effective_events`` dates each
event on the day it takes effect, ``run_ledger`` replays one case."""

from __future__ import annotations

import dataclasses
import datetime as dt
from itertools import groupby
from typing import Callable

from nachruecken.case.model import Case, Event
from nachruecken.engine.ledger.days import Days
from nachruecken.engine.ledger.declarations import Declarations
from nachruecken.engine.ledger.periods import Periods
from nachruecken.engine.ledger.recorded import RecordedCalls
from nachruecken.engine.ledger.model import (
    Call, Decision, Holding, LedgerResult, LedgerRules, Procedure, Step)

# What decides the membership of the person called after the walk's date: his notification, his
# acceptance, a Hinderungsgrund arising or removed within his period (Hessen from 2011, § 23 Abs. 2), and
# a recorded determination of him as successor (`called`; Hessen from 2011, Abs. 3).
MEMBERSHIP_EVENTS = ("notified", "accepted", "incompatibility", "incompatibility_ended", "called")


class Ledger(Periods, Days, Declarations, RecordedCalls):
    """Replays one case's term; ``decide`` walks a statute encoding for one step."""

    def __init__(self, case: Case, decide: Callable[[Step], Decision], land: str | None = None,
                 unnotified: str = "declaration_in_time", rules: LedgerRules = LedgerRules()):
        self.case, self.decide, self.land, self.unnotified = case, decide, land, unnotified
        self.rules = rules
        effective = effective_events(case, rules)
        self.as_of = case.as_of or max((e.date for e in effective), default=None)
        self.events = [e for e in effective if self.as_of is None or e.date <= self.as_of]
        self.result = LedgerResult(as_of=self.as_of)
        self.holders: dict[str, Holding] = {
            c.person: Holding(c.person, n.id, n.id, "elected", 0, c.seat)
            for n in case.nominations if n.by_election is None for c in n.candidates if c.elected}
        self.took_seat: list[tuple[str, str, str]] = [(h.person, h.seat_nomination, "elected")
                                                       for h in self.holders.values()]
        periods = {p: self._election_period(p) for p in self.holders}
        self.elected_until = {p: until for p, (until, _) in periods.items()}
        self.elected_since = {p: since for p, (_, since) in periods.items()}
        self._deemed_refusals(periods)
        self.pending_of: dict[str, Procedure] = {}
        self.procedures: list[Procedure] = []
        # what each refusal is: ("call", proc) failed a call; ("trigger", proc) vacated a seat;
        # ("uncalled", {procs}) refused the calls of open procedures; absent: refuses nothing
        self.refusal_role: dict[int, tuple] = {}
        # events read as another type than recorded, by their author's status (event seq -> type)
        self.read_as: dict[int, str] = {}

    # ----------------------------------------------------------------- the sweep
    def run(self) -> LedgerResult:
        for day, group in groupby(self.events, key=lambda e: e.date):
            evs = list(group)
            self._lapse(day)
            self._promote((day, -1))
            self._day(day, evs)
            self._by_election(day, evs)
        if self.as_of is not None:
            self._lapse(self.as_of)
            self._promote((self.as_of, float("inf")))
        self.result.procedures = self.procedures
        self.result.holders = self.holders
        return self.result

    def _lapse(self, day: dt.date) -> None:
        """Pending calls that the statute deems refused once their period lapsed (e.g. Hessen,
        he.unfit_next = call_then_deemed_refused) continue the walk on the day after the period."""
        while True:
            due = sorted((p for p in self.procedures if p.state == "pending" and p.lapse_on and p.lapse_on <= day),
                         key=lambda p: (p.lapse_on, p.index))
            if not due:
                return
            proc = due[0]
            when, proc.lapse_on = proc.lapse_on, None
            self._walk(proc, when, failing=(proc.pending.person, "lapsed"))

    def _promote(self, now: tuple, held: frozenset = frozenset()) -> None:
        """Pending calls whose membership has begun by ``now`` (date, event seq) end their procedure
        (``held``: procedures with an earlier event still to be checked today)."""
        for person, proc in list(self.pending_of.items()):
            if proc.holder_from is not None and proc.holder_from <= now and proc.index not in held:
                self._seat(proc, person, proc.pending.nomination, proc.holder_from[0])

    def _seat(self, proc: Procedure, person: str, nomination: str, since: dt.date, seq: int | None = None) -> None:
        self.pending_of.pop(person, None)
        # membership began on the statute's day (e.g. at the end of the period, NRW § 45 Abs. 6 Satz 4),
        # which may be before the day the ledger moves the seat
        decided = proc.decision
        began = decided.member_from if decided and decided.successor == person and decided.member_from else since
        self.holders[person] = Holding(person, proc.holding.seat_nomination, nomination, "called",
                                       seq if seq is not None else proc.event.seq, proc.holding.seat_type,
                                       min(began, since))
        self.took_seat.append((person, nomination, "called"))
        proc.state, proc.ended_on = "ended", since
        if decided and decided.assumed and decided.successor == person:
            later = next((e for e in self.events if e.person == person and e.date > began
                          and (e.type in decided.fails_by or e.type in ("left_group", "expelled"))), None)
            if later is not None:
                # had the Feststellung come later, this event would have passed him over
                self.result.warnings.append(("undetermined_later_event", {
                    "person": person, "date": later.date.isoformat(), "type": later.type,
                    "assumed": began.isoformat()}))

    def _open_procs(self) -> list[Procedure]:
        return [p for p in self.procedures if p.state in ("open", "pending", "lot")]

    def _open(self, ev: Event, trigger: str, holding: Holding | None = None) -> Procedure:
        holding = holding or self.holders.pop(ev.person)
        proc = Procedure(len(self.procedures), ev, trigger, holding)
        if trigger == "refused" or ev.type == "refused":
            self.refusal_role[ev.seq] = ("trigger", proc.index)
        self.procedures.append(proc)
        return proc

    # ----------------------------------------------------------------- one walk
    def _walk(self, proc: Procedure, day: dt.date, failing: tuple[str, str] | None = None) -> None:
        """Walk ``proc`` on ``day``; ``failing`` = (person, how): his pending call may have failed."""
        check = (failing[0], proc.pending.nomination) if failing is not None else None
        step = self._step(proc, day, check)
        step.pending_how = failing[1] if failing is not None else None
        decision = self.decide(step)
        if failing is not None:
            if not decision.pending_excluded:
                return  # the statute does not treat this event as failing the call
            call = proc.pending
            call.ended, call.how = day, failing[1]
            self.pending_of.pop(call.person, None)
            if proc.decision is not None and proc.decision.status == "to_be_determined":
                # no Feststellung recorded: the event is taken as made before it (he.undetermined)
                self.result.warnings.append(("passed_over_undetermined", {
                    "person": call.person, "date": day.isoformat(), "since": call.start.isoformat(),
                    "type": failing[1]}))
        proc.decision = decision
        if decision.outcome == "successor":
            person, nom = decision.successor, decision.successor_nomination
            prior = self.holders.pop(person, None)
            proc.calls.append(Call(person, nom, day))
            proc.state = "pending"
            # a new call: what the failed call's membership would have been no longer applies
            proc.holder_from, proc.lapse_on = None, None
            self.pending_of[person] = proc
            if decision.status == "accepted" and decision.member_from:
                # membership begins with the acceptance: events before it in time (or earlier in the
                # file on its day) still concern the pending call
                acceptance = next((e.seq for e in self.events if e.person == person and e.type == "accepted"
                                   and not e.reservation and e.date == decision.member_from), -1)
                proc.holder_from = (decision.member_from, acceptance)
            elif decision.status == "determined" and decision.member_from:
                # membership begins with the Wahlleiter's determination (Hessen from 2011); one only
                # presumed on the last day of a window follows every event of that day
                proc.holder_from = (decision.member_from, float("inf") if decision.assumed else -1)
            elif decision.status == "deemed_refused" and decision.deadline:
                proc.lapse_on = decision.deadline + dt.timedelta(days=1)
            elif decision.status == "deemed_accepted" and decision.deadline:
                # silence: the call stays open through the last day of the period
                proc.holder_from = (max(decision.member_from or decision.deadline,
                                        decision.deadline + dt.timedelta(days=1)), -1)
            if prior is not None:
                # a statute let a member take this seat (Hamburg, hh.already_elected = switch):
                # the seat he held falls vacant now
                switched = Event(seq=proc.event.seq, file_index=-1, date=day, person=person, type="switched")
                self._walk(self._open(switched, "switched", prior), day)
        elif decision.outcome == "lot":
            proc.state = "lot"
        else:
            proc.state, proc.ended_on = "ended", day
            if decision.keeps_seat:
                # The departure itself is referred: the seat stays with its holder until the
                # provision referred to is applied and recorded as a later event (e.g. lost_seat).
                self.holders[proc.holding.person] = proc.holding
                self.result.warnings.append(("referred_kept", {"person": proc.holding.person}))

    def _step(self, proc: Procedure, day: dt.date, check: tuple[str, str] | None) -> Step:
        sitting = dict(self.holders)
        for person, other in self.pending_of.items():
            if other is not proc:
                call = other.pending
                sitting[person] = Holding(person, other.holding.seat_nomination, call.nomination, "called",
                                          other.event.seq, other.holding.seat_type)
        # a person who held his seat on the day this seat fell vacant (his own departure dated on or
        # after it) is never its successor: he counts as sitting for this procedure
        departing = set()
        for other in self.procedures:
            if (other is not proc and other.date >= proc.date and other.trigger != "switched"
                    and not (other.decision and other.decision.keeps_seat)):
                sitting.setdefault(other.holding.person, other.holding)
                departing.add(other.holding.person)
        if check is not None:
            sitting.pop(check[0], None)
        seated = set(self.took_seat) | {(p, h.via_nomination, "called") for p, h in sitting.items()
                                        if h.how == "called"}
        earlier = [p for p in self.procedures if p is not proc]  # every other seat vacated so far
        vacated = [(p.holding.person, p.holding.seat_nomination, p.trigger, p.event.seq) for p in earlier
                   if not (p.decision and p.decision.keeps_seat)]
        left_empty = [(p.holding.person, p.event.seq) for p in earlier if p.filled_by is None
                      and p.state == "ended" and p.decision and p.decision.outcome not in ("successor", "referred")]
        events, number = self._visible(proc, day)
        later = [e for e in self.events if e.date > day and e.type in MEMBERSHIP_EVENTS]
        start = len(events) + 1  # after every visible event
        early = self._in_period(proc.holding, proc.date)
        lapsed = [(c.person, c.nomination, c.ended, p is proc) for p in self.procedures for c in p.calls
                  if c.how == "lapsed" and c.ended is not None and c.ended <= day]
        return Step(proc, day, sitting, seated, vacated, left_empty, events, number,
                    [(start + i, e) for i, e in enumerate(later)], self.period_from(day), check, early,
                    lapsed=lapsed, departing=departing)

    def _visible(self, proc: Procedure, day: dt.date) -> tuple[list[tuple[int, Event, str]], int]:
        """The events a walk on ``day`` sees, numbered so that a number above the vacancy's means
        "of this procedure" (dated on or after the day the seat fell vacant; a refusal only if it
        refused this procedure's call) and a number below means "before" (earlier events; a refusal
        of a call of an earlier procedure)."""
        before: list[tuple[Event, str]] = []
        after: list[tuple[Event, str]] = []
        for e in self.events:
            if e.date > day or e is proc.event:
                continue
            kind = self.kind_of(e)
            if kind != e.type:
                e = dataclasses.replace(e, type=kind, form=e.form or ("written" if kind == "waived" else None))
            if e.type == "accepted" and e.reservation and e.seq in self.refusal_role:
                # a reservation that failed a call: a refusal of that call (e.g. NRW § 45 Abs. 6 Satz 5);
                # other procedures see it as a refusal made before them
                if self.refusal_role[e.seq][1] != proc.index:
                    before.append((e, "refused"))
                    continue
            if e.type == "waived" and self.refusal_role.get(e.seq, ("",))[0] == "call" \
                    and self.refusal_role[e.seq][1] != proc.index \
                    and not (e.form == "recorded" and self.rules.candidate_waiver):
                # a waiver that failed an earlier call, where the statute reads it as that refusal
                before.append((e, "refused"))
                continue
            if e.type == "refused":
                role = self.refusal_role.get(e.seq)
                if role is None:
                    continue  # refused nothing
                if role[0] == "uncalled":
                    if proc.index not in role[1]:
                        continue
                    after.append((e, kind))
                    continue
                if role[0] == "trigger":
                    other = self.procedures[role[1]]
                    if other.trigger != "refused":
                        continue  # a member's Verzicht: recorded as the vacated seat
                    before.append((e, kind))
                    continue
                (after if role[1] == proc.index else before).append((e, kind))
                continue
            (after if e.date >= proc.date else before).append((e, kind))
        numbered = [(i, e, k) for i, (e, k) in enumerate(before, 1)]
        v = len(before) + 1
        numbered.append((v, proc.event, proc.trigger))
        numbered += [(v + i, e, k) for i, (e, k) in enumerate(after, 1)]
        return numbered, v


def effective_events(case: Case, rules: LedgerRules) -> list[Event]:
    """The case's events, each on the day it takes effect, in that order: a declaration when it
    reached the office (`received`; § 130 Abs. 1, 3 BGB), except a Verzicht that takes effect with
    the Wahlleiter's Feststellung, which the case dates (Hessen § 33 Abs. 3 Nr. 1); where the elected
    are members from the election result (Hessen from 2011, § 23 Abs. 1), an elected person's
    Verzicht before the Wahlperiode begins takes effect when it begins."""
    start = case.body_period_start

    def day(ev: Event) -> dt.date:
        if (rules.members_at_election and start is not None and ev.type in ("resigned", "refused")
                and ev.date < start and any(c.elected for _, c in case.candidacies.get(ev.person, ()))):
            return start
        return ev.date if ev.type == "resigned" and rules.verzicht_with_determination else ev.effective

    dated = [(day(e), e) for e in case.events]
    return sorted((e if d == e.date else dataclasses.replace(e, date=d) for d, e in dated),
                  key=lambda e: (e.date, e.seq))


def run_ledger(case: Case, decide: Callable[[Step], Decision], land: str | None = None,
               unnotified: str = "declaration_in_time", rules: LedgerRules = LedgerRules()) -> LedgerResult:
    return Ledger(case, decide, land, unnotified, rules).run()

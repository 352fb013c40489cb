"""The walk of a procedure: opening it when a seat falls vacant, walking it on a date (the statute
encoding decides; the ledger records its call, lot or end), and the calls that turn into membership
(seating) or lapse with their period.
"""

from __future__ import annotations

import datetime as dt
from typing import cast

from nachruecken.case.model import Event
from nachruecken.engine.ledger.model import Call, Decision, Holding, Procedure
from nachruecken.engine.ledger.state import LedgerState


class Walks(LedgerState):
    """Procedures and their walks. Reads ``decide`` and ``events``; writes ``procedures``, ``pending_of``,
    ``holders``, ``took_seat``, ``refusal_role`` (a refusal that vacated a seat) and ``result.warnings``.
    What a walk sees is ``Steps``' part."""

    def _open(self, ev: Event, trigger: str, holding: Holding | None = None) -> Procedure:
        """A procedure for the seat ``ev`` vacates (``holding``: a seat left by switching to another)."""
        holding = holding or self.holders.pop(ev.person)
        proc = Procedure(len(self.procedures), ev, trigger, holding)
        if trigger == "refused" or ev.type == "refused":
            self.refusal_role[ev.seq] = ("trigger", proc.index)
        self.procedures.append(proc)
        return proc

    def _open_procs(self) -> list[Procedure]:
        return [p for p in self.procedures if p.state in ("open", "pending", "lot")]

    def _walk(self, proc: Procedure, day: dt.date, failing: tuple[str, str] | None = None) -> None:
        """Walk ``proc`` on ``day``; ``failing`` = (person, how): his pending call may have failed."""
        check: tuple[str, str] | None = None
        if failing is not None:
            pending = proc.pending
            assert pending is not None  # a call is checked only while it is pending (days, _lapse)
            check = (failing[0], pending.nomination)
        step = self._step(proc, day, check)
        step.pending_how = failing[1] if failing is not None else None
        decision = self.decide(step)
        if failing is not None and not self._pending_call_failed(proc, day, failing, decision):
            return  # the statute does not treat this event as failing the call
        if failing is not None and failing[1] == "refused":
            self._refusal_reaches(proc, day, failing[0])
        proc.decision = decision
        if decision.outcome == "successor":
            self._call_successor(proc, day, decision)
        elif decision.outcome == "lot":
            proc.state = "lot"
        else:
            self._close(proc, day, decision)

    def _pending_call_failed(self, proc: Procedure, day: dt.date, failing: tuple[str, str], decision: Decision) -> bool:
        """Whether the statute now passes over the person pending (``failing`` = (person, how)); if so
        his call ends on ``day``."""
        if not decision.pending_excluded:
            return False
        call = proc.pending
        assert call is not None  # _walk checks a pending call
        self._warn_unnotified(proc, day)
        call.ended, call.how = day, failing[1]
        self.pending_of.pop(call.person, None)
        if proc.decision is not None and proc.decision.status == "to_be_determined":
            # no Feststellung recorded: the event is taken as made before it (he.undetermined)
            self.result.warnings.append(
                (
                    "passed_over_undetermined",
                    {
                        "person": call.person,
                        "date": day.isoformat(),
                        "since": call.start.isoformat(),
                        "type": failing[1],
                    },
                )
            )
        return True

    def _refusal_reaches(self, proc: Procedure, day: dt.date, person: str) -> None:
        """A refusal that failed the call of ``person`` in ``proc`` refuses, too, the calls of the other
        procedures of seats vacated on the same day that reached him while he was pending here and so
        passed him over as one already called: the seats of one day are filled together, and he was the
        one each of their walks reached, so his refusal declines them all. Each such procedure, still
        pending, is decided again as on the day of its call, with his refusal seen as made in it: its
        call stands (the same person, from the same day); only the reason it gives for him changes
        (refused, under the statute's norm for the refusal of a call, instead of already_called)."""
        refusal = next(
            (
                e
                for e in self.events
                if e.person == person
                and e.date == day
                and self.refusal_role.get(e.seq, ("",))[0] == "call"
                and self.refusal_role[e.seq][1] == proc.index
            ),
            None,
        )
        if refusal is None:
            return
        reached = [
            p for p in self.procedures if p is not proc and p.date == proc.date and self._passed_as_called(p, person)
        ]
        if not reached:
            return
        self.refusal_role[refusal.seq] = ("call", proc.index, frozenset(p.index for p in reached))
        for other in reached:
            call = other.pending
            assert call is not None  # _passed_as_called: a pending procedure
            decision = self.decide(self._step(other, call.start, None, refusal))
            if decision.successor == call.person and decision.status == (other.decision and other.decision.status):
                other.decision = decision

    def _passed_as_called(self, proc: Procedure, person: str) -> bool:
        """Whether ``proc``, pending, passed ``person`` over as one already called (pending elsewhere)."""
        if proc.state != "pending" or proc.decision is None or not isinstance(proc.decision.payload, dict):
            return False
        rows = proc.decision.payload.get("candidates") or []
        return any(r.get("person") == person and r.get("reason") == "already_called" for r in rows)

    def _warn_unnotified(self, proc: Procedure, day: dt.date) -> None:
        """A call pending on ``day``, four weeks after it was made, with no notification recorded and
        the core's assumption standing in for it (core.unnotified = pending): his silence has deemed
        nothing (the old default would have made him a member), so the office is told to record the
        notification or his declaration."""
        call, decided = proc.pending, proc.decision
        if call is None or decided is None or decided.status != "pending" or day <= self.period_from(call.start):
            return
        membership = (decided.payload or {}).get("membership") or {}
        if membership.get("unnotified") == 1 and self.silence_deems_nothing(call.person, call.start):
            self.result.warnings.append(("unnotified_pending", {"person": call.person, "date": call.start.isoformat()}))

    def _call_successor(self, proc: Procedure, day: dt.date, decision: Decision) -> None:
        """The statute calls a successor on ``day``: he is pending until his membership begins."""
        # outcome "successor": the encoding's successor/2 names him and his nomination
        person, nom = cast(str, decision.successor), cast(str, decision.successor_nomination)
        prior = self.holders.pop(person, None)
        proc.calls.append(Call(person, nom, day))
        proc.state = "pending"
        # a new call: what the failed call's membership would have been no longer applies
        proc.holder_from, proc.lapse_on = None, None
        self.pending_of[person] = proc
        self._date_membership(proc, person, decision)
        if prior is not None:
            # a statute let a member take this seat (Hamburg, hh.already_elected = switch):
            # the seat he held falls vacant now
            switched = Event(seq=proc.event.seq, file_index=-1, date=day, person=person, type="switched")
            self._walk(self._open(switched, "switched", prior), day)

    def _date_membership(self, proc: Procedure, person: str, decision: Decision) -> None:
        """When the pending call becomes membership (``holder_from``: (date, event seq)) or counts as
        refused (``lapse_on``), as the statute's status of the call says."""
        if decision.status == "accepted" and decision.member_from:
            # membership begins with the acceptance: events before it in time (or earlier in the
            # file on its day) still concern the pending call
            # (a plain acceptance; else one whose reservation the statute disregards, Bayern Art. 47 Abs. 3)
            accepted = [
                e for e in self.events if e.person == person and e.type == "accepted" and e.date == decision.member_from
            ]
            acceptance = next((e.seq for e in accepted if not e.reservation), next((e.seq for e in accepted), -1))
            proc.holder_from = (decision.member_from, acceptance)
        elif decision.status == "determined" and decision.member_from:
            # membership begins with the Wahlleiter's determination (Hessen from 2011); one only
            # presumed on the last day of a window follows every event of that day
            proc.holder_from = (decision.member_from, float("inf") if decision.assumed else -1)
        elif decision.status == "deemed_refused" and decision.deadline:
            proc.lapse_on = decision.deadline + dt.timedelta(days=1)
        elif decision.status == "deemed_accepted" and decision.deadline:
            # silence: the call stays open through the last day of the period
            proc.holder_from = (
                max(decision.member_from or decision.deadline, decision.deadline + dt.timedelta(days=1)),
                -1,
            )

    def _close(self, proc: Procedure, day: dt.date, decision: Decision) -> None:
        """The procedure ends on ``day`` with no one called (the seat left empty, referred, an election due)."""
        proc.state, proc.ended_on = "ended", day
        if decision.keeps_seat:
            # The departure itself is referred: the seat stays with its holder until the
            # provision referred to is applied and recorded as a later event (e.g. lost_seat).
            self.holders[proc.holding.person] = proc.holding
            self.result.warnings.append(("referred_kept", {"person": proc.holding.person}))

    def _lapse(self, day: dt.date) -> None:
        """Pending calls that the statute deems refused once their period lapsed (e.g. Hessen,
        he.unfit_next = call_then_deemed_refused) continue the walk on the day after the period."""
        while True:
            due = sorted(
                (p for p in self.procedures if p.state == "pending" and p.lapse_on and p.lapse_on <= day),
                key=lambda p: (p.lapse_on, p.index),
            )
            if not due:
                return
            proc = due[0]
            when, proc.lapse_on = proc.lapse_on, None
            call = proc.pending
            assert when is not None and call is not None  # due: pending, with lapse_on set
            self._walk(proc, when, failing=(call.person, "lapsed"))

    def _promote(self, now: tuple, held: frozenset = frozenset()) -> None:
        """Pending calls whose membership has begun by ``now`` (date, event seq) end their procedure
        (``held``: procedures with an earlier event still to be checked today)."""
        for person, proc in list(self.pending_of.items()):
            if proc.holder_from is not None and proc.holder_from <= now and proc.index not in held:
                call = proc.pending
                assert call is not None  # pending_of holds pending procedures only
                self._seat(proc, person, call.nomination, proc.holder_from[0])

    def _seat(self, proc: Procedure, person: str, nomination: str, since: dt.date, seq: int | None = None) -> None:
        """``person`` holds the seat of ``proc`` from ``since`` (``seq``: the event that dates his seat,
        else the vacancy's); the procedure ends."""
        self.pending_of.pop(person, None)
        # membership began on the statute's day (e.g. at the end of the period, NRW § 45 Abs. 6 Satz 4),
        # which may be before the day the ledger moves the seat
        decided = proc.decision
        began = decided.member_from if decided and decided.successor == person and decided.member_from else since
        self.holders[person] = Holding(
            person,
            proc.holding.seat_nomination,
            nomination,
            "called",
            seq if seq is not None else proc.event.seq,
            proc.holding.seat_type,
            min(began, since),
        )
        self.took_seat.append((person, nomination, "called"))
        proc.state, proc.ended_on = "ended", since
        if decided and decided.assumed and decided.successor == person:
            later = next(
                (
                    e
                    for e in self.events
                    if e.person == person
                    and e.date > began
                    and (e.type in decided.fails_by or e.type in ("left_group", "expelled"))
                ),
                None,
            )
            if later is not None:
                # had the Feststellung come later, this event would have passed him over
                self.result.warnings.append(
                    (
                        "undetermined_later_event",
                        {
                            "person": person,
                            "date": later.date.isoformat(),
                            "type": later.type,
                            "assumed": began.isoformat(),
                        },
                    )
                )

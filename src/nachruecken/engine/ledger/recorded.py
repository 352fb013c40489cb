"""Recorded calls: a ``called`` event is the office's determination and stands. It dates the
determination of the person already pending, or takes the seat against the replay (a warning names the
person the statute would have called); a presumed Feststellung it contradicts is undone. Also which
procedure a recorded call belongs to.
"""

from __future__ import annotations

import datetime as dt

from nachruecken.case.model import Event
from nachruecken.engine.ledger.model import Call, Holding, Procedure
from nachruecken.engine.ledger.state import LedgerState
from nachruecken.errors import InputError


class RecordedCalls(LedgerState):
    """What the record of a call does. Reads ``case``, ``rules``, ``events`` and ``procedures``; writes
    ``holders``, ``took_seat``, ``pending_of``, the procedures' calls and state, and ``result.warnings``."""

    def _called(self, ev: Event) -> None:
        """A recorded call is history: it stands, whatever the replay would have done. For the
        person already pending it dates his determination: where the Feststellung itself makes the
        member (Hessen from 2011, § 34 Abs. 3 Satz 2) he is a member from it, elsewhere his period
        runs from it. A member cannot be called: he holds a seat already."""
        if ev.person in self.holders:
            self.result.warnings.append(("called_member", {"called": ev.person, "date": ev.date.isoformat()}))
            return
        target = self._call_target(ev)
        if target is None:
            self._called_elsewhere(ev)
            return
        if self._presumed(target):
            decided = target.decision
            assert decided is not None  # _presumed: it ended with a decision
            if decided.successor == ev.person:
                target.recorded_call = ev  # the presumption was right; the record dates it
                return
            self._unseat_presumed(target, ev)
            expected = decided.successor
        else:
            expected = target.pending.person if target.pending else None
        target.recorded_call = ev
        if expected == ev.person:
            if self.rules.members_at_election:
                assert ev.nomination is not None  # a recorded call names its nomination (case.events)
                self._seat(target, ev.person, ev.nomination, ev.date, seq=ev.seq)
                return
            self._redate(target, ev)
            if target.pending is not None and target.pending.person == ev.person:
                return
            expected = target.pending.person if target.pending else None
        self._record_stands(target, ev, expected)

    def _called_elsewhere(self, ev: Event) -> None:
        """A recorded call no open procedure can take: a seat whose procedure has ended (a warning), or
        history from before the case's events (the person sits from the call)."""
        if ev.seat_of is not None:
            # the seat it names was filled or left empty before: the record concerns a closed procedure
            self.result.warnings.append(
                ("called_closed", {"called": ev.person, "date": ev.date.isoformat(), "person": ev.seat_of})
            )
        else:  # (one pending elsewhere is taken by his own procedure, _call_target)
            self.result.warnings.append(("called_without_vacancy", {"called": ev.person, "date": ev.date.isoformat()}))
            assert ev.nomination is not None  # a recorded call names its nomination (case.events)
            self.holders[ev.person] = Holding(
                ev.person, ev.nomination, ev.nomination, "called", ev.seq, ev.seat, ev.date
            )
            self.took_seat.append((ev.person, ev.nomination, "called"))

    def _redate(self, proc: Procedure, ev: Event) -> None:
        """The office's determination of the person already pending: the walk is made again on its
        date, so that his period runs from it (from its service, else as core.unnotified says)."""
        call = proc.calls.pop()
        self.pending_of.pop(call.person, None)
        proc.state, proc.holder_from, proc.lapse_on = "open", None, None
        self._walk(proc, ev.date)

    def _record_stands(self, target: Procedure, ev: Event, expected: str | None) -> None:
        """The office called another person than the replay: the record stands, a warning names the
        person the statute would have called, and one pending elsewhere is released there."""
        self.result.warnings.append(
            (
                "called_conflict",
                {
                    "called": ev.person,
                    "date": ev.date.isoformat(),
                    "person": target.holding.person,
                    "successor": expected or "-",
                },
            )
        )
        if target.pending:
            self.pending_of.pop(target.pending.person, None)
            target.pending.ended, target.pending.how = ev.date, "superseded"
        elsewhere = self.pending_of.pop(ev.person, None)
        assert ev.nomination is not None  # a recorded call names its nomination (case.events)
        target.calls.append(Call(ev.person, ev.nomination, ev.date))
        if self.rules.members_at_election:
            target.recorded_membership = {"notified": None, "deadline": None, "accepted": None}
            self._seat(target, ev.person, ev.nomination, ev.date, seq=ev.seq)
        else:
            self._await_recorded(target, ev)
        if elsewhere is not None:
            # he awaited another seat: he cannot hold two, so that procedure calls again
            call = elsewhere.pending
            assert call is not None  # pending_of holds pending procedures only
            call.ended, call.how = ev.date, "superseded"
            elsewhere.state = "open"
            self._walk(elsewhere, ev.date)

    def _await_recorded(self, proc: Procedure, ev: Event) -> None:
        """The person the office called against the replay is pending: a member with his plain
        acceptance within his period (counted from his notification, else as core.unnotified says),
        or when it ends in silence after a notification, as every encoded statute with an acceptance
        says (without one, under core.unnotified = pending, silence deems nothing); what fails a call
        fails his too."""
        end, accepted = self._declaration_period(ev.person, ev.date, called=True)
        notice = next(
            (e for e in self.events if e.person == ev.person and e.type == "notified" and e.date >= ev.date), None
        )
        proc.recorded_membership = {
            "notified": notice.date if notice else None,
            "deadline": end,
            "accepted": accepted.date if accepted else None,
        }
        proc.state = "pending"
        self.pending_of[ev.person] = proc
        if accepted:
            proc.holder_from = (accepted.date, accepted.seq)
        elif self.silence_deems_nothing(ev.person, ev.date):
            proc.holder_from = None  # no notification recorded: silence deems nothing (core.unnotified)
        else:
            proc.holder_from = (end + dt.timedelta(days=1), -1)
        proc.lapse_on = None

    def _call_target(self, ev: Event) -> Procedure | None:
        """The open procedure a recorded call belongs to: the seat it names (``seat_of``), else the
        one where the person is pending, else the first whose seat his list may fill: his own
        nomination's seat, then a seat of the same party (another district list, a Landes-,
        Bezirks- or Reserveliste, an Ersatzbewerber's list)."""
        where = f"events[{ev.file_index}]"
        if ev.seat_of is not None:
            mine = [p for p in self.procedures if p.holding.person == ev.seat_of and p.date <= ev.date]
            if not mine:
                raise InputError(
                    f"seat_of names '{ev.seat_of}', whose seat the term has not vacated by {ev.date}",
                    f"{where}.seat_of",
                )
            proc = mine[-1]
            return proc if proc.state in ("open", "pending", "lot") or self._presumed(proc) else None
        if ev.person in self.pending_of:
            return self.pending_of[ev.person]
        if ev.nomination is None:
            return None
        group = self.case.nomination(ev.nomination).group
        open_now = self._open_procs() + [p for p in self.procedures if self._presumed(p)]
        for fits in (
            lambda p: p.holding.seat_nomination == ev.nomination,
            lambda p: self._group_of(p.holding.seat_nomination) == group,
        ):
            found = next((p for p in open_now if fits(p)), None)
            if found is not None:
                return found
        return None

    def _presumed(self, proc: Procedure) -> bool:
        """The procedure ended with a membership that rests only on a presumed Feststellung (Hessen
        from 2011, he.undetermined), and its successor still holds the seat: a recorded call of
        another person to it shows the presumption wrong."""
        decided = proc.decision
        return (
            proc.state == "ended"
            and decided is not None
            and decided.assumed
            and proc.recorded_call is None
            and decided.successor in self.holders
            and self.holders[decided.successor].since_seq == proc.event.seq
        )

    def _unseat_presumed(self, proc: Procedure, ev: Event) -> None:
        """Undo a membership that rested on a presumed Feststellung the record contradicts: the
        person never became a member, and his call is superseded."""
        decided = proc.decision
        # _presumed(proc): it ended with a decision whose successor holds the seat
        assert decided is not None and decided.successor is not None
        person = decided.successor
        self.holders.pop(person, None)
        self.took_seat.remove((person, proc.calls[-1].nomination, "called"))
        proc.calls[-1].ended, proc.calls[-1].how = ev.date, "superseded"
        proc.state = "pending"

    def _group_of(self, nomination: str) -> str | None:
        try:
            return self.case.nomination(nomination).group
        except KeyError:  # a seat held through a group reference, not one nomination
            return None

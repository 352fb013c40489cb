"""A day's events: each read by its author's status on that day and turned into actions (open a
procedure, walk it, check a pending call, record a call), then the walks they call for in the order of
the events; and a by-election held on the day.
"""

from __future__ import annotations

import datetime as dt
from typing import cast

from nachruecken.case.model import Event
from nachruecken.case.words import VERZICHT
from nachruecken.engine.ledger.model import FAILING_TYPES, Holding, Procedure
from nachruecken.engine.ledger.state import LedgerState


class Days(LedgerState):
    """One day of the sweep. Reads ``pending_of``, ``holders``, ``took_seat``, ``rules``, ``case`` and
    ``procedures``; writes ``result.warnings`` and, on a by-election, ``holders``, ``took_seat`` and the
    procedures it ends. Reading each event is ``Declarations``' part, walking ``Walks``'."""

    def _day(self, day: dt.date, evs: list[Event]) -> None:
        """One day's events: each read by its author's status on that day (member, pending, in the
        period to declare on his election, or candidate), then the walks they call for, in file order."""
        # (seq, kind, procedure, event | (person, kind) to check | None); a recorded call has no procedure yet
        actions: list[tuple[int, str, Procedure | None, Event | tuple[str, str] | None]] = []
        uncalled: list[Event] = []
        self._same_day_declarations(day, evs)
        for ev in evs:
            # an acceptance makes its author a member from that moment, unless an earlier event of
            # his today may have failed the call
            # (a check always has its procedure)
            checked = frozenset(cast(Procedure, a[2]).index for a in actions if a[1] == "check")
            self._promote((day, ev.seq), checked)
            p = ev.person
            proc = self.pending_of.get(p)
            if ev.type == "called":
                # after the walks its day's earlier events call for: a record of their outcome
                actions.append((ev.seq, "called", None, ev))
            elif proc is not None:
                self._pending_event(proc, ev, actions)
            elif p in self.holders:
                self._holder_event(ev, day, actions)
            elif ev.type in ("refused", "waived"):
                uncalled.append(ev)
            elif ev.word == VERZICHT:
                # neither seat holder nor pending: a plain Verzicht is his waiver of the Anwartschaft,
                # taken as a recorded `waived`
                self._read_as(ev, "waived", "candidate")
                uncalled.append(ev)
            elif ev.type == "resigned" and self.rules.candidate_waiver:
                # one who holds no seat cannot give one up: a candidate's Verzicht is his waiver of
                # the Anwartschaft, in the form the statute asks of a waiver
                self._read_as(ev, "waived", "candidate")
                uncalled.append(ev)
            elif ev.type == "resigned" and not any(person == p for person, _, _ in self.took_seat):
                # a candidate, and the statute knows no waiver of the Anwartschaft (Hamburg § 36)
                self.result.warnings.append(("resigned_no_waiver", {"person": p, "date": day.isoformat()}))
            elif ev.type in ("resigned", "lost_seat", "elected_mayor"):
                self.result.warnings.append(("no_seat", {"person": p, "type": ev.type, "date": day.isoformat()}))
            elif ev.type == "lot_drawn" or ev.type in FAILING_TYPES:
                self._lot_event(ev, actions)
        self._uncalled(day, uncalled, actions)
        self._run_actions(day, actions)
        self._refusals_after_walks(day)

    def _lot_event(self, ev: Event, actions: list) -> None:
        """A drawn lot, or an event that may take a tied person out of a lot, settles it."""
        for lot in self._open_procs():
            if lot.state == "lot":
                decision = lot.decision
                assert decision is not None  # a lot is the outcome of a walk's decision (_walk)
                if ev.person in decision.lot_between:
                    actions.append((ev.seq, "walk", lot, None))

    def _run_actions(self, day: dt.date, actions: list) -> None:
        """The walks the day's events call for, in the order of the events."""
        done: set[tuple[int, str]] = set()
        # the walks first, in the order of their events; then what the office recorded of their outcome
        for seq, kind, proc, ev in sorted(actions, key=lambda a: (a[1] == "called", a[0])):
            if kind == "called":
                self._called(ev)
                continue
            if (proc.index, kind) in done and kind == "walk":
                continue
            done.add((proc.index, kind))
            if kind == "check":
                if proc.state == "pending" and proc.pending.person == ev[0]:
                    self._walk(proc, day, failing=ev)
            elif proc.state in ("open", "lot"):
                self._walk(proc, day)

    def _by_election(self, day: dt.date, evs: list[Event]) -> None:
        """A by-election held on ``day`` (event ``by_election_held``, DESIGN): the procedures of the seats
        it names end, and the elected of the nominations marked ``by_election: day`` hold seats from that
        day, through that nomination (so a winner's later vacancy is filled from it: M-V § 45 Abs. 4 with
        § 46 Abs. 2 Satz 1). Those seats are no longer empty (M-V § 44 Abs. 5 counts them no more)."""
        for ev in evs:
            if ev.type != "by_election_held":
                continue
            for departed in ev.seats_of:
                proc = next((p for p in reversed(self.procedures) if p.holding.person == departed), None)
                if proc is None or proc.state == "pending" or (proc.decision and proc.decision.outcome == "successor"):
                    # a successor holds the seat or is called to it: the record and the replay differ
                    self.result.warnings.append(
                        ("by_election_seat_not_empty", {"person": departed, "date": day.isoformat()})
                    )
                    continue
                if proc.state != "ended":
                    proc.state, proc.ended_on = "ended", day
                proc.filled_by = ev.seq
            for nom in self.case.nominations:
                if nom.by_election == day:
                    for c in nom.candidates:
                        if c.elected and c.person not in self.holders:
                            self.holders[c.person] = Holding(c.person, nom.id, nom.id, "elected", ev.seq, c.seat, day)
                            self.took_seat.append((c.person, nom.id, "elected"))

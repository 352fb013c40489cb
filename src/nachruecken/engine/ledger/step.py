"""What a walk sees: the ``Step`` a statute encoding is handed for one procedure on one date: who sits
(members and persons pending elsewhere), who ever took a seat, the seats vacated and left empty before,
the events visible to it (numbered before or of this procedure), and the later events that decide the
membership of the person it calls.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from nachruecken.case.model import Event
from nachruecken.engine.ledger.model import Holding, Procedure, Step
from nachruecken.engine.ledger.state import LedgerState

# What decides the membership of the person called after the walk's date: his notification, his
# acceptance, a Hinderungsgrund arising or removed within his period (Hessen from 2011, § 23 Abs. 2), and
# a recorded determination of him as successor (`called`; Hessen from 2011, Abs. 3).
MEMBERSHIP_EVENTS = ("notified", "accepted", "incompatibility", "incompatibility_ended", "called")


class Steps(LedgerState):
    """Builds a walk's ``Step``; changes nothing. Reads ``holders``, ``pending_of``, ``procedures``,
    ``took_seat``, ``events``, ``refusal_role``, ``rules`` and the periods (``Periods``)."""

    def _step(self, proc: Procedure, day: dt.date, check: tuple[str, str] | None, refusal: Event | None = None) -> Step:
        """The walk of ``proc`` on ``day`` (``check``: the pending call it checks; ``refusal``: a later
        refusal it sees as made in it, ``Walks._refusal_reaches``)."""
        sitting, departing = self._sitting(proc)
        if check is not None:
            sitting.pop(check[0], None)
        seated = set(self.took_seat) | {
            (p, h.via_nomination, "called") for p, h in sitting.items() if h.how == "called"
        }
        earlier = [p for p in self.procedures if p is not proc]  # every other seat vacated so far
        vacated = [
            (p.holding.person, p.holding.seat_nomination, p.trigger, p.event.seq)
            for p in earlier
            if not (p.decision and p.decision.keeps_seat)
        ]
        left_empty = [
            (p.holding.person, p.event.seq)
            for p in earlier
            if p.filled_by is None
            and p.state == "ended"
            and p.decision
            and p.decision.outcome not in ("successor", "referred")
        ]
        events, number = self._visible(proc, day, refusal)
        later = [e for e in self.events if e.date > day and e.type in MEMBERSHIP_EVENTS]
        start = len(events) + 1  # after every visible event
        early = self._in_period(proc.holding, proc.date)
        lapsed = [
            (c.person, c.nomination, c.ended, p is proc)
            for p in self.procedures
            for c in p.calls
            if c.how == "lapsed" and c.ended is not None and c.ended <= day
        ]
        return Step(
            proc,
            day,
            sitting,
            seated,
            vacated,
            left_empty,
            events,
            number,
            [(start + i, e) for i, e in enumerate(later)],
            self.period_from(day, self.rules.call_weeks),
            check,
            early,
            lapsed=lapsed,
            departing=departing,
        )

    def _sitting(self, proc: Procedure) -> tuple[dict[str, Holding], set[str]]:
        """Who sits for the walk of ``proc``: the members, the persons pending elsewhere, and those
        departing (who held a seat when this one fell vacant), with the departing apart."""
        sitting = dict(self.holders)
        for person, other in self.pending_of.items():
            if other is not proc:
                call = other.pending
                assert call is not None  # pending_of holds pending procedures only
                sitting[person] = Holding(
                    person,
                    other.holding.seat_nomination,
                    call.nomination,
                    "called",
                    other.event.seq,
                    other.holding.seat_type,
                )
        # a person who held his seat on the day this seat fell vacant (his own departure dated on or
        # after it) is never its successor: he counts as sitting for this procedure
        departing = set()
        for other in self.procedures:
            if (
                other is not proc
                and other.date >= proc.date
                and other.trigger != "switched"
                and not (other.decision and other.decision.keeps_seat)
            ):
                sitting.setdefault(other.holding.person, other.holding)
                departing.add(other.holding.person)
        return sitting, departing

    def _visible(
        self, proc: Procedure, day: dt.date, refusal: Event | None = None
    ) -> tuple[list[tuple[int, Event, str]], int]:
        """The events a walk on ``day`` sees, numbered so that a number above the vacancy's means
        "of this procedure" (dated on or after the day the seat fell vacant; a refusal only if it
        refused this procedure's call) and a number below means "before" (earlier events; a refusal
        of a call of an earlier procedure); ``refusal``, though dated later, is seen too."""
        before: list[tuple[Event, str]] = []
        after: list[tuple[Event, str]] = []
        for e in self.events:
            if (e.date > day and e is not refusal) or e is proc.event:
                continue
            kind = self.kind_of(e)
            if kind != e.type:
                e = dataclasses.replace(e, type=kind, form=e.form or ("written" if kind == "waived" else None))
            seen = self._seen_as(proc, e, kind)
            if seen is not None:
                (after if seen[0] == "after" else before).append((e, seen[1]))
        numbered = [(i, e, k) for i, (e, k) in enumerate(before, 1)]
        v = len(before) + 1
        numbered.append((v, proc.event, proc.trigger))
        numbered += [(v + i, e, k) for i, (e, k) in enumerate(after, 1)]
        return numbered, v

    def _seen_as(self, proc: Procedure, e: Event, kind: str) -> tuple[str, str] | None:
        """How the walk of ``proc`` sees ``e`` (read as ``kind``): ("before" or "after", the type it is
        seen as); None: not at all."""
        if e.type == "accepted" and e.reservation and e.seq in self.refusal_role:
            # a reservation that failed a call: a refusal of that call (e.g. NRW § 45 Abs. 6 Satz 5);
            # other procedures see it as a refusal made before them
            if self.refusal_role[e.seq][1] != proc.index:
                return "before", "refused"
        if (
            e.type == "waived"
            and self.refusal_role.get(e.seq, ("",))[0] == "call"
            and self.refusal_role[e.seq][1] != proc.index
            and not (e.form == "recorded" and self.rules.candidate_waiver)
        ):
            # a waiver that failed an earlier call, where the statute reads it as that refusal
            return "before", "refused"
        if e.type == "refused":
            return self._refusal_seen_as(proc, e, kind)
        return ("after" if e.date >= proc.date else "before"), kind

    def _refusal_seen_as(self, proc: Procedure, e: Event, kind: str) -> tuple[str, str] | None:
        """A refusal is seen only where it refused something (``refusal_role``): the calls open on its
        date, a seat it vacated as a refusal of the election, or one procedure's call."""
        role = self.refusal_role.get(e.seq)
        if role is None:
            return None  # refused nothing
        if role[0] == "uncalled":
            return ("after", kind) if proc.index in role[1] else None
        if role[0] == "trigger":
            other = self.procedures[role[1]]
            if other.trigger != "refused":
                return None  # a member's Verzicht: recorded as the vacated seat
            return "before", kind
        # a refusal of a call, and of the calls of the same day's procedures that reached its author as
        # one already called (role[2], Walks._refusal_reaches)
        here = role[1] == proc.index or proc.index in (role[2] if len(role) > 2 else ())
        return ("after" if here else "before"), kind

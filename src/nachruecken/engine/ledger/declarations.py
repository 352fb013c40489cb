"""Declarations and other events of a person, read by his status on their day: a seat holder's (within
his period on the election a refusal of it, after it a Verzicht on the seat), a pending person's (his
``resigned`` refuses the call), and those of a person neither member nor pending (they refuse the calls
open on their date, or are the statute's waiver). A plain "Verzicht" (``Event.word``) is read by status
too: a seat holder's gives the seat up (``resigned``), anyone else's waives the Anwartschaft (``waived``).
``kind_of`` gives the type an event is read as.
"""

from __future__ import annotations

import datetime as dt

from nachruecken.case.model import VACATING_TYPES, Event
from nachruecken.case.words import VERZICHT
from nachruecken.engine.ledger.model import FAILING_TYPES, Procedure
from nachruecken.engine.ledger.state import LedgerState


class Declarations(LedgerState):
    """How each event is read. Reads ``holders``, ``pending_of``, ``rules``, ``case`` and ``elected_until``;
    writes ``read_as`` (an event read as another type), ``refusal_role`` (what a refusal refused) and
    ``result.warnings``; the actions it adds to the day's list are run by ``Days``."""

    def _same_day_declarations(self, day: dt.date, evs: list[Event]) -> None:
        """A person called who both accepts and refuses on one day: the file order decides which
        came first (each person's own declarations are taken in file order), so a warning says so."""
        for person in dict.fromkeys(ev.person for ev in evs if ev.person in self.pending_of):
            types = {ev.type for ev in evs if ev.person == person and not ev.reservation}
            if "accepted" in types and types & {"refused", "waived", "resigned"}:
                self.result.warnings.append(("same_day_declarations", {"person": person, "date": day.isoformat()}))

    def _read_as(self, ev: Event, kind: str, status: str) -> None:
        """Record that ``ev`` is read as a declaration of type ``kind`` by one whose status is
        ``status`` (pending, elected, candidate); a warning says how the record was read (for a plain
        Verzicht read as a waiver, that it was read by status)."""
        self.read_as[ev.seq] = kind
        if ev.word == VERZICHT and kind == "waived":
            self._verzicht_read(ev, kind)
        else:
            self.result.warnings.append((f"{ev.type}_by_{status}", {"person": ev.person, "date": ev.date.isoformat()}))

    def _verzicht_read(self, ev: Event, kind: str) -> None:
        """The warning that a plain "Verzicht" was read by its author's status on its date (DESIGN, "Office
        input"): ``resigned`` for a seat holder, ``waived`` for anyone else."""
        self.result.warnings.append(
            ("verzicht_read", {"person": ev.person, "date": ev.date.isoformat(), "read_as": kind})
        )

    def kind_of(self, ev: Event) -> str:
        """The event's type as the ledger reads it (a pending person's `resigned` is his refusal)."""
        return self.read_as.get(ev.seq, ev.type)

    def _holder_event(self, ev: Event, day: dt.date, actions: list) -> None:
        """An event of a seat holder: within the period to declare on his election, a declaration
        refuses the election; after it, his refusal or resignation is a Verzicht on the seat."""
        p, holding = ev.person, self.holders[ev.person]
        early = self._in_period(holding, day)
        if ev.word == VERZICHT:  # he holds a seat: read as giving it up, and then as `resigned` is
            self._verzicht_read(ev, "resigned")
        if ev.type in ("refused", "resigned"):
            self._departure_declared(ev, day, early, actions)
        elif ev.type in VACATING_TYPES:
            actions.append((ev.seq, "open", self._open(ev, ev.type), None))
        elif ev.type == "accepted" and ev.reservation:
            if not early:
                # membership has begun (an acceptance, or a period that ran out): a declaration
                # now changes nothing
                self.result.warnings.append(
                    ("reservation_after_membership", {"person": p, "date": day.isoformat(), "since": self._since(p)})
                )
            elif self.rules.reservation_refuses:
                # within his period an elected person's reservation refuses the election
                actions.append((ev.seq, "open", self._open(ev, "refused"), None))
        elif ev.type in self.rules.vacates_before_acceptance and early:
            # before accepting, the elected person's seat falls vacant (Hamburg § 36 Abs. 1 Satz 1)
            actions.append((ev.seq, "open", self._open(ev, ev.type), None))
        elif ev.type == "lost_eligibility":
            self.result.warnings.append(("member_lost_eligibility", {"person": p, "date": day.isoformat()}))
        elif ev.type == "incompatibility":
            if not (self.rules.uncleared_refuses and early):
                # (within his period the statute decides: a refusal of the election unless cleared)
                self.result.warnings.append(("member_incompatible", {"person": p, "date": day.isoformat()}))
        elif ev.type == "waived":
            # a member has a seat, no Anwartschaft: his declaration may be a Verzicht on the seat,
            # which the case records as `resigned`
            self.result.warnings.append(("waived_by_member", {"person": p, "date": day.isoformat()}))
        elif ev.type == "lot_drawn" or ev.type in FAILING_TYPES:
            self._lot_event(ev, actions)

    def _departure_declared(self, ev: Event, day: dt.date, early: bool, actions: list) -> None:
        """A seat holder's `refused` or `resigned`: before his membership began a refusal of the
        election; after it a Verzicht on the seat, in the form the statute requires."""
        p = ev.person
        if early:
            if ev.type == "resigned":
                self._read_as(ev, "refused", "elected")
            if self.rules.members_from_period_start and self.case.body_period_start is None:
                until = self.elected_until[p]
                assert until is not None  # early: his period to declare runs (_in_period)
                self.result.warnings.append(
                    (
                        "period_start_presumed",
                        {"person": p, "date": day.isoformat(), "until": until.isoformat()},
                    )
                )
            actions.append((ev.seq, "open", self._open(ev, "refused"), None))
            return
        role = self._refuses_own_call(ev, day, actions) if ev.type == "refused" else None
        if role == "call":
            return
        if self.rules.verzicht_recorded_only and ev.form == "written":
            # NRW § 38 Satz 1: only a declaration zur Niederschrift gives the seat up
            self.result.warnings.append(("verzicht_not_recorded", {"person": p, "date": day.isoformat()}))
            return
        if ev.type == "refused":  # (its warning names the form the statute requires, or the taking up)
            code = "refusal_after_taking_up" if role == "taken_up" else "refused_by_member"
            said = (ev.declared_on or day).isoformat()
            self.result.warnings.append((code, {"person": p, "date": said, "since": self._since(p)}))
        elif self.rules.verzicht_recorded_only and ev.form != "recorded":
            self.result.warnings.append(("verzicht_form_unknown", {"person": p, "date": day.isoformat()}))
        actions.append((ev.seq, "open", self._open(ev, "resigned"), None))

    def _refuses_own_call(self, ev: Event, day: dt.date, actions: list) -> str | None:
        """Where the statute says so (``refusal_fails_call``), a refusal of one who holds a seat by a call
        refuses that call, not the seat (``"call"``): he is taken off it, his call is pending again, and the
        day's check fails it, so the procedure he was called to walks on to the next person (or, a refusal
        whose finding is not recorded, is referred to that finding by the statute). Once he has taken the
        office up, it does not (``"taken_up"``)."""
        p, holding = ev.person, self.holders[ev.person]
        if not (self.rules.refusal_fails_call and holding.how == "called"):
            return None
        proc = next(
            (
                x
                for x in reversed(self.procedures)
                if x.state == "ended" and x.calls and x.calls[-1].person == p and x.calls[-1].ended is None
            ),
            None,
        )
        if proc is None or proc.holding.seat_nomination != holding.seat_nomination:
            return None
        if self._took_up(p, proc.calls[-1].start, ev):
            return "taken_up"
        del self.holders[p]
        self.took_seat.remove((p, proc.calls[-1].nomination, "called"))
        proc.state, proc.ended_on = "pending", None
        self.pending_of[p] = proc
        self.refusal_role[ev.seq] = ("call", proc.index)
        self.result.warnings.append(
            (
                "refusal_of_call",
                {"person": p, "date": (ev.declared_on or day).isoformat(), "departed": proc.holding.person},
            )
        )
        actions.append((ev.seq, "check", proc, (p, "refused")))
        return "call"

    def _took_up(self, p: str, called_on: dt.date, refusal: Event) -> bool:
        """Whether the called member took the office up before his refusal: the Übernahme can be refused
        only until it is made (§ 18 Abs. 1 Satz 1 SächsGemO sets the Ablehnung of the Übernahme beside the
        Beendigung a member asks for). An `accepted` of his, from his call on and before the refusal,
        records it; his refusal then asks to leave the seat (a vacancy of its own), not to refuse the call."""
        return any(
            e.person == p
            and e.type == "accepted"
            and e.date >= called_on
            and (e.date, e.seq) < (refusal.date, refusal.seq)
            for e in self.events
        )

    def _uncalled(self, day: dt.date, uncalled: list[Event], actions: list) -> None:
        """Refusals and waivers of persons neither member nor pending. A waiver of the Anwartschaft
        refuses the calls of the procedures open on its date and stands for later ones too. A refusal
        refuses a call only: it settles a lot he is tied in, and it refuses the call a walk of its own day
        makes of him (``_refusals_after_walks``); anything else it refuses nothing (a warning)."""
        open_today = self._open_procs()
        for ev in uncalled:
            if ev.seq in self.refusal_role:
                continue
            if self.kind_of(ev) == "refused":
                lots = frozenset(
                    p.index
                    for p in open_today
                    if p.state == "lot" and p.decision is not None and ev.person in p.decision.lot_between
                )
                if lots:
                    # one tied for a seat is in the call the lot decides: his refusal takes him out of it
                    self.refusal_role[ev.seq] = ("uncalled", lots)
                    self._lot_event(ev, actions)
                else:
                    self.refusals_today.append(ev)
                continue
            if open_today:
                self.refusal_role[ev.seq] = ("uncalled", frozenset(x.index for x in open_today))
            self._lot_event(ev, actions)

    def _refusals_after_walks(self, day: dt.date) -> None:
        """The refusals of the day by persons who were neither member nor pending when they were read,
        once the day's walks have run. Where a walk of this day called him, his refusal refuses that
        call (the call and its refusal fall on one day). Otherwise there is no call to refuse: the
        refusal refuses nothing, now or later, in every statute alike, and a warning tells the office.
        (Where the statute provides a waiver of the Anwartschaft, `candidate_waiver`, that waiver is
        a declaration of its own, which the case records as `waived`: a refusal is not silently read as
        one, since a refusal and a waiver differ in what they need and in what they exclude.)"""
        refusals, self.refusals_today = self.refusals_today, []
        while True:  # each refusal that fails a call walks on, and the walk may call another who refused
            ev = next((e for e in refusals if self._called_today(e.person, day)), None)
            if ev is None:
                break
            refusals.remove(ev)
            self._refuse_today(self.pending_of[ev.person], ev, day)
        for ev in refusals:
            key = "refuses_nothing_waiver" if self.rules.candidate_waiver else "refuses_nothing"
            self.result.warnings.append((key, {"person": ev.person, "date": day.isoformat()}))

    def _called_today(self, person: str, day: dt.date) -> bool:
        """Whether ``person`` is pending in a call made on ``day``."""
        proc = self.pending_of.get(person)
        call = proc.pending if proc is not None else None
        return call is not None and call.start == day

    def _refuse_today(self, proc: Procedure, ev: Event, day: dt.date) -> None:
        """A refusal dated on the day a walk called its author refuses that call, as if he had been
        pending when it was read (``_pending_event``)."""
        fails = proc.decision.fails_by if proc.decision else frozenset()
        self.refusal_role[ev.seq] = ("call", proc.index)
        if "refused" in fails:
            self._walk(proc, day, failing=(ev.person, "refused"))

    def _pending_event(self, proc: Procedure, ev: Event, actions: list) -> None:
        """An event of a person whose call is pending. He holds no seat yet: his `resigned` is a
        refusal of the call."""
        if ev.type == "resigned":
            # a plain Verzicht waives the Anwartschaft (which fails his call where the statute says so)
            self._read_as(ev, "waived" if ev.word == VERZICHT else "refused", "pending")
        kind = "reservation" if ev.type == "accepted" and ev.reservation else self.kind_of(ev)
        fails = proc.decision.fails_by if proc.decision else frozenset()
        if kind in fails:
            if kind in ("refused", "reservation") or (kind == "waived" and self.rules.waiver_in_call_refuses):
                # a reservation the statute counts as refusal is one, for later procedures too
                self.refusal_role[ev.seq] = ("call", proc.index)
            actions.append((ev.seq, "check", proc, (ev.person, kind)))
        elif ev.type == "died":
            # not a failure of the call under this statute (M-V: mv.death_before_membership reads it
            # as a member's death): he is taken to hold the seat, and his death vacates it
            call = proc.pending
            assert call is not None  # pending_of holds pending procedures only
            self._seat(proc, ev.person, call.nomination, ev.date, seq=ev.seq)
            actions.append((ev.seq, "open", self._open(ev, ev.type), None))
        elif ev.type in VACATING_TYPES:
            # he holds no seat yet that this could vacate
            self.result.warnings.append(
                ("no_seat", {"person": ev.person, "type": ev.type, "date": ev.date.isoformat()})
            )

"""The replay of a term: ``Ledger`` walks the case's events day by day, ``effective_events`` dates each
event on the day it takes effect, ``run_ledger`` replays one case."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from itertools import groupby

from nachruecken.case.model import Case, Event
from nachruecken.engine.ledger.days import Days
from nachruecken.engine.ledger.declarations import Declarations
from nachruecken.engine.ledger.findings import apply_findings
from nachruecken.engine.ledger.model import Decision, Holding, LedgerResult, LedgerRules, Procedure, Step
from nachruecken.engine.ledger.periods import Periods
from nachruecken.engine.ledger.recorded import RecordedCalls
from nachruecken.engine.ledger.step import Steps
from nachruecken.engine.ledger.walk import Walks


class Ledger(Periods, Days, Declarations, RecordedCalls, Walks, Steps):
    """Replays one case's term; ``decide`` walks a statute encoding for one step.

    The state lives here (``__init__``); each part of the work is a mixin in its own module: the periods
    (``Periods``), a day's events (``Days``), how each is read (``Declarations``), recorded calls
    (``RecordedCalls``), the walks (``Walks``) and what a walk sees (``Steps``)."""

    def __init__(
        self,
        case: Case,
        decide: Callable[[Step], Decision],
        land: str | None = None,
        unnotified: str = "pending",
        rules: LedgerRules = LedgerRules(),
    ):
        self.case, self.decide, self.land, self.unnotified = case, decide, land, unnotified
        self.rules = rules
        effective = effective_events(case, rules)
        self.as_of = case.as_of or max((e.date for e in effective), default=None)
        self.events = [e for e in effective if self.as_of is None or e.date <= self.as_of]
        self.result = LedgerResult(as_of=self.as_of)
        self.result.warnings += apply_findings(case.events, rules.declaration_needs_finding, self.as_of)[1]
        self.holders: dict[str, Holding] = {
            c.person: Holding(c.person, n.id, n.id, "elected", 0, c.seat)
            for n in case.nominations
            if n.by_election is None
            for c in n.candidates
            if c.elected
        }
        self.took_seat: list[tuple[str, str, str]] = [
            (h.person, h.seat_nomination, "elected") for h in self.holders.values()
        ]
        periods = {p: self._election_period(p) for p in self.holders}
        self.elected_until = {p: until for p, (until, _) in periods.items()}
        self.elected_since = {p: since for p, (_, since) in periods.items()}
        self._deemed_refusals(periods)
        self.pending_of: dict[str, Procedure] = {}
        self.procedures: list[Procedure] = []
        # what each refusal is: ("call", proc) failed a call; ("trigger", proc) vacated a seat;
        # ("uncalled", {procs}) refused the calls of open procedures; absent: refuses nothing
        self.refusal_role: dict[int, tuple] = {}
        # the day's refusals by persons neither member nor pending, for after the day's walks
        self.refusals_today: list[Event] = []
        # events read as another type than recorded, by their author's status (event seq -> type)
        self.read_as: dict[int, str] = {}

    def run(self) -> LedgerResult:
        """The sweep, day by day: lapsed calls walk on, begun memberships take their seats, then the
        day's events and a by-election; on ``as_of`` the last lapses and memberships."""
        for day, group in groupby(self.events, key=lambda e: e.date):
            evs = list(group)
            self._lapse(day)
            self._promote((day, -1))
            self._day(day, evs)
            self._by_election(day, evs)
        if self.as_of is not None:
            self._lapse(self.as_of)
            self._promote((self.as_of, float("inf")))
            self._unnotified_warnings(self.as_of)
        self.result.procedures = self.procedures
        self.result.holders = self.holders
        return self.result

    def _unnotified_warnings(self, as_of: dt.date) -> None:
        """The calls still pending on ``as_of`` whose silence deems nothing (``Walks._warn_unnotified``)."""
        for proc in self.procedures:
            if proc.pending is not None:
                self._warn_unnotified(proc, as_of)


def effective_events(case: Case, rules: LedgerRules) -> list[Event]:
    """The case's events, each on the day it takes effect, in that order: a declaration when it
    reached the office (`received`; § 130 Abs. 1, 3 BGB), except a Verzicht that takes effect with
    the Wahlleiter's Feststellung, which the case dates (Hessen § 33 Abs. 3 Nr. 1); where the elected
    are members from the election result (Hessen from 2011, § 23 Abs. 1), an elected person's
    Verzicht before the Wahlperiode begins takes effect when it begins; where a declaration needs the
    council's finding of an important reason (Sachsen § 18), on the finding's day (``apply_findings``)."""
    start = case.body_period_start

    def day(ev: Event) -> dt.date:
        if (
            rules.members_at_election
            and start is not None
            and ev.type in ("resigned", "refused")
            and ev.date < start
            and any(c.elected for _, c in case.candidacies.get(ev.person, ()))
        ):
            return start
        return ev.date if ev.type == "resigned" and rules.verzicht_with_determination else ev.effective

    found, _ = apply_findings(case.events, rules.declaration_needs_finding, case.as_of)
    dated = [(day(e), e) for e in found]
    return sorted(
        (e if d == e.date else dataclasses.replace(e, date=d) for d, e in dated), key=lambda e: (e.date, e.seq)
    )


def run_ledger(
    case: Case,
    decide: Callable[[Step], Decision],
    land: str | None = None,
    unnotified: str = "pending",
    rules: LedgerRules = LedgerRules(),
) -> LedgerResult:
    return Ledger(case, decide, land, unnotified, rules).run()

"""The state every part of the ledger reads and writes, declared once.

``Ledger.__init__`` (replay.py) sets these attributes; each mixin (periods, days, declarations,
recorded calls, walks, steps) derives from ``LedgerState`` so that a type checker knows them and the
methods one mixin calls on another. At run time this class adds nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

from nachruecken.case.model import Case, Event
from nachruecken.engine.ledger.model import Decision, Holding, LedgerResult, LedgerRules, Procedure, Step


class LedgerState:
    case: Case
    decide: Callable[[Step], Decision]
    land: str | None
    unnotified: str
    rules: LedgerRules
    as_of: dt.date | None
    events: list[Event]
    result: LedgerResult
    holders: dict[str, Holding]
    took_seat: list[tuple[str, str, str]]
    elected_until: dict[str, dt.date | None]
    elected_since: dict[str, dt.date | None]
    pending_of: dict[str, Procedure]
    procedures: list[Procedure]
    refusal_role: dict[int, tuple]
    refusals_today: list[Event]
    read_as: dict[int, str]

    if TYPE_CHECKING:  # the methods one mixin calls on another (defined in the module named)

        def period_from(self, start: dt.date, statute_weeks: int = 1) -> dt.date: ...  # periods

        def _declaration_period(
            self, person: str, start: dt.date, called: bool = False
        ) -> tuple[dt.date, Event | None]: ...

        def silence_deems_nothing(self, person: str, start: dt.date) -> bool: ...

        def _in_period(self, holding: Holding, day: dt.date) -> bool: ...

        def _since(self, person: str) -> str: ...

        def _lot_event(self, ev: Event, actions: list) -> None: ...  # days

        def _same_day_declarations(self, day: dt.date, evs: list[Event]) -> None: ...  # declarations

        def _read_as(self, ev: Event, kind: str, status: str) -> None: ...

        def kind_of(self, ev: Event) -> str: ...

        def _holder_event(self, ev: Event, day: dt.date, actions: list) -> None: ...

        def _uncalled(self, day: dt.date, uncalled: list[Event], actions: list) -> None: ...

        def _refusals_after_walks(self, day: dt.date) -> None: ...

        def _pending_event(self, proc: Procedure, ev: Event, actions: list) -> None: ...

        def _called(self, ev: Event) -> None: ...  # recorded

        def _open(self, ev: Event, trigger: str, holding: Holding | None = None) -> Procedure: ...  # walk

        def _open_procs(self) -> list[Procedure]: ...

        def _promote(self, now: tuple, held: frozenset = frozenset()) -> None: ...

        def _seat(
            self, proc: Procedure, person: str, nomination: str, since: dt.date, seq: int | None = None
        ) -> None: ...

        def _walk(self, proc: Procedure, day: dt.date, failing: tuple[str, str] | None = None) -> None: ...

        def _warn_unnotified(self, proc: Procedure, day: dt.date) -> None: ...

        def _step(
            self, proc: Procedure, day: dt.date, check: tuple[str, str] | None, refusal: Event | None = None
        ) -> Step: ...  # step

"""The ledger's data types: a seat held (``Holding``), one call of a procedure (``Call``), what a statute
says before any vacancy (``LedgerRules``), what one walk of a statute encoding decides (``Decision``), a
vacancy's procedure (``Procedure``), what a walk hands to the encoding (``Step``) and the replayed term
(``LedgerResult``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from nachruecken.case.model import Event

# Event types that may fail a pending call; the statute's answer (``fails_by``) says which do.
FAILING_TYPES = ("refused", "waived", "died", "lost_eligibility", "evidence_missing", "incompatibility")


@dataclass(frozen=True)
class Holding:
    person: str
    seat_nomination: str  # the nomination the seat belongs to
    via_nomination: str  # the nomination the person was on when taking it
    how: str  # elected | called
    since_seq: int  # 0: from the election
    seat_type: str | None = None  # Hamburg Bezirksliste seats: list | personal
    since: dt.date | None = None  # the day membership began (None: from the election)


@dataclass
class Call:
    """One step of a procedure: a person called on ``start``; ``ended``/``how`` if the call failed."""

    person: str
    nomination: str
    start: dt.date
    ended: dt.date | None = None
    how: str | None = None


@dataclass(frozen=True)
class LedgerRules:
    """What a statute says before any vacancy (asked of its encoding with no vacancy at all)."""

    reservation_refuses: bool = False  # a declaration under reservation is a refusal (NRW, BB, HH)
    vacates_before_acceptance: frozenset = frozenset()  # event types that vacate an elected person's
    # seat within his period to declare (Hamburg § 36: lost eligibility)
    period_shift: bool = True  # periods move under BGB § 193 (false: Hamburg, hh.period_end = fixed)
    call_weeks: int = 1  # the period to declare of a person called, in weeks (Bayern Art. 48 Abs. 3 Satz 3
    # with Art. 47 Abs. 2: two); the elected's period on their election stays one week
    members_at_election: bool = False  # the elected are members from the election result, with no
    # declaration to make (Hessen from 2011, § 23 KWG): a later refusal is a Verzicht on the seat
    refusal_waives_from: dt.date | None = None  # from this day a refusal of a call is a waiver of his
    # Anwartschaft for good (Hessen from 2011, Abs. 2 Nr. 2; the encoding decides it). The ledger reads no
    # refusal made with no call of its author open as a waiver: that refuses nothing (declarations.py)
    candidate_waiver: bool = False  # the statute knows a candidate's waiver of the Anwartschaft outside
    # any call: a candidate's `resigned` is read as that waiver (every statute but Hamburg's)
    members_from_period_start: bool = False  # the elected have no acceptance period: members from the
    # start of the Wahlperiode, before it a declaration refuses the election (NRW § 36 Satz 1 KWahlG)
    verzicht_recorded_only: bool = False  # a member's Verzicht is effective only zur Niederschrift
    # (NRW § 38 Satz 1): one recorded as written opens no vacancy
    verzicht_with_determination: bool = False  # a member's Verzicht takes effect with the Wahlleiter's
    # Feststellung (Hessen § 33 Abs. 3 Nr. 1), which the case dates, not on receipt
    call_fails_by: frozenset = frozenset()  # what fails a pending call, as the statute says (for `statutes`)
    waiver_in_call_refuses: bool = False  # a waiver declared by the person called refuses his call, and
    # later procedures see it as that refusal (Hamburg: § 36 has no waiver of its own)
    declaration_needs_finding: bool = False  # a refusal or resignation takes effect only with the
    # council's finding of an important reason (Sachsen § 18 Abs. 2 SächsGemO; ledger/findings.py)
    refusal_fails_call: bool = False  # a called member's refusal (`refused`) refuses the call that seated him,
    # not the seat: his call fails and the vacancy he was called to is decided again (Sachsen § 18 Abs. 1
    # Satz 1 SächsGemO: the Ablehnung of the office, distinct from the Ausscheiden a `resigned` asks for)
    uncleared_refuses: bool = False  # an elected person's Hinderungsgrund not cleared by the end of his
    # period to declare counts as his refusal of the election (Brandenburg § 51 Abs. 2 Satz 2, Hessen old
    # § 24 Abs. 2); an acceptance without the proof makes no member


@dataclass
class Decision:
    """What the ledger needs back from one walk of the statute encoding."""

    outcome: str
    successor: str | None
    successor_nomination: str | None
    payload: dict | None = None  # the full determination, opaque here
    member_from: dt.date | None = None
    deadline: dt.date | None = None
    status: str | None = None  # membership status of the person called
    fails_by: frozenset = frozenset()  # event types that fail a pending call (from the statute)
    pending_excluded: bool = False  # the person whose call was checked is now passed over
    lot_between: tuple = ()
    keeps_seat: bool = False  # a referred departure: the seat stays with its holder
    assumed: bool = False  # membership rests on a presumed determination (Hessen from 2011, he.undetermined)


@dataclass
class Procedure:
    index: int
    event: Event  # the event that vacated the seat
    trigger: str  # as the statute sees it (a member's refusal is his Verzicht: resigned)
    holding: Holding
    calls: list[Call] = field(default_factory=list)
    decision: Decision | None = None
    state: str = "open"  # open | pending | lot | ended
    ended_on: dt.date | None = None
    holder_from: tuple | None = None  # (date, event seq): membership begins just before this event
    recorded_call: Event | None = None  # a `called` event that took the seat
    recorded_membership: dict | None = None  # the recorded person's period, where the record differs
    lapse_on: dt.date | None = None  # the pending call counts as refused from this day (period lapsed)
    filled_by: int | None = None  # the seq of a by_election_held event that filled the seat

    @property
    def date(self) -> dt.date:
        return self.event.date

    @property
    def pending(self) -> Call | None:
        return self.calls[-1] if self.state == "pending" and self.calls else None


@dataclass
class Step:
    """One walk: everything a statute encoding needs to decide a procedure on a date."""

    procedure: Procedure
    date: dt.date
    sitting: dict[str, Holding]  # members and persons pending elsewhere (the departed excluded)
    seated: set[tuple[str, str, str]]  # (person, nomination, how) who took a seat, ever
    vacated: list[tuple[str, str, str, int]]  # earlier procedures: (person, nomination, trigger, seq)
    left_empty: list[tuple[str, int]]  # earlier procedures whose seat stayed empty
    events: list[tuple[int, Event, str]]  # visible events, numbered relative to the procedure
    vacancy_number: int
    later: list[tuple[int, Event]]  # notifications and declarations after the step date (membership)
    call_deadline: dt.date  # end of the declaration period counted from this call (no notification)
    pending_check: tuple[str, str] | None = None  # (person, nomination) whose call may have failed
    before_membership: bool = False  # the departed was elected and left within his period to declare
    pending_how: str | None = None  # what may have failed it: an event type, or `lapsed` (a period ran out)
    departing: set[str] = field(default_factory=set)  # sat when this seat fell vacant, leaving on or after it
    lapsed: list[tuple[str, str, dt.date, bool]] = field(default_factory=list)  # calls deemed refused when
    # their period ran out: (person, nomination, the day the walk went on, in this procedure?)


@dataclass
class LedgerResult:
    procedures: list[Procedure] = field(default_factory=list)
    warnings: list[tuple[str, dict]] = field(default_factory=list)
    holders: dict[str, Holding] = field(default_factory=dict)
    as_of: dt.date | None = None

"""The ledger of a council's term: each vacancy a dated procedure of its seat.

Mechanical bookkeeping only: who holds which seat on which day, which procedures are open, which
events a walk may see, and which call an event concerns. Every legal choice (who is passed over,
who is called, when membership begins, which events fail a pending call) is made by the statute
encoding that ``decide`` runs; the ledger only asks it.

How the term is read (README, "How a case is read"; DESIGN "How a case reads"):
- A procedure opens when a seat holder's ``died``, ``refused``, ``resigned``, ``lost_seat`` or
  ``elected_mayor`` vacates the seat on date D; D is its reference date for good.
- The walk is dated: on D the statute walks its pools with every event dated up to D (all events
  of that date, whatever the file order) and names the person it calls, who is *pending* until
  his membership begins. An event that fails his call (the statute says which) continues the
  walk in the same procedure on that event's date. A ``lot_drawn`` settles a lot the same way.
- A procedure ends when membership begins or the seat is left empty, referred, or an election is
  due; nothing dated after that changes it.
- Another procedure changes nothing here except through the statute's own terms: a person
  pending or seated there is "already called" here.
- A declaration is read by its author's status on its day, as the statute's answers before any
  vacancy (``LedgerRules``) say: a member's refusal is a Verzicht, a pending or elected person's
  ``resigned`` a refusal, a candidate's ``resigned`` the statute's waiver where it has one. A
  ``refused`` by a person who is neither member nor pending refuses a call only: one a walk of its
  own day makes of him, or a lot he is tied in; otherwise it refuses nothing, under every statute
  (a warning; a waiver of the Anwartschaft is recorded as ``waived``, never read into a refusal). A
  refusal that fails a call also declines the same day's seats whose walks passed him over as
  already called (they list him as refused; their calls stand). Each event counts from the day it
  takes effect (``effective_events``).
- Without a recorded notification of the person called, silence deems nothing (core.unnotified =
  pending, the default): the call stays pending, with a warning once four weeks have passed.
- A recorded ``called`` is the office's determination and stands; where it differs from the walk,
  the recorded person is pending with the acceptance period every encoded statute with one gives.

Modules, in the order of the work:
- ``model``: the data types (``Holding``, ``Call``, ``LedgerRules``, ``Decision``, ``Procedure``, ``Step``,
  ``LedgerResult``);
- ``replay``: ``Ledger`` (the state, and the sweep day by day), ``effective_events``, ``run_ledger``;
- ``periods``: periods to declare, an elected person's period and Hinderungsgrund, deemed refusals;
- ``days``: a day's events and the walks they call for, in the order of the events; a by-election;
- ``declarations``: each event read by its author's status on its day (``kind_of``);
- ``recorded``: what a recorded ``called`` does, and which procedure it belongs to;
- ``walk``: opening and walking a procedure, seating the person called, lapsed calls;
- ``step``: what a walk sees (the ``Step`` handed to the statute encoding).
``Ledger`` is one class made of a mixin from each of the last six modules.

May import: ``case``, ``law`` and the package root.
"""

from __future__ import annotations

from nachruecken.engine.ledger.model import (
    FAILING_TYPES,
    Call,
    Decision,
    Holding,
    LedgerResult,
    LedgerRules,
    Procedure,
    Step,
)
from nachruecken.engine.ledger.periods import UNNOTIFIED_WEEKS
from nachruecken.engine.ledger.replay import Ledger, effective_events, run_ledger
from nachruecken.engine.ledger.step import MEMBERSHIP_EVENTS

__all__ = [
    "FAILING_TYPES",
    "MEMBERSHIP_EVENTS",
    "UNNOTIFIED_WEEKS",
    "Call",
    "Decision",
    "Holding",
    "Ledger",
    "LedgerResult",
    "LedgerRules",
    "Procedure",
    "Step",
    "effective_events",
    "run_ledger",
]

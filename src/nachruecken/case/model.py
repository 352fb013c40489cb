"""The validated case: what a case file says, in plain Python objects.

Nothing here decides anything legal; the loader fills these, the replay and the
fact builder read them.
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass, field

import msgspec

EVENT_TYPES = (
    "died",
    "refused",
    "accepted",
    "notified",
    "resigned",
    "lost_seat",
    "lost_eligibility",
    "left_group",
    "expelled",
    "rejoined",
    "group_notice",
    "waived",
    "elected_mayor",
    "evidence_missing",
    "called",
    "lot_drawn",
    "regained_eligibility",
    "joined_group",
    "incompatibility",
    "incompatibility_ended",
    "by_election_held",
    "important_reason",
)
# Event types that vacate a seat when the person holds one (DESIGN.md, "How a case reads").
VACATING_TYPES = ("died", "refused", "resigned", "lost_seat", "elected_mayor")
GROUP_KINDS = ("party", "voter_group", "political_association", "individual")
TIERS = ("list", "district")
SEAT_TYPES = ("list", "personal")
ELECTION_KINDS = ("proportional", "majority")
BODY_KINDS = ("municipal", "landtag", "bezirkstag")
WAIVER_FORMS = ("written", "recorded")
CANDIDACIES = ("district", "list")
# How the documents address a person (candidate key `salutation`; display only, no statute reads it).
SALUTATIONS = ("Frau", "Herr", "divers")
# What kind of election a `by_election_held` event records (as the outcome `by_election` names it):
# an Ergänzungswahl (M-V § 44 Abs. 5), a Neuwahl in a Wahlkreis (M-V § 44 Abs. 3), a Nachwahl.
BY_ELECTION_KINDS = ("ergaenzungswahl", "neuwahl_wahlkreis", "nachwahl")
# What a `lost_seat` rests on, where a statute distinguishes it (Hessen § 33 Abs. 1 Nr. 2 to 4 and
# § 23 Abs. 2 Satz 3 KWG as of 2011): lost eligibility or the ability to hold public office, a
# Hinderungsgrund (incompatibility), a decision in the Wahlprüfung, a municipal merger, or a legal
# position that counts as never acquired; or a ban of the member's party by the Bundesverfassungsgericht
# (Art. 21 Abs. 2 GG; Sachsen-Anhalt § 47 Abs. 2 KWG LSA).
LOSS_CAUSES = ("eligibility", "incompatibility", "scrutiny", "merger", "not_acquired", "party_ban")

# Declarations: each may say its form and when it reached the office (DESIGN "Event types").
DECLARATION_TYPES = ("refused", "waived", "resigned", "accepted")

MAX_VOTES = 2**31 - 1
MAX_CANDIDATES = 10**6


@dataclass(frozen=True)
class SubstituteFor:
    """NRW § 16 Abs. 2: named on a Reserveliste as Ersatzbewerber for ``person``."""

    person: str
    candidacy: str | None = None  # district | list | None (= district where there is one)


class Candidate(msgspec.Struct, frozen=True, gc=False):
    """One candidacy of a person on a nomination (a struct made at C speed: a list may hold 100,000)."""

    person: str
    position: int
    name: str | None = None
    votes: int | None = None
    elected: bool = False
    seat: str | None = None
    substitute_for: tuple[SubstituteFor, ...] = ()
    non_member: bool = False  # belonged to no party or voter group when the list was set up (NRW 2024)
    # on this Reserveliste only as Ersatzbewerber (NRW § 16 Abs. 2): reached through his designation,
    # never by list order. He has no list place of his own: ``position`` is one after every placed
    # candidate of the nomination (file order among such persons), so that orders stay total.
    designated_only: bool = False
    salutation: str | None = None  # Frau | Herr | divers (SALUTATIONS), for the documents' wording
    # the person's place in the published order of Ersatzpersonen of this nomination, as the election
    # committee determined it (e.g. Sachsen § 21 Abs. 2 Satz 2 KomWG, § 51 Abs. 1 KomWO); None: not given
    substitute_rank: int | None = None
    # the part of a joined nomination (verbundener Wahlvorschlag) that proposed the person: candidates of
    # one nomination with the same value stand on the same sub-list (e.g. Bayern Art. 37 Abs. 1 Satz 2
    # GLKrWG); None: the nomination is not joined, or the case does not say
    sublist: str | None = None
    # what else the office's list says of the person (Beruf, Wohnort ...: header, text), for the documents
    # only; no rule reads it
    extra: tuple[tuple[str, str], ...] = ()


@dataclass
class Nomination:
    """A Wahlvorschlag (list or one district's nomination)."""

    id: str
    group: str
    group_kind: str = "party"
    tier: str = "list"
    name: str | None = None
    district: str | None = None
    substitute_list: str | None = None
    candidates: list[Candidate] = field(default_factory=list)
    # a nomination of a by-election held on this day (event `by_election_held`): its elected
    # candidates hold seats from that day, not from the election
    by_election: dt.date | None = None


@dataclass(frozen=True)
class Event:
    """One dated event; ``seq`` is its place after the stable sort by date (1-based)."""

    seq: int
    file_index: int
    date: dt.date
    person: str
    type: str
    nomination: str | None = None
    reservation: bool = False
    form: str | None = None
    ground: str | None = None
    seat: str | None = None
    group: str | None = None  # joined_group / left_group: which party or voter group
    cause: str | None = None  # lost_seat: what the loss rests on (LOSS_CAUSES)
    received: dt.date | None = None  # a declaration: the day it reached the office, if not its date
    seat_of: str | None = None  # called: the departed person whose seat the call fills

    @property
    def effective(self) -> dt.date:
        """The day the event takes effect: a declaration when it reached the office (§ 130 Abs. 1, 3
        BGB: a declaration to an authority takes effect on receipt), anything else on its date."""
        return self.received if self.received is not None and self.received > self.date else self.date

    seats_of: tuple[str, ...] = ()  # by_election_held: the departed whose seats it filled
    kind: str | None = None  # by_election_held: BY_ELECTION_KINDS
    # the German word the office recorded, only where it is the ambiguous plain "Verzicht" (type
    # `resigned`): the ledger reads it by the person's status on its date (DESIGN, "Office input")
    word: str | None = None
    note: str | None = None  # the office's remark (decides nothing; kept for its sheets and pages)
    # important_reason: whether the council found an important reason for the person's declared
    # refusal or resignation (Sachsen § 18 Abs. 2 SächsGemO); None for every other type
    found: bool | None = None
    # a declaration whose effect waits for that finding: the day it was made (its `date` is then the
    # finding's, ledger/findings.py), for the words that say when the person declared
    declared_on: dt.date | None = None


@dataclass
class Case:
    file: str
    statute: str
    nominations: list[Nomination]
    events: list[Event]
    title: str | None = None
    election_date: dt.date | None = None
    election: str = "proportional"
    body_name: str | None = None
    body_seats: int | None = None
    body_kind: str = "municipal"
    body_period_end: dt.date | None = None
    body_period_start: dt.date | None = None  # start of the Wahlperiode (NRW 2024 § 45 Abs. 2 Satz 2)
    body_unfilled_seats: int = 0  # seats left empty at the election (M-V § 44 Abs. 5)
    readings: dict[str, str] = field(default_factory=dict)
    vacancy: list[str] | None = None
    expected: dict | None = None
    as_of: dt.date | None = None
    holidays: tuple[dt.date, ...] = ()
    input_sha256: str = ""
    names: dict[str, str] = field(default_factory=dict)
    # persons whose name held control characters or bidi overrides, removed on loading (a warning)
    cleaned_names: tuple[str, ...] = ()

    def nomination(self, nid: str) -> Nomination:
        for nom in self.nominations:
            if nom.id == nid:
                return nom
        raise KeyError(nid)

    @functools.cached_property
    def candidacies(self) -> dict[str, list[tuple[Nomination, Candidate]]]:
        """Person -> his candidacies (nomination, entry) in file order: one pass over the case, made
        once (a case is not changed after loading), so that no walk rebuilds an index of everyone."""
        out: dict[str, list] = {}
        for nom in self.nominations:
            for c in nom.candidates:
                out.setdefault(c.person, []).append((nom, c))
        return out

    def candidate(self, nid: str, person: str) -> Candidate:
        for nom, c in self.candidacies[person]:
            if nom.id == nid:
                return c
        raise KeyError((nid, person))

    def persons(self) -> set[str]:
        return set(self.candidacies)

    def nominations_of(self, person: str) -> list[Nomination]:
        return [nom for nom, _ in self.candidacies.get(person, ())]

    def display(self, person: str) -> str:
        return self.names.get(person) or person

    def extra_of(self, person: str) -> dict[str, str]:
        """What else the case says of the person (``extra`` of his first candidacy that has it)."""
        return next((dict(c.extra) for _, c in self.candidacies.get(person, ()) if c.extra), {})

    def nomination_display(self, nid: str | None) -> str:
        """A nomination's name as the case gives it (else its id; "-" for none)."""
        if nid is None:
            return "-"
        for nom in self.nominations:
            if nom.id == nid:
                return nom.name or nom.id
        return nid

"""Replay a case's events in date order: one state per vacancy, then its determination.

Mechanical bookkeeping only (who holds which seat, which events open a vacancy, which events
a decision may see). Every legal choice is made by the statute encoding that ``decide`` runs.

How a case is replayed (README, "How a case is read"):
- Persons marked ``elected`` hold a seat from the election on; a ``called`` event gives one.
- ``died``, ``refused``, ``resigned``, ``lost_seat`` or ``elected_mayor`` of a seat holder opens
  a vacancy. The vacancy is decided with every event up to the next vacancy (its window): a
  refusal by someone who holds no seat inside the window refuses this call.
- When the window closes, the successor holds the seat; a later refusal by him is the refusal
  of a seat holder and opens a new vacancy.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .model import VACATING_TYPES, Case, Event


@dataclass(frozen=True)
class Holding:
    person: str
    seat_nomination: str  # the nomination the seat belongs to
    via_nomination: str  # the nomination the person was on when taking it
    how: str  # elected | called
    since_seq: int  # 0: from the election
    seat_type: str | None = None  # Hamburg Bezirksliste seats: list | personal


@dataclass
class VacancyState:
    """Everything a statute encoding needs to decide one vacancy."""

    event: Event
    holding: Holding
    sitting: dict[str, Holding]
    seated: set[tuple[str, str, str]]  # (person, nomination, how), ever
    vacated: list[tuple[str, str, str, int]]  # earlier (person, nomination, type, seq)
    left_empty: list[tuple[str, int]]  # earlier vacancies whose seat was not filled
    window_end: int


@dataclass
class Decision:
    """What the replay needs back from a decision: who (if anyone) takes the seat."""

    outcome: str
    successor: str | None
    successor_nomination: str | None
    payload: object = None  # the full determination, opaque here
    member_from: str | None = None  # ISO date the successor's membership began, if known


@dataclass
class ReplayResult:
    decisions: list[tuple[VacancyState, Decision]] = field(default_factory=list)
    warnings: list[tuple[str, dict]] = field(default_factory=list)  # (code, parameters)


def initial_holders(case: Case) -> dict[str, Holding]:
    return {
        c.person: Holding(c.person, n.id, n.id, "elected", 0, c.seat)
        for n in case.nominations for c in n.candidates if c.elected
    }


def replay(case: Case, decide: Callable[[VacancyState], Decision]) -> ReplayResult:
    result = ReplayResult()
    holders = initial_holders(case)
    seated = {(h.person, h.seat_nomination, "elected") for h in holders.values()}
    vacated: list[tuple[str, str, str, int]] = []
    left_empty: list[tuple[str, int]] = []
    wanted = set(case.vacancy) if case.vacancy is not None else None
    events = case.events
    current: VacancyState | None = None
    window_called: list[Event] = []
    # The provisional decision of the open vacancy and the window it was made with; only an
    # event that can change who is eligible makes it stale (declarations are always visible).
    probe: tuple[int, Decision] | None = None
    pending: list[VacancyState] = []  # vacancies a decision itself opened (a switched seat)

    def snapshot(state: VacancyState, end: int) -> VacancyState:
        state.window_end = end
        return state

    def provisional(end: int) -> Decision:
        nonlocal probe
        if probe is None or probe[0] != end:
            probe = (end, decide(snapshot(current, end)))
        return probe[1]

    def close(end: int) -> None:
        nonlocal current, window_called, probe
        state = snapshot(current, end)
        decision = provisional(end)
        probe = None
        result.decisions.append((state, decision))
        if decision.outcome != "referred":
            vacated.append((state.holding.person, state.holding.seat_nomination, state.event.type, state.event.seq))
        if decision.outcome == "referred":
            # The encoded statute did not move the seat: it stays with its holder until the
            # provision referred to is applied and recorded as a later event (e.g. lost_seat).
            holders[state.holding.person] = state.holding
            result.warnings.append(("referred_kept", {"person": state.holding.person}))
        elif decision.outcome == "successor":
            prior = holders.get(decision.successor)
            holders[decision.successor] = Holding(decision.successor, state.holding.seat_nomination,
                                                  decision.successor_nomination, "called", state.event.seq,
                                                  state.holding.seat_type)
            seated.add((decision.successor, decision.successor_nomination, "called"))
            if prior is not None:
                # A statute let a sitting member take this seat (Hamburg, hh.already_elected = switch):
                # the seat he held falls vacant now.
                switched = Event(seq=end, file_index=-1, date=state.event.date, person=decision.successor,
                                 type="switched")
                pending.append(VacancyState(event=switched, holding=prior, sitting=dict(holders),
                                            seated=set(seated), vacated=list(vacated),
                                            left_empty=list(left_empty), window_end=end))
        else:
            left_empty.append((state.holding.person, state.event.seq))
        for ev in window_called:
            if ev.person != decision.successor:
                result.warnings.append(("called_conflict", {"called": ev.person, "date": ev.date.isoformat(),
                                                            "person": state.holding.person,
                                                            "successor": decision.successor or "-"}))
                _give_called_seat(ev, holders, seated)
        current, window_called = (pending.pop(0) if pending else None), []

    stale = False
    for ev in events:
        if current is not None and ev.type in VACATING_TYPES and \
                (ev.person in holders or ev.person == current.holding.person):
            while current is not None:  # also a vacancy that closing opened (a switched seat)
                close(ev.seq - 1)
        elif current is not None and ev.type not in ("notified", "accepted"):
            # The vacancy is settled once its successor's membership has begun: later events
            # (his own loss of eligibility, say) belong to later vacancies, not to this one.
            if stale or probe is None:
                decision = provisional(ev.seq - 1)
                stale = False
            else:
                decision = probe[1]
            settled = decision.outcome == "successor" and decision.member_from is not None \
                and ev.date.isoformat() > decision.member_from
            if settled or (ev.type in VACATING_TYPES and ev.type != "refused"
                           and decision.outcome == "successor" and decision.successor == ev.person):
                if probe[0] != ev.seq - 1:
                    probe = (ev.seq - 1, probe[1])  # nothing that changes eligibility came in between
                close(ev.seq - 1)
            else:
                # Only an event about the provisional successor, or one that can make somebody
                # eligible again or decide a lot, can change the decision: persons ranked before
                # him are passed over already, and more reasons change nothing for them.
                stale = stale or ev.type in ("rejoined", "lot_drawn", "called") \
                    or decision.outcome != "successor" or decision.successor == ev.person

        if ev.type in VACATING_TYPES and ev.person in holders:
            holding = holders.pop(ev.person)
            if wanted is None or ev.person in wanted:
                current = VacancyState(
                    event=ev, holding=holding, sitting=dict(holders), seated=set(seated),
                    vacated=list(vacated), left_empty=list(left_empty), window_end=ev.seq,
                )
            else:
                vacated.append((holding.person, holding.seat_nomination, ev.type, ev.seq))
        elif ev.type == "called":
            if current is not None:
                window_called.append(ev)
            else:
                _give_called_seat(ev, holders, seated)
        elif ev.type in ("resigned", "lost_seat", "elected_mayor"):
            result.warnings.append(("no_seat", {"person": ev.person, "type": ev.type, "date": ev.date.isoformat()}))

    while current is not None:
        close(events[-1].seq)
    return result


def _give_called_seat(ev: Event, holders: dict[str, Holding], seated: set) -> None:
    holders[ev.person] = Holding(ev.person, ev.nomination, ev.nomination, "called", ev.seq, ev.seat)
    seated.add((ev.person, ev.nomination, "called"))

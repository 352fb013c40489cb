"""The body as the ledger leaves it on ``as_of``: who sits, which seats are empty, which calls are
pending. What an officer checks before the next sitting (DESIGN "Results": ``composition``)."""

from __future__ import annotations

from nachruecken.case.model import Case
from nachruecken.engine.ledger import LedgerResult


def determination_keys(ledger: LedgerResult) -> dict[int, str]:
    """``person`` for the first procedure of a departed's seat, ``person#k`` for the k-th."""
    seen: dict[str, int] = {}
    keys = {}
    for proc in ledger.procedures:
        person = proc.holding.person
        seen[person] = seen.get(person, 0) + 1
        keys[proc.index] = person if seen[person] == 1 else f"{person}#{seen[person]}"
    return keys


def composition(case: Case, ledger: LedgerResult) -> dict:
    keys = determination_keys(ledger)
    order = {n.id: i for i, n in enumerate(case.nominations)}
    seats: dict[str, list[str]] = {}
    for holding in sorted(ledger.holders.values(), key=lambda h: (order.get(h.seat_nomination, 0), h.since_seq)):
        seats.setdefault(holding.seat_nomination, []).append(holding.person)
    vacant, pending, reduced = [], [], 0
    for proc in ledger.procedures:
        decision = proc.decision
        if decision is None:
            continue
        # a referred seat is empty meanwhile, unless the departure itself is referred (he keeps it)
        if decision.outcome != "successor" and not decision.keeps_seat and proc.filled_by is None:
            vacant.append(
                {
                    "seat_of": proc.holding.person,
                    "since": proc.date.isoformat(),
                    "determination": keys[proc.index],
                    "why": decision.outcome,
                }
            )
        if decision.payload and decision.payload.get("member_count_reduced"):
            reduced += 1
        if proc.state == "pending" and proc.pending:
            pending.append(
                {"person": proc.pending.person, "seat_of": proc.holding.person, "since": proc.pending.start.isoformat()}
            )
    legal = case.body_seats - reduced if case.body_seats is not None else None
    return {
        "as_of": ledger.as_of.isoformat() if ledger.as_of else None,
        "legal_member_count": legal,
        "seats": [
            {"nomination": nid, "holders": holders}
            for nid, holders in sorted(seats.items(), key=lambda kv: order.get(kv[0], 0))
        ],
        "vacant": vacant,
        "pending": pending,
        "unfilled_at_election": case.body_unfilled_seats,
    }

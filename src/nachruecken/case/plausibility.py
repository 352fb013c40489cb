"""Plausibility warnings: a case that decides, but probably not the case the office meant.

Each is a (code, params) pair in words in ``explain.REPLAY_WARNINGS``; none changes a determination.
"""

from __future__ import annotations

from nachruecken.case.model import Case

# Events that belong to the procedure after an election; dated before it, they are a typing error
# more likely than a fact (party membership and eligibility may well change before the election).
AFTER_ELECTION_TYPES = frozenset(
    {"refused", "accepted", "notified", "resigned", "lost_seat", "called", "lot_drawn", "waived", "evidence_missing"}
)


def case_warnings(case: Case) -> list[tuple[str, dict]]:
    """What the case file alone shows."""
    out: list[tuple[str, dict]] = []
    # at the election: a by-election's winners fill seats the election's elected left
    elected = sorted({c.person for n in case.nominations if n.by_election is None for c in n.candidates if c.elected})
    if case.body_seats is not None and len(elected) > case.body_seats:
        out.append(("elected_over_seats", {"elected": str(len(elected)), "seats": str(case.body_seats)}))
    if case.election_date is not None:
        early = sorted(
            (e for e in case.events if e.date < case.election_date and e.type in AFTER_ELECTION_TYPES),
            key=lambda e: (e.date, e.person, e.type),
        )  # not the file's order of same-date events
        if early:
            listed = ", ".join(f"{e.person} ({e.type}, {e.date.isoformat()})" for e in early[:5])
            more = f" +{len(early) - 5}" if len(early) > 5 else ""
            out.append(
                ("events_before_election", {"events": listed + more, "election": case.election_date.isoformat()})
            )
    return out


def departure_hint(code: str, params: dict, case: Case) -> tuple[str, dict]:
    """A departure of someone who holds no seat: if the case never gave them one, the likely slip is
    a missing ``elected: true``."""
    if code not in ("no_seat", "resigned_by_candidate") or params.get("type") == "elected_mayor":
        return code, params  # (a candidate may be elected mayor without holding a seat)
    person = params["person"]
    day = params["date"]  # only what the case holds by the departure's date (a later call changes nothing)
    ever = any(c.person == person and c.elected for n in case.nominations for c in n.candidates) or any(
        e.person == person and e.type == "called" and e.date.isoformat() <= day for e in case.events
    )
    if ever:
        return code, params
    return ("no_seat_never_elected" if code == "no_seat" else f"{code}_never_elected", {"type": "resigned", **params})


def result_warnings(case: Case, determinations: list[dict]) -> list[tuple[str, dict]]:
    """What the determinations show: a seat left without successor because its Wahlvorschlag, as the
    case gives it, has nobody left (every name elected or passed over): the rest of the list may be
    missing from the case."""
    out = []
    for det in determinations:  # one warning per empty seat: neither file order nor `vacancy:` decides
        # only an empty seat under list rules: under Mehrheitswahl, or where a new election fills the
        # seat, the list's length is beside the point
        if det["outcome"] != "vacant" or case.election == "majority" or not det.get("seat_nomination"):
            continue
        try:
            nom = case.nomination(det["seat_nomination"])
        except KeyError:  # a seat held through a group reference, not one nomination
            continue
        if nom.group_kind == "individual" or len(nom.candidates) < 2:
            continue  # an Einzelbewerber has no list to be incomplete
        listed = {c["person"] for c in det["candidates"] if c["nomination"] == nom.id}
        if not (listed - {c["person"] for c in det["candidates"] if c["status"] == "skipped"}):
            out.append(
                (
                    "nomination_without_reserve",
                    {"nomination": nom.name or nom.id, "person": det["vacancy"], "n": str(len(nom.candidates))},
                )
            )
    return out

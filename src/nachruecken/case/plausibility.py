"""Plausibility warnings: a case that decides, but probably not the case the office meant.

Each is a (code, params) pair in words in ``law/warning_texts.py``; none changes a determination.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from nachruecken.case.model import Case

# Events that belong to the procedure after an election; dated before it, they are a typing error
# more likely than a fact (party membership and eligibility may well change before the election).
AFTER_ELECTION_TYPES = frozenset(
    {"refused", "accepted", "notified", "resigned", "lost_seat", "called", "lot_drawn", "waived", "evidence_missing"}
)


def case_warnings(case: Case) -> list[tuple[str, dict]]:
    """What the case file alone shows."""
    out: list[tuple[str, dict]] = []
    if case.cleaned_names:
        out.append(("name_unprintable", {"persons": ", ".join(case.cleaned_names)}))
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


# --- vote order -------------------------------------------------------------------------------------
# Where an election gives a nomination's seats to its candidates by their votes, nobody elected on it
# has fewer votes than someone of it who was not elected, unless an event explains it. Each state's
# rules (its family of texts: the election is the same under every version):
# - tier: the nominations it covers (list, district), or ``field`` - every candidate of a Mehrheitswahl;
# - seat: ``any`` elected of the nomination, or only those on a ``personal`` (Personenwahl) seat;
# - body: ``any`` body, or only a ``municipal`` council;
# - norm: the norm the order rests on. The statutes encoded order the Ersatzpersonen; the election's own
#   allocation is cited where the material has it, elsewhere the succession's order stands for it (a
#   reading: the succession continues the election's order).
@dataclass(frozen=True)
class ByVotes:
    tier: str
    norm: str
    seat: str = "any"
    body: str = "any"


# A Mehrheitswahl elects the candidates with the most votes, whatever the state: that is what makes it
# one (Hessen § 34 Abs. 1a with § 1 Abs. 2 KWG, Brandenburg § 60 Abs. 5 with § 5 Abs. 1 Satz 2
# BbgKWahlG walk it by votes too; NRW, M-V and Hamburg have no rule of their own for it).
MAJORITY = "Mehrheitswahl"
VOTE_ORDER: dict[str, tuple[ByVotes, ...]] = {
    # § 34 Abs. 1 Satz 1 KWG (both texts): "der nächste ... Bewerber des Wahlvorschlags mit den meisten
    # Stimmen" - the voters' kumulieren and panaschieren order each Wahlvorschlag by personal votes
    "he": (
        ByVotes("list", "§ 34 Abs. 1 Satz 1 KWG"),
        ByVotes("district", "§ 34 Abs. 1 Satz 1 KWG"),
        ByVotes("field", "§ 34 Abs. 1a KWG"),
    ),
    # § 45 Abs. 2 KWahlG: the Reserveliste goes by list place; a Wahlbezirk elects one person
    "nw": (ByVotes("field", MAJORITY),),
    # § 60 Abs. 2 Satz 1 BbgKWahlG (the Ersatzpersonen by votes, as the seats within a list: the official
    # description of the system; § 48 itself is not in the material); Abs. 5 for a Mehrheitswahl
    "bb": (
        ByVotes("list", "§ 60 Abs. 2 Satz 1 BbgKWahlG"),
        ByVotes("district", "§ 60 Abs. 2 Satz 1 BbgKWahlG"),
        ByVotes("field", "§ 60 Abs. 5 BbgKWahlG"),
    ),
    # § 33 Abs. 2 Satz 3 LKWG M-V: municipal Ersatzpersonen by votes (a Landesliste goes by list place,
    # § 58 Abs. 5)
    "mv": (
        ByVotes("list", "§ 33 Abs. 2 Satz 3 LKWG M-V", body="municipal"),
        ByVotes("district", "§ 33 Abs. 2 Satz 3 LKWG M-V", body="municipal"),
        ByVotes("field", MAJORITY),
    ),
    # § 4 Abs. 3 BezVWG: a Wahlkreisliste's seats by personal votes; § 5 Abs. 8: a Bezirksliste's
    # Personenwahl seats by personal votes (a reading; its Listenwahl seats go by list place, § 5 Abs. 7)
    "hh": (
        ByVotes("district", "§ 4 Abs. 3 BezVWG"),
        ByVotes("list", "§ 5 Abs. 8 BezVWG", seat="personal"),
        ByVotes("field", MAJORITY),
    ),
    # Art. 36 Satz 1 GLKrWG: a Wahlvorschlag's seats go to its candidates in the order of their votes
    # (Satz 2: equal votes, the lot)
    "by": (
        ByVotes("list", "Art. 36 Satz 1 GLKrWG"),
        ByVotes("district", "Art. 36 Satz 1 GLKrWG"),
        ByVotes("field", MAJORITY),
    ),
    # § 45 Abs. 2 Satz 2 KWG (Rheinland-Pfalz): under Verhältniswahl the Ersatzpersonen go by their votes (the
    # allocation of the seats themselves is not in the material: the succession's order stands for it);
    # Abs. 3 Satz 1: a Mehrheitswahl by the highest vote count. Municipal and county bodies only: the Bezirkstag
    # walks the next candidate, with no vote count (§ 66 Abs. 2 Satz 2 KWO, reading rp.bezirkstag_order), and
    # the KWG does not govern the Landtag.
    "rp": (
        ByVotes("list", "§ 45 Abs. 2 Satz 2 KWG", body="municipal"),
        ByVotes("district", "§ 45 Abs. 2 Satz 2 KWG", body="municipal"),
        ByVotes("field", "§ 45 Abs. 3 Satz 1 KWG", body="municipal"),
    ),
    # Sachsen, the election's own allocation: § 21 Abs. 2 Satz 1 KomWG (one Wahlkreis) and § 22 Abs. 3 Satz 1
    # (several) give a Wahlvorschlag's seats to its candidates in the order of their votes; § 23 Satz 1 elects
    # a Mehrheitswahl's candidates with the most votes. (The published order of Ersatzpersonen, § 51 Abs. 1
    # KomWO, orders the succession, not the election.) The SächsGemO governs the Gemeinderat only.
    "sn": (
        ByVotes("list", "§ 21 Abs. 2 Satz 1 KomWG", body="municipal"),
        ByVotes("district", "§ 22 Abs. 3 Satz 1 KomWG", body="municipal"),
        ByVotes("field", "§ 23 Satz 1 KomWG", body="municipal"),
    ),
    # § 41 Abs. 2 Satz 1 KWG LSA: the nächst festgestellte Bewerber go by their votes, equal votes by list
    # place (candidates without a count follow, Satz 2, and are compared with nobody); the allocation itself
    # is not in the material: the succession's order stands for it. Satz 3: a Mehrheitswahl by votes. Not
    # the Landtag.
    "st": (
        ByVotes("list", "§ 41 Abs. 2 Satz 1 Halbsatz 1 KWG LSA", body="municipal"),
        ByVotes("district", "§ 41 Abs. 2 Satz 1 Halbsatz 1 KWG LSA", body="municipal"),
        ByVotes("field", "§ 41 Abs. 2 Satz 3 KWG LSA", body="municipal"),
    ),
}
# What can keep a candidate with more votes from a seat at the election: he refused it, died, or was not
# eligible or held an incompatible post, before the elected declared (within four weeks of the
# election, or up to the start of the Wahlperiode where the case gives it). A lot decides only a tie,
# and a tie breaks no order.
EXPLAINING_TYPES = frozenset({"refused", "died", "lost_eligibility", "incompatibility"})


def vote_order_breaks(case: Case, state: str) -> list[tuple[str, tuple[str, int], list[tuple[str, int]], str]]:
    """(nomination, the elected with the fewest votes, those not elected with more, norm) for each
    nomination (or Mehrheitswahl) whose seats go by votes and whose election breaks that order with no
    event to explain it. A candidate without a vote count is not compared: the case does not say it."""
    rules = [r for r in VOTE_ORDER.get(state, ()) if r.body in ("any", case.body_kind)]
    elected_anywhere = {p for p, entries in case.candidacies.items() if any(c.elected for _, c in entries)}
    noms = [n for n in case.nominations if n.by_election is None]
    scopes = []
    if case.election == "majority":
        scopes += [(MAJORITY, r, [c for n in noms for c in n.candidates]) for r in rules if r.tier == "field"]
    else:
        scopes += [(n.name or n.id, r, n.candidates) for n in noms for r in rules if r.tier == n.tier]
    out = []
    for label, rule, entries in scopes:
        seated = [(c.votes, c.person) for c in entries if c.elected and c.votes is not None]
        seated = [s for s in seated if rule.seat == "any" or _seat(entries, s[1]) == rule.seat]
        if not seated:
            continue
        low, who = min(seated)
        above = sorted(
            {
                (c.person, c.votes)
                for c in entries
                if c.person not in elected_anywhere and c.votes is not None and c.votes > low
            },
            key=lambda pv: (-pv[1], pv[0]),
        )
        above = [(p, v) for p, v in above if not _explained(case, p)]
        if above:
            out.append((label, (who, low), above, rule.norm))
    return out


def _seat(entries, person: str) -> str | None:
    return next((c.seat for c in entries if c.person == person and c.elected), None)


def _explained(case: Case, person: str) -> bool:
    """An event of ``person`` that could have kept him from his seat at the election."""
    limit = None
    if case.election_date is not None:
        limit = max(case.election_date + dt.timedelta(days=28), case.body_period_start or case.election_date)
    return any(
        e.person == person and e.type in EXPLAINING_TYPES and (limit is None or e.date <= limit) for e in case.events
    )


def vote_order_warnings(case: Case, state: str) -> list[tuple[str, dict]]:
    """The warning for each break of the vote order (``vote_order_breaks``), naming the persons and votes."""
    return [
        (
            "vote_order_broken",
            {
                "nomination": label,
                "elected": who,
                "votes": str(low),
                "above": ", ".join(f"'{p}' ({v})" for p, v in above),
                "norm": norm,
            },
        )
        for label, (who, low), above, norm in vote_order_breaks(case, state)
    ]

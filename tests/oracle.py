"""An independent reference implementation, in plain Python (no ASP), of who succeeds under
Hessen § 34 KWG and Brandenburg § 60 BbgKWahlG, default readings, one vacancy.

Written from the statutes, not from the encodings: it is the differential oracle for the
property test (tests/test_oracle.py) and the speed baseline of bench/run.py. It takes the plain
case data (the YAML structure) whose events hold at most one vacating event of a seat holder,
and returns (outcome, successor). In both states a refusal counts only when a call was open: on or
after the day the seat fell vacant (before it, no procedure is open and a refusal refuses nothing; in
Hessen too it is no waiver of the Anwartschaft, § 34 Abs. 2 Satz 1 Halbsatz 2, which a case records as
`waived`: issue 50).
"""

from __future__ import annotations

VACATING = ("died", "refused", "resigned", "lost_seat", "elected_mayor")


def _vacancy(case):
    holders = {c["id"]: n for n in case["nominations"] for c in n["candidates"] if c.get("elected")}
    for i, e in enumerate(sorted(enumerate(case.get("events", [])), key=lambda t: (t[1]["date"], t[0]))):
        ev = e[1]
        if ev["type"] in VACATING and ev["person"] in holders:
            return ev, holders[ev["person"]], holders, e[0]
    return None, None, holders, None


def _refused_in_time(case, person, vacancy_date):
    return any(
        e["person"] == person and e["type"] == "refused" and e["date"] >= vacancy_date for e in case.get("events", [])
    )


def _events_of(case, person, before=None):
    evs = sorted(enumerate(case.get("events", [])), key=lambda t: (t[1]["date"], t[0]))
    return [e for i, (_, e) in enumerate(evs) if e["person"] == person and (before is None or i < before)]


def _order(cands, zero_is_count=True):
    def key(ic):
        i, c = ic
        v = c.get("votes")
        counted = v is not None and (zero_is_count or v > 0)
        return (not counted, -(v or 0), c.get("position", i + 1))

    return [c for _, c in sorted(enumerate(cands), key=key)]


def hessen(case: dict) -> tuple[str, str | None]:
    ev, seat, holders, _ = _vacancy(case)
    if ev is None:
        return ("none", None)
    if case.get("body", {}).get("kind") == "landtag":
        return ("not_applicable", None)
    if ev["type"] == "elected_mayor":
        return ("referred", None)
    departed = ev["person"]

    def excluded(p):
        types = {e["type"] for e in _events_of(case, p)}
        return (
            bool(types & {"died", "lost_eligibility", "waived", "left_group", "expelled"})
            or _refused_in_time(case, p, ev["date"])
            or p in holders
        )

    if case.get("election") == "majority":
        pool = [
            c
            for n in case["nominations"]
            for c in _order(n["candidates"])
            if not c.get("elected") and not excluded(c["id"])
        ]
        if not pool:
            return ("vacant", None)
        top = max(c.get("votes", -1) for c in pool)
        tied = [c for c in pool if c.get("votes", -1) == top]
        return ("lot", None) if len(tied) > 1 else ("successor", tied[0]["id"])
    lists = [seat]
    if seat.get("tier") == "district" and seat.get("substitute_list"):
        lists.append(next(n for n in case["nominations"] if n["id"] == seat["substitute_list"]))
    for nom in lists:
        for c in _order(nom["candidates"]):
            if c.get("elected") or c["id"] == departed:
                continue
            if not excluded(c["id"]):
                return ("successor", c["id"])
    return ("vacant", None)


def brandenburg(case: dict) -> tuple[str, str | None]:
    ev, seat, holders, vac_index = _vacancy(case)
    if ev is None:
        return ("none", None)
    if case.get("body", {}).get("kind") == "landtag":
        return ("not_applicable", None)
    election = case.get("election_date")

    def excluded(p, nom):
        evs = _events_of(case, p, before=None)
        types = {e["type"] for e in evs}
        if types & {"died", "waived", "lost_eligibility"} or _refused_in_time(case, p, ev["date"]) or p in holders:
            return True
        if nom.get("group_kind", "party") == "party":
            exits = [
                i
                for i, e in enumerate(evs)
                if e["type"] in ("left_group", "expelled") and (election is None or e["date"] > election)
            ]
            before = _events_of(case, p, before=vac_index)
            for i in exits:
                if any(e["type"] == "group_notice" for e in before[i + 1 :]):
                    return True
        return False

    if case.get("election") == "majority":
        pool = [
            (c, n)
            for n in case["nominations"]
            for c in _order(n["candidates"])
            if not c.get("elected") and not excluded(c["id"], n)
        ]
        if not pool:
            return ("vacant", None)
        top = max(c.get("votes", -1) for c, _ in pool)
        tied = [c for c, _ in pool if c.get("votes", -1) == top]
        return ("lot", None) if len(tied) > 1 else ("successor", tied[0]["id"])
    if seat.get("group_kind", "party") == "individual":
        return ("vacant", None)
    for c in _order(seat["candidates"]):
        if not c.get("elected") and c["id"] != ev["person"] and not excluded(c["id"], seat):
            return ("successor", c["id"])
    if seat.get("tier") == "district":
        others = [
            (i, n)
            for i, n in enumerate(case["nominations"])
            if n.get("group", n["id"]) == seat.get("group", seat["id"])
            and n["id"] != seat["id"]
            and n.get("tier") == "district"
            and any(c.get("elected") for c in n["candidates"])
        ]
        pool = []
        for i, n in others:
            for j, c in enumerate(n["candidates"]):
                if not c.get("elected"):
                    v = c.get("votes")
                    pool.append(((v is None, -(v or 0), i, c.get("position", j + 1)), c, n))
        for _, c, n in sorted(pool, key=lambda t: t[0]):
            if not excluded(c["id"], n):
                return ("successor", c["id"])
    return ("vacant", None)


ORACLES = {"he-kwg-34": hessen, "bb-kwahlg-60": brandenburg}

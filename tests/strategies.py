"""Hypothesis strategies: valid case files (plain data) for each statute.

Cases are small and varied: lists and district nominations, elected and not elected persons,
exclusion events before the vacancies, one to three vacating events. Vote counts are distinct
across the case, so no tie between two lists is ever decided by ballot order.
"""

from __future__ import annotations

import datetime as dt

from hypothesis import strategies as st

from nachruecken.law.statutes import STATUTE_IDS

STATUTES = STATUTE_IDS  # every encoded text, in the registry's order
# a later version is generated like the text it amends (the case keys are the same)
BASE = {"he-kwg-34-2011": "he-kwg-34", "nw-kwahlg-45-2024": "nw-kwahlg-45"}
EXCLUSION_EVENTS = (
    "died",
    "lost_eligibility",
    "left_group",
    "expelled",
    "waived",
    "refused",
    "rejoined",
    "evidence_missing",
)
VACATING = ("died", "resigned", "lost_seat", "refused", "elected_mayor")
SALUTATIONS = (None, "Frau", "Herr", "divers")


@st.composite
def cases(draw, statute: str) -> dict:
    votes_pool = iter(draw(st.permutations(range(0, 400)))[:200])
    counter = iter(range(1000))
    nominations: list[dict] = []

    def person() -> str:
        return f"p{next(counter)}"

    def candidates(n_min, n_max, elected_max, seat_types=False, votes=True):
        n = draw(st.integers(n_min, n_max))
        k = draw(st.integers(0, min(elected_max, n)))
        out = []
        for i in range(n):
            c = {"id": person()}
            # a salutation on some candidates, taken from the id (no draw: the examples stay as they were);
            # display only, it must survive every format and change no decision
            salutation = SALUTATIONS[int(c["id"][1:]) % len(SALUTATIONS)]
            if salutation:
                c["salutation"] = salutation
            if votes:
                c["votes"] = next(votes_pool)
            if i < k:
                c["elected"] = True
                if seat_types:
                    c["seat"] = draw(st.sampled_from(["list", "personal"]))
            out.append(c)
        # the elected usually have the most votes; not always (mandates by list place exist too)
        return out

    for g in range(draw(st.integers(1, 2))):
        group = f"g{g}"
        kind = (
            "party" if BASE.get(statute, statute) == "hh-bezvwg-36" else draw(st.sampled_from(["party", "voter_group"]))
        )
        if BASE.get(statute, statute) == "nw-kwahlg-45":
            winners = []
            for d in range(draw(st.integers(0, 2))):
                w = {"id": person(), "elected": True}
                winners.append(w["id"])
                nominations.append(
                    {
                        "id": f"{group}-wb{d}",
                        "group": group,
                        "group_kind": kind,
                        "tier": "district",
                        "district": f"wb{d}",
                        "candidates": [w],
                    }
                )
            reserve = candidates(1, 5, 2, votes=False)
            reserve[len(reserve) // 2 : len(reserve) // 2] = [{"id": w} for w in winners if draw(st.booleans())]
            if len(reserve) > 1 and draw(st.booleans()):
                target = draw(
                    st.sampled_from(winners + [c["id"] for c in reserve if c.get("elected")] or [reserve[0]["id"]])
                )
                subst = reserve[-1]
                if subst["id"] != target and "elected" not in subst:
                    subst["substitute_for"] = [target]
            nominations.append({"id": f"{group}-rl", "group": group, "group_kind": kind, "candidates": reserve})
        elif BASE.get(statute, statute) == "hh-bezvwg-36":
            for d in range(draw(st.integers(1, 2))):
                nominations.append(
                    {
                        "id": f"{group}-wk{d}",
                        "group": group,
                        "tier": "district",
                        "district": f"wk{d}",
                        "candidates": candidates(1, 4, 1),
                    }
                )
            if draw(st.booleans()):
                nominations.append(
                    {"id": f"{group}-bl", "group": group, "candidates": candidates(1, 5, 2, seat_types=True)}
                )
        else:
            if draw(st.booleans()):
                nominations.append(
                    {"id": f"{group}-l", "group": group, "group_kind": kind, "candidates": candidates(1, 6, 2)}
                )
            else:
                ids = [f"{group}-d0", f"{group}-d1"]
                for d, nid in enumerate(ids):
                    nom = {
                        "id": nid,
                        "group": group,
                        "group_kind": kind,
                        "tier": "district",
                        "district": f"d{d}",
                        "candidates": candidates(1, 4, 1),
                    }
                    if BASE.get(statute, statute) == "he-kwg-34" and draw(st.booleans()):
                        nom["substitute_list"] = ids[1 - d]
                    nominations.append(nom)
    if draw(st.booleans()):
        nominations.append(
            {
                "id": "solo",
                "group": "solo",
                "group_kind": "individual",
                **(
                    {"tier": "district", "district": "wk9"}
                    if BASE.get(statute, statute) in ("nw-kwahlg-45", "hh-bezvwg-36")
                    else {}
                ),
                "candidates": [{"id": person(), "votes": next(votes_pool), "elected": True}],
            }
        )

    elected = sorted(
        {c["id"] for n in nominations for c in n["candidates"] if c.get("elected")}, key=lambda p: int(p[1:])
    )
    others = sorted({c["id"] for n in nominations for c in n["candidates"]} - set(elected), key=lambda p: int(p[1:]))
    day = dt.date(2020, 1, 1)
    events: list[dict] = []
    for p in others:
        for etype in draw(st.lists(st.sampled_from(EXCLUSION_EVENTS), max_size=2, unique=True)):
            if etype == "died":
                continue  # added last, below, so nothing follows a death
            events.append({"date": day.isoformat(), "person": p, "type": etype})
            if etype in ("left_group", "expelled") and draw(st.booleans()):
                day += dt.timedelta(days=3)
                events.append({"date": day.isoformat(), "person": p, "type": "group_notice"})
            day += dt.timedelta(days=draw(st.integers(1, 40)))
        if draw(st.integers(0, 9)) == 0:
            events.append({"date": day.isoformat(), "person": p, "type": "died"})
            day += dt.timedelta(days=1)
    day = dt.date(2021, 1, 1)
    leaving = (
        draw(st.lists(st.sampled_from(elected), min_size=1 if elected else 0, max_size=3, unique=True))
        if elected
        else []
    )
    for p in leaving:
        events.append({"date": day.isoformat(), "person": p, "type": draw(st.sampled_from(VACATING))})
        day += dt.timedelta(days=draw(st.integers(10, 200)))
    case = {"statute": statute, "election_date": "2019-05-26", "nominations": nominations, "events": events}
    if (
        BASE.get(statute, statute) in ("he-kwg-34", "bb-kwahlg-60")
        and draw(st.integers(0, 5)) == 0
        and len(nominations) >= 1
    ):
        # Mehrheitswahl: in Hessen one Wahlvorschlag, in Brandenburg single-person nominations
        case["election"] = "majority"
    if BASE.get(statute, statute) == "mv-lkwg-46" and draw(st.booleans()):
        case["body"] = {"seats": len(elected) + draw(st.integers(0, 3))} if elected else {}
    return case


@st.composite
def terms(draw, statute: str) -> dict:
    """A whole term: a case of ``cases`` whose vacancies are followed by what happens to the calls -
    notifications, acceptances (some conditional), refusals, waivers, deaths - within days of each."""
    case = draw(cases(statute))
    elected = {c["id"] for n in case["nominations"] for c in n["candidates"] if c.get("elected")}
    others = sorted({c["id"] for n in case["nominations"] for c in n["candidates"]} - elected)
    dead = {e["person"] for e in case["events"] if e["type"] == "died"}
    living = [p for p in others if p not in dead]
    vacancies = [e for e in case["events"] if e["type"] in VACATING and e["person"] in elected]
    extra: list[dict] = []
    for vac in vacancies:
        if not living:
            break
        day = dt.date.fromisoformat(vac["date"])
        for p in draw(st.lists(st.sampled_from(living), max_size=2, unique=True)):
            d = day + dt.timedelta(days=draw(st.integers(0, 3)))
            if draw(st.booleans()):
                extra.append({"date": d.isoformat(), "person": p, "type": "notified"})
            d += dt.timedelta(days=draw(st.integers(0, 12)))
            kind = draw(st.sampled_from(["accepted", "reserved", "refused", "waived", "died"]))
            if kind == "reserved":
                extra.append({"date": d.isoformat(), "person": p, "type": "accepted", "reservation": True})
            else:
                extra.append({"date": d.isoformat(), "person": p, "type": kind})
            if kind == "died":
                living.remove(p)
    # nothing may follow a person's death in the file
    died_on = {e["person"]: e["date"] for e in case["events"] + extra if e["type"] == "died"}
    events = [
        e
        for e in case["events"] + extra
        if e["person"] not in died_on
        or e["date"] < died_on[e["person"]]
        or (e["type"] == "died" and e["date"] == died_on[e["person"]])
    ]
    return {**case, "events": events}

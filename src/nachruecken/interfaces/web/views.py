"""What a case page shows, as plain data for its template: the body now (members, empty seats, pending
calls), the term's events, each determination with its ranking and reasons (the same result ``solve``
prints, from the same code), "warum nicht X?" for any person, and what a change altered."""

from __future__ import annotations

import re

from nachruecken.case.words import german_word
from nachruecken.law.dates import long_iso
from nachruecken.law.texts import LABELS, TRIGGER_PHRASE, membership_summary, reason_words, status_word
from nachruecken.output.documents import feststellung as doc
from nachruecken.output.formats import outcome_line
from nachruecken.output.terminal import HEAD

STATE_NAMES = {
    "he": "Hessen",
    "nw": "NRW",
    "bb": "Brandenburg",
    "mv": "Mecklenburg-Vorpommern",
    "hh": "Hamburg",
    "rp": "Rheinland-Pfalz",
    "sh": "Schleswig-Holstein",
    "st": "Sachsen-Anhalt",
    "by": "Bayern",
    "sn": "Sachsen",
}


def state_name(statute: str) -> str:
    """The state of a statute code or id ("nw-kwahlg-45" -> "NRW"), as an office names it."""
    return STATE_NAMES.get(statute.split("-")[0], statute)


def with_names(case, lines: list[str]) -> list[str]:
    """Lines with each quoted person id ('doris-kaiser') as the person's name (Doris Kaiser)."""
    names = {f"'{p}'": case.display(p) for p in case.persons() if case.display(p) != p}
    if not names:
        return lines
    pattern = re.compile("|".join(re.escape(k) for k in sorted(names, key=len, reverse=True)))
    return [pattern.sub(lambda m: names[m.group(0)], line) for line in lines]


def composition_view(case, comp: dict | None, lang: str) -> dict:
    """Members by nomination, empty seats and pending calls, in words."""
    if not comp:
        return {"as_of": "", "legal": None, "seats": [], "vacant": [], "pending": []}
    h, lab = HEAD[lang], LABELS[lang]
    return {
        "as_of": long_iso(comp["as_of"], lang),
        "legal": comp["legal_member_count"],
        "seats": [
            {"list": case.nomination_display(s["nomination"]), "members": [case.display(p) for p in s["holders"]]}
            for s in comp["seats"]
        ],
        "vacant": [
            h["seat_of"].format(
                who=case.display(v["seat_of"]), since=long_iso(v["since"], lang), why=lab.get(v["why"], v["why"])
            )
            for v in comp["vacant"]
        ],
        "pending": [
            h["pending_of"].format(
                name=case.display(p["person"]), who=case.display(p["seat_of"]), since=long_iso(p["since"], lang)
            )
            for p in comp["pending"]
        ],
    }


def event_rows(case, raw_events: list, w: dict[str, str]) -> list[dict]:
    """The events as the file lists them (``index`` addresses one for correcting or deleting)."""
    from nachruecken.case.words import event_word

    rows: list[dict] = []
    for i, ev in enumerate(raw_events):
        if not isinstance(ev, dict):
            continue
        found = event_word(str(ev.get("type", "")))
        word = str(ev.get("type", ""))
        if found and word == found[0]:  # an English type: shown as the office's word
            word = german_word(found[0], bool(ev.get("reservation")))
        details = []
        if ev.get("received"):
            details.append(f"{w['received']} {_day(ev['received'])}")
        if ev.get("form"):
            details.append(w.get(str(ev["form"]), str(ev["form"])))
        for key in ("nomination", "seat_of", "ground", "group"):
            if ev.get(key):
                details.append(f"{key}: {ev[key]}")
        if ev.get("note"):
            details.append(str(ev["note"]))
        person = ev.get("person")
        seats_of = ", ".join(case.display(p) for p in ev.get("seats_of", []) or [])
        rows.append(
            {
                "index": i,
                "date": _day(ev.get("date")),
                "sort": str(ev.get("date", "")),
                "person": case.display(person) if person else seats_of,
                "word": word,
                "details": "; ".join(details),
            }
        )
    return sorted(rows, key=lambda r: _sort_key(r["sort"]))  # by date; a day keeps the file's order


def _sort_key(value: str) -> str:
    from nachruecken.case.words import office_date

    day = office_date(value)
    return day.isoformat() if day else value


def _day(value) -> str:
    """A file's date as the office writes it (TT.MM.JJJJ)."""
    from nachruecken.case.words import office_date

    day = office_date(str(value)) if value else None
    return day.strftime("%d.%m.%Y") if day else str(value or "")


def determination_views(case, result: dict, lang: str) -> list[dict]:
    keys = doc.keys_of(result)
    return [_determination(case, det, key, lang) for key, det in zip(keys, result["determinations"])]


def _determination(case, det: dict, key: str, lang: str) -> dict:
    trigger = TRIGGER_PHRASE[lang].get(det["trigger"], det["trigger"])
    m = det.get("membership")
    return {
        "key": key,
        "seat_of": case.display(det["vacancy"]),
        "list": case.nomination_display(det["seat_nomination"]),
        "date": long_iso(det["date"], lang),
        "trigger": trigger,
        "outcome": det["outcome"],
        "outcome_line": outcome_line(det, case, lang),
        "candidates": [
            {
                "rank": c["rank"],
                "person": case.display(c["person"]),
                "list": case.nomination_display(c["nomination"]),
                "votes": "" if c.get("votes") is None else f"{c['votes']:,}".replace(",", "." if lang == "de" else ","),
                "place": "" if c.get("position") is None else c["position"],
                "status": c["status"],
                "status_word": status_word(c["status"], det.get("statute"), lang),
                "reason": reason_words(c, lang),
                "citation": c["citation"],
                "explanation": c["explanation"],
            }
            for c in det["candidates"]
        ],
        "grounds": [f"{g['citation']}: {g['explanation']}" for g in det["grounds"]],
        "notes": [f"{n['citation']}: {n['explanation']}" for n in det.get("notes", [])],
        "membership": membership_summary(m, lang) if m else "",
        "assumption": (m or {}).get("assumption") or "",
        "documents": [kind for kind in doc.KINDS if doc.applies(kind, det)],
    }


def why_not(case, result: dict, person: str, lang: str, w: dict[str, str]) -> list[str]:
    """Every place the person has in a determination's ranking, in words; or why there is none."""
    if person not in case.persons():
        return []
    name = case.display(person)
    lines = []
    for det in result["determinations"]:
        seat = case.display(det["vacancy"])
        for c in det["candidates"]:
            if c["person"] != person:
                continue
            if c["status"] == "successor":
                lines.append(w["why_successor"].format(seat=seat, name=name, citation=c["citation"]))
            else:
                status = status_word(c["status"], det.get("statute"), lang)
                reason = reason_words(c, lang)
                lines.append(
                    w["why_row"].format(
                        seat=seat,
                        status=f"{status} ({reason})" if reason else status,
                        explanation=c["explanation"],
                        citation=c["citation"],
                    )
                )
    comp = result.get("composition") or {}
    if any(person in s["holders"] for s in comp.get("seats", [])):
        lines.append(w["why_sits"].format(name=name))
    return lines or [w["why_nowhere"].format(name=name)]


def changes(case, before: dict | None, after: dict, lang: str, w: dict[str, str]) -> list[str]:
    """What a change of the file altered in the determinations ("Neu: Sitz von X → Y")."""
    if before is None:
        return []
    old = dict(zip(doc.keys_of(before), before["determinations"]))
    new = dict(zip(doc.keys_of(after), after["determinations"]))
    lines = []
    for key, det in new.items():
        seat, now = case.display(det["vacancy"]), outcome_line(det, case, lang)
        if key not in old:
            lines.append(w["change_new"].format(seat=seat, now=now))
        elif outcome_line(old[key], case, lang) != now:
            lines.append(w["change_changed"].format(seat=seat, before=outcome_line(old[key], case, lang), now=now))
    for key, det in old.items():
        if key not in new:
            lines.append(
                w["change_gone"].format(seat=case.display(det["vacancy"]), before=outcome_line(det, case, lang))
            )
    was, sits = _members(before), _members(after)
    lines += [w["change_joined"].format(name=case.display(p)) for p in sorted(sits - was, key=case.display)]
    lines += [w["change_left"].format(name=case.display(p)) for p in sorted(was - sits, key=case.display)]
    return lines or [w["no_change"]]


def _members(result: dict) -> set[str]:
    return {p for s in (result.get("composition") or {}).get("seats", []) for p in s["holders"]}


def person_choices(case, comp: dict | None) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The persons an event can concern: the members now, then everyone else on a nomination (by name)."""
    sitting = {p for s in (comp or {}).get("seats", []) for p in s["holders"]}
    ordered = sorted(case.persons(), key=lambda p: (case.display(p).split()[-1:], case.display(p)))
    members = [(p, case.display(p)) for p in ordered if p in sitting]
    others = [(p, case.display(p)) for p in ordered if p not in sitting]
    return members, others

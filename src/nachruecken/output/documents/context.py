"""What a Feststellung template may say about one determination, from the case and the result only:
the departure and its event, the rule applied, the operative part (``operative``), the persons passed
over, the membership of the successor, the readings that depart from the defaults, and the points the
office must check before signing.
"""

from __future__ import annotations

import re

from nachruecken.law.statutes import load_statute, reading_defaults
from nachruecken.law.texts import CALL_END_WORDS, MEMBERSHIP_WORDS, deadline_note, reason_words
from nachruecken.law.wording import capital, readings_line
from nachruecken.output.documents.operative import operative
from nachruecken.output.documents.phrases import EVENT_SENTENCE, MEMBERSHIP_SENTENCE, TITLES, blank, day_text


def context(result: dict, case, det: dict, lang: str) -> dict:
    """Everything a template may say about one determination, from the case and the result only."""
    # a person the case names by id only gets a marked blank: the document must not pass an id off
    # as a name
    # names without the Anrede: the operative sentences put them in the dative ("an die Stelle von …")
    name = lambda pid: person_name(case, pid, lang, with_salutation=False)
    outcome = det["outcome"]
    rule, membership_grounds = _rule_and_membership_grounds(det)
    own_texts = load_statute(det["statute"]).texts
    kept = outcome == "referred" and det.get("holder_keeps_seat")
    # a statute under which the successor's standing begins with this determination (Hessen from 2011)
    with_determination = own_texts.get("feststellung@membership", {}).get(lang)
    text, open_points, reading_check = operative(result, case, det, lang, name, with_determination)
    defaults = reading_defaults(result["statute"])
    readings = readings_line({k: v for k, v in det.get("readings", {}).items() if defaults.get(k) != v}, lang)
    checks = [w for w in result["warnings"] if _concerns(w, det, result)] + [n["explanation"] for n in det["notes"]]
    if reading_check:
        checks.append(reading_check)
    return {
        "lang": lang,
        "kept": kept,
        "title": TITLES[lang]["kept" if kept else (outcome if outcome in TITLES[lang] else "other")],
        "body": case.body_name,
        "departed": {
            "name": name(det["vacancy"]),
            "nomination": case.nomination_display(det["seat_nomination"]),
            "event": _event(case, det, lang, own_texts),
            "date": day_text(det["date"], lang),
            "grounds": det["trigger_grounds"],
        },
        "rule": rule,
        "passed": _passed_over(case, det, lang, name),
        "operative": text,
        "open_points": open_points,
        "membership": _membership(det, lang, name, with_determination),
        "membership_grounds": membership_grounds,
        "statute_id": det["statute"],
        "statute_version": det["statute_version"],
        "version_basis": det.get("version_basis", ""),
        "readings": readings,
        "checks": checks,
        "blank": blank,
    }


SALUTATION = {"de": {"Frau": "Frau", "Herr": "Herr"}, "en": {"Frau": "Ms", "Herr": "Mr"}}


def salutation_of(case, pid: str) -> str | None:
    """The person's Anrede as the case gives it on any of his candidacies (None: not given)."""
    return next((c.salutation for _, c in case.candidacies.get(pid, ()) if getattr(c, "salutation", None)), None)


def person_name(case, pid: str, lang: str, with_salutation: bool = True) -> str:
    """A person as a document names him: "Frau Anna Beispiel" where the case gives the Anrede (no
    word for "divers" or none), his name alone otherwise; a person named by id only is a blank."""
    name = case.names.get(pid)
    if not name:
        return blank(f"{'Name von' if lang == 'de' else 'name of'} {pid}")
    word = SALUTATION[lang].get(salutation_of(case, pid) or "") if with_salutation else None
    return f"{word} {name}" if word else name


def _rule_and_membership_grounds(det: dict) -> tuple[list, list]:
    """The grounds of the rule applied, and (for a successor) those of the membership rules."""
    grounds = det["grounds"]
    # the outcome ground splits the grounds: the rule applied before it, the membership rules after it
    k = next((i for i, g in enumerate(grounds) if det["outcome_ground"] and g == det["outcome_ground"]), len(grounds))
    rule = grounds[:k] or grounds[:1]
    membership_grounds = grounds[k + 1 :] if det["outcome"] == "successor" else []
    return rule, membership_grounds


def _passed_over(case, det: dict, lang: str, name) -> list[dict]:
    """The persons passed over, each with the reason, its day and its norms."""
    passed = [
        {
            "name": name(c["person"]),
            "nomination": case.nomination_display(c["nomination"]),
            "reason": reason_words(c, lang),
            "date": day_text(c.get("reason_date"), lang),
            "explanation": c["explanation"],
            "citation": ", ".join(dict.fromkeys([c["citation"]] + [n["citation"] for n in c.get("norms", [])])),
        }
        for c in det["candidates"]
        if c["status"] == "skipped"
    ]
    # a call that failed after the person was reached is part of the record too (not one the replay
    # would have made where the office called another: that is a point to check, not a fact of the act)
    for call in det.get("calls", []):
        if call["ended"] and call["how"] != "superseded" and not any(p["name"] == name(call["person"]) for p in passed):
            passed.append(
                {
                    "name": name(call["person"]),
                    "nomination": case.nomination_display(call["nomination"]),
                    "reason": CALL_END_WORDS[lang].get(call["how"], call["how"]),
                    "date": day_text(call["ended"], lang),
                    "citation": "",
                    "explanation": "",
                }
            )
    return passed


def _membership(det: dict, lang: str, name, with_determination: str | None) -> str:
    """Where the successor's membership stands ("" without one)."""
    m = det.get("membership") or {}
    if m and with_determination:
        return with_determination.format(name=name(det["successor"]))
    if not m:
        return ""
    words = MEMBERSHIP_WORDS[lang]
    sentences = MEMBERSHIP_SENTENCE[lang]
    served = blank("Datum der Zustellung" if lang == "de" else "date served")
    who = name(det["successor"])
    # a deadline the case does not establish (no notification recorded: the tool's assumption) is
    # never written into the draft; the period runs from a blank date of service
    assumed = bool(m.get("assumption")) or not m.get("notified")
    if m["status"] == "pending" and assumed:
        membership = sentences["unnotified"].format(name=who, served=served)
    elif m["status"] == "pending":
        membership = sentences["pending"].format(
            name=who, notified=day_text(m["notified"], lang), deadline=day_text(m["deadline"], lang)
        )
    elif m["status"] == "accepted" and m.get("member_from"):
        membership = sentences["accepted"].format(name=who, member_from=day_text(m["member_from"], lang))
    elif m["status"] == "deemed_accepted" and assumed:
        membership = sentences["deemed_accepted_unnotified"].format(name=who, served=served)
    elif m["status"] == "deemed_accepted":
        membership = sentences["deemed_accepted"].format(
            name=who, deadline=day_text(m["deadline"], lang), member_from=day_text(m["member_from"], lang)
        )
    else:
        notified = f", {words['notified']} {day_text(m['notified'], lang)}" if m.get("notified") else ""
        membership = sentences["other"].format(
            status=words.get(m["status"], m["status"]),
            notified=notified,
            deadline=f", {words['deadline']} {day_text(m['deadline'], lang)}"
            if m.get("deadline") and not assumed
            else "",
            member_from=f", {words['member_from']} {day_text(m['member_from'], lang)}" if m.get("member_from") else "",
        )
    note = deadline_note(m, lang)
    if note and not assumed:
        membership += " " + capital(note) + "."
    return membership


def _event(case, det: dict, lang: str, own_texts: dict) -> str:
    """The sentence of the event that ended the membership (the statute's own wording, if it has one)."""
    trigger = det["trigger"]
    if trigger == "resigned" and any(
        e.person == det["vacancy"] and e.date.isoformat() == det["date"] and e.type == "refused" for e in case.events
    ):
        trigger = "resigned_by_refusal"  # a refusal after the membership began, read as a Verzicht
    if det.get("holder_keeps_seat") and trigger in ("resigned", "resigned_by_refusal", "refused"):
        trigger = "declared_pending"  # a declaration that awaits a decision (Sachsen § 18 Abs. 2 SächsGemO)
    own = own_texts.get(f"feststellung@{trigger}", {}).get(lang)
    return (own or EVENT_SENTENCE[lang].get(trigger, trigger + " {date}")).format(
        date=day_text(det["date"], lang),
        blank_final=blank("Tag der Unanfechtbarkeit" if lang == "de" else "day it became final"),
    )


_QUOTED = re.compile(r"'([^'\s]+)'")


def _concerns(warning: str, det: dict, result: dict) -> bool:
    """Whether a case warning belongs in this determination's draft: one that names (in quotes)
    only persons of other determinations belongs in theirs."""
    named = set(_QUOTED.findall(warning))
    if not named:
        return True
    mine = (
        {det["vacancy"], det.get("successor")}
        | {c["person"] for c in det["candidates"]}
        | {c["person"] for c in det.get("calls", [])}
    )
    others = {
        p
        for d in result["determinations"]
        if d is not det
        for p in ({d["vacancy"], d.get("successor")} | {c["person"] for c in d["candidates"]})
    } - mine
    return bool(named & mine) or not (named & others)

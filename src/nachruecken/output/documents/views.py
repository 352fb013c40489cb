"""What each document of one determination may say: the act, the notice and the letter get the facts and
the law in an office's words (``clean``), the checklist gets everything the officer must check: the tool's
full reasoning, every warning and note, the readings applied with their alternatives, the assumptions and
the blanks still open.
"""

from __future__ import annotations

from nachruecken.law.statutes import STATE_OF, load_statute
from nachruecken.output.documents.clean import clean
from nachruecken.output.documents.context import context, person_name, salutation_of
from nachruecken.output.documents.law_texts import DETERMINER, LAW_NAMES, PUBLISH, PUBLISHED, SIGNER, remedy
from nachruecken.output.documents.letters import INCOMPATIBLE, LETTER, LETTER_CHECKS
from nachruecken.output.documents.phrases import blank, day_text

KINDS = ("act", "notice", "letter", "checklist")
LETTERHEAD = {
    "de": ["Behörde", "Anschrift", "Aktenzeichen"],
    "en": ["authority", "address", "file number"],
}


def view(result: dict, case, det: dict, lang: str) -> dict:
    """The context every document of ``det`` is rendered from."""
    ctx = context(result, case, det, lang)
    state = STATE_OF[det["statute"]]
    remedy_text, remedy_checks = remedy(state, lang)
    ctx.update(
        state=state,
        letterhead=[blank(label) for label in LETTERHEAD[lang]],
        law_name=LAW_NAMES[state][lang],
        remedy_text=remedy_text,
        remedy_checks=remedy_checks,
        # BB § 60 Abs. 7 Satz 1 and M-V § 46 Abs. 5 Satz 2 publish the passing of a seat to a successor
        publish=PUBLISH.get(state, {}).get(lang, "") if _publishes(state, det) else "",
        published=PUBLISHED.get(state, {}).get(lang, "") if _publishes(state, det) else "",
        fact_checks=_fact_checks(det, state, lang),
        declaration=_declaration(case, det, lang),
        act_date=_act_date(case, det, lang),
        successor_name=person_name(case, det["successor"], lang) if det.get("successor") else "",
        departed_titled=person_name(case, det["vacancy"], lang),
        successor_line=_successor_line(det),
        successor_details=_successor_details(case, det, lang),
        determiner=DETERMINER.get(state, {}).get(lang) or ("Die Wahlleitung" if lang == "de" else "The Wahlleiter"),
        signer=SIGNER.get(state, {}).get(lang) or ("Wahlleiterin / Wahlleiter" if lang == "de" else "Wahlleiter"),
        in_force=day_text(det["date"], lang),
    )
    ctx["clean"] = _cleaned(ctx, lang)
    ctx["clean"]["operative_reported"] = _reported(ctx["clean"]["operative"], ctx["act_date"], ctx["determiner"], lang)
    ctx["letter_intro"] = _letter_intro(case, det, ctx, lang)
    return ctx


OPENING = {"de": "Ich stelle fest, dass ", "en": "I determine that "}
REPORTED = {
    "de": "Die Wahlleitung hat am {date} festgestellt, dass ",
    "en": "On {date} the Wahlleiter determined that ",
}
POINTER = {
    "de": " Die Mitgliedschaft beginnt, wie unter 5. beschrieben.",
    "en": " Membership begins as described under 5.",
}


def _reported(operative: str, date: str, who: str, lang: str) -> str:
    """The operative part as a notice reports it: what the Wahlleitung determined, without the act's own
    cross-reference."""
    text = operative.replace(POINTER[lang], "").replace("mit dieser Feststellung", "mit der Feststellung")
    if text.startswith(OPENING[lang]):
        text = (
            REPORTED[lang].format(date=date, who=who if lang == "de" else who[:1].lower() + who[1:])
            + text[len(OPENING[lang]) :]
        )
    return text


# the statute's own verb where it is not "nachrücken" (Hamburg § 36 Abs. 1, Rheinland-Pfalz § 45 Abs. 1 KWG)
LETTER_VERB = {
    "hh": "für gewählt erklärt werden",
    "rp": "als Ersatzperson einberufen werden",
    "by": "als Listennachfolger nachrücken",
}


def _letter_intro(case, det: dict, ctx: dict, lang: str) -> str:
    """The letter's sentence of what was determined for the person it is addressed to."""
    if not det.get("successor"):
        return ""
    nom = case.nomination_display(det["successor_nomination"])
    cite = (det.get("outcome_ground") or {}).get("citation", "")
    body = f"„{case.body_name}“" if case.body_name else ("die Vertretung" if lang == "de" else "the body")
    departed = ctx["departed"]["name"]
    if lang == "de":
        verb = LETTER_VERB.get(ctx["state"], "nachrücken")
        return (
            f"Mit Feststellung vom {ctx['act_date']} ist festgestellt, dass Sie aus dem Wahlvorschlag {nom} an die "
            f"Stelle von {departed} in {body} {verb} ({cite})."
        )
    return f"By the determination of {ctx['act_date']} ({cite}) you succeed {departed} in {body}, from the Wahlvorschlag {nom}."


def _cleaned(ctx: dict, lang: str) -> dict:
    """The parts of the context an act may print, without the tool's vocabulary."""

    def grounds(items: list) -> list:
        return [{"citation": g["citation"], "explanation": clean(g["explanation"], lang)} for g in items]

    return {
        "departure_grounds": grounds(ctx["departed"]["grounds"]),
        "rule": grounds(ctx["rule"]),
        "membership_grounds": grounds(ctx["membership_grounds"]),
        "passed": [{**p, "explanation": clean(p["explanation"], lang)} for p in ctx["passed"]],
        "operative": clean(ctx["operative"], lang),
        "event": clean(ctx["departed"]["event"], lang),
        "membership": clean(ctx["membership"], lang),
        "successor_line": clean(ctx["successor_line"], lang),
    }


# The form a Verzicht on the seat takes where the statute prescribes one (a fact the act states; the
# checklist asks to verify it): Hessen § 33 Abs. 2 KWG, NRW § 38 Satz 1 KWahlG
REQUIRED_FORM = {
    "he": {
        "de": "schriftlich gegenüber der Wahlleitung (§ 33 Abs. 2 KWG)",
        "en": "in writing to the Wahlleiter (§ 33 Abs. 2 KWG)",
    },
    "nw": {
        "de": "zur Niederschrift der Wahlleitung (§ 38 Satz 1 KWahlG)",
        "en": "for the record of the Wahlleiter (§ 38 Satz 1 KWahlG)",
    },
}
FORM_WORDS = {
    "de": {"written": "schriftlich", "recorded": "zur Niederschrift"},
    "en": {"written": "in writing", "recorded": "for the record"},
}


def _publishes(state: str, det: dict) -> bool:
    return state not in ("bb", "mv") or det["outcome"] == "successor"


def _fact_checks(det: dict, state: str, lang: str) -> list[str]:
    """What the act states as a fact that the officer must have seen: the form a Verzicht needs."""
    if det["trigger"] == "resigned" and state in REQUIRED_FORM:
        form = REQUIRED_FORM[state][lang]
        return [
            f"Der Verzicht muss {form} erklärt sein, sonst ist der Sitz nicht frei: die Erklärung im Original prüfen."
            if lang == "de"
            else f"The Verzicht must be made {form}, else the seat is not vacant: check the original declaration."
        ] + _dated_by_act(det, state, lang)
    return []


def _dated_by_act(det: dict, state: str, lang: str) -> list[str]:
    """Hessen: the Verzicht takes effect with the act (§ 33 Abs. 3 Nr. 1 KWG), so the act's day must be the
    day the case gives the vacancy, or the act's dates disagree."""
    if state != "he":
        return []
    day = day_text(det["date"], lang)
    return [
        f"Die Feststellung am {day} unterzeichnen: der Verzicht wirkt mit ihr (§ 33 Abs. 3 Nr. 1 KWG), und der Fall "
        "legt das Freiwerden auf diesen Tag; an einem anderen Tag: diesen im Fall eintragen und neu entscheiden."
        if lang == "de"
        else f"Sign the act on {day}: the Verzicht takes effect with it (§ 33 Abs. 3 Nr. 1 KWG), and the case puts "
        "the vacancy on that day; on another day: enter that day in the case and decide again."
    ]


def _declaration(case, det: dict, lang: str) -> list[str]:
    """The facts of the declaration that vacated the seat: when it was made and received, in which form
    (the statute's where it prescribes one), and the day it took effect; blanks where the case is silent."""
    if det["trigger"] not in ("resigned", "refused"):
        return []
    ev = next(
        (
            e
            for e in case.events
            if e.person == det["vacancy"]
            and e.type in ("resigned", "refused")
            and e.effective.isoformat() == det["date"]
        ),
        None,
    )
    if ev is None:
        return []
    de = lang == "de"
    state = STATE_OF[det["statute"]]
    received = (
        day_text(ev.received.isoformat(), lang)
        if ev.received
        else blank("Datum des Eingangs" if de else "date received")
    )
    required = REQUIRED_FORM.get(state, {}).get(lang) if det["trigger"] == "resigned" else None
    how = required or FORM_WORDS[lang].get(ev.form or "") or blank("schriftlich / zur Niederschrift" if de else "form")
    made = blank("Datum der Erklärung" if de else "date of the declaration")
    effect = day_text(det["date"], lang)
    if det.get("holder_keeps_seat"):  # the declaration awaits a decision: no day of effect yet
        if de:
            return [f"Erklärung vom {made}, abgegeben {how}, eingegangen am {received}."]
        return [f"Declaration of {made}, made {how}, received on {received}."]
    if de:
        return [f"Erklärung vom {made}, abgegeben {how}, eingegangen am {received}; wirksam zum {effect}."]
    return [f"Declaration of {made}, made {how}, received on {received}; effective from {effect}."]


def _act_date(case, det: dict, lang: str) -> str:
    """The act's date: that of the office's recorded determination of the successor, else a blank (an act
    is dated when it is signed)."""
    recorded = [
        e
        for e in case.events
        if e.type == "called" and e.person == det.get("successor") and e.seat_of in (None, det["vacancy"])
    ]
    if recorded:
        return day_text(recorded[-1].date.isoformat(), lang)
    return blank("Datum" if lang == "de" else "date")


# What a public notice prints of the successor beside his name: Beruf and Wohnort, as the office's list
# gives them (the case's `extra`); an address or a birth date stays out of a public notice
NOTICE_DETAILS = (("beruf", "beruf oder stand", "beruf stand", "stand"), ("wohnort", "ort"))


def _successor_details(case, det: dict, lang: str) -> str:
    """The successor's line of a notice: "Olaf Becker, Landwirt, Unterdorf" ("" without a successor, or
    where the case says neither)."""
    if not det.get("successor"):
        return ""
    from nachruecken.case.office.columns import norm_header

    extra = {norm_header(k): v for k, v in case.extra_of(det["successor"]).items()}
    said = [text for keys in NOTICE_DETAILS if (text := next((extra[k] for k in keys if k in extra), ""))]
    return ", ".join([person_name(case, det["successor"], lang, with_salutation=False), *said]) if said else ""


def _successor_line(det: dict) -> str:
    """Why the successor is the one: his own line of the walk (a designation, the next place, the votes)."""
    row = next((c for c in det["candidates"] if c["status"] == "successor"), None)
    return row["explanation"] if row else ""


# A reading that changes what the letter says (LETTER keys "<state>:<value>" for a value other than the default)
LETTER_READING = {"sh": ("sh.membership", "acceptance")}


def letter_lines(det: dict, case, lang: str, readings: dict | None = None) -> tuple[list[tuple[str, str]], str]:
    """(sentence, norm) pairs the letter to the successor states, and a checklist line it needs ("")."""
    state = STATE_OF[det["statute"]]
    key = det["statute"] if state == "he" else state
    if state in LETTER_READING:
        rid, default = LETTER_READING[state]
        value = (readings or {}).get(rid, default)
        key = key if value == default else f"{state}:{value}"
    lines = list(LETTER.get(key, LETTER.get(state, [])))
    if state in INCOMPATIBLE and _barred(case, det["successor"]):
        lines.insert(1, INCOMPATIBLE[state])
    return lines, LETTER_CHECKS.get(key, "")


def _barred(case, pid: str) -> bool:
    """A Hinderungsgrund of the person that the case does not show to have ended."""
    state = False
    for ev in sorted(case.events, key=lambda e: e.seq):
        if ev.person == pid and ev.type in ("incompatibility", "incompatibility_ended"):
            state = ev.type == "incompatibility"
    return state


def letter_greeting(case, pid: str, lang: str) -> str:
    name = case.names.get(pid) or ""
    surname = name.split()[-1] if name else ""
    word = salutation_of(case, pid)
    if lang == "de":
        if word == "Frau" and surname:
            return f"Sehr geehrte Frau {surname},"
        if word == "Herr" and surname:
            return f"Sehr geehrter Herr {surname},"
        return f"Guten Tag {name or blank('Name')},"
    return f"Dear {(('Ms ' if word == 'Frau' else 'Mr ' if word == 'Herr' else '') + surname) or blank('name')},"


def needs_letter(det: dict) -> bool:
    """A person is to be notified: a successor whose membership has not begun by his acceptance (pending,
    or determined by the Feststellung itself, Hessen from 2011)."""
    status = (det.get("membership") or {}).get("status")
    return (
        det["outcome"] == "successor" and bool(det.get("successor")) and status not in ("accepted", "deemed_accepted")
    )


def needs_notice(det: dict) -> bool:
    """A public notice follows every determination except a referral (a Vermerk) and an undecided one."""
    return det["outcome"] not in ("referred", "undetermined", "not_applicable")


def statute_texts(det: dict) -> dict:
    return load_statute(det["statute"]).texts

"""The operative part of a Feststellung: what the office determines. The departure and, by outcome,
the successor, the empty seat, the lot, the election required, the referral, or what the text leaves
open, each with the norm it rests on; and the points the office must still settle, or check because
the outcome rests on a reading.
"""

from __future__ import annotations

from nachruecken.law.statutes import STATE_OF
from nachruecken.output.documents.phrases import (
    ELECTION_KIND,
    LOT_DECIDED,
    ON_READING,
    OPERATIVE,
    OPERATIVE_BY_STATE,
    READING_CHECK,
    blank,
    day_text,
    join_names,
)


def operative(
    result: dict, case, det: dict, lang: str, name, with_determination: str | None
) -> tuple[str, list[str], str]:
    """(text, open points, reading check): the operative sentence; what the office must still settle
    (a lot, an election, a referral, what the text leaves open); and, where the outcome rests on a
    reading rather than on the words of the text, the check that says so ("" if it does not)."""
    op = {**OPERATIVE[lang], **OPERATIVE_BY_STATE.get(STATE_OF[det["statute"]], {}).get(lang, {})}
    outcome = det["outcome"]
    departed = name(det["vacancy"])
    open_points = []
    kept = outcome == "referred" and det.get("holder_keeps_seat")
    ground = det.get("outcome_ground") or {}
    # the outcome rests on a reading where its ground, or a note on the same norm, says so
    said = [ground.get("explanation", "")] + [n["explanation"] for n in det["notes"] if n["norm"] == ground.get("norm")]
    on_reading = any("Lesart" in t or "reading" in t for t in said)
    cite = op["norm"].format(citation=ground["citation"] + (ON_READING[lang] if on_reading else "")) if ground else ""
    # Hessen (both texts): a Verzicht takes effect with the Feststellung itself (§ 33 Abs. 3 Nr. 1 KWG)
    # and a seat lost under § 33 Abs. 1 Nr. 2 falls vacant when that finding is unappealable (Abs. 3 Nr. 2)
    hessen = STATE_OF[det["statute"]] == "he"
    form = "departure"
    if hessen and det["trigger"] == "resigned":
        form = "departure_with_act"
    elif hessen and det["trigger"] == "lost_seat":
        form = "departure_when_final"
    final = blank("Tag der Unanfechtbarkeit" if lang == "de" else "day it became final")
    departure = op[form].format(departed=departed, date=day_text(det["date"], lang), final=final) + op["and"]
    if kept:
        # the mayoralty (a ground of departure decided elsewhere) or a declaration that awaits a finding
        # (Sachsen § 18 Abs. 2 SächsGemO)
        form = "kept" if det["trigger"] == "elected_mayor" else "kept_declared"
        text = op[form].format(departed=departed, to=det["referred_to"])
    elif outcome == "successor":
        text = departure + _successor(op, case, det, lang, name, departed, cite, with_determination)
    elif outcome == "vacant":
        text = departure + _vacant(op, result, case, det, lang, departed, cite)
    elif outcome == "lot":
        names = join_names([name(p) for p in det["lot_between"]], lang)
        text = (
            departure
            + op["lot"].format(names=names).rstrip(".")
            + cite
            + ". "
            + op["drawn"].format(date=blank("Datum" if lang == "de" else "date"), name=blank("Name"))
        )
        open_points.append(op["lot_open"].format(names=names))
    elif outcome == "by_election":
        kind = ELECTION_KIND[lang].get(det.get("by_election_kind", ""), "eine Wahl" if lang == "de" else "an election")
        text = departure + op["by_election"].format(departed=departed, kind=kind).rstrip(".") + cite + "."
        open_points.append(op["by_election_open"])
    elif outcome == "referred":
        text = (
            departure.removesuffix(op["and"]) + ". " + op["referred"].format(departed=departed, to=det["referred_to"])
        )
        open_points.append(op["referred_open"].format(to=det["referred_to"]))
    else:
        why = (det["outcome_ground"] or {}).get("explanation", "")
        text = op[outcome].format(departed=departed, why=why)
        if outcome == "undetermined":
            open_points.append(op["undetermined_open"])
    # the check names the reading: from the ground, else from the note on its norm that says it
    why = next((t for t in said if "Lesart" in t or "reading" in t), "")
    reading_check = READING_CHECK[lang].format(why=why) if on_reading and not kept else ""
    return text, open_points, reading_check


def _successor(
    op: dict, case, det: dict, lang: str, name, departed: str, cite: str, with_determination: str | None
) -> str:
    """Who succeeds, from which nomination, how a lot decided between candidates, and when the
    membership begins."""
    m = det.get("membership") or {}
    body = op["body_named"].format(name=case.body_name) if case.body_name else op["body_dat"]
    text = op["successor"].format(
        name=name(det["successor"]),
        nom=case.nomination_display(det["successor_nomination"]),
        departed=departed,
        body_dat=body,
        body=body,
    )
    text = text.rstrip(".") + cite + "."
    if det["lot_between"]:
        text += " " + LOT_DECIDED[lang].format(names=join_names([name(p) for p in det["lot_between"]], lang))
    if with_determination:
        text += " " + with_determination.format(name=name(det["successor"]))
    elif m.get("member_from") and (not m.get("assumption") or m.get("status") == "accepted"):
        text += op["member_from"].format(day=day_text(m["member_from"], lang))
    else:
        text += op["pending"]
    return text


def _vacant(op: dict, result: dict, case, det: dict, lang: str, departed: str, cite: str) -> str:
    """The exhausted nomination, the seat that stays empty, and the legal member count after it."""
    text = op["vacant"].format(nom=case.nomination_display(det["seat_nomination"]), departed=departed)
    text = text.rstrip(".") + cite + "."
    if det["member_count_reduced"]:
        # the count after this seat is known only where it is the case's one reduction (the composition
        # is read at the end of the term); otherwise a blank
        n = (result.get("composition") or {}).get("legal_member_count")
        only = sum(bool(d["member_count_reduced"]) for d in result["determinations"]) == 1
        count = n if (n is not None and only) else blank("neue Mitgliederzahl" if lang == "de" else "new member count")
        # the norm that reduces the count (member_count_norm; the ground of the empty seat may be another Satz)
        norm = op["norm"].format(citation=det["member_count_norm"]) if det.get("member_count_norm") else ""
        text += op["reduced"].format(count=count, norm=norm)
    elif not any(n.get("code") == "member_count_open" for n in det["notes"]):
        # (where the material leaves the count open, e.g. Rheinland-Pfalz, the act says nothing of it: the
        # encoding's note member_count_open puts the question on the checklist)
        text += op["unchanged"]
    return text

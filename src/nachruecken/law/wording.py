"""Identifiers in German prose: reading values as words, and the mark of a case-file key.

Catalogue texts name a reading as ``Lesart he.undetermined = four_weeks``. The reading id is what a
user types (``--reading``), so it stays, marked as code; its value is English shorthand, so German
output shows the value's German word instead: ``Lesart `he.undetermined` = „vier Wochen“``.
JSON keeps the reading values themselves under ``readings``.
"""

from __future__ import annotations

import re

# German words for reading values. A value means the same wherever it occurs, except where a
# reading names its own word in VALUE_WORDS_BY_READING.
VALUE_WORDS_DE = {
    "yes": "ja",
    "no": "nein",
    "none": "keine",
    "week": "eine Woche",
    "vacant": "Sitz bleibt leer",
    "undetermined": "offen (Lücke)",
    "referred": "Verweis",
    "skip": "übergehen",
    "switch": "Wechsel",
    "refusal": "Ablehnung",
    "acceptance": "Annahme",
    "ignored": "unbeachtlich",
    "ignore": "nicht anwenden",
    "apply": "anwenden",
    "votes": "nach Stimmen",
    "list": "nach Listenfolge",
    "lot": "Los",
    "count": "mitzählen",
    "no_count": "keine Stimmenzahl",
    "own_list": "eigener Wahlvorschlag",
    "seat_list": "Wahlvorschlag des Sitzes",
    "excluded": "ausgeschlossen",
    "included": "einbezogen",
    "eligible": "berücksichtigt",
    "lost": "verloren",
    "latest": "spätester Termin",
    "vacancy_date": "Tag des Freiwerdens",
    "as_member": "wie ein Mitglied",
    "ersatzliste": "Ersatzliste",
    "call_then_deemed_refused": "berufen, dann gilt die Wahl als abgelehnt",
    "next_on_list": "Nächster der Reserveliste",
    "his_substitute": "dessen Ersatzbewerber",
    "entirely": "ganz unberücksichtigt",
    "as_substitute_only": "nur als Ersatzbewerber",
    "first_not_sitting": "erster nicht Sitzender",
    "after_departed": "nach dem Ausgeschiedenen",
    "as_elected": "Kandidatur des Sitzes",
    "first_placed": "erste Kandidatur",
    "fixed": "feste Frist",
    "bgb_193": "§ 193 BGB",
    "as_elsewhere": "wie in den anderen Ländern",
    "cured": "geheilt",
    "declaration_in_time": "Erklärung rechtzeitig",
    "from_call": "ab der Berufung",
    "vacancy_day": "Tag des Freiwerdens",
    "step_day": "Tag des Schritts",
    "four_weeks": "vier Wochen",
    "open": "bis zur erfassten Feststellung",
    "earliest": "am Tag des Erreichens",
    "before_membership": "vor Beginn der Mitgliedschaft",
    "any_time": "jederzeit",
    "deemed_refusal": "gilt als Ablehnung",
    "day_after": "ab dem Tag nach der Woche",
    "on_call": "mit der Berufung",
    "on_notification": "mit der Benachrichtigung",
    "call_again": "erneut berufen",
    "passed_over": "übergangen",
    "analogy": "entsprechend",
    "automatic": "von selbst nach der Woche, Fassung B",
    "determination": "mit der Feststellung",
    "seat_loss": "Verlust des Sitzes",
    "stays": "bleibt auf der Liste",
    "struck": "gestrichen",
    "required": "erforderlich",
    "not_required": "nicht erforderlich",
    "effective": "wirksam",
    "ineffective": "unwirksam",
}
VALUE_WORDS_BY_READING = {
    ("mv.regained", "eligible"): "wieder wählbar",
    ("mv.regained", "lost"): "Anwartschaft verloren",
    ("he.hinderungsgrund", "week"): "eine Woche zur Beseitigung",
    ("sh.membership", "acceptance"): "Annahmeerklärung nach Fassung A",
    ("by.death", "successor"): "Listennachfolger rückt nach",
    ("by.term_start", "may_first"): "1. Mai des Wahljahres",
    ("by.term_start", "recorded"): "nur der erfasste Beginn",
    ("core.unnotified", "pending"): "Berufung bleibt offen",
}

READING_ID = r"(?:core|he|nw|bb|mv|hh|rp|sn|sh|st|by)\.[a-z0-9_]+"
_REF = re.compile(rf"\b(Lesarten|Lesart) ({READING_ID})(?: = ([a-z0-9_]+))?")


def value_word(reading: str, value: str, lang: str) -> str:
    """A reading value as a word of ``lang`` (English keeps the value)."""
    if lang != "de":
        return value
    return VALUE_WORDS_BY_READING.get((reading, value)) or VALUE_WORDS_DE.get(value, value)


def capital(text: str) -> str:
    """The first letter upper-case (a label or a clause that begins a sentence)."""
    return text[:1].upper() + text[1:]


def code(identifier: str) -> str:
    """A case-file key or reading id inside German prose."""
    return f"`{identifier}`"


def localize(text: str, lang: str) -> str:
    """German prose with its reading references in German: ids marked as code, values as words."""
    if lang != "de" or "Lesart" not in text:
        return text

    def one(m: re.Match) -> str:
        word, rid, value = m.groups()
        out = f"{word} {code(rid)}"
        return out + (f" = „{value_word(rid, value, lang)}“" if value else "")

    return _REF.sub(one, text)


def localize_all(obj, lang: str):
    """``localize`` over every string of a result (a nested dict or list); keys stay."""
    if lang != "de":
        return obj
    if isinstance(obj, str):
        return localize(obj, lang)
    if isinstance(obj, list):
        return [localize_all(v, lang) for v in obj]
    if isinstance(obj, dict):
        return {k: localize_all(v, lang) for k, v in obj.items()}
    return obj


def readings_line(changed: dict[str, str], lang: str) -> str:
    """The readings that differ from the defaults, for a header line."""
    if lang == "de":
        return ", ".join(f"{code(k)} = „{value_word(k, v, lang)}“" for k, v in changed.items())
    return ", ".join(f"{k}={v}" for k, v in changed.items())

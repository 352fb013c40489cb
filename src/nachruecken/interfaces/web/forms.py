"""The event form: the office's German words, a date as TT.MM.JJJJ, a person of the case, and for a
declaration when it was received and in which form; each problem a German line next to its field.

The event is written with the word the office chose (the case file reads German words) and the date in
ISO form, as the importer writes it."""

from __future__ import annotations

import datetime as dt

from nachruecken.case.model import DECLARATION_TYPES, WAIVER_FORMS
from nachruecken.case.words import EVENT_WORDS, VERZICHT, event_word, german_word, office_date

# a by-election's own event names the seats it filled, not a person: written in the file by hand
FORM_TYPES = tuple(t for t in EVENT_WORDS if t != "by_election_held")

# event types that only a member (or only someone without a seat) can have: the chooser offers those
MEMBER_ONLY = ("resigned", "lost_seat", "elected_mayor")
NON_MEMBER_ONLY = ("refused", "waived", "accepted", "notified", "called")

FIELDS = ("type", "date", "person", "received", "form", "note")


def word_choices() -> list[tuple[str, str]]:
    """(word, type) for every word the form offers: "Verzicht" first (read by the person's status), then
    each type's words in the table's order."""
    out = [(VERZICHT, "any")]
    for etype in FORM_TYPES:
        scope = "member" if etype in MEMBER_ONLY else "candidate" if etype in NON_MEMBER_ONLY else "any"
        out += [(word, scope) for word, _ in EVENT_WORDS[etype]]
    return out


def read_event(
    form: dict[str, str], persons: set[str], election_day: dt.date | None = None
) -> tuple[dict, dict[str, str]]:
    """The event the form describes, and the problems by field (empty if none); an event before the
    election day (where the case gives it) belongs to no term."""
    values = {k: (form.get(k) or "").strip() for k in FIELDS}
    errors: dict[str, str] = {}
    found = event_word(values["type"]) if values["type"] else None
    if found is None or found[0] == "by_election_held":
        errors["type"] = "Ereignis wählen (ein Wort aus der Liste)"
    day = office_date(values["date"]) if values["date"] else None
    if day is None:
        errors["date"] = f"{values['date']!r} ist kein Kalendertag (TT.MM.JJJJ)" if values["date"] else "Datum fehlt"
    elif election_day is not None and day < election_day:
        errors["date"] = f"liegt vor dem Wahltag ({election_day.strftime('%d.%m.%Y')})"
    if values["person"] not in persons:
        errors["person"] = "Person wählen" if not values["person"] else "diese Person steht auf keinem Wahlvorschlag"
    event = {"date": day.isoformat() if day else values["date"], "person": values["person"], "type": values["type"]}
    etype = found[0] if found else ""
    declaration = etype in DECLARATION_TYPES
    if values["received"]:
        received = office_date(values["received"])
        if not declaration:
            errors["received"] = "nur bei einer Erklärung (Annahme, Ablehnung, Verzicht)"
        elif received is None:
            errors["received"] = f"{values['received']!r} ist kein Kalendertag (TT.MM.JJJJ)"
        elif day is not None and received < day:
            errors["received"] = "der Eingang liegt vor dem Datum der Erklärung"
        else:
            event["received"] = received.isoformat()
    if values["form"]:
        if values["form"] not in WAIVER_FORMS:
            errors["form"] = "schriftlich oder zur Niederschrift"
        elif not declaration:
            errors["form"] = "nur bei einer Erklärung (Annahme, Ablehnung, Verzicht)"
        else:
            event["form"] = values["form"]
    if values["note"]:
        event["note"] = values["note"]
    return event, errors


def form_values(event: dict) -> dict[str, str]:
    """An event of the file as the form's values (for correcting it)."""
    from nachruecken.interfaces.web.views import _day

    values = {k: str(event.get(k) or "") for k in FIELDS}
    found = event_word(values["type"])
    if found and values["type"] == found[0]:  # an English type: the form offers the office's word
        values["type"] = german_word(found[0], bool(event.get("reservation")))
    values["date"] = _day(event.get("date"))
    if event.get("received"):
        values["received"] = _day(event["received"])
    return values


def field_of(key_path: str) -> str:
    """The form field an error of the case file's key path (``events[3].received``) belongs to."""
    last = key_path.rsplit(".", 1)[-1] if "." in key_path else ""
    return last if last in FIELDS else ""

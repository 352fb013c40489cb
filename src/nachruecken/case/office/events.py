"""The events sheet (Ereignisse): Datum, Name, Ereignis, and optionally Eingang, Form, Sitz von, Liste,
Grund, Partei, Bemerkung (DESIGN "Office input"). Dates as ``TT.MM.JJJJ`` or ISO; event words in German
(or the English types); names matched to persons. Each row becomes one event of the case file.
"""

from __future__ import annotations

import difflib

from nachruecken.case.model import DECLARATION_TYPES
from nachruecken.case.office.columns import EVENT_FIELDS, Columns, cell, map_columns
from nachruecken.case.office.ids import slug
from nachruecken.case.office.names import PersonIndex
from nachruecken.case.office.read import Table
from nachruecken.case.words import all_words, event_word, german_word, office_date
from nachruecken.errors import InputError

FORMS = {"schriftlich": "written", "written": "written", "zur niederschrift": "recorded", "niederschrift": "recorded"}
FORMS["recorded"] = "recorded"
# What a seat loss rests on (Grund), where a statute distinguishes it
CAUSES = {
    "verlust der wählbarkeit": "eligibility",
    "wählbarkeit": "eligibility",
    "hinderungsgrund": "incompatibility",
    "unvereinbarkeit": "incompatibility",
    "wahlprüfung": "scrutiny",
    "gemeindezusammenschluss": "merger",
    "zusammenschluss": "merger",
    "gebietsänderung": "merger",
    "nicht erworben": "not_acquired",
    "parteiverbot": "party_ban",
}
# Which events a column belongs to (as the case file's keys, DESIGN "Event types")
BELONGS = {
    "received": DECLARATION_TYPES,
    "form": DECLARATION_TYPES,
    "seat_of": ("called", "by_election_held"),
    "nomination": ("called",),
    "seat": ("called",),
    "ground": ("lost_seat", "incompatibility"),
    "cause": ("lost_seat",),
    "kind": ("by_election_held",),
}
GROUP_EVENTS = ("joined_group", "left_group", "expelled")
BY_ELECTION_KINDS = {"ergänzungswahl": "ergaenzungswahl", "neuwahl": "neuwahl_wahlkreis", "nachwahl": "nachwahl"}


class EventRows:
    """The events of a sheet, with the sheet row of each (so that a later error names the row)."""

    def __init__(self) -> None:
        self.events: list[dict] = []
        self.lines: list[int] = []
        self.ignored: list[str] = []


def read_events(
    table: Table, index: PersonIndex, nominations: dict[str, str], groups: dict[str, set[str]]
) -> EventRows:
    """``nominations``: nomination name or id -> id; ``groups``: the case's group ids -> their persons."""
    cols = map_columns(table, EVENT_FIELDS, {"date": "Datum", "type": "Ereignis"})
    if "name" not in cols and "person_id" not in cols:
        raise InputError("keine Spalte Name", table.at(table.header_line), table.file)
    out = EventRows()
    out.ignored = cols.ignored
    for line, cells in table.rows:
        out.events.append(_event(table, cols, line, cells, index, nominations, groups))
        out.lines.append(line)
    return out


def _event(table, cols: Columns, line, cells, index, nominations, groups) -> dict:
    at = lambda f: table.at(line, table.header[cols.index[f]]) if f in cols else table.at(line)
    get = lambda f: cell(cells, cols, f)
    etype, extra = _type(get("type"), at("type"), table.file)
    _check_columns(etype, table, cols, cells, line)
    ev: dict = {"date": _date(get("date"), at("date"), table.file)}
    who = get("person_id") or get("name")
    if etype == "by_election_held":
        if who:
            raise InputError("eine Nachwahl nennt keine Person; die Sitze in 'Sitz von'", at("name"), table.file)
        ev["type"] = etype
        ev["seats_of"] = [index.find(t, at("seat_of"), table.file) for t in get("seat_of").split(" / ") if t.strip()]
        said = (get("kind") or get("type")).lower()  # the column Art der Wahl, else the event's word
        kind = next((k for w, k in BY_ELECTION_KINDS.items() if w in said), None)
        if kind:
            ev["kind"] = kind
        return ev
    if not who:
        raise InputError("kein Name in dieser Zeile", at("name"), table.file)
    party = _group(get("group"), groups)
    # the Partei column names the person's party (it narrows a name several parties' persons share)
    among = groups.get(party) if party and etype not in GROUP_EVENTS else None
    ev["person"] = index.find(who, at("person_id" if get("person_id") else "name"), table.file, among)
    ev["type"] = "Verzicht" if extra.pop("word", None) else etype
    ev.update(extra)
    _extras(ev, etype, get, at, table.file, index, nominations, groups)
    if get("note"):
        ev["note"] = get("note")  # the office's remark: kept in the case, decides nothing
    return ev


def _extras(ev, etype, get, at, file, index, nominations, groups) -> None:
    if get("received"):
        ev["received"] = _date(get("received"), at("received"), file)
    if get("form"):
        form = FORMS.get(get("form").strip().lower())
        if form is None:
            raise InputError(f"'{get('form')}' ist keine Form (schriftlich, zur Niederschrift)", at("form"), file)
        ev["form"] = form
    if get("seat_of"):
        ev["seat_of"] = index.find(get("seat_of"), at("seat_of"), file)
    if get("nomination"):
        nid = nominations.get(get("nomination")) or nominations.get(get("nomination").casefold())
        if nid is None:
            raise InputError(f"'{get('nomination')}' ist kein Wahlvorschlag der Liste", at("nomination"), file)
        ev["nomination"] = nid
    if get("ground"):
        cause = CAUSES.get(get("ground").strip().lower()) if etype == "lost_seat" else None
        ev["cause" if cause else "ground"] = cause or get("ground")
    if get("cause"):
        cause = CAUSES.get(get("cause").strip().lower(), get("cause").strip())
        ev["cause"] = cause
    if get("seat"):
        ev["seat"] = {"listenwahl": "list", "personenwahl": "personal"}.get(get("seat").lower(), get("seat"))
    if get("group") and etype in GROUP_EVENTS:
        ev["group"] = _group(get("group"), groups)


def _group(text: str, groups: dict[str, set[str]]) -> str:
    """A party as the sheet names it: a group id of the case, else the id its name gives."""
    text = text.strip()
    return text if text in groups or not text else slug(text)


def _check_columns(etype: str, table: Table, cols: Columns, cells: list[str], line: int) -> None:
    """A column filled for an event it does not belong to (Form for a death, Sitz von for a resignation)."""
    for field, types in BELONGS.items():
        if cell(cells, cols, field) and etype not in types:
            words = ", ".join(german_word(t) for t in types)
            column = table.header[cols.index[field]]
            raise InputError(
                f"'{column}' gilt nur für {words}, nicht für dieses Ereignis ({german_word(etype)})",
                table.at(line, column),
                table.file,
            )


def _type(text: str, where: str, file: str) -> tuple[str, dict]:
    if "fraktion" in text.lower():
        raise InputError(
            f"'{text}': ein Fraktionsaustritt ist kein Austritt aus der Partei und ändert keine Nachfolge; die Zeile "
            "weglassen (der Austritt aus der Partei heißt 'Parteiaustritt')",
            where,
            file,
        )
    found = event_word(text)
    if found is None:
        near = difflib.get_close_matches(text, all_words(), n=3, cutoff=0.5)
        hint = f" (meinten Sie: {', '.join(near)}?)" if near else " (`nachruecken statutes --events` listet alle)"
        raise InputError(f"'{text}' ist kein bekanntes Ereignis{hint}", where, file)
    return found


def _date(text: str, where: str, file: str) -> str:
    day = office_date(text)
    if day is None:
        raise InputError(f"'{text}' ist kein Datum (TT.MM.JJJJ)", where, file)
    return day.isoformat()

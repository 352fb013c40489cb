"""The case sheet (Fall): one line a datum, "Angabe" and "Wert": Vorschrift, Titel, Gremium, Sitze,
unbesetzte Sitze, Art des Gremiums, Wahltag, Wahlart, Stichtag, Beginn und Ende der Wahlperiode,
Lesart (``id=Wert``; one a line, or several separated by ``,``), Feiertag, Nachfolge für.
"""

from __future__ import annotations

import re

from nachruecken.case.office.columns import FALL_FIELDS, map_columns, norm_header
from nachruecken.case.office.read import Table
from nachruecken.case.office.values import whole_number
from nachruecken.case.words import office_date
from nachruecken.errors import InputError

# Angabe -> (where it goes, how it is read)
KEYS = {
    "vorschrift": ("statute", "text"),
    "titel": ("title", "text"),
    "gremium": ("body.name", "text"),
    "sitze": ("body.seats", "number"),
    "gesetzliche mitgliederzahl": ("body.seats", "number"),
    "unbesetzte sitze": ("body.unfilled_seats", "number"),
    "art des gremiums": ("body.kind", "kind"),
    "wahltag": ("election_date", "date"),
    "wahlart": ("election", "election"),
    "stichtag": ("as_of", "date"),
    "beginn der wahlperiode": ("body.period_start", "date"),
    "ende der wahlperiode": ("body.period_end", "date"),
    "lesart": ("readings", "readings"),
    "lesarten": ("readings", "readings"),
    "feiertag": ("holidays", "dates"),
    "feiertage": ("holidays", "dates"),
    "nachfolge für": ("vacancy", "names"),
}
ELECTIONS = {"verhältniswahl": "proportional", "proportional": "proportional", "mehrheitswahl": "majority"}
ELECTIONS["majority"] = "majority"
KINDS = {"landtag": "landtag", "bezirkstag": "bezirkstag"}  # anything else: a municipal body (Gemeinde, Kreis)


def read_fall(table: Table) -> tuple[dict, list[str], list[str]]:
    """The case's data from the sheet, the names it lists as successors' vacancies, and Angaben not taken."""
    cols = map_columns(table, FALL_FIELDS, {"key": "Angabe", "value": "Wert"})
    data: dict = {}
    names: list[str] = []
    ignored: list[str] = []
    for line, cells in table.rows:
        key = cells[cols.index["key"]] if cols.index["key"] < len(cells) else ""
        value = cells[cols.index["value"]].strip() if cols.index["value"] < len(cells) else ""
        norm = norm_header(key)
        if norm.startswith("lesart ") and value:  # "Lesart he.reservation" | value
            data.setdefault("readings", {})[key.split(None, 1)[1].strip()] = value
            continue
        if norm not in KEYS:
            if key.strip():
                ignored.append(key.strip())
            continue
        if not value:
            continue
        target, how = KEYS[norm]
        where = table.at(line, "Wert")
        if how == "names":
            names += [t.strip() for t in value.split(" / ") if t.strip()]
            continue
        _put(data, target, _value(how, value, data.get("readings"), where, table.file))
    return data, names, ignored


def _put(data: dict, target: str, value) -> None:
    head, _, rest = target.partition(".")
    if rest:
        data.setdefault(head, {})[rest] = value
    elif isinstance(value, list) and head in data:
        data[head] = data[head] + value
    else:
        data[head] = value


def _value(how: str, value: str, readings: dict | None, where: str, file: str):
    if how == "number":
        return whole_number(value, "die Zahl", where, file)
    if how in ("date", "dates"):
        days = [office_date(t) for t in re.split(r"[,;\s]+", value) if t]
        if any(d is None for d in days) or (how == "date" and len(days) != 1):
            raise InputError(f"'{value}' ist kein Datum (TT.MM.JJJJ)", where, file)
        iso = [d.isoformat() for d in days if d is not None]
        return iso[0] if how == "date" else iso
    if how == "election":
        return _word(ELECTIONS, value, "Wahlart (Verhältniswahl, Mehrheitswahl)", where, file)
    if how == "kind":
        return KINDS.get(value.strip().lower(), "municipal")
    if how == "readings":
        out = dict(readings or {})
        for part in filter(None, (p.strip() for p in re.split(r"[,;\n]", value))):
            rid, eq, val = part.partition("=")
            if not eq:
                raise InputError(f"'{part}': eine Lesart als id=Wert angeben", where, file)
            out[rid.strip()] = val.strip()
        return out
    return value


def _word(table: dict, value: str, what: str, where: str, file: str) -> str:
    if value.strip().lower() not in table:
        raise InputError(f"'{value}' ist keine {what}", where, file)
    return table[value.strip().lower()]

"""What each column of an office's sheet means. Headers are compared in lower case without punctuation;
each field has the names offices give it. A column is understood, or named as not taken ("Spalten nicht
übernommen: Beruf, Geburtsjahr"); a column whose name says it carries structure the importer cannot map
("Ersatz…", "Reserve…", "Wahlbezirk…") stops the import, since dropping it would change the case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nachruecken.case.office.read import Table
from nachruecken.errors import InputError

# The candidate sheet (Bewerber). Keys are the fields the importer reads.
CANDIDATE_FIELDS: dict[str, tuple[str, ...]] = {
    "person_id": ("kennung", "id", "kennung person", "bewerber id"),
    "nomination_id": ("kennung wahlvorschlag", "kennung liste"),
    "group_id": ("kennung partei",),
    "nomination": (
        "wahlvorschlag",
        "liste",
        "partei",
        "wählergruppe",
        "partei wählergruppe",
        "kennwort",
        "kurzbezeichnung",
        "wahlvorschlagsträger",
        "list",
        "nomination",
        "party",
    ),
    "group_kind": ("art des wahlvorschlags", "art der partei", "wahlvorschlagsart"),
    "position": (
        "platz",
        "rang",
        "position",
        "place",
        "platz im wahlkreis",
        "platz wahlkreisliste",
        "listenplatz wahlkreis",
    ),
    "list_position": (
        "platz reserveliste",
        "reservelistenplatz",
        "platz auf der reserveliste",
        "listenplatz reserveliste",
        "platz bezirksliste",
        "bezirkslistenplatz",
        "platz landesliste",
        "landeslistenplatz",
        "listenplatz",
        "list place",
    ),
    "title": ("titel", "akademischer grad", "namenszusatz"),
    "surname": ("name", "nachname", "familienname", "surname", "last name", "lastname", "family name"),
    "first_name": ("vorname", "vornamen", "rufname", "first name", "firstname", "given name"),
    "salutation": ("anrede", "geschlecht"),
    "votes": (
        "stimmen",
        "stimmenzahl",
        "personenstimmen",
        "anzahl stimmen",
        "gesamtstimmen",
        "stimmen gesamt",
        "stimmen insgesamt",
        "gültige stimmen",
        "stimmen absolut",
        "personenstimmen gesamt",
        "votes",
        "personal votes",
    ),
    "elected": ("gewählt", "gewaehlt", "sitz", "mandat", "elected", "seat", "gewählt über", "gewählt als"),
    "seat": ("sitzart", "art des sitzes", "mandatsart"),
    "district": (
        "wahlbezirk",
        "wahlkreis",
        "wahlbereich",
        "district",
        "wahlbezirk nr",
        "nr wahlbezirk",
        "wahlbezirksnummer",
        "wahlkreis nr",
        "wahlkreisnummer",
        "wahlbereich nr",
        "wb",
        "wk",
    ),
    "district_name": (
        "wahlbezirk name",
        "name wahlbezirk",
        "wahlbezirksname",
        "bezeichnung wahlbezirk",
        "wahlkreis name",
        "wahlkreisname",
        "bezeichnung wahlkreis",
        "wahlbereich name",
    ),
    "substitute_for": (
        "ersatzbewerber für",
        "ersatzbewerberin für",
        "ersatzbewerber in für",
        "ersatzbewerber fuer",
        "ersatz für",
    ),
    "designated_only": ("nur ersatzbewerber", "nur als ersatzbewerber"),
    "non_member": ("parteilos", "ohne parteizugehörigkeit", "nicht mitglied"),
    "substitute_rank": (
        "rang ersatzperson",
        "ersatzperson rang",
        "rang als ersatzperson",
        "reihenfolge ersatzperson",
        "reihenfolge ersatzpersonen",
        "ersatzpersonen reihenfolge",
        "rang nächst festgestellter bewerber",
        "rang nächst festgestellte bewerber",
    ),
    # Bayern Art. 37 Abs. 1 Satz 2 GLKrWG: the part of a joined Wahlvorschlag the person stood on
    "sublist": ("teilliste", "teilwahlvorschlag", "wahlvorschlag in der verbindung", "sublist"),
    "substitute_list": ("ersatzliste",),
    "by_election": ("nachwahl am", "ersatzwahl am", "gewählt bei nachwahl am"),
}

# The events sheet (Ereignisse)
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "date": ("datum", "date", "tag"),
    "person_id": ("kennung", "id"),
    "name": ("name", "person", "bewerber", "bewerberin"),
    "type": ("ereignis", "event", "type", "art"),
    "received": ("eingang", "eingegangen am", "received"),
    "form": ("form",),
    "seat_of": ("sitz von", "nachfolge für", "seat of"),
    "nomination": ("liste", "wahlvorschlag", "nomination"),
    "ground": ("grund", "ground"),
    "cause": ("ursache", "cause"),
    "seat": ("sitzart", "seat"),
    "group": ("partei", "group"),
    "kind": ("art der wahl",),
    "note": ("bemerkung", "anmerkung", "notiz"),
}

# The case sheet (Fall): two columns, what and its value
FALL_FIELDS: dict[str, tuple[str, ...]] = {"key": ("angabe", "was", "feld"), "value": ("wert", "inhalt")}

# Names that carry structure (lists, places, who was elected, votes, a running number that may be the
# place): such a column is never dropped without a word. Shares in per cent are named and left out.
_STRUCTURE = re.compile(
    r"ersatz|reserve|wahlbezirk|wahlkreis|wahlbereich|liste|platz|gewählt|gewaehlt|stimmen|\b(nr|wb|wk)\b"
)
_SHARE = re.compile(r"\b(prozent|anteil)|anteil\b")


def norm_header(text: str) -> str:
    text = str(text or "").strip().lower().replace("%", " prozent ")
    text = re.sub(r"[^\wäöüß ]+", " ", text)
    return " ".join(text.replace("_", " ").split())


@dataclass
class Columns:
    """Field -> column index of one table, and the headers not taken."""

    index: dict[str, int]
    ignored: list[str]

    def __contains__(self, field: str) -> bool:
        return field in self.index


def map_columns(table: Table, fields: dict[str, tuple[str, ...]], required: dict[str, str]) -> Columns:
    """Which column holds which field. Two columns for one field, a missing required field, or an
    unknown column that looks like structure are errors (one line, naming the header row)."""
    found: dict[str, int] = {}
    ignored: list[str] = []
    for col, raw in enumerate(table.header):
        name = norm_header(raw)
        field = next((key for key, names in fields.items() if name in names), None)
        if field is None:
            if not name:
                continue
            if fields is CANDIDATE_FIELDS and _STRUCTURE.search(name) and not _SHARE.search(name):
                raise InputError(
                    f"die Spalte '{raw}' sieht nach Listenstruktur aus, die der Import nicht zuordnen kann; "
                    "umbenennen (Spaltennamen: `nachruecken template`) oder entfernen",
                    table.at(1),
                    table.file,
                )
            ignored.append(raw)
            continue
        if field in found:
            raise InputError(
                f"die Spalten '{table.header[found[field]]}' und '{raw}' meinen beide dasselbe", table.at(1), table.file
            )
        found[field] = col
    missing = [label for key, label in required.items() if key not in found]
    if missing:
        shown = ", ".join(repr(h) for h in table.header)
        raise InputError(f"keine Spalte {' / '.join(missing)}; die Kopfzeile hat: {shown}", table.at(1), table.file)
    return Columns(found, ignored)


def cell(cells: list[str], cols: Columns, field: str) -> str:
    k = cols.index.get(field)
    return cells[k].strip() if k is not None and k < len(cells) else ""

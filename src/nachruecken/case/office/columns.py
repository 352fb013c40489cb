"""What each column of an office's sheet means. Headers are compared in lower case without punctuation;
each field has the names offices give it. A column is understood, or named as not taken ("Spalten nicht
übernommen: Beruf, Geburtsjahr"); a column whose name says it carries structure the importer cannot map
("Ersatz…", "Reserve…", "Wahlbezirk…") stops the import, since dropping it would change the case.
"""

from __future__ import annotations

import dataclasses
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
    # the number of a Wahlvorschlag beside its name: the number keys it (``pairs``)
    "nomination_number": (
        "wahlvorschlag nr",
        "nr wahlvorschlag",
        "nr des wahlvorschlags",
        "wahlvorschlagsnummer",
        "wahlvorschlag nummer",
        "wahlvorschlagsnr",
        "wv nr",
        "liste nr",
        "listen nr",
        "listennummer",
        "listennr",
        "nr liste",
        "partei nr",
    ),
}

# A column kept as what else the list says of the person (the case's `extra`): `--spalte "Kopf=extra"`
EXTRA = "extra"
EXTRA_WORDS = "Angabe zur Person (Bekanntmachung; entscheidet nichts)"
# ... which these headers are without one: what the public notice of a successor prints, and the like
EXTRA_HEADERS = (
    "beruf",
    "beruf oder stand",
    "beruf stand",
    "stand",
    "wohnort",
    "ort",
    "geburtsjahr",
    "geburtsdatum",
    "geburtsort",
    "anschrift",
    "straße",
    "strasse",
    "hausnummer",
    "plz",
    "postleitzahl",
    "staatsangehörigkeit",
)

# What each field is, in the words of the column map and of `import --felder`
FIELD_WORDS = {
    "person_id": "Kennung der Person",
    "nomination_id": "Kennung des Wahlvorschlags",
    "group_id": "Kennung der Partei",
    "nomination": "Wahlvorschlag (Name)",
    "nomination_number": "Wahlvorschlag (Nummer)",
    "group_kind": "Art des Wahlvorschlags",
    "position": "Platz auf dem Wahlvorschlag",
    "list_position": "Platz auf der Reserveliste",
    "title": "Titel",
    "surname": "Name",
    "first_name": "Vorname",
    "salutation": "Anrede",
    "votes": "Stimmen",
    "elected": "gewählt",
    "seat": "Sitzart",
    "district": "Wahlbezirk (Nummer oder Name)",
    "district_name": "Wahlbezirk (Name neben der Nummer)",
    "substitute_for": "Ersatzbewerber für",
    "designated_only": "nur Ersatzbewerber",
    "non_member": "parteilos",
    "substitute_rank": "Rang als Ersatzperson",
    "sublist": "Teilliste",
    "substitute_list": "Ersatzliste",
    "by_election": "Nachwahl am",
    "date": "Datum",
    "name": "Name",
    "type": "Ereignis",
    "received": "Eingang",
    "form": "Form",
    "seat_of": "Sitz von",
    "ground": "Grund",
    "cause": "Ursache",
    "group": "Partei",
    "kind": "Art der Wahl",
    "note": "Bemerkung",
    "key": "Angabe",
    "value": "Wert",
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
    """Field -> column index of one table, the headers not taken, and how each column was read
    (header, what the import did with it: the column map an office sees)."""

    index: dict[str, int]
    ignored: list[str]
    # the column map: (header, key, words); key is the field, "extra", "-" (left out by --spalte) or ""
    # (not taken, the words say why)
    reading: list[tuple[str, str, str]] = dataclasses.field(default_factory=list)
    extra: list[int] = dataclasses.field(default_factory=list)  # columns kept as the person's `extra`

    def __contains__(self, field: str) -> bool:
        return field in self.index

    def retake(self, old: str, new: str, header: list[str]) -> None:
        """The column of field ``old`` read as ``new`` (what the statute makes of a plain place)."""
        col = self.index.pop(old)
        self.index[new] = col
        self.reading = [(r[0], new, FIELD_WORDS[new]) if r[0] == header[col] else r for r in self.reading]


def map_columns(
    table: Table, fields: dict[str, tuple[str, ...]], required: dict[str, str], overrides: dict | None = None
) -> Columns:
    """Which column holds which field. ``overrides`` (header -> field, or "-" for none: `--spalte`) come
    first; on the candidate sheet a number and a name of one thing are paired (``pairs``). Two columns
    for one field, a missing required field, or an unknown column that looks like structure are errors
    (one line, naming the header row and the `--spalte` that settles it)."""
    given = {norm_header(k): v for k, v in (overrides or {}).items()}
    wrong = [(k, v) for k, v in (overrides or {}).items() if v not in ("-", EXTRA) and v not in fields]
    if wrong:
        raise InputError(
            f"--spalte '{wrong[0][0]}={wrong[0][1]}': kein Feld '{wrong[0][1]}' (Felder: `nachruecken import --felder`)",
            table.at(table.header_line),
            table.file,
        )
    unknown = [k for k in (overrides or {}) if norm_header(k) not in {norm_header(h) for h in table.header}]
    if unknown:
        raise InputError(
            f"--spalte '{unknown[0]}': keine solche Spalte in der Kopfzeile", table.at(table.header_line), table.file
        )
    if fields is CANDIDATE_FIELDS:
        from nachruecken.case.office.pairs import candidate_fields

        meant = candidate_fields(table, given)
    else:
        meant = [given.get(norm_header(raw)) or _field_of(norm_header(raw), fields) for raw in table.header]
    found: dict[str, int] = {}
    cols = Columns(found, [])
    for col, (raw, field) in enumerate(zip(table.header, meant)):
        if field == EXTRA and fields is CANDIDATE_FIELDS:
            cols.extra.append(col)
            cols.reading.append((raw, EXTRA, EXTRA_WORDS))
            continue
        if field in (None, "-") or field.startswith("-"):
            _not_taken(table, cols, raw, field, fields is CANDIDATE_FIELDS)
            continue
        if field in found:
            raise InputError(
                f"die Spalten '{table.header[found[field]]}' und '{raw}' meinen beide {FIELD_WORDS.get(field, field)}; "
                f'eine mit --spalte "{raw}=-" weglassen oder mit --spalte "{raw}=<feld>" zuordnen',
                table.at(table.header_line),
                table.file,
            )
        found[field] = col
        cols.reading.append((raw, field, FIELD_WORDS.get(field, field)))
    missing = [label for key, label in required.items() if key not in found]
    if missing:
        shown = ", ".join(repr(h) for h in table.header)
        raise InputError(
            f"keine Spalte {' / '.join(missing)}; die Kopfzeile hat: {shown}", table.at(table.header_line), table.file
        )
    return cols


def _field_of(name: str, fields: dict[str, tuple[str, ...]]) -> str | None:
    return next((key for key, names in fields.items() if name in names), None)


def _not_taken(table: Table, cols: Columns, raw: str, field: str | None, candidates: bool) -> None:
    """A column the import does not read: kept as extra data, left out for a reason the pairing gave
    (``-why``), or, where its name says it carries structure, an error."""
    name = norm_header(raw)
    if not name:
        return
    if field is None and candidates and _STRUCTURE.search(name) and not _SHARE.search(name):
        raise InputError(
            f"die Spalte '{raw}' sieht nach Listenstruktur aus, die der Import nicht zuordnen kann; "
            f'mit --spalte "{raw}=<feld>" zuordnen (Felder: `nachruecken import --felder`) oder mit '
            f'--spalte "{raw}=-" weglassen',
            table.at(table.header_line),
            table.file,
        )
    cols.ignored.append(raw)
    why = (
        field[1:]
        if field and len(field) > 1
        else ("nicht verwendet (--spalte)" if field == "-" else "nicht übernommen")
    )
    cols.reading.append((raw, "-" if field == "-" else "", why))


def cell(cells: list[str], cols: Columns, field: str) -> str:
    k = cols.index.get(field)
    return cells[k].strip() if k is not None and k < len(cells) else ""

"""`nachruecken import`: the candidate list as an office exports it, turned into a case file.

Offices keep the Wahlvorschläge (lists of nominations) and their Bewerber as a spreadsheet. Its CSV
export is semicolon- or comma-separated, UTF-8 (with or without BOM) or Windows-1252, with German or
English column headers; an ``.xlsx`` file is read with openpyxl when it is installed. The result is a
case file with the nominations and candidates and an empty ``events:`` list, commented so that the
office sees what to add. Nothing is invented: what the list does not hold (the election day, the
body's seats) is left as a comment to fill in.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from nachruecken.case.model import EVENT_TYPES
from nachruecken.errors import InputError

# Column headers as offices write them (compared lower-case, without punctuation and extra spaces).
HEADERS = {
    "nomination": (
        "wahlvorschlag",
        "liste",
        "partei",
        "wählergruppe",
        "partei wählergruppe",
        "kennwort",
        "list",
        "nomination",
        "party",
    ),
    "position": ("platz", "listenplatz", "position", "lfd nr", "nr", "rang", "place", "list place"),
    "surname": ("name", "nachname", "familienname", "surname", "last name", "lastname", "family name"),
    "first_name": ("vorname", "vornamen", "rufname", "first name", "firstname", "given name"),
    "votes": ("stimmen", "stimmenzahl", "personenstimmen", "anzahl stimmen", "votes", "personal votes"),
    "elected": ("gewählt", "gewaehlt", "sitz", "mandat", "elected", "seat"),
    "district": ("wahlbereich", "wahlkreis", "wahlbezirk", "district"),
    "id": ("id", "kennung"),
}
YES = {"ja", "j", "x", "1", "yes", "y", "true", "wahr", "gewählt", "gewaehlt"}
NO = {"nein", "n", "0", "no", "false", "falsch", ""}
# Event types as the comment lists them (what a vacancy and its procedure are made of)
EVENT_HINT = ", ".join(EVENT_TYPES)


@dataclass
class Row:
    line: int
    nomination: str
    name: str
    position: int | None
    votes: int | None
    elected: bool
    district: str | None
    pid: str | None = None


@dataclass
class Imported:
    """The nominations of a list, in file order, and what the office should know about the import."""

    nominations: dict[str, list[Row]] = field(default_factory=dict)
    districts: dict[str, str | None] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _norm_header(text: str) -> str:
    text = re.sub(r"[^\wäöüß ]+", " ", str(text or "").strip().lower())
    return " ".join(text.split())


def _columns(header: list[str], file: str) -> dict[str, int]:
    """Which column holds what; an unknown header is ignored, a field named twice is an error."""
    found: dict[str, int] = {}
    for col, raw in enumerate(header):
        name = _norm_header(raw)
        for key, synonyms in HEADERS.items():
            if name in synonyms:
                if key in found:
                    raise InputError(
                        f"columns {found[key] + 1} and {col + 1} both look like '{key}' "
                        f"('{header[found[key]]}', '{raw}')",
                        "line 1",
                        file,
                    )
                found[key] = col
                break
    missing = [k for k in ("nomination", "surname") if k not in found]
    if missing:
        wanted = {"nomination": "Wahlvorschlag/Liste/Partei", "surname": "Name"}
        raise InputError(
            f"no column for {', '.join(wanted[k] for k in missing)}; the header row has: "
            f"{', '.join(repr(h) for h in header)}",
            "line 1",
            file,
        )
    return found


def decode(raw: bytes, file: str) -> str:
    """UTF-8 (a BOM is dropped) or, failing that, Windows-1252 (what Excel writes on German Windows)."""
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw[3:].decode("utf-8")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return raw.decode("cp1252")
        except UnicodeDecodeError as exc:  # cp1252 leaves five bytes undefined
            raise InputError("neither UTF-8 nor Windows-1252 text", "", file) from exc


def _delimiter(text: str) -> str:
    head = text.splitlines()[0] if text else ""
    counts = {d: head.count(d) for d in (";", ",", "\t")}
    return max(counts, key=lambda d: counts[d]) if any(counts.values()) else ";"


def read_table(path: Path) -> list[list[str]]:
    """The rows of a CSV or XLSX file, as text cells."""
    file = str(path)
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        try:
            import openpyxl
        except ImportError:
            raise InputError(
                "reading .xlsx needs openpyxl: pip install 'nachruecken[xlsx]' (or export CSV)", "", file
            ) from None
        try:
            book = openpyxl.load_workbook(path, read_only=True, data_only=True)
        except Exception as exc:  # a broken or foreign file: say so in one line
            raise InputError(f"not a readable .xlsx file ({type(exc).__name__})", "", file) from None
        sheet = book.worksheets[0]
        rows = [
            ["" if v is None else (str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)) for v in row]
            for row in sheet.iter_rows(values_only=True)
        ]
        book.close()
        return rows
    text = decode(path.read_bytes(), file)
    return list(csv.reader(io.StringIO(text), delimiter=_delimiter(text)))


def _int(cell: str, what: str, line: int, col: str, file: str) -> int | None:
    text = cell.strip().replace("\u00a0", "").replace(" ", "")
    if not text:
        return None
    # German thousands separators: 1.234 (and 1,234 from an English sheet)
    if re.fullmatch(r"\d{1,3}([.,]\d{3})+", text):
        text = re.sub(r"[.,]", "", text)
    if not text.isdigit():
        raise InputError(f"{what} must be a whole number, got '{cell}'", f"line {line}, column '{col}'", file)
    return int(text)


def parse(path: Path) -> Imported:
    file = str(path)
    rows = [r for r in read_table(path) if any(c.strip() for c in r)]
    if not rows:
        raise InputError("the file holds no rows", "", file)
    header, body = rows[0], rows[1:]
    cols = _columns(header, file)
    if not body:
        raise InputError("the file holds a header row but no candidates", "line 2", file)
    out = Imported()
    if "votes" not in cols:
        out.notes.append(
            f"no column of vote counts (the header row has: {', '.join(repr(h) for h in header)}); "
            "the candidates get none, and Hessen, Brandenburg and M-V order by votes: add them, or "
            "name the column Stimmen"
        )
    empty_votes: list[int] = []
    places: dict[tuple[str, int], int] = {}
    line = 1
    for cells in body:
        line += 1
        cell = lambda key: cells[cols[key]].strip() if key in cols and cols[key] < len(cells) else ""
        head = lambda key: header[cols[key]]
        nomination, surname = cell("nomination"), cell("surname")
        if not nomination:
            raise InputError("no Wahlvorschlag in this row", f"line {line}, column '{head('nomination')}'", file)
        if not surname:
            raise InputError("no name in this row", f"line {line}, column '{head('surname')}'", file)
        first = cell("first_name")
        elected_text = cell("elected").lower()
        if elected_text not in YES | NO:
            raise InputError(
                f"'{cell('elected')}' is neither yes nor no (ja/nein, x, 1/0)",
                f"line {line}, column '{head('elected')}'",
                file,
            )
        district = cell("district") or None
        key = nomination if district is None else f"{nomination} ({district})"
        if key in out.districts and out.districts[key] != district:
            raise InputError("the same Wahlvorschlag in two Wahlbereiche", f"line {line}", file)
        out.districts[key] = district
        position = (
            _int(cell("position"), "the list place", line, head("position"), file) if "position" in cols else None
        )
        if position is not None:
            if (key, position) in places:
                raise InputError(
                    f"list place {position} of {key} is already on line {places[(key, position)]}",
                    f"line {line}, column '{head('position')}'",
                    file,
                )
            places[(key, position)] = line
        votes = _int(cell("votes"), "the vote count", line, head("votes"), file) if "votes" in cols else None
        if "votes" in cols and votes is None:
            empty_votes.append(line)
        out.nominations.setdefault(key, []).append(
            Row(
                line=line,
                nomination=nomination,
                name=f"{first} {surname}" if first else surname,
                position=position,
                votes=votes,
                elected=elected_text in YES,
                district=district,
                pid=cell("id") or None,
            )
        )
    if empty_votes:
        shown = ", ".join(map(str, empty_votes[:8])) + (" ..." if len(empty_votes) > 8 else "")
        out.notes.append(
            f"no vote count on line(s) {shown} (an empty cell, or a spreadsheet formula without a "
            "saved value): those candidates have none"
        )
    return out


def slug(text: str) -> str:
    """An id from a name: lower-case ASCII words joined by '-' (ä -> ae, ß -> ss)."""
    umlauts: dict[str, str | int | None] = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}
    text = text.lower().translate(str.maketrans(umlauts))
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "x"


def _unique(base: str, taken: set[str]) -> str:
    out, n = base, 2
    while out in taken:
        out, n = f"{base}-{n}", n + 1
    taken.add(out)
    return out


def _yaml_str(text: str) -> str:
    """A YAML scalar that reads back as this exact string (quoted where YAML would read it otherwise)."""
    import yaml

    dumped = yaml.safe_dump(text, allow_unicode=True, default_flow_style=True, width=10**6).strip()
    return dumped.removesuffix("\n...").removesuffix(" ...").strip()


def to_case_yaml(data: Imported, statute: str, source: str) -> str:
    """The case file text: nominations and candidates, an empty events list, comments for the rest."""
    person_ids: set[str] = set()
    nomination_ids: set[str] = set()
    seats = sum(r.elected for rows in data.nominations.values() for r in rows)
    out = [
        f"# Drawn from {source} by `nachruecken import`. Check every line against the official result.",
        f"title: {_yaml_str(Path(source).stem)}",
        f"statute: {_yaml_str(statute)}",
        "# election_date: YYYY-MM-DD      # the election day (periods, the text in force)",
        f"# body: {{name: ..., seats: N}}  # the body and its legal member count ({seats} elected in this list)",
        "nominations:",
    ]
    for key, rows in data.nominations.items():
        nid = _unique(slug(key), nomination_ids)
        out.append(f"  - id: {_yaml_str(nid)}")
        out.append(f"    name: {_yaml_str(rows[0].nomination)}")
        district = data.districts.get(key)
        if district:
            # a nomination of one Wahlkreis (Wahlbereich, Wahlbezirk)
            out.append("    tier: district")
            out.append(f"    district: {_yaml_str(slug(district))}")
        out.append("    candidates:")
        for row in rows:
            pid = _unique(slug(row.pid or row.name), person_ids)
            fields = [f"id: {_yaml_str(pid)}", f"name: {_yaml_str(row.name)}"]
            if row.position is not None:
                fields.append(f"position: {row.position}")
            if row.votes is not None:
                fields.append(f"votes: {row.votes}")
            if row.elected:
                fields.append("elected: true")
            out.append("      - {" + ", ".join(fields) + "}")
    out += [
        "# What happened since the election, one line per event below `events:`, in date order:",
        f"# TYPE is one of: {EVENT_HINT}",
        "events:",
        "#  - {date: YYYY-MM-DD, person: ID, type: TYPE}",
        "",
    ]
    return "\n".join(out)

"""The office's files as tables of text cells: a CSV (``;``, ``,`` or tab; UTF-8, UTF-16 or Windows-1252), a workbook
(``.xlsx``, each sheet by its name) or a folder of the three CSV files ``convert`` and ``template`` write.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass
from pathlib import Path

from nachruecken.case.office.cells import read_cell
from nachruecken.errors import InputError

# The sheets of an office workbook (and the CSV files of a folder)
SHEETS = {"bewerber": "Bewerber", "ereignisse": "Ereignisse", "fall": "Fall"}

# What one file may hold: far above any council's list (a city's is a few thousand rows), far below what
# would take the machine's memory. Cells count as a sheet yields them, empty ones included (a workbook
# that declares a cell at XFD1048576 yields its empty rows and columns up to it).
MAX_ROWS = 200_000
MAX_CELLS = 5_000_000
MAX_UNPACKED = 256 * 2**20  # bytes of a workbook's parts, unpacked (a zip bomb says more, and is refused)


@dataclass
class Table:
    """One sheet: its header, its rows (numbered as the office sees them) and where it came from."""

    where: str  # "Blatt Bewerber" or "" for a single CSV file
    file: str
    header: list[str]
    rows: list[tuple[int, list[str]]]
    header_line: int = 1  # the row the header stands in (title lines may stand above it)

    def at(self, line: int, column: str | None = None) -> str:
        """The place of a cell, as an error names it."""
        out = f"{self.where}, Zeile {line}" if self.where else f"Zeile {line}"
        return out + (f", Spalte '{column}'" if column is not None else "")

    def from_header(self, is_header) -> Table:
        """The table whose header is the first row ``is_header`` accepts: title lines an export puts
        above it are dropped (where no row is accepted, the table as it is)."""
        if is_header(self.header):
            return self
        for k, (line, cells) in enumerate(self.rows):
            if is_header(cells):
                return Table(self.where, self.file, cells, self.rows[k + 1 :], line)
        return self


def decode(raw: bytes, file: str) -> str:
    """UTF-8 (a BOM is dropped), UTF-16 with its BOM (Excel's "Unicode-Text") or, failing those,
    Windows-1252 (what Excel writes on German Windows)."""
    if raw.startswith(b"\xef\xbb\xbf"):
        return raw[3:].decode("utf-8")
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise InputError("kein lesbares UTF-16 (Unicode-Text)", "", file) from exc
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return raw.decode("cp1252")
        except UnicodeDecodeError as exc:  # cp1252 leaves five bytes undefined
            raise InputError("weder UTF-8 noch Windows-1252", "", file) from exc


def _delimiter(text: str) -> str:
    """The delimiter that splits the most of the first lines into one and the same number of cells (more
    than one; of two alike, the one that gives more cells): a title line above the header, or a comma
    inside a cell, does not mislead it."""
    lines = text.splitlines()[:50]
    best, score = ";", (0, 0)
    for d in (";", "\t", ","):
        try:
            widths = [len(r) for r in csv.reader(lines, delimiter=d) if any(c.strip() for c in r)]
        except csv.Error:  # a cell over the csv module's limit: reading the file says so
            continue
        wide = [w for w in widths if w > 1]
        top = max(set(wide), key=lambda w: (wide.count(w), w)) if wide else 0
        if top and (wide.count(top), top) > score:  # more lines alike, then more cells a line
            best, score = d, (wide.count(top), top)
    return best


def bounded(rows, where: str, file: str):
    """The rows, as long as they stay within MAX_ROWS and MAX_CELLS (an InputError past them)."""
    cells = 0
    for count, row in enumerate(rows, 1):
        cells += len(row)
        if count > MAX_ROWS or cells > MAX_CELLS:
            what = f"mehr als {MAX_ROWS:,} Zeilen" if count > MAX_ROWS else f"mehr als {MAX_CELLS:,} Zellen"
            place = f"{where}: " if where else ""
            raise InputError(f"{place}{what.replace(',', '.')}: zu groß für eine Bewerberliste", "", file)
        yield row


def _table(rows: list[list[str]], where: str, file: str) -> Table | None:
    """The rows as a table: the first non-empty row is the header; empty rows are dropped (None: no rows)."""
    numbered = [(k, [read_cell(c.strip()) for c in r]) for k, r in enumerate(rows, 1) if any(str(c).strip() for c in r)]
    if not numbered:
        return None
    (_, header), body = numbered[0], numbered[1:]
    return Table(where, file, header, body)


def table_of(rows: list[list[str]], where: str, file: str) -> Table | None:
    """A sheet given as rows of cells (the JSON API): the first non-empty row is the header."""
    return _table([[_cell(c) for c in row] for row in bounded(rows, where, file)], where, file)


def read_csv(path: Path, where: str = "") -> Table | None:
    file = str(path)
    text = decode(path.read_bytes(), file)
    reader = csv.reader(io.StringIO(text), delimiter=_delimiter(text))
    try:
        rows = list(bounded(reader, where, file))
    except csv.Error as exc:  # a cell over the csv module's limit (128 KiB), a NUL byte
        raise InputError(f"kein lesbares CSV (Zeile {reader.line_num}: {exc})", "", file) from None
    return _table(rows, where, file)


def _cell(value: object) -> str:
    """A spreadsheet cell as text: whole numbers without ``.0``, dates as ``TT.MM.JJJJ``."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return value.strftime("%d.%m.%Y")
    return str(value)


def read_xlsx(path: Path) -> dict[str, Table]:
    """Each sheet of a workbook, keyed by its lower-case name; the first sheet also as ``bewerber``
    when no sheet has that name (an election program's export has one sheet)."""
    file = str(path)
    try:
        import openpyxl
    except ImportError:
        raise InputError(
            ".xlsx lesen braucht openpyxl: pip install 'nachruecken[xlsx]' (oder als CSV exportieren)", "", file
        ) from None
    _unpacked_size(path)
    try:
        book = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # a broken or foreign file: say so in one line
        raise InputError(f"keine lesbare .xlsx-Datei ({type(exc).__name__})", "", file) from None
    out: dict[str, Table] = {}
    for sheet in book.worksheets:
        where = f"Blatt {sheet.title}"
        rows = [_trimmed([_cell(v) for v in row]) for row in bounded(sheet.iter_rows(values_only=True), where, file)]
        table = _table(rows, where, file)
        if table is not None:
            out[sheet.title.strip().lower()] = table
    book.close()
    if "bewerber" not in out and out:
        # an election program's export: the candidates on whichever sheet has a name column (title
        # lines above it allowed), else on the first sheet
        out["bewerber"] = next((t for t in out.values() if _names_candidates(t)), next(iter(out.values())))
    return out


def _trimmed(row: list[str]) -> list[str]:
    """A row without the empty cells a sheet pads it with on the right."""
    while row and not row[-1]:
        row.pop()
    return row


def _unpacked_size(path: Path) -> None:
    """Refuses a workbook whose parts unpack to more than MAX_UNPACKED bytes, before any is unpacked."""
    import zipfile

    try:
        with zipfile.ZipFile(path) as book:
            size = sum(part.file_size for part in book.infolist())
    except (zipfile.BadZipFile, OSError):
        raise InputError("keine lesbare .xlsx-Datei (kein Zip-Archiv)", "", str(path)) from None
    if size > MAX_UNPACKED:
        raise InputError(
            f"die .xlsx-Datei entpackt sich zu {size / 2**20:,.0f} MiB (höchstens {MAX_UNPACKED // 2**20} MiB)".replace(
                ",", "."
            ),
            "",
            str(path),
        )


def _names_candidates(table: Table) -> bool:
    """Whether a sheet has a header with a name column within its first rows."""
    from nachruecken.case.office.columns import CANDIDATE_FIELDS, norm_header

    head = [table.header] + [cells for _, cells in table.rows[:20]]
    return any(norm_header(c) in CANDIDATE_FIELDS["surname"] for cells in head for c in cells)


def read_folder(path: Path) -> dict[str, Table]:
    """The CSV files ``bewerber.csv``, ``ereignisse.csv`` and ``fall.csv`` of a folder."""
    out: dict[str, Table] = {}
    for key in SHEETS:
        file = path / f"{key}.csv"
        if file.is_file():
            table = read_csv(file)
            if table is not None:
                out[key] = table
    if "bewerber" not in out:
        raise InputError("der Ordner enthält keine bewerber.csv", "", str(path))
    return out


def read_source(path: Path) -> dict[str, Table]:
    """The tables of what an office gives: a CSV (its candidates), a workbook or a folder."""
    if not path.exists():
        raise InputError("Datei nicht gefunden", "", str(path))
    if path.is_dir():
        return read_folder(path)
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        return read_xlsx(path)
    table = read_csv(path)
    return {"bewerber": table} if table is not None else {}

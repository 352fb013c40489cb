"""Making and reshaping case files: ``init`` (a commented skeleton), ``import`` (from an office's candidate
list and events), ``template`` (the office's empty sheets), ``convert`` (to YAML, JSON, .lp facts or the
office's sheets) and ``schema`` (the JSON Schema, for editors). What is written replaces a file only with
``--force``, in one step, keeping the previous one as ``.bak``."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path

import typer

from nachruecken.interfaces.solve_command import _err


class Format(str, Enum):
    yaml = "yaml"
    json = "json"
    lp = "lp"
    xlsx = "xlsx"
    csv = "csv"


def convert(
    case: Path = typer.Argument(..., help="a case file"),
    to: Format = typer.Option(
        ...,
        "--to",
        help="yaml, json or lp (facts; the expected block is dropped); xlsx or csv: the office's sheets "
        "Bewerber, Ereignisse, Fall (-o FILE.xlsx or -o DIR)",
    ),
    output: Path | None = typer.Option(None, "--output", "-o", help="write here (default: print; xlsx, csv: needed)"),
    force: bool = typer.Option(False, "--force", help="replace an existing file (the previous one is kept as .bak)"),
):
    """Write a case in another format (YAML, JSON, .lp facts, or an office's sheets); it decides the same."""
    from nachruecken.case.convert import to_json, to_lp, to_yaml
    from nachruecken.case.loader import load_case
    from nachruecken.errors import InputError

    try:
        loaded = load_case(case)
        if to.value in ("xlsx", "csv"):
            from nachruecken.case.office.sheets import case_sheets

            _write_sheets(case_sheets(loaded), to.value, output, force)
            return
        text = {"yaml": to_yaml, "json": to_json, "lp": to_lp}[to.value](loaded)
        _emit(text + ("\n" if to.value == "json" else ""), output, force)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)


def _say(line: str) -> None:
    """A line of the import's report on stderr, wrapped to the terminal (at most 100 columns)."""
    import shutil
    import textwrap

    width = min(shutil.get_terminal_size((80, 24)).columns, 100) - 1
    indent = " " * (len(line) - len(line.lstrip()) + 2)
    sys.stderr.write(textwrap.fill(line, width, subsequent_indent=indent, break_on_hyphens=False) + "\n")


def _emit(text: str, output: Path | None, force: bool) -> None:
    """To stdout, or to the output file (kept safe, as ``_write``)."""
    if output is None:
        sys.stdout.write(text)
    else:
        _write(output, text, force)


def _write(path: Path, content: str | bytes, force: bool) -> None:
    from nachruecken.files import write_safely

    backup = write_safely(path, content, force)
    sys.stderr.write(f"geschrieben: {path}" + (f" (die vorige Fassung: {backup})" if backup else "") + "\n")


def _write_sheets(sheets: list, kind: str, output: Path | None, force: bool) -> None:
    """The sheets as one workbook (-o FILE.xlsx) or three CSV files (-o DIR)."""
    from nachruecken.case.office.workbook import CSV_NAMES, csv_text, xlsx_bytes
    from nachruecken.errors import InputError
    from nachruecken.files import refuse_existing

    if output is None:
        raise InputError(f"--to {kind} braucht -o (eine .xlsx-Datei oder einen Ordner)", "", "--output")
    if kind == "xlsx":
        if output.suffix.lower() != ".xlsx":
            raise InputError("eine Arbeitsmappe endet auf .xlsx", "--output", str(output))
        _write(output, xlsx_bytes(sheets), force)
        return
    if output.exists() and not output.is_dir():
        raise InputError("CSV: -o nennt einen Ordner (er bekommt bewerber.csv, ereignisse.csv, fall.csv)", "--output")
    if output.is_dir():
        for sheet in sheets:
            refuse_existing(output / CSV_NAMES[sheet.name], force)
    elif not (output.parent if str(output.parent) else Path(".")).is_dir():
        raise InputError("der Ordner darüber existiert nicht", "", str(output))
    output.mkdir(exist_ok=True)
    for sheet in sheets:
        _write(output / CSV_NAMES[sheet.name], csv_text(sheet), force)


def template(
    statute: str = typer.Option(..., "--statute", help="he, nw, bb, mv, hh, rp, sn, sh, st, by or a pinned statute id"),
    output: Path = typer.Option(..., "--output", "-o", help="liste.xlsx, or a folder for three CSV files"),
    force: bool = typer.Option(False, "--force", help="replace existing files (the previous ones are kept as .bak)"),
):
    """Write a state's empty sheets for `import`: Bewerber, Ereignisse (with a drop-down of event words), Fall."""
    from nachruecken.case.office.template import template_sheets
    from nachruecken.errors import InputError
    from nachruecken.law.statutes import resolve_statute_id

    try:
        statute_id = resolve_statute_id(statute, "--statute")
        kind = "xlsx" if output.suffix.lower() == ".xlsx" else "csv"
        _write_sheets(template_sheets(statute, statute_id), kind, output, force)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)


def schema(
    result: bool = typer.Option(False, "--result", help="the schema of what `solve --json` prints instead"),
    check: bool = typer.Option(False, "--check", help="the schema of what `check --json` prints instead"),
    diff: bool = typer.Option(False, "--diff", help="the schema of what `diff --json` prints instead"),
):
    """Print the JSON Schema of case files (for editors), or of what `solve`, `check` or `diff` print."""
    if result + check + diff > 1:
        _err("--result, --check and --diff name one schema each; give one of them")
        raise typer.Exit(2)
    print(json.dumps(_schema_of(result, check, diff), ensure_ascii=False, indent=2))


def _schema_of(result: bool, check: bool, diff: bool) -> dict:
    if result:
        from nachruecken.output.result_schema import RESULT_SCHEMA

        return RESULT_SCHEMA
    if check or diff:
        from nachruecken.output.research_schema import CHECK_SCHEMA, DIFF_SCHEMA

        return CHECK_SCHEMA if check else DIFF_SCHEMA
    from nachruecken.case.schema import CASE_SCHEMA

    return CASE_SCHEMA


def import_cmd(
    source: Path | None = typer.Argument(
        None,
        help="the office's list: CSV (; or , UTF-8 or Windows-1252), .xlsx (sheets Bewerber, Ereignisse, Fall) "
        "or a folder of bewerber.csv, ereignisse.csv, fall.csv",
    ),
    statute: str | None = typer.Option(
        None,
        "--statute",
        help="he, nw, bb, mv, hh, rp, sn, sh, st, by or a pinned id (default: the sheet Fall's Vorschrift)",
    ),
    events: Path | None = typer.Option(None, "--events", help="the events sheet (CSV or .xlsx): Datum, Name, Ereignis"),
    fall: Path | None = typer.Option(
        None, "--fall", help="the case sheet (CSV or .xlsx): Angabe, Wert (Gremium, Sitze, Wahltag …)"
    ),
    output: Path | None = typer.Option(None, "--output", "-o", help="write the case here (default: print it)"),
    force: bool = typer.Option(False, "--force", help="replace the output file (the previous one is kept as .bak)"),
    spalte: list[str] = typer.Option(
        [],
        "--spalte",
        help='what a column of the candidate sheet means: "Kopf=feld" (fields: --felder), "Kopf=-" to leave it out',
    ),
    felder: bool = typer.Option(False, "--felder", help="list the fields a --spalte may name, and stop"),
):
    """Turn an office's candidate list (and its events) into a case file; a summary goes to stderr."""
    from nachruecken.case.office.build import import_office
    from nachruecken.case.office.casefile import case_yaml
    from nachruecken.errors import InputError
    from nachruecken.files import refuse_existing

    if felder:
        _print_fields()
        return
    try:
        if source is None:
            raise InputError("keine Datei angegeben (nachruecken import LISTE)", "", "import")
        if output is not None:
            refuse_existing(output, force)
        imported = import_office(source, statute, events, fall, _column_choices(spalte))
        text = case_yaml(imported.data, source.name)
        for line in imported.summary:
            _say(line)
        for finding in imported.findings:
            _say(f"Hinweis: {finding}")
        if output is None:
            sys.stdout.write(text)
        else:
            _write(output, text, force)
            _say(f"weiter: Wahltag und Ereignisse prüfen, dann `nachruecken solve {output}`")
    except InputError as exc:
        _err(str(exc.with_file(str(source or "import"))))
        raise typer.Exit(2)


def _column_choices(given: list[str]) -> dict[str, str]:
    """`--spalte "Kopf=feld"` as header -> field (the last of one header wins)."""
    from nachruecken.errors import InputError

    out: dict[str, str] = {}
    for item in given:
        head, eq, field = item.rpartition("=")
        if not eq or not head.strip() or not field.strip():
            raise InputError(f'--spalte \'{item}\': erwartet "Kopf=feld" oder "Kopf=-"', "", "import")
        out[head.strip()] = field.strip()
    return out


def _print_fields() -> None:
    """The fields of the candidate sheet a `--spalte` may name, with what each means."""
    from nachruecken.case.office.columns import CANDIDATE_FIELDS, FIELD_WORDS

    for key in CANDIDATE_FIELDS:
        sys.stdout.write(f"{key:<18} {FIELD_WORDS.get(key, key)}\n")
    sys.stdout.write(f"{'extra':<18} als Angabe zur Person behalten (Beruf, Wohnort …; entscheidet nichts)\n")
    sys.stdout.write(f"{'-':<18} die Spalte nicht verwenden\n")


def init(
    statute: str = typer.Option(..., "--statute", help="he, nw, bb, mv, hh, rp, sn, sh, st, by or a pinned statute id"),
    output: Path | None = typer.Option(None, "--output", "-o", help="write the skeleton here (default: print it)"),
    force: bool = typer.Option(False, "--force", help="replace the output file (the previous one is kept as .bak)"),
):
    """Write a commented skeleton case for a statute (it decides as it stands)."""
    from nachruecken.case.skeleton import skeleton
    from nachruecken.errors import InputError

    try:
        _emit(skeleton(statute), output, force)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)

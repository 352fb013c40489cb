"""Making and reshaping case files: ``init`` (a commented skeleton), ``import`` (from an office's candidate
list), ``convert`` (to YAML, JSON or .lp facts) and ``schema`` (the JSON Schema, for editors)."""

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


def convert(
    case: Path = typer.Argument(..., help="a case file"),
    to: Format = typer.Option(..., "--to", help="yaml, json or lp (facts; the expected block is dropped)"),
):
    """Write a case in another format (YAML, JSON or .lp facts); it decides the same."""
    from nachruecken.case.convert import to_json, to_lp, to_yaml
    from nachruecken.case.loader import load_case
    from nachruecken.errors import InputError

    try:
        loaded = load_case(case)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    sys.stdout.write({"yaml": to_yaml, "json": to_json, "lp": to_lp}[to.value](loaded))
    if to.value == "json":
        sys.stdout.write("\n")


def schema(
    result: bool = typer.Option(False, "--result", help="the schema of what `solve --json` prints instead"),
):
    """Print the JSON Schema of case files (for editors), or with --result of the solve result."""
    if result:
        from nachruecken.output.result_schema import RESULT_SCHEMA

        print(json.dumps(RESULT_SCHEMA, ensure_ascii=False, indent=2))
        return
    from nachruecken.case.schema import CASE_SCHEMA

    print(json.dumps(CASE_SCHEMA, ensure_ascii=False, indent=2))


def import_cmd(
    table: Path = typer.Argument(..., help="the candidate list: CSV (; or , UTF-8 or Windows-1252) or .xlsx"),
    statute: str = typer.Option(
        ..., "--statute", help="the statute the case is decided under (he, nw, bb, mv, hh or a pinned id)"
    ),
    output: Path | None = typer.Option(None, "--output", "-o", help="write the case here (default: print it)"),
    force: bool = typer.Option(False, "--force", help="overwrite the output file if it exists"),
):
    """Turn an office's candidate list into a case file with its nominations and candidates."""
    from nachruecken.case.importer import parse, to_case_yaml
    from nachruecken.errors import InputError
    from nachruecken.law.statutes import resolve_statute_spec

    try:
        resolve_statute_spec(statute, "--statute")
        if not table.is_file():
            raise InputError("file does not exist" if not table.exists() else "is not a file", "", str(table))
        _refuse_overwrite(output, force)
        data = parse(table)
        text = to_case_yaml(data, statute, table.name)
    except InputError as exc:
        _err(str(exc.with_file(str(table))))
        raise typer.Exit(2)
    for note in data.notes:
        _err(f"{table}: note: {note}")
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")
        sys.stderr.write(f"wrote {output}: add the election date and the events, then `nachruecken solve {output}`\n")


def _refuse_overwrite(output: Path | None, force: bool) -> None:
    from nachruecken.errors import InputError

    if output is not None and output.exists() and not force:
        raise InputError(
            "exists; it may hold dates and events added by hand: choose another file or give --force", "", str(output)
        )


def init(
    statute: str = typer.Option(..., "--statute", help="he, nw, bb, mv, hh or a pinned statute id"),
    output: Path | None = typer.Option(None, "--output", "-o", help="write the skeleton here (default: print it)"),
    force: bool = typer.Option(False, "--force", help="overwrite the output file if it exists"),
):
    """Write a commented skeleton case for a statute (it decides as it stands)."""
    from nachruecken.case.skeleton import skeleton
    from nachruecken.errors import InputError

    try:
        _refuse_overwrite(output, force)
        text = skeleton(statute)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")

"""Deciding cases: ``solve`` (who takes each seat, and why), ``test`` (the cases' ``expected`` blocks)
and ``feststellung`` (the official determination drafted from a decision)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import cast

import typer

from nachruecken.interfaces.cli.common import Lang
from nachruecken.interfaces.solve_command import _err


def solve(
    cases: list[Path] = typer.Argument(..., help="case files (.yaml, .yml, .json, .lp) or folders of them"),
    as_json: bool = typer.Option(False, "--json", help="print JSON (one line per file when several)"),
    statute: str | None = typer.Option(None, "--statute", help="decide under this statute instead of the case's"),
    reading: list[str] = typer.Option([], "--reading", help="ID=VALUE, e.g. he.ersatzliste_order=list"),
    lang: Lang = typer.Option(Lang.en, "--lang", help="language of the explanations"),
    all_candidates: bool = typer.Option(False, "--all-candidates", help="also list everyone after the successor"),
    jobs: int = typer.Option(1, "--jobs", min=1, help="worker processes"),
    timeout: float | None = typer.Option(
        None, "--timeout", min=0.01, help="seconds per case; a case over it is reported, not waited for"
    ),
    fmt: str | None = typer.Option(None, "--format", help="text (default), markdown (md), csv or json"),
    output: Path | None = typer.Option(None, "--output", "-o", help="write to this file instead of the terminal"),
    csv_dialect: str = typer.Option(
        "standard", "--csv-dialect", help="csv: standard (comma, UTF-8) or excel-de (semicolon, Windows-1252)"
    ),
):
    """Determine every vacancy of each case: the successor or the empty seat, and why."""
    from nachruecken.interfaces.solve_command import run_solve

    raise typer.Exit(
        run_solve(cases, as_json, statute, reading, lang.value, all_candidates, jobs, timeout, fmt, output, csv_dialect)
    )


def test_cmd(
    paths: list[Path] = typer.Argument(
        None, help="case files or folders (default: ./instances, else the worked cases shipped with nachruecken)"
    ),
    lang: Lang = typer.Option(Lang.en, "--lang"),
    update: bool = typer.Option(
        False,
        "--update",
        help="rewrite each failing `expected` block from today's answers "
        "and print the diff (YAML files; comments inside the block "
        "are not kept)",
    ),
):
    """Check the `expected` blocks of case files; exit 1 if any fails."""
    files = _files_to_test(paths)
    checks, broken = _run_checks(files, lang.value, update)
    n_fail = _print_checks(checks)
    raise typer.Exit(2 if broken else (1 if n_fail else 0))


def _files_to_test(paths: list[Path]) -> list:
    """The case files given, else those in ./instances, else the worked cases shipped (saying so on stderr)."""
    from nachruecken.engine.expectations import collect, instances_dir

    default = Path("instances") if Path("instances").is_dir() else instances_dir()
    if not paths and default is None:
        _err(
            "no ./instances folder here, and this installation ships no worked cases; "
            "give case files or folders, or clone the repository"
        )
        raise typer.Exit(2)
    if not paths and default != Path("instances"):
        _err(f"no ./instances folder here: checking the worked cases shipped with nachruecken ({default})")
    files = collect(paths or [cast(Path, default)])  # (no paths and no default: exited above)
    if not files:
        _err("no case files found")
        raise typer.Exit(2)
    return files


def _run_checks(files: list, lang: str, update: bool) -> tuple[list, bool]:
    """Every file's checks, and whether any file could not be read (bad input: its one check fails)."""
    from nachruecken.engine.expectations import Check
    from nachruecken.errors import InputError

    checks: list[Check] = []
    broken = False
    for path in files:
        try:
            checks += _check_file(path, lang, update)
        except InputError as exc:
            broken = True
            checks.append(Check(str(path), "-", False, str(exc.with_file(str(path)))))
    return checks, broken


def _check_file(path: Path, lang: str, update: bool) -> list:
    """One file's checks; with ``update``, a failing block is rewritten (its diff printed) and counts as passed."""
    from nachruecken.case.loader import load_case
    from nachruecken.engine.expectations import Check, run_expected, update_expected

    case = load_case(path)
    if not case.expected:
        return [Check(str(path), "-", None, "no expected block")]
    found, result = run_expected(case, lang)
    if update and result is not None and any(c.passed is False for c in found):
        diff = update_expected(path, case, result)
        sys.stdout.write(diff)
        found = [Check(c.file, c.vacancy, True, "updated" if c.passed is False else c.detail) for c in found]
    return found


def _print_checks(checks: list) -> int:
    """The table of checks and the count line; returns how many failed."""
    from rich.console import Console
    from rich.table import Table

    table = Table(header_style="bold")
    for col in ("case", "vacancy", "result", "detail"):
        table.add_column(col, overflow="fold")
    mark = {True: "[green]pass[/green]", False: "[red]FAIL[/red]", None: "[dim]none[/dim]"}
    for c in checks:
        table.add_row(c.file, c.vacancy, mark[c.passed], c.detail)
    console = Console(emoji=False)
    console.print(table)
    n_pass = sum(c.passed is True for c in checks)
    n_fail = sum(c.passed is False for c in checks)
    console.print(f"{n_pass} passed, {n_fail} failed")
    return n_fail

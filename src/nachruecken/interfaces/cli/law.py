"""Looking at the law: ``statutes`` (the norms, readings and scope of each statute; ``--events``: the
event types and their German words) and ``compare`` (cases decided under every encoded state, side by side)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from nachruecken.interfaces.cli.common import Lang
from nachruecken.interfaces.solve_command import _err, _parse_readings


def statutes(
    statute: str | None = typer.Argument(None, help="one statute id or alias (default: all)"),
    as_json: bool = typer.Option(False, "--json"),
    lang: Lang = typer.Option(Lang.en, "--lang"),
    events: bool = typer.Option(
        False, "--events", help="list the event types with their German words instead (the same for every statute)"
    ),
):
    """The statutes, their norms with citations, their readings, and what is out of scope."""
    from rich.console import Console

    from nachruecken.errors import InputError
    from nachruecken.law.statutes import STATUTE_IDS, resolve_statute_spec, versions_of
    from nachruecken.output.statute_info import describe, event_lines, event_words, print_statutes

    if events:
        verzicht = {"word": "Verzicht", "read_by_status": {"member": "resigned", "anyone_else": "waived"}}
        print(
            json.dumps({"events": event_words(), "verzicht": verzicht}, ensure_ascii=False, indent=2)
            if as_json
            else "\n".join(event_lines(lang.value))
        )
        return
    try:
        ids = list(versions_of(resolve_statute_spec(statute, "statute"))) if statute else list(STATUTE_IDS)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    info = [describe(sid) for sid in ids]
    if as_json:
        print(json.dumps(info, ensure_ascii=False, indent=2))
    else:
        print_statutes(info, Console(emoji=False), lang.value)


def compare(
    cases: list[Path] = typer.Argument(..., help="case files or folders"),
    as_json: bool = typer.Option(False, "--json"),
    lang: Lang = typer.Option(Lang.en, "--lang"),
    reading: list[str] = typer.Option([], "--reading", help="ID=VALUE, applied under its own state's statute"),
):
    """Decide cases under every encoded state (the law in force on each date), side by side, with each
    state's warnings and where a case's structure does not fit that state's system."""
    from nachruecken.errors import InputError

    try:
        out = _compare_files(cases, reading, lang.value)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    if as_json:
        from nachruecken.output.provenance import provenance

        prov = provenance()
        docs = [{"case": str(path), "comparison": rows, "provenance": prov} for path, _, rows in out]
        print(json.dumps(docs[0] if len(docs) == 1 else docs, ensure_ascii=False, indent=2))
        return
    _print_comparisons(out)


def _compare_files(cases: list[Path], reading: list[str], lang: str) -> list:
    """(path, case, rows) for each case file: its comparison across the statutes."""
    from nachruecken.case.loader import load_case
    from nachruecken.engine.expectations import collect
    from nachruecken.errors import InputError
    from nachruecken.research.comparison import check_readings, compare_case

    out = []
    readings = _parse_readings(reading)
    check_readings(readings)
    files = collect(cases)
    if not files:
        raise InputError("no case files found", "", " ".join(map(str, cases)))
    for path in files:
        loaded = load_case(path)
        out.append((path, loaded, compare_case(loaded, readings, lang)))
    return out


def _print_comparisons(out: list) -> None:
    """A table per case, then each state's misfits and warnings once."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console(emoji=False)
    for path, loaded, rows in out:
        table = Table(title=str(path), title_justify="left", header_style="bold", show_lines=True)
        for col in ("statute", "vacancy", "outcome", "successor", "deciding norm", "why"):
            table.add_column(col, overflow="fold")
        for r in rows:
            table.add_row(
                r["statute"],
                loaded.display(r["vacancy"]) if r["vacancy"] else "-",
                r["outcome"] or "-",
                loaded.display(r["successor"]) if r["successor"] else "-",
                r["citation"] or "-",
                escape(r["why"]),
            )
        console.print(table)
        seen = set()
        for r in rows:
            if r["state"] in seen:
                continue
            seen.add(r["state"])
            for note in r["fit"]:
                console.print(f"  [yellow]{r['state']}: does not fit:[/yellow] {escape(note)}")
            for w in r["warnings"]:
                console.print(f"  [yellow]{r['state']}: warning:[/yellow] {escape(w)}")

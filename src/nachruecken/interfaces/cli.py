"""The command line: solve, test, statutes, schema."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from nachruecken.interfaces.solve_command import _err, _parse_readings, report_bug

EXIT_CODES = ("Exit status: 0 done; 1 a worked case failed its expected block (test); 2 bad input or usage, "
              "with one line naming the file, key and problem; 3 an internal error (please report it).")

app = typer.Typer(no_args_is_help=True, pretty_exceptions_enable=False,
                  context_settings={"help_option_names": ["-h", "--help"]},
                  help="Who takes a vacated council seat, with reasons, under five German statutes.",
                  epilog=EXIT_CODES)


def _show_version(value: bool) -> None:
    if value:
        from nachruecken import FORMAT_VERSION, __version__

        print(f"nachruecken {__version__} (result format {FORMAT_VERSION})")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", "-V", callback=_show_version, is_eager=True,
                                       help="print the version and exit")) -> None:
    """Who takes a vacated council seat, with reasons, under five German statutes."""


class Lang(str, Enum):
    en = "en"
    de = "de"


@app.command()
def solve(
    cases: List[Path] = typer.Argument(..., help="case files (.yaml, .yml, .json, .lp) or folders of them"),
    as_json: bool = typer.Option(False, "--json", help="print JSON (one line per file when several)"),
    statute: Optional[str] = typer.Option(None, "--statute", help="decide under this statute instead of the case's"),
    reading: List[str] = typer.Option([], "--reading", help="ID=VALUE, e.g. he.ersatzliste_order=list"),
    lang: Lang = typer.Option(Lang.en, "--lang", help="language of the explanations"),
    all_candidates: bool = typer.Option(False, "--all-candidates", help="also list everyone after the successor"),
    jobs: int = typer.Option(1, "--jobs", min=1, help="worker processes"),
    timeout: Optional[float] = typer.Option(None, "--timeout", min=0.01, help="seconds per case; a case over it is reported, not waited for"),
    fmt: Optional[str] = typer.Option(None, "--format", help="text (default), markdown (md), csv or json"),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="write to this file instead of the terminal"),
    csv_dialect: str = typer.Option("standard", "--csv-dialect",
                                    help="csv: standard (comma, UTF-8) or excel-de (semicolon, Windows-1252)"),
):
    """Determine every vacancy of each case: the successor or the empty seat, and why."""
    from nachruecken.interfaces.solve_command import run_solve

    raise typer.Exit(run_solve(cases, as_json, statute, reading, lang.value, all_candidates, jobs, timeout, fmt,
                               output, csv_dialect))


@app.command("test")
def test_cmd(
    paths: List[Path] = typer.Argument(None, help="case files or folders (default: ./instances, else the worked "
                                                  "cases shipped with nachruecken)"),
    lang: Lang = typer.Option(Lang.en, "--lang"),
    update: bool = typer.Option(False, "--update", help="rewrite each failing `expected` block from today's answers "
                                                        "and print the diff (YAML files; comments inside the block "
                                                        "are not kept)"),
):
    """Check the `expected` blocks of case files; exit 1 if any fails."""
    from rich.console import Console
    from rich.table import Table

    from nachruecken.engine.expectations import Check, collect, instances_dir, run_expected, update_expected
    from nachruecken.errors import InputError
    from nachruecken.case.loader import load_case

    default = Path("instances") if Path("instances").is_dir() else instances_dir()
    if not paths and default is None:
        _err("no ./instances folder here, and this installation ships no worked cases; "
             "give case files or folders, or clone the repository")
        raise typer.Exit(2)
    if not paths and default != Path("instances"):
        _err(f"no ./instances folder here: checking the worked cases shipped with nachruecken ({default})")
    files = collect(paths or [default])
    if not files:
        _err("no case files found")
        raise typer.Exit(2)
    checks: list[Check] = []
    broken = False
    for path in files:
        try:
            case = load_case(path)
            if not case.expected:
                checks.append(Check(str(path), "-", None, "no expected block"))
                continue
            found, result = run_expected(case, lang.value)
            if update and result is not None and any(c.passed is False for c in found):
                diff = update_expected(path, case, result)
                sys.stdout.write(diff)
                found = [Check(c.file, c.vacancy, True, "updated" if c.passed is False else c.detail) for c in found]
            checks += found
        except InputError as exc:
            broken = True
            checks.append(Check(str(path), "-", False, str(exc.with_file(str(path)))))
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
    raise typer.Exit(2 if broken else (1 if n_fail else 0))


@app.command()
def feststellung(
    case: Path = typer.Argument(..., help="a case file"),
    vacancy: Optional[str] = typer.Option(None, "--vacancy", help="only this determination (the departed's id, or id#2)"),
    fmt: Optional[str] = typer.Option(None, "--format",
                                      help="md (markdown, the default), html (printable A4) or docx (needs the extra "
                                           "nachruecken\\[docx]); default: from the -o file's suffix"),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="write to this file (docx needs one)"),
    lang: Lang = typer.Option(Lang.de, "--lang", help="de (the official language) or en (a translation)"),
    statute: Optional[str] = typer.Option(None, "--statute", help="decide under this statute instead of the case's"),
    reading: List[str] = typer.Option([], "--reading", help="ID=VALUE"),
):
    """Draft the official determination (Feststellung) of each vacancy, ready to be checked and signed."""
    from nachruecken.output.documents import feststellung as doc
    from nachruecken.engine.determine import determine_case
    from nachruecken.errors import InputError
    from nachruecken.case.loader import load_case

    try:
        by_suffix = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".docx": "docx"}
        implied = by_suffix.get(output.suffix.lower()) if output is not None else None
        kind = {"md": "md", "markdown": "md", "html": "html", "docx": "docx"}.get((fmt or implied or "md").lower())
        if kind is None:
            raise InputError(f"unknown format '{fmt}'; known: md, html, docx", "--format")
        if implied is not None and implied != kind:
            raise InputError(f"--format {fmt} does not fit the file {output.name}", "--format")
        if kind == "docx" and output is None:
            raise InputError("a DOCX document needs a file: give -o FILE.docx", "--output")
        loaded = load_case(case)
        result = determine_case(loaded, statute, _parse_readings(reading) or None, lang.value)
        try:
            text = doc.document(result, loaded, vacancy, lang.value)
        except InputError as exc:
            raise exc.with_file(str(case)) from None
        data = (doc.to_docx(text, lang.value) if kind == "docx" else
                (doc.to_html(text, lang.value) if kind == "html" else text).encode("utf-8"))
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        output.write_bytes(data)
    except OSError as exc:
        _err(f"{output}: cannot write: {exc.strerror}")
        raise typer.Exit(2)


@app.command()
def statutes(
    statute: Optional[str] = typer.Argument(None, help="one statute id or alias (default: all)"),
    as_json: bool = typer.Option(False, "--json"),
    lang: Lang = typer.Option(Lang.en, "--lang"),
):
    """The statutes, their norms with citations, their readings, and what is out of scope."""
    from rich.console import Console

    from nachruecken.errors import InputError
    from nachruecken.output.statute_info import describe, print_statutes
    from nachruecken.law.statutes import STATUTE_IDS, resolve_statute_spec, versions_of

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


@app.command()
def check(
    statute: str = typer.Argument(..., help="statute id or alias"),
    as_json: bool = typer.Option(False, "--json"),
    witness_dir: Optional[Path] = typer.Option(None, "--witness-dir", help="write each witness as a case file here"),
    noms: int = typer.Option(2, "--noms", min=1, max=4, help="bound: nominations"),
    cands: int = typer.Option(4, "--cands", min=1, max=6, help="bound: candidates per nomination"),
    max_vote: int = typer.Option(2, "--max-vote", min=0, max=5, help="bound: vote counts 0..N (and none)"),
    time_limit: float = typer.Option(120.0, "--time-limit", min=0.1, help="seconds per question to clingo (a "
                                                                          "safety net)"),
    reading: List[str] = typer.Option([], "--reading", help="ID=VALUE: pin a reading (the others range over "
                                                             "all their values; gaps are asked under the pinned "
                                                             "and default values)"),
    vacancies: int = typer.Option(2, "--vacancies", min=0, max=2, help="bound: vacancies in a whole term "
                                                                       "(0: no terms)"),
    jobs: int = typer.Option(2, "--jobs", min=1, max=64, help="clingo threads, and processes for the terms"),
    term_time_limit: float = typer.Option(300.0, "--term-time-limit", min=1, help="seconds for the whole terms "
                                                                                  "(a safety net)"),
):
    """Consistency analyses over a bounded universe of cases and of whole terms: gap, conflict,
    dead norms, readings, independence, no reach-back."""
    from rich.console import Console
    from rich.markup import escape

    from nachruecken.research.check import Bounds, run_check
    from nachruecken.errors import InputError
    from nachruecken.law.statutes import resolve_statute_id

    try:
        sid = resolve_statute_id(statute, "statute")
        pinned = _parse_readings(reading)
        report = run_check(sid, Bounds(noms, cands, max_vote), witness_dir, time_limit, readings=pinned or None,
                           progress=lambda line: sys.stderr.write(line + "\n"), vacancies=vacancies, jobs=jobs,
                           term_time_limit=term_time_limit)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    if as_json:
        for analysis in report["analyses"]:
            for w in analysis["witnesses"]:
                w.pop("case", None)
                w.pop("case_with", None)
            for r in analysis.get("readings", []):
                for w in r["witnesses"]:
                    w.pop("case", None)
                    w.pop("case_with", None)
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return
    console = Console(emoji=False)
    b = report["bounds"]
    pinned_text = ", ".join(f"{k}={v}" for k, v in report["readings"].items())
    console.print(f"[bold]{sid}[/bold]: up to {b['noms']} nominations of up to {b['cands']} candidates, "
                  f"votes 0..{b['max_vote']} or none, "
                  + (f"readings pinned: {pinned_text}, the others free" if pinned_text else "every reading")
                  + f"; {report['seconds']} s")
    if b.get("terms") is not None:
        console.print(f"  whole terms: {b['terms']} of up to {b['vacancies']} vacancies"
                      + ("" if b["terms_complete"] else " [yellow](stopped by the time limit)[/yellow]"))
    for a in report["analyses"]:
        mark = {"found": "[red]found[/red]", "none_found": "[green]none found[/green]",
                "unknown": "[yellow]unknown (time limit)[/yellow]", "not_asked": "[dim]not asked[/dim]"}[a["status"]]
        label = {"gap": "gap (chosen readings)", "gap_other_readings": "gap (only under another reading)"}
        console.print(f"  {label.get(a['name'], a['name'])}: {mark}"
                      + (f" - {', '.join(f'{k}={v}' for k, v in a['needs_readings'].items())}"
                         if a.get("needs_readings") else ""))
        for w in a["witnesses"]:
            console.print(f"    witness: {escape(w['summary'])}" + (f"  [dim]{w['file']}[/dim]" if w["file"] else "")
                          + (f" [dim]and {w['file_with']}[/dim]" if w.get("file_with") else ""))
        if a["name"] == "dead_norm" and a["dead_norms"]:
            console.print("    never used: " + ", ".join(a["dead_norms"]))
        if a["name"] == "dead_norm" and a.get("used_only_in_terms"):
            console.print("    used only in whole terms: " + ", ".join(a["used_only_in_terms"]))
        if a["name"] == "dead_norm" and a.get("undecided_norms"):
            console.print("    not decided in time: " + ", ".join(a["undecided_norms"]))
        for r in a.get("readings", []):
            console.print(f"    {r['reading']}: {r['default']} vs {r['alternative']}: {r['status'].replace('_', ' ')}"
                          + (f" (over whole terms: {r['terms'].replace('_', ' ')})" if r.get("terms") else ""))
    console.print(f"[dim]{report['note']}[/dim]")


@app.command()
def diff(
    a: str = typer.Argument(..., help="statute, or statute@reading=value"),
    b: str = typer.Argument(..., help="statute, or statute@reading=value"),
    as_json: bool = typer.Option(False, "--json"),
    witness_dir: Optional[Path] = typer.Option(None, "--witness-dir", help="write each witness as a case file here"),
    noms: int = typer.Option(2, "--noms", min=1, max=4),
    cands: int = typer.Option(4, "--cands", min=1, max=6),
    max_vote: int = typer.Option(2, "--max-vote", min=0, max=5),
    time_limit: float = typer.Option(20.0, "--time-limit", min=0.1),
    max_kinds: int = typer.Option(8, "--max-kinds", min=1, help="stop after this many kinds of difference"),
    jobs: int = typer.Option(2, "--jobs", min=1, max=64, help="clingo threads"),
):
    """Minimal cases where two statutes (or one under two readings) decide differently."""
    from rich.console import Console
    from rich.markup import escape

    from nachruecken.research.check import Bounds, parse_spec, run_diff
    from nachruecken.errors import InputError

    try:
        spec_a, spec_b = parse_spec(a), parse_spec(b)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    report = run_diff(spec_a, spec_b, Bounds(noms, cands, max_vote), witness_dir, time_limit, max_kinds, threads=jobs)
    if as_json:
        for d in report["differences"]:
            d.pop("case", None)
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return
    console = Console(emoji=False)
    console.print(f"[bold]{escape(report['a'])}[/bold] vs [bold]{escape(report['b'])}[/bold]: {report['status']}, "
                  f"{len(report['differences'])} kind(s) of difference, {report['seconds']} s")
    if report.get("unreproduced"):
        console.print(f"[yellow]{len(report['unreproduced'])} kind(s) the universe posed were set aside: their case "
                      f"files, decided as solve decides them, do not differ as posed (see --json, unreproduced).[/yellow]")
    if report["status"] == "found" and not report["complete"]:
        if len(report["differences"]) >= report["max_kinds"]:
            console.print(f"[yellow]Stopped at --max-kinds {report['max_kinds']}: more kinds of difference exist "
                          f"(or were not decided in time); raise --max-kinds to list them.[/yellow]")
        else:
            console.print("[yellow]The search for a further kind did not finish within --time-limit: more kinds "
                          "may exist.[/yellow]")
    from nachruecken.law.statutes import load_statute

    cite = {"a": load_statute(spec_a.statute).citation, "b": load_statute(spec_b.statute).citation}
    for i, d in enumerate(report["differences"], 1):
        da, db = d["a"], d["b"]
        side = lambda x: f"{x['outcome']}" + (f" {x['successor']}" if x["successor"] else "") + \
            (f" ({x['outcome_ground']['citation']})" if x.get("outcome_ground") else "")
        # why the successors differ: the norms under which one side passes over the other's successor
        why = "".join(f"; {x.upper()} passes over the other's successor under "
                      + ", ".join(cite[x](n) for n in d["kind"][x]["passed_over_by"])
                      for x in ("a", "b") if d["kind"][x]["passed_over_by"])
        depends = ("; vanishes under " + ", ".join(d["depends_on"])) if d.get("depends_on") else \
            "; survives every value of every reading"
        console.print(f"  {i}. A: {escape(side(da))}  |  B: {escape(side(db))}{escape(why)}{escape(depends)}" +
                      (f"  [dim]{d['file']}[/dim]" if d["file"] else ""))
    console.print(f"[dim]{report['note']}[/dim]")


@app.command()
def report(
    statute: Optional[List[str]] = typer.Argument(None, help="statute ids or aliases (default: every encoded text)"),
    fmt: str = typer.Option("md", "--format", help="md or html"),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="write the document here (default: stdout)"),
    pair: List[str] = typer.Option([], "--diff", help="A:B, a statute diff to include (default without statutes "
                                                      "named: 2011 and 2024 amendments, Hessen and Brandenburg)"),
    noms: int = typer.Option(2, "--noms", min=1, max=4, help="bound: nominations"),
    cands: int = typer.Option(4, "--cands", min=1, max=6, help="bound: candidates per nomination"),
    max_vote: int = typer.Option(2, "--max-vote", min=0, max=5, help="bound: vote counts 0..N (and none)"),
    time_limit: float = typer.Option(120.0, "--time-limit", min=0.1, help="seconds per question to clingo (a safety net)"),
    vacancies: int = typer.Option(2, "--vacancies", min=0, max=2, help="bound: vacancies in a whole term"),
    jobs: int = typer.Option(2, "--jobs", min=1, max=64, help="processes for the terms"),
    max_kinds: int = typer.Option(30, "--max-kinds", min=1, help="kinds of difference per diff"),
    term_time_limit: float = typer.Option(300.0, "--term-time-limit", min=1, help="seconds for a statute's whole "
                                                                                  "terms (a safety net)"),
):
    """Every statute's check findings and the statute diffs, as one document to publish."""
    from nachruecken.research.check import Bounds, parse_spec
    from nachruecken.errors import InputError
    from nachruecken.research.report import DEFAULT_DIFFS, DEFAULT_STATUTES, render, run_report
    from nachruecken.law.statutes import resolve_statute_id

    try:
        if fmt not in ("md", "html"):
            raise InputError(f"unknown format '{fmt}'; use md or html", "--format")
        sids = [resolve_statute_id(s, "statute") for s in statute] if statute else list(DEFAULT_STATUTES)
        pairs = []
        for item in pair:
            if item.count(":") != 1:
                raise InputError(f"'{item}' is not of the form A:B", "--diff")
            a, b = item.split(":")
            parse_spec(a), parse_spec(b)  # unknown statutes or readings: an input error now, not after the checks
            pairs.append((a, b))
        if not pair and not statute:
            pairs = list(DEFAULT_DIFFS)
        if output is not None and output.parent and not output.parent.exists():
            raise InputError(f"folder '{output.parent}' does not exist", "--output")
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    checks, diffs, meta = run_report(sids, pairs, Bounds(noms, cands, max_vote), time_limit, vacancies, jobs, max_kinds,
                                     progress=lambda line: sys.stderr.write(line + "\n"),
                                     term_time_limit=term_time_limit)
    text = render(checks, diffs, meta, fmt)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")
        sys.stderr.write(f"wrote {output}\n")


@app.command()
def compare(
    cases: List[Path] = typer.Argument(..., help="case files or folders"),
    as_json: bool = typer.Option(False, "--json"),
    lang: Lang = typer.Option(Lang.en, "--lang"),
    reading: List[str] = typer.Option([], "--reading", help="ID=VALUE, applied under its own state's statute"),
):
    """Decide cases under all five statutes (the law in force on each date), side by side, with each
    state's warnings and where a case's structure does not fit that state's system."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from nachruecken.engine.expectations import collect
    from nachruecken.research.comparison import check_readings, compare_case
    from nachruecken.errors import InputError
    from nachruecken.case.loader import load_case

    out = []
    try:
        readings = _parse_readings(reading)
        check_readings(readings)
        files = collect(cases)
        if not files:
            raise InputError("no case files found", "", " ".join(map(str, cases)))
        for path in files:
            loaded = load_case(path)
            out.append((path, loaded, compare_case(loaded, readings, lang.value)))
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    if as_json:
        docs = [{"case": str(path), "comparison": rows} for path, _, rows in out]
        print(json.dumps(docs[0] if len(docs) == 1 else docs, ensure_ascii=False, indent=2))
        return
    console = Console(emoji=False)
    for path, loaded, rows in out:
        table = Table(title=str(path), title_justify="left", header_style="bold", show_lines=True)
        for col in ("statute", "vacancy", "outcome", "successor", "deciding norm", "why"):
            table.add_column(col, overflow="fold")
        for r in rows:
            table.add_row(r["statute"], loaded.display(r["vacancy"]) if r["vacancy"] else "-", r["outcome"] or "-",
                          loaded.display(r["successor"]) if r["successor"] else "-", r["citation"] or "-",
                          escape(r["why"]))
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


class Format(str, Enum):
    yaml = "yaml"
    json = "json"
    lp = "lp"


@app.command()
def convert(
    case: Path = typer.Argument(..., help="a case file"),
    to: Format = typer.Option(..., "--to", help="yaml, json or lp (facts; the expected block is dropped)"),
):
    """Write a case in another format (YAML, JSON or .lp facts); it decides the same."""
    from nachruecken.case.convert import to_json, to_lp, to_yaml
    from nachruecken.errors import InputError
    from nachruecken.case.loader import load_case

    try:
        loaded = load_case(case)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    sys.stdout.write({"yaml": to_yaml, "json": to_json, "lp": to_lp}[to.value](loaded))
    if to.value == "json":
        sys.stdout.write("\n")


@app.command()
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


@app.command("import")
def import_cmd(
    table: Path = typer.Argument(..., help="the candidate list: CSV (; or , UTF-8 or Windows-1252) or .xlsx"),
    statute: str = typer.Option(..., "--statute", help="the statute the case is decided under (he, nw, bb, mv, hh "
                                                       "or a pinned id)"),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="write the case here (default: print it)"),
    force: bool = typer.Option(False, "--force", help="overwrite the output file if it exists"),
):
    """Turn an office's candidate list into a case file with its nominations and candidates."""
    from nachruecken.errors import InputError
    from nachruecken.case.importer import parse, to_case_yaml
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


def _refuse_overwrite(output: Optional[Path], force: bool) -> None:
    from nachruecken.errors import InputError

    if output is not None and output.exists() and not force:
        raise InputError("exists; it may hold dates and events added by hand: choose another file or give --force",
                         "", str(output))


@app.command()
def init(
    statute: str = typer.Option(..., "--statute", help="he, nw, bb, mv, hh or a pinned statute id"),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="write the skeleton here (default: print it)"),
    force: bool = typer.Option(False, "--force", help="overwrite the output file if it exists"),
):
    """Write a commented skeleton case for a statute (it decides as it stands)."""
    from nachruecken.errors import InputError
    from nachruecken.case.skeleton import skeleton

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


def _click_exceptions():
    """click's exceptions: typer 0.2x vendors click (typer._click), older typer uses click itself."""
    try:
        from typer._click import exceptions
    except ImportError:  # pragma: no cover - depends on the installed typer
        from click import exceptions
    return exceptions


def main() -> None:
    click = _click_exceptions()
    try:
        code = app(prog_name="nachruecken", standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except click.NoArgsIsHelpError as exc:
        sys.stdout.write(exc.ctx.get_help() + "\n")
        sys.exit(2)
    except click.UsageError as exc:  # a wrong option or argument: one line, like every input error
        where = exc.ctx.command_path if exc.ctx else "nachruecken"
        sys.stderr.write(f"{where}: {exc.format_message()} (see {where} --help)\n")
        sys.exit(2)
    except KeyboardInterrupt:
        _err("interrupted")
        sys.exit(130)
    except Exception as exc:  # a bug in nachruecken, never bad input: one line, exit 3
        sys.exit(report_bug(exc))

"""Studying the statutes over bounded universes of cases: ``check`` (consistency analyses of one statute),
``diff`` (minimal cases where two statutes or readings decide differently) and ``report`` (both, as one
document to publish)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from nachruecken.interfaces.solve_command import _err, _parse_readings
from nachruecken.research.universe import CONFLICT_LIMIT, TIME_LIMIT

LIMIT_EXIT = 4  # a time limit (a safety net) stopped the run: no result, not a status


def check(
    statute: str = typer.Argument(..., help="statute id or alias"),
    as_json: bool = typer.Option(False, "--json"),
    witness_dir: Path | None = typer.Option(None, "--witness-dir", help="write each witness as a case file here"),
    noms: int = typer.Option(2, "--noms", min=1, max=4, help="bound: nominations"),
    cands: int = typer.Option(4, "--cands", min=1, max=6, help="bound: candidates per nomination"),
    max_vote: int = typer.Option(2, "--max-vote", min=0, max=5, help="bound: vote counts 0..N (and none)"),
    conflict_limit: int = typer.Option(
        CONFLICT_LIMIT, "--conflict-limit", min=1, help="effort per question: clingo's conflicts (else unknown)"
    ),
    time_limit: float = typer.Option(
        TIME_LIMIT, "--time-limit", min=0.1, help="seconds per question; past them the run fails (a safety net)"
    ),
    reading: list[str] = typer.Option(
        [],
        "--reading",
        help="ID=VALUE: pin a reading (the others range over "
        "all their values; gaps are asked under the pinned "
        "and default values)",
    ),
    vacancies: int = typer.Option(
        2, "--vacancies", min=0, max=2, help="bound: vacancies in a whole term (0: no terms)"
    ),
    jobs: int = typer.Option(2, "--jobs", min=1, max=64, help="processes for the whole terms (same answers)"),
    term_time_limit: float = typer.Option(
        1800.0, "--term-time-limit", min=1, help="seconds for the whole terms; past them the run fails"
    ),
):
    """Consistency analyses over a bounded universe of cases and of whole terms: gap, conflict,
    dead norms, readings, independence, no reach-back."""
    from nachruecken.errors import InputError
    from nachruecken.law.statutes import resolve_statute_id
    from nachruecken.research.check import Bounds, LimitExceeded, Limits, run_check

    try:
        sid = resolve_statute_id(statute, "statute")
        pinned = _parse_readings(reading)
        report = run_check(
            sid,
            Bounds(noms, cands, max_vote),
            witness_dir,
            Limits(conflict_limit, time_limit, term_time_limit),
            readings=pinned or None,
            progress=lambda line: sys.stderr.write(line + "\n"),
            vacancies=vacancies,
            jobs=jobs,
        )
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    except LimitExceeded as exc:
        _err(str(exc))
        raise typer.Exit(LIMIT_EXIT)
    if as_json:
        _drop_witness_cases(report)
        prov = _provenance(
            {"noms": noms, "cands": cands, "max_vote": max_vote, "vacancies": vacancies},
            {"conflicts": conflict_limit, "time_limit": time_limit, "term_time_limit": term_time_limit, "jobs": jobs},
        )
        print(json.dumps(_versioned(report, prov), ensure_ascii=False, indent=2))
        return
    _print_check(sid, report)


def _provenance(bounds: dict, limits: dict) -> dict:
    from nachruecken.output.provenance import provenance

    return provenance(bounds=bounds, limits=limits)


def _versioned(report: dict, prov: dict) -> dict:
    """A research result as JSON: ``format_version`` first, ``provenance`` last (output/research_schema.py)."""
    from nachruecken import FORMAT_VERSION

    return {"format_version": FORMAT_VERSION, **report, "provenance": prov}


def _drop_witness_cases(report: dict) -> None:
    """The JSON names each witness's case file; the case itself is left out."""
    for analysis in report["analyses"]:
        for w in analysis["witnesses"]:
            w.pop("case", None)
            w.pop("case_with", None)
        for r in analysis.get("readings", []):
            for w in r["witnesses"]:
                w.pop("case", None)
                w.pop("case_with", None)


def _print_check(sid: str, report: dict) -> None:
    """The bounds searched, then each analysis with its witnesses and findings, then the caveat."""
    from rich.console import Console

    console = Console(emoji=False)
    b = report["bounds"]
    pinned_text = ", ".join(f"{k}={v}" for k, v in report["readings"].items())
    console.print(
        f"[bold]{sid}[/bold]: up to {b['noms']} nominations of up to {b['cands']} candidates, "
        f"votes 0..{b['max_vote']} or none, "
        + (f"readings pinned: {pinned_text}, the others free" if pinned_text else "every reading")
        + f"; {report['seconds']} s"
    )
    if b.get("terms") is not None:
        console.print(f"  whole terms: {b['terms']} of up to {b['vacancies']} vacancies")
    for a in report["analyses"]:
        _print_analysis(console, a)
    console.print(f"[dim]{report['note']}[/dim]")


def _print_analysis(console, a: dict) -> None:
    """One analysis: its status, its witnesses, the norms found dead, and each reading's own status."""
    from rich.markup import escape

    mark = {
        "found": "[red]found[/red]",
        "none_found": "[green]none found[/green]",
        "unknown": "[yellow]unknown (effort limit)[/yellow]",
        "not_asked": "[dim]not asked[/dim]",
    }[a["status"]]
    label = {"gap": "gap (chosen readings)", "gap_other_readings": "gap (only under another reading)"}
    console.print(f"  {label.get(a['name'], a['name'])}: {mark}")
    rows = {(r["cause"], r["scope"]): r for r in a.get("causes", [])}
    for w in a["witnesses"]:
        head = f"{w['cause']}" + (f" ({w['scope']})" if w.get("scope") else "") if w.get("cause") else "witness"
        console.print(
            f"    {escape(head)}: {escape(w['summary'])}"
            + ("" if w.get("optimal", True) else " [yellow](not proven smallest)[/yellow]")
            + (f"  [dim]{w['file']}[/dim]" if w["file"] else "")
            + (f" [dim]and {w['file_with']}[/dim]" if w.get("file_with") else "")
        )
        for line in _reading_lines(rows.get((w.get("cause"), w.get("scope")), {})):
            console.print(f"      [dim]{escape(line)}[/dim]")
    if a["name"] == "conflict" and a["witnesses"]:
        for line in _reading_lines(a):
            console.print(f"      [dim]{escape(line)}[/dim]")
    if a["name"] == "dead_norm" and a["dead_norms"]:
        console.print("    never used: " + ", ".join(a["dead_norms"]))
    if a["name"] == "dead_norm" and a.get("used_only_in_terms"):
        console.print("    used only in whole terms: " + ", ".join(a["used_only_in_terms"]))
    if a["name"] == "dead_norm" and a.get("undecided_norms"):
        console.print("    not decided within the effort: " + ", ".join(a["undecided_norms"]))
    for r in a.get("readings", []):
        console.print(
            f"    {r['reading']}: {r['default']} vs {r['alternative']}: {r['status'].replace('_', ' ')}"
            + (f" (over whole terms: {r['terms'].replace('_', ' ')})" if r.get("terms") else "")
        )


def _reading_lines(row: dict) -> list[str]:
    """How a gap cause (or the conflict) depends on the readings, asked over every case of the universe
    with one reading at a time at another value."""
    said = {"vanishes_under": "vanishes under", "appears_under": "appears under", "undecided_under": "undecided under"}
    return [
        f"{words}: " + (", ".join(row[key]) or "no single other value") for key, words in said.items() if key in row
    ]


def diff(
    a: str = typer.Argument(..., help="statute, or statute@reading=value"),
    b: str = typer.Argument(..., help="statute, or statute@reading=value"),
    as_json: bool = typer.Option(False, "--json"),
    witness_dir: Path | None = typer.Option(None, "--witness-dir", help="write each witness as a case file here"),
    noms: int = typer.Option(2, "--noms", min=1, max=4),
    cands: int = typer.Option(4, "--cands", min=1, max=6),
    max_vote: int = typer.Option(2, "--max-vote", min=0, max=5),
    conflict_limit: int = typer.Option(
        CONFLICT_LIMIT, "--conflict-limit", min=1, help="effort per question: clingo's conflicts (else unknown)"
    ),
    time_limit: float = typer.Option(
        TIME_LIMIT, "--time-limit", min=0.1, help="seconds per question; past them the run fails (a safety net)"
    ),
    max_kinds: int = typer.Option(40, "--max-kinds", min=1, help="stop after this many kinds of difference"),
    jobs: int = typer.Option(
        2, "--jobs", min=1, max=64, help="processes sharing the reading dependence (the same answer on any number)"
    ),
):
    """Minimal cases where two statutes (or one under two readings) decide differently."""
    from nachruecken.errors import InputError
    from nachruecken.research.check import Bounds, LimitExceeded, Limits, parse_spec, run_diff

    try:
        spec_a, spec_b = parse_spec(a), parse_spec(b)
        limits = Limits(conflict_limit, time_limit)
        report = run_diff(spec_a, spec_b, Bounds(noms, cands, max_vote), witness_dir, limits, max_kinds, jobs=jobs)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    except LimitExceeded as exc:
        _err(str(exc))
        raise typer.Exit(LIMIT_EXIT)
    if as_json:
        for d in report["differences"]:
            d.pop("case", None)
        prov = _provenance(
            {"noms": noms, "cands": cands, "max_vote": max_vote},
            {"conflicts": conflict_limit, "time_limit": time_limit, "max_kinds": max_kinds},
        )
        print(json.dumps(_versioned(report, prov), ensure_ascii=False, indent=2))
        return
    _print_diff(report, spec_a, spec_b)


def _print_diff(report: dict, spec_a, spec_b) -> None:
    """What was compared and how far the search got, then each kind of difference, then the caveat."""
    from rich.console import Console
    from rich.markup import escape

    console = Console(emoji=False)
    console.print(
        f"[bold]{escape(report['a'])}[/bold] vs [bold]{escape(report['b'])}[/bold]: {report['status']}, "
        f"{len(report['differences'])} kind(s) of difference, {report['seconds']} s"
    )
    if report.get("unreproduced"):
        console.print(
            f"[yellow]{len(report['unreproduced'])} kind(s) the universe posed were set aside: their case "
            f"files, decided as solve decides them, do not differ as posed (see --json, unreproduced).[/yellow]"
        )
    if report["status"] == "found" and not report["complete"]:
        if len(report["differences"]) >= report["max_kinds"]:
            console.print(
                f"[yellow]Stopped at --max-kinds {report['max_kinds']}: more kinds of difference exist "
                f"(or were not decided within the effort); raise --max-kinds to list them.[/yellow]"
            )
        else:
            console.print(
                "[yellow]The search for a further kind did not finish within --conflict-limit: more kinds "
                "may exist.[/yellow]"
            )
    from nachruecken.law.statutes import load_statute

    cite = {"a": load_statute(spec_a.statute).citation, "b": load_statute(spec_b.statute).citation}
    for i, d in enumerate(report["differences"], 1):
        console.print(
            _difference_line(i, d, cite)
            + ("" if d.get("optimal", True) else " [yellow](not proven smallest)[/yellow]")
            + (f"  [dim]{d['file']}[/dim]" if d["file"] else "")
        )
    console.print(f"[dim]{report['note']}[/dim]")


def _difference_line(i: int, d: dict, cite: dict) -> str:
    """One kind of difference: each side's outcome, why the successors differ, and which readings it needs."""
    from rich.markup import escape

    da, db = d["a"], d["b"]
    side = lambda x: (
        f"{x['outcome']}"
        + (f" {x['successor']}" if x["successor"] else "")
        + (f" ({x['outcome_ground']['citation']})" if x.get("outcome_ground") else "")
    )
    # why the successors differ: the norms under which one side passes over the other's successor
    why = "".join(
        f"; {x.upper()} passes over the other's successor under "
        + ", ".join(cite[x](n) for n in d["kind"][x]["passed_over_by"])
        for x in ("a", "b")
        if d["kind"][x]["passed_over_by"]
    )
    # asked over every case of the kind: it vanishes in all of them, in some, or in none
    depends = (
        "".join(
            f"; {words} " + ", ".join(d[key])
            for key, words in (
                ("depends_on", "vanishes under"),
                ("depends_partly_on", "vanishes in some cases under"),
                ("dependence_undecided", "undecided under"),
            )
            if d.get(key)
        )
        or "; survives every value of every reading"
    )
    return f"  {i}. A: {escape(side(da))}  |  B: {escape(side(db))}{escape(why)}{escape(depends)}"


def report(
    statute: list[str] | None = typer.Argument(None, help="statute ids or aliases (default: every encoded text)"),
    fmt: str = typer.Option("md", "--format", help="md or html"),
    output: Path | None = typer.Option(None, "--output", "-o", help="write the document here (default: stdout)"),
    pair: list[str] = typer.Option(
        [],
        "--diff",
        help="A:B, a statute diff to include (default without statutes "
        "named: the 2011 and 2024 amendments, Hessen and Brandenburg, and each "
        "newer state beside the text nearest to it)",
    ),
    noms: int = typer.Option(2, "--noms", min=1, max=4, help="bound: nominations"),
    cands: int = typer.Option(4, "--cands", min=1, max=6, help="bound: candidates per nomination"),
    max_vote: int = typer.Option(2, "--max-vote", min=0, max=5, help="bound: vote counts 0..N (and none)"),
    conflict_limit: int = typer.Option(
        CONFLICT_LIMIT, "--conflict-limit", min=1, help="effort per question: clingo's conflicts (else unknown)"
    ),
    time_limit: float = typer.Option(
        TIME_LIMIT, "--time-limit", min=0.1, help="seconds per question; past them the run fails (a safety net)"
    ),
    vacancies: int = typer.Option(2, "--vacancies", min=0, max=2, help="bound: vacancies in a whole term"),
    jobs: int = typer.Option(2, "--jobs", min=1, max=64, help="processes: statutes and diffs side by side"),
    max_kinds: int = typer.Option(40, "--max-kinds", min=1, help="kinds of difference per diff"),
    term_time_limit: float = typer.Option(
        1800.0, "--term-time-limit", min=1, help="seconds for a statute's whole terms; past them the run fails"
    ),
    save: Path | None = typer.Option(None, "--save", help="also keep the results in this folder (JSON)"),
    saved: Path | None = typer.Option(None, "--from", help="render results kept with --save; run nothing"),
    extras: bool = typer.Option(
        True, "--extras/--no-extras", help="also the reading weights and the bounds one step larger"
    ),
):
    """Every statute's check findings and the statute diffs, as one document to publish."""
    from nachruecken.errors import InputError
    from nachruecken.interfaces import saved_results
    from nachruecken.research.check import Bounds, LimitExceeded, Limits
    from nachruecken.research.report import render, run_report

    if saved is not None:
        try:
            _report_contents(statute, pair, fmt, output)
            checks, diffs, meta = saved_results.load(saved, _provenance({}, {}))
        except InputError as exc:
            _err(str(exc))
            raise typer.Exit(2)
        _write_report(render(checks, diffs, meta, fmt), output)
        return
    try:
        sids, pairs = _report_contents(statute, pair, fmt, output)
        checks, diffs, meta = run_report(
            sids,
            pairs,
            Bounds(noms, cands, max_vote),
            Limits(conflict_limit, time_limit, term_time_limit),
            vacancies,
            jobs,
            max_kinds,
            progress=lambda line: sys.stderr.write(line + "\n"),
            extras=extras,
        )
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)
    except LimitExceeded as exc:
        _err(str(exc))
        raise typer.Exit(LIMIT_EXIT)
    meta["provenance"] = _provenance(
        {"noms": noms, "cands": cands, "max_vote": max_vote, "vacancies": vacancies},
        {
            "conflicts": conflict_limit,
            "time_limit": time_limit,
            "term_time_limit": term_time_limit,
            "max_kinds": max_kinds,
            "jobs": jobs,
        },
    )
    if save is not None:
        saved_results.save(save, checks, diffs, meta)
    _write_report(render(checks, diffs, meta, fmt), output)


def _write_report(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
    else:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            _err(f"{output}: cannot write: {exc.strerror}")
            raise typer.Exit(2) from None
        sys.stderr.write(f"wrote {output}\n")


def _report_contents(statute: list[str] | None, pair: list[str], fmt: str, output: Path | None) -> tuple[list, list]:
    """The statutes to check and the pairs to diff; every input error is raised before the long work starts."""
    from nachruecken.errors import InputError
    from nachruecken.law.statutes import resolve_statute_id
    from nachruecken.research.check import parse_spec
    from nachruecken.research.report import DEFAULT_DIFFS, DEFAULT_STATUTES

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
    return sids, pairs

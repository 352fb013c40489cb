"""`nachruecken solve`: what it does once its arguments are read (by typer in cli/deciding.py, or by the
launcher's fast path, launcher.py). Each output format imports only what it needs."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress


def _err(message: str) -> None:
    sys.stderr.write(f"nachruecken: {message}\n")


def report_bug(exc: Exception) -> int:
    """A bug in nachruecken, never bad input: one line on stderr; the exit status 3."""
    from nachruecken.engine.solver import EncodingError

    kind = "encoding error" if isinstance(exc, EncodingError) else f"internal error ({type(exc).__name__})"
    _err(f"{kind}: {exc} - please report this with the case file")
    return 3


def _parse_readings(values: list[str]) -> dict[str, str]:
    from nachruecken.errors import InputError

    out = {}
    for item in values or []:
        if "=" not in item:
            raise InputError(f"'{item}' is not of the form ID=VALUE", "--reading")
        rid, value = item.split("=", 1)
        out[rid.strip()] = value.strip()
    return out


def _output_format(fmt: str | None, as_json: bool) -> str:
    """--format text|markdown|md|csv|json (``--json`` is ``--format json``)."""
    from nachruecken.errors import InputError

    name = "json" if as_json and fmt is None else (fmt or "text").lower()
    name = {"md": "markdown"}.get(name, name)
    if name not in ("text", "markdown", "csv", "json"):
        raise InputError(f"unknown format '{fmt}'; known: text, markdown (md), csv, json", "--format")
    if as_json and name != "json":
        raise InputError("--json and --format disagree; use one of them", "--format")
    return name


class _progress:
    """A progress bar on stderr for long runs at a terminal; silent otherwise."""

    def __init__(self, total: int):
        self.total = total
        self.bar: Progress | None = None

    def __enter__(self):
        if self.total >= 20 and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import Progress

            bar = self.bar = Progress(console=Console(stderr=True), transient=True)
            bar.start()
            self.task = bar.add_task("solving", total=self.total)
            return lambda n: bar.advance(self.task, n)
        return None

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()


def _case_of(outcome):
    """The case handed back with the outcome, else loaded again here (for the formats that show it)."""
    if outcome.case is not None:
        return outcome.case
    from nachruecken.case.loader import load_case

    return load_case(outcome.path)


def _checked_arguments(
    reading: Sequence[str], statute: str | None, fmt: str | None, as_json: bool, csv_dialect: str
) -> tuple[dict[str, str], str]:
    """The readings and the output format, once every argument is known good (else an InputError)."""
    from nachruecken.errors import InputError
    from nachruecken.law.statutes import resolve_statute_id

    cli_readings = _parse_readings(list(reading))
    if statute:
        resolve_statute_id(statute, "--statute")
    kind = _output_format(fmt, as_json)
    if csv_dialect not in ("standard", "excel-de"):
        raise InputError(f"unknown CSV dialect '{csv_dialect}'; known: standard, excel-de", "--csv-dialect")
    return cli_readings, kind


class _Results:
    """Writes each outcome in the format asked for, as it comes (CSV rows are gathered for the end)."""

    def __init__(self, kind: str, sink: io.StringIO | None, lang: str, several: bool, provenance: dict | None = None):
        self.kind, self.lang, self.several = kind, lang, several
        self.provenance = provenance  # the same for every case of the run (JSON only)
        self.write = (
            (lambda text: sink.write(text)) if sink is not None else (lambda text: print(text, end="", flush=True))
        )
        self.csv_rows: list = []
        self.console: Console | None = None
        # each format loads only what it needs, before the first case is decided
        if kind == "text":
            from rich.console import Console

            from nachruecken.output.terminal import render

            self.render = render
            self.console = Console(file=sink, width=80, emoji=False) if sink is not None else Console(emoji=False)
        elif kind in ("markdown", "csv"):
            from nachruecken.output import formats

            self.formats = formats

    def add(self, outcome) -> int:
        """Write one outcome; its exit status (0, 2 for bad input, 3 for an internal error)."""
        if outcome.error is not None:
            if self.kind == "json":
                self.write(json.dumps({"case": outcome.path, "error": outcome.error}, ensure_ascii=False) + "\n")
            else:
                _err(outcome.error)
            return 3 if outcome.kind == "internal" else 2
        if self.kind == "json":
            if self.provenance is not None:
                outcome.result["provenance"] = self.provenance
            self.write(json.dumps(outcome.result, ensure_ascii=False, indent=None if self.several else 2) + "\n")
        elif self.kind == "markdown":
            self.write(
                self.formats.to_markdown(outcome.result, _case_of(outcome), self.lang) + ("\n" if self.several else "")
            )
        elif self.kind == "csv":
            self.csv_rows += self.formats.csv_rows(outcome.result, _case_of(outcome), self.lang)
        else:
            assert self.console is not None  # kind "text": made in __init__
            self.render(outcome.result, _case_of(outcome), self.console, self.lang)
        return 0

    def write_csv(self, csv_dialect: str, output: Path | None) -> int:
        """The gathered rows as one CSV, to the output file or stdout (a warning for characters lost)."""
        data, lost = self.formats.to_csv(self.csv_rows, csv_dialect, self.lang)
        if lost:
            _err(
                f"warning: {lost} character(s) have no place in Windows-1252 and were written as '?' "
                f"(e.g. in names); use --csv-dialect standard (UTF-8) to keep them"
            )
        if output is not None:
            try:
                output.write_bytes(data)
            except OSError as exc:
                _err(f"{output}: cannot write: {exc.strerror}")
                return 2
        else:
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        return 0


def _provenance(kind: str, timeout: float | None) -> dict | None:
    """What a JSON result rests on; a time limit only where one was given, so that a plain run prints
    what ``nachruecken.decide`` returns."""
    if kind != "json":
        return None
    from nachruecken.output.provenance import provenance

    return provenance(limits={"timeout": timeout} if timeout is not None else None)


def run_solve(
    cases: list[Path],
    as_json: bool = False,
    statute: str | None = None,
    reading: Sequence[str] = (),
    lang: str = "en",
    all_candidates: bool = False,
    jobs: int = 1,
    timeout: float | None = None,
    fmt: str | None = None,
    output: Path | None = None,
    csv_dialect: str = "standard",
) -> int:
    """Decide every case file and write the results; returns the exit status."""
    from nachruecken.errors import InputError
    from nachruecken.interfaces.batch import Options, decide_files, expand

    try:
        cli_readings, kind = _checked_arguments(reading, statute, fmt, as_json, csv_dialect)
    except InputError as exc:
        _err(str(exc))
        return 2
    paths = [str(p) for p in expand(cases)]
    if not paths:
        _err("no case files found")
        return 2
    options = Options(statute, tuple(cli_readings.items()), lang, all_candidates, keep_case=kind != "json")
    # a file gets what the terminal would show at 80 columns (text), or the format asked for
    sink = io.StringIO() if output is not None else None
    results = _Results(kind, sink, lang, several=len(paths) > 1, provenance=_provenance(kind, timeout))
    worst = 0
    with _progress(len(paths)) as advance:
        for outcome in decide_files(paths, options, jobs, timeout, advance):
            worst = max(worst, results.add(outcome))
    if kind == "csv":
        worst = max(worst, results.write_csv(csv_dialect, output))
    elif output is not None:
        assert sink is not None  # made for an output file
        try:
            output.write_text(sink.getvalue(), encoding="utf-8")
        except OSError as exc:
            _err(f"{output}: cannot write: {exc.strerror}")
            return 2
    return worst

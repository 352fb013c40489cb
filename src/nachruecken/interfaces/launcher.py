"""The `nachruecken` command's entry point: a fast path for `solve`, typer for everything else.

Loading typer (with click) takes longer than deciding a typical case. `nachruecken solve` with
plain, valid arguments is therefore read here, by a reader that accepts only what typer would
accept in the same way, and runs the very function typer's command runs (solve_command.py). Any
other command, any help, any option it does not know or a value it doubts goes to typer (cli/),
which then reads and reports exactly as always. NACHRUECKEN_NO_FAST_PATH=1 sends everything to typer
(tests/test_launcher.py compares the two over many argument lists).
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

FLAGS = {"--json": "as_json", "--all-candidates": "all_candidates"}
VALUED = {
    "--statute": "statute",
    "--reading": "reading",
    "--lang": "lang",
    "--jobs": "jobs",
    "--timeout": "timeout",
    "--format": "fmt",
    "--output": "output",
    "-o": "output",
    "--csv-dialect": "csv_dialect",
}


def read_solve(args: list[str]) -> dict | None:
    """The arguments of `solve` (after the word), or None where typer should read them."""
    out: dict = {"cases": [], "reading": []}
    i = 0
    while i < len(args):
        token = args[i]
        if token in FLAGS:
            out[FLAGS[token]] = True
        elif token in VALUED:
            if i + 1 >= len(args) or args[i + 1].startswith("-"):
                return None  # a missing value (or one that looks like an option): typer says how
            value, name = args[i + 1], VALUED[token]
            i += 1
            if name == "reading":
                out["reading"].append(value)
            elif name == "lang":
                if value not in ("en", "de"):
                    return None
                out["lang"] = value
            elif name == "jobs":
                if not (value.isascii() and value.isdigit()) or int(value) < 1:
                    return None
                out["jobs"] = int(value)
            elif name == "timeout":
                try:
                    seconds = float(value)
                except ValueError:
                    return None
                if math.isnan(seconds) or seconds < 0.01 or value.strip() != value:
                    return None
                out["timeout"] = seconds
            elif name == "output":
                out["output"] = Path(value)
            else:
                out[name] = value
        elif token.startswith("-"):
            return None  # help, "--", "--opt=value", an unknown option: typer
        else:
            out["cases"].append(Path(token))
        i += 1
    return out if out["cases"] else None


def main() -> None:
    args = sys.argv[1:]
    fast = (
        args[:1] == ["solve"]
        and os.environ.get("NACHRUECKEN_NO_FAST_PATH", "") in ("", "0")
        and (parsed := read_solve(args[1:])) is not None
    )
    if not fast:
        from nachruecken.interfaces.cli import main as typer_main

        typer_main()
        return
    from nachruecken.interfaces.solve_command import _err, report_bug, run_solve

    assert parsed is not None  # fast: read_solve gave the arguments
    try:
        code = run_solve(**parsed)
    except KeyboardInterrupt:
        _err("interrupted")
        code = 130
    except Exception as exc:  # as cli.main: one line, exit 3
        code = report_bug(exc)
    sys.exit(code)

"""The launcher's fast path for `solve` behaves exactly as typer's reading of the same arguments
(src/nachruecken/interfaces/launcher.py): same output, same errors, same exit status."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nachruecken.interfaces.launcher import read_solve

ROOT = Path(__file__).resolve().parents[1]
CASE = str(ROOT / "instances" / "he" / "schenklengsfeld-2023.yaml")
OTHER = str(ROOT / "instances" / "bb")


def _run(args: list[str], fast: bool, cwd: Path) -> tuple:
    env = {**os.environ, "NACHRUECKEN_NO_FAST_PATH": "" if fast else "1", "COLUMNS": "80"}
    p = subprocess.run(
        [sys.executable, "-c", "from nachruecken.interfaces.launcher import main; main()", *args],
        capture_output=True,
        env=env,
        cwd=cwd,
    )  # bytes: excel-de writes Windows-1252
    return p.returncode, p.stdout, p.stderr


ARGUMENTS = [
    ["solve", CASE],
    ["solve", CASE, "--json"],
    ["solve", "--json", CASE, "--lang", "de"],
    ["solve", CASE, "--format", "md", "--all-candidates"],
    ["solve", CASE, "--format", "csv", "--csv-dialect", "excel-de"],
    ["solve", CASE, "--reading", "he.ersatzliste_order=list", "--json"],
    ["solve", CASE, "--statute", "bb", "--json"],
    ["solve", OTHER, "--json", "--jobs", "2", "--timeout", "30"],
    ["solve", CASE, "--json", "--json"],
    ["solve", CASE, "--lang", "fr"],  # typer: not a choice
    ["solve", CASE, "--jobs", "0"],  # typer: below the minimum
    ["solve", CASE, "--timeout", "0"],
    ["solve", CASE, "--timeout", "nan"],
    ["solve", CASE, "--statute"],  # a missing value
    ["solve", CASE, "--statute", "xx"],  # no such statute: solve_command says so
    ["solve", CASE, "--reading", "novalue"],
    ["solve", CASE, "--format", "pdf"],
    ["solve", CASE, "--json", "--format", "csv"],
    ["solve", CASE, "--bogus"],
    ["solve", CASE, "--json=1"],
    ["solve", "--help"],
    ["solve"],
    ["solve", "no-such-file.yaml"],
    ["solve", CASE, "-o", "out.txt"],
    ["solve", CASE, "--output", "out.json", "--json"],
    ["statutes"],
]


@pytest.mark.parametrize("args", ARGUMENTS, ids=lambda a: " ".join(Path(x).name if "/" in x else x for x in a))
def test_the_fast_path_answers_as_typer_does(args, tmp_path):
    (tmp_path / "fast").mkdir()
    (tmp_path / "typer").mkdir()
    fast = _run(args, True, tmp_path / "fast")
    slow = _run(args, False, tmp_path / "typer")
    assert fast == slow
    for name in ("out.txt", "out.json"):  # a file written is the same file
        a, b = tmp_path / "fast" / name, tmp_path / "typer" / name
        assert a.exists() == b.exists()
        if a.exists():
            assert a.read_text(encoding="utf-8") == b.read_text(encoding="utf-8")


def test_what_the_fast_path_reads_and_what_it_leaves_to_typer():
    got = read_solve(
        [
            "a.yaml",
            "--json",
            "--reading",
            "x=1",
            "--reading",
            "y=2",
            "--jobs",
            "2",
            "-o",
            "f",
            "--timeout",
            "1.5",
            "b.yaml",
            "--lang",
            "de",
            "--lang",
            "en",
        ]
    )
    assert got == {
        "cases": [Path("a.yaml"), Path("b.yaml")],
        "reading": ["x=1", "y=2"],
        "as_json": True,
        "jobs": 2,
        "output": Path("f"),
        "timeout": 1.5,
        "lang": "en",
    }
    for doubtful in (
        ["a.yaml", "-h"],
        ["a.yaml", "--jobs", "x"],
        ["a.yaml", "--"],
        ["--json"],
        ["a.yaml", "--timeout", " 1"],
        ["a.yaml", "--lang", "EN"],
        ["a.yaml", "-oout"],
    ):
        assert read_solve(doubtful) is None, doubtful


def test_the_fast_path_loads_no_typer():
    probe = (
        "import sys, io, contextlib; sys.argv = ['nachruecken', 'solve', %r, '--json']\n"
        "from nachruecken.interfaces.launcher import main\n"
        "out = io.StringIO()\n"
        "try:\n    with contextlib.redirect_stdout(out): main()\n"
        "except SystemExit as e: code = e.code\n"
        "print(code, 'typer' in sys.modules, 'jsonschema' in sys.modules, 'rich' in sys.modules)"
    ) % CASE
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["0", "False", "False", "False"]

"""The officer's output: readable at any width, in German with --lang de, and as Markdown or CSV."""

from __future__ import annotations

import csv
import io
import re

import pytest
from typer.testing import CliRunner

from nachruecken.interfaces.cli import app

CASE = "instances/he/schenklengsfeld-2023.yaml"


def _run(*args, columns=80):
    return CliRunner().invoke(app, list(map(str, args)), env={"COLUMNS": str(columns)})


def test_at_80_columns_the_example_fits_without_breaking_a_word():
    out = _run("solve", CASE).stdout
    lines = out.splitlines()
    assert len(lines) <= 60 and max(len(line) for line in lines) <= 80
    assert "Jürgen Baumgardt" in out  # a name is never split into a column three letters wide
    assert "┃" not in out  # no table: one block per candidate
    # a wide terminal still gets the table
    assert "┃" in _run("solve", CASE, columns=160).stdout


ENGLISH = re.compile(
    r"\b(the|skipped|successor|pending|waived|refused|excluded|Trigger|Outcome|Grounds|"
    r"in force|status=|Membership|lost_eligibility|Warning)\b"
)


@pytest.mark.parametrize(
    "case",
    [
        CASE,
        "instances/he/term-across-2011.yaml",
        "instances/nw/2024-straddle.yaml",
        "instances/bb/spremberg-2025.yaml",
        "instances/mv/guetzkow-2023.yaml",
    ],
)
def test_german_output_has_no_english_labels_and_dates_as_running_text(case):
    out = " ".join(_run("solve", case, "--lang", "de").stdout.split())
    out = out[out.index("Gesetz:") :]  # the case's own title is the user's text
    assert not ENGLISH.search(out), out[max(0, ENGLISH.search(out).start() - 80) : ENGLISH.search(out).end() + 40]
    assert not re.search(r"\b20\d\d-\d\d-\d\d\b", out)  # dates as "31. August 2023", not ISO


def test_markdown_to_a_file_and_md_as_its_short_name(tmp_path):
    target = tmp_path / "out.md"
    result = _run("solve", CASE, "--format", "md", "-o", target)
    assert result.exit_code == 0 and result.stdout == ""
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# Schenklengsfeld 2023")
    assert "| 2 | Jürgen Wolf | SPD | 812 | successor |" in text
    assert _run("solve", CASE, "--format", "markdown").stdout == text
    assert _run("solve", CASE, "--format", "xml").exit_code == 2


def test_csv_one_row_per_candidate_and_the_excel_dialect(tmp_path):
    rows = list(csv.reader(io.StringIO(_run("solve", CASE, "--format", "csv").stdout)))
    assert rows[0][:10] == [
        "case",
        "vacancy",
        "rank",
        "person",
        "name",
        "nomination",
        "votes",
        "status",
        "reason",
        "citation",
    ]
    assert [r[3] for r in rows[1:]] == ["baumgardt", "wolf"] and rows[1][8] == "waived"
    target = tmp_path / "out.csv"
    assert (
        _run("solve", CASE, "--format", "csv", "--csv-dialect", "excel-de", "--lang", "de", "-o", target).exit_code == 0
    )
    text = target.read_bytes().decode("cp1252")
    first = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert first[1][4] == "Jürgen Baumgardt" and first[1][8] == "Verzicht"


def test_a_text_file_gets_what_80_columns_show():
    result = _run("solve", CASE, "-o", "/nonexistent-dir/x.txt")
    assert result.exit_code == 2 and "cannot write" in result.stderr


def test_excel_de_says_when_a_character_cannot_be_kept(write_case, tmp_path):
    data = {
        "statute": "bb",
        "election_date": "2019-05-26",
        "nominations": [
            {
                "id": "wg",
                "candidates": [
                    {"id": "a", "votes": 10, "elected": True},
                    {"id": "b", "name": "Měrćin Wałda", "votes": 5},
                ],
            }
        ],
        "events": [{"date": "2020-01-06", "person": "a", "type": "died"}],
    }
    path = write_case(data)
    result = _run("solve", path, "--format", "csv", "--csv-dialect", "excel-de")
    assert result.exit_code == 0 and "Windows-1252" in result.stderr
    assert "Měrćin" in _run("solve", path, "--format", "csv").stdout

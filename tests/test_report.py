"""`nachruecken report`: the findings of checks and diffs as one Markdown or HTML document."""

from __future__ import annotations

import html.parser
import re

import pytest

from nachruecken.research.check import Bounds
from nachruecken.research.report import render, run_report, short_case

TINY = Bounds(noms=1, cands=2, max_vote=2)


@pytest.fixture(scope="module")
def findings():
    return run_report(["mv-lkwg-46"], [("nw-kwahlg-45", "nw-kwahlg-45-2024")], TINY, vacancies=1, jobs=1, max_kinds=5)


@pytest.mark.thorough  # the fixture's report takes about half a minute: the thorough profile
def test_markdown_has_the_summary_each_analysis_and_each_witness_with_its_norm(findings):
    checks, diffs, meta = findings
    text = render(checks, diffs, meta, "md")
    row = next(line for line in text.splitlines() if line.startswith("| `mv-lkwg-46`"))
    # the M-V gaps under the default readings (§ 45, the day of the election not set; a Mehrheitswahl,
    # outside the encoding) are in the summary with their causes
    assert row.split("|")[2].strip() == "found: not encoded, statute silent"
    assert "| not encoded | `majority_election` | chosen readings | no single other value |" in text
    for name in ("gap under the chosen readings", "dead norms", "independence", "no reach-back"):
        assert name in text
    gap = next(a for a in checks[0]["analyses"] if a["name"] == "gap")
    case_lines = re.findall(r"```\n(.*?)```", text, re.S)
    assert len(case_lines) >= 1 + len(diffs[0]["differences"])
    # the gap witness as a short case: the decision and its norm
    assert any("undetermined, § 45 LKWG M-V" in block for block in case_lines), gap
    # a diff witness decided under both texts
    assert "nw-kwahlg-45-2024:" in text and "### nw-kwahlg-45 and nw-kwahlg-45-2024" in text
    # the weights: M-V's readings counted over a universe small enough to count whole
    (weights,) = meta["weights"]
    assert weights["total"]["exact"] and weights["total"]["count"] > 0
    counted = [r for r in weights["readings"] if r["status"] != "not_asked"]
    assert counted and all(r["changed"]["count"] <= r["total"]["count"] for r in counted)
    assert "## Reading weights" in text and f"`mv-lkwg-46`: {weights['total']['count']:,} cases." in text
    # the sensitivity table: the default and each step one larger, for the check and the diff
    steps = {(s["task"], s["step"]) for s in meta["sensitivity"]}
    assert steps == {("sensitivity_check", "noms+1"), ("sensitivity_check", "cands+1"), ("sensitivity_diff", "cands+1")}
    assert "## How far the bounds reach" in text and "| cands+1 (1 × 3) |" in text and "| noms+1 (2 × 2) |" in text
    # bounds and time stated
    assert "whole terms of up to 1 vacancies" in text and "Effort per clingo question: 2,000,000 conflicts" in text


@pytest.mark.thorough  # (the same fixture)
def test_html_is_well_formed_and_says_the_same(findings):
    checks, diffs, meta = findings
    page = render(checks, diffs, meta, "html")
    stack: list[str] = []

    class Parser(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag not in ("meta", "br"):
                stack.append(tag)

        def handle_endtag(self, tag):
            assert stack and stack.pop() == tag, tag

    Parser().feed(page)
    assert stack == []
    assert "<code>mv-lkwg-46</code>" in page and "none found" in page


def test_a_short_case_names_the_readings_that_differ_from_the_defaults():
    case = {
        "statute": "he-kwg-34",
        "election_date": "2021-03-14",
        "nominations": [{"id": "a", "candidates": [{"id": "x", "votes": 3, "elected": True}, {"id": "y", "votes": 2}]}],
        "events": [{"date": "2022-01-10", "person": "x", "type": "died"}],
    }
    lines = short_case(case, "he-kwg-34", {"he.expelled": "yes"}, ("he-kwg-34", {"he.expelled": "no"}))
    assert lines[-2].startswith("=> he-kwg-34: seat of x (2022-01-10): successor y, § 34 Abs. 1 Satz 1")
    assert lines[-1].startswith("=> he-kwg-34 he.expelled=no: ")


def test_report_cli_refuses_bad_options(run_cli, tmp_path):
    result = run_cli("report", "mv", "--format", "pdf")
    assert result.exit_code == 2 and "md or html" in result.output
    result = run_cli("report", "mv", "--diff", "nw-kwahlg-45")
    assert result.exit_code == 2 and "A:B" in result.output
    result = run_cli("report", "mv", "-o", tmp_path / "no" / "r.md")
    assert result.exit_code == 2 and "does not exist" in result.output

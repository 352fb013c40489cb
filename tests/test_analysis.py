"""The analyses as a Python API (``nachruecken.check``, ``.diff``, ``.compare``, ``.report``), a report's
results saved and rendered again, and answers that do not depend on the machine (issue 34)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import nachruecken
from nachruecken.law.statutes import VERSIONS

ROOT = Path(__file__).resolve().parents[1]
TINY = {"noms": 1, "cands": 2, "max_vote": 1}
TINY_ARGS = ("--noms", "1", "--cands", "2", "--max-vote", "1")


def _flat(rows: list[dict]) -> bool:
    return all(isinstance(v, str | int | float | bool | type(None)) for row in rows for v in row.values())


@pytest.mark.thorough  # several seconds of research: the thorough profile
def test_check_through_the_api_is_what_the_cli_prints(run_cli):
    api = nachruecken.check("hh-bezvwg-36", **TINY, vacancies=0)
    cli = json.loads(run_cli("check", "hh-bezvwg-36", *TINY_ARGS, "--vacancies", "0", "--json").stdout)
    assert [(a["name"], a["status"]) for a in api.analyses] == [(a["name"], a["status"]) for a in cli["analyses"]]
    assert api.bounds == cli["bounds"] and api.limits == cli["limits"]
    rows = api.to_records()
    assert _flat(rows) and {r["analysis"] for r in rows} >= {"gap", "conflict", "dead_norm", "reading_divergence"}
    # a reading value asked is a row of its own
    assert any(r["reading"] for r in rows if r["analysis"] == "reading_divergence")


def test_diff_records_name_each_side_and_the_witness_files(tmp_path):
    result = nachruecken.diff("hh-bezvwg-36", "hh-bezvwg-36@hh.exclusions=as_elsewhere", **TINY, witness_dir=tmp_path)
    rows = result.to_records()
    assert result.status == "found" and rows and _flat(rows)
    assert all((r["a_outcome"], r["a_successor"]) != (r["b_outcome"], r["b_successor"]) for r in rows)
    # the files are numbered in the order of the kinds, which is the order of the rows
    stem = "diff-hh-bezvwg-36-hh-bezvwg-36"
    assert [Path(r["file"]) for r in rows] == [tmp_path / f"{stem}-{i}.yaml" for i in range(1, len(rows) + 1)]
    assert all(Path(r["file"]).exists() for r in rows)


def test_compare_records_join_their_lists():
    rows = nachruecken.compare(ROOT / "instances/bb/spremberg-2025.yaml").to_records()
    assert _flat(rows) and {r["state"] for r in rows} == set(VERSIONS)


def test_a_bad_statute_is_an_input_error():
    with pytest.raises(nachruecken.InputError, match="unknown statute"):
        nachruecken.check("xx")


@pytest.mark.thorough  # several seconds of research: the thorough profile
def test_a_saved_report_renders_again_and_is_refused_when_made_elsewhere(tmp_path, run_cli):
    saved, first, again = tmp_path / "saved", tmp_path / "a.md", tmp_path / "b.md"
    args = ("report", "mv-lkwg-46", *TINY_ARGS, "--vacancies", "0", "--jobs", "1")
    assert run_cli(*args, "--save", saved, "-o", first).exit_code == 0
    assert run_cli("report", "--from", saved, "-o", again).exit_code == 0
    assert first.read_text() == again.read_text()
    assert nachruecken.report(saved=saved).markdown() == first.read_text()
    meta = json.loads((saved / "meta.json").read_text())
    meta["provenance"]["encodings_sha256"] = "0" * 64
    (saved / "meta.json").write_text(json.dumps(meta))
    refused = run_cli("report", "--from", saved)
    assert refused.exit_code == 2 and "made by another encodings" in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1


@pytest.mark.thorough  # several seconds of research: the thorough profile
def test_the_published_findings_are_one_runs_rendering():
    """docs/findings.md is exactly what its saved run renders: no figure in it comes from elsewhere."""
    from nachruecken.interfaces import saved_results
    from nachruecken.research.report import render

    checks, diffs, meta = saved_results.load(ROOT / "docs/findings", None)
    assert render(checks, diffs, meta, "md") == (ROOT / "docs/findings.md").read_text(encoding="utf-8")
    from nachruecken.law.statutes import STATUTE_IDS
    from nachruecken.research.report import DEFAULT_DIFFS

    assert len(checks) == len(STATUTE_IDS) and len(diffs) == len(DEFAULT_DIFFS)
    assert meta["provenance"]["bounds"]["noms"] == 2
    # the weights and the bounds one step larger come from the same run
    assert len(meta["weights"]) == len(STATUTE_IDS) and {s["step"] for s in meta["sensitivity"]} == {
        "noms+1",
        "cands+1",
    }


def _normalised(text: str) -> dict:
    """A JSON result without what may differ between runs: times and the command line."""

    def drop(node):
        if isinstance(node, dict):
            return {k: drop(v) for k, v in node.items() if k != "seconds"}
        if isinstance(node, list):
            return [drop(v) for v in node]
        return node

    data = drop(json.loads(text))
    data["provenance"].pop("command")
    data["provenance"]["limits"].pop("jobs", None)
    return data


def _cli(*args: str) -> str:
    exe = str(Path(sys.executable).with_name("nachruecken"))
    run = subprocess.run([exe, *args], capture_output=True, text=True, check=True)
    return run.stdout


@pytest.mark.thorough  # about a minute: the thorough profile
def test_answers_do_not_depend_on_the_machine_or_the_jobs():
    check = ("check", "mv-lkwg-46", "--noms", "2", "--cands", "2", "--max-vote", "1", "--vacancies", "1", "--json")
    diff = ("diff", "he-kwg-34", "bb-kwahlg-60", *TINY_ARGS, "--max-kinds", "4", "--json")
    idle = [_cli(*check, "--jobs", "2"), _cli(*diff, "--jobs", "2")]
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        loaded = [_cli(*check, "--jobs", "1"), _cli(*diff, "--jobs", "1")]
    finally:
        for p in busy:
            p.kill()
    for a, b in zip(idle, loaded, strict=True):
        assert _normalised(a) == _normalised(b)

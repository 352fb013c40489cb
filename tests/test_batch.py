"""Many cases: folders, worker processes, per-case timeouts, a bad file on its own line."""

from __future__ import annotations

import json
from pathlib import Path

from nachruecken.batch import Options, decide_files, expand


def _lines(result):
    return [json.loads(line) for line in result.stdout.strip().splitlines()]


def test_folders_expand_to_their_case_files(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "x.yaml").write_text("statute: he\n")
    (tmp_path / "a" / "notes.txt").write_text("not a case")
    (tmp_path / "y.lp").write_text('statute("he").\n')
    assert [p.name for p in expand([tmp_path])] == ["x.yaml", "y.lp"]


def test_two_workers_give_the_same_lines_in_the_same_order(run_cli):
    one = _lines(run_cli("solve", "instances/bb", "instances/hh", "--json"))
    two = _lines(run_cli("solve", "instances/bb", "instances/hh", "--json", "--jobs", "2"))
    assert one == two and len(one) == len(expand([Path("instances/bb"), Path("instances/hh")]))


def test_a_bad_file_and_a_timeout_do_not_stop_the_others(tmp_path, run_cli):
    bad = tmp_path / "bad.yaml"
    bad.write_text("statute: he\nnominations: [\n")
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", bad, "instances/nw/muenster-2006.yaml",
                     "--json", "--jobs", "2", "--timeout", "60")
    lines = _lines(result)
    assert result.exit_code == 2
    assert [("error" in x) for x in lines] == [False, True, False]
    assert lines[2]["determinations"][0]["successor"] == "jahn"


def test_timeout_is_reported_per_case():
    outcomes = list(decide_files(["instances/he/schenklengsfeld-2023.yaml"] * 3, Options(), jobs=2, timeout=1e-6))
    assert [o.kind for o in outcomes] == ["timeout"] * 3
    assert all("timed out" in o.error for o in outcomes)
    fine = list(decide_files(["instances/he/schenklengsfeld-2023.yaml"] * 3, Options(), jobs=2, timeout=60))
    assert [o.kind for o in fine] == ["ok"] * 3

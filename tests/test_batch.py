"""Many cases: folders, worker processes, per-case timeouts, a bad file on its own line."""

from __future__ import annotations

import json
from pathlib import Path

from nachruecken.interfaces.batch import Options, decide_files, expand


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
    result = run_cli(
        "solve",
        "instances/he/schenklengsfeld-2023.yaml",
        bad,
        "instances/nw/muenster-2006.yaml",
        "--json",
        "--jobs",
        "2",
        "--timeout",
        "60",
    )
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


CASE = "instances/he/schenklengsfeld-2023.yaml"


def _with_trouble(monkeypatch):
    """decide_file as the workers inherit it (fork): 'crash' ends the process, 'stuck' never returns."""
    import os
    import time

    from nachruecken.interfaces import batch

    real = batch.decide_file

    def troubled(path, options):
        if path.startswith("crash"):
            os._exit(7)
        if path.startswith("stuck"):
            time.sleep(60)
        return real(path, options)

    monkeypatch.setattr(batch, "decide_file", troubled)


def test_a_dying_worker_fails_only_its_case_and_the_rest_of_its_chunk_is_decided(monkeypatch):
    _with_trouble(monkeypatch)
    paths = [CASE] * 20 + ["crash-1"] + [CASE] * 20 + ["crash-2"] + [CASE] * 5
    outcomes = list(decide_files(paths, Options(), jobs=2))
    assert [o.path for o in outcomes] == paths  # in input order
    assert [o.kind for o in outcomes] == ["internal" if p.startswith("crash") else "ok" for p in paths]
    assert "exit code 7" in outcomes[20].error
    assert len({json.dumps(o.result["determinations"]) for o in outcomes if o.kind == "ok"}) == 1


def test_a_stuck_case_times_out_alone_and_its_chunk_goes_on(monkeypatch):
    _with_trouble(monkeypatch)
    paths = [CASE] * 10 + ["stuck-1"] + [CASE] * 10
    outcomes = list(decide_files(paths, Options(), jobs=2, timeout=2))
    assert [o.kind for o in outcomes] == ["timeout" if p.startswith("stuck") else "ok" for p in paths]
    assert "timed out after 2 s" in outcomes[10].error

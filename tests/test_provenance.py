"""`provenance`: what a result rests on (DESIGN, "Provenance"): the commit read from `.git` by hand, in a
plain repository, a worktree and with packed refs; a digest that follows every byte and path of the
encodings; the key on what `solve --json` and `nachruecken.decide` give."""

from __future__ import annotations

import json
import subprocess

import pytest

import nachruecken
from nachruecken.output import provenance as prov

from conftest import ROOT

A = "a" * 40
B = "b" * 40
KEYS = {"nachruecken_version", "git_commit", "encodings_sha256", "clingo_version", "command", "bounds", "limits"}


def _repo(root, head="ref: refs/heads/main\n"):
    git = root / ".git"
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "HEAD").write_text(head)
    return git


def test_a_branch_a_packed_ref_and_a_detached_head(tmp_path):
    git = _repo(tmp_path / "loose")
    (git / "refs" / "heads" / "main").write_text(A + "\n")
    assert prov._head_commit(git) == A
    git = _repo(tmp_path / "packed")
    (git / "packed-refs").write_text(f"# pack-refs with: peeled\n{B} refs/heads/other\n{A} refs/heads/main\n^{B}\n")
    assert prov._head_commit(git) == A
    assert prov._head_commit(_repo(tmp_path / "detached", head=B + "\n")) == B
    assert prov._head_commit(_repo(tmp_path / "unborn")) is None  # a branch without a commit yet


def test_a_worktree_reads_its_own_head_and_the_shared_refs(tmp_path):
    main = _repo(tmp_path / "main")
    (main / "refs" / "heads" / "topic").write_text(B + "\n")
    admin = main / "worktrees" / "wt"
    admin.mkdir(parents=True)
    (admin / "HEAD").write_text("ref: refs/heads/topic\n")
    (admin / "commondir").write_text("../..\n")
    wt = tmp_path / "wt"
    wt.mkdir()
    (wt / ".git").write_text(f"gitdir: {admin}\n")
    assert prov._head_commit(wt / ".git") == B
    (wt / ".git").write_text("not a gitdir line\n")
    assert prov._head_commit(wt / ".git") is None


def test_the_commit_of_this_checkout_is_what_git_says():
    try:
        want = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True)
    except FileNotFoundError:
        pytest.skip("no git here")
    if want.returncode != 0:
        pytest.skip("not a git checkout")
    assert prov.git_commit() == want.stdout.strip()


def test_the_digest_follows_contents_and_paths(tmp_path, monkeypatch):
    def digest(files: dict[str, str]) -> str:
        root = tmp_path / str(len(list(tmp_path.iterdir())))
        for rel, text in files.items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        monkeypatch.setattr(prov, "encodings_dir", lambda: root)
        prov.encodings_sha256.cache_clear()
        try:
            return prov.encodings_sha256()
        finally:
            prov.encodings_sha256.cache_clear()

    base = digest({"core/a.lp": "a.", "he/b.lp": "b."})
    assert digest({"he/b.lp": "b.", "core/a.lp": "a."}) == base  # the order files were written in
    assert digest({"core/a.lp": "a. ", "he/b.lp": "b."}) != base  # one byte
    assert digest({"core/a.lp": "a.b.", "he/b.lp": ""}) != base  # bytes moved between files
    assert digest({"core/x.lp": "a.", "he/b.lp": "b."}) != base  # a file renamed
    assert digest({"core/a.lp": "a.", "he/b.lp": "b.", "he/__pycache__/x.pyc": "junk"}) == base


def test_solve_json_and_decide_carry_the_same_provenance(run_cli):
    case = "instances/he/schenklengsfeld-2023.yaml"
    printed = json.loads(run_cli("solve", case, "--json").stdout)["provenance"]
    assert set(printed) == KEYS
    assert printed["nachruecken_version"] == nachruecken.__version__
    assert len(printed["encodings_sha256"]) == 64 and printed["bounds"] is None and printed["limits"] is None
    assert nachruecken.decide(case)["provenance"] == printed
    limited = json.loads(run_cli("solve", case, "--json", "--timeout", "30").stdout)["provenance"]
    assert limited["limits"] == {"timeout": 30.0}


def test_the_command_is_as_given():
    assert prov.provenance(["nachruecken", "check", "hh"])["command"] == ["nachruecken", "check", "hh"]

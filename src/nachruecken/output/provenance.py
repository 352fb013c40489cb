"""What a result rests on, so that another researcher can reproduce and cite it (DESIGN, "Provenance").

``provenance()`` is the ``provenance`` key of every JSON result (`solve`, `check`, `diff`, `compare`) and
the footer of a report: the package version, the git commit of a source checkout, a digest of the
encodings, clingo's version, the command line, and the bounds and limits of a bounded search.

The commit is read from the files of ``.git`` without running git, and only where ``.git`` sits beside
the package (a repository root holding ``src/nachruecken`` and ``encodings``); an installed wheel has none
(null). Uncommitted changes are not detected: a dirty tree reports the commit it started from, which is
why ``encodings_sha256`` is given beside it (it covers the rules actually run).
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import sys
from pathlib import Path

from nachruecken.law.statutes import encodings_dir
from nachruecken.resources import PACKAGE, REPOSITORY

_HASH = re.compile(r"^[0-9a-f]{40}([0-9a-f]{24})?$")  # SHA-1, or SHA-256 repositories


def provenance(command: list[str] | None = None, bounds: dict | None = None, limits: dict | None = None) -> dict:
    """The ``provenance`` object: ``command`` defaults to this process's ``sys.argv``; ``bounds`` and
    ``limits`` are those of a bounded search (null for a single case)."""
    from nachruecken import __version__

    return {
        "nachruecken_version": __version__,
        "git_commit": git_commit(),
        "encodings_sha256": encodings_sha256(),
        "clingo_version": _clingo_version(),
        "command": [str(part) for part in (_argv() if command is None else command)],
        "bounds": bounds,
        "limits": limits,
    }


@functools.cache
def encodings_sha256() -> str:
    """SHA-256 over every file below the encodings folder, in sorted order of their relative paths;
    each path and its length go in before its bytes, so that no two trees hash alike by shifting
    bytes between files. Computed once per process (1 to 7 ms for the shipped tree of 22 files)."""
    root = encodings_dir()
    digest = hashlib.sha256()
    files = sorted((p.relative_to(root).as_posix(), p) for p in root.rglob("*") if p.is_file() and _kept(p))
    for rel, path in files:
        data = path.read_bytes()
        digest.update(f"{rel}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


def _kept(path: Path) -> bool:
    """Caches Python or an editor leaves behind are no part of the encodings."""
    return "__pycache__" not in path.parts and not path.name.endswith((".pyc", "~"))


@functools.cache
def git_commit() -> str | None:
    """The commit checked out where the package runs from a repository, else None."""
    if PACKAGE != REPOSITORY / "src" / "nachruecken" or not (REPOSITORY / "encodings").is_dir():
        return None  # installed: whatever .git lies around is not this package's
    try:
        return _head_commit(REPOSITORY / ".git")
    except (OSError, UnicodeDecodeError):
        return None


def _head_commit(dot_git: Path) -> str | None:
    """HEAD resolved by hand: ``.git`` is a folder, or (a worktree, a submodule) a file ``gitdir: …``
    whose folder names the shared one in ``commondir``."""
    if dot_git.is_file():
        line = dot_git.read_text(encoding="utf-8").strip()
        if not line.startswith("gitdir:"):
            return None
        gitdir = (dot_git.parent / line.removeprefix("gitdir:").strip()).resolve()
    elif dot_git.is_dir():
        gitdir = dot_git
    else:
        return None
    common = gitdir
    if (gitdir / "commondir").is_file():
        common = (gitdir / (gitdir / "commondir").read_text(encoding="utf-8").strip()).resolve()
    head = (gitdir / "HEAD").read_text(encoding="utf-8").strip()
    for _ in range(5):  # a symbolic ref may point to another one; a loop is no commit
        if not head.startswith("ref:"):
            return head if _HASH.match(head) else None
        head = _ref(head.removeprefix("ref:").strip(), gitdir, common) or ""
    return None


def _ref(name: str, gitdir: Path, common: Path) -> str | None:
    """A ref's content: its loose file (the worktree's own, then the shared one), else packed-refs."""
    for base in (gitdir, common):
        loose = base / name
        if loose.is_file():
            return loose.read_text(encoding="utf-8").strip()
    packed = common / "packed-refs"
    if packed.is_file():
        for line in packed.read_text(encoding="utf-8").splitlines():
            value, _, ref = line.partition(" ")
            if ref == name and not line.startswith(("#", "^")):
                return value
    return None


@functools.cache
def _clingo_version() -> str:
    import clingo

    return clingo.__version__


def _argv() -> list[str]:
    """This process's command line, the program by its name only (its path is the machine's, not the run's)."""
    if not sys.argv:
        return []
    return [os.path.basename(sys.argv[0]) or sys.argv[0], *sys.argv[1:]]

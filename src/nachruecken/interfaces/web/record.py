"""The office's folder as a record: its case files (only files of the folder itself; a link leading out of
it is not followed), each read with its SHA-256, written atomically and only over the version the writer
saw, every version kept in ``.nachruecken/history/<name>/<UTC time>-<sha8>.<suffix>`` so that nothing an
office entered is lost, and new files named so that none is ever overwritten."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from nachruecken.case.office.ids import slug
from nachruecken.errors import InputError

CASE_SUFFIXES = (".yaml", ".yml", ".json", ".lp")
EDITABLE = (".yaml", ".yml", ".json")
HISTORY = Path(".nachruecken") / "history"


class Stale(Exception):
    """The file changed since the page that sends the change was loaded."""


@dataclass(frozen=True)
class Version:
    id: str  # "<UTC time>-<sha8>", the history file's name without suffix
    time: dt.datetime
    sha8: str
    path: Path


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Record:
    def __init__(self, folder: Path):
        self.folder = folder.resolve()
        self._lock = threading.Lock()

    def cases(self) -> list[Path]:
        """The case files of the folder, by name (a hidden file, such as the desk's own column choices, is none)."""
        return [
            p
            for p in sorted(self.folder.iterdir())
            if p.suffix.lower() in CASE_SUFFIXES and not p.name.startswith(".") and self._inside(p)
        ]

    def path(self, name: str) -> Path | None:
        """The case file whose name without suffix is ``name``; None if there is none."""
        return next((p for p in self.cases() if p.stem == name), None)

    def read(self, path: Path) -> tuple[str, str]:
        """The file's text and its SHA-256."""
        try:
            text = path.read_bytes().decode("utf-8")  # line endings as they are (a Windows file keeps its CRLF)
        except UnicodeDecodeError:
            raise InputError("kein UTF-8-Text: die Datei mit einem Editor als UTF-8 speichern", "", path.name) from None
        return text, sha256(text)

    def save(self, path: Path, text: str, seen_sha: str) -> str:
        """Replace the file's text, if it is still the version ``seen_sha``; returns the new SHA-256. The
        version replaced and the new one are both in the history."""
        with self._lock:
            current, current_sha = self.read(path)
            if current_sha != seen_sha:
                raise Stale(path.name)
            self._keep(path, current)
            _replace(path, text)
            self._keep(path, text)
            return sha256(text)

    def create(self, stem: str, suffix: str, text: str) -> Path:
        """A new case file named ``stem`` (``stem-2``, ``stem-3`` … where a case of that name exists)."""
        with self._lock:
            taken = {p.stem for p in self.folder.iterdir()}
            name, n = stem, 2
            while name in taken:
                name, n = f"{stem}-{n}", n + 1
            path = self.folder / f"{name}{suffix}"
            _replace(path, text, new=True)
            self._keep(path, text)
            return path

    def versions(self, path: Path) -> list[Version]:
        """Every kept version of the file, the newest first (none where the history is a link)."""
        try:
            folder = self._history(path)
        except OSError:
            return []
        if not folder.is_dir():
            return []
        found = [_version(p) for p in folder.iterdir() if p.is_file() and not p.is_symlink()]
        return sorted((v for v in found if v is not None), key=lambda v: v.time, reverse=True)

    def version(self, path: Path, version_id: str) -> Version | None:
        return next((v for v in self.versions(path) if v.id == version_id), None)

    def version_by_sha8(self, path: Path, sha8: str) -> Version | None:
        return next((v for v in self.versions(path) if v.sha8 == sha8), None)

    def _keep(self, path: Path, text: str) -> None:
        """Put this text of the file in its history, unless the newest kept version is the same."""
        kept = self.versions(path)
        digest = sha256(text)[:8]
        if kept and kept[0].sha8 == digest:
            return
        folder = self._history(path)
        folder.mkdir(parents=True, exist_ok=True)
        stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%S%fZ")
        _replace(folder / f"{stamp}-{digest}{path.suffix}", text)

    def _history(self, path: Path) -> Path:
        """The file's history folder; refused where a link would lead it out of the office's folder."""
        folder = self.folder / HISTORY / path.stem
        current = self.folder
        for part in (*HISTORY.parts, path.stem):
            current = current / part
            if current.is_symlink():
                raise OSError(f"{current} ist ein Verweis; der Verlauf folgt keinem Verweis")
        return folder

    def _inside(self, path: Path) -> bool:
        try:
            return path.is_file() and path.resolve().parent == self.folder
        except OSError:
            return False


MAX_STEM = 80  # characters of a new case file's name before its year (a file system allows 255 bytes)


def new_stem(body_name: str | None, election_date: str | None, fallback: str) -> str:
    """A new case file's name: the body and the election year ("rat-der-stadt-musterstadt-2020")."""
    year = (election_date or "")[:4] if (election_date or "")[:4].isdigit() else ""
    base = (slug(body_name) if body_name else slug(fallback))[:MAX_STEM].rstrip("-") or "fall"
    return f"{base}-{year}" if year and not base.endswith(year) else base


def _version(path: Path) -> Version | None:
    stamp, _, sha8 = path.stem.partition("-")
    try:
        time = dt.datetime.strptime(stamp, "%Y%m%dT%H%M%S%fZ").replace(tzinfo=dt.UTC)
    except ValueError:
        return None
    return Version(path.stem, time, sha8, path)


def _replace(path: Path, text: str, new: bool = False) -> None:
    """Write in one step: a temporary file beside the target, then renamed over it (``new``: refused if the
    target appeared meanwhile)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.chmod(tmp, _mode(path))
        if new:
            os.link(tmp, path)  # fails if the name exists: never overwrites
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _mode(path: Path) -> int:
    """The file's permissions as they were (a new file's as the umask gives them; mkstemp's are 0600)."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask

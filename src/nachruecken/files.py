"""Writing what a user keeps (a case file, a sheet, a document) without losing what was there: the new
text goes to a temporary file beside the target and replaces it in one step, so that a failed write
leaves the old file whole; with ``force`` the previous file is kept as ``NAME.bak``; without it an
existing file is refused. A path that cannot be written is an input error, not a crash.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from nachruecken.errors import InputError


def refuse_existing(path: Path, force: bool) -> None:
    """Before any work: a folder is no file, a missing folder cannot take one, and an existing file is
    kept unless ``force``."""
    if path.is_dir():
        raise InputError("ist ein Ordner; eine Datei angeben", "", str(path))
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise InputError("der Ordner existiert nicht", "", str(path))
    if path.exists() and not force:
        raise InputError(
            "existiert schon und kann von Hand ergänzt sein: eine andere Datei wählen oder --force geben "
            "(die alte bleibt als .bak)",
            "",
            str(path),
        )


def write_safely(path: Path, content: str | bytes, force: bool = False) -> Path | None:
    """Write ``content`` to ``path`` atomically; the previous file, if any, becomes ``path.bak``
    (returned). Refused without ``force`` when ``path`` exists."""
    refuse_existing(path, force)
    data = content.encode("utf-8") if isinstance(content, str) else content
    directory = path.parent if str(path.parent) else Path(".")
    try:
        if not directory.is_dir():
            raise InputError("der Ordner existiert nicht", "", str(path))
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
            backup = None
            if path.exists():
                backup = path.with_name(path.name + ".bak")
                shutil.copy2(path, backup)
            os.replace(tmp, path)
            return backup
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise InputError(
            f"kann nicht geschrieben werden ({exc.strerror or type(exc).__name__})", "", str(path)
        ) from None

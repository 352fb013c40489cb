"""The jobs the desk runs in a child (``jobs``): each takes plain data (a case as a mapping, uploaded
files as name and bytes) and returns plain data, so that it crosses the process boundary whole. None of
them is given a path: an upload is written to a temporary folder of the child's own and read there.
What they need is imported here, at the top, so that the fork server has it loaded for every child."""

from __future__ import annotations

import tempfile
from pathlib import Path

from nachruecken import decide
from nachruecken.case.office.build import import_office, import_tables
from nachruecken.case.office.read import table_of
from nachruecken.engine import determine  # noqa: F401  (the engine and clingo, loaded in the fork server)
from nachruecken.errors import InputError
from nachruecken.interfaces.web.layouts import export_header

# what `solve --json` prints that says where it ran, not what the case decides
LOCAL_KEYS = ("case", "input_sha256")

Uploads = dict[str, tuple[str, bytes]]  # form field -> (safe file name, bytes)


def decide_data(data: dict, statute: str | None, lang: str, readings: dict | None) -> dict:
    """A case given as data, decided: `solve --json` without the file's name, hash and command."""
    result = decide(data, statute=statute, lang=lang, readings=readings)
    for key in LOCAL_KEYS:
        result.pop(key, None)
    result.get("provenance", {}).pop("command", None)
    return result


def import_rows(payload: dict) -> dict:
    """Sheets given as rows of cells (the JSON import): the case file's data, the summary, the findings."""
    tables = {}
    for name, rows in payload["sheets"].items():
        table = table_of(rows, f"Blatt {name}", "request")
        if table is not None:
            tables[str(name).lower()] = table
    imported = import_tables(tables, payload.get("statute"), Path(str(payload.get("name") or "import")))
    return {"case": imported.data, "summary": imported.summary, "findings": imported.findings}


def header_of(uploads: Uploads) -> list[str]:
    """The header row of an upload's candidate sheet ([] where it cannot be read)."""
    with tempfile.TemporaryDirectory() as tmp:
        return export_header(_written(tmp, "file", *uploads["file"]))


def read_uploads(uploads: Uploads, statute: str, choices: dict | None):
    """The import of uploaded files under the column choices, or its ``InputError`` (returned, not raised:
    the preview shows it beside the column map). Its messages name the uploaded file, never the folder."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = {field: _written(tmp, field, name, data) for field, (name, data) in uploads.items()}
        try:
            return import_office(paths["file"], statute or None, paths.get("events"), paths.get("fall"), choices)
        except InputError as exc:
            return _named(exc, tmp, uploads)


def _written(tmp: str, field: str, name: str, data: bytes) -> Path:
    """An upload in a folder of its field's own (two uploads of one name stay apart; the case's title
    is taken from the file's own name)."""
    path = Path(tmp) / field / name
    path.parent.mkdir()
    path.write_bytes(data)
    return path


def _named(exc: InputError, tmp: str, uploads: Uploads) -> InputError:
    """The error with the temporary folder's path replaced by the uploaded file's own name."""
    for field, (name, _) in uploads.items():
        where = str(Path(tmp) / field / name)
        exc.message = exc.message.replace(where, name)
        if exc.file is not None:
            exc.file = exc.file.replace(where, name)
    if exc.file is not None and tmp in exc.file:
        exc.file = "upload"
    exc.message = exc.message.replace(tmp, "…")
    return exc


def imported_upload(uploads: Uploads, statute: str) -> dict:
    """An upload as the JSON API answers it: the case file's data, the summary and the findings."""
    got = read_uploads(uploads, statute, None)
    if isinstance(got, InputError):
        raise got
    return {"case": got.data, "summary": got.summary, "findings": got.findings}

"""The jobs the desk runs in a child (``jobs``): each takes plain data (a case as a mapping, uploaded
files as name and bytes) and returns plain data, so that it crosses the process boundary whole. None of
them is given a path: an upload is written to a temporary folder of the child's own and read there.
What they need is imported here, at the top, so that the fork server has it loaded for every child."""

from __future__ import annotations

import json
import re
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


def decide_body(body: bytes, statute: str | None, lang: str, readings: dict | None) -> dict:
    """A request's body, a case as a JSON object, decided (never a path: a JSON string is refused)."""
    data = parse_json(body)
    if not isinstance(data, dict):  # a string would name a file on this machine
        raise InputError("erwartet einen Fall als JSON-Objekt ({…}), keinen Dateinamen", "", "request")
    return decide_data(data, statute, lang, readings)


def import_body(body: bytes) -> dict:
    """A request's body, sheets as rows of cells (the JSON import), read."""
    payload = parse_json(body)
    if not isinstance(payload, dict) or not isinstance(payload.get("sheets"), dict):
        raise InputError('erwartet {"statute": …, "sheets": {"bewerber": [[…], …], …}}', "sheets", "request")
    if not isinstance(payload.get("statute", ""), str | None):
        raise InputError('die Vorschrift ist ein Text (ein Land wie "nw" oder eine Kennung)', "statute", "request")
    for name, rows in payload["sheets"].items():
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise InputError("ein Blatt ist eine Liste von Zeilen (Listen von Zellen)", f"sheets.{name}", "request")
    return import_rows(payload)


def parse_json(body: bytes):
    """A request's JSON; what cannot be read, or holds a lone UTF-16 surrogate no answer can carry, is
    the request's one-line error."""
    try:
        data = json.loads(body)
    except RecursionError:  # nesting deeper than any case file's
        raise InputError("kein gültiges JSON (zu tief geschachtelt)", "", "request") from None
    except UnicodeDecodeError:
        raise InputError("kein gültiges JSON (kein UTF-8)", "", "request") from None
    except json.JSONDecodeError as exc:
        raise InputError(f"kein gültiges JSON ({exc.msg}, Zeile {exc.lineno})", "", "request") from None
    except ValueError:  # an integer of more than 4,300 digits
        raise InputError("kein gültiges JSON (eine Zahl mit zu vielen Ziffern)", "", "request") from None
    if _SURROGATE.search(body) and _has_lone_surrogate(data):
        raise InputError("ungültiges Zeichen in einem Text (ein einzelnes UTF-16-Surrogat, \\ud800 …)", "", "request")
    return data


_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")  # how a surrogate comes in JSON: escaped (UTF-8 has none)


def _has_lone_surrogate(value) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if isinstance(value, dict):
        return any(_has_lone_surrogate(k) or _has_lone_surrogate(v) for k, v in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(v) for v in value)
    return False


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

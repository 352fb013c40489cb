"""The column map of an uploaded export, as the desk shows it with a choice per column, and the choices an
office made for an export's layout (the fingerprint of its header row), kept in the case folder so that
the next export of that layout is read the same way. Choices are keyed by column number in the form,
never by the header text, and only a known field, "extra" or "-" is taken."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from nachruecken.case.office.columns import CANDIDATE_FIELDS, EXTRA, EXTRA_WORDS, FIELD_WORDS, norm_header

LAYOUTS_FILE = ".nachruecken-spalten.json"
MAX_LAYOUTS = 200  # layouts remembered per folder (the oldest go first)


def options(lang: str) -> list[tuple[str, str]]:
    """(value, label) of a column's choice: the import's own reading, left out, kept, or a field."""
    auto = "automatisch (wie gelesen)" if lang == "de" else "automatic (as read)"
    left = "nicht verwenden" if lang == "de" else "do not use"
    return [("", auto), ("-", left), (EXTRA, EXTRA_WORDS)] + [(k, FIELD_WORDS.get(k, k)) for k in CANDIDATE_FIELDS]


def export_header(path: Path) -> list[str]:
    """The header row of an export's candidate sheet (title lines above it passed over); [] if unreadable."""
    from nachruecken.case.office.candidates import is_header
    from nachruecken.case.office.read import read_source
    from nachruecken.errors import InputError

    try:
        table = read_source(path).get("bewerber")
    except InputError:
        return []
    return table.from_header(is_header).header if table is not None else []


def fingerprint(header: list[str]) -> str:
    """The layout of an export: its header row, compared as the import compares headers."""
    return hashlib.sha256("\x1f".join(norm_header(h) for h in header).encode()).hexdigest()[:24]


def _known() -> set[str]:
    """The values a column's choice may take (the empty "automatic" is no choice)."""
    return {value for value, _ in options("de")} - {""}


def chosen(form, header: list[str]) -> dict[str, str]:
    """The choices of the column-map form (fields ``col-<n>``) as header -> field, for known values only."""
    known = _known()
    out = {}
    for k, head in enumerate(header):
        value = form.get(f"col-{k}")
        if isinstance(value, str) and value in known and head.strip():
            out[head] = value
    return out


def guessed(header: list[str], choices: dict[str, str]) -> list[tuple[str, str, str]]:
    """The column map of a list the import could not read: what each header would be taken as."""
    from nachruecken.case.office.pairs import candidate_fields
    from nachruecken.case.office.read import Table

    meant = candidate_fields(Table("", "", header, []), {norm_header(k): v for k, v in choices.items()})
    out = []
    for raw, key in zip(header, meant):
        if key is None:
            out.append((raw, "", "nicht zugeordnet"))
        elif key.startswith("-"):
            out.append((raw, "-", key[1:] or "nicht verwendet"))
        else:
            out.append((raw, key, EXTRA_WORDS if key == EXTRA else FIELD_WORDS.get(key, key)))
    return out


def rows(columns: list[tuple[str, str, str]], choices: dict[str, str]) -> list[dict]:
    """The column map as table rows: the header, the choice in force ("" = automatic) and the reading."""
    return [
        {"index": k, "header": raw, "choice": choices.get(raw, ""), "reading": words}
        for k, (raw, _, words) in enumerate(columns)
    ]


def remembered(folder: Path, layout: str) -> dict[str, str]:
    """The choices kept for this layout ({} for none, or where the file cannot be read)."""
    entry = _load(folder).get(layout, {})
    known = _known()
    return {str(k): v for k, v in entry.items() if isinstance(v, str) and v in known} if isinstance(entry, dict) else {}


def remember(folder: Path, layout: str, choices: dict[str, str]) -> None:
    """Keep the choices for this layout (none: forget it), the newest last, at most MAX_LAYOUTS."""
    data = _load(folder)
    data.pop(layout, None)
    if choices:
        data[layout] = choices
    while len(data) > MAX_LAYOUTS:
        data.pop(next(iter(data)))
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".spalten-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(data, out, ensure_ascii=False, indent=1)
    os.replace(tmp, folder / LAYOUTS_FILE)


def _load(folder: Path) -> dict:
    try:
        data = json.loads((folder / LAYOUTS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}

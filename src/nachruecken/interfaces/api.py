"""The Python API: decide a case from a notebook or a script, with the same result as `solve --json`.

>>> import nachruecken
>>> result = nachruecken.decide("instances/he/schenklengsfeld-2023.yaml")
>>> result["determinations"][0]["successor"]
'wolf'

A case is a path, the text of a case file (YAML or JSON), or a mapping in the case-file format whose
dates may be ``datetime.date`` objects or ISO strings. Bad input raises ``InputError``; its message
names the key path inside the case (``nominations[0].candidates[2].votes``, ``readings.bb.section_61``).
"""

from __future__ import annotations

import datetime as dt
import decimal
import hashlib
import os
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Union

import msgspec

from nachruecken.case.model import Case
from nachruecken.engine.expectations import CASE_SUFFIXES
from nachruecken.errors import InputError

CaseSource = Union[str, "os.PathLike[str]", Mapping[str, Any]]


def _plain(value: Any, path: str = "") -> Any:
    """A mapping as the case file would hold it: dates as ISO strings, tuples as lists."""
    if isinstance(value, dt.datetime):
        raise InputError("a date and time; give a date (datetime.date or YYYY-MM-DD)", path)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        out = {}
        for key, item in value.items():
            if not isinstance(key, str):
                raise InputError(f"key {key!r} is not a string", path)
            out[key] = _plain(item, f"{path}.{key}" if path else key)
        return out
    if isinstance(value, (list, tuple)):
        return [_plain(item, f"{path}[{i}]") for i, item in enumerate(value)]
    return value


# passed through as they are, so that the schema refuses them (a date and time is no date; bytes are no text)
_NOT_CONVERTED = (bytes, bytearray, memoryview, dt.datetime, dt.time, dt.timedelta, uuid.UUID, decimal.Decimal)


def _from_mapping(case: Mapping, file: str) -> Case:
    """The case of a mapping: copied as a case file holds it (dates as ISO text, tuples as lists) at C
    speed, and built; where that fails, the slow walk names what no case file holds (a date and time, a
    key that is no string) before the error of the copy is given."""
    from nachruecken.case.loader import build_case

    try:
        data = msgspec.to_builtins(case, builtin_types=_NOT_CONVERTED)
        digest = hashlib.sha256(msgspec.json.encode(data, order="sorted")).hexdigest()
    except (TypeError, ValueError, msgspec.EncodeError):
        data = _plain(case)
        digest = ""
    try:
        return build_case(data, file, digest)
    except InputError:
        _plain(case)
        raise


def _looks_like_path(text: str) -> bool:
    if "\n" in text or len(text) > 4096 or text.lstrip().startswith("{"):
        return False
    try:
        return text.lower().endswith(CASE_SUFFIXES) or Path(text).is_file()
    except OSError:  # a name too long for the file system is no path
        return False


def load_case(case: CaseSource, *, name: str | None = None) -> Case:
    """A validated case from a path, a case file's text, or a mapping.

    ``name`` is how errors and the result's ``case`` field name it (default: the path, or
    ``<mapping>`` / ``<text>``).
    """
    from nachruecken.case.loader import build_case, parse_text
    from nachruecken.case.loader import load_case as load_file

    if isinstance(case, os.PathLike) or (isinstance(case, str) and _looks_like_path(case)):
        return load_file(case)
    if isinstance(case, Mapping):
        file = name or "<mapping>"
        try:
            return _from_mapping(case, file)
        except InputError as err:
            raise err.with_file(file) from None
    if isinstance(case, str):
        file = name or "<text>"
        try:
            data = parse_text(case, ".json" if case.lstrip().startswith("{") else ".yaml")
            return build_case(data, file, hashlib.sha256(case.encode("utf-8")).hexdigest())
        except InputError as err:
            raise err.with_file(file) from None
    raise TypeError(f"a case is a path, a case file's text or a mapping, not {type(case).__name__}")


def decide(
    case: CaseSource | Case,
    *,
    statute: str | None = None,
    readings: Mapping[str, str] | None = None,
    lang: str = "en",
    all_candidates: bool = False,
) -> dict:
    """Every vacancy of the case decided: exactly the object `nachruecken solve --json` prints.

    ``statute`` decides under another statute (a state code or a pinned id) instead of the case's;
    ``readings`` overrides the case's readings (``{"he.ersatzliste_order": "list"}``); ``lang`` is
    ``"en"`` or ``"de"`` for the explanations; ``all_candidates`` also lists everyone after the
    successor.

    >>> r = decide({"statute": "nw", "election_date": dt.date(2020, 9, 13),
    ...             "nominations": [{"id": "spd", "candidates": [
    ...                 {"id": "a", "elected": True}, {"id": "b"}]}],
    ...             "events": [{"date": dt.date(2022, 1, 10), "person": "a", "type": "died"}]})
    >>> r["determinations"][0]["successor"]
    'b'
    """
    from nachruecken.engine.determine import determine_case
    from nachruecken.output.provenance import provenance

    if lang not in ("en", "de"):
        raise InputError(f"lang must be 'en' or 'de', not {lang!r}", "lang")
    if readings is not None and not isinstance(readings, Mapping):
        raise InputError(
            f"readings must be a mapping of reading id to value, e.g. {{'bb.section_61': 'no'}}, "
            f"not {type(readings).__name__}",
            "readings",
        )
    loaded = case if isinstance(case, Case) else load_case(case)
    try:
        result = determine_case(
            loaded,
            statute,
            dict(readings) if readings else None,
            lang,
            all_candidates,
            option_names=("statute", "readings"),
        )
    except InputError as err:
        raise err.with_file(loaded.file) from None
    result["provenance"] = provenance()
    return result

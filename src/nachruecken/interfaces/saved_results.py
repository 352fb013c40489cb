"""A report's results kept on disk (`report --save DIR`) and rendered again later (`report --from DIR`)
without running the checks: one JSON file per check and per diff, as `check --json` and `diff --json`
print them but with the witnesses' cases kept (the document shows them), and ``meta.json`` with the
run's date, time and provenance. Results are refused where the tool version or the encodings differ
from this installation's: a document must say what this code decides.
"""

from __future__ import annotations

import json
from pathlib import Path

from nachruecken.errors import InputError

META = "meta.json"


def save(folder: Path, checks: list[dict], diffs: list[dict], meta: dict) -> None:
    """Write the results into ``folder`` (created if missing); the order is kept in meta.json."""
    folder.mkdir(parents=True, exist_ok=True)
    names = []
    for result in checks + diffs:
        name = f"check-{result['statute']}.json" if "statute" in result else _diff_name(result)
        _write(folder / name, {"format_version": 1, **result, "provenance": meta.get("provenance")})
        names.append(name)
    _write(folder / META, {**meta, "checks": names[: len(checks)], "diffs": names[len(checks) :]})


def load(folder: Path, current: dict | None) -> tuple[list[dict], list[dict], dict]:
    """(checks, diffs, meta) saved in ``folder``; an input error where they were made by another
    version or from other encodings than ``current`` (this installation's provenance; None: not asked,
    for a test that renders the published findings again)."""
    meta = _read(folder / META)
    saved = meta.get("provenance") or {}
    for key, what in (("nachruecken_version", "version"), ("encodings_sha256", "encodings")):
        if current is not None and saved.get(key) != current.get(key):
            raise InputError(
                f"{folder / META}: made by another {what} ({saved.get(key)!r}, here {current.get(key)!r}); "
                "run the report again",
                f"provenance.{key}",
            )
    checks = [_strip(_read(folder / name)) for name in meta.get("checks", [])]
    diffs = [_strip(_read(folder / name)) for name in meta.get("diffs", [])]
    return checks, diffs, {k: v for k, v in meta.items() if k not in ("checks", "diffs")}


def _diff_name(result: dict) -> str:
    safe = lambda spec: "".join(c if c.isalnum() or c in "-._" else "_" for c in spec)
    return f"diff-{safe(result['a'])}--{safe(result['b'])}.json"


def _strip(result: dict) -> dict:
    return {k: v for k, v in result.items() if k not in ("format_version", "provenance")}


def _write(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n", encoding="utf-8")


def _read(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{path}: no such file (not a folder of saved report results?)", "--from") from None
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: cannot read: {exc}", "--from") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: not a saved result (a JSON object expected)", "--from")
    return data

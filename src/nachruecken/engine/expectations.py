"""`nachruecken test`: compare determinations with the `expected` blocks of case files."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from nachruecken.errors import InputError
from nachruecken.resources import shipped

CASE_SUFFIXES = (".yaml", ".yml", ".json", ".lp")


@dataclass
class Check:
    file: str
    vacancy: str
    passed: bool | None  # None: the file has no expectation
    detail: str = ""


def collect(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files += sorted(p for p in path.rglob("*") if p.suffix.lower() in CASE_SUFFIXES and p.is_file())
        else:
            files.append(path)
    return files


# Details of the membership that explain it rather than decide it: compared only where an expected
# block names them (the day a weekend or holiday moved the deadline from).
EXPLANATORY = {"membership": ("deadline_moved",)}


def _got(key: str, got, want):
    if isinstance(got, dict) and isinstance(want, dict):
        return {k: v for k, v in got.items() if k in want or k not in EXPLANATORY.get(key, ())}
    return got


def run_expected(case, lang: str = "en") -> tuple[list[Check], dict | None]:
    """Decide a case and compare it with its ``expected`` block: (checks, result). A vacancy whose
    expectation is a ``conflict`` (a check witness of a faulty encoding) passes when deciding fails
    as an encoding fault that names every expected successor or outcome."""
    from nachruecken.engine.determine import determine_case
    from nachruecken.engine.solver import EncodingError

    conflicts = {
        v: want["conflict"] for v, want in case.expected.items() if isinstance(want, dict) and "conflict" in want
    }
    try:
        result = determine_case(case, lang=lang)
    except EncodingError as exc:
        if not conflicts:
            raise
        text = str(exc)
        return [
            Check(
                case.file,
                v,
                all(x in text for x in c["successors"] + (c["outcomes"] if len(c["outcomes"]) > 1 else [])),
                f"conflict reproduced: {text}",
            )
            for v, c in conflicts.items()
        ], None
    checks = compare({v: w for v, w in case.expected.items() if v not in conflicts}, result)
    checks += [Check(case.file, v, False, "expected a conflict, but the case decides") for v in conflicts]
    return checks, result


def compare(expected: dict, result: dict) -> list[Check]:
    """One check per expected vacancy; `skipped` is a subset test, other keys compare exactly.

    A key ``person#2`` names the second determination of the same person's seat (a seat that was
    vacated, referred, and vacated again)."""
    checks = []
    by_vacancy: dict[str, dict] = {}
    seen: dict[str, int] = {}
    for det in result["determinations"]:
        seen[det["vacancy"]] = seen.get(det["vacancy"], 0) + 1
        by_vacancy.setdefault(det["vacancy"], det)
        by_vacancy[f"{det['vacancy']}#{seen[det['vacancy']]}"] = det
    for vacancy, want in expected.items():
        det = by_vacancy.get(vacancy)
        if det is None:
            checks.append(Check(result["case"], vacancy, False, "no determination for this vacancy"))
            continue
        problems = []
        for key, value in want.items():
            if key == "skipped":
                got = {c["person"]: c.get("reason") for c in det["candidates"] if c["status"] == "skipped"}
                for person, reason in value.items():
                    if got.get(person) != reason:
                        problems.append(f"skipped.{person}: expected {reason!r}, got {got.get(person)!r}")
            elif key not in det:
                problems.append(f"{key}: no such key in a determination")
            elif _got(key, det[key], value) != value:
                problems.append(f"{key}: expected {value!r}, got {_got(key, det[key], value)!r}")
        checks.append(Check(result["case"], vacancy, not problems, "; ".join(problems)))
    return checks


def instances_dir() -> Path | None:
    """The worked cases shipped in the wheel, or the repository's ``instances/`` in a checkout."""
    return shipped("instances")


# What a new vacancy's expectation records (an existing block keeps its own keys).
BASIC_KEYS = ("outcome", "successor", "skipped")


def _expectation(det: dict, keys: list[str], new: bool) -> dict:
    """The values of ``keys`` in a determination; a new expectation leaves out what is empty."""
    out = {}
    for key in keys:
        if key == "skipped":
            out[key] = {c["person"]: c.get("reason") for c in det["candidates"] if c["status"] == "skipped"}
        elif key in det:
            out[key] = det[key]
    if new:
        out = {k: v for k, v in out.items() if v not in (None, {})}
    return out


def keyed(determinations: list[dict]):
    """(key, determination) as an expected block names them: the person's id, ``person#2`` for the
    second determination of the same person's seat."""
    seen: dict[str, int] = {}
    for det in determinations:
        seen[det["vacancy"]] = seen.get(det["vacancy"], 0) + 1
        yield (det["vacancy"] if seen[det["vacancy"]] == 1 else f"{det['vacancy']}#{seen[det['vacancy']]}"), det


def update_expected(path: Path, case, result: dict) -> str:
    """Rewrite the ``expected:`` block of a YAML case file from the result (the keys each vacancy
    already records; outcome, successor and skipped for a new one) and return the unified diff."""
    import difflib  # only where a case's expectations are updated, not on every solve

    import yaml

    if path.suffix.lower() not in (".yaml", ".yml"):
        raise InputError("--update rewrites YAML case files only", "expected", str(path))
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if re.match(r"expected\s*:", line)), None)
    if start is None:
        raise InputError("no top-level expected block to update", "expected", str(path))
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if lines[i].strip() and not lines[i][0].isspace() and not lines[i].startswith("#")
        ),
        len(lines),
    )
    block: dict = {}
    for key, det in keyed(result["determinations"]):
        if key in case.expected or det["vacancy"] not in block:
            old = case.expected.get(key)
            block[key] = _expectation(det, list(old) if old else list(BASIC_KEYS), new=old is None)
    dumped = yaml.safe_dump(
        {"expected": block}, allow_unicode=True, sort_keys=False, width=110, default_flow_style=None
    )
    new = "".join(lines[:start]) + dumped + "".join(lines[end:])
    if new != text:
        path.write_text(new, encoding="utf-8")
    return "".join(
        difflib.unified_diff(
            text.splitlines(keepends=True),
            new.splitlines(keepends=True),
            fromfile=f"{path} (before)",
            tofile=f"{path} (updated)",
        )
    )

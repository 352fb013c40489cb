"""`nachruecken test`: compare determinations with the `expected` blocks of case files."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

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
            elif det[key] != value:
                problems.append(f"{key}: expected {value!r}, got {det[key]!r}")
        checks.append(Check(result["case"], vacancy, not problems, "; ".join(problems)))
    return checks

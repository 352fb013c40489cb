"""How the findings move when the bounds grow one step: the default bounds and the three settings one
step larger (one more nomination, one more candidate each, one more vacancy a term), each summarised
compactly, for a table of what a larger universe adds.

A step re-runs only the analyses it can change: the noms and cands steps the single-vacancy checks
(``run_check`` without terms) and the diffs, the vacancies step only the whole terms (``run_terms``
directly: ``run_check`` cannot run terms alone, since it always asks the single-vacancy questions first).

The vacancies step is vacuous as the term universe stands: ``terms.shapes`` knows at most a second
vacancy, so 3 vacancies give the same 608 shapes as 2 (measured: he-kwg-34 and mv-lkwg-46 examine the
same terms in the same time). ``term_summary`` reports the number of terms, so the table shows it.
"""

from __future__ import annotations

import time
from dataclasses import asdict, replace
from typing import Any, NamedTuple

from nachruecken.research.check import run_check
from nachruecken.research.diff import parse_spec, run_diff
from nachruecken.research.universe import Bounds, Limits


class Step(NamedTuple):
    """One setting of the table: its label, the single-vacancy bounds and the vacancies a term."""

    label: str
    bounds: Bounds
    vacancies: int


def bounds_steps(bounds: Bounds, vacancies: int) -> list[Step]:
    """The default setting and the three one step larger (noms+1, cands+1, vacancies+1)."""
    return [
        Step("default", bounds, vacancies),
        Step("noms+1", replace(bounds, noms=bounds.noms + 1), vacancies),
        Step("cands+1", replace(bounds, cands=bounds.cands + 1), vacancies),
        Step("vacancies+1", bounds, vacancies + 1),
    ]


def _status(analyses: list[dict], name: str) -> str | None:
    return next((a["status"] for a in analyses if a["name"] == name), None)


def _causes(analyses: list[dict], name: str) -> list[dict]:
    """The causes of a gap analysis (research/gaps.py), without their reading profiles."""
    rows: list[dict] = next((a.get("causes", []) for a in analyses if a["name"] == name), [])
    return [{"cause": r["cause"], "scope": r["scope"], "status": r["status"]} for r in rows]


def check_summary(
    statute_id: str,
    bounds: Bounds,
    vacancies: int = 0,
    limits: Limits = Limits(),
    with_readings: bool = True,
    jobs: int = 2,
) -> dict[str, Any]:
    """``run_check`` at one setting, compact: the status of gap, gap_other_readings and conflict, the
    number of dead norms, the readings found changing of those asked, term_gap and term_conflict
    (None without terms: ``vacancies`` 0)."""
    report = run_check(statute_id, bounds, None, limits, with_readings=with_readings, vacancies=vacancies, jobs=jobs)
    analyses = report["analyses"]
    dead = next(a for a in analyses if a["name"] == "dead_norm")
    divergence = next((a for a in analyses if a["name"] == "reading_divergence"), None)
    readings = None
    if divergence is not None:
        asked = [r for r in divergence["readings"] if r["status"] != "not_asked"]
        readings = {"changing": sum(r["status"] == "found" for r in asked), "asked": len(asked)}
    return {
        "statute": statute_id,
        "bounds": asdict(bounds),
        "vacancies": vacancies,
        "gap": _status(analyses, "gap"),
        "gap_causes": _causes(analyses, "gap"),
        "gap_other_readings": _status(analyses, "gap_other_readings"),
        "gap_other_causes": _causes(analyses, "gap_other_readings"),
        "conflict": _status(analyses, "conflict"),
        "dead_norms": len(dead["dead_norms"]),
        "undecided_norms": len(dead["undecided_norms"]),
        "readings": readings,
        "term_gap": _status(analyses, "term_gap"),
        "term_conflict": _status(analyses, "term_conflict"),
        "seconds": report["seconds"],
    }


def term_summary(statute_id: str, vacancies: int, jobs: int = 2, limits: Limits = Limits()) -> dict[str, Any]:
    """Only the whole terms of ``statute_id`` (up to ``vacancies`` a term), compact: every term is
    examined (past ``limits.term_seconds`` the run fails), so a property not found is none_found."""
    from nachruecken.research.term_check import TERM_ANALYSES, run_terms

    started = time.monotonic()
    terms = run_terms(statute_id, {}, [], vacancies, jobs, limits.term_seconds)
    return {
        "statute": statute_id,
        "vacancies": vacancies,
        "terms": terms["examined"],
        **{name: "found" if name in terms["found"] else "none_found" for name in TERM_ANALYSES},
        "seconds": round(time.monotonic() - started, 2),
    }


def diff_summary(a: str, b: str, bounds: Bounds, limits: Limits = Limits(), max_kinds: int = 30) -> dict[str, Any]:
    """``run_diff`` (every kind up to ``max_kinds``, without the reading dependence) at one setting,
    compact: the status, the number of kinds of difference found, and whether the list is complete."""
    # without the survey: no reading dependence and no question whether more kinds exist once
    # ``max_kinds`` are found (both cost more than the kinds themselves at the larger bounds)
    report = run_diff(parse_spec(a), parse_spec(b), bounds, None, limits, max_kinds, survey=False)
    return {
        "a": a,
        "b": b,
        "bounds": asdict(bounds),
        "status": report["status"],
        "kinds": len(report["differences"]),
        "complete": report["complete"],
        "unreproduced": len(report["unreproduced"]),
        "seconds": report["seconds"],
    }

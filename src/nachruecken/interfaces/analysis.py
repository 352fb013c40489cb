"""The analyses as a Python API: ``nachruecken.check``, ``.diff``, ``.compare`` and ``.report`` return
typed results holding what `check --json`, `diff --json`, `compare --json` and `report` give, with a
flat form for a data frame (``to_records()``: one row per finding, plain values only).

A result is the same on any machine and any ``jobs`` (the searches stop by effort, not by time); a
time limit exceeded raises ``LimitExceeded``; bad input raises ``InputError``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nachruecken.research.universe import CONFLICT_LIMIT, TIME_LIMIT, Bounds, Limits


def _provenance(bounds: dict, limits: dict) -> dict:
    from nachruecken.output.provenance import provenance

    return provenance(bounds=bounds, limits=limits)  # command: this process's own command line


@dataclass(frozen=True)
class CheckResult:
    """One statute's consistency analyses. ``analyses``: as in `check --json` (each with ``name``,
    ``status`` and ``witnesses``, whose ``case`` is the witness as a case file's data)."""

    statute: str
    bounds: dict[str, Any]
    readings: dict[str, str]
    analyses: list[dict[str, Any]]
    limits: dict[str, Any]
    provenance: dict[str, Any]
    seconds: float = field(compare=False)

    def analysis(self, name: str) -> dict[str, Any]:
        """The analysis called ``name`` (gap, gap_other_readings, conflict, dead_norm, reading_divergence,
        term_gap, term_conflict, independence, no_reach_back)."""
        return next(a for a in self.analyses if a["name"] == name)

    def to_records(self) -> list[dict[str, Any]]:
        """A row per analysis, per cause of a gap and per reading value asked: statute, analysis, cause and
        scope (of a gap), reading, alternative, status, witnesses (their number), optimal (every witness
        proven smallest), files."""
        rows = []
        for a in self.analyses:
            rows.append(_row(self.statute, a["name"], None, None, a["status"], a["witnesses"]))
            for c in a.get("causes", []):
                own = [w for w in a["witnesses"] if (w.get("cause"), w.get("scope")) == (c["cause"], c["scope"])]
                rows.append(_row(self.statute, a["name"], None, None, c["status"], own, (c["cause"], c["scope"])))
            for r in a.get("readings", []):
                rows.append(_row(self.statute, a["name"], r["reading"], r["alternative"], r["status"], r["witnesses"]))
        return rows


def _row(
    statute: str, name: str, reading, alternative, status: str, witnesses: list, cause: tuple = (None, None)
) -> dict[str, Any]:
    return {
        "statute": statute,
        "analysis": name,
        "cause": cause[0],
        "scope": cause[1],
        "reading": reading,
        "alternative": alternative,
        "status": status,
        "witnesses": len(witnesses),
        "optimal": all(w.get("optimal", True) for w in witnesses),
        "files": ";".join(w["file"] for w in witnesses if w.get("file")),
    }


@dataclass(frozen=True)
class DiffResult:
    """Minimal cases where A and B decide differently, one per kind (as in `diff --json`, each
    difference with its witness ``case``)."""

    a: str
    b: str
    status: str
    differences: list[dict[str, Any]]
    complete: bool
    unreproduced: list[dict[str, Any]]
    bounds: dict[str, Any]
    limits: dict[str, Any]
    provenance: dict[str, Any]
    seconds: float = field(compare=False)

    def to_records(self) -> list[dict[str, Any]]:
        """A row per kind of difference: each side's outcome, successor and deciding norms, the readings
        under which it vanishes, whether the witness is proven smallest, its file."""
        return [
            {
                "a": self.a,
                "b": self.b,
                **{
                    f"{side}_{key}": _plain(d[side].get(key)) for side in ("a", "b") for key in ("outcome", "successor")
                },
                "a_norms": ";".join(d["kind"]["a"]["norm"]),
                "b_norms": ";".join(d["kind"]["b"]["norm"]),
                "depends_on": ";".join(d.get("depends_on", [])),
                "depends_partly_on": ";".join(d.get("depends_partly_on", [])),
                "optimal": d.get("optimal", True),
                "file": d.get("file"),
            }
            for d in self.differences
        ]


def _plain(value):
    return value if value is None or isinstance(value, str | int | float | bool) else str(value)


def check(
    statute: str,
    *,
    noms: int = 2,
    cands: int = 4,
    max_vote: int = 2,
    readings: dict[str, str] | None = None,
    vacancies: int = 2,
    jobs: int = 2,
    conflict_limit: int = CONFLICT_LIMIT,
    time_limit: float = TIME_LIMIT,
    term_time_limit: float = 1800.0,
    witness_dir: str | Path | None = None,
) -> CheckResult:
    """`nachruecken check`: gap, conflict, dead norms, readings and the whole-term analyses of one
    statute (an id or a state code) over the bounded universe."""
    from nachruecken.law.statutes import resolve_statute_id
    from nachruecken.research.check import run_check

    sid = resolve_statute_id(statute, "statute")
    bounds, limits = Bounds(noms, cands, max_vote), Limits(conflict_limit, time_limit, term_time_limit)
    out = run_check(
        sid, bounds, _folder(witness_dir), limits, readings=dict(readings or {}) or None, vacancies=vacancies, jobs=jobs
    )
    given = {"noms": noms, "cands": cands, "max_vote": max_vote, "vacancies": vacancies}
    return CheckResult(
        out["statute"],
        out["bounds"],
        out["readings"],
        out["analyses"],
        out["limits"],
        _provenance(given, limits.as_dict()),
        out["seconds"],
    )


def diff(
    a: str,
    b: str,
    *,
    noms: int = 2,
    cands: int = 4,
    max_vote: int = 2,
    max_kinds: int = 8,
    conflict_limit: int = CONFLICT_LIMIT,
    time_limit: float = TIME_LIMIT,
    witness_dir: str | Path | None = None,
    jobs: int = 2,
) -> DiffResult:
    """`nachruecken diff`: minimal cases where two statutes (``"he-kwg-34"``) or readings
    (``"he-kwg-34@he.ersatzliste_order=list"``) decide differently; ``jobs`` processes share the reading
    dependence (the same answer on any number)."""
    from nachruecken.research.diff import parse_spec, run_diff

    bounds, limits = Bounds(noms, cands, max_vote), Limits(conflict_limit, time_limit)
    out = run_diff(parse_spec(a), parse_spec(b), bounds, _folder(witness_dir), limits, max_kinds, jobs=jobs)
    return DiffResult(
        out["a"],
        out["b"],
        out["status"],
        out["differences"],
        out["complete"],
        out["unreproduced"],
        out["bounds"],
        {**limits.as_dict(), "max_kinds": max_kinds},
        _provenance({"noms": noms, "cands": cands, "max_vote": max_vote}, {**limits.as_dict(), "max_kinds": max_kinds}),
        out["seconds"],
    )


@dataclass(frozen=True)
class Comparison:
    """A case decided under every state's statute in force on its dates (`compare --json`): a row per
    state and vacancy with the outcome, successor, deciding norm, warnings and what does not fit."""

    rows: list[dict[str, Any]]
    provenance: dict[str, Any]

    def to_records(self) -> list[dict[str, Any]]:
        """The rows with their lists (warnings, misfits) joined by " | "."""
        return [{k: (" | ".join(v) if isinstance(v, list) else _plain(v)) for k, v in r.items()} for r in self.rows]


def compare(case, *, readings: dict[str, str] | None = None, lang: str = "en") -> Comparison:
    """`nachruecken compare` of one case (a path, a case file's text, a mapping or a loaded case)."""
    from nachruecken.interfaces.api import load_case
    from nachruecken.research.comparison import check_readings, compare_case

    pinned = dict(readings or {})
    check_readings(pinned)
    loaded = case if hasattr(case, "nominations") else load_case(case)
    return Comparison(compare_case(loaded, pinned, lang), _provenance({}, {}))


@dataclass(frozen=True)
class Report:
    """Every check and diff of a report, and the document they make (``markdown()``, ``html()``)."""

    checks: list[dict[str, Any]]
    diffs: list[dict[str, Any]]
    meta: dict[str, Any]

    def markdown(self) -> str:
        from nachruecken.research.report import render

        return render(self.checks, self.diffs, self.meta, "md")

    def html(self) -> str:
        from nachruecken.research.report import render

        return render(self.checks, self.diffs, self.meta, "html")

    def save(self, folder: str | Path) -> None:
        """Keep the results (`report --save`), to be rendered again with ``report(saved=folder)``."""
        from nachruecken.interfaces import saved_results

        saved_results.save(Path(folder), self.checks, self.diffs, self.meta)

    def to_records(self) -> list[dict[str, Any]]:
        """A row per analysis (and reading value) of every check, as ``CheckResult.to_records``."""
        return [row for c in self.checks for row in _check_of(c).to_records()]


def _check_of(result: dict) -> CheckResult:
    return CheckResult(
        result["statute"],
        result["bounds"],
        result["readings"],
        result["analyses"],
        result.get("limits", {}),
        {},
        result.get("seconds", 0.0),
    )


def report(
    statutes: list[str] | None = None,
    diffs: list[tuple[str, str]] | None = None,
    *,
    noms: int = 2,
    cands: int = 4,
    max_vote: int = 2,
    vacancies: int = 2,
    jobs: int = 2,
    max_kinds: int = 40,
    conflict_limit: int = CONFLICT_LIMIT,
    saved: str | Path | None = None,
    extras: bool = True,
) -> Report:
    """`nachruecken report`: every statute's check and the statute diffs (by default all encoded texts
    and the amendment and state diffs), with ``extras`` the reading weights and the bounds one step
    larger; with ``saved``, the results kept by ``Report.save`` (refused if made by another version or
    from other encodings), nothing run."""
    from nachruecken.interfaces import saved_results
    from nachruecken.law.statutes import resolve_statute_id
    from nachruecken.research.report import DEFAULT_DIFFS, DEFAULT_STATUTES, run_report

    if saved is not None:
        return Report(*saved_results.load(Path(saved), _provenance({}, {})))
    sids = [resolve_statute_id(s, "statute") for s in statutes] if statutes else list(DEFAULT_STATUTES)
    pairs = list(diffs) if diffs is not None else ([] if statutes else list(DEFAULT_DIFFS))
    limits = Limits(conflict_limit)
    checks, diff_reports, meta = run_report(
        sids, pairs, Bounds(noms, cands, max_vote), limits, vacancies, jobs, max_kinds, extras=extras
    )
    given = {"noms": noms, "cands": cands, "max_vote": max_vote, "vacancies": vacancies}
    meta["provenance"] = _provenance(given, {**limits.as_dict(), "max_kinds": max_kinds, "jobs": jobs})
    return Report(checks, diff_reports, meta)


def _folder(path: str | Path | None) -> Path | None:
    return None if path is None else Path(path)

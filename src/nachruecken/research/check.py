"""Consistency checks for researchers: gap, conflict and dead norms over a bounded universe.

The universe (encodings/check/universe.lp) generates, by choice rules, the input facts of a case
and the state of its one vacancy; the statute encoding decides it; each analysis asks clingo for
an optimal model (fewest candidates, then fewest events) in which the analysed property holds.
Every witness is written back as an ordinary case file that `nachruecken solve` reproduces.
Finding nothing within the bounds proves nothing beyond them.

Here lives the check of one statute (``run_check``); its parts live beside it: the program clingo
grounds (``universe``), witnesses as case files (``witness``), the reading divergence (``divergence``),
the statute diff it rests on (``diff``), and what whole terms add (``term_findings``). The names
callers use are re-exported here.
"""

from __future__ import annotations

import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import clingo

from nachruecken.law.statutes import load_statute
from nachruecken.research.diff import Spec, parse_spec, run_diff
from nachruecken.research.divergence import reading_divergence
from nachruecken.research.gaps import conflict_profile, gap_analyses, timed
from nachruecken.research.term_findings import TERM_ANALYSES, term_analyses
from nachruecken.research.universe import COMMON, FEATURES, Bounds, LimitExceeded, Limits, control, optimal
from nachruecken.research.witness import summary, witness_case, write_witness

# the names callers import from here
__all__ = [
    "COMMON",
    "FEATURES",
    "Bounds",
    "LimitExceeded",
    "Limits",
    "Spec",
    "parse_spec",
    "reading_divergence",
    "run_check",
    "run_diff",
    "witness_case",
]

TITLES = {
    "gap": "a gap under the chosen readings",
    "gap_other_readings": "a gap under another reading",
    "conflict": "a conflict (two outcomes or two successors)",
}


def run_check(
    statute_id: str,
    bounds: Bounds = Bounds(),
    witness_dir: Path | None = None,
    limits: Limits = Limits(),
    encoding: str | None = None,
    norms: list[str] | None = None,
    with_readings: bool = True,
    readings: dict[str, str] | None = None,
    progress=None,
    vacancies: int = 2,
    jobs: int = 2,
) -> dict:
    """``encoding`` and ``norms`` replace the statute's encoding and norm list (for tests);
    ``readings`` pins readings to one value (the others range over all of theirs); ``progress``
    is called with a line as each question is answered. ``vacancies`` bounds the term universe
    (src/nachruecken/research/terms.py; 0: no terms), examined on ``jobs`` processes (the answer is the
    same on any number). ``limits``: the effort per question, and the time limits that fail the run."""
    started = time.monotonic()
    say = progress or (lambda line: None)
    statute = load_statute(statute_id)
    _check_pinned(statute, statute_id, readings)
    pinned = dict(readings or {})
    ctl = control(statute_id, bounds, encoding, pinned)
    analyses = _gaps_and_conflict(ctl, statute, statute_id, pinned, witness_dir, limits, say, started)
    analyses.append(_dead_norms(ctl, statute, statute_id, norms, limits, say, started))
    if with_readings:
        analyses.append(reading_divergence(statute_id, bounds, witness_dir, limits))
        say(f"{statute_id}: reading_divergence: {analyses[-1]['status']} ({time.monotonic() - started:.1f} s)")
    term_bounds = {}
    if vacancies > 0 and encoding is None:
        term_bounds = term_analyses(
            statute_id, analyses, pinned, vacancies, jobs, witness_dir, limits.term_seconds, with_readings
        )
        say(
            f"{statute_id}: terms: {term_bounds['terms']} examined, "
            + ", ".join(f"{a['name']} {a['status']}" for a in analyses if a["name"] in TERM_ANALYSES)
            + f" ({time.monotonic() - started:.1f} s)"
        )
    return {
        "statute": statute_id,
        "bounds": {**asdict(bounds), "vacancies": max(vacancies, 1), **term_bounds},
        "readings": pinned,
        "analyses": analyses,
        "limits": limits.as_dict(),
        "seconds": round(time.monotonic() - started, 2),
        "note": "The universe is bounded: finding nothing within these bounds proves nothing beyond them; "
        "`unknown` means clingo did not finish within the effort per question (conflicts), and a witness "
        "with `optimal: false` was found within it but not proven smallest.",
    }


def _check_pinned(statute, statute_id: str, readings: dict[str, str] | None) -> None:
    """A pinned reading must be one of this text's (no other state's, no typo), at a value it knows."""
    for rid in readings or {}:
        if rid not in statute.readings:
            from nachruecken.errors import InputError

            raise InputError(
                f"unknown reading '{rid}' for {statute_id}; known: {', '.join(statute.readings)}", f"--reading.{rid}"
            )
    statute.resolve_readings(readings or {}, source="--reading")  # a value it does not know: input error


def _gaps_and_conflict(
    ctl: clingo.Control,
    statute,
    statute_id: str,
    pinned: dict,
    witness_dir: Path | None,
    limits: Limits,
    say,
    started: float,
) -> list[dict]:
    """The analyses gap and gap_other_readings (one witness per cause and scope: research/gaps.py) and
    conflict, each with its witness and how it depends on the readings."""
    progress = timed(say, statute_id, started)

    def witness(name, atoms, proven, stem):
        return _witness(statute_id, name, atoms, witness_dir, proven, stem)

    analyses = gap_analyses(ctl, statute, pinned, witness, limits, progress)
    status, atoms, proven = optimal(ctl, [clingo.Function("conflict")], limits)
    progress(f"conflict: {status}")
    entry: dict[str, Any] = {
        "name": "conflict",
        "status": status,
        "witnesses": [_witness(statute_id, "conflict", atoms, witness_dir, proven)] if atoms else [],
    }
    if atoms:
        entry.update(conflict_profile(ctl, statute, pinned, limits))
    analyses.append(entry)
    return analyses


def _witness(
    statute_id: str, name: str, atoms, witness_dir: Path | None, proven: bool, stem: str | None = None
) -> dict:
    """A witness of analysis ``name``: its case, titled, and written to ``witness_dir`` if given;
    ``optimal``: proven smallest (false where the effort ran out after it was found)."""
    case = witness_case(statute_id, atoms)
    case["title"] = f"{statute_id} check, {TITLES.get(name, name)}: {summary(case)}"
    entry = {"summary": summary(case), "case": case, "file": None, "optimal": proven}
    if witness_dir is not None:
        entry["file"] = write_witness(case, witness_dir, f"{statute_id}-{(stem or name).replace('/', '_')}.yaml")
    return entry


def _dead_norms(
    ctl: clingo.Control, statute, statute_id: str, norms: list[str] | None, limits: Limits, say, started: float
) -> dict:
    """The norms no case of the universe uses (dead), and those clingo could not decide within the effort."""
    dead: list[str] = []
    used: list[str] = []
    unknown: list[str] = []
    for norm in norms if norms is not None else list(statute.norms):
        status, atoms, _ = optimal(ctl, clingo.Function("used", [clingo.String(norm)]), limits)
        (used if atoms else dead if status == "none_found" else unknown).append(norm)
    say(f"{statute_id}: dead_norm: {len(dead)} dead, {len(unknown)} undecided ({time.monotonic() - started:.1f} s)")
    return {
        "name": "dead_norm",
        "status": "found" if dead else ("unknown" if unknown else "none_found"),
        "dead_norms": dead,
        "undecided_norms": unknown,
        "norms_used": len(used),
        "witnesses": [],
    }

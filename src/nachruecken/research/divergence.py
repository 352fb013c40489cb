"""The reading divergence: for each reading of a statute and each of its other values, a minimal case
of the single-vacancy universe that it decides otherwise than the default (a diff of the statute with
itself under the two values). Readings the universe cannot pose are marked ``not_asked``: whole terms
ask them (``research/term_findings.py`` completes the divergence from what ``research/term_check.py`` finds).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import clingo

from nachruecken.law.statutes import encodings_dir, load_statute, statute_files
from nachruecken.research.diff import Spec, run_diff, variant_control
from nachruecken.research.universe import TERMS_ONLY_READINGS, Bounds, Limits, exists
from nachruecken.research.witness import summary


def reading_divergence(statute_id: str, bounds: Bounds, witness_dir: Path | None, limits: Limits = Limits()) -> dict:
    """For each reading and each alternative value: a minimal case where it decides otherwise
    than the default (the other readings at their defaults)."""
    statute = load_statute(statute_id)
    root = encodings_dir()
    program = "\n".join(
        p.read_text(encoding="utf-8") for p in list(statute_files(statute_id)) + sorted((root / "core").glob("*.lp"))
    )
    results = []
    for rid, reading in statute.readings.items():
        for value in reading.values[1:]:
            if rid in TERMS_ONLY_READINGS:
                results.append(_not_asked(rid, reading.default, value, TERMS_ONLY_READINGS[rid]))
            elif f'"{rid}"' not in program:
                # read by the ledger (Python), not by any rule: the single-vacancy universe, which
                # stands in for the ledger, cannot show it (whole terms are asked)
                note = "read by the ledger, not by the encoding: asked over whole terms"
                results.append(_not_asked(rid, reading.default, value, note))
            else:
                args = (bounds, witness_dir, limits)
                results.append(_divergence(statute_id, rid, reading.default, value, *args))
    found = [r for r in results if r["status"] == "found"]
    return {
        "name": "reading_divergence",
        "status": "found" if found else ("unknown" if any(r["status"] == "unknown" for r in results) else "none_found"),
        "readings": results,
        "witnesses": [w for r in results for w in r["witnesses"]],
    }


def _not_asked(rid: str, default: str, value: str, note: str) -> dict:
    return {
        "reading": rid,
        "default": default,
        "alternative": value,
        "status": "not_asked",
        "witnesses": [],
        "note": note,
    }


def _divergence(
    statute_id: str,
    rid: str,
    default: str,
    value: str,
    bounds: Bounds,
    witness_dir: Path | None,
    limits: Limits,
) -> dict:
    """Whether one alternative value decides a single vacancy otherwise than the default, with its witness."""
    entry: dict[str, Any] = {"reading": rid, "default": default, "alternative": value}
    if _proven_alike(statute_id, rid, value, bounds, limits):
        return {**entry, "status": "none_found", "witnesses": []}
    report = run_diff(
        Spec(statute_id, ((rid, default),)),
        Spec(statute_id, ((rid, value),)),
        bounds,
        witness_dir,
        limits,
        max_kinds=1,
        name=f"{statute_id}-reading-{rid}-{value}",
        survey=False,
    )
    entry.update(status=report["status"], witnesses=[])
    for d in report["differences"]:
        entry["witnesses"].append(
            {
                "file": d["file"],
                "case": d["case"],
                "optimal": d["optimal"],
                "summary": summary(d["case"])
                + f"; under {rid}={value}: {d['b']['outcome']}"
                + (f" ({d['b']['successor']})" if d["b"]["successor"] else ""),
            }
        )
    return entry


def _proven_alike(statute_id: str, rid: str, value: str, bounds: Bounds, limits: Limits) -> bool:
    """Whether no case of the universe is decided otherwise under the value, proven over one copy of
    the text and a variant of only the rules the reading reaches (``diff.variant_control``): a far
    smaller proof than over two whole copies where the reading reaches few rules (Bayern's core.unnotified:
    126 s to 1 s). Where a case exists, or
    the proof runs out of effort, the whole diff is asked as before (its smallest witness, its answer)."""
    ctl = variant_control(Spec(statute_id), bounds, [(rid, value)])
    return exists(ctl, [(clingo.Function("v0_differs"), True)], limits) == "none_found"

"""Gaps and conflicts of one statute, each gap with its cause, and how each depends on the readings.

A gap is a vacancy the encoding leaves undetermined (or without any outcome). Its cause comes from
the encoding (core/output.lp ``gap_cause/2``): ``statute_silent`` (the text decides nothing: a reading
valued `undetermined`), ``not_encoded`` (outside the encoding's scope, named in the catalogue's
``out_of_scope``), ``input_missing`` (the case lacks a fact the statute needs) or ``input_invalid``
(the case contradicts what the election law presumes); a gap the encoding gives no cause for is
``unexplained``. Every cause and every scope within it gets a witness of its own, so that one gap
never hides another.

How a finding depends on the readings is asked over all the universe's cases, not of one witness:
for every reading and each value other than the chosen one (the others at their chosen values),
whether a case with the same finding exists. A gap under the chosen readings ``vanishes_under`` the
values where none does; a gap only under other readings ``appears_under`` the values where one does.
"""

from __future__ import annotations

import time
from typing import Any

import clingo

from nachruecken.research.universe import Limits, exists, optimal

CAUSES = ("statute_silent", "not_encoded", "input_missing", "input_invalid", "unexplained")
F, S = clingo.Function, clingo.String


def gap_analyses(ctl: clingo.Control, statute, pinned: dict, witness, limits: Limits, say) -> list[dict]:
    """The analyses gap (under the chosen readings) and gap_other_readings (a gap that needs another
    value of some reading), one witness per cause and scope. ``witness(name, atoms, proven, stem)``
    makes a witness entry."""
    found: list[tuple[str, str | None]] = []  # (cause, scope) met so far: the later questions skip them
    analyses = []
    for name, base in (("gap", [F("gap"), F("chosen_only")]), ("gap_other_readings", [F("gap")])):
        rows, witnesses = [], []
        for cause in CAUSES:
            for row, entry in _cause_rows(ctl, name, base, cause, found, witness, limits):
                if entry is not None:
                    entry.update(cause=row["cause"], scope=row["scope"])
                    if name == "gap_other_readings":
                        entry["needs_readings"] = needs_readings(statute, pinned, entry.pop("_atoms"))
                    else:
                        entry.pop("_atoms")
                    row.update(_profile_of_gap(ctl, statute, pinned, name, row, limits))
                    witnesses.append(entry)
                rows.append(row)
        analyses.append(_analysis(name, rows, witnesses))
        say(f"{name}: {analyses[-1]['status']}")
    return analyses


def _cause_rows(ctl, name: str, base: list, cause: str, found: list, witness, limits: Limits):
    """(row, witness entry or None) for each scope of ``cause`` not met before, then the closing row
    (none_found, or unknown: the effort ran out) when no scope was found or the last question stopped."""
    rows = 0
    while not (cause == "unexplained" and ("unexplained", None) in found):
        # a witness shows a cause and scope not met before, and none of those met before
        skip = [(F("gap_cause", [F(c), S(s)]), False) for c, s in found if s is not None]
        answer = optimal(ctl, base + [F("gap_of", [F(cause)])] + skip, limits)
        if answer.atoms is None:
            if rows == 0 or answer.status == "unknown":
                yield {"cause": cause, "scope": None, "status": answer.status}, None
            return
        scopes = sorted(
            a.arguments[1].string for a in answer.atoms if a.name == "gap_cause" and a.arguments[0].name == cause
        )
        scope = scopes[0] if scopes else None
        found.append((cause, scope))
        rows += 1
        stem = f"{name}-{cause}" + (f"-{scope}" if scope else "")
        entry = witness(name, answer.atoms, answer.optimal, stem)
        entry["_atoms"] = answer.atoms
        yield {"cause": cause, "scope": scope, "status": "found"}, entry
        if scope is None:
            return


def _analysis(name: str, rows: list[dict], witnesses: list[dict]) -> dict:
    statuses = {r["status"] for r in rows}
    status = "found" if "found" in statuses else ("unknown" if "unknown" in statuses else "none_found")
    entry: dict[str, Any] = {"name": name, "status": status, "causes": rows, "witnesses": witnesses}
    if name == "gap_other_readings":
        entry["note"] = "causes and scopes already met under the chosen readings are not asked again"
        if witnesses:
            entry["needs_readings"] = witnesses[0]["needs_readings"]  # the first witness's, as before 0.9
    return entry


def _profile_of_gap(ctl, statute, pinned: dict, name: str, row: dict, limits: Limits) -> dict:
    """For a found cause and scope: the reading values under which no such gap exists (a gap under the
    chosen readings) or under which one does (a gap only under other readings)."""
    assumed = [F("gap"), F("gap_of", [F(row["cause"])])]
    if row["scope"] is not None:
        assumed.append(F("gap_cause", [F(row["cause"]), S(row["scope"])]))
    profile = reading_profile(ctl, statute, pinned, assumed, limits)
    return _said(profile, "vanishes_under" if name == "gap" else "appears_under")


def conflict_profile(ctl, statute, pinned: dict, limits: Limits) -> dict:
    """For a conflict found: whether one exists under the chosen readings, and under which values it
    vanishes (each reading varied alone)."""
    chosen = exists(ctl, [F("conflict"), *_at_chosen(statute, pinned, skip=None)], limits)
    return {
        "under_chosen": chosen,
        **_said(reading_profile(ctl, statute, pinned, [F("conflict")], limits), "vanishes_under"),
    }


def _said(profile: dict[str, str], key: str) -> dict:
    wanted = "none_found" if key == "vanishes_under" else "found"
    out: dict[str, Any] = {key: [rv for rv, status in profile.items() if status == wanted]}
    undecided = [rv for rv, status in profile.items() if status == "unknown"]
    if undecided:
        out["undecided_under"] = undecided
    return out


def reading_profile(ctl, statute, pinned: dict, assumed: list, limits: Limits) -> dict[str, str]:
    """``"reading=value"`` -> whether a case exists under ``assumed`` with that reading at that value and
    every other at its chosen one; for each unpinned reading and each value other than the chosen."""
    profile = {}
    for rid, reading in statute.readings.items():
        if rid in pinned:
            continue
        chosen = reading.default
        for value in reading.values:
            if value == chosen:
                continue
            at = [(F("reading", [S(rid), clingo.parse_term(value)]), True), *_at_chosen(statute, pinned, skip=rid)]
            profile[f"{rid}={value}"] = exists(ctl, assumed + at, limits)
    return profile


def _at_chosen(statute, pinned: dict, skip: str | None) -> list[tuple[clingo.Symbol, bool]]:
    """Every reading but ``skip`` at its chosen value (pinned, else the default), as assumptions."""
    return [
        (F("reading", [S(rid), clingo.parse_term(pinned.get(rid, r.default))]), True)
        for rid, r in statute.readings.items()
        if rid != skip
    ]


def needs_readings(statute, pinned: dict, atoms) -> dict:
    """The readings a gap under other readings takes at values other than the chosen ones."""
    chosen = {rid: (pinned.get(rid) or r.default) for rid, r in statute.readings.items()}
    return {
        rid.string: str(v)
        for rid, v in (a.arguments for a in atoms if a.name == "reading")
        if chosen.get(rid.string) != str(v)
    }


def timed(say, statute_id: str, started: float):
    """``say`` with the statute and the seconds since ``started`` (the progress lines of `check`)."""
    return lambda line: say(f"{statute_id}: {line} ({time.monotonic() - started:.1f} s)")

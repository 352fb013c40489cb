"""`nachruecken compare`: one case under every encoded state, and where its structure does not fit.

A case is written for one state's election system. Decided under another state's statute, parts of
it may mean nothing there (an NRW Ersatzbewerber designation in Hessen) or be missing (the seat
type of a Hamburg Bezirksliste seat); the comparison says so next to the outcome instead of
speaking confidently of a case built for another system.
"""

from __future__ import annotations

from nachruecken.case.model import Case
from nachruecken.law.statutes import STATE_OF, VERSIONS, load_statute, reading_state


def fit_notes(case: Case, state: str) -> list[str]:
    """Where the case's structure does not fit the election system of ``state``."""
    notes = []
    own = STATE_OF[VERSIONS[case.statute][0]] if case.statute in VERSIONS else STATE_OF[case.statute]
    name = load_statute(VERSIONS[state][0]).state["en"]
    if own != state:
        notes.append(f"the case is written for {load_statute(VERSIONS[own][0]).state['en']}'s election system")
    candidates = [(n, c) for n in case.nominations for c in n.candidates]
    if state != "nw" and any(c.substitute_for for _, c in candidates):
        notes.append(f"its Ersatzbewerber designations (NRW § 16 Abs. 2) mean nothing in {name}")
    if state != "he" and any(n.substitute_list for n in case.nominations):
        notes.append(f"its Ersatzlisten (Hessen § 34 Abs. 1 Satz 3, old text) mean nothing in {name}")
    if state == "hh" and any(n.tier == "list" and c.elected and not c.seat for n, c in candidates):
        notes.append(
            "Hamburg needs the seat type of each Bezirksliste seat (seat: list|personal), which the case does not give"
        )
    if state != "mv" and case.body_kind == "landtag":
        notes.append(f"a Landtag case; the {name} statute governs municipal bodies")
    return notes


def check_readings(readings: dict[str, str]) -> None:
    """Each reading must be one of its own state's (or a core one) with a value that state knows."""
    from nachruecken.errors import InputError

    for rid, value in readings.items():
        state = reading_state(rid)
        if state not in VERSIONS and state != "core":
            raise InputError(f"'{rid}' names no state's reading", f"--reading.{rid}")
        for sid in VERSIONS.get(state, ()):
            load_statute(sid).resolve_readings({rid: value}, source="--reading", ignored=set())


def compare_case(case: Case, readings: dict[str, str], lang: str) -> list[dict]:
    """One row per determination per state: outcome, successor, deciding norm, warnings, fit."""
    from nachruecken.engine.determine import determine_case

    rows = []
    for code in VERSIONS:  # each state's law in force on the vacancy's date
        mine = {rid: v for rid, v in readings.items() if reading_state(rid) in (code, "core")}
        result = determine_case(case, code, mine or None, lang)
        fit = fit_notes(case, code)
        for det in result["determinations"]:
            ground = det["outcome_ground"] or {}
            rows.append(
                {
                    "state": code,
                    "statute": det["statute"],
                    "vacancy": det["vacancy"],
                    "outcome": det["outcome"],
                    "successor": det["successor"],
                    "deciding_norm": ground.get("norm"),
                    "citation": ground.get("citation"),
                    "why": ground.get("explanation", ""),
                    "warnings": result["warnings"],
                    "fit": fit,
                }
            )
        if not result["determinations"]:
            rows.append(
                {
                    "state": code,
                    "statute": code,
                    "vacancy": None,
                    "outcome": None,
                    "successor": None,
                    "deciding_norm": None,
                    "citation": None,
                    "why": "",
                    "warnings": result["warnings"],
                    "fit": fit,
                }
            )
    return rows

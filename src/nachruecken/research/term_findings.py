"""What whole terms add to a check's report (``research/term_check.py`` examines them): the term
analyses (gap, conflict, independence, no reach-back) with their witnesses, and the dead norms and the
reading divergence found over single vacancies, completed by what the terms show.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

TERM_ANALYSES = ("term_gap", "term_conflict", "independence", "no_reach_back")
TERM_TITLES = {
    "term_gap": "the seat of {seat} has no outcome or is left undetermined",
    "term_conflict": "a seat gets two outcomes or two successors",
    "independence": "an unrelated vacancy on {day} changes the determination of the seat of {seat}",
    "no_reach_back": "events after the procedure for the seat of {seat} ended on {ended} change it",
}


def term_analyses(
    statute_id: str,
    analyses: list,
    pinned: dict,
    vacancies: int,
    jobs: int,
    witness_dir: Path | None,
    time_limit: float,
    with_readings: bool,
) -> dict:
    """Whole terms (src/nachruecken/research/term_check.py): their gap, conflict, independence and
    no_reach_back analyses are added to ``analyses``; the dead norms and the reading divergence
    found over single vacancies are completed by what the terms show."""
    from nachruecken.research.term_check import run_terms

    divergence = next((a for a in analyses if a["name"] == "reading_divergence"), None)
    # readings that changed nothing within one vacancy are asked again over terms
    # (not core.version_date: a term is decided under the one text named, so it has no text to choose)
    ask = [
        (r["reading"], r["alternative"])
        for r in (divergence or {}).get("readings", [])
        if r["status"] != "found" and r["reading"] not in pinned and r["reading"] != "core.version_date"
    ]
    terms = run_terms(statute_id, pinned, ask if with_readings else [], vacancies, jobs, time_limit)
    status_if_none = "none_found"  # every term of the universe was examined (else the run failed)
    for name in TERM_ANALYSES:
        analyses.append(_term_analysis(statute_id, name, terms["found"].get(name), status_if_none, pinned, witness_dir))
    _complete_dead_norms(next(a for a in analyses if a["name"] == "dead_norm"), terms)
    if divergence is not None:
        _complete_divergence(divergence, ask, terms, status_if_none, statute_id, pinned, witness_dir)
    return {"terms": terms["examined"], "term_universe": terms["universe"]}


def _term_analysis(
    statute_id: str, name: str, w: dict | None, status_if_none: str, pinned: dict, witness_dir: Path | None
) -> dict:
    """One term analysis: its status, and its witness ``w`` (if any) written and said in prose."""
    from nachruecken.research.term_check import witness_files

    entry: dict[str, Any] = {"name": name, "status": "found" if w else status_if_none, "witnesses": []}
    if w:
        what = TERM_TITLES[name].format(seat=w.get("vacancy"), day=w.get("unrelated_day"), ended=w.get("ended"))
        if w.get("changed"):
            what += (
                " (" + "; ".join(f"{field}: {_short(a)} -> {_short(b)}" for field, (a, b) in w["changed"].items()) + ")"
            )
        if w.get("readings"):
            what += " under " + ", ".join(f"{k}={v}" for k, v in w["readings"].items())
        entry["witnesses"].append(
            witness_files(statute_id, name, w, pinned, witness_dir, f"{w['shape'].describe()}: {what}")
        )
        if w.get("message"):
            entry["message"] = w["message"]
    return entry


def _complete_dead_norms(dead: dict, terms: dict) -> None:
    """A norm no single vacancy uses but a term does is not dead."""
    revived = [n for n in dead["dead_norms"] if n in terms["norms"]]
    dead["dead_norms"] = [n for n in dead["dead_norms"] if n not in revived]
    dead["used_only_in_terms"] = revived
    dead["status"] = "found" if dead["dead_norms"] else ("unknown" if dead["undecided_norms"] else "none_found")


def _complete_divergence(
    divergence: dict,
    ask: list,
    terms: dict,
    status_if_none: str,
    statute_id: str,
    pinned: dict,
    witness_dir: Path | None,
) -> None:
    """The readings asked again over terms get what the terms showed, with their witnesses."""
    from nachruecken.research.term_check import witness_files

    for r in divergence["readings"]:
        if (r["reading"], r["alternative"]) not in ask:
            continue
        w = terms["alternatives"].get((r["reading"], r["alternative"]))
        r["terms"] = "found" if w else status_if_none
        if w:
            r["status"] = "found"
            said = lambda d: f"{d[0]} ({d[1]})" if d and d[1] else (d[0] if d else "no determination")
            r["witnesses"].append(
                witness_files(
                    statute_id,
                    f"term-reading-{r['reading']}-{r['alternative']}",
                    w,
                    pinned,
                    witness_dir,
                    f"{w['shape'].describe()}: the seat of {w['vacancy']}: {said(w['default'])}; under "
                    f"{r['reading']}={r['alternative']}: {said(w['alternative'])}",
                )
            )
    divergence["witnesses"] = [w for r in divergence["readings"] for w in r["witnesses"]]
    found = any(r["status"] == "found" for r in divergence["readings"])
    divergence["status"] = (
        "found"
        if found
        else (
            "unknown"
            if any("unknown" in (r["status"], r.get("terms")) for r in divergence["readings"])
            else "none_found"
        )
    )


def _short(value) -> str:
    text = str(value)
    return text if len(text) <= 120 else text[:117] + "..."

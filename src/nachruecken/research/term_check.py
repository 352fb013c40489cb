"""Analyses over whole terms: what the single-vacancy universe cannot pose.

Every term of the term universe (src/nachruecken/research/terms.py) is decided through ``determine_case``,
the ledger `nachruecken solve` uses, and examined for:

- ``term_gap``: a determination with no outcome or the outcome ``undetermined`` (chosen readings);
- ``term_conflict``: the statute gives a seat two outcomes or two successors (an encoding fault
  ``solve`` refuses), in a term or in any variant of it below, under the chosen readings or under a
  reading value asked over terms;
- ``independence``: a vacancy of an unrelated list (a third group, no person shared), on the day of
  the first vacancy, changes another seat's determination;
- ``no_reach_back``: events after a procedure ended change its determination: each ended procedure
  is decided again from the events up to its end, and once more with events of every person after
  the term (left the group, lost eligibility, an acceptance with a reservation, a refusal, a waiver);
- the norms the terms use (so the dead-norm analysis counts only norms no universe uses);
- ``term_reading_divergence``: readings that changed no outcome within one vacancy, asked again over
  terms (does another value give any seat another outcome or successor?).

The enumeration is complete within its bounds, so "none found" is a proof within them. Terms are
examined on ``jobs`` processes; each finds the first term (in the universe's order, single vacancies
first) with each property, and the first over all processes is the witness, whatever the split.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from nachruecken.research.terms import TermShape, build_term, first_day, shapes, unrelated_list

TERM_ANALYSES = ("term_gap", "term_conflict", "independence", "no_reach_back")
LATE_TYPES = ("left_group", "lost_eligibility", "reserved", "refused", "waived")


def _decide(data: dict, readings: dict | None) -> dict:
    from nachruecken.case.loader import build_case
    from nachruecken.engine.determine import determine_case

    # (the warnings are not compared: no second replay for the file-order warning)
    return determine_case(
        build_case(copy.deepcopy(data), "<term>"), None, dict(readings or {}), file_order_warnings=False
    )


def view(det: dict) -> tuple:
    """What a determination decides and why, and the membership it gives (the same ``as_of``)."""
    return (
        det["vacancy"],
        det["date"],
        det["trigger"],
        det["outcome"],
        det["successor"],
        tuple((c["person"], c["status"], tuple(c.get("reasons", ())), c["norm"]) for c in det["candidates"]),
        tuple(g["norm"] for g in det["grounds"]),
        tuple((c["person"], c["from"], c["ended"], c["how"]) for c in det["calls"]),
        json.dumps(det.get("membership"), sort_keys=True),
        tuple(n["code"] for n in det.get("notes", ())),
    )


def _decided(result: dict) -> dict:
    return {(d["vacancy"], d["date"]): (d["outcome"], d["successor"]) for d in result["determinations"]}


def ended_on(det: dict) -> dt.date | None:
    """The day a procedure ended: membership began, or the seat was left empty, referred or given
    to an election; None while it is open (a call pending, a lot not drawn)."""
    if det["outcome"] in ("lot", "undetermined", None):
        return None  # a lot to draw, or nothing decided: the procedure is open
    if det["outcome"] == "successor":
        member_from = (det.get("membership") or {}).get("member_from")
        return dt.date.fromisoformat(member_from) if member_from else None
    days = [det["date"]] + [c["ended"] for c in det["calls"] if c["ended"]]
    return dt.date.fromisoformat(max(days))


def _norms(node, out: set) -> None:
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "norm" and isinstance(v, str):
                out.add(v)
            else:
                _norms(v, out)
    elif isinstance(node, list):
        for v in node:
            _norms(v, out)


def _late_events(data: dict) -> list[dict]:
    """Events of every living person ten days before ``as_of``, when every period of the term has
    ended (what a procedure still open then does with them is not compared)."""
    day = dt.date.fromisoformat(data["as_of"]) - dt.timedelta(days=10)
    dead = {e["person"] for e in data["events"] if e["type"] == "died"}
    persons = sorted({c["id"] for n in data["nominations"] for c in n["candidates"]} - dead)
    out = []
    for p in persons:
        for kind in LATE_TYPES:
            ev = {"date": day.isoformat(), "person": p, "type": "accepted" if kind == "reserved" else kind}
            if kind == "reserved":
                ev["reservation"] = True
            out.append(ev)
    return out


def _examine(args) -> dict:
    """One worker's share: the shapes at ``indices``; the first witness of each property found."""
    from nachruecken.engine import solver

    kept, solver.MEMO = solver.MEMO, {}  # the variants of a term share most of their walks
    try:
        return _examine_shapes(*args)
    finally:
        solver.MEMO = kept


@dataclass
class _Findings:
    """What one worker found so far: the first witness of each property, the norms the terms use,
    the first term where each reading value asked changes a seat, and how many terms it examined."""

    found: dict = field(default_factory=dict)
    norms: set = field(default_factory=set)
    alternatives: dict = field(default_factory=dict)
    examined: int = 0

    def report(self) -> dict:
        return {
            "found": self.found,
            "norms": sorted(self.norms),
            "alternatives": self.alternatives,
            "examined": self.examined,
        }


def _examine_shapes(statute, indices, pinned, alternatives, deadline) -> dict:
    """The terms of the shapes at ``indices``, in order: what they show. Past ``deadline`` (a safety net)
    the run fails: a term universe is examined whole or not at all."""
    from nachruecken.engine.solver import EncodingError
    from nachruecken.research.universe import LimitExceeded

    all_shapes = ordered_shapes()
    findings = _Findings()
    found = findings.found

    def decide(d: dict) -> dict:
        try:
            return _decide(d, pinned)
        except EncodingError as exc:
            exc.case = d  # the witness is the case that failed (a term, or a variant of it)
            raise

    for i in indices:
        if time.monotonic() > deadline:
            raise LimitExceeded(
                f"{statute}: the whole terms took longer than the term time limit (a safety net); "
                "raise --term-time-limit or lower --vacancies"
            )
        shape = all_shapes[i]
        try:
            data = build_term(statute, shape, decide)
        except EncodingError as exc:  # deciding a part of the term failed
            found.setdefault(
                "term_conflict", {"index": i, "case": getattr(exc, "case", None), "shape": shape, "message": str(exc)}
            )
            continue
        if data is None:
            continue
        findings.examined += 1
        _examine_term(statute, i, shape, data, decide, pinned, alternatives, findings)
    return findings.report()


def _examine_term(
    statute, i: int, shape: TermShape, data: dict, decide, pinned, alternatives, findings: _Findings
) -> None:
    """One term: its own determinations (a gap, the norms used), its variants (independence, no
    reach-back) and the reading values asked over terms. A failure to decide any is a conflict."""
    from nachruecken.engine.solver import EncodingError

    found = findings.found
    try:
        result = decide(data)
    except EncodingError as exc:
        found.setdefault("term_conflict", {"index": i, "case": data, "shape": shape, "message": str(exc)})
        return
    _norms(result["determinations"], findings.norms)
    if "term_gap" not in found:
        for det in result["determinations"]:
            if det["outcome"] in (None, "undetermined"):
                found["term_gap"] = {"index": i, "case": data, "shape": shape, "vacancy": det["vacancy"]}
                break
    # every variant is decided even once its property has a witness: a conflict may show in any
    for name, variant in (("independence", _independence), ("no_reach_back", _no_reach_back)):
        try:
            witness = variant(statute, data, result, decide)
        except EncodingError as exc:  # a variant of the term (an unrelated vacancy, more events) fails
            found.setdefault(
                "term_conflict", {"index": i, "case": getattr(exc, "case", data), "shape": shape, "message": str(exc)}
            )
            continue
        if witness and name not in found:
            found[name] = {"index": i, "shape": shape, **witness}
    _examine_alternatives(i, shape, data, _decided(result), pinned, alternatives, findings)


def _examine_alternatives(
    i: int, shape: TermShape, data: dict, base: dict, pinned, alternatives, findings: _Findings
) -> None:
    """Each reading value asked over terms: the first seat it decides otherwise than ``base``."""
    from nachruecken.engine.solver import EncodingError

    for rid, value in alternatives:
        try:
            other = _decided(_decide(data, {**pinned, rid: value}))
        except EncodingError as exc:
            findings.found.setdefault(
                "term_conflict",
                {"index": i, "case": data, "shape": shape, "message": str(exc), "readings": {rid: value}},
            )
            continue
        if other != base and (rid, value) not in findings.alternatives:
            seat = next(v for v in sorted(set(base) | set(other)) if base.get(v) != other.get(v))
            findings.alternatives[(rid, value)] = {
                "index": i,
                "case": data,
                "shape": shape,
                "vacancy": seat[0],
                "default": base.get(seat),
                "alternative": other.get(seat),
            }


VIEW_FIELDS = (
    "vacancy",
    "date",
    "trigger",
    "outcome",
    "successor",
    "candidates",
    "grounds",
    "calls",
    "membership",
    "notes",
)


def _changed(before: tuple, after: tuple | None) -> dict:
    """What differs between two views of one determination, by field."""
    if after is None:
        return {"determination": ["present", "absent"]}
    return {f: [a, b] for f, a, b in zip(VIEW_FIELDS, before, after) if a != b}


def _independence(statute: str, data: dict, result: dict, decide) -> dict | None:
    """A vacancy of an unrelated list on the first vacancy's day (the walks of one date see every
    event of that date, so the same day is where another list could reach in)."""
    mine = {(d["vacancy"], d["date"]): view(d) for d in result["determinations"]}
    day = first_day(statute)
    more = {
        **data,
        "nominations": data["nominations"] + [unrelated_list(statute)],
        "events": sorted(
            data["events"] + [{"date": day.isoformat(), "person": "z1", "type": "died"}], key=lambda e: e["date"]
        ),
    }
    theirs = {(d["vacancy"], d["date"]): view(d) for d in decide(more)["determinations"] if d["vacancy"] != "z1"}
    for key in sorted(set(mine) | set(theirs)):
        if mine.get(key) != theirs.get(key):
            return {
                "case": data,
                "with": more,
                "vacancy": key[0],
                "unrelated_day": day.isoformat(),
                "changed": _changed(mine[key], theirs.get(key))
                if key in mine
                else {"determination": ["absent", "present"]},
            }
    return None


def _no_reach_back(statute: str, data: dict, result: dict, decide) -> dict | None:
    """Each ended procedure decided again from the events up to its end; and every determination
    that had ended decided again with events of every living person after the term."""
    last = max(e["date"] for e in data["events"])
    for det in result["determinations"]:
        end = ended_on(det)
        if end is None or end.isoformat() >= last:
            continue
        cut = {**data, "events": [e for e in data["events"] if e["date"] <= end.isoformat()]}
        again = next(
            (d for d in decide(cut)["determinations"] if (d["vacancy"], d["date"]) == (det["vacancy"], det["date"])),
            None,
        )
        if again is None or view(again) != view(det):
            return {
                "case": cut,
                "with": data,
                "vacancy": det["vacancy"],
                "ended": end.isoformat(),
                "changed": _changed(view(again), view(det)) if again else {"determination": ["absent", "present"]},
            }
    late = {**data, "events": data["events"] + _late_events(data)}
    # (a person may vacate a seat twice: once his own, once one he was called to later)
    after = {(d["vacancy"], d["date"]): view(d) for d in decide(late)["determinations"]}
    for det in result["determinations"]:
        ended = ended_on(det)
        if ended is not None and after.get((det["vacancy"], det["date"])) != view(det):
            return {
                "case": data,
                "with": late,
                "vacancy": det["vacancy"],
                "ended": ended.isoformat(),
                "changed": _changed(view(det), after.get((det["vacancy"], det["date"]))),
            }
    return None


def ordered_shapes(vacancies: int = 2) -> list[TermShape]:
    """The universe in the order witnesses are sought: single vacancies first."""
    return sorted(shapes(vacancies), key=lambda s: s.second is not None)


def run_terms(
    statute: str,
    pinned: dict[str, str],
    alternatives: list[tuple[str, str]],
    vacancies: int = 2,
    jobs: int = 2,
    time_limit: float = 120.0,
) -> dict:
    """Examine every term of ``statute``'s universe; ``alternatives`` are the (reading, value)
    pairs to ask over terms. Returns the first witness of each property, the norms used, the
    readings that diverge, and how many terms were examined (all of them: past ``time_limit`` seconds,
    a safety net, the run fails)."""
    universe = ordered_shapes(vacancies)
    deadline = time.monotonic() + time_limit
    chunks = [list(range(k, len(universe), jobs)) for k in range(jobs)]
    args = [(statute, c, pinned, alternatives, deadline) for c in chunks if c]
    if jobs > 1:
        import gc
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        ctx = multiprocessing.get_context("fork")
        gc.collect()  # (the checks before may leave large clingo controls in cycles)
        gc.freeze()  # the workers' collector leaves the parent's objects alone (no copies, no walks)
        try:
            with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
                parts = list(pool.map(_examine, args))
        finally:
            gc.unfreeze()
    else:
        parts = [_examine(a) for a in args]
    found: dict = {}
    alt: dict = {}
    for part in parts:
        for name, w in part["found"].items():
            if name not in found or w["index"] < found[name]["index"]:
                found[name] = w
        for key, w in part["alternatives"].items():
            if key not in alt or w["index"] < alt[key]["index"]:
                alt[key] = w
    return {
        "found": found,
        "alternatives": alt,
        "norms": sorted({n for p in parts for n in p["norms"]}),
        "examined": sum(p["examined"] for p in parts),
        "universe": len(universe),
    }


def _expected(result_or_none: dict | None) -> dict:
    from nachruecken.engine.expectations import keyed

    out: dict = {}
    for key, det in keyed((result_or_none or {}).get("determinations", [])):
        out[key] = {"outcome": det["outcome"], **({"successor": det["successor"]} if det["successor"] else {})}
    return out


def witness_files(statute: str, name: str, witness: dict, pinned: dict, witness_dir: Path | None, title: str) -> dict:
    """A term witness as case files with expected blocks (the case; for independence and
    no_reach_back also the case ``with`` the unrelated vacancy or the later events)."""
    import yaml

    entry = {"summary": title, "term": witness["shape"].describe(), "file": None}
    cases = [("", witness.get("case"))] + ([("-with", witness["with"])] if witness.get("with") else [])
    for suffix, data in cases:
        if data is None:
            continue
        case = {
            "statute": statute,
            "title": f"{statute} term check, {name}{suffix.replace('-', ' ')}: {title}",
            **{k: v for k, v in data.items() if k != "statute"},
        }
        readings = {**pinned, **witness.get("readings", {})}  # a conflict under a reading asked over terms
        if readings:
            case["readings"] = readings
        try:
            case["expected"] = _expected(_decide(data, readings))
        except Exception:  # a conflict: the case is refused, which is the witness
            case.pop("expected", None)
        key = "case" if not suffix else "case_with"
        entry[key] = case
        if witness_dir is not None:
            witness_dir.mkdir(parents=True, exist_ok=True)
            path = witness_dir / f"{statute}-{name}{suffix}.yaml"
            path.write_text(yaml.safe_dump(case, allow_unicode=True, sort_keys=False), encoding="utf-8")
            entry["file" if not suffix else "file_with"] = str(path)
    return entry

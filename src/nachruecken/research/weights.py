"""The weight of each reading: in how many cases of the single-vacancy universe an alternative value
decides otherwise than the default, as a model count (never a sample).

For a statute and each reading value other than the default (the readings the reading divergence asks,
``research/divergence.py``; the others are ``not_asked`` with its note) clingo counts the models of the
diff of the statute with itself (``research/diff.py``: copy A under the default, copy B under the
alternative, one shared universe): ``total`` all of them, ``changed`` those under the assumption
``differ``. Each model is one case of the universe (the encodings decide a case in exactly one way;
tests/test_weights.py checks that the diff's count equals the universe's own), so the total does not
depend on the reading and is counted once per statute.

A count is bounded by effort, never by the clock: it stops at ``limits.conflicts`` conflicts or at
``count_limit`` models, and a count stopped there is a lower bound (``exact: false``). The time limit
(``limits.seconds``) is a safety net: past it the run fails (``LimitExceeded``).
"""

from __future__ import annotations

import time
from dataclasses import asdict
from typing import Any

import clingo

from nachruecken.law.statutes import encodings_dir, load_statute, statute_files
from nachruecken.research.diff import Spec, _diff_control
from nachruecken.research.divergence import TERMS_ONLY_READINGS
from nachruecken.research.universe import COMMON, FEATURES, Bounds, LimitExceeded, Limits, options, vote_order_facts

# The bounds the weights are counted at: the largest at which the universe's total is exact within the
# count limit. Measured on 2 cores, one count at a time, on one thread (he-kwg-34 and mv-lkwg-46; the cases
# of the universe, and the seconds of the diff's count, grounding included):
#   Bounds(1,1,1)  32,400 cases, exact, both statutes (0.7 s; he-kwg-34-2011: 64,800)
#   Bounds(2,1,1)  over 3,000,000 (stopped there: 35 s, he-kwg-34; 33 s, mv-lkwg-46)
#   Bounds(1,2,1)  15,272,280 (he-kwg-34: 110 s; 3,000,000 in 23 s)
#   Bounds(1,2,2), Bounds(2,2,1)  no fewer than (1,2,1) and (2,1,1): the universe only grows with a bound
# Only Bounds(1,1,1) is counted whole under the limit (a whole statute: 5 to 10 s); at Bounds(1,2,1) the
# total alone takes about two minutes, and every share would be unknown under a 15 s count.
COUNT_BOUNDS = Bounds(noms=1, cands=1, max_vote=1)
# Models a count may enumerate before it stops (a lower bound then): the diff gives 85,000 (Bounds(2,1,1))
# to 135,000 (Bounds(1,2,1)) models a second, so one count takes at most 11 to 18 s.
COUNT_LIMIT = 1_500_000


def _counting(ctl: clingo.Control) -> clingo.Control:
    """``ctl`` set to enumerate every model without optimisation (the count is read from the statistics)."""
    ctl.configuration.solve.opt_mode = "ignore"  # type: ignore[union-attr]
    ctl.configuration.solve.models = 0  # type: ignore[union-attr]
    return ctl


def count_models(
    ctl: clingo.Control, assumptions: list[clingo.Symbol], limits: Limits, count_limit: int | None
) -> dict[str, Any]:
    """The number of models of ``ctl`` under ``assumptions``: ``{"count", "exact"}``; stopped at
    ``limits.conflicts`` conflicts or ``count_limit`` models (None: no cap) it is a lower bound."""
    _counting(ctl)
    ctl.configuration.solve.models = count_limit or 0  # type: ignore[union-attr]
    ctl.configuration.solve.solve_limit = str(limits.conflicts)  # type: ignore[union-attr]
    with ctl.solve(assumptions=[(a, True) for a in assumptions], async_=True) as handle:
        if not handle.wait(limits.seconds):
            handle.cancel()
            raise LimitExceeded(
                f"a count took more than {limits.seconds:g} s (the time limit, a safety net); "
                "lower the count limit, the conflict limit or the bounds"
            )
        result = handle.get()
    count = int(ctl.statistics["summary"]["models"]["enumerated"])
    return {"count": count, "exact": bool(result.exhausted)}


def universe_control(statute_id: str, bounds: Bounds) -> clingo.Control:
    """The universe alone, as the diff of ``statute_id`` with itself shares it (universe.lp, core/input.lp,
    core/state.lp, the same check_uses and vote-order facts), with no encoding: the cases themselves."""
    root = encodings_dir()
    parts = [(root / "check" / "universe.lp").read_text(encoding="utf-8")]
    parts += [(root / "core" / name).read_text(encoding="utf-8") for name in ("input.lp", "state.lp")]
    parts.append("\n".join(f"check_uses({f})." for f in sorted(set(COMMON) | set(FEATURES.get(statute_id, ())))))
    parts.append("\n".join(sorted(set(vote_order_facts(statute_id)))))
    ctl = clingo.Control(options(bounds))
    ctl.add("base", [], "\n".join(parts))
    ctl.ground([("base", [])])
    return _counting(ctl)


def diff_control(statute_id: str, bounds: Bounds, reading: tuple[str, str, str] | None = None) -> clingo.Control:
    """The diff of ``statute_id`` with itself: A under the default, B under ``reading``'s
    alternative (``(id, default, alternative)``; None: both at every default), set up for counting."""
    a = Spec(statute_id, ((reading[0], reading[1]),) if reading else ())
    b = Spec(statute_id, ((reading[0], reading[2]),) if reading else ())
    return _counting(_diff_control(a, b, bounds))


def _not_asked_note(statute_id: str) -> dict[str, str]:
    """The readings the reading divergence does not ask over single vacancies, with its note on each."""
    root = encodings_dir()
    program = "\n".join(
        p.read_text(encoding="utf-8") for p in list(statute_files(statute_id)) + sorted((root / "core").glob("*.lp"))
    )
    notes = {}
    for rid in load_statute(statute_id).readings:
        if rid in TERMS_ONLY_READINGS:
            notes[rid] = TERMS_ONLY_READINGS[rid]
        elif f'"{rid}"' not in program:
            notes[rid] = "read by the ledger, not by the encoding: asked over whole terms"
    return notes


def share(changed: dict, total: dict) -> tuple[float | None, float | None]:
    """(share, share_at_least): exact when both counts are; a lower bound when only ``changed`` is
    one and the total is exact; otherwise unknown (None, None)."""
    if not total["exact"] or total["count"] == 0:
        return None, None
    ratio = changed["count"] / total["count"]
    return (ratio, None) if changed["exact"] else (None, ratio)


def _status(changed: dict) -> str:
    if changed["count"] > 0:
        return "found"
    return "none_found" if changed["exact"] else "unknown"


def reading_weight(
    statute_id: str,
    reading: tuple[str, str, str],
    total: dict,
    bounds: Bounds,
    limits: Limits,
    count_limit: int | None,
) -> dict[str, Any]:
    """One reading value's weight: the cases it decides otherwise than the default, among ``total``."""
    rid, default, alternative = reading
    ctl = diff_control(statute_id, bounds, reading)
    changed = count_models(ctl, [clingo.Function("differ")], limits, count_limit)
    exact_share, at_least = share(changed, total)
    return {
        "reading": rid,
        "default": default,
        "alternative": alternative,
        "status": _status(changed),
        "changed": changed,
        "total": total,
        "share": exact_share,
        "share_at_least": at_least,
    }


def reading_weights(
    statute_id: str,
    bounds: Bounds = COUNT_BOUNDS,
    limits: Limits = Limits(),
    count_limit: int | None = COUNT_LIMIT,
) -> dict[str, Any]:
    """The weight of every reading value of ``statute_id`` other than its default (see the module's
    docstring); ``count_limit`` caps each count (None: no cap, only the conflicts stop it)."""
    started = time.monotonic()
    notes = _not_asked_note(statute_id)
    total = count_models(diff_control(statute_id, bounds), [], limits, count_limit)
    results = []
    for rid, reading in load_statute(statute_id).readings.items():
        for value in (v for v in reading.values if v != reading.default):
            if rid in notes:
                results.append(_not_asked(rid, reading.default, value, notes[rid]))
            else:
                results.append(
                    reading_weight(statute_id, (rid, reading.default, value), total, bounds, limits, count_limit)
                )
    return {
        "statute": statute_id,
        "bounds": asdict(bounds),
        "count_limit": count_limit,
        "total": total,
        "readings": results,
        "seconds": round(time.monotonic() - started, 2),
    }


def _not_asked(rid: str, default: str, value: str, note: str) -> dict[str, Any]:
    return {
        "reading": rid,
        "default": default,
        "alternative": value,
        "status": "not_asked",
        "changed": None,
        "total": None,
        "share": None,
        "share_at_least": None,
        "note": note,
    }

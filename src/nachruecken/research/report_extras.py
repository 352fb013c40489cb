"""What a report adds to the checks and diffs: each reading's weight (a model count,
research/weights.py) and how the findings move when the bounds grow one step (research/sensitivity.py),
as tasks for the report's processes and as blocks of its document.

The larger bounds are searched with less effort per question (``SENSITIVITY_CONFLICTS``): a question it
does not settle is `unknown` in the table, never guessed, and the run stays within its time.
"""

from __future__ import annotations

from dataclasses import replace

from nachruecken.research.document import heading, para, table
from nachruecken.research.report_gaps import CAUSE_WORDS

# Effort per question at the larger bounds: at 0.3 ms a conflict about 15 s at most; the default bounds'
# hardest question needs about 57,000 (an NRW 2024 gap proof), so some may end unknown one step larger.
SENSITIVITY_CONFLICTS = 50_000
STEPS = ("noms+1", "cands+1")


def extra_tasks(statutes, diffs, bounds, limits) -> list[tuple]:
    """The weights of each statute, and each check and diff at the settings one step larger."""
    from nachruecken.research.sensitivity import bounds_steps

    small = replace(limits, conflicts=min(limits.conflicts, SENSITIVITY_CONFLICTS))
    steps = [s for s in bounds_steps(bounds, 2) if s.label in STEPS]
    tasks: list[tuple] = [("weights", sid, None, limits, None) for sid in statutes]
    tasks += [("sensitivity_check", sid, step, small, None) for step in steps for sid in statutes]
    # the diffs one nomination larger are left out: measured, each took 12 minutes or more (he-kwg-34
    # against its 2011 text, NRW against 2024), too long for a report
    tasks += [
        ("sensitivity_diff", pair, step, small, None) for step in steps if step.label == "cands+1" for pair in diffs
    ]
    return tasks


def run_extra(task: tuple) -> dict:
    """One task of ``extra_tasks``."""
    from nachruecken.research.sensitivity import check_summary, diff_summary
    from nachruecken.research.weights import reading_weights

    kind, what, step, limits, _ = task
    if kind == "weights":
        return {"task": kind, **reading_weights(what, limits=limits)}
    if kind == "sensitivity_check":
        summary = check_summary(what, step.bounds, 0, limits, with_readings=False, jobs=1)
        return {"task": kind, "step": step.label, "conflicts": limits.conflicts, **summary}
    summary = diff_summary(what[0], what[1], step.bounds, limits)
    return {"task": kind, "step": step.label, "conflicts": limits.conflicts, **summary}


def weights_blocks(weights: list[dict]) -> list[tuple]:
    """A table per statute: each reading value's changed cases, of how many, and the share."""
    if not weights:
        return []
    bounds = weights[0]["bounds"]
    out = [
        heading(2, "Reading weights"),
        para(
            "How much a reading matters, counted: the share of the universe's cases (an election with its "
            "events and one vacancy) that an alternative value decides otherwise than the default, outcome "
            "or successor. clingo counts every case (never a sample), so the universe is small: "
            f"{bounds['noms']} nomination of {bounds['cands']} candidate, votes 0..{bounds['max_vote']} "
            "or none; a count stopped by its effort is a lower bound (marked ≥), a share it leaves open "
            "is unknown. A reading that needs a second candidate to matter weighs nothing here: the weights "
            "rank the readings at this bound, they are not the readings' weight in real councils."
        ),
    ]
    for w in weights:
        rows = [
            [f"`{r['reading']}`", r["alternative"], _count(r["changed"]), _share(r)]
            for r in w["readings"]
            if r["status"] != "not_asked"
        ]
        total = _count(w["total"])
        out.append(para(f"`{w['statute']}`: {total} cases."))
        if rows:
            out.append(table(["reading", "alternative", "cases changed", "share"], rows))
    return out


def _count(c: dict | None) -> str:
    if c is None:
        return "-"
    return f"{c['count']:,}" if c["exact"] else f"≥ {c['count']:,}"


def _share(r: dict) -> str:
    if r["share"] is not None:
        return f"{100 * r['share']:.1f} %"
    if r["share_at_least"] is not None:
        return f"≥ {100 * r['share_at_least']:.1f} %"
    return "unknown"


def sensitivity_blocks(checks: list[dict], diffs: list[dict], steps: list[dict]) -> list[tuple]:
    """The findings at the default bounds and one step larger, side by side."""
    if not steps:
        return []
    conflicts = steps[0]["conflicts"]
    out = [
        heading(2, "How far the bounds reach"),
        para(
            "Each single-vacancy analysis at the default bounds and one step larger (one more nomination; "
            "one more candidate on each), the larger ones with at most "
            f"{conflicts:,} conflicts per question (a question not settled within it is unknown). Gaps are "
            "given with their causes; dead norms are counted over single vacancies (whole terms use some "
            "of them); the seconds of the default include its whole terms. One more vacancy a term is not asked: the term universe holds at most two "
            "vacancies (research/terms.py), so a third would need terms of a new shape."
        ),
    ]
    head = ["statute", "setting", "gap", "gap (other reading)", "conflict", "dead norms", "seconds"]
    rows = []
    for r in checks:
        rows.append([f"`{r['statute']}`", _setting("default", r), *_default_cells(r), f"{r['seconds']:.0f}"])
        for s in (x for x in steps if x["task"] == "sensitivity_check" and x["statute"] == r["statute"]):
            rows.append(["", _setting(s["step"], s), *_step_cells(s), f"{s['seconds']:.0f}"])
    out.append(table(head, rows))
    rows = []
    for d in diffs:
        kinds = _kinds(len(d["differences"]), d["complete"], d["status"])
        rows.append([f"`{d['a']}` / `{d['b']}`", _setting("default", d), kinds])
        for s in (x for x in steps if x["task"] == "sensitivity_diff" and (x["a"], x["b"]) == (d["a"], d["b"])):
            rows.append(["", _setting(s["step"], s), _kinds(s["kinds"], s["complete"], s["status"])])
    if rows:
        out.append(
            para(
                "The diffs one step larger: every kind of difference found within the effort (without "
                "their reading dependence), one more candidate on each nomination; one more nomination is "
                "not run, since each such diff took twelve minutes or more."
            )
        )
        out.append(table(["diff", "setting", "kinds of difference"], rows))
    return out


def _setting(label: str, result: dict) -> str:
    """A setting with its bounds: nominations x candidates (seconds of the default include its terms)."""
    return f"{label} ({result['bounds']['noms']} × {result['bounds']['cands']})"


def _default_cells(r: dict) -> list[str]:
    by = {a["name"]: a for a in r["analyses"]}
    dead = by.get("dead_norm", {})
    count = len(dead.get("dead_norms", [])) + len(dead.get("used_only_in_terms", []))
    conflict = WORDS.get(by["conflict"]["status"], by["conflict"]["status"])
    return [_gap(by.get("gap")), _gap(by.get("gap_other_readings")), conflict, str(count)]


def _step_cells(s: dict) -> list[str]:
    gap = {"status": s["gap"], "causes": s.get("gap_causes", [])}
    other = {"status": s["gap_other_readings"], "causes": s.get("gap_other_causes", [])}
    dead = str(s["dead_norms"]) + (f" ({s['undecided_norms']} undecided)" if s["undecided_norms"] else "")
    return [_gap(gap), _gap(other), WORDS.get(s["conflict"], s["conflict"]), dead]


WORDS = {"found": "found", "none_found": "none found", "unknown": "unknown", "not_asked": "not asked"}


def _gap(a: dict | None) -> str:
    if not a:
        return "-"
    causes = sorted({CAUSE_WORDS[c["cause"]] for c in a.get("causes", []) if c["status"] == "found"})
    return WORDS.get(a["status"], a["status"]) + (f": {', '.join(causes)}" if causes else "")


def _kinds(n: int, complete: bool, status: str) -> str:
    if status == "unknown" and not n:
        return "unknown"
    return f"{n}" + ("" if complete else " (more may exist)")

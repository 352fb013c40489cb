"""`nachruecken report`: every statute's check findings and the statute diffs as one document.

The appendix a researcher publishes: a summary table, per statute the analyses, the readings
that change an outcome, the dead norms, each witness as a short case with the norm that decides
it, the statute diffs, the bounds and the time taken. The document is built as a list of blocks
(heading, paragraph, table, case) and written as Markdown or as HTML from the same blocks.
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import shlex
import time

from nachruecken.law.statutes import STATUTE_IDS, load_statute
from nachruecken.research.document import case_block, heading, para, table, to_html, to_markdown
from nachruecken.research.parallel import ordered_map
from nachruecken.research.report_extras import extra_tasks, run_extra, sensitivity_blocks, weights_blocks
from nachruecken.research.report_gaps import gap_detail, gap_status, gap_table, witness_title

DEFAULT_STATUTES = STATUTE_IDS  # every encoded text, in the registry's order
DEFAULT_DIFFS = (
    ("he-kwg-34", "he-kwg-34-2011"),
    ("nw-kwahlg-45", "nw-kwahlg-45-2024"),
    ("he-kwg-34", "bb-kwahlg-60"),
    ("he-kwg-34-2011", "rp-kwg-45"),
    ("nw-kwahlg-45-2024", "sh-gkwg-44"),
    ("bb-kwahlg-60", "st-kwglsa-47"),
    ("he-kwg-34-2011", "by-glkrwg-37"),
)
STATUS_WORDS = {
    "found": "found",
    "none_found": "none found",
    "unknown": "unknown (effort limit)",
    "not_asked": "not asked",
}
ANALYSIS_TITLES = {
    "gap": "gap under the chosen readings",
    "gap_other_readings": "gap only under another reading",
    "conflict": "conflict (two outcomes or two successors)",
    "dead_norm": "dead norms",
    "reading_divergence": "readings that change an outcome",
    "term_gap": "gap over whole terms",
    "term_conflict": "conflict over whole terms",
    "independence": "independence (an unrelated vacancy changes nothing)",
    "no_reach_back": "no reach-back (later events change nothing)",
}


def short_case(
    case: dict, statute: str, readings: dict | None = None, other: tuple[str, dict] | None = None
) -> list[str]:
    """The election, the events and what the statute decides (with the deciding norm); ``other``
    (statute, readings) adds what another statute or reading decides."""
    lines = []
    for n in case["nominations"]:
        where = f", district {n['district']}" if n.get("tier") == "district" else ""
        people = []
        for c in n["candidates"]:
            bits = [c["id"]]
            if "votes" in c:
                bits.append(f"{c['votes']} votes")
            if c.get("elected"):
                bits.append("elected" + (f" ({c['seat']} seat)" if c.get("seat") else ""))
            if c.get("substitute_for"):
                bits.append("Ersatzbewerber")
            if c.get("non_member"):
                bits.append("non-member")
            people.append(" ".join(bits))
        extra = f", Ersatzliste {n['substitute_list']}" if n.get("substitute_list") else ""
        lines.append(
            f"{n['id']} ({n.get('group', n['id'])}, {n.get('group_kind', 'party')}{where}{extra}): " + "; ".join(people)
        )
    if case.get("election") == "majority":
        lines.append("Mehrheitswahl")
    if case.get("body"):
        lines.append("body: " + ", ".join(f"{k} {v}" for k, v in case["body"].items()))
    for ev in case["events"]:
        bits = [k for k in ("reservation",) if ev.get(k)] + [
            f"{k} {ev[k]}" for k in ("form", "group", "cause", "nomination") if ev.get(k)
        ]
        lines.append(f"{ev['date']} {ev['person']} {ev['type']}" + (f" ({', '.join(bits)})" if bits else ""))
    lines += _decided_lines(case, statute, readings if readings is not None else case.get("readings", {}))
    if other is not None:
        lines += _decided_lines(case, other[0], other[1])
    return lines


def _decided_lines(case: dict, statute: str, readings: dict) -> list[str]:
    from nachruecken.case.loader import build_case
    from nachruecken.engine.determine import determine_case
    from nachruecken.engine.solver import EncodingError

    defaults = {rid: r.default for rid, r in load_statute(statute).readings.items()}
    label = statute + "".join(f" {k}={v}" for k, v in readings.items() if defaults.get(k) != v)
    data = {k: v for k, v in case.items() if k not in ("readings", "expected")}
    try:
        result = determine_case(build_case(data, "<witness>"), statute, dict(readings))
    except EncodingError as exc:
        return [f"=> {label}: refused as an encoding fault: {exc}"]
    out = []
    for det in result["determinations"]:
        what = det["outcome"] or "no outcome"
        if det["successor"]:
            what += f" {det['successor']}"
        cite = (det.get("outcome_ground") or {}).get("citation") or ""
        out.append(f"=> {label}: seat of {det['vacancy']} ({det['date']}): {what}" + (f", {cite}" if cite else ""))
    return out


# --- the report -----------------------------------------------------------------------------


def _status(a: dict | None) -> str:
    return STATUS_WORDS.get(a["status"], a["status"]) if a else "-"


def _analysis(report: dict, name: str) -> dict | None:
    return next((a for a in report["analyses"] if a["name"] == name), None)


def _reading_count(report: dict) -> str:
    div = _analysis(report, "reading_divergence")
    if not div:
        return "-"
    ids = {r["reading"] for r in div["readings"]}
    changing = {r["reading"] for r in div["readings"] if r["status"] == "found"}
    return f"{len(changing)} of {len(ids)}"


SUMMARY_COLUMNS = [
    "statute",
    "gap",
    "gap (other reading)",
    "conflict",
    "dead norms",
    "readings changing",
    "term gap",
    "term conflict",
    "independence",
    "no reach-back",
    "terms",
    "seconds",
]


def build_blocks(checks: list[dict], diffs: list[dict], meta: dict) -> list[tuple]:
    blocks = [heading(1, "nachruecken: consistency findings"), _introduction(meta)]
    if checks:
        blocks.append(_bounds(checks))
        blocks.append(heading(2, "Summary"))
        blocks.append(table(SUMMARY_COLUMNS, [_summary_row(r) for r in checks]))
    for r in checks:
        blocks += _statute_blocks(r)
    if diffs:
        blocks.append(heading(2, "Statute diffs"))
        blocks.append(
            para(
                "Each kind of difference is the pair of outcome and deciding norm on each side (and the "
                "norms under which one side passes over the other's successor). Its dependence on the "
                "readings is asked over every case of the kind: the readings under another value of which "
                "the difference vanishes in every case, and those under which it vanishes in some cases "
                "only; none in both: it rests on the texts alone."
            )
        )
    for d in diffs:
        blocks += _diff_blocks(d)
    blocks += sensitivity_blocks(checks, diffs, meta.get("sensitivity", []))
    blocks += weights_blocks(meta.get("weights", []))
    return blocks + _provenance_blocks(meta.get("provenance"))


def _provenance_blocks(prov: dict | None) -> list[tuple]:
    """The footer: what the document rests on (the interfaces hand it in, output/provenance.py)."""
    if not prov:
        return []
    return [
        heading(2, "Provenance"),
        para("What this document rests on; `git_commit` does not show uncommitted changes, `encodings_sha256` does."),
        table(["key", "value"], [[key, _provenance_value(key, value)] for key, value in prov.items()]),
    ]


def _provenance_value(key: str, value) -> str:
    if key == "command":
        return f"`{shlex.join(value)}`"
    if value is None:
        return "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} = {v}" for k, v in value.items())
    return f"`{value}`"


def _introduction(meta: dict) -> tuple:
    return para(
        f"Generated {meta['date']} by nachruecken {meta['version']} on {meta['machine']}, "
        f"in {meta['seconds']:.0f} s. Every finding is a bounded search: a witness is a case that "
        "shows the property, and each is given below as a short case with the norm that decides "
        "it (`nachruecken check --witness-dir` writes each witness as an ordinary case file with an "
        "`expected` block, which `nachruecken test` reproduces; a conflict's case is refused by "
        '`solve` as an encoding fault). "None found" holds within the bounds stated '
        'and proves nothing beyond them; "unknown" means the search did not finish within its effort (a '
        "count of conflicts, the same on every machine); a witness marked not optimal was found within it "
        "but not proven smallest."
    )


def _bounds(checks: list[dict]) -> tuple:
    b = checks[0]["bounds"]
    return para(
        f"Bounds: single vacancies with up to {b['noms']} nominations of up to {b['cands']} candidates and "
        f"vote counts 0 to {b['max_vote']} (encodings/check/universe.lp, in clingo); whole terms of up to "
        f"{b.get('vacancies', 1)} vacancies, {b.get('term_universe', 0)} shapes per statute "
        "(src/nachruecken/research/terms.py, decided by the ledger that `solve` uses). Effort per clingo question: "
        f"{checks[0].get('limits', {}).get('conflicts', '?'):,} conflicts, on one thread, so that every machine "
        "gives the same answers; the time limits only fail a run."
    )


def _summary_row(r: dict) -> list[str]:
    dead = _analysis(r, "dead_norm")
    if dead:
        dead_norms = ", ".join(f"`{n}`" for n in dead["dead_norms"]) or (
            "unknown" if dead["undecided_norms"] else "none"
        )
    else:
        dead_norms = "-"
    return [
        f"`{r['statute']}`",
        gap_status(_analysis(r, "gap"), STATUS_WORDS),
        gap_status(_analysis(r, "gap_other_readings"), STATUS_WORDS),
        _status(_analysis(r, "conflict")),
        dead_norms,
        _reading_count(r),
        _status(_analysis(r, "term_gap")),
        _status(_analysis(r, "term_conflict")),
        _status(_analysis(r, "independence")),
        _status(_analysis(r, "no_reach_back")),
        f"{r['bounds'].get('terms', '-')}",
        f"{r['seconds']:.0f}",
    ]


def _cite(statute: str, norm: str) -> str:
    st = load_statute(statute)
    return st.citation(norm) if norm in st.norms else norm


def _statute_blocks(r: dict) -> list[tuple]:
    sid = r["statute"]
    st = load_statute(sid)
    pinned = ", ".join(f"`{k}` = {v}" for k, v in r["readings"].items())
    out = [
        heading(2, f"{sid}: {st.provision} {st.law}"),
        para(
            f"Text: {st.version}. Readings: "
            + (
                f"pinned {pinned}, the others at their defaults for the gap question and free for the others."
                if pinned
                else "defaults for the gap question, every value for the others."
            )
            + f" {r['bounds'].get('terms', 0)} whole terms examined."
        ),
    ]
    rows = [[ANALYSIS_TITLES.get(a["name"], a["name"]), _status(a), _detail(r, a)] for a in r["analyses"]]
    out.append(table(["analysis", "status", "detail"], rows))
    out += gap_table(_analysis(r, "gap"), _analysis(r, "gap_other_readings"))
    div = _analysis(r, "reading_divergence")
    if div:
        out.append(_divergence_table(div))
    for a in r["analyses"]:
        out += _witness_blocks(r, a)
    return out


def _detail(r: dict, a: dict) -> str:
    """The detail column of one analysis: what it needs, which norms, or its first witness."""
    sid = r["statute"]
    detail = ""
    if a["name"] in ("gap", "gap_other_readings"):
        return gap_detail(a)
    if a["name"] == "dead_norm":
        parts = []
        if a["dead_norms"]:
            parts.append(
                "no case of the universe uses: "
                + ", ".join(f"{_cite(sid, n)} (`{n}`)" for n in a["dead_norms"])
                + " (either no case within the bounds needs the norm, or the universe does not pose its "
                "situation, e.g. an event it does not generate; this check does not tell the two apart)"
            )
        if a.get("used_only_in_terms"):
            parts.append(
                "used only in whole terms: "
                + ", ".join(f"{_cite(sid, n)} (`{n}`)" for n in a.get("used_only_in_terms", []))
            )
        if a.get("undecided_norms"):
            parts.append("not decided within the effort: " + ", ".join(a["undecided_norms"]))
        detail = "; ".join(parts)
    if a["name"] == "reading_divergence":
        detail = f"{_reading_count(r)} readings change an outcome (table below)"
    if a.get("witnesses") and a["name"] != "reading_divergence":
        detail = (detail + "; " if detail else "") + a["witnesses"][0]["summary"]
    return detail


def _divergence_table(div: dict) -> tuple:
    rows = [
        [
            f"`{x['reading']}`",
            x["default"],
            x["alternative"],
            STATUS_WORDS.get(x["status"], x["status"]),
            STATUS_WORDS.get(x.get("terms"), x.get("terms") or "not asked"),
        ]
        for x in div["readings"]
    ]
    return table(["reading", "default", "alternative", "changes an outcome", "asked over whole terms"], rows)


def _witness_blocks(r: dict, a: dict) -> list[tuple]:
    """Each witness of one analysis as a sentence and a short case."""
    sid, out = r["statute"], []
    if a["name"] == "reading_divergence":
        for x in a["readings"]:
            for w in x["witnesses"]:
                out.append(para(f"Witness, `{x['reading']}` = {x['alternative']}: {w['summary']}"))
                if w.get("case"):
                    other = (sid, {**r["readings"], x["reading"]: x["alternative"]})
                    out.append(case_block(short_case(w["case"], sid, r["readings"], other)))
        return out
    for w in a.get("witnesses", []):
        out.append(para(f"Witness, {witness_title(ANALYSIS_TITLES.get(a['name'], a['name']), w)}: {w['summary']}"))
        if w.get("case"):
            out.append(case_block(short_case(w["case"], sid)))
        if w.get("case_with"):
            out.append(para("The same with the unrelated vacancy or the later events:"))
            out.append(case_block(short_case(w["case_with"], sid)))
    return out


def _diff_blocks(d: dict) -> list[tuple]:
    from nachruecken.research.check import parse_spec

    a_spec, b_spec = d["a"], d["b"]
    a, b = parse_spec(a_spec), parse_spec(b_spec)
    a_sid, b_sid = a.statute, b.statute
    out = [
        heading(3, f"{a_spec} and {b_spec}"),
        para(
            f"{len(d['differences'])} kinds of difference"
            + (
                ", every kind within the bounds"
                if d["complete"]
                else f"; the search stopped at {d['max_kinds']} kinds, and more exist or could not be ruled out"
                if len(d["differences"]) >= d["max_kinds"]
                else "; the search for a further kind did not finish within its effort, so more may exist"
            )
            + "."
            + (
                f" {len(d['unreproduced'])} further kind(s) the single-vacancy universe posed were set aside: "
                "their case files, decided as `solve` decides them, do not differ as posed (the universe let "
                "the walk see a declaration the ledger shows only later): "
                + "; ".join(
                    f"{'/'.join(u['kind']['a']['outcome'])} against {'/'.join(u['kind']['b']['outcome'])}"
                    f", decided {u['a'][0]} and {u['b'][0]}"
                    for u in d["unreproduced"]
                )
                + "."
                if d.get("unreproduced")
                else ""
            )
        ),
    ]
    rows = []
    for i, x in enumerate(d["differences"], 1):
        side = lambda k, sid: (
            (" and ".join(x["kind"][k]["outcome"]) or "no outcome")
            + (" under " + ", ".join(_cite(sid, n) for n in x["kind"][k]["norm"]) if x["kind"][k]["norm"] else "")
            + (
                "; passes over the other side's successor under "
                + ", ".join(_cite(sid, n) for n in x["kind"][k]["passed_over_by"])
                if x["kind"][k]["passed_over_by"]
                else ""
            )
        )
        rows.append([str(i), side("a", a_sid), side("b", b_sid), *_dependence_cells(x)])
    out.append(table(["#", a_spec, b_spec, "vanishes in every case under", "in some cases under"], rows))
    for i, x in enumerate(d["differences"], 1):
        if x.get("case"):
            out.append(para(f"Witness {i}:"))
            out.append(case_block(short_case(x["case"], a_sid, dict(a.readings), (b_sid, dict(b.readings)))))
    return out


def _dependence_cells(x: dict) -> list[str]:
    """A kind's dependence on the readings (asked over every case of it): where it vanishes in every case,
    where in some only (and what the effort left undecided)."""
    names = lambda key: ", ".join(f"`{p}`" for p in x.get(key, []))
    partly = names("depends_partly_on")
    if x.get("dependence_undecided"):
        partly = (partly + "; " if partly else "") + "undecided: " + names("dependence_undecided")
    return [names("depends_on") or "none", partly or "none"]


def run_report(
    statutes=DEFAULT_STATUTES,
    diffs=DEFAULT_DIFFS,
    bounds=None,
    limits=None,
    vacancies: int = 2,
    jobs: int = 2,
    max_kinds: int = 40,
    progress=None,
    extras: bool = True,
) -> tuple[list[dict], list[dict], dict]:
    """Run every check and diff, on ``jobs`` processes (each question on one thread: the findings are
    the same on any number); with ``extras`` also the reading weights and the checks and diffs one
    step larger (meta's ``weights`` and ``sensitivity``); return (checks, diffs, meta)."""
    from nachruecken import __version__
    from nachruecken.research.universe import Bounds, Limits

    started = time.monotonic()
    bounds, limits = bounds or Bounds(), limits or Limits()
    tasks = [("check", sid, bounds, limits, vacancies) for sid in statutes]
    tasks += [("diff", pair, bounds, limits, max_kinds) for pair in diffs]
    tasks += extra_tasks(statutes, diffs, bounds, limits) if extras else []
    results = []
    for result in ordered_map(_run_task, tasks, jobs):
        results.append(result)
        if progress:
            what = result.get("statute") or f"diff {result['a']} {result['b']}"
            what += f" ({result['task']} {result.get('step', '')})".replace(" )", ")") if "task" in result else ""
            progress(f"{what}: done ({time.monotonic() - started:.1f} s)")
    meta = {
        "date": dt.date.today().isoformat(),
        "version": __version__,
        "seconds": time.monotonic() - started,
        "machine": f"{os.cpu_count()} cores, {platform.system()}, Python {platform.python_version()}",
    }
    n = len(statutes) + len(diffs)
    if extras:
        meta["weights"] = [r for r in results[n:] if r["task"] == "weights"]
        meta["sensitivity"] = [r for r in results[n:] if r["task"] != "weights"]
    return results[: len(statutes)], results[len(statutes) : n], meta


def _run_task(task: tuple) -> dict:
    """One check (its terms on one process) or one diff."""
    from nachruecken.research.check import parse_spec, run_check, run_diff

    kind, what, bounds, limits, extra = task
    if kind not in ("check", "diff"):
        return run_extra(task)
    if kind == "check":
        return run_check(what, bounds, None, limits, vacancies=extra, jobs=1)
    return run_diff(parse_spec(what[0]), parse_spec(what[1]), bounds, None, limits, extra)


def render(checks: list[dict], diffs: list[dict], meta: dict, fmt: str) -> str:
    blocks = build_blocks(checks, diffs, meta)
    return to_markdown(blocks) if fmt == "md" else to_html(blocks, "nachruecken: consistency findings")

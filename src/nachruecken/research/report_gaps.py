"""The report's words for gaps: each cause of a gap with its scope, and the reading values under which
it vanishes or appears (research/gaps.py asks them over every case of the universe)."""

from __future__ import annotations

from nachruecken.research.document import table

CAUSE_WORDS = {
    "statute_silent": "statute silent",
    "not_encoded": "not encoded",
    "input_missing": "input missing",
    "input_invalid": "input invalid",
    "unexplained": "unexplained",
}


def gap_status(a: dict | None, words: dict) -> str:
    """The summary cell of a gap analysis: its status and, when found, its causes."""
    if not a:
        return "-"
    status = words.get(a["status"], a["status"])
    causes = sorted({CAUSE_WORDS[r["cause"]] for r in a.get("causes", []) if r["status"] == "found"})
    return f"{status}: {', '.join(causes)}" if causes else status


def gap_detail(a: dict) -> str:
    """The detail cell of a gap analysis: each cause found, with its scope."""
    return "; ".join(
        CAUSE_WORDS[r["cause"]] + (f" (`{r['scope']}`)" if r["scope"] else "")
        for r in a.get("causes", [])
        if r["status"] == "found"
    )


def gap_table(gap: dict | None, other: dict | None) -> list[tuple]:
    """One row per cause and scope found: under which readings it exists, and the reading values that
    close it (a gap under the chosen readings) or open it (a gap only under other readings)."""
    rows = []
    for a, where, key in ((gap, "chosen readings", "vanishes_under"), (other, "only other readings", "appears_under")):
        for r in (a or {}).get("causes", []):
            if r["status"] != "found":
                continue
            values = ", ".join(f"`{v}`" for v in r.get(key, [])) or "no single other value"
            closes = values if key == "vanishes_under" else ""
            opens = values if key == "appears_under" else ""
            if r.get("undecided_under"):
                closes += " (undecided: " + ", ".join(f"`{v}`" for v in r["undecided_under"]) + ")"
            rows.append([CAUSE_WORDS[r["cause"]], f"`{r['scope']}`" if r["scope"] else "-", where, closes, opens])
    if not rows:
        return []
    head = ["cause", "scope", "exists under", "vanishes under (every case)", "appears under (some case)"]
    return [table(head, rows)]


def witness_title(title: str, w: dict) -> str:
    """A gap witness's title with its cause and scope."""
    if not w.get("cause"):
        return title
    return f"{title} ({CAUSE_WORDS[w['cause']]}" + (f": `{w['scope']}`" if w.get("scope") else "") + ")"

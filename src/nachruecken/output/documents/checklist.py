"""The checklist that goes with a determination's documents: one line a point, each with a box, of what
the officer must check before signing. The warnings and notes of the case, the text and readings applied
with their alternatives, the assumptions the tool made, the blanks still open in the act, the remedy and
the letter where the law is not held, and the tool's full reasoning, ground by ground.
"""

from __future__ import annotations

from nachruecken.law.statutes import load_statute
from nachruecken.output.documents.blocks import BLANK

HEAD = {
    "de": {
        "warnings": "Hinweise des Programms",
        "law": "Angewandtes Recht und Lesarten",
        "assumptions": "Annahmen",
        "blanks": "Im Entwurf offen",
        "remedy": "Rechtsbehelf, Zustellung, Bekanntmachung",
        "reasons": "Begründung des Programms (zum Abgleich mit dem Gesetz)",
        "version": "Angewandte Fassung: {version} ({basis}); Kennung {statute}.",
        "reading": "Lesart {rid} = {value}{alternatives}.",
        "alternatives": " (andere: {values})",
        "open": "Noch zu entscheiden: {what}",
        "blank": "Lücke ausfüllen: {label}",
        "assumed": "Annahme zur Mitgliedschaft: {what}",
    },
    "en": {
        "warnings": "The tool's warnings",
        "law": "Law and readings applied",
        "assumptions": "Assumptions",
        "blanks": "Open in the draft",
        "remedy": "Remedy, service, notice",
        "reasons": "The tool's reasoning (to check against the law)",
        "version": "Text applied: {version} ({basis}); id {statute}.",
        "reading": "Reading {rid} = {value}{alternatives}.",
        "alternatives": " (others: {values})",
        "open": "Still to decide: {what}",
        "blank": "Fill in: {label}",
        "assumed": "Assumption about membership: {what}",
    },
}


def checklist(ctx: dict, det: dict, lang: str, drafts: list[str], letter_check: str) -> list[tuple[str, list[str]]]:
    """(section head, lines) of the checklist; ``drafts`` are the texts of the other documents (their
    blanks are listed)."""
    h = HEAD[lang]
    sections = [
        (h["warnings"], list(dict.fromkeys(ctx["checks"]))),
        (
            h["law"],
            [h["version"].format(version=det["statute_version"], basis=ctx["version_basis"], statute=det["statute"])]
            + _readings(det, h),
        ),
        (h["assumptions"], _assumptions(ctx, det, h)),
        (h["blanks"], [h["blank"].format(label=label) for label in _blanks(drafts)]),
        (h["remedy"], ctx["remedy_checks"] + ([letter_check] if letter_check else [])),
        (h["reasons"], _reasons(ctx)),
    ]
    return [(head, lines) for head, lines in sections if lines]


def _readings(det: dict, h: dict) -> list[str]:
    """Every reading the determination was decided under, with the values it could take instead."""
    catalogue = load_statute(det["statute"]).readings
    out = []
    for rid, value in sorted(det.get("readings", {}).items()):
        reading = catalogue.get(rid)
        others = [v for v in reading.values if v != value] if reading is not None else []
        alternatives = h["alternatives"].format(values=", ".join(others)) if others else ""
        out.append(h["reading"].format(rid=rid, value=value, alternatives=alternatives))
    return out


def _assumptions(ctx: dict, det: dict, h: dict) -> list[str]:
    out = [h["open"].format(what=p) for p in ctx["open_points"]] + ctx.get("fact_checks", [])
    assumption = (det.get("membership") or {}).get("assumption")
    if assumption:
        out.append(h["assumed"].format(what=assumption))
    return out


def _blanks(drafts: list[str]) -> list[str]:
    seen: dict[str, None] = {}
    for text in drafts:
        for m in BLANK.finditer(text):
            seen.setdefault(m.group(1).strip(), None)
    return list(seen)


def _reasons(ctx: dict) -> list[str]:
    lines = [f"{g['citation']}: {g['explanation']}" for g in ctx["departed"]["grounds"] + ctx["rule"]]
    lines += [f"{p['name']}: {p['explanation']}" for p in ctx["passed"] if p["explanation"]]
    if ctx["successor_line"]:
        lines.append(ctx["successor_line"])
    lines += [f"{g['citation']}: {g['explanation']}" for g in ctx["membership_grounds"]]
    return list(dict.fromkeys(lines))

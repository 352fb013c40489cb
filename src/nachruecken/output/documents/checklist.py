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
        "alternatives": "; andere Lesarten: {values}",
        "other_readings": "Übrige Lesarten (in der Begründung nicht genannt, mit ihren Werten wie angewandt): {ids}.",
        "eligible": "{name}: Wählbarkeit, Zugehörigkeit zur Partei oder Wählergruppe (wo das Gesetz sie verlangt) und "
        "kein Hinderungsgrund am Tag der Feststellung prüfen; das Programm kennt nur die erfassten Ereignisse.",
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
        "alternatives": "; other readings: {values}",
        "other_readings": "Other readings (not named in the reasoning, applied as they stand): {ids}.",
        "eligible": "{name}: check eligibility, membership of the party or voter group (where the law asks for it) "
        "and that no Hinderungsgrund stands in the way on the day of the determination; the tool knows only the "
        "events recorded.",
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
            + _readings(det, h, lang),
        ),
        (h["assumptions"], _assumptions(ctx, det, h)),
        (h["blanks"], [h["blank"].format(label=label) for label in _blanks(drafts)]),
        (h["remedy"], ctx["remedy_checks"] + ([letter_check] if letter_check else [])),
        (h["reasons"], _reasons(ctx)),
    ]
    return [(head, lines) for head, lines in sections if lines]


def _readings(det: dict, h: dict, lang: str) -> list[str]:
    """The readings the determination's reasoning names, each in words with the values it could take
    instead; the others in one line (they were applied with their defaults and decided nothing here)."""
    catalogue = load_statute(det["statute"]).readings
    said = " ".join(
        [g["explanation"] for g in det["grounds"] + det["trigger_grounds"]]
        + [n["explanation"] for n in det["notes"]]
        + [c.get("explanation", "") for c in det["candidates"]]
    )
    out, rest = [], []
    for rid, value in sorted(det.get("readings", {}).items()):
        reading = catalogue.get(rid)
        if reading is None or rid not in said:
            rest.append(f"{rid} = {value}")
            continue
        meaning = lambda v: reading.meaning.get(v, {}).get(lang) or v
        others = "; ".join(f"{v}: {meaning(v)}" for v in reading.values if v != value)
        alternatives = h["alternatives"].format(values=others) if others else ""
        out.append(h["reading"].format(rid=rid, value=f"{value} ({meaning(value)})", alternatives=alternatives))
    if rest:
        out.append(h["other_readings"].format(ids=", ".join(rest)))
    return out


def _assumptions(ctx: dict, det: dict, h: dict) -> list[str]:
    out = [h["open"].format(what=p) for p in ctx["open_points"]] + ctx.get("fact_checks", [])
    if ctx.get("successor_name"):
        out.append(h["eligible"].format(name=ctx["successor_name"]))
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

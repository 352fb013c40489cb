"""A determination as Markdown or as CSV rows (the terminal view is render.py, JSON is the result).

Both say what the table says: per vacancy the candidates in order with status, reason and citation,
then the outcome and its grounds. Reason codes become words in the chosen language; the JSON keeps
the codes.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from nachruecken.case.office.cells import csv_cell
from nachruecken.law.dates import long_iso as _day
from nachruecken.law.statutes import reading_defaults
from nachruecken.law.texts import LABELS, TRIGGER_PHRASE, deadline_note, membership_summary, reason_words, status_word
from nachruecken.law.wording import readings_line

CSV_COLUMNS = {
    "en": (
        "case",
        "vacancy",
        "rank",
        "person",
        "name",
        "nomination",
        "votes",
        "status",
        "reason",
        "citation",
        "explanation",
    ),
    "de": (
        "Fall",
        "Sitz von",
        "Rang",
        "Person",
        "Name",
        "Wahlvorschlag",
        "Stimmen",
        "Status",
        "Grund",
        "Norm",
        "Begründung",
    ),
}
# Offices that open CSV in a German spreadsheet: semicolons and Windows-1252 (unencodable characters replaced).
CSV_DIALECTS = {"standard": (",", "utf-8"), "excel-de": (";", "cp1252")}

WORDS: dict[str, dict[str, Any]] = {  # per language: words (str) and the column heads (tuple)
    "en": {
        "vacancy": "Seat of {who}",
        "via": "{nom}; {trigger} on {date}",
        "text": "Text applied",
        "cols": ("#", "Person", "List", "Votes", "Status", "Reason", "Citation", "Why"),
        "outcome": "Outcome",
        "successor": "{name} succeeds from {nom}",
        "grounds": "Grounds",
        "notes": "Notes",
        "membership": "Membership",
        "warnings": "Check before signing",
        "statute": "Statute",
        "readings": "Readings",
        "default": "default",
    },
    "de": {
        "vacancy": "Sitz von {who}",
        "via": "{nom}; {trigger} am {date}",
        "text": "Angewandte Fassung",
        "cols": ("#", "Person", "Liste", "Stimmen", "Status", "Grund", "Norm", "Begründung"),
        "outcome": "Ergebnis",
        "successor": "{name} rückt aus {nom} nach",
        "grounds": "Gründe",
        "notes": "Hinweise",
        "membership": "Mitgliedschaft",
        "warnings": "Vor der Unterschrift prüfen",
        "statute": "Gesetz",
        "readings": "Lesarten",
        "default": "Standard",
    },
}


# What an empty seat does to the legal member count, with the norm that says so (the result's
# member_count_norm); the same words in the terminal, in Markdown and on the web desk's case page.
MEMBER_COUNT = {
    "en": {
        "reduced": "the legal member count falls",
        "not_reduced": "the legal member count stays the same",
    },
    "de": {
        "reduced": "die gesetzliche Mitgliederzahl vermindert sich",
        "not_reduced": "die gesetzliche Mitgliederzahl bleibt unverändert",
    },
}


def member_count_words(det: dict, lang: str) -> str:
    """That the legal member count falls, naming its norm ("... (§ 34 Abs. 1 Satz 2 KWG)"), or, for an
    empty seat, that it stays; "" otherwise, and where the material leaves the count open (the note
    member_count_open says so)."""
    words = MEMBER_COUNT[lang]
    if det.get("member_count_reduced"):
        norm = det.get("member_count_norm")
        return words["reduced"] + (f" ({norm})" if norm else "")
    count_open = any(n.get("code") == "member_count_open" for n in det.get("notes", []))
    return words["not_reduced"] if det["outcome"] == "vacant" and not count_open else ""


def _cell(text) -> str:
    """Markdown table cell: no pipe or line break may end the cell early."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def outcome_line(det: dict, case, lang: str) -> str:
    lab, w = LABELS[lang], WORDS[lang]
    if det["outcome"] == "successor":
        return w["successor"].format(
            name=case.display(det["successor"]), nom=case.nomination_display(det["successor_nomination"])
        )
    text = lab.get(det["outcome"], det["outcome"])
    if det["outcome"] == "by_election" and det.get("by_election_kind"):
        text = lab.get(f"by_election_{det['by_election_kind']}", text)
    if det["outcome"] == "referred" and det["referred_to"]:
        text += f" ({det['referred_to']})"
    if det["outcome"] == "lot":
        text += ": " + ", ".join(case.display(p) for p in det["lot_between"])
    count = member_count_words(det, lang)
    return f"{text}; {count}" if count else text


def to_markdown(result: dict, case, lang: str = "en") -> str:
    w = WORDS[lang]
    out = [
        f"# {result.get('title') or result['case']}",
        "",
        f"**{w['statute']}:** {result['statute']} - {result['statute_version']}  ",
    ]
    defaults = reading_defaults(result["statute"])
    changed = readings_line({k: v for k, v in result["readings"].items() if defaults.get(k) != v}, lang)
    out.append(f"**{w['readings']}:** {changed or w['default']}")
    if result["warnings"]:
        out += ["", f"**{w['warnings']}:**", ""] + [f"- {x}" for x in result["warnings"]]
    for det in result["determinations"]:
        trig = TRIGGER_PHRASE[lang].get(det["trigger"], det["trigger"])
        out += [
            "",
            f"## {w['vacancy'].format(who=case.display(det['vacancy']))}",
            "",
            w["via"].format(
                nom=case.nomination_display(det["seat_nomination"]), trigger=trig, date=_day(det["date"], lang)
            ),
            "",
            f"{w['text']}: {det['statute']} - {det.get('version_basis', '')}",
            "",
        ]
        out += [f"- {g['citation']}: {g['explanation']}" for g in det["trigger_grounds"]]
        if det["candidates"]:
            out += ["", "| " + " | ".join(w["cols"]) + " |", "|" + "---|" * len(w["cols"])]
            for c in det["candidates"]:
                votes = "-" if c.get("votes") is None else str(c["votes"])
                out.append(
                    "| "
                    + " | ".join(
                        _cell(x)
                        for x in (
                            c["rank"],
                            case.display(c["person"]),
                            case.nomination_display(c["nomination"]),
                            votes,
                            status_word(c["status"], det.get("statute"), lang),
                            reason_words(c, lang),
                            c["citation"],
                            c["explanation"],
                        )
                    )
                    + " |"
                )
        out += ["", f"**{w['outcome']}:** {outcome_line(det, case, lang)}", "", f"**{w['grounds']}:**", ""]
        out += [f"{i}. {g['citation']}: {g['explanation']}" for i, g in enumerate(det["grounds"], 1)]
        if det["notes"]:
            out += ["", f"**{w['notes']}:**", ""] + [f"- {n['citation']}: {n['explanation']}" for n in det["notes"]]
        m = det.get("membership")
        if m:
            out += ["", f"**{w['membership']}:** " + membership_summary(m, lang)]
            if deadline_note(m, lang):
                out.append(f"({deadline_note(m, lang)})")
            if m.get("assumption"):
                out.append(f"({m['assumption']})")
    return "\n".join(out) + "\n"


def csv_rows(result: dict, case, lang: str = "en") -> list[list]:
    """One row per candidate of every determination, in the order listed."""
    rows = []
    for det in result["determinations"]:
        for c in det["candidates"]:
            rows.append(
                [
                    result["case"],
                    det["vacancy"],
                    c["rank"],
                    c["person"],
                    case.display(c["person"]),
                    case.nomination_display(c["nomination"]),
                    "" if c.get("votes") is None else c["votes"],
                    status_word(c["status"], det.get("statute"), lang),
                    reason_words(c, lang),
                    c["citation"],
                    c["explanation"],
                ]
            )
    return rows


def to_csv(rows: list[list], dialect: str = "standard", lang: str = "en") -> tuple[bytes, int]:
    """The bytes, and how many characters the dialect's encoding could not hold (written as '?')."""
    delimiter, encoding = CSV_DIALECTS[dialect]
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS[lang])
    writer.writerows([[csv_cell(c) for c in row] for row in rows])
    text = buffer.getvalue()
    lost = sum(1 for ch in text if not _encodable(ch, encoding))
    return text.encode(encoding, errors="replace"), lost


def _encodable(ch: str, encoding: str) -> bool:
    try:
        ch.encode(encoding)
        return True
    except UnicodeEncodeError:
        return False

"""`nachruecken statutes`: what each statute encoding covers, as data and as text; `--events`: the event
types with their German words."""

from __future__ import annotations

import textwrap

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from nachruecken.case.model import EVENT_TYPES
from nachruecken.case.words import EVENT_WORDS
from nachruecken.engine.determine import default_ledger_rules
from nachruecken.errors import InputError
from nachruecken.law.declarations import declaration_rows
from nachruecken.law.statutes import STATE_OF, VERSIONS, load_statute, statute_files

# Said once above the list: how a state code picks its text, and what the material lacks.
VERSIONS_NOTE = {
    "en": "A state code (he, nw, bb, mv, hh, rp, sn, sh, st, by) decides each vacancy under the text in force on the day its seat "
    "fell vacant; before the earliest encoded text, that text applies with a warning. The transitional "
    "rules of the amending laws are not in the material.",
    "de": "Ein Landeskürzel (he, nw, bb, mv, hh, rp, sn, sh, st, by) entscheidet jeden frei gewordenen Sitz nach der Fassung, die am Tag des "
    "Freiwerdens galt; vor der frühesten abgebildeten Fassung gilt diese, mit Warnung. Das Übergangsrecht "
    "der Änderungsgesetze liegt nicht vor.",
}


def describe(sid: str) -> dict:
    try:
        st = load_statute(sid)
    except InputError:
        return {"id": sid, "encoded": False}
    rules = default_ledger_rules(sid)
    return {
        "id": sid,
        "encoded": True,
        "state": st.state,
        "law": st.law,
        "provision": st.provision,
        "statute_version": st.version,
        "statute_version_de": st.version_in("de"),
        "state_code": STATE_OF[sid],
        "in_force": {
            "from": st.in_force_from.isoformat() if st.in_force_from else None,
            "until": st.in_force_until.isoformat() if st.in_force_until else None,
        },
        "versions_of_state": list(VERSIONS[STATE_OF[sid]]),
        "version_caveat": st.version_caveat or None,
        "source": st.source or None,
        "norms": [
            {"id": n.id, "citation": n.citation, "title": n.title, "outside_section": n.outside_section}
            for n in st.norms.values()
        ],
        "readings": [
            {
                "id": r.id,
                "ambiguity": r.ambiguity,
                "question": r.question,
                "values": list(r.values),
                "default": r.default,
                "meaning": r.meaning,
            }
            for r in st.readings.values()
        ],
        "out_of_scope": st.out_of_scope,
        "encoding": [f"{p.parent.name}/{p.name}" for p in statute_files(sid)],
        "declarations": {
            lang: [
                {"status": s, "meaning": m}
                for s, m in declaration_rows(rules, st.membership_begins.get(lang, ""), lang)
            ]
            for lang in ("en", "de")
        },
    }


def _in_force(st: dict, lang: str) -> str:
    start, until = st["in_force"]["from"], st["in_force"]["until"]
    if lang == "de":
        span = (f"ab {start}" if start else "") + (" " if start and until else "") + (f"bis {until}" if until else "")
        return f"in Kraft {span}" if span else "Geltungszeitraum nicht festgestellt"
    span = (f"from {start}" if start else "") + (" " if start and until else "") + (f"until {until}" if until else "")
    return f"in force {span}" if span else "in-force dates not established"


SOURCE_WORDS = {
    "en": ("Source", "version of", "version date", "retrieved from", "Holds"),
    "de": ("Quelle", "Fassung vom", "Datum der Fassung", "abgerufen von", "Enthält"),
}


def source_line(source: dict, lang: str) -> str:
    """Where a text comes from, in one paragraph: the Fundstelle, the version's date (or why none), where
    and when it was retrieved, and what of it the material holds."""
    label, version_of, version_date, retrieved_from, holds = SOURCE_WORDS[lang]
    note = (source.get("version_note") or {}).get(lang, "")
    if source["version_date"]:
        dated = f"{version_of} {source['version_date']}" + (f" ({note})" if note else "")
    else:
        dated = f"{version_date}: {note or '-'}"
    where = f"{retrieved_from} {source['retrieved_from']}, " if source["retrieved_from"] else ""
    return (
        f"{label}: {source['fundstelle']}; {dated}; {where}{source['retrieved'][lang]}. "
        f"{holds}: {source['holds'][lang]}."
    )


def print_statutes(info: list[dict], console: Console, lang: str) -> None:
    console.print(escape(VERSIONS_NOTE[lang]) + "\n")
    for st in info:
        if not st["encoded"]:
            label = "not encoded yet" if lang == "en" else "noch nicht abgebildet"
            console.print(f"[bold]{st['id']}[/bold]: [dim]{label}[/dim]\n")
            continue
        console.rule(f"[bold]{st['id']}[/bold] - {escape(st['provision'])}, {st['state'][lang]}", align="left")
        label = "Text encoded" if lang == "en" else "Abgebildete Fassung"
        version = st["statute_version_de"] if lang == "de" else st["statute_version"]
        console.print(f"{label}: {escape(version)} ({_in_force(st, lang)})")
        others = [v for v in st["versions_of_state"] if v != st["id"]]
        if others:
            word = "Other versions" if lang == "en" else "Andere Fassungen"
            console.print(
                f"{word} ({st['state_code']} = "
                + ("law in force" if lang == "en" else "geltendes Recht")
                + f"): {', '.join(others)}"
            )
        if st["version_caveat"]:
            console.print(f"[yellow]{escape(st['version_caveat'][lang])}[/yellow]")
        if st["source"]:
            console.print(escape(source_line(st["source"], lang)))
        norms = Table(title="Norms" if lang == "en" else "Normen", header_style="bold", title_justify="left")
        for col in ("id", "citation", "decides") if lang == "en" else ("Id", "Zitat", "regelt"):
            norms.add_column(col, overflow="fold")
        for n in st["norms"]:
            mark = (
                " [dim](outside the section)[/dim]"
                if n["outside_section"] and lang == "en"
                else (" [dim](außerhalb des Paragraphen)[/dim]" if n["outside_section"] else "")
            )
            norms.add_row(n["id"], escape(n["citation"]), escape(n["title"][lang]) + mark)
        console.print(norms)
        readings = Table(title="Readings" if lang == "en" else "Lesarten", header_style="bold", title_justify="left")
        for col in (
            ("id", "question", "values (default first)") if lang == "en" else ("Id", "Frage", "Werte (Standard zuerst)")
        ):
            readings.add_column(col, overflow="fold")
        for r in st["readings"]:
            values = "; ".join(f"{v}: {escape(r['meaning'].get(v, {}).get(lang, ''))}" for v in r["values"])
            readings.add_row(f"{r['id']}\n[dim]{r['ambiguity']}[/dim]", escape(r["question"][lang]), values)
        console.print(readings)
        declarations = Table(
            title="What a declaration means (default readings)"
            if lang == "en"
            else "Was eine Erklärung bedeutet (Standardlesarten)",
            header_style="bold",
            title_justify="left",
        )
        for col in ("by one who is", "means") if lang == "en" else ("von einer Person, die", "bedeutet"):
            declarations.add_column(col, overflow="fold")
        for row in st["declarations"][lang]:
            declarations.add_row(escape(row["status"]), escape(row["meaning"]))
        console.print(declarations)
        console.print("[bold]Out of scope:[/bold]" if lang == "en" else "[bold]Nicht abgebildet:[/bold]")
        for item in st["out_of_scope"]:
            console.print(f"  - {escape(item['part'])}: {escape(item[lang])}")
        console.print()


# `statutes --events`: each event type's meaning (DESIGN, "Event types"), beside its German words.
EVENT_MEANING = {
    "died": "died",
    "refused": "declined the election or call",
    "accepted": "acceptance",
    "notified": "was served the notification",
    "resigned": "seat given up",
    "lost_seat": "lost the seat on another ground",
    "lost_eligibility": "lost eligibility",
    "left_group": "left the party or voter group",
    "expelled": "expelled from it",
    "rejoined": "rejoined it",
    "group_notice": "the party told the office of it",
    "waived": "waived the Anwartschaft",
    "elected_mayor": "accepted election as mayor",
    "evidence_missing": "evidence not produced in time",
    "called": "determined as successor",
    "lot_drawn": "won the lot",
    "regained_eligibility": "is eligible again",
    "joined_group": "joined a party or voter group",
    "incompatibility": "a Hinderungsgrund began",
    "incompatibility_ended": "the Hinderungsgrund ended",
    "by_election_held": "by-election",
    "important_reason": "the council decided whether there is an important reason (found: true or false)",
}
EVENTS_HEAD = {
    "en": "Event types, as type (meaning): German words (any letter case):",
    "de": "Ereignisse, als Wörter: Typ (Groß- und Kleinschreibung gleich):",
}
VERZICHT_LINE = {
    "en": "Verzicht (alone): read by status: a member's resigned, anyone else's waived",
    "de": "Verzicht (allein): nach dem Stand: Mitglied resigned, jede andere Person waived",
}


def event_words() -> list[dict]:
    """Every event type with its meaning and its German words (and the keys a word implies)."""
    return [
        {
            "type": etype,
            "meaning": EVENT_MEANING[etype],
            "words": [{"word": w, "implies": implied} for w, implied in EVENT_WORDS.get(etype, ())],
        }
        for etype in EVENT_TYPES
    ]


def _joined(words: list[dict]) -> str:
    """Words as one short text: words that share their last or their first words are joined
    (``Ersatzwahl/Nachwahl durchgeführt``); a word's implied keys follow it."""
    parts = [w["word"].split() for w in words]
    shown = ""
    if len(parts) > 1 and all(len(p) > 1 for p in parts) and len({p[-1] for p in parts}) == 1:
        shown = "/".join(" ".join(p[:-1]) for p in parts) + " " + parts[0][-1]
    elif len(parts) > 1 and all(len(p) > 2 for p in parts) and len({tuple(p[:2]) for p in parts}) == 1:
        shown = " ".join(parts[0][:2]) + " " + "/".join(" ".join(p[2:]) for p in parts)
    if shown and not any(w["implies"] for w in words):
        return shown
    return ", ".join(w["word"] + "".join(f" ({k}: {str(v).lower()})" for k, v in w["implies"].items()) for w in words)


def event_lines(lang: str) -> list[str]:
    """`statutes --events` as text, one line per type (German words first in German), and the plain
    Verzicht, which the ledger reads by status."""
    lines = [EVENTS_HEAD[lang]]
    for row in event_words():
        words = _joined(row["words"])
        line = f"{words}: {row['type']}" if lang == "de" else f"{row['type']} ({row['meaning']}): {words}"
        # a long line goes on, indented, so that the list fits 80 columns
        lines += textwrap.wrap(line, 80, subsequent_indent="    ", break_on_hyphens=False)
    return [*lines, VERZICHT_LINE[lang]]

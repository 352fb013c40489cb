"""The terminal view of a determination: what an election officer checks line by line.

Wide terminals get a table of the candidates; narrow ones (and output to a file, 80 columns) get
one block per candidate, so that no name, citation or word is broken.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console
from rich.markup import escape

from nachruecken.law.dates import long_iso as _day
from nachruecken.law.statutes import reading_defaults
from nachruecken.law.texts import (
    CALL_END_WORDS,
    LABELS,
    TRIGGER_PHRASE,
    deadline_note,
    membership_summary,
    reason_words,
    status_word,
    votes_word,
)
from nachruecken.law.wording import capital, readings_line
from nachruecken.output.formats import member_count_words

# Below this width the candidates are shown as stacked blocks instead of a table (a table of nine
# columns would break names and citations into pieces).
TABLE_MIN_WIDTH = 110

HEAD: dict[str, dict[str, Any]] = {  # per language: words (str) and the table's column heads (tuple)
    "en": {
        "case": "Case",
        "statute": "Statute",
        "readings": "Readings",
        "warning": "Warning",
        "vacancy": "Vacancy",
        "of": "seat of",
        "via": "through",
        "on": "on",
        "cols": ("#", "Person", "List", "Votes", "Place", "Status", "Reason", "Citation", "Why"),
        "trigger": "Trigger",
        "text": "Text applied",
        "outcome": "Outcome",
        "grounds": "Grounds",
        "membership": "Membership",
        "succ": "{label}: {name} ({id}) from {nom}",
        "lot": "Lot required between: {names}",
        "lot_decided": "Decided by lot between: {names}",
        "referred": "Referred to {to}",
        "notes": "Note",
        "default": "default",
        "none": "none",
        "calls": "Calls",
        "call_failed": "{name} called {start}, failed {ended} ({how})",
        "call_open": "{name} called {start}",
        "body": "The body on {as_of}",
        "legal": "legal member count {n}",
        "sitting": "{n} members sit (as the case records them)",
        "sitting_1": "1 member sits (as the case records them)",
        "vacant_seats": "empty: {who}",
        "pending": "pending calls: {who}",
        "unfilled": "{n} seats left empty at the election",
        "seat_of": "seat of {who} since {since} ({why})",
        "pending_of": "{name} for the seat of {who} since {since}",
        "place": "list place {n}",
    },
    "de": {
        "case": "Fall",
        "statute": "Gesetz",
        "readings": "Lesarten",
        "warning": "Vor der Unterschrift prüfen",
        "vacancy": "Freiwerden des Sitzes",
        "of": "Sitz von",
        "via": "über",
        "on": "am",
        "cols": ("#", "Person", "Liste", "Stimmen", "Platz", "Status", "Grund", "Norm", "Begründung"),
        "trigger": "Auslöser",
        "text": "Angewandte Fassung",
        "outcome": "Ergebnis",
        "grounds": "Gründe",
        "membership": "Mitgliedschaft",
        "succ": "{label}: {name} ({id}) aus dem Wahlvorschlag {nom}",
        "lot": "Losentscheid zwischen: {names}",
        "lot_decided": "Durch Los entschieden zwischen: {names}",
        "referred": "Verwiesen auf {to}",
        "notes": "Hinweis",
        "default": "Standard",
        "none": "keine",
        "calls": "Berufungen",
        "call_failed": "{name} berufen {start}, gescheitert {ended} ({how})",
        "call_open": "{name} berufen {start}",
        "body": "Die Vertretung am {as_of}",
        "legal": "gesetzliche Mitgliederzahl {n}",
        "sitting": "{n} Mitglieder sitzen (nach den Angaben des Falls)",
        "sitting_1": "1 Mitglied sitzt (nach den Angaben des Falls)",
        "vacant_seats": "leer: {who}",
        "pending": "offene Berufungen: {who}",
        "unfilled": "{n} Sitze bei der Wahl unbesetzt",
        "seat_of": "Sitz von {who} seit {since} ({why})",
        "pending_of": "{name} für den Sitz von {who} seit {since}",
        "place": "Listenplatz {n}",
    },
}


def render(result: dict, case, console: Console, lang: str = "en") -> None:
    h = HEAD[lang]
    title = result.get("title") or result["case"]
    _indented(console, f"[bold]{h['case']}:[/bold] {escape(title)} [dim]({escape(result['case'])})[/dim]", 0)
    _indented(console, f"[bold]{h['statute']}:[/bold] {result['statute']} - {escape(result['statute_version'])}", 0)
    defaults = reading_defaults(result["statute"])
    changed = {k: v for k, v in result["readings"].items() if defaults.get(k) != v}
    shown = escape(readings_line(changed, lang)) or h["default"]
    _indented(console, f"[bold]{h['readings']}:[/bold] {shown}", 0)
    for w in result["warnings"]:
        _indented(console, f"[yellow bold]{h['warning']}:[/yellow bold] [yellow]{escape(w)}[/yellow]", 0)
    for det in result["determinations"]:
        console.print()
        _render_determination(det, case, console, lang)
    if result.get("composition"):
        console.print()
        _render_composition(result["composition"], case, console, lang)


def _render_composition(comp: dict, case, console: Console, lang: str) -> None:
    """What an officer checks before the next sitting: who sits, which seats are empty, which calls
    are still open."""
    h, lab = HEAD[lang], LABELS[lang]
    sitting = sum(len(s["holders"]) for s in comp["seats"])
    parts = [h["sitting_1"] if sitting == 1 else h["sitting"].format(n=sitting)]
    if comp["legal_member_count"] is not None:
        parts.insert(0, h["legal"].format(n=comp["legal_member_count"]))
    if comp.get("unfilled_at_election"):
        parts.append(h["unfilled"].format(n=comp["unfilled_at_election"]))
    console.print(f"[bold]{h['body'].format(as_of=_day(comp['as_of'], lang))}:[/bold] " + "; ".join(parts))
    if comp["vacant"]:
        who = "; ".join(
            h["seat_of"].format(
                who=escape(case.display(v["seat_of"])), since=_day(v["since"], lang), why=lab.get(v["why"], v["why"])
            )
            for v in comp["vacant"]
        )
        console.print("  " + h["vacant_seats"].format(who=who))
    if comp["pending"]:
        who = "; ".join(
            h["pending_of"].format(
                name=escape(case.display(p["person"])),
                since=_day(p["since"], lang),
                who=escape(case.display(p["seat_of"])),
            )
            for p in comp["pending"]
        )
        console.print("  " + h["pending"].format(who=who))


STYLE = {"successor": "bold green", "skipped": "red", "tied": "yellow", "behind": "dim"}


# Spaces a line must not break at: inside a citation ("§ 34", "Abs. 2", "Nr. 1", "Satz 3") and a date
# as running text ("1. April 2025", "1 April 2025"). A private-use character stands in for them while
# rich wraps (it breaks at every whitespace, a no-break space included).
_KEEP = "\ue000"
_MONTHS = (
    "Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|"
    "January|February|March|May|June|July|October|December"
)
_UNBROKEN = re.compile(
    rf"(§|\b(?:Abs|Nr|Hs)\.|\bSatz|\bSätze|\bHalbsatz) (?=\d)"
    rf"|(\b\d{{1,2}}\.?) (?=(?:{_MONTHS})\b)|\b({_MONTHS}) (?=\d{{4}}\b)"
)


def _unbroken(markup: str) -> str:
    return _UNBROKEN.sub(lambda m: (m.group(1) or m.group(2) or m.group(3)) + _KEEP, markup)


def _indented(console: Console, markup: str, left: int) -> None:
    """A line whose continuation lines keep its indentation (a hanging indent), wrapped at word
    boundaries (never inside a citation or a date), with no trailing spaces."""
    from rich.text import Text

    text = Text.from_markup(_unbroken(markup), emoji=False)  # a name's ":x:" stays as written
    for line in text.wrap(console, max(20, console.width - left)):
        line.rstrip()
        line = Text(line.plain.replace(_KEEP, " "), style=line.style, spans=line.spans, end="")
        console.print(Text(" " * left) + line, soft_wrap=True)


def _candidate_table(det: dict, case, console: Console, lang: str) -> None:
    from rich.table import Table  # (wide terminals only: files and narrow ones get blocks)

    h = HEAD[lang]
    table = Table(show_lines=True, header_style="bold", expand=True)
    # fixed widths for the short columns; the rest share the room, the explanation most
    layout = ((None, 3), (3, None), (2, None), (None, 7), (None, 5), (None, 10), (None, 16), (3, None), (6, None))
    for col, (ratio, width) in zip(h["cols"], layout):
        table.add_column(col, ratio=ratio, width=width, overflow="fold")
    for c in det["candidates"]:
        table.add_row(
            str(c["rank"]),
            escape(case.display(c["person"])),
            escape(case.nomination_display(c["nomination"])),
            "-" if c.get("votes") is None else str(c["votes"]),
            "" if c.get("position") is None else str(c["position"]),
            f"[{STYLE[c['status']]}]{status_word(c['status'], det.get('statute'), lang)}[/]",
            reason_words(c, lang),
            escape(c["citation"]),
            escape(c["explanation"]),
        )
    console.print(table)


def _candidate_blocks(det: dict, case, console: Console, lang: str) -> None:
    """One block per candidate: who, on which list with how many votes; the status and why, with
    the citation; the explanation. Rich wraps at word boundaries."""
    h = HEAD[lang]
    for c in det["candidates"]:
        votes = votes_word(c.get("votes"), lang)
        facts = [escape(case.nomination_display(c["nomination"])), votes]
        if c.get("position") is not None:
            facts.append(h["place"].format(n=c["position"]))
        _indented(console, f"{c['rank']}. [bold]{escape(case.display(c['person']))}[/bold] - " + ", ".join(facts), 2)
        status = f"[{STYLE[c['status']]}]{status_word(c['status'], det.get('statute'), lang)}[/]"
        why = reason_words(c, lang)
        _indented(console, f"{status}{': ' + why if why else ''} - [cyan]{escape(c['citation'])}[/cyan]", 5)
        _indented(console, escape(c["explanation"]), 5)


def _render_determination(det: dict, case, console: Console, lang: str) -> None:
    h, lab = HEAD[lang], LABELS[lang]
    who = case.display(det["vacancy"])
    trig = TRIGGER_PHRASE[lang].get(det["trigger"], det["trigger"])
    title = (
        f"[bold]{h['vacancy']}: {h['of']} {escape(who)} ({escape(det['vacancy'])}), "
        f"{escape(case.nomination_display(det['seat_nomination']))} - {trig} {h['on']} {_day(det['date'], lang)}[/bold]"
    )
    if console.width >= TABLE_MIN_WIDTH:
        console.rule(title, align="left")
    else:  # a rule would cut the title short
        console.rule(style="dim")
        _indented(console, title, 0)
    if det.get("version_basis"):
        _indented(console, f"{h['text']}: {det['statute']} - {escape(det['version_basis'])}", 2)
    for g in det.get("trigger_grounds", []):
        _indented(console, f"{h['trigger']}: [cyan]{escape(g['citation'])}[/cyan]: {escape(g['explanation'])}", 2)
    if det["candidates"]:
        if console.width >= TABLE_MIN_WIDTH:
            _candidate_table(det, case, console, lang)
        else:
            _candidate_blocks(det, case, console, lang)
    outcome = det["outcome"]
    if outcome == "successor":
        line = h["succ"].format(
            label=capital(status_word("successor", det.get("statute"), lang)),
            name=escape(case.display(det["successor"])),
            id=escape(det["successor"]),
            nom=escape(case.nomination_display(det["successor_nomination"])),
        )
        _indented(console, f"[bold green]{h['outcome']}: {line}[/bold green]", 0)
    else:
        text = lab.get(outcome, outcome)
        if outcome == "by_election" and det.get("by_election_kind"):
            text = lab.get(f"by_election_{det['by_election_kind']}", text)
        if outcome == "lot":
            text += " - " + h["lot"].format(names=", ".join(escape(case.display(p)) for p in det["lot_between"]))
        if outcome == "referred" and det["referred_to"]:
            text = h["referred"].format(to=escape(det["referred_to"]))
        # the legal member count and its norm (where the material leaves it open, the note says so)
        count = member_count_words(det, lang)
        if count:
            text += "; " + escape(count)
        _indented(console, f"[bold yellow]{h['outcome']}: {text}[/bold yellow]", 0)
    if det["lot_between"] and outcome == "successor":
        names = ", ".join(escape(case.display(p)) for p in det["lot_between"])
        console.print("  " + h["lot_decided"].format(names=names))
    console.print(f"[bold]{h['grounds']}:[/bold]")
    for i, g in enumerate(det["grounds"], 1):
        _indented(console, f"{i}. [cyan]{escape(g['citation'])}[/cyan]: {escape(g['explanation'])}", 2)
    for n in det.get("notes", []):
        _indented(
            console,
            f"[yellow]{h['notes']}[/yellow] ([cyan]{escape(n['citation'])}[/cyan]): {escape(n['explanation'])}",
            2,
        )
    if len(det.get("calls", [])) > 1:
        ends = CALL_END_WORDS[lang]
        steps = [
            h["call_failed" if c["ended"] else "call_open"].format(
                name=escape(case.display(c["person"])),
                start=_day(c["from"], lang),
                ended=_day(c["ended"], lang),
                how=ends.get(c["how"], c["how"]),
            )
            for c in det["calls"]
        ]
        _indented(console, f"[bold]{h['calls']}:[/bold] " + "; ".join(steps), 0)
    m = det.get("membership")
    if m:
        _indented(console, f"[bold]{h['membership']}:[/bold] " + membership_summary(m, lang), 0)
        note = deadline_note(m, lang)
        if note:
            _indented(console, escape(note), 2)
        if m.get("assumption"):
            console.print(f"  [dim]{escape(m['assumption'])}[/dim]")

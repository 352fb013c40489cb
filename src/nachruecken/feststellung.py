"""`nachruecken feststellung`: the draft of the official determination (Feststellung) per vacancy.

One Jinja2 template per state (``templates/feststellung/<state>.md.j2``, extending the base of the
language) writes a small Markdown: headings, paragraphs, numbered and bulleted lists, boxes (``> ``)
for what the officer must check, and ``[____]`` blanks for what the case does not hold (addresses,
the office, place, date, signature). That text is the Markdown output; HTML (a printable A4 page)
and DOCX (python-docx, optional extra ``docx``) are made from the same blocks, so the three say the
same. Nothing is invented: every fact comes from the case or the determination.
"""

from __future__ import annotations

import datetime as dt
import functools
import html
import io
import re
from pathlib import Path

from .dates import long_date
from .errors import InputError
from .explain import CALL_END_WORDS, MEMBERSHIP_WORDS, REASON_WORDS, TRIGGER_PHRASE
from .statutes import STATE_OF, reading_defaults

TEMPLATES = Path(__file__).parent / "templates" / "feststellung"
BLANK = re.compile(r"\[_+ ?([^\]]*?) ?_*\]")

EVENT_WORDS = {
    "de": {"died": "Tod", "refused": "Ablehnung der Wahl", "resigned": "Verzicht auf den Sitz (Niederlegung)",
           "lost_seat": "Verlust des Sitzes", "elected_mayor": "Annahme der Wahl zum Bürgermeister",
           "switched": "Wechsel auf einen anderen Sitz",
           "lost_eligibility": "Wegfall einer Wählbarkeitsvoraussetzung vor der Annahme"},
    "en": TRIGGER_PHRASE["en"],
}

TITLES = {
    "de": {"successor": "Feststellung über das Ausscheiden eines Mitglieds und das Nachrücken",
           "vacant": "Feststellung über das Ausscheiden eines Mitglieds und das Leerbleiben des Sitzes",
           "lot": "Feststellung über das Ausscheiden eines Mitglieds und den erforderlichen Losentscheid",
           "by_election": "Feststellung über das Ausscheiden eines Mitglieds und die erforderliche Wahl",
           "other": "Feststellung über das Ausscheiden eines Mitglieds"},
    "en": {"successor": "Determination of a member's departure and the succession",
           "vacant": "Determination of a member's departure and that the seat stays empty",
           "lot": "Determination of a member's departure and the lot required",
           "by_election": "Determination of a member's departure and the election required",
           "other": "Determination of a member's departure"},
}

OPERATIVE = {
    "de": {"successor": "Ich stelle fest, dass {name} aus dem Wahlvorschlag {nom} an die Stelle von {departed} "
                        "in {body_dat} nachrückt.",
           "vacant": "Ich stelle fest, dass der Wahlvorschlag {nom} erschöpft ist und der Sitz von {departed} "
                     "unbesetzt bleibt.",
           "reduced": " Die gesetzliche Mitgliederzahl vermindert sich entsprechend{count}.",
           "lot": "Ich stelle fest, dass zwischen {names} das vom Wahlleiter zu ziehende Los entscheidet.",
           "lot_open": "der Losentscheid zwischen {names} (Zeitpunkt und Ergebnis)",
           "by_election": "Ich stelle fest, dass der Sitz von {departed} durch {kind} zu besetzen ist.",
           "by_election_open": "Zeitpunkt und Durchführung der Wahl",
           "referred": "Die Nachfolge in den Sitz von {departed} richtet sich nach {to}; eine Feststellung nach "
                       "dieser Vorschrift ergeht gesondert.",
           "referred_open": "die Anwendung von {to}",
           "undetermined": "Nach dem angewandten Text lässt sich die Nachfolge in den Sitz von {departed} nicht "
                           "feststellen: {why}",
           "undetermined_open": "was der Text offenlässt (siehe die Gründe)",
           "not_applicable": "Die Nachfolge in den Sitz von {departed} richtet sich nicht nach dieser Vorschrift: "
                             "{why}",
           "count": " auf {n}", "body_dat": "die Vertretungskörperschaft",
           "body_named": "die Vertretungskörperschaft „{name}“", "member_from": " Die Mitgliedschaft beginnt am {day}.",
           "pending": " Die Mitgliedschaft beginnt, wie unter 5. beschrieben."},
    "en": {"successor": "I determine that {name} of the Wahlvorschlag {nom} succeeds {departed} in {body_dat}.",
           "vacant": "I determine that the Wahlvorschlag {nom} is exhausted and the seat of {departed} stays empty.",
           "reduced": " The legal member count falls accordingly{count}.",
           "lot": "I determine that a lot drawn by the Wahlleiter decides between {names}.",
           "lot_open": "the lot between {names} (when, and its result)",
           "by_election": "I determine that the seat of {departed} is to be filled by {kind}.",
           "by_election_open": "when and how the election is held",
           "referred": "The succession to the seat of {departed} is governed by {to}; a determination under it "
                       "follows separately.",
           "referred_open": "the application of {to}",
           "undetermined": "Under the text applied the succession to the seat of {departed} cannot be "
                           "determined: {why}",
           "undetermined_open": "what the text leaves open (see the grounds)",
           "not_applicable": "The succession to the seat of {departed} is not governed by this provision: {why}",
           "count": " to {n}", "body_dat": "the body", "body_named": "the body “{name}”", "member_from": " Membership begins on {day}.",
           "pending": " Membership begins as described under 5."},
}

ELECTION_KIND = {
    "de": {"neuwahl_wahlkreis": "Neuwahl im Wahlkreis", "ergaenzungswahl": "Ergänzungswahl"},
    "en": {"neuwahl_wahlkreis": "a new election in the Wahlkreis", "ergaenzungswahl": "a supplementary election"},
}

MEMBERSHIP_SENTENCE = {
    "de": {"pending": "{name} ist benachrichtigt bzw. zu benachrichtigen{notified}; die Frist endet am {deadline}.",
           "done": "Stand: {status}{notified}{deadline}{member_from}."},
    "en": {"pending": "{name} is or must be notified{notified}; the period ends on {deadline}.",
           "done": "Status: {status}{notified}{deadline}{member_from}."},
}


def _day(text: str | None, lang: str) -> str:
    return long_date(dt.date.fromisoformat(text), lang) if text else ""


def _join(items: list[str], lang: str) -> str:
    """"a, b und c" / "a, b and c"."""
    word = " und " if lang == "de" else " and "
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + word + items[-1]


def _blank(label: str) -> str:
    return f"[____ {label} ____]"


@functools.cache
def _environment():
    import jinja2  # imported where needed: only this command uses it

    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=False,
                              keep_trailing_newline=True, trim_blocks=False, lstrip_blocks=False,
                              undefined=jinja2.StrictUndefined)


def _nom(case, nid: str | None) -> str:
    if nid is None:
        return "-"
    try:
        n = case.nomination(nid)
        return n.name or n.id
    except KeyError:
        return nid


def context(result: dict, case, det: dict, lang: str) -> dict:
    """Everything a template may say about one determination, from the case and the result only."""
    name = case.display
    outcome = det["outcome"]
    grounds = det["grounds"]
    # the outcome ground splits the grounds: the rule applied before it, the membership rules after it
    k = next((i for i, g in enumerate(grounds) if det["outcome_ground"] and g == det["outcome_ground"]), len(grounds))
    rule = grounds[:k] or grounds[:1]
    membership_grounds = grounds[k + 1:] if outcome == "successor" else []
    op = OPERATIVE[lang]
    departed = name(det["vacancy"])
    seat_nom = _nom(case, det["seat_nomination"])
    comp = result.get("composition") or {}
    open_points = []
    if outcome == "successor":
        text = op["successor"].format(name=name(det["successor"]), nom=_nom(case, det["successor_nomination"]),
                                      departed=departed, body_dat=op["body_named"].format(name=case.body_name)
                                      if case.body_name else op["body_dat"])
        m = det.get("membership") or {}
        text += op["member_from"].format(day=_day(m["member_from"], lang)) if m.get("member_from") else op["pending"]
    elif outcome == "vacant":
        text = op["vacant"].format(nom=seat_nom, departed=departed)
        if det["member_count_reduced"]:
            n = comp.get("legal_member_count")
            text += op["reduced"].format(count=op["count"].format(n=n) if n is not None else "")
    elif outcome == "lot":
        names = _join([name(p) for p in det["lot_between"]], lang)
        text = op["lot"].format(names=names)
        open_points.append(op["lot_open"].format(names=names))
    elif outcome == "by_election":
        kind = ELECTION_KIND[lang].get(det.get("by_election_kind", ""), "eine Wahl" if lang == "de" else "an election")
        text = op["by_election"].format(departed=departed, kind=kind)
        open_points.append(op["by_election_open"])
    elif outcome == "referred":
        text = op["referred"].format(departed=departed, to=det["referred_to"])
        open_points.append(op["referred_open"].format(to=det["referred_to"]))
    else:
        why = (det["outcome_ground"] or {}).get("explanation", "")
        text = op[outcome].format(departed=departed, why=why)
        if outcome == "undetermined":
            open_points.append(op["undetermined_open"])
    passed = [{"name": name(c["person"]), "nomination": _nom(case, c["nomination"]),
               "reason": ", ".join(REASON_WORDS[lang].get(r, r) for r in c.get("reasons", [])),
               "date": _day(c.get("reason_date"), lang), "citation": c["citation"], "explanation": c["explanation"]}
              for c in det["candidates"] if c["status"] == "skipped"]
    # a call that failed after the person was reached is part of the record too
    for call in det.get("calls", []):
        if call["ended"] and not any(p["name"] == name(call["person"]) for p in passed):
            passed.append({"name": name(call["person"]), "nomination": _nom(case, call["nomination"]),
                           "reason": CALL_END_WORDS[lang].get(call["how"], call["how"]),
                           "date": _day(call["ended"], lang), "citation": "", "explanation": ""})
    membership = ""
    m = det.get("membership")
    if m:
        words = MEMBERSHIP_WORDS[lang]
        notified = f", {words['notified']} {_day(m['notified'], lang)}" if m.get("notified") else ""
        if m["status"] == "pending":
            membership = MEMBERSHIP_SENTENCE[lang]["pending"].format(
                name=name(det["successor"]), notified=notified.replace(",", ":", 1) if notified else "",
                deadline=_day(m["deadline"], lang) or _blank("Frist" if lang == "de" else "period"))
        else:
            membership = MEMBERSHIP_SENTENCE[lang]["done"].format(
                status=words.get(m["status"], m["status"]), notified=notified,
                deadline=f", {words['deadline']} {_day(m['deadline'], lang)}" if m.get("deadline") else "",
                member_from=f", {words['member_from']} {_day(m['member_from'], lang)}" if m.get("member_from") else "")
        if m.get("assumption"):
            membership += f" ({m['assumption']})"
    defaults = reading_defaults(result["statute"])
    readings = ", ".join(f"{k} = {v}" for k, v in det.get("readings", {}).items() if defaults.get(k) != v)
    checks = list(result["warnings"]) + [n["explanation"] for n in det["notes"]]
    trigger_words = EVENT_WORDS[lang].get(det["trigger"], det["trigger"])
    return {
        "lang": lang, "title": TITLES[lang].get(outcome, TITLES[lang]["other"]), "body": case.body_name,
        "departed": {"name": departed, "nomination": seat_nom, "event": trigger_words, "date": _day(det["date"], lang),
                     "grounds": det["trigger_grounds"]},
        "rule": rule, "passed": passed, "operative": text, "open_points": open_points,
        "membership": membership, "membership_grounds": membership_grounds,
        "statute_id": det["statute"], "statute_version": det["statute_version"],
        "version_basis": det.get("version_basis", ""), "readings": readings, "checks": checks,
        "blank": _blank,
    }


def markdown(result: dict, case, det: dict, lang: str = "de") -> str:
    env = _environment()
    state = STATE_OF[det["statute"]]
    template = env.get_template(f"{state}.md.j2")
    text = template.render(base=f"base.{lang}.md.j2", **context(result, case, det, lang))
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def select(result: dict, vacancy: str | None) -> list[dict]:
    dets = result["determinations"]
    if vacancy is None:
        return dets
    keys = _keys(dets)
    chosen = [d for d, key in zip(dets, keys) if key == vacancy or d["vacancy"] == vacancy]
    if not chosen:
        raise InputError(f"no determination for '{vacancy}'; the case has: {', '.join(keys) or 'none'}", "--vacancy")
    return chosen


def _keys(dets: list[dict]) -> list[str]:
    """``id``, ``id#2``, ... as in the expected block."""
    seen: dict[str, int] = {}
    out = []
    for d in dets:
        seen[d["vacancy"]] = seen.get(d["vacancy"], 0) + 1
        out.append(d["vacancy"] if seen[d["vacancy"]] == 1 else f"{d['vacancy']}#{seen[d['vacancy']]}")
    return out


def document(result: dict, case, vacancy: str | None = None, lang: str = "de") -> str:
    """The Markdown of every selected determination, one after another (a page break between)."""
    parts = [markdown(result, case, det, lang) for det in select(result, vacancy)]
    if not parts:
        return ("Keine Vakanz: nichts festzustellen.\n" if lang == "de" else "No vacancy: nothing to determine.\n")
    return "\n---\n\n".join(parts)


# --- blocks: the small Markdown the templates write, for HTML and DOCX ----------------------------

def blocks(text: str) -> list[tuple[str, str]]:
    """(kind, text) with kind h1 h2 p li ol box rule; consecutive lines of a paragraph are joined."""
    out: list[tuple[str, str]] = []
    para: list[str] = []

    def flush():
        if para:
            out.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            flush()
            continue
        if line == "---":
            flush(); out.append(("rule", ""))
        elif line.startswith("## "):
            flush(); out.append(("h2", line[3:]))
        elif line.startswith("# "):
            flush(); out.append(("h1", line[2:]))
        elif line.startswith("- "):
            flush(); out.append(("li", line[2:]))
        elif re.match(r"\d+\. ", line):
            flush(); out.append(("ol", line.split(" ", 1)[1]))
        elif line.startswith(">"):
            flush()
            body = line[1:].strip()
            if body:
                out.append(("box", body))
        else:
            para.append(line)
    flush()
    return out


def _inline_html(text: str) -> str:
    text = html.escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    return BLANK.sub(lambda m: f'<span class="blank">{m.group(1)}</span>', text)


def to_html(text: str, lang: str = "de") -> str:
    body = []
    open_list = None
    for kind, content in blocks(text):
        list_kind = {"li": "ul", "ol": "ol"}.get(kind)
        if open_list and list_kind != open_list:
            body.append(f"</{open_list}>")
            open_list = None
        if list_kind and open_list is None:
            body.append(f"<{list_kind}>")
            open_list = list_kind
        if kind in ("li", "ol"):
            body.append(f"<li>{_inline_html(content)}</li>")
        elif kind == "h1":
            body.append(f"<h1>{_inline_html(content)}</h1>")
        elif kind == "h2":
            body.append(f"<h2>{_inline_html(content)}</h2>")
        elif kind == "box":
            body.append(f'<div class="check">{_inline_html(content)}</div>')
        elif kind == "rule":
            body.append('<div class="pagebreak"></div>')
        else:
            body.append(f"<p>{_inline_html(content)}</p>")
    if open_list:
        body.append(f"</{open_list}>")
    style = ("@page { size: A4; margin: 2.5cm 2cm; } body { font-family: serif; font-size: 11pt; line-height: 1.4; "
             "max-width: 17cm; margin: auto; } h1 { font-size: 15pt; } h2 { font-size: 12pt; margin-top: 1.2em; } "
             ".check { border: 2px solid #b00; padding: 0.4em 0.6em; margin: 0.4em 0; } "
             ".blank { display: inline-block; min-width: 6cm; border-bottom: 1px solid #000; color: #666; "
             "font-size: 8pt; } .pagebreak { page-break-after: always; }")
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{_inline_html(blocks(text)[0][1]) if blocks(text) else ''}</title>\n<style>{style}</style>\n"
            "</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n")


def to_docx(text: str) -> bytes:
    try:
        import docx
        from docx.shared import Pt, RGBColor
    except ImportError:
        raise InputError("DOCX needs python-docx: pip install 'nachruecken[docx]'", "--format") from None
    document_ = docx.Document()
    for kind, content in blocks(text):
        if kind == "h1":
            document_.add_heading(_plain(content), level=1)
            continue
        if kind == "h2":
            document_.add_heading(_plain(content), level=2)
            continue
        if kind == "rule":
            document_.add_page_break()
            continue
        style = {"li": "List Bullet", "ol": "List Number"}.get(kind)
        para = document_.add_paragraph(style=style)
        for piece, bold, blank in _runs(content):
            run = para.add_run(piece)
            run.bold = bold
            if blank:
                run.underline = True
                run.font.color.rgb = RGBColor(0x66, 0x66, 0x66)
        if kind == "box":
            for run in para.runs:
                run.font.color.rgb = RGBColor(0xB0, 0x00, 0x00)
                run.font.size = Pt(10)
    buffer = io.BytesIO()
    document_.save(buffer)
    return buffer.getvalue()


def _plain(text: str) -> str:
    return BLANK.sub(lambda m: f"[{m.group(1)}]", text.replace("**", ""))


def _runs(text: str) -> list[tuple[str, bool, bool]]:
    """Split a line into (text, bold, blank) runs."""
    out = []
    for i, chunk in enumerate(re.split(r"\*\*", text)):
        pos = 0
        for m in BLANK.finditer(chunk):
            if m.start() > pos:
                out.append((chunk[pos:m.start()], i % 2 == 1, False))
            out.append((f"  {m.group(1)}  ".ljust(24, "\u00a0"), False, True))
            pos = m.end()
        if pos < len(chunk):
            out.append((chunk[pos:], i % 2 == 1, False))
    return out

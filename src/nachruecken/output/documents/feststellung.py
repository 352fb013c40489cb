"""`nachruecken feststellung`: the draft of the official determination (Feststellung) per vacancy.

One Jinja2 template per state (``templates/feststellung/<state>.md.j2``, extending the base of the
language) writes a small Markdown: headings, paragraphs, numbered and bulleted lists, boxes (``> ``)
for what the officer must check, and ``[____]`` blanks for what the case does not hold (addresses,
the office, place, date, signature). That text is the Markdown output; HTML (a printable A4 page)
and DOCX (python-docx, optional extra ``docx``) are made from the same blocks, so the three say the
same. Nothing is invented: every fact comes from the case or the determination.
"""

from __future__ import annotations

import datetime
import functools
import html
import io
import re
from pathlib import Path

from nachruecken.law.dates import long_iso
from nachruecken.errors import InputError
from nachruecken.law.texts import CALL_END_WORDS, MEMBERSHIP_WORDS, deadline_note, reason_words
from nachruecken.law.statutes import STATE_OF, load_statute, reading_defaults
from nachruecken.law.wording import capital, readings_line

TEMPLATES = Path(__file__).parent / "templates" / "feststellung"
BLANK = re.compile(r"\[_+ ?([^\]]*?) ?_*\]")

EVENT_SENTENCE = {
    "de": {"died": "ist am {date} verstorben", "refused": "hat die Annahme der Wahl am {date} abgelehnt",
           "resigned": "hat auf den Sitz verzichtet und scheidet mit Wirkung vom {date} aus",
           "resigned_by_refusal": "hat am {date} erklärt, die Wahl abzulehnen; da die Mitgliedschaft bereits begonnen "
                                  "hatte, ist das ein Verzicht auf den Sitz, mit Wirkung vom {date}",
           "lost_seat": "hat den Sitz mit Wirkung vom {date} verloren",
           "elected_mayor": "hat am {date} die Wahl in das Bürgermeisteramt angenommen",
           "switched": "ist am {date} auf einen anderen Sitz gewechselt",
           "lost_eligibility": "hat am {date}, vor der Annahme, eine Voraussetzung der Wählbarkeit verloren"},
    "en": {"died": "died on {date}", "refused": "refused the election on {date}",
           "resigned": "gave up the seat, with effect from {date}", "lost_seat": "lost the seat with effect from {date}",
           "resigned_by_refusal": "declared on {date} that they refuse the election; as their membership had begun, "
                                  "this gives up the seat, with effect from {date}",
           "elected_mayor": "accepted the election as mayor on {date}", "switched": "moved to another seat on {date}",
           "lost_eligibility": "lost a requirement of eligibility on {date}, before accepting"},
}

TITLES = {
    "de": {"successor": "Feststellung über das Ausscheiden eines Mitglieds und das Nachrücken",
           "vacant": "Feststellung über das Ausscheiden eines Mitglieds und das Leerbleiben des Sitzes",
           "lot": "Feststellung über das Ausscheiden eines Mitglieds und den erforderlichen Losentscheid",
           "by_election": "Feststellung über das Ausscheiden eines Mitglieds und die erforderliche Wahl",
           "other": "Feststellung über das Ausscheiden eines Mitglieds",
           "kept": "Vermerk: keine Feststellung über ein Nachrücken"},
    "en": {"successor": "Determination of a member's departure and the succession",
           "vacant": "Determination of a member's departure and that the seat stays empty",
           "lot": "Determination of a member's departure and the lot required",
           "by_election": "Determination of a member's departure and the election required",
           "other": "Determination of a member's departure",
           "kept": "Note: no determination of a succession"},
}

OPERATIVE = {
    "de": {"departure": "Ich stelle fest, dass {departed} mit Wirkung vom {date} aus der Vertretung ausgeschieden ist",
           "and": " und ",
           "kept": "{departed} behält den Sitz: die Annahme der Wahl zum Bürgermeister ist selbst kein Grund des "
                   "Ausscheidens; ob und wann der Sitz verloren geht, richtet sich nach {to}. Eine Feststellung über "
                   "ein Nachrücken ergeht nicht; sie folgt, wenn der Verlust des Sitzes festgestellt ist.",
           "norm": " ({citation})",
           "unchanged": " Die gesetzliche Mitgliederzahl bleibt unverändert.",
           "drawn": "Das Los wurde am {date} gezogen; es fiel auf {name}.",
           "successor": "dass {name} aus dem Wahlvorschlag {nom} an die Stelle von {departed} "
                        "in {body_dat} nachrückt.",
           "vacant": "dass der Wahlvorschlag {nom} erschöpft ist und der Sitz von {departed} "
                     "unbesetzt bleibt.",
           "reduced": " Die gesetzliche Mitgliederzahl vermindert sich um einen Sitz auf {count}.",
           "lot": "dass zwischen {names} das vom Wahlleiter zu ziehende Los entscheidet.",
           "lot_open": "der Losentscheid zwischen {names} (Zeitpunkt und Ergebnis)",
           "by_election": "dass der Sitz von {departed} durch {kind} zu besetzen ist.",
           "by_election_open": "Zeitpunkt und Durchführung der Wahl",
           "referred": "Die Nachfolge in den Sitz von {departed} richtet sich nach {to}; eine Feststellung nach "
                       "dieser Vorschrift ergeht gesondert.",
           "referred_open": "die Anwendung von {to}",
           "undetermined": "Nach dem angewandten Text lässt sich die Nachfolge in den Sitz von {departed} nicht "
                           "feststellen: {why}",
           "undetermined_open": "was der Text offenlässt (siehe die Gründe)",
           "not_applicable": "Die Nachfolge in den Sitz von {departed} richtet sich nicht nach dieser Vorschrift: "
                             "{why}",
           "body_dat": "die Vertretungskörperschaft",
           "body_named": "die Vertretungskörperschaft „{name}“", "member_from": " Die Mitgliedschaft beginnt am {day}.",
           "pending": " Die Mitgliedschaft beginnt, wie unter 5. beschrieben."},
    "en": {"departure": "I determine that {departed} left the body with effect from {date}",
           "and": " and ",
           "kept": "{departed} keeps the seat: accepting the mayoralty is not itself a ground of departure; whether "
                   "and when the seat is lost is governed by {to}. No determination of a succession is made; it "
                   "follows once the loss of the seat is determined.",
           "norm": " ({citation})",
           "unchanged": " The legal member count stays the same.",
           "drawn": "The lot was drawn on {date}; it fell on {name}.",
           "successor": "that {name} of the Wahlvorschlag {nom} succeeds {departed} in {body_dat}.",
           "vacant": "that the Wahlvorschlag {nom} is exhausted and the seat of {departed} stays empty.",
           "reduced": " The legal member count falls by one seat to {count}.",
           "lot": "that a lot drawn by the Wahlleiter decides between {names}.",
           "lot_open": "the lot between {names} (when, and its result)",
           "by_election": "that the seat of {departed} is to be filled by {kind}.",
           "by_election_open": "when and how the election is held",
           "referred": "The succession to the seat of {departed} is governed by {to}; a determination under it "
                       "follows separately.",
           "referred_open": "the application of {to}",
           "undetermined": "Under the text applied the succession to the seat of {departed} cannot be "
                           "determined: {why}",
           "undetermined_open": "what the text leaves open (see the grounds)",
           "not_applicable": "The succession to the seat of {departed} is not governed by this provision: {why}",
           "body_dat": "the body", "body_named": "the body “{name}”", "member_from": " Membership begins on {day}.",
           "pending": " Membership begins as described under 5."},
}

# Where a statute's act is not "nachrücken" (Hamburg § 36 Abs. 1, 2: für gewählt erklären).
OPERATIVE_BY_STATE = {
    "hh": {"de": {"departure": "Ich stelle fest, dass {departed} mit Wirkung vom {date} aus der Bezirksversammlung "
                               "ausgeschieden ist",
                  "successor": "dass {name} aus dem Wahlvorschlag {nom} an Stelle von {departed} als Mitglied der "
                               "{body} für gewählt erklärt wird.", "body_dat": "Bezirksversammlung",
                  "body_named": "{name}"},
           "en": {"departure": "I determine that {departed} left the Bezirksversammlung with effect from {date}",
                  "successor": "that {name} of the Wahlvorschlag {nom} is declared elected to {body} in place of "
                               "{departed}.", "body_dat": "the Bezirksversammlung", "body_named": "{name}"}},
}
# An outcome that rests on a reading (not on the words of the text) is said so next to its norm.
ON_READING = {"de": ", nach der Lesart im Prüfhinweis", "en": ", under the reading in the check box"}
READING_CHECK = {"de": "Das Ergebnis beruht auf einer Lesart, nicht auf dem Wortlaut: {why}",
                 "en": "The outcome rests on a reading, not on the words of the text: {why}"}
ELECTION_KIND = {
    "de": {"neuwahl_wahlkreis": "Neuwahl im Wahlkreis", "ergaenzungswahl": "Ergänzungswahl"},
    "en": {"neuwahl_wahlkreis": "a new election in the Wahlkreis", "ergaenzungswahl": "a supplementary election"},
}

MEMBERSHIP_SENTENCE = {
    "de": {"unnotified": "{name} ist zu benachrichtigen; die gesetzliche Frist (siehe die folgenden Vorschriften) "
                         "läuft ab der Zustellung der Benachrichtigung am {served}.",
           "pending": "{name} wurde am {notified} benachrichtigt; die Frist endet am {deadline}.",
           "accepted": "{name} hat die Wahl angenommen; die Mitgliedschaft beginnt am {member_from}.",
           "deemed_accepted": "{name} hat sich bis zum Ablauf der Frist am {deadline} nicht erklärt; die Wahl gilt als "
                              "angenommen, die Mitgliedschaft beginnt am {member_from}.",
           "deemed_accepted_unnotified": "{name} hat sich nicht erklärt; die Wahl gilt mit Ablauf der gesetzlichen "
                                         "Frist, gerechnet ab der Zustellung der Benachrichtigung am {served}, als "
                                         "angenommen.",
           "other": "Stand: {status}{notified}{deadline}{member_from}."},
    "en": {"unnotified": "{name} is to be notified; the statutory period (see the provisions below) runs from the "
                         "service of the notification on {served}.",
           "pending": "{name} was notified on {notified}; the period ends on {deadline}.",
           "accepted": "{name} accepted the election; membership begins on {member_from}.",
           "deemed_accepted": "{name} made no declaration before the period ended on {deadline}; the election counts "
                              "as accepted, membership begins on {member_from}.",
           "deemed_accepted_unnotified": "{name} made no declaration; the election counts as accepted when the "
                                         "statutory period ends, counted from the service of the notification on "
                                         "{served}.",
           "other": "Status: {status}{notified}{deadline}{member_from}."},
}
LOT_DECIDED = {"de": "Zwischen {names} hat das Los entschieden.", "en": "The lot decided between {names}."}

def _day(text: str | None, lang: str) -> str:
    return long_iso(text, lang, missing="")


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


def context(result: dict, case, det: dict, lang: str) -> dict:
    """Everything a template may say about one determination, from the case and the result only."""
    # a person the case names by id only gets a marked blank: the document must not pass an id off
    # as a name
    label = "Name von" if lang == "de" else "name of"
    name = lambda pid: case.names.get(pid) or _blank(f"{label} {pid}")
    outcome = det["outcome"]
    grounds = det["grounds"]
    # the outcome ground splits the grounds: the rule applied before it, the membership rules after it
    k = next((i for i, g in enumerate(grounds) if det["outcome_ground"] and g == det["outcome_ground"]), len(grounds))
    rule = grounds[:k] or grounds[:1]
    membership_grounds = grounds[k + 1:] if outcome == "successor" else []
    state = STATE_OF[det["statute"]]
    op = {**OPERATIVE[lang], **OPERATIVE_BY_STATE.get(state, {}).get(lang, {})}
    own_texts = load_statute(det["statute"]).texts
    departed = name(det["vacancy"])
    seat_nom = case.nomination_display(det["seat_nomination"])
    comp = result.get("composition") or {}
    open_points = []
    kept = outcome == "referred" and det.get("holder_keeps_seat")
    ground = det.get("outcome_ground") or {}
    # the outcome rests on a reading where its ground, or a note on the same norm, says so
    said = [ground.get("explanation", "")] + [n["explanation"] for n in det["notes"] if n["norm"] == ground.get("norm")]
    on_reading = any("Lesart" in t or "reading" in t for t in said)
    cite = op["norm"].format(citation=ground["citation"] + (ON_READING[lang] if on_reading else "")) if ground else ""
    departure = op["departure"].format(departed=departed, date=_day(det["date"], lang)) + op["and"]
    m = det.get("membership") or {}
    # a statute under which the successor's standing begins with this determination (Hessen from 2011)
    with_determination = own_texts.get("feststellung@membership", {}).get(lang)
    if kept:
        text = op["kept"].format(departed=departed, to=det["referred_to"])
    elif outcome == "successor":
        body = op["body_named"].format(name=case.body_name) if case.body_name else op["body_dat"]
        text = op["successor"].format(name=name(det["successor"]), nom=case.nomination_display(det["successor_nomination"]),
                                      departed=departed, body_dat=body, body=body)
        text = departure + text.rstrip(".") + cite + "."
        if det["lot_between"]:
            text += " " + LOT_DECIDED[lang].format(names=_join([name(p) for p in det["lot_between"]], lang))
        if with_determination:
            text += " " + with_determination.format(name=name(det["successor"]))
        elif m.get("member_from") and (not m.get("assumption") or m.get("status") == "accepted"):
            text += op["member_from"].format(day=_day(m["member_from"], lang))
        else:
            text += op["pending"]
    elif outcome == "vacant":
        text = departure + op["vacant"].format(nom=seat_nom, departed=departed).rstrip(".") + cite + "."
        if det["member_count_reduced"]:
            # the count after this seat is known only where it is the case's one reduction (the composition
            # is read at the end of the term); otherwise a blank
            n = comp.get("legal_member_count")
            only = sum(bool(d["member_count_reduced"]) for d in result["determinations"]) == 1
            text += op["reduced"].format(count=n if (n is not None and only) else _blank(
                "neue Mitgliederzahl" if lang == "de" else "new member count"))
        else:
            text += op["unchanged"]
    elif outcome == "lot":
        names = _join([name(p) for p in det["lot_between"]], lang)
        text = departure + op["lot"].format(names=names).rstrip(".") + cite + ". " + op["drawn"].format(
            date=_blank("Datum" if lang == "de" else "date"), name=_blank("Name"))
        open_points.append(op["lot_open"].format(names=names))
    elif outcome == "by_election":
        kind = ELECTION_KIND[lang].get(det.get("by_election_kind", ""), "eine Wahl" if lang == "de" else "an election")
        text = departure + op["by_election"].format(departed=departed, kind=kind).rstrip(".") + cite + "."
        open_points.append(op["by_election_open"])
    elif outcome == "referred":
        text = departure.removesuffix(op["and"]) + ". " + op["referred"].format(departed=departed, to=det["referred_to"])
        open_points.append(op["referred_open"].format(to=det["referred_to"]))
    else:
        why = (det["outcome_ground"] or {}).get("explanation", "")
        text = op[outcome].format(departed=departed, why=why)
        if outcome == "undetermined":
            open_points.append(op["undetermined_open"])
    if on_reading and not kept and ("Lesart" in ground.get("explanation", "") or "reading" in ground.get("explanation", "")):
        open_points_reading = READING_CHECK[lang].format(why=ground["explanation"])
    else:
        open_points_reading = ""
    passed = [{"name": name(c["person"]), "nomination": case.nomination_display(c["nomination"]),
               "reason": reason_words(c, lang),
               "date": _day(c.get("reason_date"), lang), "explanation": c["explanation"],
               "citation": ", ".join(dict.fromkeys([c["citation"]] + [n["citation"] for n in c.get("norms", [])]))}
              for c in det["candidates"] if c["status"] == "skipped"]
    # a call that failed after the person was reached is part of the record too (not one the replay
    # would have made where the office called another: that is a point to check, not a fact of the act)
    for call in det.get("calls", []):
        if call["ended"] and call["how"] != "superseded" and not any(p["name"] == name(call["person"]) for p in passed):
            passed.append({"name": name(call["person"]), "nomination": case.nomination_display(call["nomination"]),
                           "reason": CALL_END_WORDS[lang].get(call["how"], call["how"]),
                           "date": _day(call["ended"], lang), "citation": "", "explanation": ""})
    membership = ""
    if m and with_determination:
        membership = with_determination.format(name=name(det["successor"]))
    elif m:
        words = MEMBERSHIP_WORDS[lang]
        sentences = MEMBERSHIP_SENTENCE[lang]
        served = _blank("Datum der Zustellung" if lang == "de" else "date served")
        who = name(det["successor"])
        # a deadline the case does not establish (no notification recorded: the tool's assumption) is
        # never written into the draft; the period runs from a blank date of service
        assumed = bool(m.get("assumption")) or not m.get("notified")
        if m["status"] == "pending" and assumed:
            membership = sentences["unnotified"].format(name=who, served=served)
        elif m["status"] == "pending":
            membership = sentences["pending"].format(name=who, notified=_day(m["notified"], lang),
                                                     deadline=_day(m["deadline"], lang))
        elif m["status"] == "accepted" and m.get("member_from"):
            membership = sentences["accepted"].format(name=who, member_from=_day(m["member_from"], lang))
        elif m["status"] == "deemed_accepted" and assumed:
            membership = sentences["deemed_accepted_unnotified"].format(name=who, served=served)
        elif m["status"] == "deemed_accepted":
            membership = sentences["deemed_accepted"].format(name=who, deadline=_day(m["deadline"], lang),
                                                             member_from=_day(m["member_from"], lang))
        else:
            notified = f", {words['notified']} {_day(m['notified'], lang)}" if m.get("notified") else ""
            membership = sentences["other"].format(
                status=words.get(m["status"], m["status"]), notified=notified,
                deadline=f", {words['deadline']} {_day(m['deadline'], lang)}" if m.get("deadline") and not assumed else "",
                member_from=f", {words['member_from']} {_day(m['member_from'], lang)}" if m.get("member_from") else "")
        note = deadline_note(m, lang)
        if note and not assumed:
            membership += " " + capital(note) + "."
    defaults = reading_defaults(result["statute"])
    readings = readings_line({k: v for k, v in det.get("readings", {}).items() if defaults.get(k) != v}, lang)
    checks = [w for w in result["warnings"] if _concerns(w, det, result)] + [n["explanation"] for n in det["notes"]]
    if open_points_reading:
        checks.append(open_points_reading)
    trigger = det["trigger"]
    if trigger == "resigned" and any(e.person == det["vacancy"] and e.date.isoformat() == det["date"]
                                     and e.type == "refused" for e in case.events):
        trigger = "resigned_by_refusal"  # a refusal after the membership began, read as a Verzicht
    own = own_texts.get(f"feststellung@{trigger}", {}).get(lang)
    event = (own or EVENT_SENTENCE[lang].get(trigger, trigger + " {date}")).format(
        date=_day(det["date"], lang), blank_final=_blank("Tag der Unanfechtbarkeit" if lang == "de" else "day it became final"))
    return {
        "lang": lang, "kept": kept,
        "title": TITLES[lang]["kept" if kept else (outcome if outcome in TITLES[lang] else "other")],
        "body": case.body_name,
        "departed": {"name": departed, "nomination": seat_nom, "event": event, "date": _day(det["date"], lang),
                     "grounds": det["trigger_grounds"]},
        "rule": rule, "passed": passed, "operative": text, "open_points": open_points,
        "membership": membership, "membership_grounds": membership_grounds,
        "statute_id": det["statute"], "statute_version": det["statute_version"],
        "version_basis": det.get("version_basis", ""), "readings": readings, "checks": checks,
        "blank": _blank,
    }


_QUOTED = re.compile(r"'([^'\s]+)'")


def _concerns(warning: str, det: dict, result: dict) -> bool:
    """Whether a case warning belongs in this determination's draft: one that names (in quotes)
    only persons of other determinations belongs in theirs."""
    named = set(_QUOTED.findall(warning))
    if not named:
        return True
    mine = {det["vacancy"], det.get("successor")} | {c["person"] for c in det["candidates"]} | {
        c["person"] for c in det.get("calls", [])}
    others = {p for d in result["determinations"] if d is not det
              for p in ({d["vacancy"], d.get("successor")} | {c["person"] for c in d["candidates"]})} - mine
    return bool(named & mine) or not (named & others)


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
        head = "Kein Sitz ist frei geworden: nichts festzustellen." if lang == "de" else "No vacancy: nothing to determine."
        return head + "\n" + "".join(f"\n> ☐ {w}\n" for w in result["warnings"])
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
                out.append(("box", body if body.startswith("☐") else "☐ " + body))
        else:
            para.append(line)
    flush()
    return out


def _inline_html(text: str) -> str:
    text = html.escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    return BLANK.sub(lambda m: f'<span class="blank">{m.group(1)}</span>', text)


def to_html(text: str, lang: str = "de") -> str:
    body = []
    open_list = None
    parsed = blocks(text)
    for kind, content in parsed:
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
            f"<title>{_inline_html(parsed[0][1]) if parsed else ''}</title>\n<style>{style}</style>\n"
            "</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n")


def to_docx(text: str, lang: str = "de") -> bytes:
    try:
        import docx
        from docx.shared import Pt, RGBColor
    except ImportError:
        raise InputError("DOCX needs python-docx: pip install 'nachruecken[docx]'", "--format") from None
    document_ = docx.Document()
    _a4(document_, lang)
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


def _a4(document_, lang: str) -> None:
    """A4 with 2 cm margins, the language of the text for spelling and hyphenation (German, or British
    English for a translation), and properties that name no author."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.shared import Cm

    for section in document_.sections:
        section.page_width, section.page_height = Cm(21.0), Cm(29.7)
        section.left_margin = section.right_margin = Cm(2.0)
        section.top_margin = section.bottom_margin = Cm(2.5)
    tag = "de-DE" if lang == "de" else "en-GB"
    for style in ("Normal", "Heading 1", "Heading 2", "List Bullet", "List Number"):
        rpr = document_.styles[style].element.get_or_add_rPr()
        for old in rpr.findall(qn("w:lang")):
            rpr.remove(old)
        node = OxmlElement("w:lang")
        node.set(qn("w:val"), tag)
        rpr.append(node)
    # the document defaults too (python-docx's template says en-US there)
    defaults = document_.styles.element.find(qn("w:docDefaults"))
    for node in (defaults.iter(qn("w:lang")) if defaults is not None else ()):
        node.set(qn("w:val"), tag)
    props = document_.core_properties
    props.author = props.last_modified_by = ""
    props.title = "Feststellung (Entwurf)" if lang == "de" else "Determination (draft)"
    props.comments = ("Entwurf, erzeugt von nachruecken; vor der Unterschrift prüfen" if lang == "de"
                      else "Draft made by nachruecken; check before signing")
    props.created = props.modified = datetime.datetime.now()


def _plain(text: str) -> str:
    return BLANK.sub(lambda m: f"[{m.group(1)}]", text.replace("**", "").replace("`", ""))


def _runs(text: str) -> list[tuple[str, bool, bool]]:
    """Split a line into (text, bold, blank) runs."""
    out = []
    text = text.replace("`", "")  # an identifier marked as code reads as itself in a Word document
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

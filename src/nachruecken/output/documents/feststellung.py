"""`nachruecken feststellung`: the draft of the official determination (Feststellung) per vacancy.

One Jinja2 template per state (``templates/feststellung/<state>.md.j2``, extending the base of the
language) writes a small Markdown: headings, paragraphs, numbered and bulleted lists, boxes (``> ``)
for what the officer must check, and ``[____]`` blanks for what the case does not hold (addresses,
the office, place, date, signature). That text is the Markdown output; HTML (a printable A4 page)
and DOCX (python-docx, optional extra ``docx``) are made from the same blocks, so the three say the
same. Nothing is invented: every fact comes from the case or the determination.

Here live the drafting of a whole document (``document``, ``markdown``) and the choice of the
determinations it covers; the parts live beside it: the template context (``context``), its operative
part (``operative``), the fixed wording (``phrases``), and the blocks made into HTML and DOCX
(``blocks``). The names callers use are re-exported here.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from nachruecken.errors import InputError
from nachruecken.law.statutes import STATE_OF
from nachruecken.output.documents.blocks import BLANK, blocks, to_docx, to_html, to_pdf
from nachruecken.output.documents.checklist import checklist
from nachruecken.output.documents.clean import clean
from nachruecken.output.documents.context import context
from nachruecken.output.documents.phrases import (
    ELECTION_KIND,
    EVENT_SENTENCE,
    LOT_DECIDED,
    MEMBERSHIP_SENTENCE,
    ON_READING,
    OPERATIVE,
    OPERATIVE_BY_STATE,
    READING_CHECK,
    TITLES,
)
from nachruecken.output.documents.views import KINDS, letter_greeting, letter_lines, needs_letter, needs_notice, view

# the names callers import from here, the wording among them (tests read the German and English
# texts of this module)
__all__ = [
    "BLANK",
    "KINDS",
    "ELECTION_KIND",
    "EVENT_SENTENCE",
    "LOT_DECIDED",
    "MEMBERSHIP_SENTENCE",
    "ON_READING",
    "OPERATIVE",
    "OPERATIVE_BY_STATE",
    "READING_CHECK",
    "TEMPLATES",
    "TITLES",
    "applies",
    "blocks",
    "context",
    "document",
    "markdown",
    "select",
    "to_docx",
    "to_html",
    "to_pdf",
    "keys_of",
]

TEMPLATES = Path(__file__).parent / "templates" / "feststellung"


@functools.cache
def _environment():
    import jinja2  # imported where needed: only this command uses it

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=False,
        lstrip_blocks=False,
        undefined=jinja2.StrictUndefined,
    )


def markdown(result: dict, case, det: dict, lang: str = "de", kind: str = "act") -> str:
    """One document of one determination: ``act`` (the Feststellung, from the state's template),
    ``notice``, ``letter`` or ``checklist``."""
    ctx = view(result, case, det, lang)
    ctx["statute_version_clean"] = clean(det["statute_version"], lang) or det["statute_version"].split(" (")[0]
    if kind == "checklist":
        drafts = [
            _render(ctx, det, lang, k, case, result.get("readings"))
            for k in ("act", "notice", "letter")
            if _applies(k, det)
        ]
        _, letter_check = letter_lines(det, case, lang, result.get("readings"))
        ctx["sections"] = checklist(ctx, det, lang, drafts, letter_check if needs_letter(det) else "")
    return _render(ctx, det, lang, kind, case, result.get("readings"))


def _render(ctx: dict, det: dict, lang: str, kind: str, case, readings: dict | None = None) -> str:
    env = _environment()
    if kind == "act":
        template = env.get_template(f"{STATE_OF[det['statute']]}.md.j2")
    else:
        template = env.get_template(f"{kind}.{lang}.md.j2")
    extra: dict = {}
    if kind == "letter":
        lines, _ = letter_lines(det, case, lang, readings)
        extra = {
            "letter": lines,
            "greeting": letter_greeting(case, det["successor"], lang),
        }
    text = template.render(base=f"base.{lang}.md.j2", **ctx, **extra)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def _applies(kind: str, det: dict) -> bool:
    """Whether a determination has this document: a letter only where a person is to be notified, a notice
    not for a referral or an undecided case."""
    if kind == "letter":
        return needs_letter(det)
    if kind == "notice":
        return needs_notice(det)
    return True


def select(result: dict, vacancy: str | None) -> list[dict]:
    dets = result["determinations"]
    if vacancy is None:
        return dets
    keys = _keys(dets)
    chosen = [d for d, key in zip(dets, keys) if key == vacancy or d["vacancy"] == vacancy]
    if not chosen:
        raise InputError(f"no determination for '{vacancy}'; the case has: {', '.join(keys) or 'none'}", "--vacancy")
    return chosen


def keys_of(result: dict) -> list[str]:
    """Each determination's key (``id``, ``id#2``), in the result's order."""
    return _keys(result["determinations"])


def _keys(dets: list[dict]) -> list[str]:
    """``id``, ``id#2``, ... as in the expected block."""
    seen: dict[str, int] = {}
    out = []
    for d in dets:
        seen[d["vacancy"]] = seen.get(d["vacancy"], 0) + 1
        out.append(d["vacancy"] if seen[d["vacancy"]] == 1 else f"{d['vacancy']}#{seen[d['vacancy']]}")
    return out


def applies(kind: str, det: dict) -> bool:
    return _applies(kind, det)


def document(result: dict, case, vacancy: str | None = None, lang: str = "de", kind: str = "act") -> str:
    """The Markdown of one kind of document for every selected determination, one after another (a page
    break between); a determination without that document (a letter where nobody is notified) is left
    out, and asking for it alone is an input error."""
    chosen = select(result, vacancy)
    if kind not in KINDS:
        raise InputError(f"unknown document '{kind}'; known: {', '.join(KINDS)}, all", "--document")
    fitting = [det for det in chosen if _applies(kind, det)]
    if chosen and not fitting:
        raise InputError(f"no {kind} for this determination (outcome {chosen[0]['outcome']})", "--document")
    parts = [markdown(result, case, det, lang, kind) for det in fitting]
    if not parts:
        head = (
            "Kein Sitz ist frei geworden: nichts festzustellen."
            if lang == "de"
            else "No vacancy: nothing to determine."
        )
        return head + "\n" + "".join(f"\n> ☐ {w}\n" for w in result["warnings"])
    return "\n---\n\n".join(parts)

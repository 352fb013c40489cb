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
from nachruecken.output.documents.blocks import BLANK, blocks, to_docx, to_html
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

# the names callers import from here, the wording among them (tests read the German and English
# texts of this module)
__all__ = [
    "BLANK",
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
    "blocks",
    "context",
    "document",
    "markdown",
    "select",
    "to_docx",
    "to_html",
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
        head = (
            "Kein Sitz ist frei geworden: nichts festzustellen."
            if lang == "de"
            else "No vacancy: nothing to determine."
        )
        return head + "\n" + "".join(f"\n> ☐ {w}\n" for w in result["warnings"])
    return "\n---\n\n".join(parts)

"""What may stand in a document to be signed: the law and the facts, in an office's words. The tool's
own vocabulary (reading ids and the word "Lesart", statute ids, event type names, code marks, "Material",
"der Fall", "Prüfhinweis") belongs in the checklist; ``clean`` drops the parts of a sentence that carry
it, and ``TOOL_WORDS`` is what a test looks for in every act, notice and letter.
"""

from __future__ import annotations

import re

EVENT_NAMES = (
    "called|resigned|waived|refused|died|lost_seat|accepted|notified|lost_eligibility|left_group|expelled|"
    "rejoined|group_notice|elected_mayor|evidence_missing|lot_drawn|regained_eligibility|joined_group|"
    "incompatibility|incompatibility_ended|by_election_held"
)
_COMMON = (
    r"`|\bLesart|\breading\b|\bMaterial\b|\bmaterial\b|\b[Dd]er Fall\b|\bdes Falls\b|\bim Fall\b|\bdem Fall\b|"
    r"\bthe case\b|Prüfhinweis|Standardlesart|\b(he|nw|bb|mv|hh|rp|sn|sh|st|by|core)-[a-z]+-\d+|\b(he|nw|bb|mv|hh|rp|sn|sh|st|by|core)\.[a-z_]+|"
    r"Text liegt nicht vor|ihr Text liegt|text is not held|not in the material"
)
# German documents: an English event type name is tool vocabulary; in an English translation it is a word
TOOL_WORDS = re.compile(_COMMON + rf"|\b({EVENT_NAMES})\b")
TOOL_WORDS_EN = re.compile(_COMMON)
_PAREN = re.compile(r"\s*\([^()]*\)")
# clause ends: after ";" or ":", and after "." where a sentence begins (not "Abs. 1", "Nr. 2", "31. August")
_PARTS = re.compile(r"(?<=[;:])\s+|(?<=\.)(?<!Abs\.)(?<!Nr\.)(?<![0-9]\.)\s+(?=[A-ZÄÖÜ„])")


def clean(text: str, lang: str = "de") -> str:
    """``text`` without the brackets and clauses that carry tool vocabulary ("" if nothing is left)."""
    tool = TOOL_WORDS if lang == "de" else TOOL_WORDS_EN
    text = _PAREN.sub(lambda m: "" if tool.search(m.group(0)) else m.group(0), text)
    parts = _PARTS.split(text)
    kept = [part for part in parts if not tool.search(part)]
    out = " ".join(kept).strip()
    if kept and parts and kept[0] is not parts[0]:
        out = out[:1].upper() + out[1:]  # the sentence's first clause was dropped
    if out.endswith((";", ":", ",")):
        out = out[:-1].rstrip() + "."
    return out

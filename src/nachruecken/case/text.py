"""What a text of the case file may not carry into an output: control characters (a newline would add a
heading to a document, an escape sequence would reach the terminal, DOCX refuses them) and the bidi
controls that reorder what a reader sees. Names, titles, list names, a candidate's further details and an
event's note are read through ``printable``."""

from __future__ import annotations

import re

UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """The text with control characters and bidi controls removed (a run of spaces they leave is one space)."""
    if not UNPRINTABLE.search(text):
        return text
    return " ".join(UNPRINTABLE.sub(" ", text).split())

"""Ids made from what an office writes: lower-case ASCII words joined by '-' (ä -> ae, ß -> ss)."""

from __future__ import annotations

import re
import unicodedata


def slug(text: str) -> str:
    umlauts: dict[str, str | int | None] = {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}
    text = text.lower().translate(str.maketrans(umlauts))
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-") or "x"


def unique(base: str, taken: set[str]) -> str:
    """``base``, or ``base-2``, ``base-3`` … if it is taken; the result is taken from now on."""
    out, n = base, 2
    while out in taken:
        out, n = f"{base}-{n}", n + 1
    taken.add(out)
    return out

"""Where the shipped data lives: the encodings and the worked cases.

A wheel carries them inside the package (``nachruecken/encodings``, ``nachruecken/instances``); a source
checkout keeps them at the repository's root. Every module finds them through here.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPOSITORY = PACKAGE.parents[1]


def shipped(name: str) -> Path | None:
    """The folder ``name`` of the wheel, else of the checkout; None where neither has it."""
    for candidate in (PACKAGE / name, REPOSITORY / name):
        if candidate.is_dir():
            return candidate
    return None

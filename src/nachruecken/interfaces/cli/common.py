"""What the command modules share: the choice of language for the explanations."""

from __future__ import annotations

from enum import Enum


class Lang(str, Enum):
    en = "en"
    de = "de"

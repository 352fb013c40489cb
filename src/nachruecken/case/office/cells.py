"""Cells a spreadsheet cannot take for a formula (OWASP, CSV injection): text that starts with `=`, `+`,
`-`, `@`, a tab or a carriage return is written with a leading apostrophe in CSV, and as a text cell in a
workbook; the import reads such a cell back without the apostrophe."""

from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A value for a CSV cell: text that a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def read_cell(text: str) -> str:
    """A cell as the import reads it: the apostrophe ``csv_cell`` put before a formula start is dropped."""
    if text.startswith("'") and text[1:2] and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text


def is_formula_like(value: object) -> bool:
    """Whether a workbook must be told the value is text (openpyxl reads a leading `=` as a formula)."""
    return isinstance(value, str) and value.startswith(FORMULA_STARTS)

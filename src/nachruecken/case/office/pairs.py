"""A number and a name of one thing, as election programs export them: `Wahlbezirk-Nr.` beside
`Wahlbezirk`, `Wahlvorschlag-Nr.` beside `Wahlvorschlag` or `Kurzbezeichnung`, `Lfd. Nr.` beside a
place. The number keys the thing and the name labels it; the pair of columns is never the error (a row
whose number and name contradict other rows is, ``candidates``). What each candidate-sheet column means,
``-<why>`` for a column read as nothing, with the reason the column map shows.
"""

from __future__ import annotations

from nachruecken.case.office.columns import CANDIDATE_FIELDS, EXTRA, EXTRA_HEADERS, norm_header
from nachruecken.case.office.read import Table

# The number of a Wahlbezirk (Wahlkreis, Wahlbereich); a bare "Wahlbezirk" beside it is its name
DISTRICT_NUMBERS = (
    "wahlbezirk nr",
    "nr wahlbezirk",
    "wahlbezirksnummer",
    "wahlbezirk nummer",
    "wahlbezirksnr",
    "wahlkreis nr",
    "nr wahlkreis",
    "wahlkreisnummer",
    "wahlkreis nummer",
    "wahlkreisnr",
    "wahlbereich nr",
    "nr wahlbereich",
    "wahlbereichsnummer",
    "wb nr",
    "wk nr",
)
# A running number of the rows: beside a place it is no place
RUNNING_NUMBERS = ("lfd nr", "laufende nummer", "lfd nummer", "laufende nr", "lfdnr", "lfd", "nr", "nummer")
# Of two names of a Wahlvorschlag, the short one names it
SHORT_NAMES = ("kurzbezeichnung", "kennwort")


def candidate_fields(table: Table, given: dict[str, str]) -> list[str | None]:
    """The field of each column (None: not known), after `--spalte` (``given``, by normalised header)."""
    names = [norm_header(h) for h in table.header]
    meant = [given.get(n) or next((k for k, v in CANDIDATE_FIELDS.items() if n in v), None) for n in names]
    free = [n not in given for n in names]
    _district_pair(names, meant, free)
    _nomination_names(table, names, meant, free)
    for k, n in enumerate(names):
        if free[k] and meant[k] is None and n in EXTRA_HEADERS:
            meant[k] = EXTRA
    if "position" in meant or "list_position" in meant:
        for k, n in enumerate(names):
            if free[k] and meant[k] is None and n in RUNNING_NUMBERS:
                meant[k] = "-laufende Nummer neben dem Platz, nicht verwendet"
    return meant


def _district_pair(names: list[str], meant: list, free: list[bool]) -> None:
    """`Wahlbezirk-Nr.` and `Wahlbezirk`: the number keys the Wahlbezirk, the other column names it."""
    numbered = any(m == "district" and n in DISTRICT_NUMBERS for n, m in zip(names, meant))
    if not numbered:
        return
    for k, n in enumerate(names):
        if free[k] and meant[k] == "district" and n not in DISTRICT_NUMBERS:
            meant[k] = "district_name" if "district_name" not in meant else "-Name des Wahlbezirks, nicht verwendet"


def _nomination_names(table: Table, names: list[str], meant: list, free: list[bool]) -> None:
    """Two names of the Wahlvorschlag (`Wahlvorschlag` and `Kurzbezeichnung`): the short one names it,
    the other is not used (the column map says so)."""
    noms = [k for k, m in enumerate(meant) if m == "nomination" and free[k]]
    if len(noms) < 2:
        return
    keep = next((k for k in noms if names[k] in SHORT_NAMES), noms[0])
    for k in noms:
        if k != keep:
            meant[k] = f"-zweiter Name des Wahlvorschlags (neben '{table.header[keep]}'), nicht verwendet"

"""nachruecken: who succeeds to a vacated council seat, with reasons.

The Python API (see docs/api.md)::

    >>> import nachruecken
    >>> nachruecken.decide("instances/he/schenklengsfeld-2023.yaml")["determinations"][0]["successor"]
    'wolf'

``decide`` returns exactly the object ``nachruecken solve --json`` prints. Modules other than
this one are internal. Heavy modules are imported on first use, so ``import nachruecken`` is cheap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from nachruecken.errors import InputError

if TYPE_CHECKING:
    from nachruecken.case.model import Case
    from nachruecken.interfaces.analysis import check, compare, diff, report
    from nachruecken.interfaces.api import CaseSource
    from nachruecken.interfaces.term import Term

__version__ = "0.17.0"
FORMAT_VERSION = 1
__all__ = [
    "decide",
    "load_case",
    "describe_statutes",
    "Term",
    "check",
    "diff",
    "compare",
    "report",
    "InputError",
    "__version__",
    "FORMAT_VERSION",
]
_ANALYSES = ("check", "diff", "compare", "report")


def decide(
    case: CaseSource | Case,
    *,
    statute: str | None = None,
    readings: Mapping[str, str] | None = None,
    lang: str = "en",
    all_candidates: bool = False,
) -> dict[str, Any]:
    """Decide every vacancy of a case; the result is what ``nachruecken solve --json`` prints.

    ``case`` is a path, a case file's text (YAML or JSON), a mapping in the case-file format (dates
    as ``datetime.date`` or ISO strings) or a case from ``load_case``. ``statute`` decides under
    another statute (a state code such as ``"nw"`` or a pinned id such as ``"nw-kwahlg-45"``);
    ``readings`` overrides readings (``{"bb.section_61": "no"}``); ``lang`` is ``"en"`` or ``"de"``;
    ``all_candidates`` also lists everyone after the successor. Bad input raises ``InputError``,
    whose message names the key path.
    """
    from nachruecken.interfaces.api import decide as _decide

    return _decide(case, statute=statute, readings=readings, lang=lang, all_candidates=all_candidates)


def __getattr__(name: str) -> Any:
    """``Term`` and the analyses on first use (the engine is imported only when something is decided)."""
    if name == "Term":
        from nachruecken.interfaces.term import Term

        return Term
    if name in _ANALYSES:
        from nachruecken.interfaces import analysis

        return getattr(analysis, name)
    raise AttributeError(f"module 'nachruecken' has no attribute {name!r}")


def load_case(case: CaseSource, *, name: str | None = None) -> Case:
    """Validate a case (a path, a case file's text, or a mapping) once, to decide it several times."""
    from nachruecken.interfaces.api import load_case as _load_case

    return _load_case(case, name=name)


def describe_statutes() -> list[dict[str, Any]]:
    """Every statute text: id, state, provision, in-force dates, norms and readings with defaults."""
    from nachruecken.law.statutes import STATUTE_IDS
    from nachruecken.output.statute_info import describe

    return [describe(sid) for sid in STATUTE_IDS]

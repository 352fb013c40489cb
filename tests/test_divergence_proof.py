"""The reading divergence proves "no case differs" over one copy of the text and a variant of only the
rules the reading reaches (research/divergence.py ``_proven_alike``) before it runs the whole diff of
the text with itself: the two must agree."""

from __future__ import annotations

import pytest

from nachruecken.research.check import Bounds
from nachruecken.research.universe import Limits

TINY = Bounds(noms=2, cands=2, max_vote=1)


def _asked(statute_id: str) -> list[tuple[str, str, str]]:
    """(reading, default, value) of each value the reading divergence asks through a diff."""
    from nachruecken.law.statutes import load_statute
    from nachruecken.research.universe import TERMS_ONLY_READINGS

    readings = load_statute(statute_id).readings.items()
    return [(rid, r.default, value) for rid, r in readings if rid not in TERMS_ONLY_READINGS for value in r.values[1:]]


def _statutes() -> list[str]:
    from nachruecken.law.statutes import encoded_statutes

    return encoded_statutes()


@pytest.mark.parametrize(
    "statute_id",
    [pytest.param(s, marks=[] if s in ("by-glkrwg-37", "he-kwg-34") else pytest.mark.thorough) for s in _statutes()],
)
def test_a_reading_proven_alike_over_its_variant_is_none_found_by_the_whole_diff(statute_id):
    """The reading divergence proves "no case differs" over one copy and a variant of only the rules the
    reading reaches (``_proven_alike``) before it runs the whole diff: at bounds where every proof
    finishes, the two must agree on every value, the proven ones and the others."""
    from nachruecken.research.diff import Spec, run_diff
    from nachruecken.research.divergence import _proven_alike

    for rid, default, value in _asked(statute_id):
        whole = run_diff(Spec(statute_id, ((rid, default),)), Spec(statute_id, ((rid, value),)), TINY, max_kinds=1)
        alike = _proven_alike(statute_id, rid, value, TINY, Limits())
        assert alike == (whole["status"] == "none_found"), (rid, value, whole["status"])

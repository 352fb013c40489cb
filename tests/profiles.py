"""The two test profiles (README "Tests").

quick (the default, ``python -m pytest``): every property runs at a share of its examples, a test that
runs over each worked case takes a share of them (``worked_cases``), and the tests marked ``thorough``
(the differential comparisons over every worked case) are left out.
thorough (``python -m pytest --thorough``, which ``.ci/run`` adds): every property at its full count,
every test. Hypothesis draws the same examples on every run (``derandomize``), so the quick profile
runs the first of the thorough profile's examples.
"""

from __future__ import annotations

THOROUGH = False  # set by conftest.py from --thorough before any test module is imported
QUICK_SHARE = 20  # the quick profile runs 1 in QUICK_SHARE of a property's examples, at least QUICK_MIN
QUICK_MIN = 10
QUICK_CASES = 6  # a test run over each worked case takes 1 in QUICK_CASES of them, and each state's first


def worked_cases(paths: list) -> list:
    """The worked cases a test that runs over each of them takes under the profile in force: every one
    under --thorough; in the quick profile the first of each state's folder and every QUICK_CASES-th.
    (Whether each worked case meets its expected outcome is asked of all of them in both profiles.)"""
    if THOROUGH:
        return list(paths)
    seen: set = set()
    chosen = []
    for k, path in enumerate(paths):
        if path.parent not in seen or k % QUICK_CASES == 0:
            chosen.append(path)
            seen.add(path.parent)
    return chosen


def examples(full: int) -> int:
    """A property's example count under the profile in force (``full`` under ``--thorough``)."""
    return full if THOROUGH else max(QUICK_MIN, full // QUICK_SHARE)

"""The two test profiles (README "Tests").

quick (the default, ``python -m pytest``): every property runs at a share of its examples, and the
tests marked ``thorough`` (the differential comparisons over every worked case) are left out.
thorough (``python -m pytest --thorough``, which ``.ci/run`` adds): every property at its full count,
every test. Hypothesis draws the same examples on every run (``derandomize``), so the quick profile
runs the first of the thorough profile's examples.
"""

from __future__ import annotations

THOROUGH = False  # set by conftest.py from --thorough before any test module is imported
QUICK_SHARE = 10  # the quick profile runs 1 in QUICK_SHARE of a property's examples, at least QUICK_MIN
QUICK_MIN = 10


def examples(full: int) -> int:
    """A property's example count under the profile in force (``full`` under ``--thorough``)."""
    return full if THOROUGH else max(QUICK_MIN, full // QUICK_SHARE)

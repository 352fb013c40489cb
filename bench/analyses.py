"""The research analyses against issue 53's goals (part 3): a published diff and a check within 120 s.

    python bench/analyses.py [--diff A B]... [--check STATUTE]... [--jobs N]

Without options: the smallest and the largest published diff of `docs/findings/` that this machine can
run in a few minutes (NRW's version diff, Hessen against Brandenburg) and the check of Rheinland-Pfalz.
Each analysis runs once at the default bounds (minutes each; a median would cost hours), with where its
time went: for a diff the search for kinds and the reading dependence, for a check each analysis as its
progress lines report it. Goals on 2 cores: every published diff <= 120 s, a check <= 120 s, the report
<= 20 minutes. Prints the figures; not part of the tests.
"""

from __future__ import annotations

import argparse
import time

from nachruecken.research import diff as diff_module
from nachruecken.research.check import parse_spec, run_check, run_diff

GOAL_SECONDS = 120
DIFFS = [("nw-kwahlg-45", "nw-kwahlg-45-2024"), ("he-kwg-34", "bb-kwahlg-60")]
CHECKS = ["rp-kwg-45"]


def timed_diff(a: str, b: str, jobs: int) -> tuple[float, float, int]:
    """(seconds in all, of which in the reading dependence, kinds found)."""
    spent = [0.0]
    original = diff_module._dependence

    def dependence(*args, **kwargs):
        started = time.monotonic()
        try:
            return original(*args, **kwargs)
        finally:
            spent[0] += time.monotonic() - started

    diff_module._dependence = dependence
    try:
        started = time.monotonic()
        report = run_diff(parse_spec(a), parse_spec(b), max_kinds=40, jobs=jobs)
        return time.monotonic() - started, spent[0], len(report["differences"])
    finally:
        diff_module._dependence = original


def timed_check(statute: str, jobs: int) -> tuple[float, list[str]]:
    """(seconds, the progress lines with their times)."""
    started = time.monotonic()
    lines: list[str] = []
    run_check(statute, jobs=jobs, progress=lambda line: lines.append(f"{time.monotonic() - started:7.1f} s  {line}"))
    return time.monotonic() - started, lines


def verdict(seconds: float) -> str:
    return "met" if seconds <= GOAL_SECONDS else "NOT MET"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--diff", nargs=2, action="append", metavar=("A", "B"), help="a diff to time")
    parser.add_argument("--check", action="append", metavar="STATUTE", help="a check to time")
    parser.add_argument(
        "--jobs", type=int, default=2, help="processes for a diff's reading dependence and a check's whole terms"
    )
    args = parser.parse_args()
    diffs = args.diff or ([] if args.check else DIFFS)
    checks = args.check or ([] if args.diff else CHECKS)
    for a, b in diffs:
        seconds, dependence, kinds = timed_diff(a, b, args.jobs)
        print(
            f"diff {a} {b}: {seconds:6.1f} s ({kinds} kinds; reading dependence {dependence:.1f} s, "
            f"kinds {seconds - dependence:.1f} s; --jobs {args.jobs})   goal <= {GOAL_SECONDS} s   {verdict(seconds)}"
        )
    for statute in checks:
        seconds, lines = timed_check(statute, args.jobs)
        print(f"check {statute}: {seconds:6.1f} s   goal <= {GOAL_SECONDS} s   {verdict(seconds)}")
        for line in lines:
            print("    " + line)


if __name__ == "__main__":
    main()

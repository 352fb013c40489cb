"""The whole job, as a user pays for it (issue 33): from a case as data, and from a YAML file, to its
answer; and a whole term as it grows.

    python bench/whole.py            # about two minutes on 2 cores
    python bench/whole.py --quick    # fewer rounds

Prints, measured in alternation (so that a slow spell of the machine falls on both sides of a ratio):
- `nachruecken.decide` of a mapping and of a YAML file for a typical council (10 lists of 30), a large
  city (20 x 100), and one list of 100 and of 100,000 candidates; the ratios against the targets;
- a term on a 60-seat council (6 lists of 10 seats and 20 more candidates each) with 1, 10 and 40
  vacancies, one death a month, per statute, each decided as a fresh process would (what was made for the
  case before is dropped); the ratios 40/1 and 40/10 against the targets; and the 40 vacancies with every
  walk solved with the whole encoding (none specialised to the case, as before issue 53);
- one more death appended to the 40-vacancy term through `nachruecken.Term` (its walks kept), against
  deciding a single vacancy.
Not part of the tests.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
import tempfile
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import council, one_list, paired_ms

import nachruecken
from nachruecken.engine import determine, solver

TERM_STATUTES = ("he-kwg-34", "nw-kwahlg-45", "bb-kwahlg-60")


def term(statute: str, vacancies: int, seats: int = 60, lists: int = 6) -> dict:
    """A council of ``seats`` on ``lists`` lists, each with 20 candidates more than its seats; the members
    die one a month, list after list."""
    per = seats // lists
    nominations = []
    for lst in range(lists):
        candidates = [
            {"id": f"l{lst}p{i}", "votes": 5000 - i, **({"elected": True} if i < per else {})} for i in range(per + 20)
        ]
        nomination = {"id": f"l{lst}", "group": f"g{lst}", "candidates": candidates}
        if statute.startswith("hh"):
            nomination.update(tier="district", district=f"wk{lst}")
        nominations.append(nomination)
    start = dt.date(2020, 1, 1)
    events = [
        {
            "date": (start + dt.timedelta(days=30 * k)).isoformat(),
            "person": f"l{k % lists}p{k // lists}",
            "type": "died",
        }
        for k in range(vacancies)
    ]
    body = {"seats": seats}
    return {
        "statute": statute,
        "election_date": "2019-05-26",
        "body": body,
        "nominations": nominations,
        "events": events,
    }


def whole_job(rounds: int) -> dict:
    cases = {
        "typical council 10x30": council("he-kwg-34", 10, 30),
        "large city 20x100": council("he-kwg-34", 20, 100),
        "one list of 100": one_list("he-kwg-34", 100),
        "one list of 100,000": one_list("he-kwg-34", 100_000),
    }
    out = {}
    for _ in range(5):  # the process's first decisions pay for imports and caches: not part of a case's cost
        nachruecken.decide(json.loads(json.dumps(cases["typical council 10x30"])))
    with tempfile.TemporaryDirectory() as tmp:
        for label, data in cases.items():
            data = json.loads(json.dumps(data))
            path = Path(tmp) / "case.yaml"
            path.write_text(yaml.safe_dump(data), encoding="utf-8")
            n = 3 if "100,000" in label else rounds
            mapping_ms, file_ms = paired_ms(
                [lambda d=data: nachruecken.decide(d), lambda p=path: nachruecken.decide(p)], n
            )
            out[label] = {"mapping_ms": mapping_ms, "file_ms": file_ms}
            print(f"  {label:24} mapping {mapping_ms:8.1f} ms   YAML file {file_ms:8.1f} ms")
    return out


def fresh_decide(data: dict) -> dict:
    """``decide`` as a fresh process would pay for the case: what was made for it before is dropped (the
    encoding's own parse and reading stay: a process pays for them once per statute)."""
    solver.forget_cases()
    return nachruecken.decide(data)


def whole_encoding(data: dict) -> dict:
    """``fresh_decide`` with every walk solved with the whole encoding (none specialised to the case)."""
    before, determine.SPECIALISE_FROM = determine.SPECIALISE_FROM, 10**9
    try:
        return fresh_decide(data)
    finally:
        determine.SPECIALISE_FROM = before


def term_growth(rounds: int) -> dict:
    out = {}
    for statute in TERM_STATUTES:
        datas = [term(statute, k) for k in (1, 10, 40)]
        for k, data in zip((1, 10, 40), datas):
            assert len(nachruecken.decide(data)["determinations"]) == k
        assert whole_encoding(datas[2]) == fresh_decide(datas[2])  # specialised walks, the same answer
        fns = [lambda d=d: fresh_decide(d) for d in datas] + [lambda d=datas[2]: whole_encoding(d)]
        ms = paired_ms(fns, rounds)
        out[statute] = dict(zip((1, 10, 40, "40 whole"), ms))
        print(
            f"  {statute:14} 1: {ms[0]:6.1f}  10: {ms[1]:6.1f}  40: {ms[2]:6.1f} ms   40/1 {ms[2] / ms[0]:4.1f}"
            f"   40/10 {ms[2] / ms[1]:3.1f}   whole encoding: 40 {ms[3]:6.1f} ms, 40/1 {ms[3] / ms[0]:4.1f}"
        )
    return out


def appending(rounds: int) -> dict:
    """``Term.append`` of a 41st death to the 40-vacancy term against ``decide`` of a single vacancy."""
    out = {}
    for statute in TERM_STATUTES:
        full, single = term(statute, 41), term(statute, 1)
        before, last = {**full, "events": full["events"][:40]}, full["events"][40]
        kept = []
        for _ in range(rounds):
            t = nachruecken.Term(before)
            t.result()
            kept.append(t)

        def append(terms=iter(kept)):
            next(terms).append(last)

        append_ms, single_ms = paired_ms([append, lambda d=single: fresh_decide(d)], rounds - 1)
        assert nachruecken.Term(before).append(last) == nachruecken.decide(full)  # the same answer
        out[statute] = {"append_ms": append_ms, "single_ms": single_ms}
        print(
            f"  {statute:14} append: {append_ms:7.1f} ms   single vacancy: {single_ms:7.1f} ms   ratio {append_ms / single_ms:4.1f}"
        )
    return out


def targets(job: dict, growth: dict, append: dict) -> list[tuple]:
    def ratio(a, b, key="mapping_ms"):
        return job[a][key] / job[b][key]

    rows = [
        ("whole job, large city / typical council", ratio("large city 20x100", "typical council 10x30"), 1.5),
        ("whole job, list of 100,000 / list of 100", ratio("one list of 100,000", "one list of 100"), 30),
        ("term, 40 vacancies / 1 (worst statute)", max(g[40] / g[1] for g in growth.values()), 25),
        ("term, 40 vacancies / 10 (worst statute)", max(g[40] / g[10] for g in growth.values()), 4.5),
        ("append to a 40-vacancy term / one vacancy", max(a["append_ms"] / a["single_ms"] for a in append.values()), 3),
    ]
    return [(what, value, goal, value <= goal) for what, value, goal in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    rounds = 3 if parser.parse_args().quick else 9
    print("Whole job, nachruecken.decide (median ms, mapping and YAML file in alternation):")
    job = whole_job(rounds)
    print("\nA term on a 60-seat council, one death a month (median ms):")
    growth = term_growth(rounds)
    print("\nOne more event appended to the 40-vacancy term (nachruecken.Term), against one vacancy (median ms):")
    append = appending(rounds)
    print("\nTargets (issue 33):")
    for what, value, goal, met in targets(job, growth, append):
        print(f"  {what:44} {value:7.2f}  target <= {goal:<5} {'met' if met else 'NOT MET'}")


if __name__ == "__main__":
    main()

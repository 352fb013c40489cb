"""nachruecken benchmarks: prints a table and writes bench/results/latest.json.

    python bench/run.py            # everything but the checks (a few minutes on 2 cores)
    python bench/run.py --quick    # smaller sizes and counts, for a first look
    python bench/run.py --checks   # also `nachruecken check` of every statute (about 6 minutes more)

The table headed "Targets" gives the performance targets as ratios measured in this one run (issue 19):
large city / typical council, one list of 100,000 / 100, CLI / `import clingo`, 2 workers / 1.

Figures are medians of repeated runs on this machine; ratios, not single runs, are what to
compare. Not part of the test suite (tests never time anything).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the plain-Python oracle lives with the tests

import yaml  # noqa: E402

from nachruecken.case.loader import build_case, load_case  # noqa: E402
from nachruecken.engine.determine import determine_case  # noqa: E402
from nachruecken.interfaces.batch import Options, decide_files  # noqa: E402
from nachruecken.law.statutes import STATUTE_IDS  # noqa: E402

from oracle import ORACLES  # noqa: E402

STATUTES = STATUTE_IDS  # every encoded text, in the registry's order


def median_ms(fn, runs: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


# --- case builders ---------------------------------------------------------------------------


def one_list(statute: str, n: int) -> dict:
    """One list of n candidates, three elected; a waiver and a death; one vacancy."""
    cands = [{"id": f"p{i}", "votes": 10 * n - i, **({"elected": True} if i < 3 else {})} for i in range(n)]
    nom = {"id": "list", "group": "g", "candidates": cands}
    if statute == "hh-bezvwg-36":
        nom.update(tier="district", district="wk1")
    events = [
        {"date": "2020-01-01", "person": "p3", "type": "waived"},
        {"date": "2020-02-01", "person": "p4", "type": "died"},
        {"date": "2021-01-01", "person": "p0", "type": "resigned"},
    ]
    return {"statute": statute, "election_date": "2019-05-26", "nominations": [nom], "events": events}


def council(statute: str, lists: int, per: int, rnd: random.Random | None = None) -> dict:
    """lists x per candidates, three elected per list, a few exclusions, one vacancy."""
    rnd = rnd or random.Random(1)
    noms = []
    for l in range(lists):
        cands = [
            {"id": f"l{l}p{i}", "votes": rnd.randint(0, 5000), **({"elected": True} if i < 3 else {})}
            for i in range(per)
        ]
        nom = {"id": f"l{l}", "group": f"g{l}", "candidates": cands}
        if statute == "hh-bezvwg-36":
            nom.update(tier="district", district=f"wk{l}")
        noms.append(nom)
    events = [
        {"date": "2020-01-01", "person": f"l0p{rnd.randint(3, per - 1)}", "type": rnd.choice(["waived", "died"])},
        {"date": "2021-01-01", "person": "l0p0", "type": "resigned"},
    ]
    return {"statute": statute, "election_date": "2019-05-26", "nominations": noms, "events": events}


def landtag_mv() -> dict:
    """M-V Landtag: 10 Landeslisten of 60, 36 Wahlkreise; a Wahlkreis member leaves."""
    noms = []
    for g in range(10):
        noms.append(
            {
                "id": f"ll{g}",
                "group": f"g{g}",
                "candidates": [{"id": f"ll{g}p{i}", **({"elected": True} if i < 4 else {})} for i in range(60)],
            }
        )
    for w in range(36):
        noms.append(
            {
                "id": f"wk{w}",
                "group": f"g{w % 10}",
                "tier": "district",
                "district": f"wk{w}",
                "candidates": [{"id": f"wk{w}m", "elected": True}],
            }
        )
    return {
        "statute": "mv-lkwg-46",
        "election_date": "2021-09-26",
        "body": {"kind": "landtag", "seats": 79},
        "nominations": noms,
        "events": [{"date": "2022-01-01", "person": "wk3m", "type": "resigned"}],
    }


def random_single_vacancy(statute: str, rnd: random.Random) -> dict:
    """A small random case with one vacancy, for the oracle comparison."""
    noms, pid = [], 0
    for g in range(rnd.randint(1, 2)):
        kind = rnd.choice(["party", "voter_group"])
        district = rnd.random() < 0.4
        for d in range(2 if district else 1):
            cands = []
            for i in range(rnd.randint(1, 5)):
                c = {"id": f"p{pid}", "votes": rnd.randint(0, 60)}
                pid += 1
                if i < rnd.randint(0, 2):
                    c["elected"] = True
                cands.append(c)
            nom = {"id": f"g{g}n{d}", "group": f"g{g}", "group_kind": kind, "candidates": cands}
            if district:
                nom.update(tier="district", district=f"d{d}")
                if statute == "he-kwg-34" and rnd.random() < 0.5:
                    nom["substitute_list"] = f"g{g}n{1 - d}"
            noms.append(nom)
    people = [c for n in noms for c in n["candidates"]]
    elected = [c["id"] for c in people if c.get("elected")]
    events, day = [], 1
    for c in people:
        if not c.get("elected") and rnd.random() < 0.4:
            etype = rnd.choice(["died", "lost_eligibility", "left_group", "expelled", "waived", "refused"])
            events.append({"date": f"2020-01-{day:02d}", "person": c["id"], "type": etype})
            day += 1
            if etype in ("left_group", "expelled") and rnd.random() < 0.5:
                events.append({"date": f"2020-01-{day:02d}", "person": c["id"], "type": "group_notice"})
                day += 1
    if elected:
        events.append(
            {
                "date": "2021-01-01",
                "person": rnd.choice(elected),
                "type": rnd.choice(["died", "resigned", "lost_seat", "refused"]),
            }
        )
    case = {"statute": statute, "election_date": "2019-05-26", "nominations": noms, "events": events}
    if rnd.random() < 0.1:
        case["election"] = "majority"
    return case


# --- the benchmarks -----------------------------------------------------------------------------


def scaling(quick: bool) -> list[dict]:
    sizes = (10, 100, 1000, 10000) if quick else (10, 100, 1000, 10000, 100000)
    rows = []
    for statute in STATUTES:
        cases = [build_case(one_list(statute, n), "<bench>") for n in sizes]
        # the sizes in alternation, 9 rounds
        row = {"statute": statute, "ms": dict(zip(sizes, paired_ms([lambda c=c: determine_case(c) for c in cases], 9)))}
        row["growth"] = {f"{a}->{b}": row["ms"][b] / row["ms"][a] for a, b in zip(sizes, sizes[1:])}
        rows.append(row)
    return rows


def realistic() -> list[dict]:
    """Cases of a real body's size not measured elsewhere (the councils are in ``windowing``)."""
    case = build_case(landtag_mv(), "<bench>")
    return [
        {"statute": "mv-lkwg-46", "case": "Landtag 10x60 + 36 WK", "ms": median_ms(lambda: determine_case(case), 15)}
    ]


def worked_cases() -> dict:
    files = sorted((ROOT / "instances").rglob("*.yaml"))
    cases = [load_case(f) for f in files]

    def all_of_them():
        for c in cases:
            determine_case(c)

    total = median_ms(all_of_them, 3)
    return {"files": len(files), "total_ms": total, "per_file_ms": total / len(files)}


def _subprocesses_ms(cmds: list[list[str]], runs: int) -> list[float]:
    """Median ms of each command, run in alternation (see paired_ms)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # as a user's machine runs it
    # the first run of each is the warm-up: byte code written, holiday and date words kept on disk
    return paired_ms(
        [lambda cmd=cmd: subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env) for cmd in cmds], runs
    )


def cli_end_to_end() -> dict:
    """`nachruecken solve` of a typical council as text and as JSON, against `python -c "import
    clingo"`, in 15 alternating rounds."""
    exe = str(Path(sys.executable).with_name("nachruecken"))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "council.yaml"
        path.write_text(yaml.safe_dump(council("he-kwg-34", 10, 30)), encoding="utf-8")
        clingo_ms, text_ms, json_ms = _subprocesses_ms(
            [[sys.executable, "-c", "import clingo"], [exe, "solve", str(path)], [exe, "solve", str(path), "--json"]],
            15,
        )
    return {
        "case": "typical council 10x30, he-kwg-34",
        "ms": text_ms,
        "json_ms": json_ms,
        "import_clingo_ms": clingo_ms,
    }


def paired_ms(fns: list, rounds: int) -> list[float]:
    """Median ms of each function, measured in alternation round by round, so that a slow spell of
    the machine falls on all of them alike (their ratio is what the targets compare)."""
    for fn in fns:
        fn()  # warm-up
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(rounds):
        for i, fn in enumerate(fns):
            start = time.perf_counter()
            fn()
            times[i].append(time.perf_counter() - start)
    return [statistics.median(t) * 1000 for t in times]


def windowing() -> list[dict]:
    """Each statute in-process, windowed (the default) and with every candidate handed to clingo.
    The councils are measured in alternation (typical and large, each both ways) in 25 rounds, the
    list of 100 in 11 and the list of 100,000 in 3."""
    rows = []
    for statute in STATUTES:
        councils = [
            ("typical council 10x30", build_case(council(statute, 10, 30), "<bench>")),
            ("large city 20x100", build_case(council(statute, 20, 100), "<bench>")),
        ]
        fns = [
            f
            for _, case in councils
            for f in (lambda c=case: determine_case(c), lambda c=case: determine_case(c, windowed=False))
        ]
        ms = paired_ms(fns, 25)
        for i, (label, _) in enumerate(councils):
            rows.append({"statute": statute, "case": label, "windowed_ms": ms[2 * i], "full_ms": ms[2 * i + 1]})
        short, long = build_case(one_list(statute, 100), "<bench>"), build_case(one_list(statute, 100000), "<bench>")
        rows.append(
            {
                "statute": statute,
                "case": "one list of 100",
                **dict(
                    zip(
                        ("windowed_ms", "full_ms"),
                        paired_ms([lambda: determine_case(short), lambda: determine_case(short, windowed=False)], 11),
                    )
                ),
            }
        )
        rows.append(
            {
                "statute": statute,
                "case": "one list of 100,000",
                **dict(
                    zip(
                        ("windowed_ms", "full_ms"),
                        paired_ms([lambda: determine_case(long), lambda: determine_case(long, windowed=False)], 3),
                    )
                ),
            }
        )
    return rows


def targets(results: dict) -> list[tuple]:
    """(what, measured ratio, target, met) for the targets of issue 19."""
    rows = results["windowing"]

    def ratio(a: str, b: str) -> float:  # the worst statute
        return max(
            next(r["windowed_ms"] for r in rows if r["statute"] == s and r["case"] == a)
            / next(r["windowed_ms"] for r in rows if r["statute"] == s and r["case"] == b)
            for s in STATUTES
        )

    cli = results["cli"]
    one, two = (next(r for r in results["batch"] if r["jobs"] == j) for j in (1, 2))
    out = [
        ("large city / typical council (worst statute)", ratio("large city 20x100", "typical council 10x30"), "<= 1.5"),
        ("one list of 100,000 / 100 (worst statute)", ratio("one list of 100,000", "one list of 100"), "<= 60"),
        ("CLI solve (text) / import clingo", cli["ms"] / cli["import_clingo_ms"], "<= 5"),
        ("CLI solve --json / import clingo", cli["json_ms"] / cli["import_clingo_ms"], "<= 5"),
        ("2 workers / 1 worker (cases per second)", two["cases_per_s"] / one["cases_per_s"], ">= 1.6"),
    ]
    return [
        (what, value, goal, value <= float(goal[3:]) if goal.startswith("<=") else value >= float(goal[3:]))
        for what, value, goal in out
    ]


def batch(quick: bool) -> list[dict]:
    n = 200 if quick else 1000
    rnd = random.Random(7)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i in range(n):
            statute = STATUTES[i % len(STATUTES)]
            p = Path(tmp) / f"c{i}.yaml"
            p.write_text(
                yaml.safe_dump(council(statute, rnd.randint(3, 10), rnd.randint(8, 30), rnd)), encoding="utf-8"
            )
            paths.append(str(p))

        def run(jobs: int) -> None:
            outcomes = list(decide_files(paths, Options(), jobs=jobs, timeout=None if jobs == 1 else 600))
            assert all(o.kind == "ok" for o in outcomes), [o.error for o in outcomes if o.kind != "ok"][:3]

        # 1 and 2 workers in alternation, 3 rounds (the first round after a warm-up of each)
        ms = paired_ms([lambda: run(1), lambda: run(2)], 3)
        for jobs, total in zip((1, 2), ms):
            rows.append({"jobs": jobs, "cases": n, "seconds": total / 1000, "cases_per_s": n / (total / 1000)})
    return rows


def oracle(quick: bool) -> list[dict]:
    rows = []
    n = 1000 if quick else 10000
    for statute, fn in ORACLES.items():
        data = council(statute, 20, 100)
        case = build_case(data, "<bench>")
        asp_ms = median_ms(lambda: determine_case(case), 15)
        py_ms = median_ms(lambda: fn(data), 15)
        rnd = random.Random(2026)
        disagreements = []
        for _ in range(n):
            d = random_single_vacancy(statute, rnd)
            want = fn(d)
            got = determine_case(build_case(d, "<bench>"))["determinations"]
            have = ("none", None) if not got else (got[0]["outcome"], got[0]["successor"])
            if have != want:
                disagreements.append(d)
        rows.append(
            {
                "statute": statute,
                "asp_ms": asp_ms,
                "python_ms": py_ms,
                "ratio": asp_ms / py_ms,
                "random_cases": n,
                "disagreements": len(disagreements),
            }
        )
        if disagreements:
            (ROOT / "bench" / "results").mkdir(exist_ok=True)
            (ROOT / "bench" / "results" / f"disagreement-{statute}.json").write_text(
                json.dumps(disagreements[:5], indent=1)
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="smaller sizes and counts")
    parser.add_argument("--checks", action="store_true", help="also time `nachruecken check` of every statute")
    args = parser.parse_args()
    machine = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "system": platform.platform(),
    }
    results = {"machine": machine, "quick": args.quick}
    print(f"machine: {machine['system']}, {machine['cpus']} cpus, Python {machine['python']}")

    results["scaling"] = scaling(args.quick)
    sizes = list(results["scaling"][0]["ms"])
    print("\nIn-process time per case, one list of N candidates (ms, median):")
    print(f"{'statute':14}" + "".join(f"{n:>10}" for n in sizes) + "   growth per 10x")
    for row in results["scaling"]:
        print(
            f"{row['statute']:14}"
            + "".join(f"{row['ms'][n]:>10.1f}" for n in sizes)
            + "   "
            + " ".join(f"{g:.1f}" for g in row["growth"].values())
        )

    results["realistic"] = realistic()
    print("\nRealistic cases, in-process (ms, median; the councils: below, windowed against full):")
    for row in results["realistic"]:
        print(f"  {row['statute']:14} {row['case']:24} {row['ms']:8.1f}")

    results["worked_cases"] = worked_cases()
    w = results["worked_cases"]
    print(f"\nWorked cases: {w['files']} files in {w['total_ms']:.0f} ms ({w['per_file_ms']:.1f} ms per file)")

    results["cli"] = cli_end_to_end()
    c = results["cli"]
    print(
        f"CLI end to end ({c['case']}): {c['ms']:.0f} ms text, {c['json_ms']:.0f} ms --json; "
        f"python -c 'import clingo': {c['import_clingo_ms']:.0f} ms"
    )

    results["batch"] = batch(args.quick)
    for row in results["batch"]:
        print(
            f"Batch, {row['jobs']} worker(s): {row['cases']} cases in {row['seconds']:.1f} s = {row['cases_per_s']:.0f} cases/s"
        )

    results["windowing"] = windowing()
    print("\nWindowed against full solving, in-process (ms, median):")
    for row in results["windowing"]:
        print(
            f"  {row['statute']:18} {row['case']:22} {row['windowed_ms']:8.1f} {row['full_ms']:8.1f}"
            f"  ({row['full_ms'] / row['windowed_ms']:.1f}x)"
        )

    results["targets"] = targets(results)
    print("\nTargets (ratios from this run):")
    for what, value, goal, met in results["targets"]:
        print(f"  {what:48} {value:7.2f}  target {goal:7}  {'met' if met else 'NOT MET'}")

    results["oracle"] = oracle(args.quick)
    for row in results["oracle"]:
        print(
            f"Oracle {row['statute']}: large city ASP {row['asp_ms']:.1f} ms vs Python {row['python_ms']:.2f} ms "
            f"= {row['ratio']:.0f}x; {row['random_cases']} random cases, {row['disagreements']} disagreements"
        )

    if args.checks:
        from nachruecken.research.check import run_check

        results["check"] = {}
        for statute in STATUTES:
            report = run_check(statute)
            results["check"][statute] = {
                "seconds": report["seconds"],
                "analyses": {a["name"]: a["status"] for a in report["analyses"]},
            }
        print("check (default bounds): " + ", ".join(f"{s} {v['seconds']:.0f} s" for s, v in results["check"].items()))
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(results, indent=2, default=str))
    print(f"\nwritten: {out / 'latest.json'}")


if __name__ == "__main__":
    main()

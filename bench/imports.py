"""`nachruecken import`: how reading an office's export grows with its rows (issue 52).

    python bench/imports.py [--rows 10000,20000,100000]

Writes a CSV of N candidates (five lists, one row each, as an election program exports them) to a
temporary folder and measures the importer on it (`import_office`: reading, columns, roster and the case
file's data; the YAML text is written by `import` afterwards and is left out): the median of three runs
and the time per thousand rows. Linear means the last column stays flat as N grows. Prints the figures;
not part of the tests.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from nachruecken.case.office.build import import_office

RUNS = 3


def export_csv(path: Path, rows: int) -> None:
    rnd = random.Random(rows)
    lines = ["Wahlvorschlag;Platz;Name;Vorname;Stimmen;Gewählt"]
    for i in range(rows):
        elected = "ja" if i < 50 else ""
        lines.append(f"Liste {i % 5};{i // 5 + 1};Name{i};Vorname{i};{rnd.randint(0, 999)};{elected}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def median_s(path: Path) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        import_office(path, "nw", None, None, None)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", default="10000,20000,100000")
    sizes = [int(n) for n in parser.parse_args().rows.split(",")]
    print(f"{'rows':>8}  {'import s':>9}  {'ms / 1000 rows':>15}")
    with tempfile.TemporaryDirectory() as tmp:
        for rows in sizes:
            path = Path(tmp) / f"export-{rows}.csv"
            export_csv(path, rows)
            seconds = median_s(path)
            print(f"{rows:>8}  {seconds:>9.2f}  {seconds * 1e6 / rows:>15.1f}")


if __name__ == "__main__":
    main()

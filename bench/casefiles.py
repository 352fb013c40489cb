"""Reading a case file (issue 53, part 1): a decide from YAML and JSON against the same case as a mapping.

    python bench/casefiles.py [--quick]

For a typical council (10 lists of 30), a large city (20 lists of 100) and one list of 100,000
candidates: the median time of `nachruecken.decide` from the mapping, from its JSON file and from its
YAML file, and beside them the parse alone, by this project's reader (`case.fastyaml`: libyaml's events,
one loop), by PyYAML's own loader over libyaml (`yaml.CSafeLoader`, the baseline it replaces) and the
floor (libyaml's events produced and dropped, no value built). Goals: the 100,000 list from YAML within
3x its JSON time; the large city from YAML within 1.5x its mapping time. Prints the figures; not part
of the tests.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import yaml
from run import council, median_ms, one_list

import nachruecken
from nachruecken.case import fastyaml
from nachruecken.case.loader import _StrictLoader


def events_only(text: str) -> None:
    """The floor: libyaml's events, each made into its Python object and dropped."""
    parser = yaml._yaml.CParser(text)
    get = parser.get_event
    while type(get()) is not yaml.StreamEndEvent:
        pass
    parser.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    quick = parser.parse_args().quick
    cases = [
        ("typical council 10x30", council("nw-kwahlg-45", 10, 30), 5 if quick else 21),
        ("large city 20x100", council("nw-kwahlg-45", 20, 100), 5 if quick else 21),
        ("one list of 100,000", one_list("nw-kwahlg-45", 100_000), 1 if quick else 3),
    ]
    print(f"{'case':24} {'mapping':>8} {'JSON':>8} {'YAML':>8} {'parse':>7} {'PyYAML':>8} {'floor':>7}  (ms)")
    goals = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, data, runs in cases:
            text = yaml.safe_dump(data, sort_keys=False)
            (Path(tmp) / "c.yaml").write_text(text, encoding="utf-8")
            (Path(tmp) / "c.json").write_text(json.dumps(data), encoding="utf-8")
            row = {
                "mapping": median_ms(lambda: nachruecken.decide(data), runs),
                "json": median_ms(lambda: nachruecken.decide(str(Path(tmp) / "c.json")), runs),
                "yaml": median_ms(lambda: nachruecken.decide(str(Path(tmp) / "c.yaml")), runs),
                "parse": median_ms(lambda: fastyaml.load(text, _StrictLoader), runs),
                "pyyaml": median_ms(lambda: yaml.load(text, Loader=yaml.CSafeLoader), runs),
                "floor": median_ms(lambda: events_only(text), runs),
            }
            print(
                f"{label:24} {row['mapping']:8.1f} {row['json']:8.1f} {row['yaml']:8.1f} {row['parse']:7.1f} "
                f"{row['pyyaml']:8.1f} {row['floor']:7.1f}"
            )
            if label.startswith("one list"):
                goals.append(("100,000 list: YAML / JSON", row["yaml"] / row["json"], 3.0, None))
            if label.startswith("large city"):
                best = (row["floor"] + row["mapping"]) / row["mapping"]
                goals.append(("large city: YAML / mapping", row["yaml"] / row["mapping"], 1.5, best))
    print("\ngoal                          ratio   target  met   floor-bound ratio")
    for name, ratio, target, best in goals:
        bound = f"{best:.2f} (events alone)" if best is not None else ""
        print(f"{name:28} {ratio:6.2f}  <= {target:<4}  {'yes' if ratio <= target else 'NO ':3}   {bound}")


if __name__ == "__main__":
    main()

"""A case written as an election program's export would lay it out imports into a case that decides the
same (issue 51): over generated cases of every statute, the candidate sheet with its columns in any order,
a Wahlbezirk number beside its name, extra columns (Beruf, Wohnort), title lines above the header, a total
row, in UTF-8, UTF-8 with BOM, UTF-16 or Windows-1252, delimited by `;`, tab or `,`."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import project

from nachruecken.case.loader import build_case
from nachruecken.case.office.build import import_office
from nachruecken.case.office.sheets import case_sheets
from nachruecken.case.office.workbook import CSV_NAMES, csv_text
from nachruecken.engine.determine import determine_case

from profiles import examples
from strategies import STATUTES, cases

DISTRICT_WORDS = ("Wahlkreis", "Wahlbezirk")
ENCODINGS = ("utf-8", "utf-8-sig", "utf-16", "cp1252")
DELIMITERS = (";", "\t", ",")
WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüß ,;-", min_size=1, max_size=12).map(str.strip)


@st.composite
def layouts(draw, width: int) -> dict:
    """How an export lays a sheet of ``width`` columns out."""
    return {
        "order": draw(st.permutations(range(width + 3))),  # the sheet's columns, the name beside the number, two extra
        "titles": draw(st.lists(WORDS.filter(bool), max_size=2)),
        "total": draw(st.booleans()),
        "encoding": draw(st.sampled_from(ENCODINGS)),
        "delimiter": draw(st.sampled_from(DELIMITERS)),
        "extra": draw(st.lists(WORDS, min_size=2, max_size=2)),
    }


def as_export(header: list[str], rows: list[list[str]], layout: dict) -> bytes:
    """The candidate sheet as a program's export: the district key as `…-Nr.` with its name beside it,
    Beruf and Wohnort, the columns in the layout's order, title lines, a total row, its encoding."""
    k = next(i for i, h in enumerate(header) if h in DISTRICT_WORDS)
    word = header[k]
    header = [*header[:k], f"{word}-Nr.", *header[k + 1 :], word, "Beruf", "Wohnort"]
    body = [[*r, f"Bezirk {r[k]}" if r[k] else "", *layout["extra"]] for r in rows]
    order = layout["order"]
    header = [header[i] for i in order]
    body = [[r[i] for i in order] for r in body]
    out = io.StringIO()
    writer = csv.writer(out, delimiter=layout["delimiter"], lineterminator="\r\n")
    for title in layout["titles"]:
        writer.writerow([title])
    writer.writerow(header)
    writer.writerows(body)
    if layout["total"]:
        spot = next(i for i, h in enumerate(header) if h != "Name")
        writer.writerow(["Summe" if i == spot else "" for i in range(len(header))])
    text = out.getvalue()
    try:
        return text.encode(layout["encoding"])
    except UnicodeEncodeError:  # a name Windows-1252 cannot write: as UTF-8, as such a program would
        return text.encode("utf-8")


@pytest.mark.parametrize("statute", STATUTES)
def test_a_generated_case_as_a_programs_export_decides_the_same(statute, tmp_path_factory):
    @settings(
        max_examples=examples(40),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
    )
    @given(st.data())
    def run(data):
        case = build_case(data.draw(cases(statute)), "<generated>")
        sheets = {s.name: s for s in case_sheets(case)}
        bewerber = sheets["Bewerber"]
        layout = data.draw(layouts(len(bewerber.header)))
        folder = tmp_path_factory.mktemp("export")
        (folder / "bewerber.csv").write_bytes(as_export(bewerber.header, bewerber.rows, layout))
        for name in ("Ereignisse", "Fall"):
            (folder / CSV_NAMES[name]).write_text(csv_text(sheets[name]), encoding="utf-8")
        again = import_office(folder).case
        assert project(determine_case(again)) == project(determine_case(case))
        persons = {p for n in again.nominations for c in n.candidates for p in [c.person]}
        assert all(
            again.extra_of(p) == {"Beruf": layout["extra"][0], "Wohnort": layout["extra"][1]}
            for p in persons
            if layout["extra"][0] and layout["extra"][1]
        )

    run()

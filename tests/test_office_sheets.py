"""A case written as the office's sheets (`convert --to xlsx|csv`) and imported again decides the same:
over every worked case and over generated cases of every statute."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import project

from nachruecken.case.loader import build_case, load_case
from nachruecken.case.office.build import import_office
from nachruecken.case.office.sheets import case_sheets
from nachruecken.case.office.workbook import CSV_NAMES, csv_text, xlsx_bytes
from nachruecken.engine.determine import determine_case

from conftest import ROOT
from profiles import examples, worked_cases
from strategies import STATUTES, cases

INSTANCE_FILES = sorted((ROOT / "instances").rglob("*.yaml"))
CASES = worked_cases(INSTANCE_FILES)  # (tests/profiles.py)


def _as_folder(case, folder):
    folder.mkdir()
    for sheet in case_sheets(case):
        (folder / CSV_NAMES[sheet.name]).write_text(csv_text(sheet), encoding="utf-8")
    return folder


def _reimported(case, tmp_path, kind="csv"):
    if kind == "csv":
        source = _as_folder(case, tmp_path / "sheets")
    else:
        source = tmp_path / "liste.xlsx"
        source.write_bytes(xlsx_bytes(case_sheets(case)))
    return import_office(source).case


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(ROOT)) for p in CASES])
def test_every_worked_case_decides_the_same_from_its_sheets(path, tmp_path):
    case = load_case(path)
    again = _reimported(case, tmp_path)
    assert project(determine_case(again)) == project(determine_case(case))
    assert again.readings == case.readings and again.election_date == case.election_date


def test_a_workbook_reads_like_its_csv_files(tmp_path):
    pytest.importorskip("openpyxl")
    for path in INSTANCE_FILES[::15]:
        case = load_case(path)
        sub = tmp_path / f"{path.parent.name}-{path.stem}"  # (stems repeat across the states' folders)
        sub.mkdir()
        from_xlsx = _reimported(case, sub, "xlsx")
        from_csv = _reimported(case, sub, "csv")
        assert from_xlsx.nominations == from_csv.nominations and from_xlsx.events == from_csv.events, path


@pytest.mark.parametrize("statute", STATUTES)
def test_generated_cases_decide_the_same_from_their_sheets(statute, tmp_path_factory):
    @settings(
        max_examples=examples(60),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
    )
    @given(st.data())
    def run(data):
        raw = data.draw(cases(statute))
        case = build_case(raw, "<generated>")
        again = _reimported(case, tmp_path_factory.mktemp("sheets"))
        assert project(determine_case(again)) == project(determine_case(case))

    run()

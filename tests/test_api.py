"""The Python API: `nachruecken.decide` returns what `solve --json` prints, from a path, a text or a
mapping with `datetime.date` values; errors name the key path, never a CLI flag."""

from __future__ import annotations

import datetime as dt
import doctest
import json

import pytest
import yaml

import nachruecken

from conftest import ROOT

CASE = "instances/he/schenklengsfeld-2023.yaml"
# fields that name the input file (they differ by how the case was given)
VOLATILE = ("case", "input_sha256")


def _same(a: dict, b: dict) -> bool:
    return {k: v for k, v in a.items() if k not in VOLATILE} == {k: v for k, v in b.items() if k not in VOLATILE}


def test_decide_returns_what_solve_json_prints(run_cli):
    printed = json.loads(run_cli("solve", CASE, "--json", "--lang", "de").stdout)
    assert nachruecken.decide(CASE, lang="de") == printed


def test_a_mapping_with_dates_a_text_and_a_path_decide_alike():
    text = (ROOT / CASE).read_text(encoding="utf-8")
    data = yaml.safe_load(text)  # PyYAML reads the dates as datetime.date
    assert isinstance(data["election_date"], dt.date)
    from_path = nachruecken.decide(ROOT / CASE)
    assert _same(nachruecken.decide(data), from_path)
    assert _same(nachruecken.decide(text), from_path)
    assert _same(nachruecken.decide(json.dumps(yaml.safe_load(text), default=str)), from_path)
    assert nachruecken.decide(data)["case"] == "<mapping>"


def test_readings_and_statute_override_the_case():
    base = nachruecken.decide(CASE)
    assert base["readings"]["he.undetermined"] == "four_weeks"
    other = nachruecken.decide(CASE, readings={"he.undetermined": "earliest"})
    assert other["readings"]["he.undetermined"] == "earliest"
    assert nachruecken.decide(CASE, statute="he-kwg-34")["determinations"][0]["statute"] == "he-kwg-34"


@pytest.mark.parametrize(
    "kwargs, path",
    [
        ({"readings": {"he.undetermined": "maybe"}}, "readings.he.undetermined"),
        ({"readings": {"he.no_such_reading": "x"}}, "readings.he.no_such_reading"),
        ({"statute": "xx-unknown"}, "statute"),
    ],
)
def test_errors_name_the_key_path_not_a_cli_flag(kwargs, path):
    with pytest.raises(nachruecken.InputError) as err:
        nachruecken.decide(CASE, **kwargs)
    assert f": {path}: " in str(err.value) and "--" not in str(err.value)


def test_a_bad_mapping_names_its_key_path():
    data = yaml.safe_load((ROOT / CASE).read_text(encoding="utf-8"))
    data["nominations"][0]["candidates"][1]["votes"] = -3
    with pytest.raises(nachruecken.InputError) as err:
        nachruecken.decide(data)
    assert str(err.value).startswith("<mapping>: nominations[0].candidates[1].votes")
    data["nominations"][0]["candidates"][1]["votes"] = 3
    data["election_date"] = dt.datetime(2021, 3, 14, 12, 0)
    with pytest.raises(nachruecken.InputError, match="election_date"):
        nachruecken.decide(data)
    with pytest.raises(nachruecken.InputError, match="lang"):
        nachruecken.decide(CASE, lang="fr")


def test_the_public_names_are_declared_and_typed():
    assert set(nachruecken.__all__) >= {"decide", "load_case", "describe_statutes", "InputError", "__version__"}
    assert (ROOT / "src/nachruecken/py.typed").exists()
    ids = {s["id"] for s in nachruecken.describe_statutes()}
    assert {"he-kwg-34-2011", "nw-kwahlg-45-2024", "bb-kwahlg-60", "mv-lkwg-46", "hh-bezvwg-36"} <= ids


def test_the_api_page_runs(monkeypatch):
    """docs/api.md is a notebook-style session; every example in it must still hold."""
    monkeypatch.chdir(ROOT)
    failed, tried = doctest.testfile(
        str(ROOT / "docs/api.md"), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    )
    assert tried > 5 and failed == 0


def test_readings_must_be_a_mapping():
    with pytest.raises(nachruecken.InputError, match="readings must be a mapping"):
        nachruecken.decide(CASE, readings="he.undetermined=earliest")

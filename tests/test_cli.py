"""The remaining CLI commands and the terminal view."""

from __future__ import annotations

import json

import pytest

from nachruecken.law.statutes import load_statute


def test_statutes_lists_norms_readings_and_scope(run_cli):
    out = json.loads(run_cli("statutes", "--json").stdout)
    by_id = {s["id"]: s for s in out}
    assert set(by_id) == {
        "he-kwg-34",
        "he-kwg-34-2011",
        "nw-kwahlg-45",
        "nw-kwahlg-45-2024",
        "bb-kwahlg-60",
        "mv-lkwg-46",
        "hh-bezvwg-36",
        "rp-kwg-45",
        "sn-saechsgemo-34",
        "sh-gkwg-44",
        "st-kwglsa-47",
        "by-glkrwg-37",
    }
    # each text names its dates; the state's versions are listed with it
    assert by_id["he-kwg-34"]["in_force"] == {"from": None, "until": "2011-12-23"}
    assert by_id["he-kwg-34-2011"]["in_force"] == {"from": "2011-12-24", "until": None}
    assert by_id["nw-kwahlg-45-2024"]["versions_of_state"] == ["nw-kwahlg-45", "nw-kwahlg-45-2024"]
    he = by_id["he-kwg-34"]
    assert he["encoded"] and {n["id"] for n in he["norms"]} == set(load_statute("he-kwg-34").norms)
    readings = {r["id"]: r for r in he["readings"]}
    for rid, default in {
        "he.refused_is_called": "no",
        "he.unfit_next": "skip",
        "he.ersatzliste_order": "votes",
        "he.rejoined": "no",
    }.items():
        assert readings[rid]["default"] == default and readings[rid]["values"][0] == default
    assert any("Abs. 4" in item["part"] for item in he["out_of_scope"])
    nw = {r["id"]: r for r in by_id["nw-kwahlg-45"]["readings"]}
    for rid, default in {
        "nw.written_waiver": "no",
        "nw.failed_substitute": "next_on_list",
        "nw.abs4_scope": "entirely",
        "nw.next_following": "first_not_sitting",
    }.items():
        assert nw[rid]["default"] == default
    assert all(st["encoded"] for st in out)


def test_statutes_text_view(run_cli):
    result = run_cli("statutes", "he")
    assert result.exit_code == 0
    # the state code lists both texts, each with its dates
    text = " ".join(result.stdout.split())
    assert "§ 34 Abs. 1 Satz 3 Halbsatz 1 KWG" in text and "he.ersatzliste_order" in text
    assert "he-kwg-34-2011" in text and "from 2011-12-24" in text and "§ 34 Abs. 2 Nr. 3 KWG" in text
    assert "transitional rules" in text
    assert run_cli("statutes", "xx").exit_code == 2


def test_table_view_names_the_successor_and_the_reasons(run_cli):
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "Successor: Jürgen Wolf (wolf) from SPD" in text
    # decided under the text in force in 2023, which needs no warning
    assert "waived" in text and "§ 34 Abs. 2 Nr. 2" in text and "Warning" not in text


def test_german_output(run_cli):
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--lang", "de", "--json")
    det = json.loads(result.stdout)["determinations"][0]
    assert det["candidates"][0]["explanation"].startswith("Hat am 20. August 2023 gegenüber dem Wahlleiter")
    table = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--lang", "de")
    # the statute's own term for the successor (§ 34 Abs. 3 Satz 1 KWG: der nachrückende Vertreter)
    assert "Nachrückender Vertreter: Jürgen Wolf" in " ".join(table.stdout.split())
    nrw = run_cli("solve", "instances/nw/2024-waiver-and-reservation.yaml", "--lang", "de").stdout
    assert "Listennachfolger" in nrw and "Nachrückender" not in nrw


def test_compare_decides_one_case_under_every_state(run_cli):
    out = json.loads(run_cli("compare", "instances/mv/landtag-einzelbewerber.yaml", "--json").stdout)
    rows = {r["statute"]: r for r in out["comparison"]}
    # the law in force on the vacancy's date (2021): the 2011 Hessen text, the 2019 NRW text
    others = {
        "he-kwg-34-2011",
        "nw-kwahlg-45",
        "bb-kwahlg-60",
        "hh-bezvwg-36",
        "rp-kwg-45",
        "sn-saechsgemo-34",
        "sh-gkwg-44",
        "st-kwglsa-47",
        "by-glkrwg-37",
    }
    assert set(rows) == others | {"mv-lkwg-46"}
    assert rows["mv-lkwg-46"]["outcome"] == "by_election"
    assert rows["mv-lkwg-46"]["citation"] == "§ 46 Abs. 3 Satz 2 LKWG M-V"
    assert {rows[s]["outcome"] for s in others} == {"not_applicable"}
    table = run_cli("compare", "instances/he/schenklengsfeld-2023.yaml")
    assert table.exit_code == 0 and "Jürgen Wolf" in table.stdout


def _main(*args):
    """The installed entry point (usage errors are handled there, not in typer's test runner)."""
    import subprocess
    import sys

    return subprocess.run(
        [sys.executable, "-c", "from nachruecken.interfaces.cli import main; main()", *args],
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize(
    "args",
    [("solve", "instances/he/schenklengsfeld-2023.yaml", "--lang", "fr"), ("feststellung",), ("solve", "--bogus", "x")],
)
def test_a_usage_error_is_one_line_with_exit_2(args):
    done = _main(*args)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"nachruecken {args[0]}: ") and "--help" in lines[0], done.stderr

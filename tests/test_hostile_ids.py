"""Identifiers are data: quotes, parentheses, ASP syntax, umlauts, emoji survive unchanged."""

from __future__ import annotations

import json

import pytest

from conftest import decide, he_case, he_list

HOSTILE = [
    "x). evil(1",
    'a"b',
    "O'Brien",
    "p(1,2)",
    ":- a.",
    '#include "x".',
    "Jürgen Weiß",
    "🗳️ Wähler",
    "x" * 400,
    "UPPER",
    "_under",
    "123",
    '"',
    "\\",
    "a\nb",
]


@pytest.mark.parametrize("pid", HOSTILE)
def test_hostile_person_id_round_trips(pid):
    nom = he_list(("holder", 900, True), (pid, 300), ("plain", 100), nid=f"list {pid}")
    result = decide(he_case([nom], [("2010-01-01", pid, "waived"), ("2010-02-01", "holder", "died")]))
    det = result["determinations"][0]
    assert det["candidates"][0]["person"] == pid and det["candidates"][0]["reason"] == "waived"
    assert det["candidates"][0]["nomination"] == f"list {pid}"
    assert det["successor"] == "plain"
    back = json.loads(json.dumps(result, ensure_ascii=False))
    assert back["determinations"][0]["candidates"][0]["person"] == pid


def test_hostile_successor_id(run_cli, write_case):
    pid = 'x). #show. evil("1'
    nom = he_list(("holder", 900, True), (pid, 300), nid='spd"); #const a=1. %')
    path = write_case(he_case([nom], [("2010-02-01", "holder", "died")]), "hostile.json")
    result = run_cli("solve", path, "--json")
    assert result.exit_code == 0, result.output
    det = json.loads(result.stdout)["determinations"][0]
    assert det["successor"] == pid and det["successor_nomination"] == 'spd"); #const a=1. %'


@pytest.mark.parametrize("width", ["80", "220"])  # blocks and the table
def test_names_print_as_written_in_the_text_view(tmp_path, write_case, width):
    # rich would read ":thumbs_up:" as an emoji code and "[bold]" as markup; a name is data
    from typer.testing import CliRunner

    from nachruecken.interfaces.cli import app

    name = "Anna :thumbs_up: [bold]Alt[/bold] :smile:"
    nom = he_list(("holder", 900, True), ("anna", 300), nid="spd")
    nom["candidates"][1]["name"] = name
    path = write_case(he_case([nom], [("2010-02-01", "holder", "died")]), "names.json")
    out = tmp_path / "out.txt"
    result = CliRunner().invoke(app, ["solve", str(path)], env={"COLUMNS": width})
    assert result.exit_code == 0, result.output
    assert name in " ".join(result.stdout.split())
    assert "👍" not in result.stdout and "😄" not in result.stdout
    result = CliRunner().invoke(app, ["solve", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert name in " ".join(out.read_text(encoding="utf-8").split())


@pytest.mark.parametrize("raw", ["Anna\n# Aufhebung\nBeispiel", "Anna \x1b[31mBeispiel", "Anna \u202eleipsieB"])
def test_control_characters_in_a_name_are_removed_everywhere_with_a_warning(run_cli, tmp_path, raw):
    """Issue 52: a name's line break cannot add a heading to the act, nor an escape sequence reach the
    terminal, nor a bidi override reverse what the officer reads."""
    import json

    data = {
        "statute": "he",
        "election_date": "2021-03-14",
        "nominations": [{"id": "cdu", "candidates": [{"id": "a", "elected": True}, {"id": "b", "name": raw}]}],
        "events": [{"date": "2022-01-01", "person": "a", "type": "died"}],
    }
    case = tmp_path / "fall.json"
    case.write_text(json.dumps(data), encoding="utf-8")
    terminal = run_cli("solve", str(case))
    act = run_cli("feststellung", str(case))
    for out in (terminal.stdout, act.stdout):
        assert "\x1b[31m" not in out and "\u202e" not in out and "\n# Aufhebung" not in out
    assert "Anna" in act.stdout and "control characters" in terminal.stdout

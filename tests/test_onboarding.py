"""What a new user meets first: plausibility warnings, YAML habits, readings of another state,
public holidays named, `test --update`, and the CLI conventions (--version, -h)."""

from __future__ import annotations

import copy

import pytest
import yaml

import nachruecken

from conftest import ROOT

CASE = ROOT / "instances/he/schenklengsfeld-2023.yaml"


def _data():
    return yaml.safe_load(CASE.read_text(encoding="utf-8"))


def _warnings(data):
    data = copy.deepcopy(data)
    data.pop("expected", None)
    return nachruecken.decide(data)["warnings"]


def test_more_elected_than_seats_warns_and_still_decides():
    data = _data()
    data["body"]["seats"] = 3
    result = nachruecken.decide(data)
    assert any("4 persons as elected" in w and "3 seats" in w for w in result["warnings"])
    assert result["determinations"][0]["successor"] == "wolf"
    assert not any("elected" in w and "seats" in w for w in _warnings(_data()))


def test_a_departure_without_a_seat_suggests_elected_true():
    data = _data()
    data["nominations"][0]["candidates"][0].pop("elected")
    warnings = _warnings(data)
    assert any("'weimar'" in w and "elected: true" in w for w in warnings)


def test_events_before_the_election_warn():
    data = _data()
    data["events"].insert(0, {"date": "2020-05-01", "person": "wolf", "type": "refused"})
    assert any("before the election" in w and "wolf (refused, 2020-05-01)" in w for w in _warnings(data))
    # party membership may change before the election: no warning
    data = _data()
    data["events"].insert(0, {"date": "2020-05-01", "person": "wolf", "type": "left_group"})
    assert not any("before the election" in w for w in _warnings(data))


def test_a_list_with_nobody_beyond_the_elected_warns():
    data = _data()
    data["events"] = [
        {"date": "2023-08-30", "person": "cdu-2", "type": "waived"},
        {"date": "2023-08-31", "person": "cdu-1", "type": "resigned"},
    ]
    result = nachruecken.decide({k: v for k, v in data.items() if k != "expected"})
    assert result["determinations"][0]["outcome"] == "vacant"
    assert any("nobody on CDU is left" in w and "2 names" in w for w in result["warnings"])
    assert not any("is left" in w for w in _warnings(_data()))


def test_a_reading_of_another_state_is_an_input_error_naming_its_state(run_cli):
    result = run_cli("solve", "instances/bb/spremberg-2025.yaml", "--reading", "he.rejoined=yes")
    assert result.exit_code == 2
    assert "he.rejoined" in result.stderr and "belongs to Hessen" in result.stderr
    data = _data()
    data["readings"] = {"bb.section_61": "no"}
    with pytest.raises(nachruecken.InputError, match="readings.bb.section_61: .*belongs to Brandenburg"):
        nachruecken.decide(data)
    # decided under Brandenburg's statute, the case's Hessen readings are set aside with a warning
    data["readings"] = {"he.rejoined": "yes"}
    under_bb = nachruecken.decide(data, statute="bb")
    assert any("he.rejoined=yes" in w and "not applied" in w for w in under_bb["warnings"])


@pytest.mark.parametrize(
    "text, hint",
    [
        ("statute: he\nnominations:\n\t- id: x\n", "indent with spaces"),
        ("statute: he\nreadings:\n  he.rejoined: no\nnominations: []\n", 'he.rejoined: "no"'),
    ],
)
def test_yaml_habits_get_a_hint(tmp_path, run_cli, text, hint):
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("solve", str(path))
    assert result.exit_code == 2 and hint in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_key_path_error_names_its_line(tmp_path, run_cli):
    text = CASE.read_text(encoding="utf-8").replace(
        "{id: wolf, name: Jürgen Wolf, votes: 812}", "{id: wolf, name: Jürgen Wolf, votes: -812}"
    )
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "votes: -812" in t)
    result = run_cli("solve", str(path))
    assert "nominations[0].candidates[3].votes" in result.stderr and f"(line {line})" in result.stderr


def test_an_oversize_file_is_refused_before_parsing(tmp_path, monkeypatch, run_cli):
    from nachruecken.case import loader

    monkeypatch.setattr(loader, "MAX_FILE_BYTES", 100)
    result = run_cli("solve", str(CASE))
    assert result.exit_code == 2 and "MiB" in result.stderr


def test_a_holiday_that_moves_a_deadline_is_named(run_cli):
    path = "instances/nw/2024-all-saints-deadline.yaml"
    assert "holidays" not in yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))  # none listed
    det = nachruecken.decide(path, lang="de")["determinations"][0]
    assert det["membership"]["deadline"] == "2024-11-04"
    assert [d["name"] for d in det["membership"]["deadline_moved"]["days"]] == ["Allerheiligen", "Samstag", "Sonntag"]
    text = " ".join(run_cli("solve", path, "--lang", "de").stdout.split())
    assert "die Frist endete rechnerisch am 1. November 2024 (Allerheiligen, Samstag, Sonntag)" in text
    # a holiday only the case lists is named as such
    data = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))
    data.pop("expected")
    data["events"][1]["date"] = "2024-10-28"  # Monday: the week would end Monday 4 Nov
    data["holidays"] = ["2024-11-04"]
    moved = nachruecken.decide(data)["determinations"][0]["membership"]["deadline_moved"]
    assert moved == {"from": "2024-11-04", "days": [{"date": "2024-11-04", "name": "a holiday the case lists"}]}


def test_test_update_rewrites_a_failing_expectation(tmp_path, run_cli):
    path = tmp_path / "case.yaml"
    path.write_text(
        CASE.read_text(encoding="utf-8").replace("successor: wolf,", "successor: baumgardt,"), encoding="utf-8"
    )
    assert run_cli("test", str(path)).exit_code == 1
    updated = run_cli("test", str(path), "--update")
    assert updated.exit_code == 0 and "-  weimar: {outcome: successor, successor: baumgardt" in updated.stdout
    assert run_cli("test", str(path)).exit_code == 0
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["expected"]["weimar"]["successor"] == "wolf"


@pytest.mark.parametrize("args", [["--version"], ["-V"]])
def test_version(run_cli, args):
    result = run_cli(*args)
    assert result.exit_code == 0 and result.stdout.startswith(f"nachruecken {nachruecken.__version__}")


def test_short_help_and_exit_codes_in_help(run_cli):
    assert "Usage: " in run_cli("solve", "-h").stdout and "--statute" in run_cli("solve", "-h").stdout
    top = " ".join(run_cli("--help").stdout.split())
    assert "Exit status: 0" in top and "2 bad input" in top and "3 an internal error" in top


def test_plausibility_warnings_hold_the_replay_relations():
    """Neither the file order of same-date events, nor `vacancy:`, nor a later event changes what a
    plausibility warning says about a determination."""
    data = _data()
    data.pop("expected")
    data["nominations"][1]["candidates"].append({"id": "cdu-3", "name": "CDU member 3", "votes": 50, "elected": True})
    data["events"] = [
        {"date": "2023-08-30", "person": "cdu-2", "type": "waived"},
        {"date": "2023-08-31", "person": "cdu-1", "type": "died"},
        {"date": "2023-08-31", "person": "cdu-3", "type": "died"},
    ]
    about = lambda d: sorted(w for w in nachruecken.decide(d)["warnings"] if "is left" in w)
    both = about(data)
    assert len(both) == 2  # one per empty seat
    swapped = copy.deepcopy(data)
    swapped["events"][1:] = swapped["events"][2:0:-1]
    assert about(swapped) == both
    only = copy.deepcopy(data)
    only["vacancy"] = "cdu-3"
    assert about(only) == [w for w in both if "'cdu-3'" in w]
    # a call recorded after a departure does not turn the hint about that departure
    hint = _data()
    hint.pop("expected")
    hint["nominations"][0]["candidates"][3]["elected"] = False
    hint["events"] = [{"date": "2023-01-10", "person": "wolf", "type": "resigned"}]
    hinted = lambda d: any(
        "'wolf'" in w and "10 January 2023" in w and "elected: true" in w for w in nachruecken.decide(d)["warnings"]
    )
    assert hinted(hint)
    hint["events"] += [
        {"date": "2023-08-31", "person": "weimar", "type": "resigned"},
        {"date": "2023-09-01", "person": "wolf", "type": "called", "nomination": "spd"},
    ]
    assert hinted(hint)


def test_a_mistyped_reading_in_a_case_is_still_an_input_error():
    for rid in ("hee.undetermined", "undetermined"):
        data = _data()
        data["readings"] = {rid: "week"}
        with pytest.raises(nachruecken.InputError, match="unknown reading"):
            nachruecken.decide(data)

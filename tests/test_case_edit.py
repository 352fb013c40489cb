"""Changing a case file's events in place (``case.edit``): only the event's own lines change; every
comment, blank line and other line stays as the office wrote it; JSON stays JSON."""

from __future__ import annotations

import json

import pytest
import yaml

from nachruecken.case.edit import event_list, with_event, without_event
from nachruecken.case.loader import build_case, parse_text
from nachruecken.errors import InputError

from conftest import ROOT
from profiles import worked_cases

INSTANCES = worked_cases(sorted((ROOT / "instances").rglob("*.yaml")))  # (tests/profiles.py)
NEW = {"date": "2024-02-01", "person": "x", "type": "Verzicht", "note": "Schreiben vom 1.2. # kein Kommentar"}


@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.stem)
def test_adding_then_deleting_an_event_gives_back_the_file_byte_for_byte(path):
    text = path.read_text(encoding="utf-8")
    before = event_list(text, ".yaml")
    added = with_event(text, ".yaml", NEW)
    assert event_list(added, ".yaml") == [*before, NEW]
    # nothing but the new event's line: every line of the file is still there, in order
    kept = [line for line in added.splitlines() if "Schreiben vom" not in line and line.strip() != "events:"]
    assert kept == [line for line in text.splitlines() if line.strip() != "events:"]
    assert without_event(added, ".yaml", len(before)) == text


@pytest.mark.parametrize("path", [p for p in INSTANCES if "events:" in p.read_text(encoding="utf-8")][:40])
def test_correcting_an_event_changes_that_event_only(path):
    text = path.read_text(encoding="utf-8")
    events = event_list(text, ".yaml")
    if not events:
        pytest.skip("no events")
    last = len(events) - 1
    changed = {**events[last], "note": "korrigiert"}
    new = with_event(text, ".yaml", changed, last)
    assert event_list(new, ".yaml") == [*events[:last], changed]
    data_old, data_new = parse_text(text), parse_text(new)
    assert {k: v for k, v in data_old.items() if k != "events"} == {k: v for k, v in data_new.items() if k != "events"}


BLOCK = """\
# Rat der Stadt Musterstadt
statute: nw   # geltende Fassung
nominations:
  - id: cdu
    candidates:
      - {id: a, elected: true}
      - {id: b}
      - {id: c}

events:
  # der Tod des Ratsmitglieds
  - date: '2022-02-14'
    person: a
    type: Tod

  # Eingang beim Wahlleiter
  - date: '2022-02-20'
    person: b
    type: Ablehnung
    received: '2022-02-21'
expected: {}
"""


def test_block_events_keep_their_comments_and_new_ones_are_written_as_blocks():
    new = with_event(BLOCK, ".yaml", {"date": "2022-03-01", "person": "c", "type": "Annahme"})
    assert "  - date: '2022-03-01'\n    person: c\n    type: Annahme\n" in new
    assert new.count("#") == BLOCK.count("#") and new.endswith("expected: {}\n")
    removed = without_event(BLOCK, ".yaml", 0)
    assert "person: a" not in removed and "# der Tod des Ratsmitglieds" in removed  # a comment is no event
    assert "# Eingang beim Wahlleiter" in removed and event_list(removed, ".yaml")[0]["person"] == "b"
    corrected = with_event(BLOCK, ".yaml", {"date": "2022-02-20", "person": "b", "type": "Annahme"}, 1)
    assert "received" not in corrected and corrected.count("type: Annahme") == 1 and "type: Tod" in corrected


@pytest.mark.parametrize(
    "events_text",
    ["", "events:\n", "events: []\n", "events: [{date: '2022-02-14', person: a, type: Tod}]\n"],
    ids=["no-key", "empty", "empty-list", "flow-list"],
)
def test_a_file_without_event_lines_gets_them(events_text):
    text = "statute: nw\nnominations:\n  - id: l\n    candidates: [{id: a, elected: true}, {id: b}]\n" + events_text
    before = event_list(text, ".yaml")
    new = with_event(text, ".yaml", {"date": "2022-03-01", "person": "b", "type": "Annahme"})
    assert event_list(new, ".yaml") == [*before, {"date": "2022-03-01", "person": "b", "type": "Annahme"}]
    build_case(parse_text(new), "x.yaml")  # still a case


def test_json_stays_json_with_its_indentation():
    data = {"statute": "nw", "nominations": [{"id": "l", "candidates": [{"id": "a", "elected": True}, {"id": "b"}]}]}
    text = json.dumps(data, indent=4)
    new = with_event(text, ".json", {"date": "2022-03-01", "person": "b", "type": "Annahme"})
    assert json.loads(new)["events"] == [{"date": "2022-03-01", "person": "b", "type": "Annahme"}]
    assert '\n    "statute"' in new
    assert without_event(new, ".json", 0) != new and json.loads(without_event(new, ".json", 0))["events"] == []


def test_strings_that_look_like_yaml_stay_strings():
    hostile = {"date": "2022-03-01", "person": "b", "type": "Annahme", "note": "]: {x: 1} # - &a *a\n!!python"}
    new = with_event(BLOCK, ".yaml", hostile)
    assert event_list(new, ".yaml")[-1] == hostile
    assert yaml.safe_load(new)["expected"] == {}


def test_an_event_that_is_not_there_is_an_error_naming_it():
    with pytest.raises(InputError, match=r"no event 7") as err:
        without_event(BLOCK, ".yaml", 7)
    assert err.value.path == "events[7]"


def test_a_windows_file_keeps_its_line_endings():
    crlf = BLOCK.replace("\n", "\r\n")
    new = with_event(crlf, ".yaml", {"date": "2022-03-01", "person": "c", "type": "Annahme"})
    assert new.count("\n") == new.count("\r\n") and new.startswith(crlf.split("events:")[0])
    assert without_event(new, ".yaml", 2) == crlf

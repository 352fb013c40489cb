"""The loader's error catalogue: one clear line (file, key path, problem), exit status 2."""

from __future__ import annotations

import copy

import pytest

BASE = {
    "statute": "he-kwg-34",
    "nominations": [
        {"id": "spd", "candidates": [{"id": "a", "votes": 10, "elected": True}, {"id": "b", "votes": 5}]},
        {"id": "cdu", "candidates": [{"id": "c", "votes": 7, "elected": True}]},
    ],
    "events": [{"date": "2020-01-01", "person": "a", "type": "resigned"}],
}


def mutate(fn):
    data = copy.deepcopy(BASE)
    fn(data)
    return data


CASES = [
    ("unknown statute", mutate(lambda d: d.update(statute="by-gemo-99")), "statute", "unknown statute 'by-gemo-99'"),
    ("statute typo", mutate(lambda d: d.update(statute="he-kwg-43")), "statute", "did you mean 'he-kwg-34'"),
    (
        "unknown event type",
        mutate(lambda d: d["events"][0].update(type="abdicated")),
        "events[0].type",
        "'abdicated' is not allowed",
    ),
    (
        "duplicate nomination",
        mutate(lambda d: d["nominations"][1].update(id="spd")),
        "nominations[1].id",
        "duplicate nomination id 'spd'",
    ),
    (
        "duplicate person on a list",
        mutate(lambda d: d["nominations"][0]["candidates"][1].update(id="a")),
        "nominations[0].candidates[1].id",
        "appears twice",
    ),
    (
        "duplicate list place",
        mutate(lambda d: [c.update(position=1) for c in d["nominations"][0]["candidates"]]),
        "nominations[0].candidates[1].position",
        "list place 1 is taken twice",
    ),
    (
        "event person on no list",
        mutate(lambda d: d["events"][0].update(person="zz")),
        "events[0].person",
        "'zz' is on no nomination",
    ),
    (
        "negative votes",
        mutate(lambda d: d["nominations"][0]["candidates"][1].update(votes=-3)),
        "nominations[0].candidates[1].votes",
        "below the minimum 0",
    ),
    (
        "non-integer votes",
        mutate(lambda d: d["nominations"][0]["candidates"][1].update(votes=2.5)),
        "nominations[0].candidates[1].votes",
        "expected integer",
    ),
    (
        "float votes",
        mutate(lambda d: d["nominations"][0]["candidates"][1].update(votes=3.0)),
        "nominations[0].candidates[1].votes",
        "expected integer",
    ),
    (
        "boolean votes",
        mutate(lambda d: d["nominations"][0]["candidates"][1].update(votes=True)),
        "nominations[0].candidates[1].votes",
        "expected integer",
    ),
    (
        "votes too large",
        mutate(lambda d: d["nominations"][0]["candidates"][1].update(votes=2**31)),
        "nominations[0].candidates[1].votes",
        "above the maximum",
    ),
    (
        "impossible date",
        mutate(lambda d: d["events"][0].update(date="2023-02-30")),
        "events[0].date",
        "not a real calendar date",
    ),
    ("malformed date", mutate(lambda d: d["events"][0].update(date="2023/08/31")), "events[0].date", "YYYY-MM-DD"),
    (
        "district list without district",
        mutate(lambda d: d["nominations"][0].update(tier="district")),
        "nominations[0].district",
        "needs 'district'",
    ),
    (
        "substitute_list naming nothing",
        mutate(lambda d: d["nominations"][0].update(tier="district", district="x", substitute_list="fdp")),
        "nominations[0].substitute_list",
        "names no nomination",
    ),
    ("vacancy without vacating event", mutate(lambda d: d.update(vacancy="c")), "vacancy", "no event vacates the seat"),
    (
        "unknown key with suggestion",
        mutate(lambda d: d["nominations"][0]["candidates"][0].update(vote=3)),
        "nominations[0].candidates[0].vote",
        "did you mean 'votes'",
    ),
    ("unknown top-level key", mutate(lambda d: d.update(nominatons=[])), "nominatons", "did you mean 'nominations'"),
    ("missing statute", mutate(lambda d: d.pop("statute")), "", "missing required key 'statute'"),
    (
        "elected twice",
        mutate(lambda d: d["nominations"][1]["candidates"].append({"id": "a", "elected": True})),
        "nominations[1].candidates[1].elected",
        "marked elected on two nominations",
    ),
    (
        "extra key on wrong event type",
        mutate(lambda d: d["events"][0].update(ground="x")),
        "events[0].ground",
        "belongs to events of type lost_seat",
    ),
    (
        "received before the declaration",
        mutate(lambda d: d["events"][0].update(type="resigned", received="2000-01-01")),
        "events[0].received",
        "lies before the declaration's date",
    ),
    (
        "seat_of names nobody",
        mutate(lambda d: d["events"][0].update(type="called", seat_of="nobody")),
        "events[0].seat_of",
        "who is on no nomination",
    ),
    (
        "unknown reading",
        mutate(lambda d: d.update(readings={"he.ersatzlist_order": "list"})),
        "readings.he.ersatzlist_order",
        "did you mean 'he.ersatzliste_order'",
    ),
    (
        "bad reading value",
        mutate(lambda d: d.update(readings={"he.ersatzliste_order": "alphabet"})),
        "readings.he.ersatzliste_order",
        "has no value 'alphabet'",
    ),
    (
        "event after death",
        mutate(
            lambda d: d["events"].extend(
                [
                    {"date": "2019-01-01", "person": "b", "type": "died"},
                    {"date": "2019-02-01", "person": "b", "type": "waived"},
                ]
            )
        ),
        "events[2]",
        "died on 2019-01-01",
    ),
    ("not a mapping", ["a", "b"], "", "must be a mapping"),
    ("empty nomination list", mutate(lambda d: d.update(nominations=[])), "nominations", "must not be empty"),
    (
        "nomination without candidates",
        mutate(lambda d: d["nominations"][1].update(candidates=[])),
        "nominations[1].candidates",
        "must not be empty",
    ),
    (
        "huge list place",
        mutate(lambda d: d["nominations"][0]["candidates"][0].update(position=10**12)),
        "nominations[0].candidates[0].position",
        "above the maximum",
    ),
    (
        "called on an unknown nomination",
        mutate(
            lambda d: d["events"].append({"date": "2021-01-01", "person": "b", "type": "called", "nomination": "fdp"})
        ),
        "events[1].nomination",
        "nomination 'fdp' does not exist",
    ),
    (
        "Ersatzbewerber for nobody",
        mutate(lambda d: d["nominations"][0]["candidates"][1].update(substitute_for=["zz"])),
        "nominations[0].candidates[1].substitute_for[0]",
        "names 'zz', who is on no nomination",
    ),
    (
        "expected for nobody",
        mutate(lambda d: d.update(expected={"zz": {"outcome": "vacant"}})),
        "expected.zz",
        "on no nomination",
    ),
]


@pytest.mark.parametrize("label,data,path,fragment", CASES, ids=[c[0] for c in CASES])
def test_bad_case_gives_one_line_and_exit_2(label, data, path, fragment, write_case, run_cli):
    case = write_case(data)
    result = run_cli("solve", case)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, lines
    line = lines[0]
    assert str(case) in line
    if path:
        assert f": {path}: " in line, line
    assert fragment in line, line
    assert "Traceback" not in result.output


RAW = [
    ("malformed YAML", "case.yaml", "statute: he\nnominations: [\n", "not valid YAML"),
    ("duplicate YAML key", "case.yaml", "statute: he\nstatute: nw\nnominations: []\n", "duplicate key 'statute'"),
    ("empty file", "case.yaml", "", "file is empty"),
    ("only whitespace", "case.yaml", "  \n\n", "file is empty"),
    ("YAML null document", "case.yaml", "~\n", "file is empty"),
    ("malformed JSON", "case.json", '{"statute": ', "not valid JSON"),
    ("not UTF-8", "case.yaml", None, "not UTF-8"),
]


@pytest.mark.parametrize("label,name,raw,fragment", RAW, ids=[r[0] for r in RAW])
def test_unreadable_files(label, name, raw, fragment, tmp_path, run_cli):
    path = tmp_path / name
    if raw is None:
        path.write_bytes(b"statute: \xff\xfe\n")
    else:
        path.write_text(raw, encoding="utf-8")
    result = run_cli("solve", path)
    assert result.exit_code == 2
    assert fragment in result.stderr and str(path) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_missing_file(run_cli, tmp_path):
    result = run_cli("solve", tmp_path / "nope.yaml")
    assert result.exit_code == 2
    assert "file does not exist" in result.stderr


def test_bad_reading_option(run_cli):
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--reading", "he.unfit_next")
    assert result.exit_code == 2 and "ID=VALUE" in result.stderr
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--reading", "he.unfit_next=maybe")
    assert result.exit_code == 2 and "--reading" in result.stderr and "no value 'maybe'" in result.stderr


def test_several_files_one_bad_still_solves_the_others(write_case, run_cli, tmp_path):
    good = write_case(BASE, "good.yaml")
    bad = write_case(None, "bad.yaml", raw="statute: [\n")
    result = run_cli("solve", good, bad, "--json")
    assert result.exit_code == 2
    import json

    lines = [json.loads(line) for line in result.stdout.strip().splitlines()]
    assert lines[0]["case"] == str(good) and lines[0]["determinations"][0]["successor"] == "b"
    assert lines[1]["case"] == str(bad) and "not valid YAML" in lines[1]["error"]


def test_more_than_a_million_candidates_is_refused_quickly():
    from nachruecken.case.loader import build_case
    from nachruecken.errors import InputError

    data = {"statute": "he", "nominations": [{"id": "a", "candidates": [{"id": str(i)} for i in range(10**6 + 1)]}]}
    with pytest.raises(InputError, match="at most 1,000,000") as err:
        build_case(data, "big.yaml")
    assert err.value.path == "nominations"

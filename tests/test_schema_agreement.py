"""The quick schema check (msgspec types made from the JSON Schema, ``case.shape``) and the full JSON
Schema validator agree on every input.

The loader trusts the quick check when it says yes; only when it says no does the full validator
run to name the problem. So the two must never disagree: checked on every worked case, on the bad
inputs of the loader's tests, and on mutated valid cases."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from nachruecken.case.loader import parse_text
from nachruecken.case.schema import _validator
from nachruecken.case.shape import conforms, type_of

from conftest import ROOT
from profiles import examples, worked_cases
from strategies import STATUTES, cases

ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 2**32),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.sampled_from(["2021-02-30", "list", "district", "party", "died", "written", 3.0, "", "x" * 600]),
)


def _paths(x, prefix=()):
    yield prefix
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield from _paths(v, prefix + (i,))


@seed(42)
@settings(max_examples=examples(400), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data(), statute=st.sampled_from(STATUTES))
def test_quick_check_agrees_with_the_validator(data, statute):
    case = data.draw(cases(statute))
    mutated = copy.deepcopy(case)
    for _ in range(data.draw(st.integers(0, 3))):
        paths = [p for p in _paths(mutated) if p]
        path = data.draw(st.sampled_from(paths))
        parent = mutated
        for key in path[:-1]:
            parent = parent[key]
        action = data.draw(st.sampled_from(["replace", "delete", "add_key"]))
        if action == "replace":
            parent[path[-1]] = data.draw(ODD_VALUES)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["vote", "extra", "seat", "form", "district"]))] = data.draw(ODD_VALUES)
    assert conforms(mutated) == _valid(mutated)


def _valid(data) -> bool:
    return not any(True for _ in _validator().iter_errors(data))


@pytest.mark.parametrize("path", worked_cases(sorted((ROOT / "instances").rglob("*.yaml"))), ids=lambda p: p.stem)
def test_every_worked_case_conforms_to_both(path):
    data = parse_text(path.read_text(encoding="utf-8"))
    assert conforms(data) and _valid(data)


BASE = {"statute": "nw", "nominations": [{"id": "l", "candidates": [{"id": "a", "elected": True}, {"id": "b"}]}]}
BAD = [
    ("votes as text", {"nominations": [{"id": "l", "candidates": [{"id": "a", "votes": "12"}]}]}),
    ("votes as a float", {"nominations": [{"id": "l", "candidates": [{"id": "a", "votes": 3.0}]}]}),
    ("votes as a boolean", {"nominations": [{"id": "l", "candidates": [{"id": "a", "votes": True}]}]}),
    ("negative votes", {"nominations": [{"id": "l", "candidates": [{"id": "a", "votes": -1}]}]}),
    ("position 0", {"nominations": [{"id": "l", "candidates": [{"id": "a", "position": 0}]}]}),
    ("empty id", {"nominations": [{"id": "", "candidates": [{"id": "a"}]}]}),
    ("NUL in an id", {"nominations": [{"id": "l\x00m", "candidates": [{"id": "a"}]}]}),
    ("no candidates", {"nominations": [{"id": "l", "candidates": []}]}),
    ("unknown key", {"nominatoins": []}),
    ("unknown candidate key", {"nominations": [{"id": "l", "candidates": [{"id": "a", "vote": 3}]}]}),
    ("null statute", {"statute": None}),
    ("a date of another form", {"election_date": "2021/03/14"}),
    ("an impossible date form", {"election_date": "14.3.21"}),
    ("an unknown event word", {"events": [{"date": "2021-03-14", "person": "a", "type": "Urlaub"}]}),
    ("an event without a date", {"events": [{"person": "a", "type": "died"}]}),
    (
        "a substitute entry of a number",
        {"nominations": [{"id": "l", "candidates": [{"id": "a", "substitute_for": [3]}]}]},
    ),
    (
        "a substitute entry with an unknown key",
        {"nominations": [{"id": "l", "candidates": [{"id": "a", "substitute_for": [{"person": "b", "x": 1}]}]}]},
    ),
    ("a reading of a number", {"readings": {"nw.x": 3}}),
    ("the top level a list", None),
]


@pytest.mark.parametrize("label, change", BAD, ids=[b[0] for b in BAD])
def test_bad_inputs_are_refused_by_both(label, change):
    data = [BASE] if change is None else {**BASE, **change}
    assert not conforms(data) and not _valid(data)


def test_a_schema_keyword_that_is_not_translated_is_refused():
    with pytest.raises(ValueError, match="not translated"):
        type_of({"type": "string", "format": "date"})

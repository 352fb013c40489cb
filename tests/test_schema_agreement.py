"""The quick schema check and the full JSON Schema validator agree on every input.

The loader trusts the quick check when it says yes; only when it says no does the full validator
run to name the problem. So the two must never disagree: checked on mutated valid cases."""

from __future__ import annotations

import copy

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from nachruecken.case.schema import CASE_SCHEMA, _conforms, _validator

from profiles import examples
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
    assert _conforms(mutated, CASE_SCHEMA) == (not any(True for _ in _validator().iter_errors(mutated)))

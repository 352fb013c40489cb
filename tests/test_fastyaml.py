"""The case file's YAML read at libyaml's speed (issue 53): ``case.fastyaml`` must give exactly what
PyYAML's loader gives (the project's strict loader: no timestamps, no key twice), for every worked case
and for drawn documents full of YAML 1.1's traps; what it does not handle it leaves to that loader."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from nachruecken.case import fastyaml
from nachruecken.case.loader import _StrictLoader, parse_text
from nachruecken.errors import InputError

from conftest import ROOT

# plain scalars YAML 1.1 reads as something other than text, or nearly does
TRAPS = [
    "yes",
    "No",
    "ON",
    "off",
    "y",
    "n",
    "true",
    "False",
    "~",
    "null",
    "Null",
    "",
    "0",
    "012",
    "0x1F",
    "0o17",
    "0b101",
    "1_000",
    "1:20",
    "-1",
    "+3",
    "1e3",
    "1.5e3",
    "3.0",
    ".5",
    ".inf",
    "-.Inf",
    ".nan",
    "2020-01-01",
    "2020-01-01 10:00:00",
    "1.",
    "08",
    "09.5",
    "-0",
    "+.5",
    "p123",
    "Müller",
    "a b",
    "12:30:00",
]


def slow(text: str):
    return yaml.load(text, Loader=_StrictLoader)


def test_every_worked_case_and_example_reads_as_the_full_loader_reads_it():
    paths = sorted(ROOT.glob("instances/**/*.yaml")) + sorted(ROOT.glob("examples/**/*.yaml"))
    assert len(paths) > 200
    fast_path = 0
    for path in paths:
        text = path.read_text(encoding="utf-8")
        got = fastyaml.load(text, _StrictLoader)
        if got is not fastyaml.FALLBACK:
            fast_path += 1
            assert got == slow(text) and _types(got) == _types(slow(text)), path
    assert fast_path == len(paths)  # no worked case needs the full loader


@given(st.lists(st.sampled_from(TRAPS), min_size=1, max_size=12), st.booleans())
def test_plain_scalars_resolve_as_the_full_loader_resolves_them(words, flow):
    if flow:
        text = "a: [" + ", ".join(w if w else "''" for w in words) + "]\n"
    else:
        text = "".join(f"k{i}: {w}\n" for i, w in enumerate(words)) + "".join(f"{w or 'e'}x: 1\n" for w in words[:1])
    try:
        want = slow(text)
    except (yaml.YAMLError, InputError):
        return  # what the full loader refuses is tested below
    got = fastyaml.load(text, _StrictLoader)
    assert got is fastyaml.FALLBACK or (got == want and _types(got) == _types(want)), text


scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8), st.sampled_from(TRAPS)
)
documents = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
)


@given(documents, st.sampled_from([None, True, False]), st.sampled_from([None, '"', "'"]))
def test_any_dumped_document_reads_back_alike(data, flow, style):
    text = yaml.safe_dump(data, default_flow_style=flow, default_style=style, allow_unicode=True)
    want = slow(text)
    got = fastyaml.load(text, _StrictLoader)
    # quoted throughout, PyYAML tags what is no text (!!int "3"): that goes to the full loader
    assert got is not fastyaml.FALLBACK or style is not None
    got = parse_text(text) if got is fastyaml.FALLBACK else got
    assert got == want and _types(got) == _types(want)


@pytest.mark.parametrize(
    "text",
    [
        "a: &x 1\nb: *x\n",
        "base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n",
        "a: !!str 3\n",
        "a: !!int '3'\n",
        "--- 1\n--- 2\n",
        "? [a, b]\n: 1\n",
        "a: =\n",
    ],
)
def test_what_it_does_not_handle_the_full_loader_does_with_the_same_result(text):
    assert fastyaml.load(text, _StrictLoader) is fastyaml.FALLBACK
    try:
        want = ("ok", slow(text))
    except (yaml.YAMLError, InputError, TypeError) as exc:
        want = ("error", type(exc))
    try:
        got = ("ok", parse_text(text, ".yaml"))
    except InputError:  # one line, never a traceback
        got = ("error", InputError)
    assert got[0] == want[0] and (got[0] == "error" or got == want)


def test_a_key_twice_and_broken_yaml_give_the_loaders_messages_with_their_lines():
    with pytest.raises(InputError, match=r"duplicate key 'votes' \(line 4\)"):
        parse_text("statute: nw\ncandidates:\n  - votes: 1\n    votes: 2\n")
    with pytest.raises(InputError, match=r"not valid YAML: .*\(line 2, column"):
        parse_text("a: [1, 2\nb: 3\n")
    with pytest.raises(InputError, match="indent with spaces"):
        parse_text("a:\n\t- 1\n")


def _types(value):
    """The value's shape with each scalar's type (True == 1 and 1.0 == 1 would hide a wrong type)."""
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_types(v) for v in value]
    return type(value).__name__

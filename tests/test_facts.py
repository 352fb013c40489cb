"""Fact text: ids are rendered exactly as clingo renders string symbols."""

from __future__ import annotations

from clingo import String
from hypothesis import given, settings
from hypothesis import strategies as st

from nachruecken.engine.facts import quote

from profiles import examples


@settings(max_examples=examples(500), derandomize=True)
@given(st.text().filter(lambda t: "\x00" not in t))
def test_quote_is_clingos_rendering(text):
    assert quote(text) == str(String(text))


def test_nul_in_an_id_is_refused(write_case, run_cli):
    data = {"statute": "he", "nominations": [{"id": "a", "candidates": [{"id": "x\u0000y"}]}]}
    result = run_cli("solve", write_case(data, "nul.json"))
    assert result.exit_code == 2 and "NUL" in result.stderr and "nominations[0].candidates[0].id" in result.stderr

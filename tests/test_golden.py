"""One golden explanation per language: the full determination of the Schenklengsfeld case.

If a change alters it on purpose, review the new output line by line against § 34 KWG and
regenerate the file; a change nobody meant shows up here.
"""

from __future__ import annotations

import json

import pytest

from conftest import ROOT


@pytest.mark.parametrize("lang", ["en", "de"])
def test_schenklengsfeld_explanation_is_unchanged(lang, run_cli):
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--json", "--lang", lang)
    got = json.loads(result.stdout)
    want = json.loads((ROOT / f"tests/golden/schenklengsfeld-2023.{lang}.json").read_text(encoding="utf-8"))
    for key, value in want.items():
        assert got[key] == value, key

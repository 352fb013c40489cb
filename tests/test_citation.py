"""CITATION.cff says how to cite the tool: it parses, holds the keys CFF 1.2.0 requires (and those this
project promises), and names the package's own version; LICENSE is the MIT text pyproject declares."""

from __future__ import annotations

import datetime as dt

import yaml

import nachruecken

from conftest import ROOT


def _citation() -> dict:
    return yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))


def test_citation_parses_with_the_required_keys():
    cff = _citation()
    assert {"cff-version", "message", "title", "authors"} <= set(cff)  # required by CFF 1.2.0
    assert cff["cff-version"] == "1.2.0" and cff["type"] == "software" and cff["license"] == "MIT"
    assert cff["authors"] == [{"name": "nachruecken developers"}]
    assert isinstance(cff["date-released"], dt.date) and cff["abstract"] and cff["keywords"]


def test_citation_names_the_package_version():
    assert str(_citation()["version"]) == nachruecken.__version__


def test_license_is_the_mit_text_the_package_declares():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "2026 the nachruecken developers" in text
    assert 'license = { text = "MIT" }' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")

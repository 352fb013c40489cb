"""Shared helpers: build cases from dicts, decide them, run the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import settings
from typer.testing import CliRunner

from nachruecken.case.loader import build_case, load_case
from nachruecken.engine.determine import determine_case
from nachruecken.interfaces.cli import app

import profiles

# the browser harness's asserts explain themselves too (registered before any test module imports it)
pytest.register_assert_rewrite("browser")

ROOT = Path(__file__).resolve().parents[1]


def pytest_addoption(parser):
    parser.addoption(
        "--thorough",
        action="store_true",
        help="the thorough profile: every property at its full example count, and the tests marked "
        "thorough (tests/profiles.py)",
    )


def pytest_configure(config):
    profiles.THOROUGH = config.getoption("--thorough")
    config.addinivalue_line("markers", "thorough: runs only in the thorough profile (--thorough), as .ci/run does")
    # properties without their own count (hypothesis's default is 100)
    settings.register_profile("quick", max_examples=profiles.examples(100))
    settings.register_profile("thorough", max_examples=100)
    settings.load_profile("thorough" if profiles.THOROUGH else "quick")


def pytest_collection_modifyitems(config, items):
    if profiles.THOROUGH:
        return
    slow = [item for item in items if item.get_closest_marker("thorough")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if not item.get_closest_marker("thorough")]


def decide(data: dict, **kwargs) -> dict:
    """Decide a case given as plain data (the YAML structure)."""
    return determine_case(build_case(data, "<test>"), **kwargs)


def decide_file(path, **kwargs) -> dict:
    """Decide a shipped case file (e.g. ``instances/nw/…``), as ``nachruecken solve`` would."""
    return determine_case(load_case(path), **kwargs)


def by_vacancy(result: dict) -> dict:
    """The determinations of a result by the departed (the first of each)."""
    out: dict = {}
    for det in result["determinations"]:
        out.setdefault(det["vacancy"], det)
    return out


def only(result: dict) -> dict:
    dets = result["determinations"]
    assert len(dets) == 1, f"expected one determination, got {len(dets)}"
    return dets[0]


def by_person(det: dict) -> dict:
    return {c["person"]: c for c in det["candidates"]}


def candidate_entry(cand: tuple) -> dict:
    """(id, votes or None[, elected[, seat]]) as a case file's candidate entry."""
    pid, votes, *rest = cand
    entry = {"id": pid}
    if votes is not None:
        entry["votes"] = votes
    if rest and rest[0]:
        entry["elected"] = True
    if len(rest) > 1:
        entry["seat"] = rest[1]
    return entry


def nomination(nid, *cands, group=None, kind="party", tier="list", district=None) -> dict:
    """A nomination; each candidate is (id, votes or None[, elected[, seat]])."""
    out = {
        "id": nid,
        "group": group or nid,
        "group_kind": kind,
        "tier": tier,
        "candidates": [candidate_entry(c) for c in cands],
    }
    if district:
        out["district"] = district
    return out


def statute_case(statute, nominations, events, election_date="2019-05-26", **extra) -> dict:
    """A case; each event is (date, person, type[, extra keys])."""
    return {
        "statute": statute,
        "election_date": election_date,
        "nominations": nominations,
        "events": [{"date": d, "person": p, "type": t, **(x[0] if x else {})} for d, p, t, *x in events],
        **extra,
    }


def he_list(*cands, nid="spd", **extra) -> dict:
    """A Hessen nomination; each candidate is (id, votes, elected?)."""
    return {"id": nid, "candidates": [candidate_entry(c) for c in cands], **extra}


def he_case(nominations, events, **extra) -> dict:
    return statute_case("he-kwg-34", nominations, events, election_date="2006-03-26", **extra)


@pytest.fixture(autouse=True)
def _in_repository_root(monkeypatch):
    """Tests name shipped cases by relative path (instances/...), as a user in a checkout would."""
    monkeypatch.chdir(ROOT)


@pytest.fixture
def run_cli():
    runner = CliRunner()

    def run(*args):
        # a wide terminal, so that table cells do not wrap inside the phrases the tests look for
        result = runner.invoke(app, list(map(str, args)), env={"COLUMNS": "220"})
        return result

    return run


@pytest.fixture
def write_case(tmp_path):
    def write(data, name="case.yaml", raw: str | None = None):
        path = tmp_path / name
        if raw is not None:
            path.write_text(raw, encoding="utf-8")
        elif name.endswith(".json"):
            path.write_text(json.dumps(data), encoding="utf-8")
        else:
            path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
        return path

    return write


@pytest.fixture(autouse=True, scope="session")
def _holiday_cache(tmp_path_factory):
    """The tests keep the holiday calendars in a folder of their own, not in the user's cache."""
    import os

    os.environ["NACHRUECKEN_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    yield


def desk_client(app, base_url: str = "http://127.0.0.1:8765", **kwargs):
    """A test client that posts as a browser on the desk's own page does: with the desk as its Origin."""
    from fastapi.testclient import TestClient

    return TestClient(app, base_url=base_url, headers={"origin": base_url}, **kwargs)

"""Only the orderings a reading walks are handed to clingo (catalogue ``order_keys_by_reading``).

A key left out under a reading must be one the encoding never reads under it: every worked case and
generated terms decide the same with and without the filter, under every value of such a reading. A
wrong entry in the catalogue (the values swapped) must make that comparison fail.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nachruecken.case.loader import build_case, load_case
from nachruecken.engine.determine import determine_case
from nachruecken.engine.expectations import collect
from nachruecken.errors import InputError
from nachruecken.law.statutes import Statute, encoded_statutes, load_statute

from profiles import examples
from strategies import terms

FILTERED = [sid for sid in encoded_statutes() if load_statute(sid).order_keys_by_reading]


def _cases(sid: str) -> list:
    out = []
    for path in collect([Path(__file__).resolve().parents[1] / "instances"]):
        case = load_case(path)
        if case.statute.split("-")[0] == sid.split("-")[0]:  # the same Land
            out.append(case)
    return out


def _decide(case, readings):
    try:
        return determine_case(case, cli_readings=readings)
    except InputError as e:
        return str(e)


def _differ(monkeypatch, cases, sid, readings_list) -> list:
    """(case, readings) whose result changes when every key of ``orders`` is handed to clingo."""
    filtered = [_decide(c, r) for c in cases for r in readings_list]
    with monkeypatch.context() as m:
        m.setattr(Statute, "orders_under", lambda self, readings: self.orders)
        unfiltered = [_decide(c, r) for c in cases for r in readings_list]
    pairs = [(c.file, r) for c in cases for r in readings_list]
    return [p for p, a, b in zip(pairs, filtered, unfiltered) if a != b]


def test_some_statute_filters_its_orderings():
    assert "bb-kwahlg-60" in FILTERED


@pytest.mark.parametrize("sid", FILTERED)
def test_the_catalogue_names_known_keys_readings_and_values(sid):
    statute = load_statute(sid)
    keys = {k for scope in statute.orders.values() for k in scope}
    for rid, by_value in statute.order_keys_by_reading.items():
        assert rid in statute.readings, rid
        assert set(by_value) <= set(statute.readings[rid].values), (rid, by_value)
        for value, named in by_value.items():
            assert set(named) <= keys, (rid, value, named)


def test_bb_walks_one_vote_key_under_each_reading():
    statute = load_statute("bb-kwahlg-60")
    count = statute.orders_under({"bb.zero_votes": "count"})
    no_count = statute.orders_under({"bb.zero_votes": "no_count"})
    assert all(keys == ["votes"] for keys in count.values()), count
    assert all(keys == ["votes_nonzero"] for keys in no_count.values()), no_count


def _reading_values(sid):
    statute = load_statute(sid)
    return [{rid: v} for rid in statute.order_keys_by_reading for v in statute.readings[rid].values]


@pytest.mark.thorough  # slow: the thorough profile (tests/profiles.py)
@pytest.mark.parametrize("sid", FILTERED)
def test_worked_cases_decide_the_same_with_every_ordering(sid, monkeypatch):
    cases = _cases(sid)
    assert len(cases) >= 10, len(cases)
    assert _differ(monkeypatch, cases, sid, _reading_values(sid)) == []


@pytest.mark.parametrize("sid", FILTERED)
@settings(
    max_examples=examples(60),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_generated_terms_decide_the_same_with_every_ordering(sid, monkeypatch, data):
    case = build_case(data.draw(terms(sid)), "<generated>")
    assert _differ(monkeypatch, [case], sid, _reading_values(sid)) == []


def test_a_swapped_catalogue_entry_fails_the_comparison(monkeypatch):
    # the values swapped: under each reading the key it walks is the one left out
    statute = load_statute("bb-kwahlg-60")
    swapped = {"bb.zero_votes": {"count": ["votes_nonzero"], "no_count": ["votes"]}}
    monkeypatch.setattr(statute, "order_keys_by_reading", swapped)
    cases = _cases("bb-kwahlg-60")
    assert _differ(monkeypatch, cases, "bb-kwahlg-60", _reading_values("bb-kwahlg-60"))

"""Differential test: the ASP encodings and the plain-Python oracle agree on single vacancies
(Hessen and Brandenburg, default readings; a few hundred seeded cases each)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, seed, settings

from nachruecken.case.loader import build_case
from nachruecken.engine.determine import determine_case

from oracle import ORACLES, VACATING
from profiles import examples
from strategies import cases


def single_vacancy(data: dict) -> dict:
    """Keep the events up to and including the first vacating event of a seat holder."""
    elected = {c["id"] for n in data["nominations"] for c in n["candidates"] if c.get("elected")}
    kept = []
    for e in sorted(data["events"], key=lambda e: e["date"]):
        kept.append(e)
        if e["type"] in VACATING and e["person"] in elected:
            break
    return {**data, "events": kept}


@pytest.mark.parametrize("statute", sorted(ORACLES))
def test_asp_and_oracle_agree(statute):
    @seed(1129)
    @settings(max_examples=examples(300), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(cases(statute))
    def check(data):
        data = single_vacancy(data)
        want = ORACLES[statute](data)
        got = determine_case(build_case(data, "<oracle>"))["determinations"]
        if want[0] == "none":
            assert got == []
            return
        assert len(got) == 1
        assert (got[0]["outcome"], got[0]["successor"]) == want

    check()

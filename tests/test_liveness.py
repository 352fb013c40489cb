"""Which reading rules can fire over the universe (research/liveness.py): a rule found dead seeds no
variant, so the finding must hold under every value of every reading, and a live rule must stay live."""

from __future__ import annotations

import pytest
from clingo import ast

from nachruecken.law.statutes import load_statute
from nachruecken.research.dependence import _rules, _tainted
from nachruecken.research.liveness import PROBE, _probe, live_reading_rules
from nachruecken.research.universe import Bounds, control

BOUNDS = Bounds()


def _readers(statute_id: str, rid: str) -> list[int]:
    return [k for k, part in enumerate(_rules(statute_id)) if rid in part.body_readings]


def _fires_under(statute_id: str, k: int, rid: str, value: str) -> bool:
    """Whether rule k has a ground instance in the plain check program with ``rid`` pinned to ``value``
    (the probe is added without a prefix: the check program is one copy, unrenamed)."""
    ctl = control(statute_id, BOUNDS, pinned={rid: value})
    probe = _probe(_rules(statute_id)[k].rule, k, set())
    plain = ast.Rule(probe.location, probe.head, _rules(statute_id)[k].rule.body)
    with ast.ProgramBuilder(ctl) as builder:
        builder.add(plain)
    ctl.ground([("base", [])])
    return any(True for _ in ctl.symbolic_atoms.by_signature(PROBE, 1))


def test_bayerns_presumed_start_of_the_wahlzeit_cannot_fire_and_seeds_nothing():
    # the universe's election is on 26 May: 1 May of its year is no later start of the Wahlzeit
    live = live_reading_rules("by-glkrwg-37", "by-glkrwg-37", BOUNDS)
    readers = _readers("by-glkrwg-37", "by.term_start")
    assert readers and not any(k in live for k in readers)
    assert _tainted(_rules("by-glkrwg-37"), "by.term_start", live) == set()
    assert "term_start" in _tainted(_rules("by-glkrwg-37"), "by.term_start")  # without liveness: copied
    # a reading whose rules can fire keeps its variant
    assert any(k in live for k in _readers("by-glkrwg-37", "by.death"))
    assert _tainted(_rules("by-glkrwg-37"), "by.death", live)


@pytest.mark.parametrize(
    "statute_id",
    ["by-glkrwg-37", pytest.param("nw-kwahlg-45", marks=pytest.mark.thorough)],  # nw: 20 rules, 40 s
)
def test_a_dead_reading_rule_fires_under_no_value_and_a_live_one_under_some(statute_id):
    live = live_reading_rules(statute_id, statute_id, BOUNDS)
    for rid, reading in load_statute(statute_id).readings.items():
        for k in _readers(statute_id, rid):
            fires = [_fires_under(statute_id, k, rid, v) for v in reading.values]
            assert any(fires) == (k in live), (rid, str(_rules(statute_id)[k].rule)[:80])


def test_the_probe_is_named_apart_from_every_encoding_predicate():
    names = {n for sid in ("by-glkrwg-37", "nw-kwahlg-45") for p in _rules(sid) for n in p.head | p.body}
    assert PROBE not in names

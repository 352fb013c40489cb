"""Which of a statute's reading rules can fire at all over a universe: a rule no case of the universe
can fire under any value of any reading cannot make a reading matter.

A variant copy (research/dependence.py) copies what a reading reaches, starting from the heads of the
rules that read it. Where such a rule's body can never hold over the universe (Bayern's presumed start
of the Wahlzeit, 1 May, counts only after an election before it; the universe's election is on 26 May),
the copy would still duplicate everything downstream, and clingo would have to prove the two copies
alike: 156 s for by.term_start, against a second when nothing is copied. Liveness is asked of the
grounder, not the solver: the statute's copy is grounded over the same universe with every reading free
to take any of its values (a choice, so no value is assumed and no rule is dropped for one), and a probe
``nachruecken_live_rule(K) :- <body of rule K>.`` per reading rule is kept by the grounder only where
its body can hold. The grounder's domain over-approximates every value's, so a rule found dead is dead
under each.
"""

from __future__ import annotations

import functools

import clingo
from clingo import ast

from nachruecken.law.statutes import load_statute

PROBE = "nachruecken_live_rule"  # no encoding or universe predicate bears this name


@functools.lru_cache(maxsize=64)
def live_reading_rules(statute_id: str, other_id: str, bounds) -> frozenset[int]:
    """The indices (into dependence._rules(statute_id)) of the rules that read a reading and whose
    body some case of the universe of ``statute_id`` and ``other_id`` (research/diff.py) can satisfy."""
    from nachruecken.research.dependence import _rules
    from nachruecken.research.diff import Spec, _add_copy, _universe_control
    from nachruecken.research.namespace import shared_predicates

    rules = _rules(statute_id)
    readers = [k for k, part in enumerate(rules) if part.body_readings or part.body_reads_any]
    ctl = _universe_control(Spec(statute_id), Spec(other_id), bounds, [_free_readings(statute_id, "a_")])
    _add_copy(ctl, Spec(statute_id), "a_")
    keep = shared_predicates()
    with ast.ProgramBuilder(ctl) as builder:
        for k in readers:
            builder.add(_probe(rules[k].rule, k, keep))
    ctl.ground([("base", [])])
    return frozenset(a.symbol.arguments[0].number for a in ctl.symbolic_atoms.by_signature(PROBE, 1))


def _free_readings(statute_id: str, prefix: str) -> str:
    """Every reading of the statute free to take exactly one of its values."""
    readings = load_statute(statute_id).readings
    return "\n".join(
        "1 { " + "; ".join(f'{prefix}reading("{rid}",{v})' for v in r.values) + " } 1." for rid, r in readings.items()
    )


def _probe(rule: ast.AST, k: int, keep: set[str]) -> ast.AST:
    """``live(k) :- <the rule's body>``, its predicates named as in the copy ``a_``."""
    from nachruecken.research.namespace import _Rename

    loc = rule.location
    head = ast.Literal(
        loc,
        ast.Sign.NoSign,
        ast.SymbolicAtom(ast.Function(loc, PROBE, [ast.SymbolicTerm(loc, clingo.Number(k))], False)),
    )
    return _Rename("a_", keep | {PROBE})(ast.Rule(loc, head, rule.body))

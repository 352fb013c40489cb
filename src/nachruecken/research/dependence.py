"""How a kind of difference between two statutes depends on the readings, over every case of it.

For each reading a side does not fix and each of its other values, a variant of that side's
encoding (prefix ``v<i>_``) decides the same generated case under that value, the rest as the side's
spec says. The variant copies only the rules whose atoms can change with that reading (a fixpoint
over the rules' predicates) and reads everything else from the side's own copy. Two questions per
variant over all the universe's cases of the kind (its exact outcomes, deciding norms and passed-over
norms on both sides: does some case of it differ under the variant, does some case not) tell:

- ``depends_on``: in every case of the kind the difference vanishes (the variant decides as the other
  side does) - the kind rests on the reading;
- ``depends_partly_on``: in some cases it vanishes, in others not;
- neither: in no case does it vanish - the kind survives that value;
- ``dependence_undecided``: a question ran out of effort.

The answer does not depend on which witness clingo finds first: both questions are asked of the kind.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

import clingo
from clingo import ast

from nachruecken.law.statutes import load_statute, statute_files
from nachruecken.research.universe import TERMS_ONLY_READINGS, Limits, exists

F, S = clingo.Function, clingo.String
# Effort per dependence question. Where a reading reaches an early predicate of the encoding, the variant
# copies most of it, and proving that it decides a kind's cases as the side does (a question with no
# case) can take clingo far longer than the search found the kind: measured on he-kwg-34 against
# bb-kwahlg-60 (a successor by votes against a lot under Mehrheitswahl), six readings of Brandenburg
# needed more than 50,000 conflicts each (about a minute). Such a question stops here and its reading is
# named in ``dependence_undecided``; the answer stays the same on every machine.
DEPENDENCE_CONFLICTS = 10_000


def varied_readings(spec) -> list[tuple[str, str]]:
    """(reading, value) pairs a side's variant takes: readings the spec leaves open and the encoding
    reads (a reading only the ledger reads, or only whole terms pose, cannot change a single vacancy
    here), each at every value other than its default."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in statute_files(spec.statute))
    fixed = dict(spec.readings)
    return [
        (rid, value)
        for rid, reading in load_statute(spec.statute).readings.items()
        if rid not in fixed and not rid.startswith("core.") and rid not in TERMS_ONLY_READINGS and f'"{rid}"' in text
        for value in reading.values
        if value != reading.default
    ]


class _Names(ast.Transformer):
    """Collects the predicate names of the atoms in a statement part, and the readings its reading atoms
    are about (``any``: one whose reading is a variable)."""

    def __init__(self):
        self.names: set[str] = set()
        self.readings: set[str] = set()
        self.any = False

    def visit_SymbolicAtom(self, node):
        symbol = node.symbol
        if symbol.ast_type == ast.ASTType.Function:
            self.names.add(symbol.name)
            if symbol.name == "reading" and symbol.arguments:
                first = symbol.arguments[0]
                if first.ast_type == ast.ASTType.SymbolicTerm and first.symbol.type == clingo.SymbolType.String:
                    self.readings.add(first.symbol.string)
                else:
                    self.any = True
        return node


@dataclass(frozen=True)
class _Parts:
    """A rule's head and body predicates, and which readings its body reads (read once per statute)."""

    rule: ast.AST
    head: frozenset[str]
    body: frozenset[str]
    body_readings: frozenset[str]
    body_reads_any: bool

    def reads(self, rid: str) -> bool:
        return self.body_reads_any or rid in self.body_readings


def _parts(statement) -> _Parts:
    head, body = _Names(), _Names()
    head(statement.head)
    for literal in statement.body:
        body(literal)
    return _Parts(statement, frozenset(head.names), frozenset(body.names), frozenset(body.readings), body.any)


@functools.lru_cache(maxsize=32)
def _rules(statute_id: str) -> tuple[_Parts, ...]:
    """The rules a side's copy consists of (research/diff.py ``copy_files``), each read once per process."""
    from nachruecken.research.diff import copy_files

    rules: list = []
    ast.parse_files([str(f) for f in copy_files(statute_id)], lambda s: _keep_rule(s, rules))
    return tuple(_parts(r) for r in rules)


def _tainted(parts: tuple[_Parts, ...], rid: str, live: frozenset[int] | None = None) -> set[str]:
    """The predicates whose atoms can change with the value of ``rid``: heads of rules whose body reads
    it (of those in ``live`` where given: research/liveness.py), and, to a fixpoint, heads of rules whose
    body uses such a predicate."""
    tainted: set[str] = set()
    while True:
        grown = set(tainted)
        for k, p in enumerate(parts):
            if (p.reads(rid) and (live is None or k in live)) or p.body & tainted:
                grown |= p.head
        if grown == tainted:
            return tainted
        tainted = grown


class _Rename(ast.Transformer):
    def __init__(self, rename):
        self.rename = rename

    def visit_SymbolicAtom(self, node):
        symbol = node.symbol
        if symbol.ast_type == ast.ASTType.Function:
            return node.update(symbol=symbol.update(name=self.rename(symbol.name)))
        return node


def variants(spec, pairs: list[tuple[str, str]] | None = None) -> list[tuple[str, str, str]]:
    """(prefix, reading, value) of each variant copy of a side (``add_variants``): of each varied
    reading and value, or of the given ``pairs``."""
    chosen = varied_readings(spec) if pairs is None else pairs
    return [(f"v{i}_", rid, value) for i, (rid, value) in enumerate(chosen)]


def add_variants(
    ctl: clingo.Control,
    spec,
    side: str,
    other_prefix: str,
    pairs: list[tuple[str, str]] | None = None,
    live: frozenset[int] | None = None,
) -> None:
    """Add, for each varied (reading, value) of ``spec`` (side ``side``; or each of ``pairs``), a copy
    ``v<i>_`` of just the rules whose atoms can change with that reading (the rest are read from the
    side's own copy: the two agree there, and sharing it spares clingo proving so), the readings at the
    side's values but that one, and ``v<i>_differs`` (the copy decides otherwise than ``other_prefix``).
    ``live``: the reading rules that can fire over the universe (research/liveness.py; None: all)."""
    from nachruecken.research.namespace import shared_predicates

    keep = shared_predicates()
    rules = _rules(spec.statute)
    chosen = load_statute(spec.statute).resolve_readings(dict(spec.readings), source="")
    facts = []
    with ast.ProgramBuilder(ctl) as builder:
        for prefix, rid, value in variants(spec, pairs):
            tainted = _tainted(rules, rid, live) | {"reading"}
            name = lambda p, t=tainted, v=prefix: p if p in keep else (v + p if p in t else f"{side}_{p}")
            rename = _Rename(name)
            for part in rules:
                if part.head & tainted or (not part.head and (part.reads(rid) or part.body & tainted)):
                    builder.add(rename(part.rule))
            facts += [f'{prefix}reading("{r}",{value if r == rid else v}).' for r, v in chosen.items()]
            facts.append(_differs(name("outcome"), name("successor"), prefix, other_prefix))
    ctl.add("base", [], "\n".join(facts))


def _keep_rule(statement, rules: list) -> None:
    if statement.ast_type == ast.ASTType.Rule:
        rules.append(statement)


def _differs(outcome: str, successor: str, prefix: str, other: str) -> str:
    """``<prefix>differs``: the variant (its outcome and successor predicates, its own where the reading
    reaches them, else the side's) decides otherwise than the copy ``other``."""
    return "\n".join(
        [
            f"{prefix}differs :- {outcome}(O), not {other}outcome(O).",
            f"{prefix}differs :- {other}outcome(O), not {outcome}(O).",
            f"{prefix}differs :- {successor}(P, _), not {other}successor(P, _).",
            f"{prefix}differs :- {other}successor(P, _), not {successor}(P, _).",
        ]
    )


def exact_kind(ctl: clingo.Control, kind: tuple) -> list[tuple[clingo.Symbol, bool]]:
    """Assumptions that hold in exactly the cases of ``kind``: its outcomes, deciding norms and
    passed-over norms on both sides, and no other (every other such atom of the ground program false)."""
    a_out, a_dec, b_out, b_dec, a_pass, b_pass = kind
    wanted = {F("a_outcome", [F(o)]) for o in a_out} | {F("b_outcome", [F(o)]) for o in b_out}
    wanted |= {F("decider", [F("a"), S(n)]) for n in a_dec} | {F("decider", [F("b"), S(n)]) for n in b_dec}
    wanted |= {F("passed", [F("a"), S(n)]) for n in a_pass} | {F("passed", [F("b"), S(n)]) for n in b_pass}
    others = [
        a.symbol
        for sig in (("a_outcome", 1), ("b_outcome", 1), ("decider", 2), ("passed", 2))
        for a in ctl.symbolic_atoms.by_signature(*sig)
        if a.symbol not in wanted
    ]
    return [(F("differ"), True)] + [(s, True) for s in sorted(wanted)] + [(s, False) for s in sorted(others)]


def kind_dependence(
    ctl: clingo.Control, side: str, spec, kind: tuple, limits: Limits, pairs: list[tuple[str, str]] | None = None
) -> dict[str, list[str]]:
    """For one kind and one side's variants (grounded in ``ctl``; those of ``pairs`` where given): the
    readings under which the kind's difference vanishes in every case, in some cases only, or could not
    be decided."""
    base = exact_kind(ctl, kind)
    limits = replace(limits, conflicts=min(limits.conflicts, DEPENDENCE_CONFLICTS))
    out: dict[str, list[str]] = {"depends_on": [], "depends_partly_on": [], "dependence_undecided": []}
    for prefix, rid, value in variants(spec, pairs):
        survives = exists(ctl, base + [(F(prefix + "differs"), True)], limits)
        vanishes = exists(ctl, base + [(F(prefix + "differs"), False)], limits)
        label = f"{side}:{rid}={value}"
        if "unknown" in (survives, vanishes):
            out["dependence_undecided"].append(label)
        elif vanishes == "found":
            out["depends_on" if survives == "none_found" else "depends_partly_on"].append(label)
    return out

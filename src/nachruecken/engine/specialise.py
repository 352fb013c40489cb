"""A statute's encoding specialised to one case (issue 53): what the case's static facts decide is worked
out once, and each later walk of its term grounds only the rest. The grounder prepares every rule it is
given anew at each ground call, whether or not the rule has instances (about 30 microseconds a rule), so
a walk costs about its rules; a case decides its first walks with the whole encoding and specialises
only in a term of many events (engine/determine.py, ``SPECIALISE_FROM``).

Two steps, both sound for any program they accept:
- **The static part, solved once.** A predicate is *static* where the case's static facts give it, or
  where every rule that derives it is a normal rule whose body mentions static predicates only. Those
  rules are the bottom of a splitting set: the encoding's answer sets are those of the other rules with
  the static part's one answer set as facts. That answer set is computed once (it must be unique, else
  nothing is specialised) and handed to each walk as facts (those of predicates a rule left or #show uses).
- **Rules that cannot fire, dropped.** A rule with a positive body atom nothing can give (a static atom
  of a shape no static atom has, a walk predicate with a constant no walk fact has, a derived predicate
  all of whose rules were dropped) has no ground instance; dropping it changes no answer set.

A walk whose facts name a static predicate is solved with the whole encoding (``program`` gives None).
tests/test_specialise.py compares both on the worked cases and on generated terms.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict

import clingo
from clingo import ast

from nachruecken.engine.rule_summary import Alternative, Encoding, Pred, Rule


@dataclasses.dataclass
class Specialised:
    """An encoding specialised to one case: the static part's answer set as facts, the rest of the rules,
    and the walk programs made from them so far (one per set of walk fact shapes)."""

    facts: dict[Pred, tuple]  # the static part's answer set, parsed as facts, by predicate
    shown: frozenset  # the predicates #show names (their static atoms go to every walk)
    others: tuple  # #show and #const statements
    top: list[Rule]  # the rules not in the static part
    static_preds: set[Pred]
    static_names: frozenset[str]  # their names without "-" (a walk fact naming one is solved whole)
    present: dict  # static predicate -> the (position, value) pairs its atoms have
    total: int  # the encoding's rules
    consts: frozenset[str]  # names a #const or -c option gives a value
    hides: bool  # whether a #show p/n (or #show.) hides what it does not name
    programs: dict = dataclasses.field(default_factory=dict)  # Shapes -> (statements, rules kept)

    def program(self, shapes: Shapes) -> tuple | None:
        """The statements a walk with these fact shapes is grounded with, beside its facts; None where its
        facts name a static predicate."""
        if shapes not in self.programs:
            if any(
                name.lstrip("-") in self.static_names or (value and value in self.consts)
                for name, _, _, value in shapes
            ):
                self.programs[shapes] = None  # (p and -p are one predicate to this test: clingo relates them)
            else:
                live = _live(self.top, self.static_preds, self.present, shapes, self.consts)
                facts = [f for pred, group in self.facts.items() if self._needs(pred, live) for f in group]
                self.programs[shapes] = ((*facts, *self.others, *(r.statement for r in live)), len(live))
        entry = self.programs[shapes]
        return None if entry is None else entry[0]

    def _needs(self, pred: Pred, live: list[Rule]) -> bool:
        """Whether a walk with the rules ``live`` needs the static atoms of ``pred``: where every atom is
        shown, or #show names it, or a rule left reads it or has it in its head (a choice, a disjunction),
        or its classical complement is so needed (clingo requires the two never to hold together)."""
        if not self.hides:
            return True
        names = {pred[0], pred[0][1:] if pred[0].startswith("-") else "-" + pred[0]}
        used = self.shown | {p for r in live for p in r.body | r.heads}
        return any((name, pred[1]) in used for name in names)


_LITERALS = re.compile(r'"(?:[^"\\]|\\.)*"|%\*.*?\*%|%[^\n]*|(?<![\w\'])[0-9]+(?![\w\'])', re.S)
_FACT = re.compile(r"(-?[a-z_][A-Za-z0-9_']*)\s*(?:\(([^()]*)\))?\s*\.")
_NAME = re.compile(r"-?[a-z_][A-Za-z0-9_']*")
# A walk's facts as specialisation sees them: for each (predicate name, arity), the (position, name)
# pairs of its constant arguments that are names; arity None: a fact of a shape not read, any rule may use it.
Shapes = frozenset[tuple[str, int | None, int, str]]


def walk_shapes(text: str) -> Shapes:
    """What a walk's fact text gives, as ``Shapes``: numbers and strings are not told apart (a rule's
    use of them is always taken as possible), names are. Strings are taken out first; a fact text has no
    other full stop (its numbers are integers). Strings and numbers become one placeholder first, so that
    the many facts of one shape (who sits) are read once."""
    out: set[tuple[str, int | None, int, str]] = set()
    plain = _LITERALS.sub(lambda m: " " if m.group().startswith("%") else "0", text)
    for name, args in set(_FACT.findall(plain)):
        if ";" in args:
            out.add((name, None, -1, ""))  # a pool (w(a;b)): not read, any use possible
            continue
        parts = [a.strip() for a in args.split(",")] if args else []
        out.add((name, len(parts), -1, ""))
        out.update((name, len(parts), i, a) for i, a in enumerate(parts) if _NAME.fullmatch(a))
    rest = _FACT.sub("", plain)
    for name in _NAME.findall(rest):
        out.add((name, None, -1, ""))  # not read as a plain fact (a nested term): any use possible
    return frozenset(out)


def specialise(encoding: Encoding, static: tuple, options: list[str]) -> Specialised | None:
    """The encoding specialised to the case's parsed ``static`` facts; None where the encoding does not
    allow it or the static part has not exactly one answer set (then every walk is solved with the whole
    encoding). ``options``: the Control's options (``-c``)."""
    if encoding.rules is None:
        return None
    static_preds = _static_preds(encoding.rules, _given(static, options))
    bottom = [r for r in encoding.rules if r.normal and r.heads <= static_preds]
    definitions = [s for s in encoding.statements if s.ast_type == ast.ASTType.Definition]
    model = _solve_bottom([*definitions, *(r.statement for r in bottom)], static, options)
    if model is None:
        return None
    top = [r for r in encoding.rules if not (r.normal and r.heads <= static_preds)]
    texts, present = _read_model(model)
    facts: dict[Pred, tuple] = {}
    for pred, text in texts.items():
        parsed: list = []
        ast.parse_string(text, parsed.append)
        facts[pred] = tuple(s for s in parsed if s.ast_type == ast.ASTType.Rule)
    # (#defined only silences warnings, which walks do not print)
    others = tuple(s for s in encoding.statements if s.ast_type in _KEPT)
    names = frozenset(name.lstrip("-") for name, _ in static_preds)
    consts = encoding.consts | {o.split("=", 1)[0].strip() for o in options if "=" in o}
    return Specialised(
        facts, encoding.shown, others, top, static_preds, names, present, len(encoding.rules), consts, encoding.hides
    )


_KEPT = (ast.ASTType.ShowSignature, ast.ASTType.ShowTerm, ast.ASTType.Definition)


def _given(static: tuple, options: list[str]) -> set[Pred]:
    """The predicates of the static facts (read from a grounding of the facts alone)."""
    ctl = clingo.Control([*options, "--warn=none"])
    with ast.ProgramBuilder(ctl) as builder:
        for statement in static:
            builder.add(statement)
    ctl.ground([("base", [])])
    return {(("" if positive else "-") + name, arity) for name, arity, positive in ctl.symbolic_atoms.signatures}


def _static_preds(rules: tuple[Rule, ...], given: set[Pred]) -> set[Pred]:
    """The predicates the static facts give or normal rules over static predicates alone derive: start
    from every predicate with a source and strike out, until stable, those a walk fact may touch."""
    defined: dict[Pred | None, list[Rule]] = defaultdict(list)
    for rule in rules:
        for p in rule.heads:
            defined[p].append(rule)
    static = {p for p in defined if p is not None} | given
    changed = True
    while changed:
        changed = False
        for p in list(static):
            if any(not r.normal or not r.body <= static for r in defined.get(p, ())):
                static.discard(p)
                changed = True
    return static


def _solve_bottom(statements: list, static: tuple, options: list[str]) -> list[clingo.Symbol] | None:
    """The static part's atoms, where it has exactly one answer set."""
    ctl = clingo.Control([*options, "--warn=none", "--models=2"])
    with ast.ProgramBuilder(ctl) as builder:
        for statement in (*static, *statements):
            builder.add(statement)
    ctl.ground([("base", [])])
    models: list[list[clingo.Symbol]] = []
    ctl.solve(on_model=lambda m: models.append(list(m.symbols(atoms=True))))
    return models[0] if len(models) == 1 else None


def _read_model(model: list[clingo.Symbol]) -> tuple[dict[Pred, str], dict[Pred, set]]:
    """The static atoms as fact text by predicate, and for each predicate the (argument position, value)
    pairs its atoms have (with (-1, 0): it has an atom at all)."""
    texts: dict[Pred, list[str]] = defaultdict(list)
    present: dict[Pred, set[tuple[int, clingo.Symbol]]] = defaultdict(set)
    for sym in model:
        args = sym.arguments
        pred = ("-" if sym.negative else "") + sym.name, len(args)
        texts[pred].append(f"{sym}.")
        present[pred].update(enumerate(args))
        present[pred].add((-1, clingo.Number(0)))
    return {pred: "".join(lines) for pred, lines in texts.items()}, present


def _live(
    rules: list[Rule], static_preds: set[Pred], present: dict, shapes: Shapes, consts: frozenset[str]
) -> list[Rule]:
    """The rules that may have a ground instance: strike out, until stable, each with a positive body atom
    nothing can give (an atom of a shape no static atom or walk fact has; a predicate no walk fact names
    and no rule left derives). Argument values are not joined: a necessary condition only. A name in
    ``consts`` (a #const or -c constant) stands for its value, so it is no constant here."""
    walk: dict[tuple[str, int | None], set] = defaultdict(set)
    for name, arity, i, value in shapes:
        walk[name, arity].add((i, value))
    unread = {name for name, arity in walk if arity is None}
    live = list(rules)
    while True:
        derivable = {p for r in live for p in r.heads}

        def possible(alt: Alternative) -> bool:
            pred, constants = alt
            if pred is None or pred in derivable or pred[0] in unread:
                return True
            constants = tuple(
                (i, v) for i, v in constants if v.type != clingo.SymbolType.Function or v.name not in consts
            )
            values = present.get(pred, ())  # static facts, also of a predicate rules derive from walk facts
            if values and all(c in values for c in constants):
                return True
            if pred in static_preds:
                return False
            given = walk.get(pred)
            return given is not None and all(
                (i, v.name) in given for i, v in constants if v.type == clingo.SymbolType.Function
            )

        kept = [r for r in live if all(any(possible(alt) for alt in atom) for atom in r.positive)]
        if len(kept) == len(live):
            return kept
        live = kept

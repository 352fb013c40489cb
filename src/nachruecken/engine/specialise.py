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
from collections.abc import Iterator

import clingo
from clingo import ast

Pred = tuple[str, int]  # (name, arity); a classically negated atom's name carries its "-"
# One way a body atom can be matched: its predicate and its constant arguments with their positions
# (a pooled atom has several); predicate None: a shape this module does not know, always possible.
Alternative = tuple[Pred | None, tuple[tuple[int, clingo.Symbol], ...]]

_SUPPORTED = {
    ast.ASTType.Rule,
    ast.ASTType.Definition,
    ast.ASTType.ShowSignature,
    ast.ASTType.ShowTerm,
    ast.ASTType.Defined,
    ast.ASTType.Program,
}


@dataclasses.dataclass(frozen=True)
class Rule:
    """What specialisation needs to know of one rule, read once per encoding."""

    statement: ast.AST
    heads: frozenset[Pred | None]  # the predicates its head may derive (none: a constraint)
    body: frozenset[Pred | None]  # every predicate its body mentions, under aggregates and conditions too
    positive: tuple[tuple[Alternative, ...], ...]  # the body's plain positive atoms: each must hold
    normal: bool  # one plain atom as head (no choice, disjunction, negated head or constraint)


@dataclasses.dataclass(frozen=True)
class Encoding:
    """An encoding's statements summarised for specialisation; ``rules`` None: it uses a statement this
    module does not reason about (then it is never specialised)."""

    statements: tuple
    rules: tuple[Rule, ...] | None
    shown: frozenset[Pred | None] = frozenset()  # the predicates #show statements name
    consts: frozenset[str] = frozenset()  # the names #const defines
    hides: bool = False  # whether a #show p/n or #show. hides the atoms it does not name


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


def summarise(statements: tuple, from_text: bool = True) -> Encoding:
    """Read each rule of an encoding once (``from_text``: plain atoms from the rule's printed text, which
    is quicker; the tests compare both readings)."""
    kinds = [s.ast_type for s in statements]
    if any(k not in _SUPPORTED for k in kinds) or any(
        k == ast.ASTType.Program and (s.name != "base" or s.parameters) for k, s in zip(kinds, statements)
    ):
        return Encoding(statements, None)
    rules = tuple(_rule(s, from_text) for k, s in zip(kinds, statements) if k == ast.ASTType.Rule)
    if any(None in r.heads for r in rules):
        return Encoding(statements, None)
    shown = frozenset(_shown(s) for k, s in zip(kinds, statements) if k == ast.ASTType.ShowSignature) | {
        p
        for k, s in zip(kinds, statements)
        if k == ast.ASTType.ShowTerm
        for lit in s.body
        for a in _atoms(lit)
        for p, _ in _alternatives(a)
    }
    consts = frozenset(s.name for k, s in zip(kinds, statements) if k == ast.ASTType.Definition)
    hides = ast.ASTType.ShowSignature in kinds
    return Encoding(statements, rules, shown, consts, hides)


def _shown(statement) -> Pred | None:
    """The predicate of ``#show p/n.`` (None for ``#show.``, which names none)."""
    name = statement.name
    return (("-" if not statement.positive else "") + name, statement.arity) if name else None


def _rule(statement, from_text: bool = True) -> Rule:
    """One rule read: from its text as clingo prints it, split into head and body elements, where an
    element is a plain atom (each syntax-tree access is a call into clingo, far dearer than reading a
    string); any other element from its syntax tree."""
    parts = _split_rule(str(statement)) if from_text else None
    nodes: list = []

    def node(i: int):
        if not nodes:
            nodes.extend(statement.body)
        return nodes[i]

    if parts is None or len(parts[1]) != len(statement.body):
        parts = ("", [""] * len(statement.body))  # no element read from the text
    head = _plain(parts[0])
    if head is not None and not head[0]:
        heads, normal = frozenset({head[1][0][0]}), True
    else:
        tree = statement.head
        atom = tree.atom if tree.ast_type == ast.ASTType.Literal else None
        normal = atom is not None and atom.ast_type == ast.ASTType.SymbolicAtom and tree.sign == ast.Sign.NoSign
        heads = frozenset(p for a in _atoms(tree) for p, _ in _alternatives(a))
    body: set[Pred | None] = set()
    positive: list[tuple[Alternative, ...]] = []
    for i, text in enumerate(parts[1]):
        literal = _plain(text) or _from_tree(node(i))
        if literal is None:
            body.update(p for a in _atoms(node(i)) for p, _ in _alternatives(a))
            continue
        negated, alternatives = literal
        body.update(p for p, _ in alternatives)
        if not negated:
            positive.append(alternatives)
    return Rule(statement, heads, frozenset(body), tuple(positive), normal)


def _from_tree(lit) -> tuple[bool, tuple[Alternative, ...]] | None:
    """A body literal over a symbolic atom, read from its syntax tree: (negated, alternatives)."""
    if lit.ast_type == ast.ASTType.Literal and lit.atom.ast_type == ast.ASTType.SymbolicAtom:
        return lit.sign != ast.Sign.NoSign, tuple(_alternatives(lit.atom))
    return None


def _split_rule(text: str) -> tuple[str, list[str]] | None:
    """A rule's printed text as (head, body elements), split at ``:-`` and ``;`` outside brackets and
    strings; None where the text does not split so."""
    text = text.strip()
    if not text.endswith("."):
        return None
    pieces = _top_level(text[:-1], ":-")
    if len(pieces) == 1:
        return pieces[0].strip(), []
    if len(pieces) != 2:
        return None
    return pieces[0].strip(), [e.strip() for e in _top_level(pieces[1], ";")]


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[(){}\[\]]|:-|[;,]')


def _top_level(text: str, sep: str) -> list[str]:
    """``text`` cut at each ``sep`` (``:-``, ``;`` or ``,``) that stands outside brackets and strings."""
    out, depth, start = [], 0, 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "({[":
            depth += 1
        elif token in ")}]":
            depth -= 1
        elif depth == 0 and token == sep:
            out.append(text[start : match.start()])
            start = match.end()
    out.append(text[start:])
    return out


def _balanced(text: str) -> bool:
    """Whether the brackets of ``text`` (outside strings) never close more than they opened, and all close."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "({[":
            depth += 1
        elif token in ")}]":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


_PLAIN = re.compile(r"(not (?:not )?)?(-?_*[a-z][A-Za-z0-9_']*)(?:\((.*)\))?")
_INT = re.compile(r"-?[0-9]+")
_CONST = re.compile(r"_*[a-z][A-Za-z0-9_']*")


def _plain(text: str) -> tuple[bool, tuple[Alternative, ...]] | None:
    """A plain atom's printed text (``p(a,X)``, ``not p(a)``; not a pool) as (negated, its one
    alternative); None for anything else."""
    match = _PLAIN.fullmatch(text)
    if match is None:
        return None
    negated, name, args = match.groups()
    if args is not None and (not _balanced(args) or len(_top_level(args, ";")) > 1):
        return None  # the brackets close before the end (``p(X) : q(X)``), or a pool
    values = [v.strip() for v in _top_level(args, ",")] if args is not None else []
    constants = tuple((i, c) for i, v in enumerate(values) if (c := _constant(v)) is not None)
    return bool(negated), (((name, len(values)), constants),)


def _constant(text: str) -> clingo.Symbol | None:
    """A constant argument's value (a number, a name, a string without escapes), else None."""
    if _INT.fullmatch(text):
        return clingo.Number(int(text))
    if _CONST.fullmatch(text):
        return clingo.Function(text)
    if len(text) >= 2 and text[0] == text[-1] == '"' and "\\" not in text and '"' not in text[1:-1]:
        return clingo.String(text[1:-1])
    return None


def _atoms(node) -> Iterator:
    """Every symbolic atom under a head, a body literal or a condition (terms are not entered: no atom is
    under them); a node of another kind yields None, which callers read as a shape not known."""
    kind = node.ast_type
    if kind == ast.ASTType.Literal:
        yield from _atoms(node.atom)
    elif kind == ast.ASTType.SymbolicAtom:
        yield node
    elif kind in (ast.ASTType.Comparison, ast.ASTType.BooleanConstant):
        return
    elif kind == ast.ASTType.ConditionalLiteral:
        yield from _atoms(node.literal)
        for lit in node.condition:
            yield from _atoms(lit)
    elif kind in (ast.ASTType.BodyAggregate, ast.ASTType.Aggregate, ast.ASTType.HeadAggregate, ast.ASTType.Disjunction):
        for element in node.elements:
            yield from _atoms(element)
    elif kind == ast.ASTType.BodyAggregateElement:
        for lit in node.condition:
            yield from _atoms(lit)
    elif kind == ast.ASTType.HeadAggregateElement:
        yield from _atoms(node.condition)
    else:
        yield None


def _alternatives(atom) -> Iterator[Alternative]:
    """The predicates a symbolic atom may stand for, with its constant arguments: one, or one per element
    of a pool (``p(a;b)``); None for an atom of a shape not known (or None itself)."""
    if atom is None:
        yield None, ()
        return
    yield from _term_alternatives(atom.symbol)


def _term_alternatives(term) -> Iterator[Alternative]:
    if term.ast_type == ast.ASTType.Pool:
        for alt in term.arguments:
            yield from _term_alternatives(alt)
        return
    sign = ""
    if term.ast_type == ast.ASTType.UnaryOperation and term.operator_type == ast.UnaryOperator.Minus:
        term, sign = term.argument, "-"
    if term.ast_type == ast.ASTType.Function and not term.external:
        args = term.arguments
        pooled = any(a.ast_type == ast.ASTType.Pool for a in args)
        yield (sign + term.name, len(args)), () if pooled else tuple(_constants(args))
    elif term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        yield (sign + term.symbol.name, len(term.symbol.arguments)), tuple(enumerate(term.symbol.arguments))
    else:
        yield None, ()


def _constants(args) -> Iterator[tuple[int, clingo.Symbol]]:
    """The arguments that are constants (a number, a string, a name), with their positions."""
    for i, arg in enumerate(args):
        kind = arg.ast_type
        if kind == ast.ASTType.SymbolicTerm:
            yield i, arg.symbol
        elif (
            kind == ast.ASTType.UnaryOperation
            and arg.operator_type == ast.UnaryOperator.Minus
            and arg.argument.ast_type == ast.ASTType.SymbolicTerm
            and arg.argument.symbol.type == clingo.SymbolType.Number
        ):
            yield i, clingo.Number(-arg.argument.symbol.number)
        elif kind == ast.ASTType.Function and not arg.arguments and not arg.external:
            yield i, clingo.Function(arg.name)


# what a fact text's reader passes over: strings and numbers (each one placeholder) and comments (a
# space), lexed left to right so that a "%" in a string and a quote in a comment are what they are
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


def solve(program: tuple, facts: str, options: list[str]) -> dict[str, list[tuple]]:
    """One walk with a specialised program: the shown atoms as solver._solve_atoms gives them."""
    from nachruecken.engine.solver import _py

    ctl = clingo.Control([*options, "--warn=none", "--models=2"])
    with ast.ProgramBuilder(ctl) as builder:
        for statement in program:
            builder.add(statement)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    models: list = []
    ctl.solve(on_model=lambda m: models.append(m.symbols(shown=True)))
    assert len(models) == 1
    atoms: dict[str, list[tuple]] = defaultdict(list)
    for sym in models[0]:
        atoms[f"{sym.name}/{len(sym.arguments)}"].append(tuple(_py(a) for a in sym.arguments))
    return atoms

"""What specialisation (engine/specialise.py) needs to know of an encoding's rules, read once per encoding:
for each rule the predicates its head may derive, every predicate its body mentions, and its plain positive
body atoms with their constant arguments. A rule is read from its text as clingo prints it where an element
is a plain atom (each syntax-tree access is a call into clingo, far dearer than reading a string), else from
its syntax tree; tests/test_specialise.py requires both readings to agree on every statute's encoding.
"""

from __future__ import annotations

import dataclasses
import re
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


@dataclasses.dataclass(frozen=True, eq=False)  # (compared and hashed by identity: a cache key)
class Encoding:
    """An encoding's statements summarised for specialisation; ``rules`` None: it uses a statement this
    module does not reason about (then it is never specialised)."""

    statements: tuple
    rules: tuple[Rule, ...] | None
    shown: frozenset[Pred | None] = frozenset()  # the predicates #show statements name
    consts: frozenset[str] = frozenset()  # the names #const defines
    hides: bool = False  # whether a #show p/n or #show. hides the atoms it does not name


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

"""Run clingo on one vacancy: encodings + facts in, the shown atoms out."""

from __future__ import annotations

import contextvars
import functools
from collections import defaultdict
from collections.abc import Sequence

import clingo
from clingo import ast

from nachruecken.engine import rule_summary, specialise
from nachruecken.law.statutes import encoding_files


class EncodingError(RuntimeError):
    """The encoding itself misbehaved (no answer set, or several): a bug, never bad input."""

    case: dict  # set by research.term_check: the case that failed, where one is known


@functools.cache
def _parsed(statute_id: str) -> tuple:
    """The encoding files of a statute, parsed once per process (adding a parsed program to a
    fresh Control is about three times faster than parsing it again)."""
    statements: list = []
    messages: list[str] = []
    try:
        ast.parse_files(
            [str(p) for p in encoding_files(statute_id)],
            statements.append,
            logger=lambda code, msg: messages.append(msg.strip()),
        )
    except RuntimeError:
        raise EncodingError(f"{statute_id}: encoding does not parse: {'; '.join(messages)[:500]}") from None
    return tuple(s for s in statements if s.ast_type != ast.ASTType.Comment)


# A memo of walks (statute, facts) -> atoms, for a process that decides many cases sharing their
# walks (the term checks); None: every walk is solved.
MEMO: dict | None = None
# The memo of the term being decided in this context (``nachruecken.Term``: a term decided again after a
# change reuses every walk whose facts the change left alone); a thread of the web server has its own.
TERM_MEMO: contextvars.ContextVar[dict | None] = contextvars.ContextVar("TERM_MEMO", default=None)


def solve_atoms(
    statute_id: str, facts: str, all_candidates: bool = False, static: str = "", specialised: bool = False
) -> dict[str, list[tuple]]:
    """Ground and solve; return the shown atoms as {predicate/arity: [argument tuples]}.

    ``facts`` is fact text rendered by nachruecken.facts (ids through clingo.String); ``static``, facts
    shared by many walks (a case's static facts), parsed once and added as parsed statements. With
    ``specialised``, the encoding specialised to ``static`` (engine/specialise.py; the same atoms, for a
    term of many walks: what the static facts decide is worked out once)."""
    memo = TERM_MEMO.get()
    if memo is None:
        memo = MEMO
    if memo is not None:
        key = (statute_id, static, facts, all_candidates)
        if key not in memo:
            if len(memo) > 50_000:
                memo.clear()
            memo[key] = _solve_atoms(statute_id, facts, all_candidates, static, specialised)
        return defaultdict(list, {k: list(v) for k, v in memo[key].items()})
    return _solve_atoms(statute_id, facts, all_candidates, static, specialised)


@functools.lru_cache(maxsize=16)
def _parsed_facts(text: str) -> tuple:
    """Fact text parsed once (a case's static facts serve every walk of its term)."""
    statements: list = []
    messages: list[str] = []
    try:
        ast.parse_string(text, statements.append, logger=lambda code, msg: messages.append(msg.strip()))
    except RuntimeError:
        raise EncodingError(f"static fact text does not parse: {'; '.join(messages)[:500]}") from None
    return tuple(statements)  # (its first statement, `#program base.`, puts the facts in the base part)


_SUMMARIES: dict[str, tuple[tuple, rule_summary.Encoding]] = {}


def summary(statute_id: str) -> rule_summary.Encoding:
    """The statute's encoding read for specialisation, once per process: once for the statements
    ``_parsed`` gives (read again where they are others, e.g. a test's planted rule)."""
    statements = _parsed(statute_id)
    kept = _SUMMARIES.get(statute_id)
    if kept is None or kept[0] is not statements:
        kept = _SUMMARIES[statute_id] = (statements, rule_summary.summarise(statements))
    return kept[1]


@functools.lru_cache(maxsize=32)
def _specialised(
    encoding: rule_summary.Encoding, static: str, options: tuple[str, ...]
) -> specialise.Specialised | None:
    """An encoding (by identity) specialised to one case's static facts (None: it cannot be), once per case."""
    return specialise.specialise(encoding, _parsed_facts(static), list(options))


def forget_cases() -> None:
    """Drop what was made for particular cases (for a benchmark: a case decided as a fresh process would)."""
    _specialised.cache_clear()
    _parsed_facts.cache_clear()


def _program(statute_id: str, facts: str, static: str, options: tuple[str, ...], specialised: bool) -> tuple:
    """The parsed statements a walk is grounded with, beside its own facts."""
    if specialised and static:
        encoding = summary(statute_id)
        term = TERM_MEMO.get()  # a kept term keeps its specialised encodings with its walks
        if term is None:
            spec = _specialised(encoding, static, options)
        else:
            key = ("specialised", (encoding, static, options))
            if key not in term:
                term[key] = _specialised(encoding, static, options)
            spec = term[key]
        program = spec.program(specialise.walk_shapes(facts)) if spec is not None else None
        if program is not None:
            return program
    return _parsed(statute_id) + (_parsed_facts(static) if static else ())


def _solve_atoms(
    statute_id: str, facts: str, all_candidates: bool, static: str = "", specialised: bool = False
) -> dict[str, list[tuple]]:
    messages: list[str] = []
    options = ("-c", f"all_candidates={1 if all_candidates else 0}")
    program = _program(statute_id, facts, static, options, specialised)
    ctl = clingo.Control(["--warn=none", *options, "--models=2"], logger=lambda code, msg: messages.append(msg.strip()))
    with ast.ProgramBuilder(ctl) as builder:
        for statement in program:
            builder.add(statement)
    try:
        ctl.add("base", [], facts)
    except RuntimeError:
        raise EncodingError(f"{statute_id}: fact text does not parse: {'; '.join(messages)[:500]}") from None
    try:
        ctl.ground([("base", [])])
    except RuntimeError:
        raise EncodingError(f"{statute_id}: grounding failed: {'; '.join(messages)[:500]}") from None
    models: list[Sequence[clingo.Symbol]] = []
    ctl.solve(on_model=lambda m: models.append(m.symbols(shown=True)))
    if len(models) != 1:
        raise EncodingError(f"{statute_id}: expected exactly one answer set, got {len(models)}")
    atoms: dict[str, list[tuple]] = defaultdict(list)
    for sym in models[0]:
        atoms[f"{sym.name}/{len(sym.arguments)}"].append(tuple(_py(a) for a in sym.arguments))
    return atoms


class Const(str):
    """A constant of the encoding (e.g. ``all``, ``votes``), told apart from an id string."""


class GroupRef(str):
    """``group(G)`` in a pool: every nomination of party or voter group G."""


def _py(sym: clingo.Symbol):
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Function and not sym.arguments:
        return Const(sym.name)
    if (
        sym.type == clingo.SymbolType.Function
        and sym.name == "group"
        and len(sym.arguments) == 1
        and sym.arguments[0].type == clingo.SymbolType.String
    ):
        return GroupRef(sym.arguments[0].string)
    if sym.type == clingo.SymbolType.Function and not sym.name and sym.arguments:
        return tuple(_py(a) for a in sym.arguments)  # a pair, e.g. a rank (list place, step)
    return str(sym)

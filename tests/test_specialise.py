"""An encoding specialised to a case decides exactly as the whole encoding (src/nachruecken/engine/specialise.py).

Here every walk is specialised (from the first, not the third), so that small cases test it too.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import clingo
import pytest
from clingo import ast
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nachruecken.case.loader import build_case, load_case
from nachruecken.engine import determine, rule_summary, solver, specialise
from nachruecken.engine.determine import determine_case
from nachruecken.engine.expectations import collect
from nachruecken.errors import InputError
from nachruecken.law.statutes import VERSIONS

from profiles import examples, worked_cases
from strategies import STATUTES, terms

STATUTE_IDS = [sid for versions in VERSIONS.values() for sid in versions]
OPTIONS = ["-c", "all_candidates=0"]


@contextlib.contextmanager
def specialised_from(walk: int):
    kept = determine.SPECIALISE_FROM, determine.SPECIALISE_EVENTS
    determine.SPECIALISE_FROM, determine.SPECIALISE_EVENTS = walk, 0
    solver.forget_cases()
    try:
        yield
    finally:
        determine.SPECIALISE_FROM, determine.SPECIALISE_EVENTS = kept


def _both(case, readings=None) -> tuple:
    with specialised_from(10**9):
        whole = determine_case(case, cli_readings=readings)
    with specialised_from(1):
        return whole, determine_case(case, cli_readings=readings)


def test_worked_cases_decide_the_same_specialised(monkeypatch):
    used: list = []
    real = specialise.Specialised.program

    def counted(self, shapes):
        program = real(self, shapes)
        used.append(program is not None)
        return program

    monkeypatch.setattr(specialise.Specialised, "program", counted)
    files = worked_cases(collect([Path(__file__).resolve().parents[1] / "instances"]))
    differ = []
    for path in files:
        case = load_case(path)
        try:
            whole, special = _both(case)
        except InputError:
            continue  # a worked case of bad input
        if whole != special:
            differ.append(path)
    assert differ == []
    assert sum(used) > len(files)  # the specialised programs were used, not the fallback


@pytest.mark.parametrize("statute", STATUTES)
@settings(
    max_examples=examples(200),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_generated_terms_decide_the_same_specialised(statute, data):
    case = build_case(data.draw(terms(statute)), "<generated>")
    try:
        whole, special = _both(case)
    except InputError:
        return  # a case the loader or a reading refuses: nothing to compare
    assert whole == special


@pytest.mark.parametrize("statute_id", STATUTE_IDS)
def test_reading_rules_from_their_text_agrees_with_their_syntax_tree(statute_id):
    statements = solver._parsed(statute_id)
    text, tree = rule_summary.summarise(statements), rule_summary.summarise(statements, from_text=False)
    assert text.rules is not None and tree.rules is not None
    assert [(r.heads, r.body, r.positive, r.normal) for r in text.rules] == [
        (r.heads, r.body, r.positive, r.normal) for r in tree.rules
    ]
    assert text.shown == tree.shown


def _program(text: str) -> tuple:
    statements: list = []
    ast.parse_string(text, statements.append)
    return tuple(s for s in statements if s.ast_type != ast.ASTType.Comment)


def _answer_sets(program: tuple, facts: str, options: list[str]) -> list:
    ctl = clingo.Control([*options, "--warn=none", "--models=3"])
    with ast.ProgramBuilder(ctl) as builder:
        for statement in program:
            builder.add(statement)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])])
    models: list = []
    ctl.solve(on_model=lambda m: models.append(sorted(str(s) for s in m.symbols(shown=True))))
    return sorted(models)


ENCODING = """
kind(died; refused).
ranked(P, R) :- candidate(P, R), not excluded(P).
excluded(P) :- candidate(P, _), reading(strict), late(P).
late(P) :- candidate(P, _), P = "x".
pick(P) :- ranked(P, R), vacancy(_), R = #min { R2 : ranked(Q, R2), not gone(Q) }, not gone(P).
gone(P) :- event(P, T), kind(T).
gone(P) :- event(P, lot_drawn), reading(lot).
note(a) :- pick(P), seat(P, list).
note(b) :- pick(P) : ranked(P, _).
{ choice(P) } :- pick(P), reading(choose).
#show pick/1.
#show note/1.
"""
STATIC = 'candidate("a", 1). candidate("b", 2). candidate("x", 3). reading(loose).'


def _specialised(encoding: str = ENCODING, static: str = STATIC) -> specialise.Specialised | None:
    return specialise.specialise(rule_summary.summarise(_program(encoding)), _program(static), OPTIONS)


@pytest.mark.parametrize(
    "facts",
    [
        'vacancy("v").',
        'vacancy("v"). event("a", died).',
        'vacancy("v"). event("a", lot_drawn). event("b", refused).',
        'vacancy("v"). event("a", refused). event("b", died). seat("x", list).',
        "",
    ],
)
def test_a_specialised_program_gives_the_same_atoms(facts):
    spec = _specialised()
    assert spec is not None
    program = spec.program(specialise.walk_shapes(facts))
    assert program is not None
    assert _answer_sets(program, facts, OPTIONS) == _answer_sets(_program(ENCODING + STATIC), facts, OPTIONS)


def test_the_static_part_is_solved_once_and_rules_that_cannot_fire_are_dropped():
    spec = _specialised()
    assert spec is not None
    kept = {str(s) for s in spec.program(specialise.walk_shapes('vacancy("v"). event("a", died).'))}
    # ranked/2, excluded/1 and late/1 are static: their atoms are facts of the walk program
    assert 'ranked("a",1).' in kept and not any(s.startswith("excluded(P) :-") for s in kept)
    # no walk fact names lot_drawn, and reading(choose) is not a static atom: those rules are gone
    assert not any("lot_drawn" in s for s in kept) and not any("choice(P)" in s for s in kept)
    # a rule on a predicate walks give (seat/2) stays while a walk gives it
    assert not any("seat(P,list)" in s for s in kept)
    program = spec.program(specialise.walk_shapes('vacancy("v"). seat("a", list).'))
    assert any("seat(P,list)" in str(s) for s in program or ())


def test_a_walk_that_names_a_static_predicate_is_solved_whole():
    spec = _specialised()
    assert spec is not None
    assert spec.program(specialise.walk_shapes('vacancy("v"). candidate("c", 4).')) is None


def test_a_static_part_with_two_answer_sets_is_not_specialised():
    # a and b depend on no walk fact, so they are static; the static part then has two answer sets
    assert _specialised(ENCODING + "a :- not b, candidate(_, _). b :- not a. #show a/0.") is None


def test_an_encoding_with_a_statement_not_reasoned_about_is_not_specialised():
    assert rule_summary.summarise(_program("#external e. p :- e.")).rules is None
    assert rule_summary.summarise(_program("#program step(t). p(t).")).rules is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('p("a. q(1).", x). r.', {("p", 2, -1, ""), ("p", 2, 1, "x"), ("r", 0, -1, "")}),
        ("s(1, -2, y).", {("s", 3, -1, ""), ("s", 3, 2, "y")}),
        ("t((1,2)).", {("t", None, -1, "")}),  # a nested term is not read: any use of t stays possible
    ],
)
def test_walk_shapes_read_names_not_strings(text, expected):
    assert specialise.walk_shapes(text) == expected


def _long_term(deaths: int) -> dict:
    candidates = [{"id": f"p{i}", "votes": 100 - i, **({"elected": True} if i < 30 else {})} for i in range(60)]
    events = [
        {"date": f"{2021 + k // 12}-{k % 12 + 1:02d}-05", "person": f"p{k}", "type": "died"} for k in range(deaths)
    ]
    return {
        "statute": "he",
        "election_date": "2020-11-01",
        "nominations": [{"id": "l", "candidates": candidates}],
        "events": events,
    }


@pytest.mark.parametrize(("deaths", "specialised"), [(2, False), (19, False), (21, True)])
def test_only_a_term_of_many_events_is_specialised(monkeypatch, deaths, specialised):
    made: list = []
    real = specialise.specialise
    monkeypatch.setattr(specialise, "specialise", lambda *a: made.append(1) or real(*a))
    solver.forget_cases()
    case = build_case(_long_term(deaths), "<term>")
    result = determine_case(case)
    assert len(result["determinations"]) == deaths
    assert bool(made) == specialised
    with specialised_from(10**9):
        assert determine_case(case) == result


# An independent review's counterexamples (each once gave other answers specialised): a predicate the
# static facts give that rules also derive; #const and -c names; facts needed by a choice or disjunctive
# head, by classical negation, or with every atom shown; pools, primes and comments in walk facts.
REVIEWED = [
    ("d(X) :- w(X). g(X) :- d(X). #show g/1.", "d(a).", "v.", []),
    ("d(X) :- w(X). :- d(X). #show g/1.", "d(a).", "v.", []),
    ("1 { p(X) : s(X) } 1 :- w. q(X) :- s(X), v. #show q/1.", "s(a).", "v.", []),
    ("#const k = a. q :- s(k), w. #show q/0.", "s(a).", "w.", []),
    ("q :- s(k), w. #show q/0.", "s(a).", "w.", ["-c", "k=a"]),
    ("#const k = a. q :- w(k). #show q/0.", "", "w(a).", []),
    ("#const n=2. p(2) :- s. q :- p(n), w. #show q/0.", "s.", "w.", []),
    ("#const k = a. q :- w(a). #show q/0.", "", "w(k).", []),
    ("q :- w.", "s(1).", "w.", []),
    ("q :- w. #show x : q.", "s(1).", "w.", []),
    ("{ p(1) }. q :- w. #show q/0.", "p(1).", "w.", []),
    ("p(1) ; r :- w. #show r/0.", "p(1).", "w.", []),
    ("q :- p(X). #show q/0.", "-p(1).", "p(1).", []),
    ("-r(X) :- s(X). q :- r(X). r(X) :- w(X). #show q/0.", "s(1).", "w(1).", []),
    ("q :- w(a). #show q/0.", "s(b).", "w(a;b).", []),
    ("q :- w(c). #show q/0.", "s(b).", "w(a,b;c).", []),
    ("q :- w(a'1). #show q/0.", "s(b).", "w(a'1).", []),
    ("q :- w'1(a). #show q/0.", "s(b).", "w'1(a).", []),
    ("q :- w(a). #show q/0.", "s(b).", '% say "\nw(a).\n% "\n', []),
    ("q :- w(a). #show q/0.", "s(b).", '%* " *% w(a). %* " *%', []),
]


@pytest.mark.parametrize(("encoding", "static", "facts", "more"), REVIEWED)
def test_reviewed_counterexamples_decide_the_same(encoding, static, facts, more):
    options = [*OPTIONS, *more]
    whole = _answer_sets(_program(encoding + static), facts, options)
    spec = specialise.specialise(rule_summary.summarise(_program(encoding)), _program(static), options)
    program = spec.program(specialise.walk_shapes(facts)) if spec is not None else None
    if program is not None:  # (None: solved with the whole encoding)
        assert _answer_sets(program, facts, options) == whole

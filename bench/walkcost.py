"""What one walk costs, and why a term's walks cannot share their grounding (issue 33).

    python bench/walkcost.py        # about a minute on 2 cores

Prints:
- the time of one walk (clingo: add the encoding, ground, solve, free) for a council of one list of 10 and
  for a 60-seat council of 180 candidates: the walk's cost is mostly the encoding's, not the facts';
- the time to load and ground the encoding files added one by one (NRW, the facts of one 60-seat walk);
- the 43 walks of a 40-vacancy NRW term solved as today (a fresh clingo Control per walk) against one
  multi-shot Control in which every walk is a program part ``walk(k)``: the encoding is rewritten so that
  every atom carries the walk's number, the static facts are added once, and each step grounds its part.
  Both give the same shown atoms (checked); the multi-shot form is the slower one, because gringo grounds
  the rules of a part anew for every parameter and its domains keep the earlier walks' atoms;
- the same walks with the encoding specialised to the case (``engine/specialise.py``: the static part solved
  once, rules that cannot fire dropped), per statute: the rules kept, what specialising costs once per
  statute and once per case, and the walks' time against the whole encoding (the same atoms, checked);
- how the grounder's cost per ground call falls with the rules it is given: the same part grounded again in
  one Control costs what a fresh Control does, so a walk's floor is its own rules.
Not part of the tests.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import clingo
from clingo import ast

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import median_ms, one_list, paired_ms
from whole import TERM_STATUTES, term

import nachruecken
from nachruecken.engine import rule_summary, solver, specialise
from nachruecken.law.statutes import encoding_files

LOC = ast.Location(ast.Position("<walk>", 1, 1), ast.Position("<walk>", 1, 1))
W = ast.Function(LOC, "w", [], 0)  # the part's parameter
ACTIVE = ast.Literal(LOC, ast.Sign.NoSign, ast.SymbolicAtom(ast.Function(LOC, "active_walk", [W], 0)))


def captured_walks(case: dict) -> list[tuple]:
    """The (statute, facts, static, all_candidates) of every walk ``decide`` solves for the case."""
    walks: list[tuple] = []
    real = solver._solve_atoms

    def keep(sid, facts, all_candidates, static="", specialised=False):
        walks.append((sid, facts, static, all_candidates))
        return real(sid, facts, all_candidates, static, specialised)

    solver._solve_atoms = keep
    try:
        nachruecken.decide(case)
    finally:
        solver._solve_atoms = real
    return walks


class _WalkArgument(ast.Transformer):
    """Puts the walk's number first in every atom."""

    def __init__(self, walk):
        self.walk = walk

    def visit_SymbolicAtom(self, node):
        return node.update(symbol=self._add(node.symbol))

    def _add(self, sym):
        if sym.ast_type == ast.ASTType.Pool:
            return sym.update(arguments=[self._add(a) for a in sym.arguments])
        if sym.ast_type == ast.ASTType.UnaryOperation:
            return sym.update(argument=self._add(sym.argument))
        if sym.ast_type == ast.ASTType.Function:
            return sym.update(arguments=[self.walk, *sym.arguments])
        return ast.Function(LOC, str(sym.symbol), [self.walk], 0)


def per_walk(statements, walk) -> list:
    """Statements rewritten for one walk: atoms numbered, shown atoms only those of the active walk."""
    add, out = _WalkArgument(walk), []
    for s in statements:
        kind = s.ast_type
        if kind == ast.ASTType.Comment:
            continue
        if kind == ast.ASTType.Program:
            out.append(ast.Program(LOC, "walk", [ast.Id(LOC, "w")]))
        elif kind == ast.ASTType.ShowSignature:
            args = [ast.Variable(LOC, f"X{i}") for i in range(s.arity)]
            atom = ast.SymbolicAtom(ast.Function(LOC, s.name, [walk, *args], 0))
            out.append(ast.ShowTerm(LOC, ast.Function(LOC, s.name, args, 0), [ast.Literal(LOC, 0, atom), ACTIVE]))
        elif kind == ast.ASTType.ShowTerm:
            out.append(ast.ShowTerm(LOC, s.term, [*(add(b) for b in s.body), ACTIVE]))
        elif kind == ast.ASTType.Defined:
            out.append(s.update(arity=s.arity + 1))
        else:
            out.append(add(s))
    return out


def multi_shot(walks: list[tuple]) -> list[list[str]]:
    """Every walk as a part of one Control (a new Control where the static facts change)."""
    encoding: dict = {}
    ctl, static, shown = None, None, []
    for k, (sid, facts, walk_static, all_candidates) in enumerate(walks, 1):
        fresh = walk_static != static
        if fresh:
            ctl = clingo.Control(["--warn=none", "-c", f"all_candidates={int(all_candidates)}", "--models=2"])
            static = walk_static
        if sid not in encoding:
            encoding[sid] = per_walk(solver._parsed(sid), W) + [
                ast.ShowSignature(LOC, "", 0, True),
                ast.External(LOC, ACTIVE.atom, [], ast.SymbolicTerm(LOC, clingo.Function("false"))),
            ]
        parsed: list = []
        ast.parse_string(facts, parsed.append)
        with ast.ProgramBuilder(ctl) as builder:
            if fresh:
                static_parsed: list = []
                ast.parse_string(walk_static, static_parsed.append)
                for s in encoding[sid] + per_walk(static_parsed, W):
                    builder.add(s)
            builder.add(ast.Program(LOC, f"facts{k}", []))
            for s in per_walk(parsed[1:], ast.SymbolicTerm(LOC, clingo.Number(k))):
                builder.add(s)
        ctl.ground([("walk", [clingo.Number(k)]), (f"facts{k}", [])])
        if not fresh:
            ctl.assign_external(clingo.Function("active_walk", [clingo.Number(k - 1)]), False)
        ctl.assign_external(clingo.Function("active_walk", [clingo.Number(k)]), True)
        models: list = []
        ctl.solve(on_model=lambda m: models.append(m.symbols(shown=True)))
        assert len(models) == 1
        shown.append(sorted(str(s) for s in models[0]))
    return shown


def fresh_controls(walks: list[tuple]) -> list[list[str]]:
    out = []
    for sid, facts, static, all_candidates in walks:
        atoms = solver._solve_atoms(sid, facts, all_candidates, static)
        out.append(sorted(f"{name.split('/')[0]}{args}" for name, rows in atoms.items() for args in rows))
    return out


def grounding_by_file(walk: tuple) -> None:
    sid, facts, static, _ = walk
    files = [str(p) for p in encoding_files(sid)]

    def ground(n: int) -> None:
        ctl = clingo.Control(["--warn=none", "-c", "all_candidates=0"])
        for f in files[:n]:
            ctl.load(f)
        ctl.add("base", [], static + "\n" + facts)
        ctl.ground([("base", [])])

    before = median_ms(lambda: ground(0), 7)
    print(f"  {'the facts alone':<46}{before:6.1f} ms")
    for n in range(1, len(files) + 1):
        ms = median_ms(lambda n=n: ground(n), 7)
        print(f"  + {Path(files[n - 1]).parent.name + '/' + Path(files[n - 1]).name:<44}{ms:6.1f} ms")


def main() -> None:
    small = captured_walks(one_list("nw-kwahlg-45", 10))[-1]
    council = term("nw-kwahlg-45", 40)
    walks = captured_walks(council)
    print("One walk (add the encoding, ground, solve, free; median of 7 after a warm-up):")
    for label, w in (("one list of 10", small), ("60-seat council, 180 candidates", walks[0])):
        print(f"  {label:<34}{median_ms(lambda w=w: solver._solve_atoms(w[0], w[1], w[3], w[2]), 7):6.1f} ms")
    print("Loading and grounding the NRW encoding files added one by one (one walk of the 60-seat council):")
    grounding_by_file(walks[0])
    assert [len(x) for x in multi_shot(walks)] == [len(x) for x in fresh_controls(walks)], "the two disagree"
    print(f"The {len(walks)} walks of a 40-vacancy NRW term (the same shown atoms, checked):")
    print(f"  a fresh Control per walk (today)          {median_ms(lambda: fresh_controls(walks), 3):7.0f} ms")
    print(f"  one multi-shot Control, a part per walk   {median_ms(lambda: multi_shot(walks), 3):7.0f} ms")
    specialised_walks()
    reground(walks[0])


def solve_specialised(program: tuple, facts: str, options: list[str]) -> dict[str, list[tuple]]:
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
    atoms: dict[str, list[tuple]] = {}
    for sym in models[0]:
        atoms.setdefault(f"{sym.name}/{len(sym.arguments)}", []).append(tuple(_py(a) for a in sym.arguments))
    return atoms


def specialised(walks: list[tuple]) -> tuple[dict, Callable[[], list]]:
    """The walks' specialised programs (made once per static fact text, as a term would make them, with
    what that costs) and a function solving every walk with them."""
    sid, _, _, all_candidates = walks[-1]
    options = ["-c", f"all_candidates={int(all_candidates)}"]
    costs: dict = {"summary_ms": median_ms(lambda: rule_summary.summarise(solver._parsed(sid)), 3)}
    encoding = rule_summary.summarise(solver._parsed(sid))
    specs: dict = {}
    for _, _, static, _ in walks:
        if static and static not in specs:
            specs[static] = specialise.specialise(encoding, solver._parsed_facts(static), options)
    statics = list(specs)
    costs["case_ms"] = median_ms(
        lambda: [specialise.specialise(encoding, solver._parsed_facts(st), options) for st in statics], 3
    )
    programs = [
        specs[st].program(specialise.walk_shapes(facts)) if specs.get(st) is not None else None
        for _, facts, st, _ in walks
    ]
    costs["kept"] = sorted({entry[1] for spec in specs.values() if spec for entry in spec.programs.values() if entry})
    costs["total"], costs["whole"], costs["cases"] = (
        encoding.rules and len(encoding.rules),
        programs.count(None),
        len(specs),
    )

    def run() -> list:
        return [
            solve_specialised(p, f, options) if p is not None else solver._solve_atoms(s, f, a, st)
            for p, (s, f, st, a) in zip(programs, walks)
        ]

    return costs, run


def specialised_walks() -> None:
    print("The walks of a 40-vacancy term, the encoding specialised to the case (the same atoms, checked):")
    for statute in TERM_STATUTES:
        walks = captured_walks(term(statute, 40))
        costs, run = specialised(walks)
        whole = [solver._solve_atoms(s, f, a, st) for s, f, st, a in walks]
        assert [dict(x) for x in run()] == [dict(x) for x in whole], f"{statute}: the two disagree"
        whole_ms, spec_ms = paired_ms([lambda: fresh_controls(walks), run], 5)
        print(
            f"  {statute:14} rules {'/'.join(map(str, costs['kept']))} of {costs['total']}"
            f" ({costs['whole']} walks whole)   once: encoding {costs['summary_ms']:4.0f} ms,"
            f" {costs['cases']} static texts {costs['case_ms']:4.0f} ms"
        )
        print(
            f"  {'':14} {len(walks)} walks: whole {whole_ms:5.0f} ms, specialised {spec_ms:5.0f} ms"
            f" ({spec_ms / len(walks):4.1f} ms a walk, {spec_ms / whole_ms:4.2f} of whole)"
        )


def reground(walk: tuple) -> None:
    """The encoding as a part ``p(w)`` with an unused parameter, grounded five times in one Control."""
    sid = walk[0]
    ctl = clingo.Control(["--warn=none", "-c", "all_candidates=0"])
    with ast.ProgramBuilder(ctl) as builder:
        builder.add(ast.Program(LOC, "p", [ast.Id(LOC, "w")]))
        for s in solver._parsed(sid):
            if s.ast_type != ast.ASTType.Program:
                builder.add(s)
    times = []
    for k in range(5):
        t = time.perf_counter()
        ctl.ground([("p", [clingo.Number(k)])])
        times.append((time.perf_counter() - t) * 1000)
    fresh = median_ms(lambda: solver._solve_atoms(sid, "", False), 5)
    print(f"The {sid} encoding grounded as one part five times in one Control, no facts:")
    print(f"  {' '.join(f'{t:5.1f}' for t in times)} ms   (a fresh Control, add, ground, solve: {fresh:5.1f} ms)")


if __name__ == "__main__":
    main()

"""Two encodings in one program: copy an encoding with its derived predicates renamed.

Used by the statute diff and the reading-divergence check. The input and state predicates
(core/input.lp, core/state.lp) and the universe stay shared; every other predicate p of the copied
files becomes <prefix>p, so two statutes (or one statute under two readings) decide the same
generated case side by side. `#show`, `#defined` and `#const` statements are dropped from copies.
"""

from __future__ import annotations

import functools
from pathlib import Path

from clingo import ast

from nachruecken.law.statutes import encodings_dir


def shared_predicates() -> set[str]:
    """The predicate names both copies read: inputs, state, and the universe's own."""
    return set(_shared_predicates())


@functools.cache
def _shared_predicates() -> frozenset[str]:
    names: set[str] = set()
    root = encodings_dir()
    for path in [root / "core" / "input.lp", root / "core" / "state.lp", root / "check" / "universe.lp"]:
        stms: list = []
        ast.parse_files([str(path)], stms.append)
        for s in stms:
            if s.ast_type == ast.ASTType.Rule and s.head.ast_type == ast.ASTType.Literal:
                atom = s.head.atom
                if atom.ast_type == ast.ASTType.SymbolicAtom and atom.symbol.ast_type == ast.ASTType.Function:
                    names.add(atom.symbol.name)
            if s.ast_type == ast.ASTType.Rule and s.head.ast_type == ast.ASTType.Aggregate:
                for e in s.head.elements:
                    names.add(e.literal.atom.symbol.name)
            if s.ast_type == ast.ASTType.Defined:
                names.add(s.name)
    names.discard("reading")  # each copy has readings of its own
    return frozenset(names)


class _Rename(ast.Transformer):
    def __init__(self, prefix: str, keep: set[str]):
        self.prefix, self.keep = prefix, keep

    def _rename(self, sym):
        if sym.ast_type == ast.ASTType.Function and sym.name not in self.keep:
            return sym.update(name=self.prefix + sym.name)
        if sym.ast_type == ast.ASTType.Pool:  # p(a; b): a pool of atoms
            return sym.update(arguments=[self._rename(a) for a in sym.arguments])
        return sym

    def visit_SymbolicAtom(self, node):
        return node.update(symbol=self._rename(node.symbol))


def namespaced(files: list[Path], prefix: str, keep: set[str]) -> list:
    """The rules of ``files`` with their non-shared predicates prefixed (AST statements; made once per
    process for the same files, prefix and shared names: a diff builds its program up to three times)."""
    return list(_namespaced(tuple(str(f) for f in files), prefix, frozenset(keep)))


@functools.lru_cache(maxsize=64)
def _namespaced(files: tuple[str, ...], prefix: str, keep: frozenset[str]) -> tuple:
    rename = _Rename(prefix, set(keep))
    out: list = []

    def add(stm):
        if stm.ast_type in (
            ast.ASTType.ShowSignature,
            ast.ASTType.ShowTerm,
            ast.ASTType.Defined,
            ast.ASTType.Definition,
            ast.ASTType.Comment,
            ast.ASTType.Program,
        ):
            return
        out.append(rename(stm))

    ast.parse_files(list(files), add)
    return tuple(out)

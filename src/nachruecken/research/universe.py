"""The single-vacancy universe as clingo sees it: the program a check grounds (the universe of
encodings/check/universe.lp, the core, the statute's encoding and the analysed properties), the bounds,
clingo's options, and the one question every analysis asks (an optimal model under assumptions).
"""

from __future__ import annotations

from dataclasses import dataclass

import clingo

from nachruecken.case.plausibility import VOTE_ORDER
from nachruecken.law.statutes import STATE_OF, encodings_dir, load_statute, statute_files

# Features of the universe a statute's encoding can react to (the rest would only enlarge it).
FEATURES = {
    "he-kwg-34": ("substitute_list", "lot_drawn", "incompatibility"),
    "he-kwg-34-2011": ("substitute_list", "lot_drawn", "incompatibility", "regained_eligibility", "cause"),
    "nw-kwahlg-45": ("substitute_for", "former_member"),
    "nw-kwahlg-45-2024": ("substitute_for", "former_member", "regained_eligibility", "non_member", "joined_group"),
    "bb-kwahlg-60": ("lot_drawn",),
    "mv-lkwg-46": ("evidence_missing", "regained_eligibility"),
    "hh-bezvwg-36": ("seat_type",),
}
COMMON = ("died", "lost_eligibility", "left_group", "expelled", "waived", "refused", "notified", "accepted", "rejoined")

ANALYSIS = """
% --- the analysed properties ------------------------------------------------
has_outcome :- outcome(_).
gap :- not has_outcome.
gap :- outcome(undetermined).
conflict :- 2 { outcome(O) }.
conflict :- 2 { successor(P, N) }.
used(Norm) :- reason(P, N, _, Norm, _), listed(_, _, P, N).
used(Norm) :- ground(_, Norm, _).
used(Norm) :- trigger_ground(Norm).
used(Norm) :- referred_to(Norm).
used(Norm) :- note(_, Norm).
% every reading takes one of its values; a pinned reading only its pinned one
1 { reading(Id, V) : reading_value(Id, V) } 1 :- reading_id(Id).
:- pinned(Id, V), not reading(Id, V).
% chosen_only (an assumption): every reading at its chosen value (pinned, else the default)
:- chosen_only, reading(Id, V), chosen_value(Id, C), V != C.
{ chosen_only }.
% a witness departs from the chosen readings no more than it must (after its size)
#minimize { 1@0, Id : reading(Id, V), chosen_value(Id, C), V != C }.
"""


@dataclass(frozen=True)
class Bounds:
    noms: int = 2
    cands: int = 4
    max_vote: int = 2


def vote_order_facts(statute_id: str) -> list[str]:
    """``seats_by_votes(Tier, Seat, Body)``: where the statute's election gives a nomination's seats by
    votes (case/plausibility.py ``VOTE_ORDER``, which `solve`'s warning reads too), for the universe's
    constraint that no elected candidate has fewer votes than one not elected."""
    return [f"seats_by_votes({r.tier},{r.seat},{r.body})." for r in VOTE_ORDER.get(STATE_OF[statute_id], ())]


def _program(statute_id: str, encoding: str | None = None, pinned: dict[str, str] | None = None) -> str:
    """Universe + core + the statute's encoding (or ``encoding``, e.g. a test's planted fault)."""
    root = encodings_dir()
    parts = [(root / "check" / "universe.lp").read_text(encoding="utf-8")]
    parts += [p.read_text(encoding="utf-8") for p in sorted((root / "core").glob("*.lp"))]
    if encoding is None:
        parts += [p.read_text(encoding="utf-8") for p in statute_files(statute_id)]
    else:
        parts.append(encoding)
    parts.append(ANALYSIS)
    st = load_statute(statute_id)
    facts = [f"check_uses({f})." for f in COMMON + FEATURES.get(statute_id, ())]
    facts += vote_order_facts(statute_id)
    for rid, reading in st.readings.items():
        facts.append(f'reading_id("{rid}").')
        facts += [f'reading_value("{rid}",{v}).' for v in reading.values]
        chosen = (pinned or {}).get(rid, reading.default)
        facts.append(f'chosen_value("{rid}",{chosen}).')
        if rid in (pinned or {}):
            facts.append(f'pinned("{rid}",{chosen}).')
    parts.append("\n".join(facts))
    return "\n".join(parts)


def options(bounds: Bounds, threads: int) -> list[str]:
    """clingo's options: the bounds, optimisation, and ``threads`` solving in parallel (a portfolio:
    proving that no witness exists takes about half the time on two; among equally small
    witnesses the one reported may then differ from run to run - one thread chooses the same)."""
    return [
        "--warn=none",
        "--opt-mode=opt",
        "-c",
        f"noms={bounds.noms}",
        "-c",
        f"cands={bounds.cands}",
        "-c",
        f"maxvote={bounds.max_vote}",
    ] + (["-t", str(threads)] if threads > 1 else [])


def control(
    statute_id: str, bounds: Bounds, encoding: str | None = None, pinned: dict[str, str] | None = None, threads: int = 1
) -> clingo.Control:
    ctl = clingo.Control(options(bounds, threads))
    ctl.add("base", [], _program(statute_id, encoding, pinned))
    ctl.ground([("base", [])])
    return ctl


def optimal(ctl: clingo.Control, assumption: clingo.Symbol | list[clingo.Symbol], time_limit: float):
    """(status, atoms): found with the optimal model, none_found, or unknown when the time limit
    ran out before clingo could finish (a found model then may not be minimal)."""
    best: list = []
    assumed = assumption if isinstance(assumption, list) else [assumption]

    def keep(model):
        best[:] = [model.symbols(atoms=True)]

    with ctl.solve(assumptions=[(a, True) for a in assumed], on_model=keep, async_=True) as handle:
        finished = handle.wait(time_limit)
        if not finished:
            handle.cancel()
            return ("unknown", best[0] if best else None)
        result = handle.get()
    if result.satisfiable and best:
        return ("found", best[0])
    return ("none_found", None)


def atom_id(term: clingo.Symbol) -> str:
    """n(2) -> "n2", p(1,3) -> "p1-3", g(1) -> "g1", d(2) -> "d2"."""
    return term.name + "-".join(str(a.number) for a in term.arguments)

"""The single-vacancy universe as clingo sees it: the program a check grounds (the universe of
encodings/check/universe.lp, the core, the statute's encoding and the analysed properties), the bounds,
the limits, clingo's options, and the one question every analysis asks (an optimal model under
assumptions).

A result must not depend on the machine: clingo solves on one thread (a parallel portfolio may return
another of several equally small witnesses), and what stops a question is its effort (clasp's count of
conflicts, the same on every machine), never the clock. Time limits are a safety net: a run that
exceeds one fails (``LimitExceeded``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

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
    "rp-kwg-45": ("lot_drawn", "incompatibility", "regained_eligibility", "substitute_for"),
    "sn-saechsgemo-34": ("lot_drawn", "regained_eligibility"),
    "sh-gkwg-44": ("former_member", "regained_eligibility"),
    "st-kwglsa-47": ("lot_drawn", "regained_eligibility", "joined_group", "party_ban"),
    "by-glkrwg-37": ("lot_drawn", "incompatibility", "regained_eligibility"),
}
COMMON = ("died", "lost_eligibility", "left_group", "expelled", "waived", "refused", "notified", "accepted", "rejoined")

ANALYSIS = """
% --- the analysed properties ------------------------------------------------
has_outcome :- outcome(_).
gap :- not has_outcome.
gap :- outcome(undetermined).
% gap_of(C): the gap's cause (core/output.lp gap_cause/2), or unexplained: no outcome at all, or an
% undetermined outcome for which the encoding names no cause (an encoding fault to look into)
gap_explained :- gap_cause(_, _).
gap_of(C) :- gap, gap_cause(C, _).
gap_of(unexplained) :- gap, not gap_explained.
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

# Readings whose alternatives differ only in a state the single-vacancy universe never poses: there a
# proof that they change nothing is true by construction and only costs time; whole terms pose it.
TERMS_ONLY_READINGS = {
    "bb.called_from_other": "the single-vacancy universe has no successor called from another Wahlkreis list "
    "(there his own list and the seat's are one): asked over whole terms",
    "mv.called_from_other": "the single-vacancy universe has no successor called from another list "
    "(there his own list and the seat's are one): asked over whole terms",
    "hh.called_from_other": "the single-vacancy universe has no successor declared elected from the Bezirksliste "
    "into a Wahlkreis seat (there his own list and the seat's are one): asked over whole terms",
}


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


# The effort a question may take. Every question of the 0.13.0 report but one was answered within 500,000
# conflicts (the limit then); that one, the last question of `diff bb-kwahlg-60 st-kwglsa-47` (is a further
# kind of difference left among the Mehrheitswahlen?), needs 600,000 to 950,000 by clingo's configuration;
# twice that leaves room. At 0.3 to 0.8 ms a conflict a question may then run for half an
# hour, so the safety net in seconds sits above that.
CONFLICT_LIMIT = 2_000_000
TIME_LIMIT = 3600.0


@dataclass(frozen=True)
class Limits:
    """How far a check may go. ``conflicts``: the effort per question (a question stopped there is
    `unknown`, or its witness is not proven smallest: ``optimal: false``); ``seconds`` per question and
    ``term_seconds`` for a statute's whole terms are safety nets: past them the run fails."""

    conflicts: int = CONFLICT_LIMIT
    seconds: float = TIME_LIMIT
    term_seconds: float = 1800.0

    def as_dict(self) -> dict[str, Any]:
        return {"conflicts": self.conflicts, "seconds": self.seconds, "term_seconds": self.term_seconds}


class LimitExceeded(RuntimeError):
    """A question or the terms ran past a time limit (a safety net): the run has no result."""


class Answer(NamedTuple):
    """What one question gives: ``status`` (found, none_found, unknown: the effort ran out first), the
    model's atoms, and whether that model is proven optimal (the search was exhausted)."""

    status: str
    atoms: Any
    optimal: bool


def options(bounds: Bounds) -> list[str]:
    """clingo's options: the bounds and optimisation, on one thread (see the module's docstring)."""
    return [
        "--warn=none",
        "--opt-mode=opt",
        "-c",
        f"noms={bounds.noms}",
        "-c",
        f"cands={bounds.cands}",
        "-c",
        f"maxvote={bounds.max_vote}",
    ]


def control(
    statute_id: str, bounds: Bounds, encoding: str | None = None, pinned: dict[str, str] | None = None
) -> clingo.Control:
    ctl = clingo.Control(options(bounds))
    ctl.add("base", [], _program(statute_id, encoding, pinned))
    ctl.ground([("base", [])])
    return ctl


Assumed = clingo.Symbol | list  # one atom assumed true, or a list of atoms and (atom, truth) pairs


def _assumptions(assumption: Assumed) -> list[tuple[clingo.Symbol, bool]]:
    items = assumption if isinstance(assumption, list) else [assumption]
    return [item if isinstance(item, tuple) else (item, True) for item in items]


def optimal(ctl: clingo.Control, assumption: Assumed, limits: Limits) -> Answer:
    """The optimal model under the assumptions, searched within ``limits.conflicts`` (the same answer
    on every machine); past ``limits.seconds`` the run fails."""
    best: list = []
    assumed = _assumptions(assumption)

    def keep(model):
        best[:] = [model.symbols(atoms=True)]

    ctl.configuration.solve.solve_limit = str(limits.conflicts)  # type: ignore[union-attr]
    with ctl.solve(assumptions=assumed, on_model=keep, async_=True) as handle:
        if not handle.wait(limits.seconds):
            handle.cancel()
            raise LimitExceeded(
                f"a question took more than {limits.seconds:g} s (the time limit, a safety net); "
                "raise --time-limit, or lower --conflict-limit or the bounds"
            )
        result = handle.get()
    if best:
        return Answer("found", best[0], bool(result.exhausted))
    return Answer("none_found" if result.unsatisfiable else "unknown", None, False)


def exists(ctl: clingo.Control, assumption: Assumed, limits: Limits) -> str:
    """Whether any model holds under the assumptions (found, none_found, or unknown: the effort ran out),
    with the optimisation switched off: an existence question needs no smallest witness."""
    solve = ctl.configuration.solve
    models = solve.models  # type: ignore[union-attr]
    solve.opt_mode, solve.models = "ignore", "1"  # type: ignore[union-attr]
    try:
        return optimal(ctl, assumption, limits).status
    finally:
        solve.opt_mode, solve.models = "opt", models  # type: ignore[union-attr]


def atom_id(term: clingo.Symbol) -> str:
    """n(2) -> "n2", p(1,3) -> "p1-3", g(1) -> "g1", d(2) -> "d2"."""
    return term.name + "-".join(str(a.number) for a in term.arguments)

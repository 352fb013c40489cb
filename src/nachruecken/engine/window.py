"""Windowed solving: hand clingo the head of each ordering, not the whole list.

Every statute reads a ranked list from its head: the first person not passed over takes the seat.
A walk therefore needs, of each ordering, only the persons up to the one who takes the seat. The
window keeps, per ordering, everyone up to the first ``size`` persons without state (plus the rest
of a tie at that edge, since a tie on votes is read as one rank or one lot), and every person with
state anywhere (an event, a seat, a designation, a second candidacy, a non-member flag, no vote
count where others have one), each with his rank in the full ordering. Persons left out have no
event and no seat, so nothing in a walk can pass them over: the walk would reach them exactly where
their rank puts them; and no rule names them past the successor (a rule that does, as Hessen's note
on candidates without a count, makes them state).

A windowed answer is accepted only if the walk never reached past the window: every pool searched
before the successor's is complete (nobody left out of its ordering), and the successor (or each
person tied for a lot) stands before the first person left out of his pool's ordering, at his own
rank (not at the rank of another, as an NRW Ersatzbewerber who takes a list candidate's place); an outcome
without a successor (the seat left empty, referred, undetermined) is accepted only if every pool
searched was complete. Otherwise the vacancy is solved again in full (``determine.py``). A pool
whose ordering is not one of the ready-made ones is never accepted from a window (Hessen's field of a
Mehrheitswahl, ranked in ASP by the vote count itself, is one).

The differential test (tests/test_window.py) decides every worked case and generated cases both
ways and requires equal results; a statute rule that aggregates over a whole pool would fail it.
(It found the note on candidates without a count once its generated lists had such candidates.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from nachruecken.case.model import Case
from nachruecken.engine.solver import Const, GroupRef

# Persons without state kept at the head of each ordering. Nothing in a walk passes over such a person
# unless a rule reads a static fact of his (no vote count, say), so a small head is enough; a larger one
# hands clingo more facts for every list. Over generated terms (150 per statute, lists lengthened by
# stateless candidates on 0 to 6 votes) a window of 2 was repeated in full for 5 of 890 walks, of 1 for
# 43 of 1,019, of 3 for 3 of 692, of 4 for none of 583.
SIZE = 2
# A window is deepened (doubled) when a walk reaches past it, as in a long term whose successors use up the
# head of a list; beyond this depth a walk that reaches past it is solved with everyone.
MAX_SIZE = 64


_LAST = float("inf")  # the rank key of a candidate without a vote count: after every count


def _by_votes(c):
    return _LAST if c.votes is None else -c.votes


def _by_nonzero_votes(c):
    return -c.votes if c.votes else _LAST  # 0 votes counts as no count


# one number per candidate and key; equal numbers are equal ranks (ties), smaller comes first
KEYS = {"votes": _by_votes, "votes_nonzero": _by_nonzero_votes}


@dataclass(slots=True)
class Ranking:
    """One ordering: candidacies in rank order, read from its head (no entry is built for a person
    a window never reaches)."""

    cands: list  # Candidate entries in rank order
    noms: str | list[str]  # their nomination ids: one id for all, or a list alongside ``cands``
    key: Callable[[Any], Any]  # a Candidate's tie key: equal keys are one rank (his list place in a list ordering)

    def nomination(self, i: int) -> str:
        return self.noms if isinstance(self.noms, str) else self.noms[i]


def rankings(case: Case, orders: dict) -> dict[tuple, Ranking]:
    """Every ordering the facts hand to clingo: ("list", N) by list place, (key, N) per nomination,
    ("all", key) over all nominations (Mehrheitswahl), ("group", key, G) over a group's nominations
    (where it has several). Ties fall to the nomination's place in the file, then the list place.
    Each list is sorted once per key, by one number per candidate; sorts are stable, so a tie keeps
    list order within a nomination and file order across nominations. The orderings across lists
    are built only where the case has them."""
    out: dict[tuple, Ranking] = {}
    per_list = [k for k in orders.get("per_list", ()) if k != "list"]
    across_all = list(orders.get("all", ())) if case.election == "majority" else []
    nominations_of_group: dict[str, list] = {}
    for nom in case.nominations:
        nominations_of_group.setdefault(nom.group, []).append(nom)
    in_groups = [g for g, noms in nominations_of_group.items() if len(noms) > 1]
    across_group = list(orders.get("group", ())) if in_groups else []
    own: dict[tuple, Ranking] = {}  # (key, nomination): each list by each key, also those only merged
    for nom in case.nominations:
        by_place = sorted(nom.candidates, key=_position)
        out[("list", nom.id)] = Ranking(by_place, nom.id, _position)
        for key in dict.fromkeys(per_list + across_all + across_group):
            own[(key, nom.id)] = Ranking(sorted(by_place, key=KEYS[key]), nom.id, KEYS[key])
    out.update(((key, nid), own[(key, nid)]) for key in per_list for nid in (n.id for n in case.nominations))
    for key in across_all:
        out[("all", key)] = _merged([own[(key, nom.id)] for nom in case.nominations], KEYS[key])
    for key in across_group:
        for g in in_groups:
            out[("group", key, g)] = _merged([own[(key, nom.id)] for nom in nominations_of_group[g]], KEYS[key])
    return out


def _merged(rankings: list[Ranking], key) -> Ranking:
    """Several nominations' orderings by one key, as one; a tie keeps their file order."""
    pairs = sorted(((c, r.noms) for r in rankings for c in r.cands), key=lambda pair: key(pair[0]))
    # (each ranking merged is one nomination's: its ``noms`` is one id)
    return Ranking([c for c, _ in pairs], cast(list[str], [n for _, n in pairs]), key)


def _position(c):
    return c.position


def with_state(case: Case) -> set[str]:
    """Persons a walk may treat otherwise than by their rank alone. Besides events, seats and the
    rest, that is everyone without a vote count where others have one: such a person ranks after
    every count, yet a rule may name him wherever he stands (Hessen's note that a missing count
    decided, he-kwg-34 ranking.lp: ``uncounted/1``)."""
    out = {e.person for e in case.events}
    seen: set[str] = set()
    uncounted: list[str] = []
    counted = False
    for nom in case.nominations:
        for c in nom.candidates:
            if c.person in seen:
                out.add(c.person)  # a second candidacy
            seen.add(c.person)
            if c.votes is None:
                uncounted.append(c.person)
            else:
                counted = True
            if c.elected or c.non_member or c.seat is not None:
                out.add(c.person)
            if c.substitute_for:
                out.add(c.person)
                out.update(s.person for s in c.substitute_for)
    if counted:
        out.update(uncounted)
    return out


@dataclass
class Window:
    keep: frozenset[str]  # persons whose facts are given
    edge: dict[tuple, int]  # ordering -> index (0-based) where its own window ends; absent: it holds all
    complete: frozenset[tuple]  # orderings nobody of whom is left out
    index: dict[tuple, dict[tuple, int]]  # ordering -> (person, nomination) before its edge -> his rank


def build(case: Case, ranked: dict[tuple, Ranking], size: int | None = None) -> Window | None:
    """The window of ``case`` over its orderings, or None when it would leave nobody out.

    An ordering's own window ends before the first person without state who comes after ``size``
    such persons and does not share the tie key of the person before him; persons after that edge
    may still be given (for their state, or for another ordering), but a walk that reaches the edge
    is not accepted."""
    size = SIZE if size is None else size
    state = with_state(case)
    keep = set(state)
    edge = {}
    for oid, ranking in ranked.items():
        stateless = 0
        previous = None
        tie_of = ranking.key
        for i, c in enumerate(ranking.cands):
            tie = tie_of(c)
            if c.person not in state:
                if stateless >= size and tie != previous:
                    edge[oid] = i
                    break
                keep.add(c.person)
                stateless += 1
            previous = tie
    if all(c.person in keep for nom in case.nominations for c in nom.candidates):
        return None
    complete = frozenset(oid for oid, ranking in ranked.items() if all(c.person in keep for c in ranking.cands))
    # the rank each person before an edge has in the facts: his list place, or his place in the ordering
    index = {
        oid: {
            (c.person, ranking.nomination(i)): (c.position if oid[0] == "list" else i + 1)
            for i, c in enumerate(ranking.cands[: edge[oid]])
        }
        for oid, ranking in ranked.items()
        if oid in edge
    }
    return Window(frozenset(keep), edge, complete, index)


def _ordering(pool_nom, key) -> tuple | None:
    """The ordering a pool walks (pool/4: its nomination scope and key), None if not a ready-made one."""
    key = str(key)
    if key == "list" and isinstance(pool_nom, str) and not isinstance(pool_nom, (Const, GroupRef)):
        return ("list", str(pool_nom))
    if key in KEYS:
        if isinstance(pool_nom, GroupRef):
            return ("group", key, str(pool_nom))
        if isinstance(pool_nom, Const) and str(pool_nom) == "all":
            return ("all", key)
        if isinstance(pool_nom, str) and not isinstance(pool_nom, Const):
            return (key, str(pool_nom))
    return None


def accepts(window: Window, atoms: dict) -> bool:
    """Whether the walk answered within the window (see the module docstring)."""
    stop = {(p, n) for p, n in atoms.get("successor/2", [])}
    tied = {a[0] for a in atoms.get("lot_between/1", [])}
    listed: dict[int, set] = {}
    for k, r, p, n in atoms.get("listed/4", []):
        listed.setdefault(k, set()).add((r, p, n))
    pools = sorted(atoms.get("pool/4", []), key=lambda a: a[0])
    if len({a[0] for a in pools}) < len(pools):
        return False  # one pool over several orderings (two lists as one): its stop is not placed
    for k, pool_nom, key, _ in pools:
        if str(key) == "designated":
            continue  # the designated Ersatzbewerber: persons with state, never left out
        oid = _ordering(pool_nom, key)
        if oid is None:
            return False
        here = {(r, p, n) for r, p, n in listed.get(k, ()) if (p, n) in stop or p in tied}
        if not here:  # the walk went through this pool: it must have seen all of it
            if oid not in window.complete:
                return False
            continue
        if oid not in window.edge:
            return True
        # each person the walk stopped at lies before the ordering's edge (index holds only those),
        # at his own rank: one who takes another's rank (an NRW Ersatzbewerber at the place of the
        # list candidate he was named for) may stand behind the edge in the walk
        return all(window.index[oid].get((p, n)) == r for r, p, n in here)
    return True

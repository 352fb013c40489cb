"""Consistency checks for researchers: gap, conflict and dead norms over a bounded universe.

The universe (encodings/check/universe.lp) generates, by choice rules, the input facts of a case
and the state of its one vacancy; the statute encoding decides it; each analysis asks clingo for
an optimal model (fewest candidates, then fewest events) in which the analysed property holds.
Every witness is written back as an ordinary case file that `nachruecken solve` reproduces.
Finding nothing within the bounds proves nothing beyond them.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from pathlib import Path

import clingo
import yaml

from .dates import iso
from .statutes import encodings_dir, load_statute

# Features of the universe a statute's encoding can react to (the rest would only enlarge it).
FEATURES = {
    "he-kwg-34": ("substitute_list", "lot_drawn"),
    "nw-kwahlg-45": ("substitute_for",),
    "bb-kwahlg-60": ("lot_drawn",),
    "mv-lkwg-46": ("evidence_missing",),
    "hh-bezvwg-36": ("seat_type",),
}
COMMON = ("died", "lost_eligibility", "left_group", "expelled", "waived", "refused", "notified", "accepted")

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
% every reading takes one of its values
1 { reading(Id, V) : reading_value(Id, V) } 1 :- reading_id(Id).
"""


@dataclass(frozen=True)
class Bounds:
    noms: int = 2
    cands: int = 4
    max_vote: int = 2


def _program(statute_id: str, encoding: str | None = None) -> str:
    """Universe + core + the statute's encoding (or ``encoding``, e.g. a test's planted fault)."""
    root = encodings_dir()
    parts = [(root / "check" / "universe.lp").read_text(encoding="utf-8")]
    parts += [p.read_text(encoding="utf-8") for p in sorted((root / "core").glob("*.lp"))]
    if encoding is None:
        parts += [p.read_text(encoding="utf-8") for p in sorted((root / statute_id).glob("*.lp"))]
    else:
        parts.append(encoding)
    parts.append(ANALYSIS)
    st = load_statute(statute_id)
    facts = [f"check_uses({f})." for f in COMMON + FEATURES.get(statute_id, ())]
    for rid, reading in st.readings.items():
        facts.append(f'reading_id("{rid}").')
        facts += [f'reading_value("{rid}",{v}).' for v in reading.values]
    parts.append("\n".join(facts))
    return "\n".join(parts)


def _control(statute_id: str, bounds: Bounds, encoding: str | None = None) -> clingo.Control:
    ctl = clingo.Control(["--warn=none", "--opt-mode=opt", "-c", f"noms={bounds.noms}", "-c", f"cands={bounds.cands}",
                          "-c", f"maxvote={bounds.max_vote}"])
    ctl.add("base", [], _program(statute_id, encoding))
    ctl.ground([("base", [])])
    return ctl


def _optimal(ctl: clingo.Control, assumption: clingo.Symbol, time_limit: float):
    """(status, atoms): found with the optimal model, none_found, or unknown when the time limit
    ran out before clingo could finish (a found model then may not be minimal)."""
    best: list = []

    def keep(model):
        best[:] = [model.symbols(atoms=True)]

    with ctl.solve(assumptions=[(assumption, True)], on_model=keep, async_=True) as handle:
        finished = handle.wait(time_limit)
        if not finished:
            handle.cancel()
            return ("unknown", best[0] if best else None)
        result = handle.get()
    if result.satisfiable and best:
        return ("found", best[0])
    return ("none_found", None)


def _id(term: clingo.Symbol) -> str:
    """n(2) -> "n2", p(1,3) -> "p1-3", g(1) -> "g1", d(2) -> "d2"."""
    return term.name + "-".join(str(a.number) for a in term.arguments)


def witness_case(statute_id: str, atoms: list[clingo.Symbol]) -> dict:
    """Write a model of the universe back as a case file (the YAML structure)."""
    by: dict[str, list] = {}
    for a in atoms:
        by.setdefault(a.name, []).append(a.arguments)
    nominations = []
    for (n,) in sorted(by.get("nomination", []), key=lambda t: _id(t[0])):
        nom = {"id": _id(n)}
        nom["group"] = next(_id(g) for m, g in by.get("nomination_group", []) if m == n)
        nom["group_kind"] = next(k.name for m, k in by.get("nomination_group_kind", []) if m == n)
        tier = next(k.name for m, k in by.get("nomination_tier", []) if m == n)
        if tier == "district":
            nom["tier"] = "district"
            nom["district"] = next(_id(d) for m, d in by.get("nomination_district", []) if m == n)
            sub = [_id(t) for m, t in by.get("substitute_list", []) if m == n]
            if sub:
                nom["substitute_list"] = sub[0]
        cands = []
        for m, p, pos in sorted((c for c in by.get("candidate", []) if c[0] == n), key=lambda c: c[2].number):
            c = {"id": _id(p), "position": pos.number}
            votes = [v.number for m2, p2, v in by.get("votes", []) if m2 == n and p2 == p]
            if votes:
                c["votes"] = votes[0]
            if (n, p) in [tuple(x) for x in by.get("elected", [])]:
                c["elected"] = True
            seat = [t.name for m2, p2, t in by.get("seat_type", []) if m2 == n and p2 == p]
            if seat:
                c["seat"] = seat[0]
            subs = [(q, cap.name) for m2, p2, q, cap in by.get("substitute_for", []) if m2 == n and p2 == p]
            if subs:
                c["substitute_for"] = [_id(q) if cap == "default" else {"person": _id(q), "candidacy": cap}
                                       for q, cap in subs]
            cands.append(c)
        nom["candidates"] = cands
        nominations.append(nom)
    forms = {i.number: f.name for i, f in by.get("event_form", [])}
    reserved = {i.number for (i,) in by.get("event_reservation", [])}
    noms_of = {i.number: _id(n) for i, n in by.get("event_nomination", [])}
    events = []
    for i, d, p, t in sorted(by.get("event", []), key=lambda e: e[0].number):
        ev = {"date": iso(d.number), "person": _id(p), "type": t.name}
        if t.name == "called":
            ev["nomination"] = noms_of[i.number]
        if t.name == "waived" and forms.get(i.number) == "recorded":
            ev["form"] = "recorded"
        if i.number in reserved:
            ev["reservation"] = True
        events.append(ev)
    case: dict = {"statute": statute_id, "title": "", "election_date": "2019-05-26", "as_of": "2021-03-01"}
    election = [e.name for (e,) in by.get("election", [])]
    if election and election[0] != "proportional":
        case["election"] = election[0]
    body = {}
    kind = [k.name for (k,) in by.get("body_kind", [])]
    if kind and kind[0] != "municipal":
        body["kind"] = kind[0]
    seats = [s.number for (s,) in by.get("body_seats", [])]
    if seats:
        body["seats"] = seats[0]
    if by.get("body_period_end"):
        body["period_end"] = iso(by["body_period_end"][0][0].number)
    if body:
        case["body"] = body
    readings = {rid.string: v.name for rid, v in by.get("reading", [])}
    if readings:
        case["readings"] = readings
    case["nominations"] = nominations
    case["events"] = events
    departed = [_id(p) for (p,) in by.get("vacancy", [])][0]
    outcome = sorted(o.name for (o,) in by.get("outcome", []))
    successor = [_id(p) for p, _ in by.get("successor", [])]
    expectation: dict = {"outcome": outcome[0] if len(outcome) == 1 else outcome or None}
    if len(successor) == 1:
        expectation["successor"] = successor[0]
    case["expected"] = {departed: expectation}
    return case


def _summary(case: dict) -> str:
    (departed, exp), = case["expected"].items()
    people = sum(len(n["candidates"]) for n in case["nominations"])
    what = exp.get("outcome")
    return (f"{people} candidates, {len(case['events'])} events: seat of {departed} -> {what}"
            + (f" ({exp['successor']})" if exp.get("successor") else ""))


def run_check(statute_id: str, bounds: Bounds = Bounds(), witness_dir: Path | None = None,
              time_limit: float = 20.0, encoding: str | None = None, norms: list[str] | None = None) -> dict:
    """``encoding`` and ``norms`` replace the statute's encoding and norm list (for tests)."""
    started = time.monotonic()
    statute = load_statute(statute_id)
    ctl = _control(statute_id, bounds, encoding)
    analyses = []

    def witness(name: str, atoms) -> dict:
        case = witness_case(statute_id, atoms)
        case["title"] = f"{statute_id} check: {name}"
        entry = {"summary": _summary(case), "case": case, "file": None}
        if witness_dir is not None:
            witness_dir.mkdir(parents=True, exist_ok=True)
            path = witness_dir / f"{statute_id}-{name.replace('/', '_')}.yaml"
            path.write_text(yaml.safe_dump(case, allow_unicode=True, sort_keys=False), encoding="utf-8")
            entry["file"] = str(path)
        return entry

    for name in ("gap", "conflict"):
        status, atoms = _optimal(ctl, clingo.Function(name), time_limit)
        if status == "unknown" and atoms is not None:
            status = "found"  # a witness was found; it may not be the smallest
        analyses.append({"name": name, "status": status, "witnesses": [witness(name, atoms)] if atoms else []})
    dead, used, unknown = [], [], []
    for norm in (norms if norms is not None else list(statute.norms)):
        status, atoms = _optimal(ctl, clingo.Function("used", [clingo.String(norm)]), time_limit)
        (used if atoms else dead if status == "none_found" else unknown).append(norm)
    analyses.append({"name": "dead_norm", "status": "found" if dead else ("unknown" if unknown else "none_found"),
                     "dead_norms": dead, "undecided_norms": unknown, "norms_used": len(used), "witnesses": []})
    return {
        "statute": statute_id, "bounds": asdict(bounds), "analyses": analyses,
        "seconds": round(time.monotonic() - started, 2),
        "time_limit": time_limit,
        "note": "The universe is bounded: finding nothing within these bounds proves nothing beyond them; "
                "`unknown` means clingo did not finish within the time limit per question.",
    }

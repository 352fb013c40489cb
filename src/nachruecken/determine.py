"""Decide a case: replay its vacancies, solve each with the statute encoding, build the JSON.

The shape of the result is the contract of DESIGN.md ("Results"); keys beyond it are
additions (``trigger_grounds``, ``notes``, and ``votes``/``position``/``norms`` on candidates).
"""

from __future__ import annotations

from . import FORMAT_VERSION, __version__
from .dates import iso, to_int
from .explain import KEY_PHRASE, REASON_ORDER, REPLAY_WARNINGS, TRIGGER_PHRASE, Texts
from .facts import Ids, case_text, state_text
from .model import Case
from .replay import Decision, VacancyState, replay
from .solver import Const, GroupRef, solve_atoms
from .statutes import Statute, load_statute, resolve_statute_id


def determine_case(case: Case, statute_id: str | None = None, cli_readings: dict[str, str] | None = None,
                   lang: str = "en", all_candidates: bool = False) -> dict:
    sid = resolve_statute_id(statute_id, path="--statute") if statute_id else case.statute
    statute = load_statute(sid)
    readings = statute.resolve_readings(case.readings, source="readings")
    if cli_readings:
        readings = statute.resolve_readings(readings, cli_readings, source="--reading")
    texts = Texts(statute, lang, readings)
    q = Ids()
    static = case_text(case, readings, statute.orders, q)
    as_of = to_int(case.as_of) if case.as_of else (to_int(max(e.date for e in case.events)) if case.events else 0)

    def decide(state: VacancyState) -> Decision:
        atoms = solve_atoms(sid, static + "\n" + state_text(case, state, as_of, q), all_candidates)
        det = _determination(case, statute, texts, state, atoms)
        member_from = (det["membership"] or {}).get("member_from")
        return Decision(det["outcome"], det["successor"], det["successor_nomination"], det, member_from)

    replayed = replay(case, decide)
    codes = replayed.warnings + ([] if replayed.decisions else [("nothing", {})])
    warnings = _version_warnings(case, statute, replayed, lang) + [
        REPLAY_WARNINGS[lang][code].format(**params) for code, params in codes]
    return {
        "format_version": FORMAT_VERSION, "nachruecken_version": __version__,
        "case": case.file, "input_sha256": case.input_sha256, "title": case.title,
        "statute": sid, "statute_version": statute.version, "readings": readings,
        "warnings": warnings,
        "determinations": [d.payload for _, d in replayed.decisions],
    }


def _version_warnings(case: Case, statute: Statute, replayed, lang: str) -> list[str]:
    if statute.version_caveat and replayed.decisions:
        text = statute.version_caveat[lang]
        return [text[0].upper() + text[1:] + "."]
    if not statute.version_until:
        return []
    until = statute.version_until
    dates = []
    if case.election_date and case.election_date.isoformat() > until:
        dates.append(("election", case.election_date.isoformat()))
    late = [s.event.date.isoformat() for s, _ in replayed.decisions if s.event.date.isoformat() > until]
    if late:
        dates.append(("vacancy", late[0]))
    if not dates:
        return []
    what, when = dates[0]
    if lang == "de":
        noun = "Die Wahl" if what == "election" else "Die Vakanz"
        return [f"{noun} ({when}) {statute.later_version_note['de']}."]
    noun = "The election" if what == "election" else "The vacancy"
    return [f"{noun} ({when}) {statute.later_version_note['en']}."]


def _nom_name(case: Case, nid) -> str:
    if isinstance(nid, GroupRef):
        names = [n.name or n.id for n in case.nominations if n.group == nid]
        return " / ".join(names) or str(nid)
    if isinstance(nid, Const):
        return str(nid)
    try:
        nom = case.nomination(nid)
    except KeyError:
        return str(nid)
    return nom.name or nom.id


def _determination(case: Case, statute: Statute, texts: Texts, state: VacancyState, atoms: dict) -> dict:
    outcomes = [a[0] for a in atoms.get("outcome/1", [])]
    if len(outcomes) != 1:
        from .solver import EncodingError

        raise EncodingError(f"{statute.id}: expected one outcome for the seat of '{state.holding.person}', got {outcomes}")
    outcome = str(outcomes[0])
    succ = atoms.get("successor/2", [])
    successor, successor_nom = (succ[0] if succ else (None, None))
    # tied persons in the order they are listed (pool, then rank)
    place: dict[str, tuple] = {}
    for k, r, p, _n in atoms.get("listed/4", []):
        place[p] = min(place.get(p, (k, r)), (k, r))
    lot_between = sorted((a[0] for a in atoms.get("lot_between/1", [])), key=lambda p: place.get(p, (0, 0)))
    pools = {k: (n, key, norm) for k, n, key, norm in atoms.get("pool/4", [])}
    status = {(p, n): s for p, n, s in atoms.get("status/3", [])}
    reasons: dict[tuple, list] = {}
    for p, n, code, norm, day in atoms.get("reason/5", []):
        reasons.setdefault((p, n), []).append((str(code), norm, day))
    lot_date = None
    if successor and lot_between:
        draws = [e for e in case.events if e.type == "lot_drawn" and e.person == successor and e.seq > state.event.seq]
        lot_date = draws[-1].date.isoformat() if draws else None

    about: dict[tuple, dict] = {}
    for p, n, key, value in atoms.get("about/4", []):
        about.setdefault((p, n), {})[f"about_{key}"] = case.display(value) if isinstance(value, str) else value
    candidates = []
    by_key = {(nom.id, c.person): c for nom in case.nominations for c in nom.candidates}
    tied = set(lot_between)
    tied_rank = None
    for index, (k, r, p, n) in enumerate(sorted(atoms.get("listed/4", []), key=lambda a: (a[0], a[1])), 1):
        st = str(status.get((p, n), "behind"))
        this_rank = index
        if p in tied and st in ("tied", "successor"):
            tied_rank = tied_rank or index  # tied persons share the rank of the first of them
            this_rank = tied_rank
        cand = by_key[(n, p)]
        pool_nom, key, pool_norm = pools[k]
        ctx = dict(person=case.display(p), nomination=_nom_name(case, n), votes=texts.votes(cand.votes),
                   position=cand.position, key_phrase=KEY_PHRASE[texts.lang].get(str(key), str(key)),
                   lot_phrase=texts.label("lot_won", date=lot_date) if (lot_date and p == successor) else "",
                   departed=case.display(state.holding.person), **about.get((p, n), {}))
        entry = {"person": p, "nomination": n, "rank": this_rank, "status": st}
        if st == "skipped":
            rs = sorted(reasons.get((p, n), []), key=lambda t: (REASON_ORDER.index(t[0]) if t[0] in REASON_ORDER else 99, t[1]))
            code, norm, day = rs[0]
            sits_through = state.sitting.get(p)
            ctx.update(date=iso(day) or "?", other=_nom_name(case, sits_through.via_nomination) if sits_through else "?")
            entry.update(reason=code, reasons=list(dict.fromkeys(t[0] for t in rs)), norm=norm,
                         citation=texts.citation(norm),
                         explanation=texts.sentence([f"{code}@{norm}", code], **ctx))
            if len(rs) > 1:
                entry["norms"] = [{"reason": c, "norm": nm, "citation": texts.citation(nm)} for c, nm, _ in rs]
        else:
            kind = {"successor": "successor", "tied": "tied"}.get(st, "behind")
            entry.update(norm=pool_norm, citation=texts.citation(pool_norm),
                         explanation=texts.sentence([f"{kind}@{pool_norm}#{key}", f"{kind}@{pool_norm}", f"{kind}@any", kind], **ctx))
        entry.update(votes=cand.votes, position=cand.position)
        candidates.append(entry)

    nomination_ids = {n.id for n in case.nominations}

    def subject_ctx(x) -> str:
        if isinstance(x, GroupRef) or (not isinstance(x, Const) and x in nomination_ids):
            return _nom_name(case, x)
        return "" if isinstance(x, Const) else case.display(x)

    grounds = []
    outcome_ground = None
    for k, norm, subject in sorted(atoms.get("ground/3", []), key=lambda a: (a[0], a[1])):
        kind = "ground" if k < 90 else ("outcome" if k < 95 else "membership")
        # places 10 * K hold the ordering of pool K (core/walk.lp)
        key_of_pool = pools[k // 10][1] if k % 10 == 0 and k // 10 in pools and k < 90 else None
        ctx = dict(subject=subject_ctx(subject), key_phrase=KEY_PHRASE[texts.lang].get(str(key_of_pool), ""))
        keys = [f"ground-{outcome}@{norm}", f"{kind}@{norm}"] if outcome in ("not_applicable", "referred", "undetermined") \
            else [f"{kind}@{norm}#{key_of_pool}", f"{kind}@{norm}#{subject}", f"{kind}@{norm}"]
        grounds.append({"norm": norm, "citation": texts.citation(norm), "explanation": texts.sentence(keys, **ctx)})
        if kind == "outcome" and outcome_ground is None:
            outcome_ground = grounds[-1]

    ev = state.event
    trigger_grounds = []
    ground_text = next((e.ground for e in case.events if e.seq == ev.seq), None)
    own_first = lambda a: (a[0] in statute.norms and statute.norms[a[0]].outside_section, a[0])
    for (norm,) in sorted(atoms.get("trigger_ground/1", []), key=own_first):
        ctx = dict(departed=case.display(state.holding.person), date=ev.date.isoformat(),
                   trigger_phrase=TRIGGER_PHRASE[texts.lang].get(ev.type, ev.type),
                   ground_phrase=f" ({ground_text})" if ground_text else "")
        trigger_grounds.append({"norm": norm, "citation": texts.citation(norm),
                                "explanation": texts.sentence([f"trigger@{norm}"], **ctx)})
    notes = [{"code": str(code), "norm": norm, "citation": texts.citation(norm),
              "explanation": texts.sentence([f"note@{code}"])}
             for code, norm in sorted(atoms.get("note/2", []))]

    membership = None
    if outcome == "successor":
        m = {str(f): v for f, v in atoms.get("membership/2", [])}
        membership = {"notified": iso(m.get("notified")), "deadline": iso(m.get("deadline")),
                      "status": str(m.get("status", "pending")), "member_from": iso(m.get("member_from"))}
    referred = [a[0] for a in atoms.get("referred_to/1", [])]
    return {
        "vacancy": state.holding.person, "date": ev.date.isoformat(), "trigger": ev.type,
        "seat_nomination": state.holding.seat_nomination,
        "outcome": outcome, "successor": successor if outcome == "successor" else None,
        "successor_nomination": successor_nom if outcome == "successor" else None,
        "lot_between": lot_between, "referred_to": texts.citation(referred[0]) if referred else None,
        "member_count_reduced": bool(atoms.get("member_count_reduced/0")),
        "candidates": candidates, "grounds": grounds, "membership": membership,
        "outcome_norm": (outcome_ground or (grounds[0] if grounds else {})).get("norm"),
        "outcome_ground": outcome_ground or (grounds[0] if grounds else None),
        "trigger_grounds": trigger_grounds, "notes": notes,
    }

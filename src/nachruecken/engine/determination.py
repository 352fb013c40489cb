"""One determination: the answer of a statute's walk for one vacancy, built from the walk's atoms in
named parts (the vacancy and its trigger, the outcome and successor, the candidates passed over or
reached, the grounds, the notes, the membership), and finished with the calls the ledger made.

The keys and their order are the contract of DESIGN.md ("Results"); the JSON output keeps that order.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import cast

from nachruecken.case.model import Case
from nachruecken.engine.ledger import Procedure, Step
from nachruecken.engine.solver import Const, EncodingError, GroupRef
from nachruecken.law.dates import deadline_moved, from_int, iso, long_date
from nachruecken.law.statutes import Statute
from nachruecken.law.texts import KEY_PHRASE, REASON_ORDER, TRIGGER_PHRASE, Texts


def build_determination(case: Case, statute: Statute, texts: Texts, step: Step, atoms: dict) -> dict:
    """The determination of one walk: what the statute's encoding answered for the seat of ``step``."""
    proc = step.procedure
    outcome = _one_outcome(statute, proc, atoms)
    successor, successor_nom = _one_successor(statute, proc, atoms)
    walk = _Walk.of(case, texts, atoms)
    lot_date = _lot_date(case, step, successor, walk.lot_between, texts.lang)
    candidates = _candidates(case, texts, step, walk, successor, lot_date)
    grounds, outcome_ground = _grounds(case, texts, atoms, outcome, walk.pools)
    trigger_grounds = _trigger_grounds(case, statute, texts, proc, atoms)
    notes = _notes(case, texts, atoms)
    membership = _membership(atoms) if outcome == "successor" else None
    return {
        **_vacancy(proc, statute, texts),
        **_outcome(outcome, successor, successor_nom, walk.lot_between, texts, atoms),
        "candidates": candidates,
        "grounds": grounds,
        "membership": membership,
        "outcome_norm": (outcome_ground or (grounds[0] if grounds else {})).get("norm"),
        "outcome_ground": outcome_ground or (grounds[0] if grounds else None),
        "trigger_grounds": trigger_grounds,
        "notes": notes,
        **_kind_of_election(outcome, atoms),
        **_gap_cause(outcome, atoms),
        # the departure itself is referred: the seat stays with its holder (addition)
        **({"holder_keeps_seat": True} if atoms.get("holder_keeps_seat/0") else {}),
    }


def _one_outcome(statute: Statute, proc: Procedure, atoms: dict) -> str:
    outcomes = [a[0] for a in atoms.get("outcome/1", [])]
    if len(outcomes) != 1:
        raise EncodingError(
            f"{statute.id}: expected one outcome for the seat of '{proc.holding.person}', got {outcomes}"
        )
    return str(outcomes[0])


def _one_successor(statute: Statute, proc: Procedure, atoms: dict) -> tuple:
    """The successor and his nomination; (None, None) where the walk names none."""
    succ = atoms.get("successor/2", [])
    if len(succ) > 1:  # a statute names one successor; two are a fault of the encoding, never a choice
        raise EncodingError(
            f"{statute.id}: expected one successor for the seat of '{proc.holding.person}', "
            f"got {sorted(str(p) for p, _ in succ)}"
        )
    return succ[0] if succ else (None, None)


def _vacancy(proc: Procedure, statute: Statute, texts: Texts) -> dict:
    """The seat that fell vacant, how, and the text that decides it."""
    return {
        "vacancy": proc.holding.person,
        "date": proc.event.date.isoformat(),
        "trigger": proc.trigger,
        "statute": statute.id,
        "statute_version": statute.version_in(texts.lang),
        "seat_nomination": proc.holding.seat_nomination,
    }


def _outcome(outcome: str, successor, successor_nom, lot_between: list, texts: Texts, atoms: dict) -> dict:
    """What the walk decided: a successor (with his nomination), a lot, a referral, fewer members."""
    referred = [a[0] for a in atoms.get("referred_to/1", [])]
    reduced = sorted(str(a[0]) for a in atoms.get("member_count_reduced_by/1", []))
    return {
        "outcome": outcome,
        "successor": successor if outcome == "successor" else None,
        "successor_nomination": successor_nom if outcome == "successor" else None,
        "lot_between": lot_between,
        "referred_to": texts.citation(referred[0]) if referred else None,
        "member_count_reduced": bool(atoms.get("member_count_reduced/0")),
        "member_count_norm": texts.citation(reduced[0]) if reduced else None,
    }


def _gap_cause(outcome: str, atoms: dict) -> dict:
    """Why an undetermined outcome decides nothing (core/output.lp gap_cause/2): the statute is silent,
    the matter is outside the encoding, or the case lacks or contradicts a fact; the first by name."""
    causes = sorted((str(c), str(s)) for c, s in atoms.get("gap_cause/2", []))
    if outcome != "undetermined" or not causes:
        return {}
    return {"gap_cause": {"cause": causes[0][0], "scope": causes[0][1]}}


def _kind_of_election(outcome: str, atoms: dict) -> dict:
    """Which election a by_election is (M-V § 44 Abs. 3 Neuwahl, § 44 Abs. 5 Ergänzungswahl)."""
    return (
        {"by_election_kind": str(atoms["by_election_kind/1"][0][0])}
        if outcome == "by_election" and atoms.get("by_election_kind/1")
        else {}
    )


@dataclasses.dataclass
class _Walk:
    """What the atoms say of the persons the walk listed: their order, pools, status, reasons, and the
    facts about them a sentence may use."""

    listed: list  # listed/4 in the walk's order (pool, rank, then the step of a chain)
    step_of: dict  # persons sharing a rank: their order (e.g. steps of a chain)
    lot_between: list  # tied persons in the order they are listed (pool, then rank)
    pools: dict  # pool -> (nomination, key, norm)
    shown: dict  # pools listed with --all-candidates though not reached: rows, but no ground
    status: dict
    reasons: dict  # (person, nomination) -> [(code, norm, day)]
    about: dict  # (person, nomination) -> {"about_<key>": value}
    text_variant: dict  # a person may have several; the first with a text wins

    @classmethod
    def of(cls, case: Case, texts: Texts, atoms: dict) -> _Walk:
        step_of: dict[tuple, object] = {}
        for p, n, key, value in atoms.get("about/4", []):
            if key == "step":
                step_of[(p, n)] = value
        reasons: dict[tuple, list] = {}
        for p, n, code, norm, day in atoms.get("reason/5", []):
            reasons.setdefault((p, n), []).append((str(code), norm, day))
        about, text_variant = _about(case, texts, atoms)
        status = {(p, n): s for p, n, s in atoms.get("status/3", [])}
        # persons sharing a rank: a step of a chain first, then who is passed over before who is reached
        # (the equal count or place does not matter for him) and who stands behind last
        share = {"skipped": 0, "successor": 1, "tied": 1}
        return cls(
            listed=sorted(
                atoms.get("listed/4", []),
                key=lambda a: (a[0], a[1], step_of.get((a[2], a[3]), 0), share.get(str(status.get((a[2], a[3]))), 2)),
            ),
            step_of=step_of,
            lot_between=_lot_between(atoms, step_of),
            pools={k: (n, key, norm) for k, n, key, norm in atoms.get("pool/4", [])},
            shown={k: (n, key, norm) for k, n, key, norm in atoms.get("shown_pool/4", [])},
            status=status,
            reasons=reasons,
            about=about,
            text_variant=text_variant,
        )


def _lot_between(atoms: dict, step_of: dict) -> list:
    """The persons a lot is drawn between, in the order they are listed (pool, then rank)."""
    place: dict[str, tuple] = {}
    for k, r, p, n in atoms.get("listed/4", []):
        place[p] = min(place.get(p, (k, r, step_of.get((p, n), 0))), (k, r, step_of.get((p, n), 0)))
    return sorted((a[0] for a in atoms.get("lot_between/1", [])), key=lambda p: place.get(p, (0, 0)))


def _about(case: Case, texts: Texts, atoms: dict) -> tuple[dict, dict]:
    """The facts about a listed person a sentence may use (``about_<key>``), and his text variants."""
    about: dict[tuple, dict] = {}
    text_variant: dict[tuple, list[str]] = {}
    for p, n, key, value in sorted(atoms.get("about/4", []), key=lambda a: str(a[3])):
        if key == "variant":
            text_variant.setdefault((p, n), []).append(str(value))
            continue
        if key == "step":
            continue
        if str(key).endswith("_day") and isinstance(value, int):  # a date as running text
            value = long_date(from_int(value), texts.lang)
        elif isinstance(value, str):
            value = case.display(value)
        about.setdefault((p, n), {})[f"about_{key}"] = value
    return about, text_variant


def _lot_date(case: Case, step: Step, successor, lot_between: list, lang: str) -> str | None:
    """The day the lot for the successor was drawn (in running text), where one decided it."""
    if not (successor and lot_between):
        return None
    proc = step.procedure
    draws = [
        e for e in case.events if e.type == "lot_drawn" and e.person == successor and proc.date <= e.date <= step.date
    ]
    return long_date(draws[-1].date, lang) if draws else None


def _candidates(case: Case, texts: Texts, step: Step, walk: _Walk, successor, lot_date: str | None) -> list[dict]:
    """One row for each listed person, in the walk's order."""
    candidates = []
    tied = set(walk.lot_between)
    tied_rank = None
    for index, (k, r, p, n) in enumerate(walk.listed, 1):
        st = str(walk.status.get((p, n), "behind"))
        this_rank = index
        if p in tied and st in ("tied", "successor"):
            tied_rank = tied_rank or index  # tied persons share the rank of the first of them
            this_rank = tied_rank
        candidates.append(_candidate(case, texts, step, walk, (k, p, n), st, this_rank, successor, lot_date))
    return candidates


def _candidate(
    case: Case, texts: Texts, step: Step, walk: _Walk, row: tuple, st: str, rank: int, successor, lot_date: str | None
) -> dict:
    """The row of one listed person: passed over (with the reason) or reached (with his pool's norm)."""
    k, p, n = row
    proc = step.procedure
    cand = case.candidate(n, p)
    pool_nom, key, pool_norm = walk.pools[k] if k in walk.pools else walk.shown[k]
    ctx = dict(
        person=case.display(p),
        nomination=nom_name(case, n),
        votes=texts.votes(cand.votes),
        position=cand.position,
        key_phrase=KEY_PHRASE[texts.lang].get(str(key), str(key)),
        lot_phrase=texts.label("lot_won", date=lot_date) if (lot_date and p == successor) else "",
        departed=case.display(proc.holding.person),
        **walk.about.get((p, n), {}),
    )
    entry = {"person": p, "nomination": n, "rank": rank, "status": st}
    if st == "skipped":
        _passed_over(entry, case, texts, step, walk, ctx)
    else:
        kind = {"successor": "successor", "tied": "tied"}.get(st, "behind")
        keys = [f"{kind}@{pool_norm}#{v}" for v in walk.text_variant.get((p, n), [])] + [
            f"{kind}@{pool_norm}#{key}",
            f"{kind}@{pool_norm}",
            f"{kind}@any",
            kind,
        ]
        entry.update(norm=pool_norm, citation=texts.citation(pool_norm), explanation=texts.sentence(keys, **ctx))
    # an Ersatzbewerber on the list only by his designation has no list place (NRW § 16 Abs. 2)
    entry.update(votes=cand.votes, position=None if cand.designated_only else cand.position)
    return entry


def _passed_over(entry: dict, case: Case, texts: Texts, step: Step, walk: _Walk, ctx: dict) -> None:
    """A person passed over: the first reason (in REASON_ORDER) with its norm and date, the others beside it."""
    p, n = entry["person"], entry["nomination"]
    rs = sorted(
        walk.reasons.get((p, n), []), key=lambda t: (REASON_ORDER.index(t[0]) if t[0] in REASON_ORDER else 99, t[1])
    )
    code, norm, day = rs[0]
    sits_through = step.sitting.get(p)
    ctx.update(
        date=long_date(from_int(day), texts.lang) if day else "?",
        other=nom_name(case, sits_through.via_nomination) if sits_through else "?",
    )
    keys = [f"{code}@{norm}#{v}" for v in walk.text_variant.get((p, n), [])] + [f"{code}@{norm}", code]
    if day:  # the date of the event the reason rests on (a declaration, a death ...)
        entry["reason_date"] = iso(day)
    entry.update(
        reason=code,
        reasons=list(dict.fromkeys(t[0] for t in rs)),
        norm=norm,
        citation=texts.citation(norm),
        explanation=texts.sentence(keys, **ctx),
    )
    if len(rs) > 1:
        _further_norms(entry, rs, texts, ctx)


def _further_norms(entry: dict, rs: list, texts: Texts, ctx: dict) -> None:
    """Every norm a person is passed over by; what a further norm adds (e.g. BB § 61 Abs. 1: out for the
    whole period) is said too, where the catalogue words it (``<reason>@<norm>#also``)."""
    norm = entry["norm"]
    entry["norms"] = [{"reason": c, "norm": nm, "citation": texts.citation(nm)} for c, nm, _ in rs]
    more = [
        texts.sentence([f"{c}@{nm}#also"], **{**ctx, "date": long_date(from_int(d), texts.lang) if d else "?"})
        for c, nm, d in rs[1:]
        if nm != norm
    ]
    more = [m for m in dict.fromkeys(more) if m and m != entry["explanation"]]
    if more:
        entry["explanation"] += " " + " ".join(more)


def _grounds(case: Case, texts: Texts, atoms: dict, outcome: str, pools: dict) -> tuple[list[dict], dict | None]:
    """The grounds of the walk in their places, and the first ground of the outcome itself."""
    variants = {(k, str(norm)): str(v) for k, norm, v in atoms.get("ground_variant/3", [])}
    nomination_ids = {n.id for n in case.nominations}
    grounds = []
    outcome_ground = None
    for k, norm, subject in sorted(atoms.get("ground/3", []), key=lambda a: (a[0], a[1])):
        kind = "ground" if k < 90 else ("outcome" if k < 95 else "membership")
        # places 10 * K hold the ordering of pool K (core/walk.lp)
        key_of_pool = pools[k // 10][1] if k % 10 == 0 and k // 10 in pools and k < 90 else None
        ctx = dict(
            subject=_subject(case, subject, nomination_ids), key_phrase=KEY_PHRASE[texts.lang].get(str(key_of_pool), "")
        )
        # the outcome's own wording (referred, undetermined, not applicable) is for the grounds of that
        # outcome, never for the ordering of a pool that was walked before it
        keys = (
            [f"ground-{outcome}@{norm}", f"{kind}@{norm}"]
            if outcome in ("not_applicable", "referred", "undetermined") and key_of_pool is None
            else [f"{kind}@{norm}#{key_of_pool}", f"{kind}@{norm}#{subject}", f"{kind}@{norm}"]
        )
        if (k, norm) in variants:
            keys.insert(0, f"{kind}@{norm}#{variants[(k, norm)]}")
        grounds.append({"norm": norm, "citation": texts.citation(norm), "explanation": texts.sentence(keys, **ctx)})
        if kind == "outcome" and outcome_ground is None:
            outcome_ground = grounds[-1]
    return grounds, outcome_ground


def _subject(case: Case, x, nomination_ids: set[str]) -> str:
    """A ground's subject in words: a nomination (or group) by name, a person by name, a constant as nothing."""
    if isinstance(x, GroupRef) or (not isinstance(x, Const) and x in nomination_ids):
        return nom_name(case, x)
    return "" if isinstance(x, Const) else case.display(x)


def _trigger_grounds(case: Case, statute: Statute, texts: Texts, proc: Procedure, atoms: dict) -> list[dict]:
    """Why the seat fell vacant: the statute's own norms first, then those outside its section."""
    ev = proc.event
    trigger_grounds = []
    ground_text = next((e.ground for e in case.events if e.seq == ev.seq), None)
    own_first = lambda a: (a[0] in statute.norms and statute.norms[a[0]].outside_section, a[0])
    trigger_variants = {str(norm): str(v) for norm, v in atoms.get("trigger_variant/2", [])}
    for (norm,) in sorted(atoms.get("trigger_ground/1", []), key=own_first):
        ctx = dict(
            departed=case.display(proc.holding.person),
            date=long_date(ev.date, texts.lang),
            trigger_phrase=TRIGGER_PHRASE[texts.lang].get(proc.trigger, proc.trigger),
            ground_phrase=f" ({ground_text})" if ground_text else "",
        )
        keys = [f"trigger@{norm}#{trigger_variants[norm]}"] if norm in trigger_variants else []
        trigger_grounds.append(
            {
                "norm": norm,
                "citation": texts.citation(norm),
                "explanation": texts.sentence(keys + [f"trigger@{norm}"], **ctx),
            }
        )
    return trigger_grounds


def _notes(case: Case, texts: Texts, atoms: dict) -> list[dict]:
    """The statute's remarks on this walk, each with the persons it is about."""
    about_note: dict[str, list[str]] = {}
    for code, person in sorted(atoms.get("note_about/2", [])):
        about_note.setdefault(str(code), []).append(person)
    notes = []
    for code, norm in sorted(atoms.get("note/2", [])):
        persons = about_note.get(str(code), [])
        note = {
            "code": str(code),
            "norm": norm,
            "citation": texts.citation(norm),
            "explanation": texts.sentence([f"note@{code}"], persons=", ".join(case.display(p) for p in persons)),
        }
        if persons:
            note["persons"] = persons
        notes.append(note)
    return notes


def _membership(atoms: dict) -> dict:
    """The successor's membership: when he was notified, his deadline, its status, from when he sits."""
    m = {str(f): v for f, v in atoms.get("membership/2", [])}
    membership = {
        "notified": iso(m.get("notified")),
        "deadline": iso(m.get("deadline")),
        "status": str(m.get("status", "pending")),
        "member_from": iso(m.get("member_from")),
        "unnotified": m.get("unnotified")
        if isinstance(m.get("unnotified"), int)
        else str(m.get("unnotified") or "") or None,
    }
    if "earliest_determination" in m:  # Hessen from 2011: no Feststellung recorded
        membership["earliest_determination"] = iso(m["earliest_determination"])
    return membership


def nom_name(case: Case, nid) -> str:
    """A nomination (or a group of them) by the name the case gives it."""
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


def iso_day(day: dt.date | None) -> str | None:
    return day.isoformat() if day else None


def parse_day(text: str | None) -> dt.date | None:
    return dt.date.fromisoformat(text) if text else None


def finish_determination(proc: Procedure, texts: Texts, unnotified: str, case: Case | None = None) -> dict:
    """The determination of a procedure: its last walk, with the calls it made."""
    decision = proc.decision
    assert decision is not None  # only decided procedures are finished (determine_case)
    det = dict(cast(dict, decision.payload))  # _decision keeps the determination as its payload
    det["calls"] = [
        {
            "person": c.person,
            "nomination": c.nomination,
            "from": c.start.isoformat(),
            "ended": iso_day(c.ended),
            "how": c.how,
        }
        for c in proc.calls
    ]
    if det.get("membership") is not None:
        det["membership"] = _finished_membership(det, proc, texts, unnotified, case)
    if proc.recorded_call is not None:
        det["recorded_call"] = proc.recorded_call.person
        last = proc.calls[-1] if proc.calls else None
        if (
            last is not None
            and last.person == proc.recorded_call.person
            and last.how is None
            and det["successor"] != last.person
        ):
            _record_stands(det, proc, last, texts)
    return det


def _finished_membership(det: dict, proc: Procedure, texts: Texts, unnotified: str, case: Case | None) -> dict:
    """The membership with the assumption that stood in for the notification, and a deadline's move."""
    membership = dict(det["membership"])
    assumed = membership.pop("unnotified", None)
    if assumed:  # say which assumption stood in for the notification (the statute's own, or the reading's)
        membership["assumption"] = texts.label(f"unnotified_{unnotified if assumed == 1 else assumed}")
    # a deadline moved by BGB § 193: the weekend day or public holiday (by name) that moved it
    own_call = [c for c in proc.calls if c.person == det.get("successor")]
    start = parse_day(membership.get("notified")) or (own_call[-1].start if own_call else None)
    moved = deadline_moved(
        start, parse_day(membership.get("deadline")), texts.statute.land, case.holidays if case else (), texts.lang
    )
    if moved:
        membership["deadline_moved"] = moved
    return membership


def _record_stands(det: dict, proc: Procedure, call, texts: Texts) -> None:
    """The office called another person than the statute's walk: the record stands. The determination
    names him as successor, with his own period; the person the walk reached is shown behind him."""
    det.update(
        outcome="successor",
        successor=call.person,
        successor_nomination=call.nomination,
        lot_between=[],
        referred_to=None,
        member_count_reduced=False,
        member_count_norm=None,
    )
    for row in det["candidates"]:
        if row["status"] in ("successor", "tied"):
            row["status"] = "behind"
    ground = (det["grounds"] or [det.get("outcome_ground") or {}])[0]
    det["candidates"].append(
        {
            "person": call.person,
            "nomination": call.nomination,
            "rank": max((row["rank"] for row in det["candidates"]), default=0) + 1,
            "status": "successor",
            "norm": ground.get("norm", ""),
            "citation": ground.get("citation", ""),
            "explanation": texts.label("recorded_successor", date=long_date(call.start, texts.lang)),
        }
    )
    recorded = proc.recorded_membership or {}
    seated = proc.state == "ended"
    status = (
        "determined"
        if recorded.get("deadline") is None and seated
        else "accepted"
        if seated and recorded.get("accepted")
        else "deemed_accepted"
        if seated
        else "pending"
    )
    det["membership"] = {
        "notified": iso_day(recorded.get("notified")),
        "deadline": iso_day(recorded.get("deadline")),
        "status": status,
        "member_from": iso_day(proc.ended_on) if seated else None,
    }

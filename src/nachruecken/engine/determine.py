"""Decide a case: replay its vacancies, solve each with the statute encoding, build the JSON.

The shape of the result is the contract of DESIGN.md ("Results"); keys beyond it are
additions (``trigger_grounds``, ``notes``, and ``votes``/``position``/``norms`` on candidates).
"""

from __future__ import annotations

import dataclasses
import functools
import datetime as dt

from nachruecken import FORMAT_VERSION, __version__
from nachruecken.law.dates import deadline_moved, from_int, iso, long_date, to_int
from nachruecken.law.texts import KEY_PHRASE, REASON_ORDER, REPLAY_WARNINGS, TRIGGER_PHRASE, Texts
from nachruecken.engine.composition import composition
from nachruecken.engine import window
from nachruecken.engine.facts import ALL_ORDERS, Ids, case_text, step_text
from nachruecken.engine.ledger import Decision, LedgerRules, Procedure, Step, effective_events, run_ledger
from nachruecken.case.model import Case
from nachruecken.case.plausibility import case_warnings, departure_hint, result_warnings
from nachruecken.engine.solver import Const, GroupRef, solve_atoms
from nachruecken.errors import InputError
from nachruecken.law.statutes import (
    STATE_OF, VERSIONS, Statute, load_statute, reading_state, resolve_statute_spec, version_on, versions_of,
)
from nachruecken.law.versions import basis_text, straddling, version_summary, version_warnings
from nachruecken.law.wording import localize_all


@dataclasses.dataclass
class _Version:
    """One encoded text as a case applies it: its readings, texts and static facts."""

    statute: Statute
    readings: dict[str, str]
    ignored: set[str]
    texts: Texts
    static: str | None = None  # the case's static facts under this text's readings (made when first needed)
    ranked: dict | None = None  # the case's orderings under this text (window.rankings)
    window: object = None  # the window the static facts hold (window.Window), None: everyone
    full: str | None = None  # the static facts of everyone, where a windowed walk must be repeated


def determine_case(case: Case, statute_id: str | None = None, cli_readings: dict[str, str] | None = None,
                   lang: str = "en", all_candidates: bool = False,
                   option_names: tuple[str, str] = ("--statute", "--reading"),
                   file_order_warnings: bool = True, windowed: bool = True) -> dict:
    """Every vacancy of the case decided. ``option_names`` name the statute and readings given
    beside the case in errors (the CLI's flags, or the API's parameters). Without
    ``file_order_warnings`` no warning says what another file order of one date's vacancies would
    give (it replays the term again; the consistency checks compare determinations only). Without
    ``windowed`` every walk is handed every candidate (src/nachruecken/engine/window.py; the result is the
    same, which tests/test_window.py checks)."""
    statute_opt, readings_opt = option_names
    spec = resolve_statute_spec(statute_id, path=statute_opt) if statute_id else case.statute
    state = STATE_OF[versions_of(spec)[0]]
    # a reading of another state: an error where the user gave it for this decision; the case's own
    # readings are set aside (with a warning) when the case is decided under another state's statute
    _refuse_foreign_readings(cli_readings or {}, state, spec, readings_opt)
    # (only ids of another known state; a typo stays for resolve_readings to refuse)
    foreign = {rid: v for rid, v in case.readings.items()
               if reading_state(rid) in VERSIONS and reading_state(rid) != state}
    if not statute_id:
        _refuse_foreign_readings(foreign, state, spec, "readings")
    case_readings = {rid: v for rid, v in case.readings.items() if rid not in foreign}
    q = Ids()
    # every version's readings are resolved first: an unknown reading is an input error before any work
    versions: dict[str, _Version] = {}
    for sid in versions_of(spec):
        statute = load_statute(sid)
        ignored: set[str] = set()
        readings = statute.resolve_readings(case_readings, source="readings", ignored=ignored)
        if cli_readings:
            readings = statute.resolve_readings(readings, cli_readings, source=readings_opt, ignored=ignored)
        versions[sid] = _Version(statute, readings, ignored, Texts(statute, lang, readings))

    def version_of(day: dt.date | None) -> tuple[_Version, str]:
        sid, basis = version_on(spec, day)
        return versions[sid], basis

    # the rules before any vacancy (an elected person's period) are those of the text in force at the election
    first_day = case.election_date or min((e.date for e in case.events), default=None)
    at_election, _ = version_of(first_day)
    rules = _ledger_rules(at_election.statute.id, tuple(sorted(at_election.readings.items())))
    # from when a refusal is a waiver of the Anwartschaft for good (the first text that says so)
    for sid, version in versions.items():
        if _ledger_rules(sid, tuple(sorted(version.readings.items()))).refusal_waives_from is not None:
            start = version.statute.in_force_from if spec in VERSIONS else None
            rules = dataclasses.replace(rules, refusal_waives_from=start or dt.date.min)
            break
    land = at_election.statute.land
    as_of_day = case.as_of or max((e.date for e in effective_events(case, rules)), default=None)
    as_of = to_int(as_of_day) if as_of_day else 0
    applied: dict[int, tuple] = {}  # procedure index -> (statute, basis)
    # which day's text a step applies: the day the seat fell vacant (default), or the step's own day
    version_date = at_election.readings.get("core.version_date", "vacancy_day")

    def make_decide(mode: str, record: dict | None):
        def decide(step: Step) -> Decision:
            day = step.procedure.date if mode == "vacancy_day" else step.date
            version, basis = version_of(day)
            if version.static is None:
                orders = version.statute.orders_under(version.readings)
                version.ranked = window.rankings(case, orders or ALL_ORDERS)
                if windowed and version.statute.windowed and not all_candidates:
                    version.window = window.build(case, version.ranked)
                version.static = case_text(case, version.readings, orders, q, version.ranked,
                                           version.window.keep if version.window else None)
                if version.window is None:
                    version.full = version.static
            if record is not None:
                record[step.procedure.index] = (version.statute, basis)
            facts = step_text(case, step, as_of, land, q, rules.period_shift)
            atoms = solve_atoms(version.statute.id, version.static + "\n" + facts, all_candidates)
            if version.window is not None and not window.accepts(version.window, atoms):
                if version.full is None:  # the walk reached past the window: again with everyone
                    version.full = case_text(case, version.readings, None, q, version.ranked)
                atoms = solve_atoms(version.statute.id, version.full + "\n" + facts, all_candidates)
            det = _determination(case, version.statute, version.texts, step, atoms)
            det["readings"] = version.readings
            det["version_basis"] = basis_text(lang, basis if mode == "vacancy_day" or basis in ("pinned", "only")
                                              else f"{basis}_step", version.statute, day)
            return _decision(det, atoms)
        return decide

    decide = make_decide(version_date, applied)

    unnotified = at_election.readings.get("core.unnotified", "declaration_in_time")
    ledger = run_ledger(case, decide, land, unnotified, rules)
    if file_order_warnings:
        ledger.warnings += _file_order_warnings(case, ledger, decide, land, unnotified, rules)
    wanted = set(case.vacancy) if case.vacancy is not None else None
    decided = [proc for proc in ledger.procedures if proc.decision is not None]
    determinations = [_finish(proc, versions[applied[proc.index][0].id].texts, unnotified, case) for proc in decided
                      if wanted is None or proc.holding.person in wanted]
    codes = (case_warnings(case) + [departure_hint(code, params, case) for code, params in ledger.warnings]
             + ([] if ledger.procedures else [("nothing", {})]) + _period_warnings(case, ledger)
             + result_warnings(case, determinations))
    if foreign:
        codes.append(("readings_set_aside", {"readings": ", ".join(f"{k}={v}" for k, v in foreign.items()),
                                             "spec": spec}))
    if wanted is not None:
        codes += [("vacancy_not_vacated", {"person": p}) for p in case.vacancy
                  if not any(d["vacancy"] == p for d in determinations)]
    used = list(dict.fromkeys(applied[proc.index][0].id for proc in decided)) or [at_election.statute.id]
    main = versions[used[0]]
    applied_list = [(proc, *applied[proc.index]) for proc in decided]
    # a procedure across a change of the law: what the other reading of core.version_date gives
    alternative = {}
    if spec in VERSIONS and straddling(applied_list, as_of_day):
        other_mode = "step_day" if version_date == "vacancy_day" else "vacancy_day"
        other = run_ledger(case, make_decide(other_mode, None), land, unnotified, rules)
        alternative = {(p.holding.person, p.date): (p.decision.outcome, p.decision.successor)
                       for p in other.procedures if p.decision is not None}
    warnings = version_warnings(spec, case.election_date, applied_list,
                                {sid: versions[sid].ignored for sid in used}, lang, as_of_day,
                                alternative, version_date)
    warnings += [_caveat(versions[sid].statute, lang) for sid in used
                 if versions[sid].statute.version_caveat and ledger.procedures]
    # a ledger warning in the words of the text in force on its date (e.g. the form a Verzicht needs)
    warnings += [_warning(version_of(_day(params["date"]) if "date" in params else None)[0].statute
                          if spec in VERSIONS else main.statute, lang, code, params) for code, params in codes]
    # remarks an officer must not miss are repeated among the case's warnings
    seat_of = "Sitz von" if lang == "de" else "seat of"
    warnings += [f"{seat_of} '{d['vacancy']}': {n['explanation']}" for d in determinations
                 for n in d["notes"] if n["code"] in WARNING_NOTES]
    readings: dict[str, str] = {}
    for sid in used:
        readings.update(versions[sid].readings)
    return {
        "format_version": FORMAT_VERSION, "nachruecken_version": __version__,
        "case": case.file, "input_sha256": case.input_sha256, "title": case.title,
        "statute": spec, "statute_version": version_summary(lang, [versions[sid].statute for sid in used]),
        "readings": readings,
        "warnings": localize_all(warnings, lang),
        "determinations": localize_all(determinations, lang),
        "composition": composition(case, ledger),
    }


def _refuse_foreign_readings(readings: dict[str, str], state: str, spec: str, source: str) -> None:
    for rid in readings:
        other = reading_state(rid)
        if other not in (state, "core") and other in VERSIONS:
            raise InputError(f"reading '{rid}' belongs to {load_statute(VERSIONS[other][0]).state['en']} ({other}); "
                             f"this case is decided under {spec} ({load_statute(VERSIONS[state][0]).state['en']})",
                             f"{source}.{rid}")


def _decision(det: dict, atoms: dict) -> Decision:
    """What the ledger needs of a determination."""
    m = det["membership"] or {}
    return Decision(det["outcome"], det["successor"], det["successor_nomination"], det,
                    member_from=_day(m.get("member_from")), deadline=_day(m.get("deadline")),
                    status=m.get("status"), assumed=m.get("status") == "determined" and "earliest_determination" in m,
                    fails_by=frozenset(str(a[0]) for a in atoms.get("call_fails_by/1", [])),
                    pending_excluded=bool(atoms.get("pending_excluded/0")),
                    lot_between=tuple(det["lot_between"]),
                    keeps_seat=bool(atoms.get("holder_keeps_seat/0")))


def _period_warnings(case: Case, ledger) -> list[tuple[str, dict]]:
    """A period start that cannot be right: before the election, or after a vacancy of the term."""
    start = case.body_period_start
    if start is None:
        return []
    out = []
    if case.election_date is not None and start < case.election_date:
        out.append(("period_start_before_election", {"date": start.isoformat(),
                                                     "election": case.election_date.isoformat()}))
    # (a refusal of the election before the period starts is what the start is for, NRW § 36 Satz 2)
    early = [p for p in ledger.procedures if p.date < start and p.trigger != "refused"]
    if early:
        out.append(("period_start_after_vacancy", {"date": start.isoformat(), "person": early[0].holding.person,
                                                   "vacancy": early[0].date.isoformat()}))
    return out


def _caveat(statute: Statute, lang: str) -> str:
    text = statute.version_caveat[lang]
    return text[0].upper() + text[1:] + "."


@functools.cache
def _ledger_rules(sid: str, readings: tuple) -> LedgerRules:
    """What a statute says before any vacancy, asked of its encoding with no vacancy at all (cached):
    what fails a call holds for an elected person's declaration within his period too (a
    reservation that counts as refusal refuses the election), which events vacate a seat before
    acceptance, and whether periods move under BGB § 193."""
    q = Ids()
    facts = "\n".join(f"reading({q(rid)},{value})." for rid, value in readings)
    atoms = solve_atoms(sid, facts)
    fails = {str(a[0]) for a in atoms.get("call_fails_by/1", [])}
    return LedgerRules(reservation_refuses="reservation" in fails, call_fails_by=frozenset(fails),
                       members_at_election=bool(atoms.get("elected_member_at_election/0")),
                       refusal_waives_from=dt.date.min if atoms.get("refusal_waives_anwartschaft/0") else None,
                       candidate_waiver=bool(atoms.get("candidate_waiver/0")),
                       verzicht_with_determination=bool(atoms.get("verzicht_with_determination/0")),
                       members_from_period_start=bool(atoms.get("elected_member_from_period_start/0")),
                       verzicht_recorded_only=bool(atoms.get("verzicht_recorded_only/0")),
                       waiver_in_call_refuses=bool(atoms.get("waiver_in_call_refuses/0")),
                       vacates_before_acceptance=frozenset(str(a[0]) for a in atoms.get("vacates_before_acceptance/1", [])),
                       period_shift=not atoms.get("period_rule/1"),
                       uncleared_refuses=bool(atoms.get("deemed_refusal_unless_cleared/0")))


def default_ledger_rules(sid: str) -> LedgerRules:
    """What a statute says before any vacancy under its default readings (for `nachruecken statutes`)."""
    statute = load_statute(sid)
    return _ledger_rules(sid, tuple(sorted(statute.resolve_readings().items())))


# statute notes that are also case warnings: the data, not the law, decides the outcome, or a fact
# outside the case may change it
WARNING_NOTES = frozenset({"no_vote_count_decides", "former_member_called"})


def _warning(statute: Statute, lang: str, code: str, params: dict) -> str:
    """A ledger warning in words; a statute's catalogue may say it in its own terms
    (texts ``warning@<code>``, e.g. the form a Verzicht on the seat needs there)."""
    template = statute.texts.get(f"warning@{code}", {}).get(lang) or REPLAY_WARNINGS[lang][code]
    # dates as running text ("31 August 2023", "31. August 2023")
    words = {k: long_date(dt.date.fromisoformat(v), lang) if k in ("date", "since", "vacancy", "election", "assumed", "until") and v
             else v for k, v in params.items()}
    since = words.get("since")
    since_on = (f" am {since}" if lang == "de" else f" on {since}") if since else ""
    return template.format(**words, since_on=since_on)


def _file_order_warnings(case: Case, ledger, decide, land: str, unnotified: str,
                         rules: LedgerRules = LedgerRules()) -> list[tuple[str, dict]]:
    """Vacancies of one date are decided in file order; where that order decides who gets which
    seat, say what the other order would give (the seats' vacating events in reverse)."""
    out = []
    by_date: dict = {}
    for proc in ledger.procedures:
        if proc.event.file_index >= 0:
            by_date.setdefault(proc.date, []).append(proc)
    for day, procs in by_date.items():
        if len(procs) < 2:
            continue
        mine = [p.event for p in procs]
        swapped = iter(reversed(mine))
        events = [next(swapped) if e in mine else e for e in case.events]
        events = [dataclasses.replace(e, seq=i) for i, e in enumerate(events, 1)]
        other = run_ledger(dataclasses.replace(case, events=events), decide, land, unnotified, rules)
        got = {p.holding.person: p.decision.successor for p in procs if p.decision}
        alt = {p.holding.person: p.decision.successor for p in other.procedures
               if p.date == day and p.decision and p.holding.person in got}
        if alt != got:
            text = ", ".join(f"{k} -> {alt.get(k) or '-'}" for k in got)
            out.append(("file_order_decides", {"date": day.isoformat(), "other": text}))
    return out


def _iso_day(day: dt.date | None) -> str | None:
    return day.isoformat() if day else None


def _day(text: str | None) -> dt.date | None:
    return dt.date.fromisoformat(text) if text else None


def _finish(proc: Procedure, texts: Texts, unnotified: str, case: Case | None = None) -> dict:
    """The determination of a procedure: its last walk, with the calls it made."""
    det = dict(proc.decision.payload)
    det["calls"] = [{"person": c.person, "nomination": c.nomination, "from": c.start.isoformat(),
                     "ended": _iso_day(c.ended), "how": c.how} for c in proc.calls]
    membership = det.get("membership")
    if membership is not None:
        membership = det["membership"] = dict(membership)
        assumed = membership.pop("unnotified", None)
        if assumed:  # say which assumption stood in for the notification (the statute's own, or the reading's)
            membership["assumption"] = texts.label(f"unnotified_{unnotified if assumed == 1 else assumed}")
        # a deadline moved by BGB § 193: the weekend day or public holiday (by name) that moved it
        own_call = [c for c in proc.calls if c.person == det.get("successor")]
        start = _day(membership.get("notified")) or (own_call[-1].start if own_call else None)
        moved = deadline_moved(start, _day(membership.get("deadline")), texts.statute.land,
                               case.holidays if case else (), texts.lang)
        if moved:
            membership["deadline_moved"] = moved
    if proc.recorded_call is not None:
        det["recorded_call"] = proc.recorded_call.person
        last = proc.calls[-1] if proc.calls else None
        if last is not None and last.person == proc.recorded_call.person and last.how is None \
                and det["successor"] != last.person:
            _record_stands(det, proc, last, texts)
    return det


def _record_stands(det: dict, proc: Procedure, call, texts: Texts) -> None:
    """The office called another person than the statute's walk: the record stands. The determination
    names him as successor, with his own period; the person the walk reached is shown behind him."""
    det.update(outcome="successor", successor=call.person, successor_nomination=call.nomination, lot_between=[],
               referred_to=None, member_count_reduced=False)
    for row in det["candidates"]:
        if row["status"] in ("successor", "tied"):
            row["status"] = "behind"
    ground = (det["grounds"] or [det.get("outcome_ground") or {}])[0]
    det["candidates"].append({
        "person": call.person, "nomination": call.nomination,
        "rank": max((row["rank"] for row in det["candidates"]), default=0) + 1, "status": "successor",
        "norm": ground.get("norm", ""), "citation": ground.get("citation", ""),
        "explanation": texts.label("recorded_successor", date=long_date(call.start, texts.lang))})
    recorded = proc.recorded_membership or {}
    seated = proc.state == "ended"
    status = ("determined" if recorded.get("deadline") is None and seated else
              "accepted" if seated and recorded.get("accepted") else "deemed_accepted" if seated else "pending")
    det["membership"] = {"notified": _iso_day(recorded.get("notified")), "deadline": _iso_day(recorded.get("deadline")),
                         "status": status, "member_from": _iso_day(proc.ended_on) if seated else None}


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


def _determination(case: Case, statute: Statute, texts: Texts, step: Step, atoms: dict) -> dict:
    proc = step.procedure
    outcomes = [a[0] for a in atoms.get("outcome/1", [])]
    if len(outcomes) != 1:
        from nachruecken.engine.solver import EncodingError

        raise EncodingError(f"{statute.id}: expected one outcome for the seat of '{proc.holding.person}', got {outcomes}")
    outcome = str(outcomes[0])
    succ = atoms.get("successor/2", [])
    if len(succ) > 1:  # a statute names one successor; two are a fault of the encoding, never a choice
        from nachruecken.engine.solver import EncodingError

        raise EncodingError(f"{statute.id}: expected one successor for the seat of '{proc.holding.person}', "
                            f"got {sorted(str(p) for p, _ in succ)}")
    successor, successor_nom = (succ[0] if succ else (None, None))
    # tied persons in the order they are listed (pool, then rank)
    step_of: dict[tuple, object] = {}  # persons sharing a rank: their order (e.g. steps of a chain)
    for p, n, key, value in atoms.get("about/4", []):
        if key == "step":
            step_of[(p, n)] = value
    place: dict[str, tuple] = {}
    for k, r, p, n in atoms.get("listed/4", []):
        place[p] = min(place.get(p, (k, r, step_of.get((p, n), 0))), (k, r, step_of.get((p, n), 0)))
    lot_between = sorted((a[0] for a in atoms.get("lot_between/1", [])), key=lambda p: place.get(p, (0, 0)))
    pools = {k: (n, key, norm) for k, n, key, norm in atoms.get("pool/4", [])}
    # pools listed with --all-candidates though not reached: rows, but no ground
    shown = {k: (n, key, norm) for k, n, key, norm in atoms.get("shown_pool/4", [])}
    variants = {(k, str(norm)): str(v) for k, norm, v in atoms.get("ground_variant/3", [])}
    status = {(p, n): s for p, n, s in atoms.get("status/3", [])}
    reasons: dict[tuple, list] = {}
    for p, n, code, norm, day in atoms.get("reason/5", []):
        reasons.setdefault((p, n), []).append((str(code), norm, day))
    lot_date = None
    if successor and lot_between:
        draws = [e for e in case.events if e.type == "lot_drawn" and e.person == successor
                 and proc.date <= e.date <= step.date]
        lot_date = long_date(draws[-1].date, texts.lang) if draws else None

    about: dict[tuple, dict] = {}
    text_variant: dict[tuple, list[str]] = {}  # a person may have several; the first with a text wins
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
    candidates = []
    tied = set(lot_between)
    tied_rank = None
    for index, (k, r, p, n) in enumerate(sorted(atoms.get("listed/4", []),
                                                 key=lambda a: (a[0], a[1], step_of.get((a[2], a[3]), 0))), 1):
        st = str(status.get((p, n), "behind"))
        this_rank = index
        if p in tied and st in ("tied", "successor"):
            tied_rank = tied_rank or index  # tied persons share the rank of the first of them
            this_rank = tied_rank
        cand = case.candidate(n, p)
        pool_nom, key, pool_norm = pools[k] if k in pools else shown[k]
        ctx = dict(person=case.display(p), nomination=_nom_name(case, n), votes=texts.votes(cand.votes),
                   position=cand.position, key_phrase=KEY_PHRASE[texts.lang].get(str(key), str(key)),
                   lot_phrase=texts.label("lot_won", date=lot_date) if (lot_date and p == successor) else "",
                   departed=case.display(proc.holding.person), **about.get((p, n), {}))
        entry = {"person": p, "nomination": n, "rank": this_rank, "status": st}
        if st == "skipped":
            rs = sorted(reasons.get((p, n), []), key=lambda t: (REASON_ORDER.index(t[0]) if t[0] in REASON_ORDER else 99, t[1]))
            code, norm, day = rs[0]
            sits_through = step.sitting.get(p)
            ctx.update(date=long_date(from_int(day), texts.lang) if day else "?", other=_nom_name(case, sits_through.via_nomination) if sits_through else "?")
            keys = [f"{code}@{norm}#{v}" for v in text_variant.get((p, n), [])] + [f"{code}@{norm}", code]
            if day:  # the date of the event the reason rests on (a declaration, a death ...)
                entry["reason_date"] = iso(day)
            entry.update(reason=code, reasons=list(dict.fromkeys(t[0] for t in rs)), norm=norm,
                         citation=texts.citation(norm), explanation=texts.sentence(keys, **ctx))
            if len(rs) > 1:
                entry["norms"] = [{"reason": c, "norm": nm, "citation": texts.citation(nm)} for c, nm, _ in rs]
                # what a further norm adds (e.g. BB § 61 Abs. 1: out for the whole period) is said too,
                # where the catalogue words it (``<reason>@<norm>#also``)
                more = [texts.sentence([f"{c}@{nm}#also"], **{**ctx, "date": long_date(from_int(d), texts.lang) if d else "?"})
                        for c, nm, d in rs[1:] if nm != norm]
                more = [m for m in dict.fromkeys(more) if m and m != entry["explanation"]]
                if more:
                    entry["explanation"] += " " + " ".join(more)
        else:
            kind = {"successor": "successor", "tied": "tied"}.get(st, "behind")
            keys = [f"{kind}@{pool_norm}#{v}" for v in text_variant.get((p, n), [])] + [
                f"{kind}@{pool_norm}#{key}", f"{kind}@{pool_norm}", f"{kind}@any", kind]
            entry.update(norm=pool_norm, citation=texts.citation(pool_norm),
                         explanation=texts.sentence(keys, **ctx))
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
        # the outcome's own wording (referred, undetermined, not applicable) is for the grounds of that
        # outcome, never for the ordering of a pool that was walked before it
        keys = [f"ground-{outcome}@{norm}", f"{kind}@{norm}"] \
            if outcome in ("not_applicable", "referred", "undetermined") and key_of_pool is None \
            else [f"{kind}@{norm}#{key_of_pool}", f"{kind}@{norm}#{subject}", f"{kind}@{norm}"]
        if (k, norm) in variants:
            keys.insert(0, f"{kind}@{norm}#{variants[(k, norm)]}")
        grounds.append({"norm": norm, "citation": texts.citation(norm), "explanation": texts.sentence(keys, **ctx)})
        if kind == "outcome" and outcome_ground is None:
            outcome_ground = grounds[-1]

    ev = proc.event
    trigger_grounds = []
    ground_text = next((e.ground for e in case.events if e.seq == ev.seq), None)
    own_first = lambda a: (a[0] in statute.norms and statute.norms[a[0]].outside_section, a[0])
    trigger_variants = {str(norm): str(v) for norm, v in atoms.get("trigger_variant/2", [])}
    for (norm,) in sorted(atoms.get("trigger_ground/1", []), key=own_first):
        ctx = dict(departed=case.display(proc.holding.person), date=long_date(ev.date, texts.lang),
                   trigger_phrase=TRIGGER_PHRASE[texts.lang].get(proc.trigger, proc.trigger),
                   ground_phrase=f" ({ground_text})" if ground_text else "")
        keys = [f"trigger@{norm}#{trigger_variants[norm]}"] if norm in trigger_variants else []
        trigger_grounds.append({"norm": norm, "citation": texts.citation(norm),
                                "explanation": texts.sentence(keys + [f"trigger@{norm}"], **ctx)})
    about_note: dict[str, list[str]] = {}
    for code, person in sorted(atoms.get("note_about/2", [])):
        about_note.setdefault(str(code), []).append(person)
    notes = []
    for code, norm in sorted(atoms.get("note/2", [])):
        persons = about_note.get(str(code), [])
        note = {"code": str(code), "norm": norm, "citation": texts.citation(norm),
                "explanation": texts.sentence([f"note@{code}"],
                                              persons=", ".join(case.display(p) for p in persons))}
        if persons:
            note["persons"] = persons
        notes.append(note)

    membership = None
    if outcome == "successor":
        m = {str(f): v for f, v in atoms.get("membership/2", [])}
        membership = {"notified": iso(m.get("notified")), "deadline": iso(m.get("deadline")),
                      "status": str(m.get("status", "pending")), "member_from": iso(m.get("member_from")),
                      "unnotified": m.get("unnotified") if isinstance(m.get("unnotified"), int)
                      else str(m.get("unnotified") or "") or None}
        if "earliest_determination" in m:  # Hessen from 2011: no Feststellung recorded
            membership["earliest_determination"] = iso(m["earliest_determination"])
    referred = [a[0] for a in atoms.get("referred_to/1", [])]
    # which election a by_election is (M-V § 44 Abs. 3 Neuwahl, § 44 Abs. 5 Ergänzungswahl)
    kind_of_election = ({"by_election_kind": str(atoms["by_election_kind/1"][0][0])}
                        if outcome == "by_election" and atoms.get("by_election_kind/1") else {})
    return {
        "vacancy": proc.holding.person, "date": ev.date.isoformat(), "trigger": proc.trigger,
        "statute": statute.id, "statute_version": statute.version_in(texts.lang),
        "seat_nomination": proc.holding.seat_nomination,
        "outcome": outcome, "successor": successor if outcome == "successor" else None,
        "successor_nomination": successor_nom if outcome == "successor" else None,
        "lot_between": lot_between, "referred_to": texts.citation(referred[0]) if referred else None,
        "member_count_reduced": bool(atoms.get("member_count_reduced/0")),
        "candidates": candidates, "grounds": grounds, "membership": membership,
        "outcome_norm": (outcome_ground or (grounds[0] if grounds else {})).get("norm"),
        "outcome_ground": outcome_ground or (grounds[0] if grounds else None),
        "trigger_grounds": trigger_grounds, "notes": notes, **kind_of_election,
        # the departure itself is referred: the seat stays with its holder (addition)
        **({"holder_keeps_seat": True} if atoms.get("holder_keeps_seat/0") else {}),
    }

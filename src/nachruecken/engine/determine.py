"""Decide a case: replay its vacancies, solve each with the statute encoding, build the JSON.

The shape of the result is the contract of DESIGN.md ("Results"); keys beyond it are
additions (``trigger_grounds``, ``notes``, and ``votes``/``position``/``norms`` on candidates).
The parts of one determination are built in ``engine.determination``, the warnings in ``engine.term_warnings``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
from collections.abc import Callable

from nachruecken import FORMAT_VERSION, __version__
from nachruecken.case.model import Case
from nachruecken.engine import term_warnings, window
from nachruecken.engine.composition import composition
from nachruecken.engine.determination import build_determination, finish_determination, parse_day
from nachruecken.engine.facts import ALL_ORDERS, Ids, case_text, step_text
from nachruecken.engine.ledger import Decision, LedgerRules, Step, effective_events, run_ledger
from nachruecken.engine.solver import solve_atoms
from nachruecken.engine.window import Window
from nachruecken.errors import InputError
from nachruecken.law.dates import to_int
from nachruecken.law.statutes import (
    STATE_OF,
    VERSIONS,
    Statute,
    load_statute,
    reading_state,
    resolve_statute_spec,
    version_on,
    versions_of,
)
from nachruecken.law.texts import Texts
from nachruecken.law.versions import basis_text, straddling, version_summary, version_warnings
from nachruecken.law.wording import localize_all

# A case of at least SPECIALISE_EVENTS events has its encoding specialised to its static facts
# (engine/specialise.py) from the SPECIALISE_FROM-th walk under them on: specialising costs 20 to 45 ms
# per static text (a term's window makes two or three) and saves a third to a half of every later walk
# (bench/walkcost.py), so it pays only from about twenty walks on.
SPECIALISE_FROM = 3
SPECIALISE_EVENTS = 20


@dataclasses.dataclass
class _Version:
    """One encoded text as a case applies it: its readings, texts and static facts."""

    statute: Statute
    readings: dict[str, str]
    ignored: set[str]
    texts: Texts
    static: str | None = None  # the case's static facts under this text's readings (made when first needed)
    ranked: dict | None = None  # the case's orderings under this text (window.rankings)
    window: Window | None = None  # the window the static facts hold, None: everyone
    size: int = 0  # the window's head of stateless persons per ordering (window.SIZE, doubled on a miss)
    full: str | None = None  # the static facts of everyone, where a windowed walk must be repeated
    walks: int = 0  # walks solved with the static facts as they now stand (specialised from SPECIALISE_FROM on)


def determine_case(
    case: Case,
    statute_id: str | None = None,
    cli_readings: dict[str, str] | None = None,
    lang: str = "en",
    all_candidates: bool = False,
    option_names: tuple[str, str] = ("--statute", "--reading"),
    file_order_warnings: bool = True,
    windowed: bool = True,
) -> dict:
    """Every vacancy of the case decided. ``option_names`` name the statute and readings given
    beside the case in errors (the CLI's flags, or the API's parameters). Without
    ``file_order_warnings`` no warning says what another file order of one date's vacancies would
    give (it replays the term again; the consistency checks compare determinations only). Without
    ``windowed`` every walk is handed every candidate (src/nachruecken/engine/window.py; the result is the
    same, which tests/test_window.py checks)."""
    statute_opt, readings_opt = option_names
    spec = resolve_statute_spec(statute_id, path=statute_opt) if statute_id else case.statute
    foreign = _set_aside_readings(case, spec, statute_id, cli_readings or {}, readings_opt)
    case_readings = {rid: v for rid, v in case.readings.items() if rid not in foreign}
    # every version's readings are resolved first: an unknown reading is an input error before any work
    versions = _resolve_versions(spec, case_readings, cli_readings, readings_opt, lang)
    term = _Term(case, spec, versions, lang, all_candidates, windowed)
    decide = term.decider(term.version_date, term.applied)
    ledger = run_ledger(case, decide, term.land, term.unnotified, term.rules)
    if file_order_warnings:
        ledger.warnings += term_warnings.file_order_warnings(
            case, ledger, decide, term.land, term.unnotified, term.rules
        )
    wanted = set(case.vacancy) if case.vacancy is not None else None
    decided = [proc for proc in ledger.procedures if proc.decision is not None]
    determinations = [
        finish_determination(proc, versions[term.applied[proc.index][0].id].texts, term.unnotified, case)
        for proc in decided
        if wanted is None or proc.holding.person in wanted
    ]
    codes = term_warnings.warning_codes(case, ledger, determinations, foreign, spec)
    used = list(dict.fromkeys(term.applied[proc.index][0].id for proc in decided)) or [term.at_election.statute.id]
    warnings = term.warnings(ledger, decided, used, codes, determinations)
    return _result(term, used, ledger, warnings, determinations)


def _set_aside_readings(
    case: Case, spec: str, statute_id: str | None, cli_readings: dict[str, str], readings_opt: str
) -> dict[str, str]:
    """The case's readings of another known state, set aside where the case is decided under another
    state's statute. A reading of another state is an error where the user gave it for this decision,
    or where the case is decided under its own statute."""
    state = STATE_OF[versions_of(spec)[0]]
    _refuse_foreign_readings(cli_readings, state, spec, readings_opt)
    # (only ids of another known state; a typo stays for resolve_readings to refuse)
    foreign = {
        rid: v for rid, v in case.readings.items() if reading_state(rid) in VERSIONS and reading_state(rid) != state
    }
    if not statute_id:
        _refuse_foreign_readings(foreign, state, spec, "readings")
    return foreign


def _refuse_foreign_readings(readings: dict[str, str], state: str, spec: str, source: str) -> None:
    for rid in readings:
        other = reading_state(rid)
        if other not in (state, "core") and other in VERSIONS:
            raise InputError(
                f"reading '{rid}' belongs to {load_statute(VERSIONS[other][0]).state['en']} ({other}); "
                f"this case is decided under {spec} ({load_statute(VERSIONS[state][0]).state['en']})",
                f"{source}.{rid}",
            )


def _resolve_versions(
    spec: str, case_readings: dict[str, str], cli_readings: dict[str, str] | None, readings_opt: str, lang: str
) -> dict[str, _Version]:
    """Each text of ``spec`` with the readings the case (then the user) gives it."""
    versions: dict[str, _Version] = {}
    for sid in versions_of(spec):
        statute = load_statute(sid)
        ignored: set[str] = set()
        readings = statute.resolve_readings(case_readings, source="readings", ignored=ignored)
        if cli_readings:
            readings = statute.resolve_readings(readings, cli_readings, source=readings_opt, ignored=ignored)
        versions[sid] = _Version(statute, readings, ignored, Texts(statute, lang, readings))
    return versions


class _Term:
    """A case's term as it is replayed: the texts that apply on each day, the rules before any vacancy,
    the day the replay ends, and which text each procedure applied."""

    def __init__(
        self, case: Case, spec: str, versions: dict[str, _Version], lang: str, all_candidates: bool, windowed: bool
    ):
        self.case, self.spec, self.versions, self.lang = case, spec, versions, lang
        self.all_candidates, self.windowed = all_candidates, windowed
        self.q = Ids()
        # the rules before any vacancy (an elected person's period) are those of the text in force at the election
        first_day = case.election_date or min((e.date for e in case.events), default=None)
        self.at_election, _ = self.version_of(first_day)
        self.rules = _rules_of_term(spec, versions, self.at_election)
        self.land = self.at_election.statute.land
        self.as_of_day = case.as_of or max((e.date for e in effective_events(case, self.rules)), default=None)
        self.as_of = to_int(self.as_of_day) if self.as_of_day else 0
        self.applied: dict[int, tuple] = {}  # procedure index -> (statute, basis)
        # which day's text a step applies: the day the seat fell vacant (default), or the step's own day
        self.version_date = self.at_election.readings.get("core.version_date", "vacancy_day")
        self.unnotified = self.at_election.readings.get("core.unnotified", "declaration_in_time")

    def version_of(self, day: dt.date | None) -> tuple[_Version, str]:
        sid, basis = version_on(self.spec, day)
        return self.versions[sid], basis

    def decider(self, mode: str, record: dict | None) -> Callable[[Step], Decision]:
        """The walk of a step under the text of its day: ``mode`` says which day (``vacancy_day`` or
        ``step_day``); ``record``, where given, keeps the text and basis each procedure applied."""

        def decide(step: Step) -> Decision:
            day = step.procedure.date if mode == "vacancy_day" else step.date
            version, basis = self.version_of(day)
            self._prepare(version)
            if record is not None:
                record[step.procedure.index] = (version.statute, basis)
            atoms = self._walk(version, step)
            det = build_determination(self.case, version.statute, version.texts, step, atoms)
            det["readings"] = version.readings
            det["version_basis"] = basis_text(
                self.lang,
                basis if mode == "vacancy_day" or basis in ("pinned", "only") else f"{basis}_step",
                version.statute,
                day,
            )
            return _decision(det, atoms)

        return decide

    def _prepare(self, version: _Version) -> None:
        """The case's static facts under the text's readings, made when first needed (for the window
        of its orderings, where the statute allows one)."""
        if version.static is not None:
            return
        orders = version.statute.orders_under(version.readings)
        version.ranked = window.rankings(self.case, orders or ALL_ORDERS)
        version.size = window.SIZE
        if self.windowed and version.statute.windowed and not self.all_candidates:
            version.window = window.build(self.case, version.ranked)
        version.static = case_text(
            self.case, version.readings, orders, self.q, version.ranked, version.window.keep if version.window else None
        )
        if version.window is None:
            version.full = version.static

    def _walk(self, version: _Version, step: Step) -> dict:
        """The atoms of the statute's walk for one step."""
        facts = step_text(
            self.case, step, self.as_of, self.land, self.q, self.rules.period_shift, self.rules.call_weeks
        )
        assert version.static is not None  # decide() prepares the version first (_prepare)
        version.walks += 1
        atoms = self._solve(version, facts, version.static)
        if version.window is not None and not window.accepts(version.window, atoms):
            # the walk reached past the window (the successors of earlier steps used up its head): a head
            # twice as deep for this step and the later ones, else everyone
            if self._deepen(version):
                atoms = self._solve(version, facts, version.static)
                if version.window is None or window.accepts(version.window, atoms):
                    return atoms
            if version.full is None:
                version.full = case_text(self.case, version.readings, None, self.q, version.ranked)
            atoms = self._solve(version, facts, version.full)
        return atoms

    def _solve(self, version: _Version, facts: str, static: str) -> dict:
        """One walk solved, in a term of many events from a text's SPECIALISE_FROM-th walk on with the
        encoding specialised to its static facts (the same atoms)."""
        specialised = version.walks >= SPECIALISE_FROM and len(self.case.events) >= SPECIALISE_EVENTS
        return solve_atoms(version.statute.id, facts, self.all_candidates, static, specialised)

    def _deepen(self, version: _Version) -> bool:
        """Double the window's head (up to ``window.MAX_SIZE``); False where it may not grow further."""
        if version.size >= window.MAX_SIZE:
            return False
        assert version.ranked is not None
        version.size = max(1, version.size * 2)
        version.window = window.build(self.case, version.ranked, version.size)
        keep = version.window.keep if version.window else None
        version.static = case_text(
            self.case, version.readings, version.statute.orders_under(version.readings), self.q, version.ranked, keep
        )
        if version.window is None:
            version.full = version.static
        version.walks = 0
        return True

    def _alternative(self, applied_list: list[tuple]) -> dict:
        """A procedure across a change of the law: what the other reading of core.version_date gives."""
        if not (self.spec in VERSIONS and straddling(applied_list, self.as_of_day)):
            return {}
        other_mode = "step_day" if self.version_date == "vacancy_day" else "vacancy_day"
        other = run_ledger(self.case, self.decider(other_mode, None), self.land, self.unnotified, self.rules)
        return {
            (p.holding.person, p.date): (p.decision.outcome, p.decision.successor)
            for p in other.procedures
            if p.decision is not None
        }

    def warnings(
        self, ledger, decided: list, used: list[str], codes: list[tuple[str, dict]], determinations: list[dict]
    ) -> list[str]:
        """The term's warnings in words: the texts applied, their caveats, the codes, the notes not to miss."""
        main = self.versions[used[0]]
        applied_list = [(proc, *self.applied[proc.index]) for proc in decided]
        alternative = self._alternative(applied_list)
        warnings = version_warnings(
            self.spec,
            self.case.election_date,
            applied_list,
            {sid: self.versions[sid].ignored for sid in used},
            self.lang,
            self.as_of_day,
            alternative,
            self.version_date,
        )
        warnings += [
            term_warnings.caveat(self.versions[sid].statute, self.lang)
            for sid in used
            if self.versions[sid].statute.version_caveat and ledger.procedures
        ]
        # a ledger warning in the words of the text in force on its date (e.g. the form a Verzicht needs)
        warnings += [
            term_warnings.warning(self._statute_of(params, main), self.lang, code, params) for code, params in codes
        ]
        # remarks an officer must not miss are repeated among the case's warnings
        warnings += term_warnings.note_warnings(determinations, self.lang)
        warnings += term_warnings.local_holiday_warnings(determinations, self.case, main.statute.land, self.lang)
        return warnings

    def _statute_of(self, params: dict, main: _Version) -> Statute:
        """The text whose words a ledger warning takes: the one in force on its date, where the case is
        decided under all texts of a state; else the one text decided under."""
        if self.spec not in VERSIONS:
            return main.statute
        return self.version_of(parse_day(params["date"]) if "date" in params else None)[0].statute


def _result(term: _Term, used: list[str], ledger, warnings: list[str], determinations: list[dict]) -> dict:
    """The result of the case (DESIGN.md "Results"): the texts used, the warnings, the determinations."""
    readings: dict[str, str] = {}
    for sid in used:
        readings.update(term.versions[sid].readings)
    return {
        "format_version": FORMAT_VERSION,
        "nachruecken_version": __version__,
        "case": term.case.file,
        "input_sha256": term.case.input_sha256,
        "title": term.case.title,
        "statute": term.spec,
        "statute_version": version_summary(term.lang, [term.versions[sid].statute for sid in used]),
        "readings": readings,
        "warnings": localize_all(warnings, term.lang),
        "determinations": localize_all(determinations, term.lang),
        "composition": composition(term.case, ledger),
    }


def _decision(det: dict, atoms: dict) -> Decision:
    """What the ledger needs of a determination."""
    m = det["membership"] or {}
    return Decision(
        det["outcome"],
        det["successor"],
        det["successor_nomination"],
        det,
        member_from=parse_day(m.get("member_from")),
        deadline=parse_day(m.get("deadline")),
        status=m.get("status"),
        assumed=m.get("status") == "determined" and "earliest_determination" in m,
        fails_by=frozenset(str(a[0]) for a in atoms.get("call_fails_by/1", [])),
        pending_excluded=bool(atoms.get("pending_excluded/0")),
        lot_between=tuple(det["lot_between"]),
        keeps_seat=bool(atoms.get("holder_keeps_seat/0")),
    )


def _rules_of_term(spec: str, versions: dict[str, _Version], at_election: _Version) -> LedgerRules:
    """The rules before any vacancy: those of the text in force at the election, with the day from when
    a refusal is a waiver of the Anwartschaft for good (the first text that says so)."""
    rules = _ledger_rules(at_election.statute.id, tuple(sorted(at_election.readings.items())))
    for sid, version in versions.items():
        if _ledger_rules(sid, tuple(sorted(version.readings.items()))).refusal_waives_from is not None:
            start = version.statute.in_force_from if spec in VERSIONS else None
            rules = dataclasses.replace(rules, refusal_waives_from=start or dt.date.min)
            break
    return rules


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
    return LedgerRules(
        reservation_refuses="reservation" in fails,
        call_fails_by=frozenset(fails),
        members_at_election=bool(atoms.get("elected_member_at_election/0")),
        refusal_waives_from=dt.date.min if atoms.get("refusal_waives_anwartschaft/0") else None,
        candidate_waiver=bool(atoms.get("candidate_waiver/0")),
        verzicht_with_determination=bool(atoms.get("verzicht_with_determination/0")),
        members_from_period_start=bool(atoms.get("elected_member_from_period_start/0")),
        verzicht_recorded_only=bool(atoms.get("verzicht_recorded_only/0")),
        waiver_in_call_refuses=bool(atoms.get("waiver_in_call_refuses/0")),
        vacates_before_acceptance=frozenset(str(a[0]) for a in atoms.get("vacates_before_acceptance/1", [])),
        period_shift=not atoms.get("period_rule/1"),
        call_weeks=max((int(str(a[0])) for a in atoms.get("call_period_weeks/1", [])), default=1),
        uncleared_refuses=bool(atoms.get("deemed_refusal_unless_cleared/0")),
        declaration_needs_finding=bool(atoms.get("declaration_needs_finding/0")),
        refusal_fails_call=bool(atoms.get("called_refusal_fails_call/0")),
    )


def default_ledger_rules(sid: str) -> LedgerRules:
    """What a statute says before any vacancy under its default readings (for `nachruecken statutes`)."""
    statute = load_statute(sid)
    return _ledger_rules(sid, tuple(sorted(statute.resolve_readings().items())))

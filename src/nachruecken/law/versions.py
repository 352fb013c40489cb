"""Which encoded text decides each vacancy, and what an officer must be told about that choice.

A pinned statute id decides every vacancy under its text; a state code (``he``, ``nw`` ...) decides
each one under the version in force on the day its seat fell vacant (DESIGN, "The five statutes").
Transitional rules are not in the material: a procedure that runs across a change of the law keeps
the text of its vacancy's day, with a warning. Nothing here decides anything legal about the seat.
"""

from __future__ import annotations

import datetime as dt
from typing import cast

from nachruecken.law.dates import long_date
from nachruecken.law.statutes import VERSIONS, Statute, load_statute, version_on
from nachruecken.law.texts import LABELS

TEXTS = {
    "en": {
        "basis_pinned": "the case names this text ({sid})",
        "basis_only": "the only text encoded for this state; its in-force dates are not established here",
        "basis_in_force": "the text in force on {date}, the day the seat fell vacant",
        "basis_before_earliest": "the earliest text encoded; the seat fell vacant on {date}, before it came into "
        "force on {start}",
        "basis_in_force_step": "the text in force on {date}, the day of this step of the procedure (reading "
        "core.version_date = step_day)",
        "basis_before_earliest_step": "the earliest text encoded; this step was on {date}, before it came into "
        "force on {start}",
        "alternative": "; under core.version_date = {mode} the outcome would be {outcome}",
        "alternative_same": "; under core.version_date = {mode} the outcome is the same",
        "pinned_later": "The seat of '{person}' fell vacant on {date}, when {other} ({other_id}) was in force; "
        "this determination applies the text the case names, {sid} ({version}). "
        "Use statute '{alias}' for the law in force on each vacancy's date",
        "pinned_election_later": "The election ({date}) was held when {other} ({other_id}) was in force; the "
        "case names {sid} ({version}). Use statute '{alias}' for the law in force",
        "pinned_not_yet": "The seat of '{person}' fell vacant on {date}, before {sid} ({version}) came into force "
        "on {start}; the text in force then is not encoded here",
        "before_earliest": "The seat of '{person}' fell vacant on {date}, before the earliest encoded text "
        "{sid} ({version}) came into force on {start}; it is applied although it was not yet "
        "in force, and the text in force then is not encoded here",
        "election_earlier_text": "The election ({date}) was held under {election_sid}; the determinations from "
        "{start} apply {sid}, the text in force then (transitional rules are not in the "
        "material)",
        "straddles": "The procedure for the seat of '{person}' began on {date} under {sid} and was still running "
        "when {other_id} came into force on {start}; {how} (reading core.version_date = {mode}; "
        "transitional rules are not in the material){alternative}",
        "how_vacancy_day": "it is decided under the text of the day its seat fell vacant",
        "how_step_day": "each step is decided under the text in force on its own day",
        "reading_ignored": "Reading '{reading}' is not known to {sid} ({version}); it was ignored for the "
        "determinations made under that text",
        "reading_retired": "Reading '{reading}' is retired in {sid} and has no effect: {why}",
        "several_versions": "the law in force on each vacancy's date: {parts}",
    },
    "de": {
        "basis_pinned": "die im Fall bestimmte Fassung",
        "basis_only": "die einzige abgebildete Fassung dieses Landes; ihr Geltungszeitraum ist hier nicht festgestellt",
        "basis_in_force": "die am {date}, dem Tag des Freiwerdens des Sitzes, geltende Fassung",
        "basis_before_earliest": "die früheste abgebildete Fassung; der Sitz wurde am {date} frei, bevor sie am "
        "{start} in Kraft trat",
        "basis_in_force_step": "die am {date}, dem Tag dieses Verfahrensschritts, geltende Fassung (Lesart "
        "core.version_date = step_day)",
        "basis_before_earliest_step": "die früheste abgebildete Fassung; dieser Schritt war am {date}, bevor sie am "
        "{start} in Kraft trat",
        "alternative": "; nach Lesart core.version_date = {mode} wäre das Ergebnis {outcome}",
        "alternative_same": "; nach Lesart core.version_date = {mode} ist das Ergebnis dasselbe",
        "pinned_later": "Der Sitz von '{person}' wurde am {date} frei, als {other} ({other_id}) galt; "
        "diese Feststellung wendet die im Fall genannte Fassung {sid} an ({version}). Für das am "
        "Tag des Freiwerdens jedes Sitzes geltende Recht das Gesetz '{alias}' angeben",
        "pinned_election_later": "Die Wahl ({date}) fand statt, als {other} ({other_id}) galt; der Fall nennt "
        "{sid} ({version}). Für das geltende Recht das Gesetz '{alias}' angeben",
        "pinned_not_yet": "Der Sitz von '{person}' wurde am {date} frei, bevor {sid} ({version}) am {start} in "
        "Kraft trat; die damals geltende Fassung ist hier nicht abgebildet",
        "before_earliest": "Der Sitz von '{person}' wurde am {date} frei, bevor die früheste abgebildete Fassung "
        "{sid} ({version}) am {start} in Kraft trat; sie wird angewandt, obwohl sie noch nicht "
        "galt, die damals geltende Fassung ist hier nicht abgebildet",
        "election_earlier_text": "Die Wahl ({date}) fand unter {election_sid} statt; die Feststellungen ab {start} "
        "wenden {sid} an, die dann geltende Fassung (Übergangsrecht liegt nicht vor)",
        "straddles": "Das Verfahren für den Sitz von '{person}' begann am {date} unter {sid} und lief noch, als "
        "{other_id} am {start} in Kraft trat; {how} (Lesart core.version_date = {mode}; Übergangsrecht "
        "liegt nicht vor){alternative}",
        "how_vacancy_day": "es wird nach der Fassung des Tages entschieden, an dem der Sitz frei wurde",
        "how_step_day": "jeder Schritt wird nach der an seinem Tag geltenden Fassung entschieden",
        "reading_ignored": "Die Lesart '{reading}' kennt {sid} ({version}) nicht; sie blieb für die nach dieser "
        "Fassung getroffenen Feststellungen außer Betracht",
        "reading_retired": "Die Lesart '{reading}' ist in {sid} aufgehoben und ohne Wirkung: {why}",
        "several_versions": "das am Tag des Freiwerdens jedes Sitzes geltende Recht: {parts}",
    },
}


def _later(st: Statute) -> list[Statute]:
    ids = VERSIONS[st.state_code]
    return [load_statute(s) for s in ids[ids.index(st.id) + 1 :]]


def in_force_on(st: Statute, day: dt.date) -> Statute | None:
    """The encoded version of ``st``'s state in force on ``day`` (None: none known to be)."""
    sid, basis = version_on(st.state_code, day)
    found = load_statute(sid)
    return None if basis == "before_earliest" or not found.in_force_on(day) else found


def basis_text(lang: str, basis: str, st: Statute, day: dt.date) -> str:
    return TEXTS[lang][f"basis_{basis}"].format(
        sid=st.id, date=long_date(day, lang), start=long_date(st.in_force_from, lang) if st.in_force_from else ""
    )


def straddling(applied: list, as_of: dt.date | None) -> list:
    """The procedures that were still running when a later text came into force."""
    out = []
    for proc, st, _ in applied:
        first = in_force_on(st, proc.date) or st  # the text of the day the seat fell vacant
        last = _last_day(proc, as_of)
        if any(
            o.in_force_from and proc.date < o.in_force_from and last is not None and last >= o.in_force_from
            for o in _later(first)
        ):
            out.append(proc)
    return out


def version_warnings(
    spec: str,
    election_date: dt.date | None,
    applied: list,
    ignored: dict[str, set],
    lang: str,
    as_of: dt.date | None = None,
    alternative: dict | None = None,
    mode: str = "vacancy_day",
) -> list[str]:
    """``alternative``: (departed, vacancy date) -> (outcome, successor) under the other reading of
    core.version_date, for the procedures that ran across a change."""
    """``applied``: (procedure, statute, basis) for every determination made."""
    t = TEXTS[lang]
    out = _reading_warnings(t, applied, ignored, lang)
    if spec not in VERSIONS:  # a pinned statute id
        return out + _pinned_warnings(t, load_statute(spec), election_date, applied, lang)
    # the law in force: say where the earliest text stands in for an older one, where the election
    # fell under an earlier text, and where a procedure ran across a change
    for proc, st, basis in applied:
        if basis == "before_earliest":
            out.append(
                t["before_earliest"].format(
                    person=proc.holding.person,
                    date=long_date(proc.date, lang),
                    sid=st.id,
                    version=st.version_in(lang),
                    start=long_date(st.in_force_from, lang),
                )
            )
    if election_date is not None and applied:
        out += _election_warning(t, spec, election_date, applied, lang)
    return out + _straddle_warnings(t, applied, lang, as_of, alternative, mode)


def _reading_warnings(t: dict, applied: list, ignored: dict[str, set], lang: str) -> list[str]:
    """A reading the case names that a text applied does not know, or has retired."""
    out: list[str] = []
    used = list(dict.fromkeys(st.id for _, st, _ in applied))
    for sid in used:
        st = load_statute(sid)
        out += [
            t["reading_retired"].format(reading=rid, sid=sid, why=st.retired[rid][lang])
            if rid in st.retired
            else t["reading_ignored"].format(reading=rid, sid=sid, version=st.version_in(lang))
            for rid in sorted(ignored.get(sid, ()))
        ]
    return out


def _pinned_warnings(t: dict, st: Statute, election_date: dt.date | None, applied: list, lang: str) -> list[str]:
    """Under a pinned text: where another encoded text was in force at the election or on a
    vacancy's day, or where the text was not yet in force."""
    out: list[str] = []
    if election_date is not None:
        now = in_force_on(st, election_date)
        if now is not None and now.id != st.id:
            out.append(
                t["pinned_election_later"].format(
                    date=long_date(election_date, lang),
                    other=now.version_in(lang),
                    other_id=now.id,
                    start=long_date(now.in_force_from, lang) if now.in_force_from else "",
                    sid=st.id,
                    version=st.version_in(lang),
                    alias=st.state_code,
                )
            )
    for proc, _, _ in applied:
        day = proc.date
        if st.in_force_on(day):
            continue
        now = in_force_on(st, day)
        if now is not None and now.id != st.id:  # another encoded text was in force: name it
            out.append(
                t["pinned_later"].format(
                    person=proc.holding.person,
                    date=long_date(day, lang),
                    other=now.version_in(lang),
                    other_id=now.id,
                    sid=st.id,
                    version=st.version_in(lang),
                    alias=st.state_code,
                )
            )
        elif st.in_force_from is not None and day < st.in_force_from:
            out.append(
                t["pinned_not_yet"].format(
                    person=proc.holding.person,
                    date=long_date(day, lang),
                    sid=st.id,
                    version=st.version_in(lang),
                    start=long_date(st.in_force_from, lang),
                )
            )
    return out


def _election_warning(t: dict, spec: str, election_date: dt.date, applied: list, lang: str) -> list[str]:
    """The election fell under an earlier text than a determination applies (at most one warning)."""
    first = load_statute(VERSIONS[spec][0])
    at_election = in_force_on(first, election_date) or first
    later = [
        st
        for _, st, _ in applied
        if st.id != at_election.id and st.in_force_from is not None and st.in_force_from > election_date
    ]
    if not later:
        return []
    st = later[0]
    return [
        t["election_earlier_text"].format(
            date=long_date(election_date, lang),
            election_sid=at_election.id,
            sid=st.id,
            start=long_date(st.in_force_from, lang),
        )
    ]


def _straddle_warnings(
    t: dict, applied: list, lang: str, as_of: dt.date | None, alternative: dict | None, mode: str
) -> list[str]:
    """The procedures that ran across a change of the law, and what the other reading of
    core.version_date would decide for them."""
    out: list[str] = []
    other_mode = "step_day" if mode == "vacancy_day" else "vacancy_day"
    for proc in straddling(applied, as_of):
        # (as before, taken to be in force: straddling found the procedure under a text of its day)
        st = cast(Statute, in_force_on(next(s for p, s, _ in applied if p is proc), proc.date))
        other = next(o for o in _later(st) if o.in_force_from and proc.date < o.in_force_from)
        assert other.in_force_from is not None  # chosen for the day it came into force
        alt = (alternative or {}).get((proc.holding.person, proc.date))
        here = (proc.decision.outcome, proc.decision.successor)
        tail = (
            ""
            if alt is None
            else (
                t["alternative_same"].format(mode=other_mode)
                if alt == here
                else t["alternative"].format(
                    mode=other_mode, outcome=LABELS[lang].get(alt[0], alt[0]) + (f" ({alt[1]})" if alt[1] else "")
                )
            )
        )
        out.append(
            t["straddles"].format(
                person=proc.holding.person,
                date=long_date(proc.date, lang),
                sid=st.id,
                other_id=other.id,
                start=long_date(other.in_force_from, lang),
                mode=mode,
                alternative=tail,
                how=t[f"how_{mode}"],
            )
        )
    return out


def _last_day(proc, as_of: dt.date | None) -> dt.date | None:
    """The last day on which the procedure was still running (a step, its end, or the day the
    ledger is read while it is still open)."""
    days = [c.start for c in proc.calls] + [c.ended for c in proc.calls if c.ended]
    if proc.ended_on is not None:
        days.append(proc.ended_on)
    elif as_of is not None:
        days.append(as_of)
    return max(days) if days else None


def version_summary(lang: str, statutes: list[Statute]) -> str:
    if len(statutes) == 1:
        return statutes[0].version_in(lang)
    parts = "; ".join(f"{st.id} ({st.version_in(lang)})" for st in statutes)
    return TEXTS[lang]["several_versions"].format(parts=parts)

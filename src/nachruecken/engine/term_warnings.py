"""The warnings of a decided term: the codes the case, the ledger and the determinations give, in their
order, and each in words (the words of the statute text in force on its date, where its catalogue has
them); what another file order of one date's vacancies would give; a period start that cannot be right.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from nachruecken.case.model import Case
from nachruecken.case.plausibility import case_warnings, departure_hint, result_warnings, vote_order_warnings
from nachruecken.engine.ledger import LedgerRules, run_ledger
from nachruecken.law.dates import local_holiday, long_date
from nachruecken.law.statutes import STATE_OF, Statute, versions_of
from nachruecken.law.warning_texts import REPLAY_WARNINGS

# statute notes that are also case warnings: the data, not the law, decides the outcome, or a fact
# outside the case may change it
WARNING_NOTES = frozenset({"no_vote_count_decides", "former_member_called"})


def warning_codes(
    case: Case, ledger, determinations: list[dict], foreign: dict[str, str], spec: str
) -> list[tuple[str, dict]]:
    """Every warning of the term as (code, params), in the order they are shown."""
    codes = (
        case_warnings(case)
        + vote_order_warnings(case, STATE_OF[versions_of(spec)[0]])
        + [departure_hint(code, params, case) for code, params in ledger.warnings]
        + ([] if ledger.procedures else [("nothing", {})])
        + _period_warnings(case, ledger)
        + result_warnings(case, determinations)
    )
    if foreign:
        codes.append(
            ("readings_set_aside", {"readings": ", ".join(f"{k}={v}" for k, v in foreign.items()), "spec": spec})
        )
    if case.vacancy is not None:
        codes += [
            ("vacancy_not_vacated", {"person": p})
            for p in case.vacancy
            if not any(d["vacancy"] == p for d in determinations)
        ]
    return codes


def note_warnings(determinations: list[dict], lang: str) -> list[str]:
    """Remarks an officer must not miss, repeated among the case's warnings."""
    seat_of = "Sitz von" if lang == "de" else "seat of"
    return [
        f"{seat_of} '{d['vacancy']}': {n['explanation']}"
        for d in determinations
        for n in d["notes"]
        if n["code"] in WARNING_NOTES
    ]


LOCAL_HOLIDAY = {
    "en": "seat of '{vacancy}': the period to declare ends on {date}, {name}; where the day is a holiday there, "
    "the period ends on the next working day (BGB § 193): list it under `holidays` if so",
    "de": "Sitz von '{vacancy}': die Frist zur Erklärung endet am {date}, {name}; ist der Tag dort Feiertag, "
    "endet sie am nächsten Werktag (§ 193 BGB): dann im Fall unter „Feiertage“ eintragen",
}


def local_holiday_warnings(determinations: list[dict], case: Case, land: str | None, lang: str) -> list[str]:
    """A successor's period that ends on a holiday of part of the Land only: the case must say whether it
    is one in this municipality (a day the case lists is no question)."""
    out = []
    for d in determinations:
        deadline = (d.get("membership") or {}).get("deadline")
        if not deadline:
            continue
        day = dt.date.fromisoformat(deadline)
        name = None if day in case.holidays else local_holiday(day, land, lang)
        if name:
            out.append(LOCAL_HOLIDAY[lang].format(vacancy=d["vacancy"], date=long_date(day, lang), name=name))
    return out


def _period_warnings(case: Case, ledger) -> list[tuple[str, dict]]:
    """A period start that cannot be right: before the election, or after a vacancy of the term."""
    start = case.body_period_start
    if start is None:
        return []
    out = []
    if case.election_date is not None and start < case.election_date:
        out.append(
            ("period_start_before_election", {"date": start.isoformat(), "election": case.election_date.isoformat()})
        )
    # (a refusal of the election before the period starts is what the start is for, NRW § 36 Satz 2)
    early = [p for p in ledger.procedures if p.date < start and p.trigger != "refused"]
    if early:
        out.append(
            (
                "period_start_after_vacancy",
                {"date": start.isoformat(), "person": early[0].holding.person, "vacancy": early[0].date.isoformat()},
            )
        )
    return out


def caveat(statute: Statute, lang: str) -> str:
    """What the statute's encoding says of itself (its ``version_caveat``), as a sentence."""
    text = statute.version_caveat[lang]
    return text[0].upper() + text[1:] + "."


READ_AS = {
    "en": {"resigned": "a Verzicht on the seat (resigned)", "waived": "a Verzicht on the Anwartschaft (waived)"},
    "de": {"resigned": "Mandatsverzicht", "waived": "Verzicht auf die Anwartschaft"},
}


def warning(statute: Statute, lang: str, code: str, params: dict) -> str:
    """A ledger warning in words; a statute's catalogue may say it in its own terms
    (texts ``warning@<code>``, e.g. the form a Verzicht on the seat needs there)."""
    template = statute.texts.get(f"warning@{code}", {}).get(lang) or REPLAY_WARNINGS[lang][code]
    # dates as running text ("31 August 2023", "31. August 2023")
    words = {
        k: long_date(dt.date.fromisoformat(v), lang)
        if k in ("date", "since", "vacancy", "election", "assumed", "until") and v
        else v
        for k, v in params.items()
    }
    if "read_as" in words:  # a plain Verzicht: what it was read as, in the reader's words
        words["read_as"] = READ_AS[lang].get(words["read_as"], words["read_as"])
    since = words.get("since")
    since_on = (f" am {since}" if lang == "de" else f" on {since}") if since else ""
    return template.format(**words, since_on=since_on)


def file_order_warnings(
    case: Case, ledger, decide, land: str, unnotified: str, rules: LedgerRules = LedgerRules()
) -> list[tuple[str, dict]]:
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
        alt = {
            p.holding.person: p.decision.successor
            for p in other.procedures
            if p.date == day and p.decision and p.holding.person in got
        }
        if alt != got:
            text = ", ".join(f"{k} -> {alt.get(k) or '-'}" for k in got)
            out.append(("file_order_decides", {"date": day.isoformat(), "other": text}))
    return out

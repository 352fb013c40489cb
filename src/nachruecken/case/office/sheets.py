"""A case as an office keeps it: the sheets Bewerber (one candidacy a row, every id kept), Ereignisse
(German event words, dates as TT.MM.JJJJ) and Fall; and the empty sheets of a state, with the columns
its election program exports, as ``nachruecken template`` gives them. ``import`` reads both back.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from nachruecken.case.model import Case, Event, Nomination
from nachruecken.case.words import all_words, german_word

KIND_WORDS = {
    "party": "Partei",
    "voter_group": "Wählergruppe",
    "individual": "Einzelbewerber",
    "political_association": "politische Vereinigung",
}
CAUSE_WORDS = {
    "eligibility": "Verlust der Wählbarkeit",
    "incompatibility": "Hinderungsgrund",
    "scrutiny": "Wahlprüfung",
    "merger": "Gemeindezusammenschluss",
    "not_acquired": "nicht erworben",
    "party_ban": "Parteiverbot",
}
BY_ELECTION_KINDS = {"ergaenzungswahl": "Ergänzungswahl", "nachwahl": "Nachwahl", "neuwahl_wahlkreis": "Neuwahl"}
CASE_COLUMNS = [
    "Kennung Wahlvorschlag",
    "Wahlvorschlag",
    "Kennung Partei",
    "Art des Wahlvorschlags",
    "Wahlkreis",
    "Ersatzliste",
    "Nachwahl am",
    "Kennung",
    "Platz",
    "Anrede",
    "Name",
    "Stimmen",
    "gewählt",
    "Sitzart",
    "Ersatzbewerber für",
    "nur Ersatzbewerber",
    "parteilos",
    "Rang Ersatzperson",
    "Teilliste",
]
EVENT_COLUMNS = ["Datum", "Kennung", "Name", "Ereignis", "Eingang", "Form", "Sitz von", "Liste", "Grund"]
EVENT_COLUMNS += ["Ursache", "Sitzart", "Partei", "Art der Wahl", "Bemerkung"]


@dataclass
class Sheet:
    name: str
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: dict[str, str] = field(default_factory=dict)  # column -> what goes in it
    choices: dict[str, list[str]] = field(default_factory=dict)  # column -> the words to pick from


def _date(day: dt.date | None) -> str:
    return day.strftime("%d.%m.%Y") if day else ""


def case_sheets(case: Case) -> list[Sheet]:
    """The case as the three sheets; importing them gives a case that decides the same."""
    # the district column under the name the state gives it (NRW: Wahlbezirk)
    columns = [("Wahlbezirk" if c == "Wahlkreis" and case.statute.startswith("nw") else c) for c in CASE_COLUMNS]
    extra = _extra_columns(case)
    rows = [r for nom in case.nominations for r in _candidate_rows(case, nom)]
    people = [c for nom in case.nominations for c in nom.candidates]
    rows = [[*row, *(dict(c.extra).get(k, "") for k in extra)] for row, c in zip(rows, people)]
    bewerber = Sheet("Bewerber", columns + extra, rows)
    ereignisse = Sheet(
        "Ereignisse", EVENT_COLUMNS, [_event_row(case, ev) for ev in sorted(case.events, key=lambda e: e.file_index)]
    )
    ereignisse.choices["Ereignis"] = all_words()
    return [bewerber, ereignisse, Sheet("Fall", ["Angabe", "Wert"], _fall_rows(case))]


def _extra_columns(case: Case) -> list[str]:
    """The headers of what else the case says of persons (`extra`), in the order they first come; one the
    import would read as a field of its own is left out (it decides nothing)."""
    from nachruecken.case.office.columns import CANDIDATE_FIELDS, norm_header

    known = {n for names in CANDIDATE_FIELDS.values() for n in names} | {norm_header(c) for c in CASE_COLUMNS}
    heads = dict.fromkeys(k for nom in case.nominations for c in nom.candidates for k, _ in c.extra)
    return [h for h in heads if norm_header(h) not in known]


def _candidate_rows(case: Case, nom: Nomination) -> list[list[str]]:
    rows = []
    for c in nom.candidates:
        subs = " / ".join(
            s.person
            if s.candidacy is None
            else f"{s.person} ({'Wahlbezirk' if s.candidacy == 'district' else 'Liste'})"
            for s in c.substitute_for
        )
        only = getattr(c, "designated_only", False)
        rows.append(
            [
                nom.id,
                nom.name or "",
                nom.group,
                KIND_WORDS[nom.group_kind],
                nom.district or "" if nom.tier == "district" else "",
                nom.substitute_list or "",
                _date(nom.by_election),
                c.person,
                "" if only else str(c.position),
                getattr(c, "salutation", None) or "",
                case.names.get(c.person, ""),
                "" if c.votes is None else str(c.votes),
                "ja" if c.elected else "",
                {"list": "Listenwahl", "personal": "Personenwahl"}.get(c.seat or "", ""),
                subs,
                "ja" if only else "",
                "ja" if c.non_member else "",
                "" if c.substitute_rank is None else str(c.substitute_rank),
                c.sublist or "",
            ]
        )
    return rows


def _event_row(case: Case, ev: Event) -> list[str]:
    word = getattr(ev, "word", None)
    if ev.type == "by_election_held":
        what = "Ersatzwahl durchgeführt"
    elif ev.type == "important_reason":
        # the word carries the finding (Sachsen § 18 Abs. 2 SächsGemO)
        what = "Wichtiger Grund festgestellt" if ev.found else "Wichtiger Grund verneint"
    else:
        what = word or german_word(ev.type, ev.reservation)
    return [
        _date(ev.date),
        ev.person if ev.type != "by_election_held" else "",
        case.names.get(ev.person, "") if ev.type != "by_election_held" else "",
        what,
        _date(ev.received),
        {"written": "schriftlich", "recorded": "zur Niederschrift"}.get(ev.form or "", "")
        if not (ev.type == "waived" and ev.form == "written")
        else "",
        " / ".join(ev.seats_of) if ev.type == "by_election_held" else (ev.seat_of or ""),
        ev.nomination or "" if ev.type == "called" else "",
        ev.ground or "",
        CAUSE_WORDS.get(ev.cause or "", ev.cause or ""),
        {"list": "Listenwahl", "personal": "Personenwahl"}.get(ev.seat or "", ev.seat or ""),
        ev.group or "",
        BY_ELECTION_KINDS.get(ev.kind or "", ""),
        ev.note or "",
    ]


def _fall_rows(case: Case) -> list[list[str]]:
    rows = [["Vorschrift", case.statute], ["Titel", case.title or ""], ["Gremium", case.body_name or ""]]
    rows.append(["Sitze", "" if case.body_seats is None else str(case.body_seats)])
    if case.body_unfilled_seats:
        rows.append(["unbesetzte Sitze", str(case.body_unfilled_seats)])
    if case.body_kind == "landtag":
        rows.append(["Art des Gremiums", "Landtag"])
    rows.append(["Wahltag", _date(case.election_date)])
    rows.append(["Wahlart", "Mehrheitswahl" if case.election == "majority" else "Verhältniswahl"])
    for label, day in (
        ("Stichtag", case.as_of),
        ("Beginn der Wahlperiode", case.body_period_start),
        ("Ende der Wahlperiode", case.body_period_end),
    ):
        if day:
            rows.append([label, _date(day)])
    rows += [[f"Lesart {rid}", value] for rid, value in case.readings.items()]
    if case.holidays:
        rows.append(["Feiertage", ", ".join(_date(d) for d in case.holidays)])
    if case.vacancy is not None:
        rows.append(["Nachfolge für", " / ".join(case.vacancy)])
    return rows

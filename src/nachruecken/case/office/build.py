"""An office's files made into a case: read the sheets, match names, check the result by loading it,
and write it as a case file. An import that fails writes nothing; its error names the sheet, row and
column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from nachruecken.case.loader import build_case
from nachruecken.case.model import Case
from nachruecken.case.office import designations as ersatz
from nachruecken.case.office.candidates import Roster, read_roster
from nachruecken.case.office.events import EventRows, read_events
from nachruecken.case.office.fall import read_fall
from nachruecken.case.office.findings import column_map, event_findings, findings, summary
from nachruecken.case.office.names import PersonIndex
from nachruecken.case.office.read import Table, read_csv, read_source, read_xlsx
from nachruecken.errors import InputError
from nachruecken.law.statutes import resolve_statute_id


@dataclass
class Imported:
    data: dict
    case: Case
    summary: list[str] = field(default_factory=list)
    findings: list[str] = field(default_factory=list)
    columns: list[tuple[str, str, str]] = field(default_factory=list)  # the candidate sheet's column map


def import_office(
    source: Path,
    statute: str | None = None,
    events: Path | None = None,
    fall: Path | None = None,
    columns: dict[str, str] | None = None,
) -> Imported:
    """The case of an office's files: ``source`` (a list, a workbook or a folder) and, given apart,
    the events and the case sheet; ``columns`` says what a candidate column means (`--spalte`)."""
    tables = read_source(source)
    if events is not None:
        tables["ereignisse"] = _sheet(events, "ereignisse")
    if fall is not None:
        tables["fall"] = _sheet(fall, "fall")
    return import_tables(tables, statute, source, columns)


def import_tables(
    tables: dict[str, Table], statute: str | None, source: Path, columns: dict[str, str] | None = None
) -> Imported:
    """The case of the office's sheets as tables (``bewerber``, and optionally ``ereignisse``, ``fall``);
    ``source`` names the file in messages and gives the title where the sheets give none."""
    if "bewerber" not in tables:
        raise InputError("die Datei enthält keine Zeilen", "", str(source))
    given, vacancy_names, fall_ignored = read_fall(tables["fall"]) if "fall" in tables else ({}, [], [])
    spec = statute or given.pop("statute", None)
    given.pop("statute", None)
    if spec is None:
        raise InputError("keine Vorschrift: --statute angeben (oder im Blatt Fall: Vorschrift)", "", str(source))
    statute_id = resolve_statute_id(spec, "--statute")
    roster = read_roster(tables["bewerber"], statute_id, given.get("election") == "majority", columns)
    index = PersonIndex()
    for p in roster.persons.values():
        index.add(p.id, p.name, p.surname, p.party)
    links = ersatz.resolve(roster, index, tables["bewerber"], statute_id)
    rows = _events(tables.get("ereignisse"), index, roster)
    data = _data(roster, given, spec, source, rows)
    if vacancy_names:
        data["vacancy"] = [index.find(n, "Blatt Fall, Nachfolge für", str(source)) for n in vacancy_names]
    case = _validated(data, source, rows, tables.get("ereignisse"))
    notes = summary(roster, links, len(rows.events)) + column_map(roster)
    if rows.ignored:
        notes.append("Spalten im Blatt Ereignisse nicht übernommen: " + ", ".join(rows.ignored))
    if fall_ignored:
        notes.append("Angaben im Blatt Fall nicht übernommen: " + ", ".join(fall_ignored))
    seats = case.body_seats - case.body_unfilled_seats if case.body_seats is not None else None
    found = findings(roster, statute_id, links, seats) + event_findings(rows.events, rows.lines, statute_id)
    return Imported(data, case, notes, found, roster.reading)


def _sheet(path: Path, name: str) -> Table:
    """One sheet given as its own file: a CSV, or the sheet of that name (else the first) of a workbook."""
    if not path.is_file():
        raise InputError("Datei nicht gefunden", "", str(path))
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        sheets = read_xlsx(path)
        table = sheets.get(name) or sheets.get("bewerber")
    else:
        table = read_csv(path)
    if table is None:
        raise InputError("die Datei enthält keine Zeilen", "", str(path))
    return table


def _events(table: Table | None, index: PersonIndex, roster: Roster) -> EventRows:
    if table is None:
        return EventRows()
    nominations: dict[str, str] = {}
    for n in roster.nominations.values():
        nominations[n.id] = n.id
        nominations.setdefault(n.name, n.id)
        nominations.setdefault(n.name.casefold(), n.id)
    members: dict[str, set[str]] = {}
    for n in roster.nominations.values():
        members.setdefault(n.group, set()).update(n.candidates)
    return read_events(table, index, nominations, members)


def _data(roster: Roster, fall: dict, spec: str, source: Path, rows: EventRows) -> dict:
    title = fall.pop("title", None) or fall.get("body", {}).get("name") or source.stem
    data: dict = {"statute": spec, "title": title}
    data.update(fall)
    data["nominations"] = [_nomination(n, roster) for n in roster.nominations.values()]
    data["events"] = rows.events
    return data


def _nomination(n, roster: Roster) -> dict:
    nd: dict = {"id": n.id, "name": n.name, "group": n.group}
    if n.group_kind and n.group_kind != "party":
        nd["group_kind"] = n.group_kind
    if n.tier == "district":
        nd["tier"], nd["district"] = "district", n.district
    if n.substitute_list:
        nd["substitute_list"] = _nomination_id(n.substitute_list, roster, n.group)
    if n.by_election:
        nd["by_election"] = n.by_election
    # in list order (a place before none; an Ersatzbewerber without a place last), else as the sheet has them
    ordered = sorted(n.candidates.items(), key=lambda item: (item[1].position is None, item[1].position or 0))
    nd["candidates"] = [_candidate(pid, c, roster) for pid, c in ordered]
    return nd


def _nomination_id(text: str, roster: Roster, group: str) -> str:
    """The nomination an Ersatzliste cell names: its id or name, or the district of the same party
    ("2", "Wahlbereich 2")."""
    for n in roster.nominations.values():
        if text in (n.id, n.name):
            return n.id
    code = text.split()[-1].lstrip("0").lower() if text.split() else text
    for n in roster.nominations.values():
        if n.group == group and n.tier == "district" and (n.district or "").lstrip("0").lower() == code:
            return n.id
    return text  # the loader names it as unknown


def _candidate(pid: str, c, roster: Roster) -> dict:
    person = roster.persons[pid]
    cd: dict = {"id": pid}
    if person.named:
        cd["name"] = person.name
    if c.position is not None and not c.designated_only:
        cd["position"] = c.position
    if c.votes is not None:
        cd["votes"] = c.votes
    if c.elected:
        cd["elected"] = True
    if c.seat:
        cd["seat"] = c.seat
    if c.substitute_for:
        cd["substitute_for"] = c.substitute_for
    if c.designated_only:
        cd["designated_only"] = True
    if c.non_member:
        cd["non_member"] = True
    if c.substitute_rank is not None:
        cd["substitute_rank"] = c.substitute_rank
    if c.sublist is not None:
        cd["sublist"] = c.sublist
    if person.salutation:
        cd["salutation"] = person.salutation
    if person.extra:
        cd["extra"] = dict(person.extra)
    return cd


def _validated(data: dict, source: Path, rows: EventRows, table: Table | None) -> Case:
    """The case as the loader reads it; an error about an event names its row of the sheet."""
    try:
        return build_case(data, str(source))
    except InputError as err:
        m = re.match(r"events\[(\d+)\]", err.path or "")
        if m and table is not None and int(m[1]) < len(rows.lines):
            err.path = table.at(rows.lines[int(m[1])])
            err.file = table.file
        raise

"""The candidate sheet (Bewerber) as nominations and persons.

A row is one person's candidacy, or two: a row with a Wahlbezirk (Wahlkreis, Wahlbereich) and a place on
the Reserveliste (Landesliste, Bezirksliste) is one person standing in both. Rows of one name and party
are one person with one id. The nominations of one party (its Wahlbezirk nominations and its list)
share the ``group``. Ersatzbewerber designations (NRW § 16 Abs. 2 KWahlG) are resolved in
``designations``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nachruecken.case.office import values
from nachruecken.case.office.columns import CANDIDATE_FIELDS, Columns, cell, map_columns, norm_header
from nachruecken.case.office.ids import slug, unique
from nachruecken.case.office.names import full_name, name_keys
from nachruecken.case.office.read import Table
from nachruecken.case.words import office_date
from nachruecken.errors import InputError


@dataclass
class Candidacy:
    line: int
    position: int | None = None
    votes: int | None = None
    elected: bool = False
    seat: str | None = None
    designated_only: bool = False
    non_member: bool = False
    substitute_for: str = ""  # a sheet `convert` wrote: the cell of this candidacy (ids)
    substitute_rank: int | None = None  # the published place among the list's Ersatzpersonen
    sublist: str | None = None  # the part of a joined Wahlvorschlag (Bayern Art. 37 Abs. 1 Satz 2)


@dataclass
class Person:
    id: str
    name: str
    surname: str
    group: str
    party: str
    lines: list[int]
    salutation: str | None = None
    named: bool = True  # the sheet gives a name (else the Kennung stands for it)
    substitute_for: str = ""  # the cell, resolved in ``designations``
    district_hint: str | None = None  # an Ersatzbewerber row's Wahlbezirk: his designation's
    sub_line: int = 0  # the row that names whom he is Ersatzbewerber for
    extra: dict[str, str] = field(default_factory=dict)  # Beruf, Wohnort …: header -> text (the case's `extra`)


@dataclass
class NominationDraft:
    key: tuple
    id: str
    name: str
    group: str
    tier: str
    district: str | None = None
    group_kind: str | None = None
    substitute_list: str | None = None
    by_election: str | None = None
    candidates: dict[str, Candidacy] = field(default_factory=dict)  # person id -> candidacy
    places: dict[int, int] = field(default_factory=dict)  # list place -> the row that holds it


@dataclass
class Roster:
    """What the candidate sheet holds."""

    nominations: dict[tuple, NominationDraft] = field(default_factory=dict)
    persons: dict[str, Person] = field(default_factory=dict)
    ignored: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    district_word: str = "Wahlbezirk"
    has_votes: bool = True
    reading: list[tuple[str, str, str]] = field(default_factory=list)  # the column map (Columns.reading)
    named: dict[tuple, tuple[str, int]] = field(default_factory=dict)  # (thing, number) -> its name, first row


REQUIRED = {"surname": "Name"}


# The one nomination of a Mehrheitswahl export without a Wahlvorschlag column (Hessen § 1 Abs. 2 KWG:
# no or one Wahlvorschlag admitted, the voters elect persons)
MAJORITY_FIELD = "Mehrheitswahl"


# A row that sums the others up (an export's footer): no candidate
TOTALS = ("summe", "gesamt", "insgesamt", "summe gesamt", "gesamtsumme", "zusammen")


def is_header(cells: list[str]) -> bool:
    """The header of a candidate sheet: the first row with a name column."""
    return any(norm_header(c) in CANDIDATE_FIELDS["surname"] for c in cells)


def read_roster(table: Table, statute: str, majority: bool = False, overrides: dict | None = None) -> Roster:
    titled = table.from_header(is_header)
    cols = _columns(titled, statute, majority, overrides)
    roster = Roster(ignored=cols.ignored, has_votes="votes" in cols, reading=cols.reading)
    if titled is not table:
        roster.notes.append(f"Zeilen über der Kopfzeile (bis Zeile {titled.header_line - 1}) nicht übernommen")
    table = titled
    if "district" in cols:
        said = table.header[cols.index["district"]].lower()
        roster.district_word = next(
            (w.capitalize() for w in ("wahlbezirk", "wahlkreis", "wahlbereich") if w in said), "Wahlbezirk"
        )
    if not table.rows:
        raise InputError("die Datei hat eine Kopfzeile, aber keine Bewerber", table.at(2), table.file)
    keys: dict[tuple, str] = {}
    taken: set[str] = set()
    for line, cells in table.rows:
        if _is_total(cells, cols):
            roster.notes.append(f"Zeile {line} ist eine Summenzeile, nicht übernommen")
            continue
        _row(roster, table, cols, line, cells, keys, taken, statute)
    return roster


def _is_total(cells: list[str], cols: Columns) -> bool:
    """A footer that sums up: no name, and a cell that says it is a total."""
    return not cell(cells, cols, "surname") and any(norm_header(c) in TOTALS for c in cells)


# States whose councils are elected in Wahlkreise (one person each) and from a party list beside them, so that a
# row's place is the place on that list (NRW § 45 KWahlG: the Reserveliste; Schleswig-Holstein § 44 GKWG)
DISTRICT_AND_LIST = ("nw-", "sh-")


def _columns(table: Table, statute: str, majority: bool, overrides: dict | None) -> Columns:
    cols = map_columns(table, CANDIDATE_FIELDS, REQUIRED, overrides)
    named = ("nomination", "nomination_id", "nomination_number")
    if not any(f in cols for f in named) and not majority:
        raise InputError(
            "keine Spalte Wahlvorschlag / Liste / Partei; die Kopfzeile hat: "
            + ", ".join(repr(h) for h in table.header),
            table.at(table.header_line),
            table.file,
        )
    plain_list_place = "list_position" in cols and norm_header(table.header[cols.index["list_position"]]) in (
        "listenplatz",
        "list place",
    )
    if "nomination_id" in cols:
        return cols  # a sheet `convert` wrote: one candidacy a row, every id given
    if statute.startswith(DISTRICT_AND_LIST) and "position" in cols and "list_position" not in cols:
        # a Wahlbezirk (Wahlkreis) nomination names one person; a place is the place on the list
        cols.retake("position", "list_position", table.header)
    elif not statute.startswith(DISTRICT_AND_LIST) and plain_list_place and "position" not in cols:
        # elsewhere a plain "Listenplatz" is the place on the row's own list (a Wahlkreis's list, too)
        cols.retake("list_position", "position", table.header)
    return cols


def _row(roster, table, cols, line, cells, keys, taken, statute) -> None:
    at = lambda f: table.at(line, table.header[cols.index[f]]) if f in cols else table.at(line)
    get = lambda f: cell(cells, cols, f)
    number = get("nomination_number")
    party = get("nomination") or (f"Wahlvorschlag {number}" if number else "") or get("nomination_id")
    party = party or ("" if "nomination" in cols or "nomination_number" in cols else MAJORITY_FIELD)
    if not party:
        raise InputError("kein Wahlvorschlag in dieser Zeile", at("nomination"), table.file)
    if number:
        _one_name(roster, ("Wahlvorschlag", number), party, line, at("nomination"), table.file)
    if get("district") and get("district_name"):
        word = roster.district_word
        _one_name(roster, (word, get("district")), get("district_name"), line, at("district_name"), table.file)
    surname = get("surname")
    if not surname and not get("person_id"):
        raise InputError("kein Name in dieser Zeile", at("surname"), table.file)
    person = _person(roster, get, at, line, party, surname, keys, taken, table)
    for k in cols.extra:  # what else the row says of him: the first row that says it
        text = cells[k].strip() if k < len(cells) else ""
        if text:
            person.extra.setdefault(table.header[k].strip(), text)
    if "nomination_id" in cols:
        _canonical_row(roster, person, get, at, line, table, taken)
        return
    if get("substitute_for"):
        person.substitute_for = " / ".join(filter(None, (person.substitute_for, get("substitute_for"))))
        person.sub_line = line
    district = get("district") or None
    list_place = values.whole_number(get("list_position"), "der Listenplatz", at("list_position"), table.file)
    place = values.whole_number(get("position"), "der Platz", at("position"), table.file)
    elected, elected_where, seat = values.elected_as(get("elected"), at("elected"), table.file)
    seat = values.choice(get("seat"), values.SEATS, "Sitzart", at("seat"), table.file) or seat
    if seat is not None and not statute.startswith("hh-"):
        raise InputError(
            "Listenwahl und Personenwahl (Sitzarten) gibt es nur in Hamburg (§ 5 BezVWG)", at("elected"), table.file
        )
    votes = values.whole_number(get("votes"), "die Stimmenzahl", at("votes"), table.file)
    only = values.yes_no(get("designated_only"), at("designated_only"), table.file) if get("designated_only") else False
    slots: dict[str, Candidacy] = {}
    if district is not None and not (person.substitute_for and elected_where != "district"):
        slots["district"] = Candidacy(line, place, votes)
    elif district is not None:
        person.district_hint = district  # the Wahlbezirk of the person he is named for
    if list_place is not None or (district is None and not person.substitute_for) or only:
        pos = list_place if list_place is not None else (place if "district" not in slots else None)
        slots["list"] = Candidacy(line, None if only else pos, None if "district" in slots else votes)
    if person.substitute_for and "list" not in slots:
        slots["list"] = Candidacy(line, None, designated_only=True)
    slots["list" if "list" in slots else "district"].designated_only |= only
    _mark_elected(slots, (elected, elected_where, get("elected")), seat, at("elected"), table.file)
    non_member = values.yes_no(get("non_member"), at("non_member"), table.file) if get("non_member") else False
    rank = values.whole_number(get("substitute_rank"), "der Rang als Ersatzperson", at("substitute_rank"), table.file)
    for tier, cand in slots.items():
        cand.non_member = non_member
        cand.substitute_rank = rank
        cand.sublist = get("sublist") or None
        nom = _nomination(roster, tier, party, person.group, district, get, at, table, taken)
        if person.id in nom.candidates and _same(nom.candidates[person.id], cand):
            continue  # his Wahlbezirk row named his list place, and a list row repeats it
        if person.id in nom.candidates:
            first = nom.candidates[person.id].line
            raise InputError(
                f"{person.name} steht zweimal auf {nom.name} (Zeilen {first} und {line}): dieselbe Person? "
                "Dann eine Zeile löschen; zwei Personen gleichen Namens: eine Spalte Kennung ergänzen",
                table.at(line),
                table.file,
            )
        _check_place(nom, cand, table)
        nom.candidates[person.id] = cand


def _one_name(roster: Roster, thing: tuple[str, str], name: str, line: int, at: str, file: str) -> None:
    """A number names one thing and a name one number, in every row (Wahlvorschlag-Nr. and Wahlvorschlag,
    Wahlbezirk-Nr. and Wahlbezirk): a row that contradicts an earlier one is the error."""
    word, number = thing
    first = roster.named.setdefault(thing, (name, line))
    if first[0] != name:
        raise InputError(
            f"{word} Nr. {number} heißt in Zeile {first[1]} '{first[0]}', in dieser Zeile '{name}': Nummer oder Name "
            "berichtigen",
            at,
            file,
        )
    other = roster.named.setdefault((word, "name", name), (number, line))
    if other[0] != number:
        raise InputError(
            f"'{name}' hat in Zeile {other[1]} die {word}-Nr. {other[0]}, in dieser Zeile die Nr. {number}: Nummer "
            "oder Name berichtigen",
            at,
            file,
        )


def _same(known: Candidacy, again: Candidacy) -> bool:
    """A row that repeats an earlier row's candidacy of the person: the same place on the same list (it may
    add his election or his votes). Two rows without a place may be two persons of one name: not merged."""
    if known.position is None or known.position != again.position:
        return False
    known.elected |= again.elected
    known.votes = known.votes if known.votes is not None else again.votes
    known.seat = known.seat or again.seat
    return True


def _check_place(nom: NominationDraft, cand: Candidacy, table: Table) -> None:
    """Two persons on one place of one list: the list cannot be ordered."""
    if cand.position is None:
        return
    first = nom.places.setdefault(cand.position, cand.line)  # one look-up a row: import time linear in rows
    if first != cand.line:
        raise InputError(
            f"Platz {cand.position} von {nom.name} steht schon in Zeile {first}",
            table.at(cand.line),
            table.file,
        )


def _person(roster, get, at, line, party, surname, keys, taken, table) -> Person:
    """The person of a row: rows of one name (or one Kennung) and one party are one person."""
    first = get("first_name")
    if "," in surname and not first and not get("nomination_id"):  # "Name, Vorname" in the Name column
        surname, _, first = (part.strip() for part in surname.partition(","))
    name = full_name(surname, first, get("title")) or get("person_id")
    group = get("group_id") or slug(party)
    key = ("id", get("person_id")) if get("person_id") else ("name", name_keys(name)[0], group)
    salutation = values.choice(get("salutation"), values.SALUTATIONS, "Anrede", at("salutation"), table.file)
    if key in keys:
        person = roster.persons[keys[key]]
        if salutation and person.salutation and salutation != person.salutation:
            raise InputError(
                f"{name}: Anrede '{salutation}' widerspricht Zeile {person.lines[0]} ('{person.salutation}')",
                at("salutation"),
                table.file,
            )
        person.salutation = person.salutation or salutation
        person.lines.append(line)
    else:
        pid = get("person_id") or unique(slug(name), taken)
        taken.add(pid)
        keys[key] = pid
        person = Person(pid, name, surname or name, group, party, [line], salutation, named=bool(surname))
        roster.persons[pid] = person
    return person


def _mark_elected(slots, how: tuple, seat, at, file) -> None:
    """Mark the candidacy the ``gewählt`` cell names (``how``: elected, district | list | None, the cell)."""
    elected, where, said = how
    if not elected:
        return
    if where is None:
        if len(slots) > 1:
            raise InputError(
                "gewählt ohne Angabe, ob im Wahlbezirk oder über die Liste: 'direkt' oder 'Reserveliste' angeben",
                at,
                file,
            )
        where = next(iter(slots))
    if where not in slots:
        what = "keinen Wahlbezirk" if where == "district" else "keinen Listenplatz"
        raise InputError(f"gewählt '{said}', aber die Zeile nennt {what}", at, file)
    slots[where].elected, slots[where].seat = True, seat


def _nomination(roster, tier, party, group, district, get, at, table, taken) -> NominationDraft:
    given = get("nomination_id") or None
    key = ("id", given) if given else ("list", group) if tier == "list" else ("district", group, district)
    nom = roster.nominations.get(key)
    if nom is None:
        label = party if tier == "list" or given else f"{party} – {roster.district_word} {district}"
        if tier == "district" and get("district_name"):
            label += f" {get('district_name')}"
        nid = given or unique(slug(label if tier == "district" else party), taken)
        taken.add(nid)
        code = (district if given else slug(district)) if district else None
        nom = NominationDraft(key, nid, label, group, tier, code)
        roster.nominations[key] = nom
    kind = values.choice(get("group_kind"), values.GROUP_KINDS, "Art des Wahlvorschlags", at("group_kind"), table.file)
    nom.group_kind = nom.group_kind or kind
    nom.substitute_list = nom.substitute_list or (get("substitute_list") or None)
    if get("by_election"):
        when = office_date(get("by_election"))
        if when is None:
            raise InputError(f"'{get('by_election')}' ist kein Datum (TT.MM.JJJJ)", at("by_election"), table.file)
        nom.by_election = when.isoformat()
    return nom


def _canonical_row(roster, person, get, at, line, table, taken) -> None:
    """A row of a sheet ``convert`` wrote: exactly one candidacy, its nomination and person by id."""
    district = get("district") or None
    tier = "district" if district is not None else "list"
    place = values.whole_number(get("position"), "der Platz", at("position"), table.file)
    elected, _, seat = values.elected_as(get("elected"), at("elected"), table.file)
    only = values.yes_no(get("designated_only"), at("designated_only"), table.file) if get("designated_only") else False
    cand = Candidacy(
        line,
        place,
        values.whole_number(get("votes"), "die Stimmenzahl", at("votes"), table.file),
        elected,
        values.choice(get("seat"), values.SEATS, "Sitzart", at("seat"), table.file) or seat,
        only,
        values.yes_no(get("non_member"), at("non_member"), table.file) if get("non_member") else False,
        get("substitute_for"),
        values.whole_number(get("substitute_rank"), "der Rang als Ersatzperson", at("substitute_rank"), table.file),
        get("sublist") or None,
    )
    nom = _nomination(
        roster, tier, get("nomination") or get("nomination_id"), person.group, district, get, at, table, taken
    )
    nom.name = get("nomination") or nom.name
    if person.id in nom.candidates:
        raise InputError(f"{person.id} steht zweimal auf {nom.id}", table.at(line), table.file)
    nom.candidates[person.id] = cand

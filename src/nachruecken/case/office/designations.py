"""Ersatzbewerber (NRW § 16 Abs. 2 KWahlG): "Ersatzbewerber für" names a person ("Name, Vorname" or
"Vorname Name") or a Wahlbezirk ("07", "Wahlbezirk 07": the party's candidate there), optionally with the
capacity in brackets ("(Wahlbezirk)", "(Reserveliste)"); several are separated by " / ". The designation
belongs on the party's Reserveliste; one named without a place there is ``designated_only``: reached
through the designation, never by list order.
"""

from __future__ import annotations

import re

from nachruecken.case.office.candidates import Candidacy, NominationDraft, Person, Roster
from nachruecken.case.office.names import PersonIndex
from nachruecken.case.office.read import Table
from nachruecken.errors import InputError

_CAPACITY = re.compile(r"\(\s*(wahlbezirk|wahlkreis|direkt|reserveliste|liste)\s*\)\s*$", re.IGNORECASE)
_DISTRICT = re.compile(r"(?:wahlbezirk|wb|wahlkreis|wk)?\s*(\d+[a-z]?)", re.IGNORECASE)


def _district_code(text: str) -> str:
    return text.strip().lower().lstrip("0") or "0"


def resolve(roster: Roster, index: PersonIndex, table: Table, statute: str) -> list[tuple[str, str]]:
    """Attach every designation to its Reserveliste entry; (Ersatzbewerber, for whom) in sheet order."""
    made: list[tuple[str, str]] = []
    for person in roster.persons.values():
        if not person.substitute_for:
            continue
        where = table.at(person.sub_line, "Ersatzbewerber für")
        if not statute.startswith("nw-"):
            raise InputError(
                "Ersatzbewerber (§ 16 Abs. 2 KWahlG NRW) gibt es nur in NRW; die Spalte passt nicht zu dieser Vorschrift",
                where,
                table.file,
            )
        entries = []
        for text in filter(None, (t.strip() for t in re.split(r"\s+/\s+|\n", person.substitute_for))):
            target, capacity = _target(roster, index, person, text, where, table.file)
            entries.append(target if capacity is None else {"person": target, "candidacy": capacity})
            made.append((person.id, target))
        _entry(roster, person).substitute_for = entries  # type: ignore[assignment]
    for nom in roster.nominations.values():
        for cand in nom.candidates.values():
            if isinstance(cand.substitute_for, str) and cand.substitute_for:
                cand.substitute_for = _canonical(cand.substitute_for, index, table)  # type: ignore[assignment]
                made += [
                    (pid, e if isinstance(e, str) else e["person"])
                    for pid in [_owner(nom, cand)]
                    for e in cand.substitute_for
                ]
    return made


def _target(roster, index, person: Person, text: str, where: str, file: str) -> tuple[str, str | None]:
    """Whom one entry names, and in which capacity (None: his Wahlbezirk candidacy where he has one)."""
    capacity = None
    m = _CAPACITY.search(text)
    if m:
        capacity = "list" if m[1].lower() in ("reserveliste", "liste") else "district"
        text = text[: m.start()].strip()
    group = {p.id for p in roster.persons.values() if p.group == person.group}
    d = _DISTRICT.fullmatch(text)
    if d:
        target = _in_district(roster, person.group, d[1], text, where, file)
        capacity = capacity or "district"
    else:
        try:
            target = index.find(text, where, file, among=group)
        except InputError:
            target = index.find(text, where, file)  # of another party: the findings say so
    if person.district_hint is not None:
        hint = _district_code(person.district_hint)
        theirs = {
            _district_code(n.district or "")
            for n in roster.nominations.values()
            if target in n.candidates and n.tier == "district"
        }
        if hint not in theirs:
            raise InputError(
                f"die Zeile nennt {roster.district_word} {person.district_hint}, aber {index.name(target)} steht dort nicht: "
                "die eigene Kandidatur in einer eigenen Zeile angeben",
                where,
                file,
            )
    if target == person.id:
        raise InputError("niemand ist Ersatzbewerber für sich selbst", where, file)
    return target, capacity


def _in_district(roster: Roster, group: str, code: str, text: str, where: str, file: str) -> str:
    for nom in roster.nominations.values():
        if nom.tier == "district" and nom.group == group and _district_code(nom.district or "") == _district_code(code):
            if len(nom.candidates) == 1:
                return next(iter(nom.candidates))
            raise InputError(f"in {nom.name} stehen {len(nom.candidates)} Personen; den Namen angeben", where, file)
    raise InputError(f"'{text}': die Partei hat in keinem {roster.district_word} {code} einen Bewerber", where, file)


def _entry(roster: Roster, person: Person) -> Candidacy:
    """The person's entry on his party's Reserveliste; one without a place is designated only."""
    lists = [n for n in roster.nominations.values() if n.tier == "list" and n.group == person.group]
    for nom in lists:
        if person.id in nom.candidates:
            return nom.candidates[person.id]
    if lists:
        nom = lists[0]
    else:
        key = ("list", person.group)
        nom = NominationDraft(key, person.group, person.party, person.group, "list")
        roster.nominations[key] = nom
    nom.candidates[person.id] = Candidacy(person.sub_line, None, designated_only=True)
    return nom.candidates[person.id]


def _canonical(text: str, index: PersonIndex, table: Table) -> list:
    out: list = []
    for entry in filter(None, (t.strip() for t in text.split(" / "))):
        m = _CAPACITY.search(entry)
        pid = entry[: m.start()].strip() if m else entry
        if pid not in index.ids():
            raise InputError(f"Ersatzbewerber für '{pid}': keine Kennung der Liste", "Blatt Bewerber", table.file)
        out.append(
            {"person": pid, "candidacy": "list" if m[1].lower() in ("reserveliste", "liste") else "district"}
            if m
            else pid
        )
    return out


def _owner(nom: NominationDraft, cand: Candidacy) -> str:
    return next(pid for pid, c in nom.candidates.items() if c is cand)

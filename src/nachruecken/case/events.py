"""The events of a case file: each checked against the case's persons and nominations, put in date
order, and the checks that need them all (by-elections, nothing after a death).

An event's ``type`` is an English type or a German word of an office's record (``case.words``, in any
letter case): the word gives the type and the keys it implies (Annahme unter Vorbehalt: a reservation);
a plain "Verzicht" is the type ``resigned`` marked with its word, read by status in the ledger. Dates are
ISO or ``TT.MM.JJJJ``.

Every problem becomes one ``InputError`` naming the key path.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from nachruecken.case.model import DECLARATION_TYPES, EVENT_TYPES, VACATING_TYPES, Event, Nomination
from nachruecken.case.text import printable
from nachruecken.case.words import _key, all_words, event_word, office_date
from nachruecken.errors import InputError


def parse_date(text: str, path: str) -> dt.date:
    """A date of the case file (ISO or ``TT.MM.JJJJ``), or an error naming the key."""
    day = office_date(text)
    if day is None:
        raise InputError(f"{text!r} is not a real calendar date", path)
    return day


# each word and English type as the schema spells it, by the form words are compared in
_SPELLING = {_key(w): w for w in (*EVENT_TYPES, *all_words())}


def spell_event_types(data):
    """The case data with each event ``type`` that names a type or a German word in another letter case
    or spacing spelled as the schema lists it (``verzicht`` -> ``Verzicht``); anything else untouched, for
    the schema to name. The data given is not changed."""
    events = data.get("events") if isinstance(data, dict) else None
    if not isinstance(events, list):
        return data
    spelled = [
        {**ev, "type": _SPELLING.get(_key(ev["type"]), ev["type"])}
        if isinstance(ev, dict) and isinstance(ev.get("type"), str)
        else ev
        for ev in events
    ]
    return data if spelled == events else {**data, "events": spelled}


_EXTRA_KEYS = {
    "nomination": ("called",),
    "reservation": ("accepted",),
    "form": DECLARATION_TYPES,
    "received": DECLARATION_TYPES,
    "ground": ("lost_seat", "incompatibility"),
    "seat": ("called",),
    "group": ("joined_group", "left_group", "expelled"),
    "cause": ("lost_seat",),
    "seat_of": ("called",),
    "seats_of": ("by_election_held",),
    "kind": ("by_election_held",),
    "found": ("important_reason",),
}


def build_events(raw_events: list, persons: set[str], by_id: dict[str, Nomination]) -> list[Event]:
    """The events in date order (a date keeps its file order), each checked against the case's persons and
    nominations; ``seq`` numbers them in that order."""
    staged = [_event(i, ed, persons, by_id) for i, ed in enumerate(raw_events)]
    staged.sort(key=lambda ev: (ev.date, ev.file_index))  # stable: same date keeps file order
    events = [dataclasses.replace(ev, seq=k + 1) for k, ev in enumerate(staged)]
    _check_person_timelines(events)
    return events


def _event(i: int, ed: dict, persons: set[str], by_id: dict[str, Nomination]) -> Event:
    """One event as written (``seq`` 0 until sorted), or the first problem with it."""
    p = f"events[{i}]"
    date = parse_date(ed["date"], f"{p}.date")
    etype, implied = _type_of(ed, p)
    if etype == "by_election_held":
        _check_by_election_event(ed, persons, p)
    elif "person" not in ed:
        raise InputError("missing required key 'person'", p)
    person = ed.get("person", "")
    if etype != "by_election_held" and person not in persons:
        raise InputError(f"person '{person}' is on no nomination", f"{p}.person")
    for key, types in _EXTRA_KEYS.items():
        if key in ed and etype not in types:
            raise InputError(f"'{key}' belongs to events of type {', '.join(types)}, not '{etype}'", f"{p}.{key}")
    nomination = _called_nomination(ed, person, by_id, p) if etype == "called" else ed.get("nomination")
    if "seat_of" in ed and ed["seat_of"] not in persons:
        raise InputError(f"seat_of names '{ed['seat_of']}', who is on no nomination", f"{p}.seat_of")
    received = parse_date(ed["received"], f"{p}.received") if "received" in ed else None
    if received is not None and received < date:
        raise InputError(f"received {received} lies before the declaration's date {date}", f"{p}.received")
    found = ed.get("found", implied.get("found"))
    if etype == "important_reason" and found is None:
        raise InputError("an 'important_reason' event needs 'found' (true or false: the council's finding)", p)
    if etype == "joined_group" and "group" not in ed:
        raise InputError("a 'joined_group' event needs 'group' (the party or voter group joined)", f"{p}.group")
    return Event(
        seq=0,
        file_index=i,
        date=date,
        person=person,
        type=etype,
        nomination=nomination,
        reservation=bool(ed.get("reservation", implied.get("reservation", False))),
        form=ed.get("form", "written" if etype == "waived" else None),
        ground=ed.get("ground"),
        seat=ed.get("seat"),
        group=ed.get("group"),
        cause=ed.get("cause"),
        received=received,
        seat_of=ed.get("seat_of"),
        seats_of=tuple(ed.get("seats_of", ())),
        kind=ed.get("kind"),
        word=implied.get("word"),
        note=printable(ed["note"]) if isinstance(ed.get("note"), str) else ed.get("note"),
        found=found,
    )


def _type_of(ed: dict, p: str) -> tuple[str, dict]:
    """The event's type and the keys its word implies; a key of the file that says otherwise is an error."""
    found = event_word(ed["type"])
    if found is None:  # (the schema admits types and words only)
        raise InputError(f"{ed['type']!r} is neither an event type nor a German event word", f"{p}.type")
    etype, implied = found
    for key, value in implied.items():
        if key in ed and ed[key] != value:
            raise InputError(
                f"'{ed['type']}' means {key}: {str(value).lower()}; the event says otherwise", f"{p}.{key}"
            )
    return etype, implied


def _check_by_election_event(ed: dict, persons: set[str], p: str) -> None:
    """The election's own event names no person: its winners are the elected of the nominations marked
    by_election; it names the departed whose seats it filled, each once."""
    if "person" in ed:
        raise InputError(
            "a 'by_election_held' event names no person: its winners are the elected candidates "
            "of the nominations marked 'by_election' with its date",
            f"{p}.person",
        )
    if "seats_of" not in ed:
        raise InputError("a 'by_election_held' event needs 'seats_of' (the departed whose seats it filled)", p)
    for k, who in enumerate(ed["seats_of"]):
        if who not in persons:
            raise InputError(f"person '{who}' is on no nomination", f"{p}.seats_of[{k}]")
        if who in ed["seats_of"][:k]:
            raise InputError(f"'{who}' is named twice", f"{p}.seats_of[{k}]")


def _called_nomination(ed: dict, person: str, by_id: dict[str, Nomination], p: str) -> str:
    """The nomination a recorded call is from: the one named, else the person's only one."""
    nomination = ed.get("nomination")
    on = [n.id for n in by_id.values() if any(c.person == person for c in n.candidates)]
    if nomination is None:
        if len(on) > 1:
            raise InputError(
                f"'{person}' is on several nominations ({', '.join(on)}); name the 'nomination'",
                f"{p}.nomination",
            )
        return on[0]
    if nomination not in by_id:
        raise InputError(f"nomination '{nomination}' does not exist", f"{p}.nomination")
    if nomination not in on:
        raise InputError(f"'{person}' is not a candidate of nomination '{nomination}'", f"{p}.nomination")
    return nomination


def check_by_elections(nominations: list[Nomination], events: list[Event]) -> None:
    """A by-election (DESIGN: event `by_election_held`, nominations marked `by_election`): one event a
    day, naming seats vacated on or before it; each by-election nomination has its event; it elects
    no more persons than it names seats."""
    held: dict = {}
    for ev in events:
        if ev.type != "by_election_held":
            continue
        p = f"events[{ev.file_index}]"
        if ev.date in held:
            raise InputError(f"two by_election_held events on {ev.date}; name every seat it filled in one", p)
        held[ev.date] = ev
        for k, who in enumerate(ev.seats_of):
            if not any(e.person == who and e.type in VACATING_TYPES and e.date <= ev.date for e in events):
                raise InputError(
                    f"no event on or before {ev.date} vacates the seat of '{who}' (died, refused, resigned, "
                    "lost_seat, elected_mayor)",
                    f"{p}.seats_of[{k}]",
                )
    winners: dict = {}
    for i, nom in enumerate(nominations):
        if nom.by_election is None:
            continue
        if nom.by_election not in held:
            raise InputError(f"no by_election_held event on {nom.by_election}", f"nominations[{i}].by_election")
        winners[nom.by_election] = winners.get(nom.by_election, 0) + sum(c.elected for c in nom.candidates)
    for day, ev in held.items():
        if winners.get(day, 0) > len(ev.seats_of):
            n = len(ev.seats_of)
            raise InputError(
                f"the by-election of {day} elects {winners[day]} persons but 'seats_of' names only {n} "
                f"seat{'s' if n > 1 else ''}",
                f"events[{ev.file_index}].seats_of",
            )


def _check_person_timelines(events: list[Event]) -> None:
    """Nothing happens to a person after death except what others record (lot, notices)."""
    dead: dict[str, Event] = {}
    for ev in events:
        if ev.person in dead and ev.type not in ("group_notice", "evidence_missing"):
            first = dead[ev.person]
            raise InputError(
                f"'{ev.person}' died on {first.date} (events[{first.file_index}]) but has a later '{ev.type}' event",
                f"events[{ev.file_index}]",
            )
        if ev.type == "died":
            dead[ev.person] = ev

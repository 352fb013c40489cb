"""JSON Schema of case files (the public format of DESIGN.md, plus documented additions).

The schema checks shape; ``loader`` checks meaning (references, dates, duplicates).
"""

from __future__ import annotations

import difflib
import functools
from typing import TYPE_CHECKING

from nachruecken.case.model import (
    BODY_KINDS,
    BY_ELECTION_KINDS,
    CANDIDACIES,
    ELECTION_KINDS,
    EVENT_TYPES,
    GROUP_KINDS,
    LOSS_CAUSES,
    MAX_CANDIDATES,
    MAX_VOTES,
    SALUTATIONS,
    SEAT_TYPES,
    TIERS,
    WAIVER_FORMS,
)
from nachruecken.case.words import all_words
from nachruecken.errors import InputError, key_path

if TYPE_CHECKING:  # loaded lazily (see _validator)
    import jsonschema

DATE = {
    "type": "string",
    "pattern": r"^(\d{4}-\d{2}-\d{2}|\d{1,2}\.\d{1,2}\.\d{4})$",
    "description": "a date: ISO YYYY-MM-DD or TT.MM.JJJJ",
}
# An event's type: an English type or a German word of an office's record (DESIGN, "Office input"),
# spelled as listed here (the loader also takes another letter case); a plain "Verzicht" is read by the
# person's status on its date.
EVENT_TYPE = {
    "enum": [*EVENT_TYPES, *all_words()],
    "description": "an event type, or a German word for one (Tod, Mandatsverzicht, Annahme unter Vorbehalt, ...; "
    "`nachruecken statutes --events` lists them); a plain Verzicht is read by the person's status on its date: "
    "a member's gives up the seat, anyone else's waives the Anwartschaft",
}
# NUL cannot pass into clingo (it ends a C string, and two ids could become one)
ID = {"type": "string", "minLength": 1, "maxLength": 500, "pattern": "^[^\\x00]*$"}

SUBSTITUTE_ENTRY = {
    "oneOf": [
        ID,
        {
            "type": "object",
            "additionalProperties": False,
            "required": ["person"],
            "properties": {"person": ID, "candidacy": {"enum": list(CANDIDACIES)}},
        },
    ]
}

CANDIDATE = {
    "type": "object",
    "additionalProperties": False,
    "required": ["id"],
    "properties": {
        "id": {**ID, "description": "person id; the same id on two nominations is the same person"},
        "name": {"type": "string"},
        "position": {
            "type": "integer",
            "minimum": 1,
            "maximum": 10**7,
            "description": "list place; default: order in the file; none with designated_only",
        },
        "votes": {
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_VOTES,
            "description": "personal votes on this nomination; omitted = no vote count",
        },
        "elected": {"type": "boolean", "description": "won a seat through this nomination"},
        "seat": {"enum": list(SEAT_TYPES), "description": "Hamburg Bezirksliste seat type"},
        "substitute_for": {
            "type": "array",
            "items": SUBSTITUTE_ENTRY,
            "description": "NRW § 16 Abs. 2 Ersatzbewerber designations",
        },
        "non_member": {
            "type": "boolean",
            "description": "belonged to no party or voter group when the list was set up (NRW 2024 § 45 Abs. 3 Satz 3)",
        },
        "designated_only": {
            "type": "boolean",
            "description": "on this Reserveliste only as Ersatzbewerber (NRW § 16 Abs. 2): reached through "
            "his designation (substitute_for, required), never by list order; no position",
        },
        "salutation": {"enum": list(SALUTATIONS), "description": "for the documents' wording"},
        "substitute_rank": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_CANDIDATES,
            "description": "place in the published order of Ersatzpersonen of this nomination, as the "
            "election committee determined it (Sachsen § 21 Abs. 2 KomWG)",
        },
        "sublist": {
            **ID,
            "description": "in a joined nomination (verbundener Wahlvorschlag): the part that proposed the "
            "candidate; the same value on one nomination = the same sub-list (Bayern Art. 37 Abs. 1 Satz 2 GLKrWG)",
        },
        "extra": {
            "type": "object",
            "additionalProperties": {"type": "string", "maxLength": 500},
            "description": "what else the office's list says of the person (Beruf, Wohnort, Geburtsjahr ...), "
            "as text under the office's own headers: printed in the documents, never read by the solver",
        },
    },
}

NOMINATION = {
    "type": "object",
    "additionalProperties": False,
    "required": ["id", "candidates"],
    "properties": {
        "id": ID,
        "name": {"type": "string"},
        "group": {**ID, "description": "party / voter group behind it; default: the nomination id"},
        "group_kind": {"enum": list(GROUP_KINDS)},
        "tier": {"enum": list(TIERS)},
        "district": ID,
        "substitute_list": {**ID, "description": "Hessen § 34 Abs. 1 Satz 3: the Ersatzliste of this district list"},
        "by_election": {
            **DATE,
            "description": "a nomination of the by-election held on this day (a `by_election_held` "
            "event): its elected candidates hold seats from that day",
        },
        "candidates": {"type": "array", "items": CANDIDATE, "minItems": 1},
    },
}

EVENT = {
    "type": "object",
    "additionalProperties": False,
    "required": ["date", "type"],
    "properties": {
        "date": DATE,
        "person": {**ID, "description": "whose event it is; required for every type but `by_election_held`"},
        "type": EVENT_TYPE,
        "nomination": {**ID, "description": "for `called`: the nomination the person was called from"},
        "reservation": {
            "type": "boolean",
            "description": "for `accepted`: the acceptance was conditional (implied by Annahme unter Vorbehalt)",
        },
        "form": {
            "enum": list(WAIVER_FORMS),
            "description": "for a declaration (`refused`, `waived`, `resigned`, "
            "`accepted`): written or recorded (zur Niederschrift); "
            "`waived` defaults to written",
        },
        "received": {**DATE, "description": "for a declaration: the day it reached the office, if not its date"},
        "seat_of": {**ID, "description": "for `called`: the departed person whose seat the call fills"},
        "ground": {"type": "string", "description": "for `lost_seat`: the ground, as text"},
        "seat": {
            "enum": list(SEAT_TYPES),
            "description": "for `called`: the type of the Hamburg Bezirksliste seat taken (addition)",
        },
        "group": {
            **ID,
            "description": "for `joined_group` (required), `left_group` and `expelled` (optional): the party "
            "or voter group joined or left; it need not nominate anyone",
        },
        "cause": {
            "enum": list(LOSS_CAUSES),
            "description": "for `lost_seat`: what the loss rests on (addition; Hessen "
            "§ 33 Abs. 1 Nr. 2 to 4, § 23 Abs. 2 Satz 3 KWG; `party_ban`: the party was declared "
            "unconstitutional, Sachsen-Anhalt § 47 Abs. 2 KWG LSA)",
        },
        "seats_of": {
            "type": "array",
            "items": ID,
            "minItems": 1,
            "description": "for `by_election_held` (required): the departed whose seats it filled",
        },
        "kind": {"enum": list(BY_ELECTION_KINDS), "description": "for `by_election_held`: which election was held"},
        "found": {
            "type": "boolean",
            "description": "for `important_reason` (required): whether the council found an important reason "
            "for the person's refusal or resignation (Sachsen § 18 Abs. 2 SächsGemO)",
        },
        "note": {"type": "string", "description": "free text: the office's remark on the event (addition)"},
    },
}

DETERMINATION_EXPECTATION = {
    "type": "object",
    "description": "determination keys compared exactly; `skipped` maps person -> reason and is compared as a subset",
}

CASE_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://nachruecken.invalid/case.schema.json",
    "title": "nachruecken case file",
    "type": "object",
    "additionalProperties": False,
    "required": ["statute", "nominations"],
    "properties": {
        "statute": {
            "type": "string",
            "description": "a state code, meaning the law in force on each vacancy's date "
            "(he, nw, bb, mv, hh, rp, sn, sh, st, by), or a text pinned by its id (he-kwg-34, "
            "he-kwg-34-2011, nw-kwahlg-45, nw-kwahlg-45-2024, bb-kwahlg-60, "
            "mv-lkwg-46, hh-bezvwg-36, rp-kwg-45, sn-saechsgemo-34, sh-gkwg-44, st-kwglsa-47, by-glkrwg-37)",
        },
        "title": {"type": "string"},
        "source": {"type": "string", "description": "where the case comes from (addition)"},
        "notes": {"type": "string", "description": "free text (addition)"},
        "election_date": DATE,
        "election": {"enum": list(ELECTION_KINDS)},
        "as_of": {
            **DATE,
            "description": "the day the ledger is read: later events are not seen; default: the last event date",
        },
        "holidays": {"type": "array", "items": DATE, "description": "public holidays for deadlines (addition)"},
        "body": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "seats": {"type": "integer", "minimum": 1, "maximum": 100000},
                "kind": {"enum": list(BODY_KINDS)},
                "period_end": {**DATE, "description": "end of the Wahlperiode (addition; M-V § 45)"},
                "period_start": {
                    **DATE,
                    "description": "start of the Wahlperiode (addition; NRW 2024 § 45 Abs. 2 "
                    "Satz 2; default: the election date)",
                },
                "unfilled_seats": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 100000,
                    "description": "seats left empty at the election (default 0; M-V § 44 Abs. 5)",
                },
            },
        },
        "readings": {"type": "object", "additionalProperties": {"type": "string"}},
        "nominations": {"type": "array", "minItems": 1, "items": NOMINATION},
        "events": {"type": "array", "items": EVENT},
        "vacancy": {"oneOf": [ID, {"type": "array", "items": ID, "minItems": 1}]},
        "expected": {"type": "object", "additionalProperties": DETERMINATION_EXPECTATION},
    },
}


def _known_keys(schema_node: dict) -> list[str]:
    return sorted(schema_node.get("properties", {}))


def _friendly(error: jsonschema.ValidationError) -> InputError:
    path = key_path(error.absolute_path)
    if error.validator == "additionalProperties":
        known = _known_keys(error.schema)
        extra = sorted(set(error.instance) - set(known))
        key = extra[0] if extra else "?"
        hint = difflib.get_close_matches(str(key), known, n=1)
        msg = f"unknown key '{key}'"
        msg += f" (did you mean '{hint[0]}'?)" if hint else f" (known keys: {', '.join(known)})"
        return InputError(msg, key_path(list(error.absolute_path) + [key]))
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return InputError(f"missing required key '{missing}'", path)
    if error.validator == "enum" and error.schema == EVENT_TYPE:
        return InputError(_unknown_event_word(error.instance), path)
    if error.validator == "enum":
        allowed = ", ".join(map(str, error.validator_value))
        hint = difflib.get_close_matches(str(error.instance), [str(v) for v in error.validator_value], n=1)
        msg = f"{error.instance!r} is not allowed here; expected one of: {allowed}"
        if hint:
            msg += f" (did you mean '{hint[0]}'?)"
        return InputError(msg, path)
    if error.validator == "type":
        return InputError(
            f"expected {error.validator_value}, got {type(error.instance).__name__} {error.instance!r}"[:300], path
        )
    if error.validator == "minimum":
        return InputError(f"{error.instance} is below the minimum {error.validator_value}", path)
    if error.validator == "maximum":
        return InputError(f"{error.instance} is above the maximum {error.validator_value}", path)
    if error.validator == "pattern" and "x00" in str(error.validator_value):
        return InputError("contains a NUL character", path)
    if error.validator == "pattern":
        return InputError(f"{error.instance!r} is not a date of the form YYYY-MM-DD or TT.MM.JJJJ", path)
    if error.validator == "minLength":
        return InputError("must not be empty", path)
    if error.validator == "maxLength":
        return InputError(f"longer than {error.validator_value} characters", path)
    if error.validator == "minItems":
        return InputError("must not be empty", path)
    if error.validator == "oneOf":
        return InputError(
            "expected a person id or a list of person ids"
            if path.startswith("vacancy")
            else "expected a person id or {person, candidacy}",
            path,
        )
    return InputError(error.message[:300], path)


def _unknown_event_word(word) -> str:
    """An event type that is neither a type nor a German word, with the closest of both (letter case aside)."""
    known = {w.lower(): w for w in EVENT_TYPE["enum"]}
    close = difflib.get_close_matches(str(word).lower(), list(known), n=3, cutoff=0.6)
    msg = f"{word!r} is not allowed here: neither an event type nor a German event word"
    if close:
        names = [f"'{known[c]}'" for c in close]
        either = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
        return msg + f" (did you mean {either}?)"
    return msg + " (`nachruecken statutes --events` lists them)"


def _is_int(checker, instance) -> bool:
    # 3.0 is no vote count: only true integers (and no booleans) are integers here
    return isinstance(instance, int) and not isinstance(instance, bool)


@functools.cache
def _validator():
    """The full validator, built only when a case does not conform (jsonschema takes about 60 ms to
    load, more than deciding a typical case)."""
    import jsonschema

    extended = jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_int),
    )
    return extended(CASE_SCHEMA)


def validate_shape(data) -> None:
    """Raise the first (deepest, most relevant) schema violation as an InputError."""
    if not isinstance(data, dict):
        raise InputError(f"a case file must be a mapping at the top level, got {type(data).__name__}")
    from nachruecken.case.shape import conforms

    if conforms(data):  # at C speed; only a case that does not conform meets the full validator
        return
    import jsonschema

    errors = list(_validator().iter_errors(data))
    if not errors:
        return
    # Report the error that sits deepest and comes first in the file: the most specific one.
    best = min(errors, key=lambda e: (-len(e.absolute_path), [str(p) for p in e.absolute_path]))
    deepest = jsonschema.exceptions.best_match([best])
    raise _friendly(deepest)

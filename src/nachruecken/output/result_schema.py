"""The JSON Schema of what `nachruecken solve --json` prints (``nachruecken schema --result``).

The keys DESIGN names are required; the additions (notes, trigger_grounds, version_basis ...) are
described and allowed. docs/result-format.md explains each key in words.
"""

from __future__ import annotations

from typing import Any

DATE = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
NULLABLE_DATE = {"anyOf": [DATE, {"type": "null"}]}
TEXT_GROUND: dict[str, Any] = {
    "type": "object",
    "required": ["norm", "citation", "explanation"],
    "properties": {
        "norm": {"type": "string", "description": "norm id, e.g. he-kwg-34/1/1"},
        "citation": {"type": "string", "description": "e.g. § 34 Abs. 1 Satz 1 Halbsatz 1 KWG"},
        "explanation": {"type": "string"},
    },
}
CANDIDATE = {
    "type": "object",
    "required": ["person", "nomination", "rank", "status", "norm", "citation", "explanation"],
    "properties": {
        "person": {"type": "string"},
        "nomination": {"type": "string"},
        "rank": {"type": "integer", "minimum": 1, "description": "tied persons share a rank"},
        "status": {"enum": ["successor", "skipped", "tied", "behind"]},
        "reason": {"type": "string", "description": "with status skipped: the first reason code"},
        "reasons": {"type": "array", "items": {"type": "string"}},
        "reason_date": {**DATE, "description": "the date of the event the reason rests on (addition)"},
        "norm": {"type": "string"},
        "citation": {"type": "string"},
        "explanation": {"type": "string"},
        "norms": {"type": "array", "description": "with several reasons: each with its norm (addition)"},
        "votes": {"type": ["integer", "null"]},
        "position": {"type": ["integer", "null"]},
    },
}
MEMBERSHIP = {
    "type": ["object", "null"],
    "required": ["notified", "deadline", "status", "member_from"],
    "properties": {
        "notified": NULLABLE_DATE,
        "deadline": NULLABLE_DATE,
        "member_from": NULLABLE_DATE,
        "status": {
            "enum": [
                "pending",
                "accepted",
                "deemed_accepted",
                "refused",
                "deemed_refused",
                "to_be_determined",
                "determined",
            ]
        },
        "earliest_determination": {
            **NULLABLE_DATE,
            "description": "Hessen from 2011, no Feststellung recorded: the first day it can be made (addition)",
        },
        "assumption": {"type": "string", "description": "what stood in for a missing notification (addition)"},
        "deadline_moved": {
            "type": "object",
            "required": ["from", "days"],
            "description": "the deadline moved by BGB § 193: the day the period would have ended, and each weekend "
            "day or public holiday skipped, by name (addition)",
            "properties": {
                "from": DATE,
                "days": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["date", "name"],
                        "properties": {"date": DATE, "name": {"type": "string"}},
                    },
                },
            },
        },
    },
}
DETERMINATION = {
    "type": "object",
    "required": [
        "vacancy",
        "date",
        "trigger",
        "statute",
        "statute_version",
        "seat_nomination",
        "outcome",
        "successor",
        "successor_nomination",
        "lot_between",
        "referred_to",
        "member_count_reduced",
        "candidates",
        "grounds",
        "calls",
        "membership",
    ],
    "properties": {
        "vacancy": {"type": "string", "description": "the departed's id"},
        "date": DATE,
        "trigger": {"type": "string"},
        "statute": {"type": "string", "description": "the text applied (a pinned id)"},
        "statute_version": {"type": "string"},
        "version_basis": {"type": "string", "description": "why that text (addition)"},
        "readings": {"type": "object", "description": "the readings of that text (addition)"},
        "seat_nomination": {"type": "string"},
        "outcome": {
            "enum": ["successor", "vacant", "lot", "by_election", "referred", "undetermined", "not_applicable"]
        },
        "successor": {"type": ["string", "null"]},
        "successor_nomination": {"type": ["string", "null"]},
        "lot_between": {"type": "array", "items": {"type": "string"}},
        "referred_to": {"type": ["string", "null"]},
        "member_count_reduced": {"type": "boolean"},
        "member_count_norm": {
            "type": ["string", "null"],
            "description": "the norm that reduces the legal member count (addition)",
        },
        "by_election_kind": {"type": "string"},
        "gap_cause": {
            "type": "object",
            "description": "with outcome undetermined: why nothing is decided",
            "required": ["cause", "scope"],
            "additionalProperties": False,
            "properties": {
                "cause": {"enum": ["statute_silent", "not_encoded", "input_missing", "input_invalid"]},
                "scope": {"type": "string"},
            },
        },
        "candidates": {"type": "array", "items": CANDIDATE},
        "grounds": {"type": "array", "items": TEXT_GROUND},
        "trigger_grounds": {"type": "array", "items": TEXT_GROUND},
        "notes": {
            "type": "array",
            "items": {
                **TEXT_GROUND,
                "properties": {**TEXT_GROUND["properties"], "code": {"type": "string"}, "persons": {"type": "array"}},
            },
        },
        "calls": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["person", "nomination", "from", "ended", "how"],
                "properties": {
                    "person": {"type": "string"},
                    "nomination": {"type": "string"},
                    "from": DATE,
                    "ended": NULLABLE_DATE,
                    "how": {"type": ["string", "null"]},
                },
            },
        },
        "membership": MEMBERSHIP,
        "outcome_norm": {"type": ["string", "null"]},
        "outcome_ground": {"anyOf": [TEXT_GROUND, {"type": "null"}]},
        "recorded_call": {"type": "string"},
        "holder_keeps_seat": {"const": True, "description": "with outcome referred: the departure itself is referred"},
    },
}
# what a result rests on (output/provenance.py); the same object in every JSON result and report
PROVENANCE: dict[str, Any] = {
    "type": "object",
    "required": [
        "nachruecken_version",
        "git_commit",
        "encodings_sha256",
        "clingo_version",
        "command",
        "bounds",
        "limits",
    ],
    "additionalProperties": False,
    "properties": {
        "nachruecken_version": {"type": "string"},
        "git_commit": {
            "type": ["string", "null"],
            "description": "the commit of a source checkout (uncommitted changes are not detected); null when installed",
        },
        "encodings_sha256": {
            "type": "string",
            "pattern": "^[0-9a-f]{64}$",
            "description": "SHA-256 over every file of the encodings, by sorted relative path (path, length, bytes)",
        },
        "clingo_version": {"type": "string"},
        "command": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the command line as given (sys.argv); the web API leaves it out",
        },
        "bounds": {"type": ["object", "null"], "description": "the bounds of a bounded search (check, diff, report)"},
        "limits": {"type": ["object", "null"], "description": "time limits and the like, as given; null: none"},
    },
}
RESULT_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://nachruecken.invalid/result.schema.json",
    "title": "nachruecken solve --json: the result of one case file",
    "type": "object",
    "required": [
        "format_version",
        "nachruecken_version",
        "case",
        "input_sha256",
        "statute",
        "statute_version",
        "readings",
        "warnings",
        "determinations",
        "provenance",
    ],
    "properties": {
        "format_version": {"const": 1},
        "nachruecken_version": {"type": "string"},
        "case": {"type": "string"},
        "input_sha256": {"type": "string"},
        "title": {"type": ["string", "null"]},
        "statute": {"type": "string", "description": "as the case or --statute names it: a state code or a pinned id"},
        "statute_version": {"type": "string"},
        "readings": {"type": "object", "additionalProperties": {"type": "string"}},
        "warnings": {"type": "array", "items": {"type": "string"}},
        "determinations": {"type": "array", "items": DETERMINATION},
        "composition": {"type": "object", "required": ["as_of", "legal_member_count", "seats", "vacant", "pending"]},
        "provenance": {**PROVENANCE, "required": [k for k in PROVENANCE["required"] if k != "command"]},
    },
}

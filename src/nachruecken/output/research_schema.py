"""The JSON Schemas of what `nachruecken check --json` and `nachruecken diff --json` print
(``nachruecken schema --check``, ``--diff``).

They hold the contract of DESIGN ("Consistency checks"): the keys named there are required and their
codes are closed lists; what an analysis adds beside them (dead norms, per-reading findings, term
bounds) is described and allowed, so that a new analysis does not break a reader's validation.
docs/checks.md explains the analyses in words.
"""

from __future__ import annotations

from typing import Any

from nachruecken.output.result_schema import PROVENANCE

STATUS = {"enum": ["found", "none_found", "not_asked", "unknown"]}
BOUNDS: dict[str, Any] = {
    "type": "object",
    "required": ["noms", "cands", "max_vote"],
    "properties": {
        "noms": {"type": "integer", "minimum": 1, "description": "nominations"},
        "cands": {"type": "integer", "minimum": 1, "description": "candidates per nomination"},
        "max_vote": {"type": "integer", "minimum": 0, "description": "vote counts 0..max_vote, or none"},
        "vacancies": {"type": "integer", "minimum": 1, "description": "vacancies in a whole term (check)"},
        "terms": {"type": "integer", "minimum": 0, "description": "whole terms decided"},
        "term_universe": {"type": "integer", "minimum": 0},
    },
}
LIMITS: dict[str, Any] = {
    "type": "object",
    "required": ["conflicts", "seconds", "term_seconds"],
    "properties": {
        "conflicts": {"type": "integer", "minimum": 1, "description": "the effort per question (clingo's conflicts)"},
        "seconds": {"type": "number", "description": "per question: past it the run fails (a safety net)"},
        "term_seconds": {"type": "number", "description": "for the whole terms: past it the run fails"},
    },
}
OPTIMAL = {"type": "boolean", "description": "proven smallest; false: the effort ran out after it was found"}
WITNESS: dict[str, Any] = {
    "type": "object",
    "required": ["summary", "file"],
    "properties": {
        "summary": {"type": "string", "description": "the witness in prose"},
        "file": {"type": ["string", "null"], "description": "its case file (--witness-dir), else null"},
        "file_with": {"type": ["string", "null"], "description": "a second case file (a term with its variant)"},
        "optimal": OPTIMAL,
        "cause": {"enum": ["statute_silent", "not_encoded", "input_missing", "input_invalid", "unexplained"]},
        "scope": {"type": ["string", "null"]},
        "needs_readings": {"type": "object", "additionalProperties": {"type": "string"}},
    },
}
CAUSE = {"enum": ["statute_silent", "not_encoded", "input_missing", "input_invalid", "unexplained"]}
READING_VALUES = {"type": "array", "items": {"type": "string", "description": "reading=value"}}
GAP_CAUSE: dict[str, Any] = {
    "type": "object",
    "required": ["cause", "scope", "status"],
    "description": "one cause of gap (and scope within it) asked apart; found ones have a witness each",
    "properties": {
        "cause": CAUSE,
        "scope": {
            "type": ["string", "null"],
            "description": "statute_silent: the reading; not_encoded: the catalogue's out_of_scope scope; "
            "input_missing/input_invalid: the case's fact; null where nothing was found",
        },
        "status": STATUS,
        "vanishes_under": {**READING_VALUES, "description": "values under which no case has this gap"},
        "appears_under": {**READING_VALUES, "description": "values under which some case has this gap"},
        "undecided_under": {**READING_VALUES, "description": "values whose question ran out of effort"},
    },
}
READING_FINDING: dict[str, Any] = {
    "type": "object",
    "required": ["reading", "default", "alternative", "status", "witnesses"],
    "properties": {
        "reading": {"type": "string"},
        "default": {"type": "string"},
        "alternative": {"type": "string"},
        "status": STATUS,
        "witnesses": {"type": "array", "items": WITNESS},
        "terms": {**STATUS, "description": "the same question over whole terms"},
        "note": {"type": "string"},
    },
}
ANALYSIS: dict[str, Any] = {
    "type": "object",
    "required": ["name", "status", "witnesses"],
    "properties": {
        "name": {
            "enum": [
                "gap",
                "gap_other_readings",
                "conflict",
                "dead_norm",
                "reading_divergence",
                "term_gap",
                "term_conflict",
                "independence",
                "no_reach_back",
            ]
        },
        "status": {**STATUS, "description": "unknown: the effort per question (conflicts) ran out first"},
        "witnesses": {"type": "array", "items": WITNESS},
        "needs_readings": {
            "type": "object",
            "additionalProperties": {"type": "string"},
            "description": "gap_other_readings: the first witness's (each witness carries its own)",
        },
        "causes": {"type": "array", "items": GAP_CAUSE},
        "under_chosen": {**STATUS, "description": "conflict: whether one exists under the chosen readings"},
        "vanishes_under": READING_VALUES,
        "undecided_under": READING_VALUES,
        "dead_norms": {"type": "array", "items": {"type": "string"}},
        "undecided_norms": {"type": "array", "items": {"type": "string"}},
        "used_only_in_terms": {"type": "array", "items": {"type": "string"}},
        "norms_used": {"type": "integer", "minimum": 0},
        "readings": {"type": "array", "items": READING_FINDING},
        "note": {"type": "string"},
    },
}
CHECK_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://nachruecken.invalid/check.schema.json",
    "title": "nachruecken check --json: the consistency analyses of one statute over a bounded universe",
    "type": "object",
    "required": ["format_version", "statute", "bounds", "readings", "analyses", "provenance"],
    "properties": {
        "format_version": {"const": 1},
        "statute": {"type": "string", "description": "the pinned statute id checked"},
        "bounds": BOUNDS,
        "readings": {
            "type": "object",
            "additionalProperties": {"type": "string"},
            "description": "the readings pinned with --reading; the others range over their values",
        },
        "analyses": {"type": "array", "items": ANALYSIS},
        "limits": LIMITS,
        "seconds": {"type": "number", "minimum": 0, "description": "reported; no status depends on it"},
        "note": {"type": "string", "description": "silence within the bounds proves nothing beyond them"},
        "provenance": PROVENANCE,
    },
}
SIDE: dict[str, Any] = {
    "type": "object",
    "required": ["outcome", "norm", "passed_over_by"],
    "properties": {
        "outcome": {"type": "array", "items": {"type": "string"}},
        "norm": {"type": "array", "items": {"type": "string"}, "description": "the deciding norms"},
        "passed_over_by": {
            "type": "array",
            "items": {"type": "string"},
            "description": "the norms under which this side passes over the other side's successor",
        },
    },
}
DECIDED = {
    "type": "object",
    "required": ["outcome", "successor"],
    "description": "what `solve` decides for the witness on this side (a determination of the result format)",
}
DIFFERENCE: dict[str, Any] = {
    "type": "object",
    "required": ["kind", "file", "a", "b"],
    "properties": {
        "kind": {"type": "object", "required": ["a", "b"], "properties": {"a": SIDE, "b": SIDE}},
        "file": {"type": ["string", "null"]},
        "file_b": {
            "type": ["string", "null"],
            "description": "B's own case of the witness, where B's text was not in force on A's dates",
        },
        "optimal": OPTIMAL,
        "a": DECIDED,
        "b": DECIDED,
        "depends_on": {
            "type": "array",
            "items": {"type": "string"},
            "description": "side:reading=value under which the difference vanishes in every case of the kind",
        },
        "depends_partly_on": {
            "type": "array",
            "items": {"type": "string"},
            "description": "side:reading=value under which it vanishes in some cases of the kind, not in all",
        },
        "dependence_undecided": {
            "type": "array",
            "items": {"type": "string"},
            "description": "side:reading=value whose questions ran out of effort",
        },
    },
}
DIFF_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://nachruecken.invalid/diff.schema.json",
    "title": "nachruecken diff --json: minimal cases where two statutes, or readings, decide differently",
    "type": "object",
    "required": ["format_version", "a", "b", "bounds", "status", "differences", "complete", "provenance"],
    "properties": {
        "format_version": {"const": 1},
        "a": {"type": "string", "description": "statute, or statute@reading=value"},
        "b": {"type": "string"},
        "bounds": BOUNDS,
        "status": STATUS,
        "differences": {"type": "array", "items": DIFFERENCE},
        "complete": {"type": "boolean", "description": "every kind of difference within the bounds is listed"},
        "max_kinds": {"type": "integer", "minimum": 1},
        "unreproduced": {
            "type": "array",
            "items": {"type": "object", "required": ["kind", "a", "b"]},
            "description": "kinds the universe posed that `solve` does not reproduce (set aside)",
        },
        "seconds": {"type": "number", "minimum": 0},
        "note": {"type": "string"},
        "provenance": PROVENANCE,
    },
}

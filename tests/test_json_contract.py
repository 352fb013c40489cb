"""The JSON output follows DESIGN.md's contract (keys, types, conventions)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from nachruecken.case.schema import CASE_SCHEMA

from profiles import worked_cases

TOP = {
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
}
DET = {
    "vacancy",
    "date",
    "trigger",
    "seat_nomination",
    "outcome",
    "successor",
    "successor_nomination",
    "lot_between",
    "referred_to",
    "member_count_reduced",
    "candidates",
    "grounds",
    "membership",
}
CAND = {"person", "nomination", "rank", "status", "norm", "citation", "explanation"}
OUTCOMES = {"successor", "vacant", "lot", "by_election", "referred", "undetermined", "not_applicable"}


def _solve_json(run_cli, *paths):
    result = run_cli("solve", *paths, "--json")
    assert result.exit_code == 0, result.output
    return (
        [json.loads(line) for line in result.stdout.strip().splitlines()]
        if len(paths) > 1
        else [json.loads(result.stdout)]
    )


def test_every_instance_follows_the_contract(run_cli):
    import glob

    files = [str(p) for p in worked_cases(sorted(Path(f) for f in glob.glob("instances/**/*.yaml", recursive=True)))]
    assert files
    for out in _solve_json(run_cli, *files):
        assert TOP <= set(out), out["case"]
        assert out["format_version"] == 1 and len(out["input_sha256"]) == 64
        for det in out["determinations"]:
            assert DET <= set(det)
            assert det["outcome"] in OUTCOMES
            if det["outcome"] != "successor":
                assert det["successor"] is None and det["successor_nomination"] is None and det["membership"] is None
            else:
                assert det["successor"] and set(det["membership"]) - {
                    "assumption",
                    "deadline_moved",
                    "earliest_determination",
                } == {"notified", "deadline", "status", "member_from"}
                # (determined: membership with the Wahlleiter's determination, Hessen from 2011)
                assert det["membership"]["status"] in {
                    "pending",
                    "accepted",
                    "deemed_accepted",
                    "refused",
                    "deemed_refused",
                    "determined",
                    "to_be_determined",
                }
            assert isinstance(det["member_count_reduced"], bool)
            assert det["referred_to"] is None or det["outcome"] == "referred"
            ranks = [c["rank"] for c in det["candidates"]]
            assert ranks and ranks[0] == 1 or not ranks
            for c in det["candidates"]:
                assert CAND <= set(c)
                assert c["status"] in {"successor", "skipped", "tied", "behind"}
                assert c["citation"].startswith(("§ ", "Art. ")) and c["explanation"]
                if c["status"] == "skipped":
                    assert c["reason"] == c["reasons"][0]
            succ = [c for c in det["candidates"] if c["status"] == "successor"]
            if det["outcome"] == "successor":
                assert [c["person"] for c in succ] == [det["successor"]]
                assert det["candidates"][-1]["status"] in ("successor", "tied")
            for g in det["grounds"]:
                assert set(g) >= {"norm", "citation", "explanation"} and g["explanation"]


def test_several_files_give_json_lines(run_cli):
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "instances/he/majority-lot.yaml", "--json")
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2 and [json.loads(line)["statute"] for line in lines] == ["he", "he-kwg-34"]


def test_all_candidates_lists_everyone_after_the_successor(run_cli):
    out = json.loads(run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--json", "--all-candidates").stdout)
    cands = out["determinations"][0]["candidates"]
    assert [(c["person"], c["status"]) for c in cands] == [
        ("baumgardt", "skipped"),
        ("wolf", "successor"),
        ("spd-6", "behind"),
    ]
    assert cands[2]["rank"] == 3


def test_statute_override_and_alias(run_cli):
    # a state code is the law in force: the top level keeps it, each determination names its text
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--json", "--statute", "he")
    out = json.loads(result.stdout)
    assert out["statute"] == "he" and out["determinations"][0]["statute"] == "he-kwg-34-2011"
    pinned = json.loads(
        run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--json", "--statute", "he-kwg-34").stdout
    )
    assert pinned["statute"] == "he-kwg-34" and pinned["determinations"][0]["statute"] == "he-kwg-34"
    assert any("he-kwg-34-2011" in w and "2023" in w for w in pinned["warnings"])
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--json", "--statute", "bb")
    out = json.loads(result.stdout)
    assert result.exit_code == 0 and out["statute"] == "bb" and out["determinations"][0]["statute"] == "bb-kwahlg-60"
    assert out["readings"]["bb.zero_votes"] == "count"  # the case's own he.* readings do not leak
    result = run_cli("solve", "instances/he/schenklengsfeld-2023.yaml", "--statute", "zz")
    assert result.exit_code == 2 and "unknown statute 'zz'" in result.stderr


def test_schema_command_prints_a_valid_schema_that_accepts_the_instances(run_cli):
    import glob

    import yaml

    result = run_cli("schema")
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema == json.loads(json.dumps(CASE_SCHEMA))
    for path in worked_cases(sorted(Path(p) for p in glob.glob("instances/**/*.yaml", recursive=True))):
        data = yaml.load(open(path, encoding="utf-8"), Loader=_DatesAsText)
        jsonschema.validate(data, schema)


import yaml  # noqa: E402


class _DatesAsText(yaml.SafeLoader):
    pass


_DatesAsText.yaml_implicit_resolvers = {
    k: [(t, r) for t, r in v if t != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def test_every_result_follows_the_published_result_schema(run_cli):
    """`nachruecken schema --result` is the schema users check their tools against: every worked
    case's result (also with --all-candidates and in German) validates."""
    import glob

    import jsonschema

    schema = json.loads(run_cli("schema", "--result").stdout)
    validator = jsonschema.Draft202012Validator(schema)
    import nachruecken
    from nachruecken.case.loader import load_case

    for path in worked_cases(sorted(Path(p) for p in glob.glob("instances/*/*.yaml"))):
        case = load_case(path)
        for kwargs in ({}, {"lang": "de", "all_candidates": True}):
            # decide: what solve --json prints, provenance included
            errors = sorted(validator.iter_errors(nachruecken.decide(case, **kwargs)), key=str)
            assert not errors, (path, errors[0].message, list(errors[0].absolute_path))

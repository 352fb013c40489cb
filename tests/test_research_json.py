"""`check --json` and `diff --json` follow their published schemas (`nachruecken schema --check`, `--diff`)
and carry `format_version` and `provenance` with the bounds and limits given; `compare --json` and the
report carry `provenance` too (DESIGN, "Provenance", "Consistency checks"). Bounds are the smallest
that still find something, so that each run takes a few seconds."""

from __future__ import annotations

import json

import jsonschema

# the smallest universe in which Hamburg's readings still diverge (about 2 s)
TINY = ("--noms", "1", "--cands", "2", "--max-vote", "1")


def _validator(run_cli, which: str) -> jsonschema.Draft202012Validator:
    result = run_cli("schema", which)
    assert result.exit_code == 0, result.output
    schema = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _errors(validator, doc) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(doc)]


def test_check_json_follows_its_schema(run_cli):
    result = run_cli("check", "hh-bezvwg-36", *TINY, "--vacancies", "0", "--jobs", "1", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    validator = _validator(run_cli, "--check")
    assert not _errors(validator, out)
    assert list(out)[0] == "format_version" and out["format_version"] == 1
    divergence = next(a for a in out["analyses"] if a["name"] == "reading_divergence")
    assert divergence["status"] == "found" and divergence["witnesses"]  # the schema saw a witness
    prov = out["provenance"]
    assert prov["bounds"] == {"noms": 1, "cands": 2, "max_vote": 1, "vacancies": 0}
    assert prov["limits"] == {"conflicts": 2_000_000, "time_limit": 3600.0, "term_time_limit": 1800.0, "jobs": 1}
    # the schema is not vacuous: a status outside the contract, or no provenance, is refused
    bad = {**out, "analyses": [{**out["analyses"][0], "status": "maybe"}]}
    assert _errors(validator, bad)
    assert _errors(validator, {k: v for k, v in out.items() if k != "provenance"})


def test_diff_json_follows_its_schema(run_cli):
    result = run_cli(
        "diff", "hh-bezvwg-36", "hh-bezvwg-36@hh.exclusions=as_elsewhere", *TINY, "--max-kinds", "2", "--json"
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    validator = _validator(run_cli, "--diff")
    assert not _errors(validator, out)
    assert out["format_version"] == 1 and out["status"] == "found" and out["differences"]
    assert out["provenance"]["bounds"] == {"noms": 1, "cands": 2, "max_vote": 1}
    assert out["provenance"]["limits"] == {"conflicts": 2_000_000, "time_limit": 3600.0, "max_kinds": 2}
    bad = {**out, "differences": [{**out["differences"][0], "kind": {"a": {}}}]}
    assert _errors(validator, bad)


def test_schema_names_one_schema_at_a_time(run_cli):
    result = run_cli("schema", "--check", "--diff")
    assert result.exit_code == 2 and "one of them" in result.stderr


def test_compare_json_carries_provenance(run_cli):
    out = json.loads(run_cli("compare", "instances/hh/einzelbewerber.yaml", "--json").stdout)
    assert set(out) == {"case", "comparison", "provenance"}
    assert out["provenance"]["bounds"] is None and len(out["provenance"]["encodings_sha256"]) == 64


def test_the_report_ends_with_its_provenance(run_cli, tmp_path):
    target = tmp_path / "r.md"
    args = ("report", "hh-bezvwg-36", *TINY, "--vacancies", "0", "--jobs", "1", "-o", target)
    assert run_cli(*args).exit_code == 0
    text = target.read_text(encoding="utf-8")
    footer = text.split("## Provenance", 1)[1]
    from nachruecken.output.provenance import encodings_sha256

    assert encodings_sha256() in footer and "noms = 1" in footer and "time_limit = 3600.0" in footer

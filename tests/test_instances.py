"""The worked cases in instances/: every expectation holds, and together they use every norm."""

from __future__ import annotations

import functools
import re

import pytest

from nachruecken.case.loader import load_case
from nachruecken.engine.determine import determine_case
from nachruecken.law.statutes import encoded_statutes, load_statute

import profiles
from conftest import ROOT
from profiles import worked_cases

INSTANCE_FILES = sorted((ROOT / "instances").rglob("*.yaml"))
CASES = worked_cases(INSTANCE_FILES)  # the per-case differential tests (tests/profiles.py)


@pytest.mark.parametrize("path", INSTANCE_FILES, ids=[str(p.relative_to(ROOT)) for p in INSTANCE_FILES])
def test_instance_meets_its_expectation(path):
    from nachruecken.engine.expectations import compare

    case = load_case(path)
    assert case.expected, f"{path} has no expected block"
    checks = compare(case.expected, determine_case(case))
    assert checks and all(c.passed for c in checks), [c.detail for c in checks if not c.passed]


def test_cli_test_command_passes_on_instances(run_cli):
    # (every worked case meets its expectation above; here the command over folders: all under --thorough)
    result = run_cli("test", *(["instances"] if profiles.THOROUGH else ["instances/rp", "instances/sn"]))
    assert result.exit_code == 0, result.output
    assert re.search(r"\b(\d+) passed, 0 failed", result.stdout)


def test_cli_test_command_fails_on_a_wrong_expectation(run_cli, tmp_path):
    text = (ROOT / "instances/he/schenklengsfeld-2023.yaml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("successor: wolf", "successor: baumgardt"), encoding="utf-8")
    result = run_cli("test", wrong)
    assert result.exit_code == 1
    assert "0 passed, 1 failed" in result.stdout and "baumgardt" in result.stdout


def _fired_norms(det: dict) -> set[str]:
    fired = set()
    for part in ("candidates", "grounds", "trigger_grounds", "notes"):
        for item in det.get(part, []):
            fired.add(item["norm"])
            fired.update(n["norm"] for n in item.get("norms", []))
    return fired


@functools.cache
def _applied() -> dict[str, tuple[set, set, set]]:
    """Per statute text: the norms its determinations in the worked cases used, the citations they
    referred to, and the files that have a determination under it."""
    out: dict[str, tuple[set, set, set]] = {}
    for path in INSTANCE_FILES:
        for det in determine_case(load_case(path))["determinations"]:
            fired, cited, files = out.setdefault(det["statute"], (set(), set(), set()))
            fired |= _fired_norms(det)
            if det["referred_to"]:
                cited.add(det["referred_to"])
            files.add(path)
    return out


@pytest.mark.parametrize("statute", encoded_statutes())
def test_worked_cases_exercise_every_listed_norm(statute):
    """Every norm a text's catalogue lists is used by a worked case decided under that text (a later
    version that extends another answers for the norms it adds or rewords), and each text has at
    least ten worked cases."""
    st = load_statute(statute)
    fired, cited, files = _applied().get(statute, (set(), set(), set()))
    own = set(_own_norms(statute)) if _own_norms(statute) is not None else set(st.norms)
    cited_ids = {nid for nid, n in st.norms.items() if n.citation in cited}
    missing = own - fired - cited_ids
    assert not missing, f"norms of {statute} no worked case uses: {sorted(missing)}"
    assert len(files) >= 10, f"{statute}: {len(files)} worked cases"


def _own_norms(statute: str):
    import yaml

    from nachruecken.law.statutes import encodings_dir

    cat = yaml.safe_load((encodings_dir() / statute / "catalogue.yaml").read_text(encoding="utf-8"))
    return cat["norms"] if cat.get("extends") else None


def _decisions(result: dict) -> list[tuple]:
    return [
        (
            d["vacancy"],
            d["outcome"],
            d["successor"],
            d["lot_between"],
            tuple((c["person"], c["status"], c.get("reason")) for c in d["candidates"] if c["status"] != "behind"),
        )
        for d in result["determinations"]
    ]


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(ROOT)) for p in CASES])
def test_all_candidates_adds_rows_and_changes_no_decision(path):
    """--all-candidates only shows more: the same outcomes, and every row (and ground) shown without
    it is shown with it, in the same order, with the same status and reason."""
    case = load_case(path)
    plain, full = determine_case(case), determine_case(case, all_candidates=True)
    assert [d[:4] for d in _decisions(plain)] == [d[:4] for d in _decisions(full)]
    for a, b in zip(plain["determinations"], full["determinations"]):
        rows = [(c["person"], c["status"], c.get("reason")) for c in b["candidates"]]
        shown = [(c["person"], c["status"], c.get("reason")) for c in a["candidates"]]
        it = iter(rows)
        assert all(row in it for row in shown), (shown, rows)  # a subsequence
        # grounds may only be added (e.g. Brandenburg explains how rows without a vote count rank)
        it = iter([g["norm"] for g in b["grounds"]])
        assert all(g["norm"] in it for g in a["grounds"])


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_empty_and_no_repeated_grounds(lang):
    """Every ground says something, and no determination says the same ground twice (a referred or
    undetermined outcome once repeated its pool's ground)."""
    for path in INSTANCE_FILES:
        for det in determine_case(load_case(path), lang=lang)["determinations"]:
            said = [(g["norm"], g["explanation"]) for g in det["grounds"] + det["trigger_grounds"]]
            assert all(text for _, text in said), (path.name, det["vacancy"])
            assert len(said) == len(set(said)), (path.name, det["vacancy"], said)


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(ROOT)) for p in CASES])
def test_every_worked_case_decides_the_same_as_json_and_as_lp_facts(path, tmp_path):
    """Every key a worked case uses (also the 2011/2024 ones: cause, group, non_member,
    period_start) survives the other formats."""
    from nachruecken.case.convert import to_json, to_lp

    case = load_case(path)
    want = _decisions(determine_case(case))
    (tmp_path / "c.json").write_text(to_json(case), encoding="utf-8")
    (tmp_path / "c.lp").write_text(to_lp(case), encoding="utf-8")
    for other in ("c.json", "c.lp"):
        assert _decisions(determine_case(load_case(tmp_path / other))) == want, other

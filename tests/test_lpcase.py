"""`.lp` case files: the input predicates only; same determination as the YAML form."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT

LP_CASE = """% Schenklengsfeld 2023 as facts
statute("he").
election_date(20210314).
nomination("spd"). nomination_name("spd", "SPD").
candidate("spd", "weimar", 1). votes("spd", "weimar", 1510). elected("spd", "weimar").
candidate("spd", "spd-2", 2). votes("spd", "spd-2", 1420). elected("spd", "spd-2").
candidate("spd", "spd-3", 3). votes("spd", "spd-3", 1388). elected("spd", "spd-3").
candidate("spd", "wolf", 4). votes("spd", "wolf", 812). name("wolf", "Jürgen Wolf").
candidate("spd", "baumgardt", 5). votes("spd", "baumgardt", 905).
candidate("spd", "spd-6", 6). votes("spd", "spd-6", 640).
nomination("cdu").
candidate("cdu", "cdu-1", 1). votes("cdu", "cdu-1", 1701). elected("cdu", "cdu-1").
candidate("cdu", "cdu-2", 2). votes("cdu", "cdu-2", 990).
event(1, 20230820, "baumgardt", waived).
event(2, 20230831, "weimar", resigned).
"""


def _determinations(run_cli, path):
    result = run_cli("solve", path, "--json")
    assert result.exit_code == 0, result.output
    dets = json.loads(result.stdout)["determinations"]
    for det in dets:  # names differ between the two files; explanations carry names
        for part in ("candidates", "grounds", "trigger_grounds", "notes"):
            for item in det[part]:
                item.pop("explanation")
    return dets


def test_lp_case_decides_like_the_yaml_case(run_cli, tmp_path):
    lp = tmp_path / "case.lp"
    lp.write_text(LP_CASE, encoding="utf-8")
    assert _determinations(run_cli, lp) == _determinations(run_cli, ROOT / "instances/he/schenklengsfeld-2023.yaml")


REFUSED = [
    ("rule", 'statute("he").\na(X) :- b(X).\n', "line 2", "only facts are allowed"),
    ("constraint", 'statute("he").\n:- a.\n', "line 2", "only facts are allowed"),
    ("include", 'statute("he").\n#include "other.lp".\n', "line 2", "#include"),
    ("script", '#script (python)\nimport os\n#end.\nstatute("he").\n', "line 1", "Script"),
    ("const", '#const n = 3.\nstatute("he").\n', "line 1", "Definition"),
    ("show", 'statute("he").\n#show outcome/1.\n', "line 2", "ShowSignature"),
    ("output predicate", 'statute("he").\noutcome(vacant).\n', "line 2", "'outcome/1' is not an input predicate"),
    ("state predicate", 'statute("he").\nsits("a", "b").\n', "line 2", "'sits/2' is not an input predicate"),
    ("wrong arity", 'statute("he").\ncandidate("a", "b").\n', "line 2", "'candidate/2'"),
    ("choice", 'statute("he").\n{ elected("a", "b") }.\n', "line 2", "only plain facts"),
    ("interval", 'statute("he").\ncandidate("a", "b", 1..3).\n', "line 2", "plain values"),
    ("syntax", 'statute("he"\n', "line 2", "not valid ASP"),
    ("no statute", 'nomination("a").\n', "", "missing required fact statute/1"),
    (
        "impossible date",
        'statute("he"). nomination("a"). candidate("a","p",1). elected("a","p").\nevent(1, 20230230, "p", died).\n',
        "events[0].date",
        "not a real calendar date",
    ),
]


@pytest.mark.parametrize("label,text,where,fragment", REFUSED, ids=[r[0] for r in REFUSED])
def test_lp_refusals(label, text, where, fragment, run_cli, tmp_path):
    path = tmp_path / "bad.lp"
    path.write_text(text, encoding="utf-8")
    result = run_cli("solve", path)
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and str(path) in line and fragment in line, line
    if where:
        assert where in line


@pytest.mark.parametrize(
    "text",
    [
        'statute("nw").\nelection_date("2025-09-14").\nname(a, Jürgen Müller").\n',  # an umlaut outside a string
        'statute("nw").\nname(a, "Jürgen Müller, Bürgermeisterkandidat der Wählergruppe).\n',  # unclosed string
    ],
)
def test_a_syntax_error_near_non_ascii_text_is_a_one_line_error(text, tmp_path):
    """clingo cuts a long message inside a UTF-8 character and aborts the process (PANIC); the case file
    must still end with one line and exit status 2. Run as its own process: the abort would end pytest."""
    path = tmp_path / "case.lp"
    path.write_text(text, encoding="utf-8")
    probe = "from nachruecken.interfaces.launcher import main; main()"
    done = subprocess.run([sys.executable, "-c", probe, "solve", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "PANIC" not in done.stderr and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "not valid ASP: line" in lines[0], done.stderr

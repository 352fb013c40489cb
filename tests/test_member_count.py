"""Where the legal member count falls, the result names the norm that says so (member_count_norm), and
every view prints it with that citation: the terminal (English and German), Markdown, the act to sign
and its public notice (German first, an English translation), and the web desk's case page (issue 50)."""

from __future__ import annotations

import re
import shutil

import pytest
from rich.console import Console

from nachruecken.case.loader import load_case
from nachruecken.engine.determine import determine_case
from nachruecken.output.documents import feststellung as doc
from nachruecken.output.formats import member_count_words, to_markdown
from nachruecken.output.terminal import render

from conftest import ROOT, desk_client

# a worked vacant case per state whose encoding names the norm: (file, citation, the count after it)
REDUCED = {
    "he": ("instances/he/list-exhausted.yaml", "§ 34 Abs. 1 Satz 2 KWG", "14"),
    "bb": ("instances/bb/cross-district-exhausted.yaml", "§ 60 Abs. 3 Satz 6 BbgKWahlG", None),
    "nw": ("instances/nw/list-exhausted.yaml", "§ 45 Abs. 5 Satz 2 KWahlG", None),
}
GERMAN = "die gesetzliche Mitgliederzahl vermindert sich"
ENGLISH = "the legal member count falls"


def _decided(state: str, lang: str = "de"):
    case = load_case(ROOT / REDUCED[state][0])
    result = determine_case(case, lang=lang)
    (det,) = result["determinations"]
    return case, result, det


def _terminal(result: dict, case, lang: str) -> str:
    console = Console(width=200, record=True, color_system=None)
    render(result, case, console, lang)
    return console.export_text()


@pytest.mark.parametrize("state", sorted(REDUCED))
def test_the_result_names_the_norm_that_reduces_the_count(state):
    _, _, det = _decided(state)
    assert det["outcome"] == "vacant" and det["member_count_reduced"] is True
    assert det["member_count_norm"] == REDUCED[state][1]


@pytest.mark.parametrize("state", sorted(REDUCED))
@pytest.mark.parametrize(("lang", "words"), [("de", GERMAN), ("en", ENGLISH)])
def test_terminal_and_markdown_print_the_fall_with_its_citation(state, lang, words):
    case, result, _ = _decided(state, lang)
    citation = REDUCED[state][1]
    shown = _terminal(result, case, lang)
    outcome = "Ergebnis" if lang == "de" else "Outcome"
    line = next(x for x in shown.splitlines() if x.startswith(f"{outcome}:"))
    assert line.endswith(f"; {words} ({citation})"), line
    assert f"; {words} ({citation})" in to_markdown(result, case, lang)


@pytest.mark.parametrize("state", sorted(REDUCED))
def test_the_act_and_the_notice_say_the_count_falls_under_its_norm(state):
    case, result, det = _decided(state)
    _, citation, count = REDUCED[state]
    count = count or "[____ neue Mitgliederzahl ____]"
    sentence = f"Die gesetzliche Mitgliederzahl vermindert sich um einen Sitz auf {count} ({citation})."
    for kind in ("act", "notice"):
        assert sentence in doc.markdown(result, case, det, "de", kind), kind
    assert not doc.applies("letter", det)  # nobody to write to: the seat stays empty
    case, result, det = _decided(state, "en")
    count = REDUCED[state][2] or "[____ new member count ____]"
    english = f"The legal member count falls by one seat to {count} ({citation})."
    assert english in doc.markdown(result, case, det, "en", "act")


def test_the_html_and_pdf_act_print_the_citation_of_the_fall(tmp_path):
    case, result, det = _decided("he")
    sentence = "Die gesetzliche Mitgliederzahl vermindert sich um einen Sitz auf 14 (§ 34 Abs. 1 Satz 2 KWG)."
    assert sentence in doc.to_html(doc.markdown(result, case, det, "de", "act"))
    pypdf = pytest.importorskip("pypdf")
    pytest.importorskip("weasyprint")
    from typer.testing import CliRunner

    from nachruecken.interfaces.cli import app

    target = tmp_path / "act.pdf"
    ran = CliRunner().invoke(app, ["feststellung", str(ROOT / REDUCED["he"][0]), "-o", str(target)])
    assert ran.exit_code == 0, ran.output
    text = re.sub(r"\s+", " ", "".join(page.extract_text() for page in pypdf.PdfReader(str(target)).pages))
    assert sentence in text


@pytest.mark.parametrize("state", sorted(REDUCED))
def test_the_web_desk_prints_the_fall_with_its_citation_german_first(state, tmp_path):
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")

    from nachruecken.interfaces.web.app import create_app

    shutil.copy(ROOT / REDUCED[state][0], tmp_path / "rat.yaml")
    desk = desk_client(create_app(tmp_path), base_url="http://127.0.0.1:8765", follow_redirects=False)
    citation = REDUCED[state][1]
    outcome = re.search(r'<p class="outcome">(.*?)</p>', desk.get("/cases/rat").text).group(1)
    assert outcome == f"Ergebnis: Sitz bleibt leer; {GERMAN} ({citation})"
    desk.get("/lang/en?next=/cases/rat")
    outcome = re.search(r'<p class="outcome">(.*?)</p>', desk.get("/cases/rat").text).group(1)
    assert outcome == f"Outcome: seat stays empty; {ENGLISH} ({citation})"


def test_a_count_that_stays_or_is_left_open_names_no_norm():
    stays = determine_case(load_case(ROOT / "instances/mv/landtag-list-exhausted.yaml"), lang="de")
    det = stays["determinations"][0]
    assert det["member_count_norm"] is None
    assert member_count_words(det, "de") == "die gesetzliche Mitgliederzahl bleibt unverändert"
    # Bayern: whether the count falls is not in the material; the note says so, the outcome line does not
    left_open = determine_case(load_case(ROOT / "instances/by/exhausted.yaml"), lang="en")
    det = next(d for d in left_open["determinations"] if d["outcome"] == "vacant")
    assert any(n["code"] == "member_count_open" for n in det["notes"])
    assert det["member_count_norm"] is None and member_count_words(det, "en") == ""

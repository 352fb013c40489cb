"""`nachruecken feststellung`: the documents of a determination (act, notice, letter, checklist) in Markdown,
HTML, DOCX and PDF; the act holds the law and the facts only, the checklist what to check before signing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nachruecken.case.loader import load_case
from nachruecken.engine.determine import determine_case
from nachruecken.interfaces.cli import app
from nachruecken.output.documents import feststellung as doc
from nachruecken.output.documents.clean import TOOL_WORDS
from nachruecken.output.documents.context import _concerns

from conftest import ROOT
from profiles import worked_cases

GOLDEN = {
    "he": "instances/he/schenklengsfeld-2023.yaml",
    "nw": "instances/nw/2024-waiver-and-reservation.yaml",
    "bb": "instances/bb/spremberg-2025.yaml",
    "mv": "instances/mv/guetzkow-2023.yaml",
    "hh": "instances/hh/bezirksliste-personal-seat.yaml",
}
INSTANCE_FILES = sorted((ROOT / "instances").rglob("*.yaml"))
CASES = worked_cases(INSTANCE_FILES)  # (tests/profiles.py)
SIGNED = ("act", "notice", "letter")


def _run(*args):
    return CliRunner().invoke(app, list(map(str, args)))


@pytest.mark.parametrize("state", sorted(GOLDEN))
@pytest.mark.parametrize("kind", ["act", "checklist"])
def test_one_german_document_per_statute_is_unchanged(state, kind):
    """If a change alters a document on purpose, read the new one as the officer would and regenerate it
    (nachruecken feststellung CASE --document KIND -o tests/golden/feststellung/STATE[-KIND].md)."""
    got = _run("feststellung", GOLDEN[state], "--document", kind).stdout
    name = f"{state}.md" if kind == "act" else f"{state}-{kind}.md"
    assert got == (ROOT / "tests/golden/feststellung" / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(ROOT)) for p in CASES])
def test_every_worked_case_gets_documents_with_the_law_and_the_facts_and_a_checklist(path):
    case = load_case(path)
    result = determine_case(case, lang="de")
    shown = lambda pid: case.names.get(pid) or f"[____ Name von {pid} ____]"
    checklists = ""
    for det in result["determinations"]:
        texts = {k: doc.markdown(result, case, det, "de", k) for k in doc.KINDS if doc.applies(k, det)}
        for kind in SIGNED:
            if kind in texts:
                found = [m.group(0) for m in TOOL_WORDS.finditer(texts[kind])]
                assert not found, (kind, found, texts[kind])
        act = texts["act"]
        assert shown(det["vacancy"]) in act and "[____ Unterschrift ____]" in act
        if det["successor"]:
            assert f"dass {shown(det['successor'])} aus dem Wahlvorschlag" in act
        # a letter asks the successor to declare: not once the case records his acceptance (or silence)
        accepted = (det.get("membership") or {}).get("status") in ("accepted", "deemed_accepted")
        assert ("letter" in texts) == bool(det["successor"] and not accepted)
        for c in det["candidates"]:
            if c["status"] == "skipped":
                assert shown(c["person"]) in act and c["citation"] in act
        checklists += texts["checklist"]
        for warning in result["warnings"]:
            if _concerns(warning, det, result):
                assert warning in texts["checklist"]  # every warning of the case is a box to check
        assert all(line.startswith("- [ ] ") for line in texts["checklist"].splitlines() if line.startswith("- "))
    for warning in result["warnings"]:
        assert warning in checklists or not result["determinations"]


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(ROOT)) for p in CASES])
def test_every_document_renders_as_html_and_docx(path):
    pytest.importorskip("docx")
    case = load_case(path)
    result = determine_case(case, lang="de")
    for det in result["determinations"]:
        for kind in doc.KINDS:
            if doc.applies(kind, det):
                text = doc.markdown(result, case, det, "de", kind)
                html = doc.to_html(text)
                assert html.startswith("<!DOCTYPE html>") and "size: A4" in html and "counter(page)" in html
                assert doc.to_docx(text)[:2] == b"PK"


@pytest.mark.parametrize("pid", ["../../outside", "/tmp/absolute", "a/b", "Ärger ünd ß"])
def test_all_names_its_files_by_a_slug_of_the_id_inside_the_folder(tmp_path, pid):
    """An id that is a path (or holds a separator) never names a file outside the folder (issue 52)."""
    text = (ROOT / "instances/he/majority-lot.yaml").read_text(encoding="utf-8").replace("u2", f'"{pid}"')
    case = tmp_path / "case.yaml"
    case.write_text(text, encoding="utf-8")
    out = tmp_path / "deep" / "akte"
    result = _run("feststellung", case, "--document", "all", "-o", out)
    assert result.exit_code == 0, result.output
    written = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file())
    assert all(
        w.startswith("deep/akte/") and "/" not in w.removeprefix("deep/akte/") for w in written if w != "case.yaml"
    )
    assert len(written) == 4  # the case, and its act, notice and checklist
    assert not list(tmp_path.glob("*-act.md")) and not Path("/tmp/absolute-act.md").exists()


def test_all_writes_each_document_of_each_vacancy_and_keeps_the_previous(tmp_path):
    out = tmp_path / "akte"
    result = _run("feststellung", "instances/he/majority-lot.yaml", "--document", "all", "-o", out)
    assert result.exit_code == 0, result.output
    # a lot: no one to notify, so no letter
    assert sorted(p.name for p in out.iterdir()) == ["u2-act.md", "u2-checklist.md", "u2-notice.md"]
    (out / "u2-act.md").write_text("von Hand\n", encoding="utf-8")
    assert _run("feststellung", "instances/he/majority-lot.yaml", "--document", "all", "-o", out).exit_code == 0
    assert (out / "u2-act.md.bak").read_text(encoding="utf-8") == "von Hand\n"
    letter = _run("feststellung", "instances/he/majority-lot.yaml", "--document", "letter")
    assert letter.exit_code == 2 and "no letter" in letter.stderr
    assert _run("feststellung", "instances/he/majority-lot.yaml", "--document", "all").exit_code == 2  # needs -o


def test_each_outcome_says_what_is_left_to_decide():
    lot = _run("feststellung", "instances/he/majority-lot.yaml").stdout
    assert "das vom Wahlleiter zu ziehende Los" in lot
    checklist = _run("feststellung", "instances/he/majority-lot.yaml", "--document", "checklist").stdout
    assert "- [ ] Noch zu entscheiden: der Losentscheid" in checklist
    vacant = _run("feststellung", "instances/mv/guetzkow-2023.yaml").stdout
    assert "unbesetzt bleibt" in vacant
    election = _run("feststellung", "instances/mv/landtag-einzelbewerber.yaml").stdout
    assert "durch Neuwahl im Wahlkreis zu besetzen" in election
    referred = _run("feststellung", "instances/he/2011-mayor-referred.yaml", "--vacancy", "lenz").stdout
    assert "richtet sich nach § 33 Abs. 1 Nr. 2 KWG" in referred and "lenz#2" not in referred
    second = _run("feststellung", "instances/he/2011-mayor-referred.yaml", "--vacancy", "lenz#2").stdout
    assert "Lutz Lorenz aus dem Wahlvorschlag CDU" in second
    assert _run("feststellung", "instances/he/2011-mayor-referred.yaml", "--vacancy", "nobody").exit_code == 2


def test_the_remedy_is_verified_text_or_a_marked_blank_with_a_checklist_line():
    he = _run("feststellung", GOLDEN["he"]).stdout
    assert "binnen einer Ausschlussfrist von zwei Wochen" in he and "§ 34 Abs. 4 Satz 1 in Verbindung mit § 25" in he
    assert "(§ 25 Abs. 2 KWG)" in he and "(§ 34 Abs. 4 Satz 2 KWG)" in he
    he_check = _run("feststellung", GOLDEN["he"], "--document", "checklist").stdout
    assert "§ 34 Abs. 4 KWG in der Fassung seit 2011 liegt dem Programm nicht im Wortlaut vor" in he_check
    assert "§ 58 KWO" in he_check
    nw = _run("feststellung", GOLDEN["nw"]).stdout
    # § 45 Abs. 6 Satz 8 is text; the period of § 39 Abs. 1 is not in the material: a blank, never "a month"
    assert "§ 45 Abs. 6 Satz 8" in nw and "[____ Frist, Form und Stelle nach § 39 Abs. 1 KWahlG ____]" in nw
    assert "Monat" not in nw
    assert "(§ 45 Abs. 6 Satz 7 KWahlG)" in nw  # the duty to publish
    mv = _run("feststellung", GOLDEN["mv"]).stdout
    assert "§ 46 Abs. 4" in mv and "zwei Wochen" not in mv and "[____ Frist, Form und Stelle nach § 35" in mv
    hh = _run("feststellung", GOLDEN["hh"]).stdout
    assert "[____ Rechtsbehelfsbelehrung ____]" in hh
    assert "für gewählt erklärt wird" in hh and "[____ Vertretungskörperschaft ____]" in hh


def test_the_law_is_named_in_full_once_and_the_letterhead_is_blank():
    for state, name in {"he": "Hessisches Kommunalwahlgesetz (KWG)", "nw": "Kommunalwahlgesetz NRW (KWahlG)"}.items():
        act = _run("feststellung", GOLDEN[state]).stdout
        assert act.count(name) == 1 and act.startswith("[____ Behörde ____]")


def test_no_assumed_deadline_in_a_document():
    # Spremberg records no notification: the tool's four-week assumption is only in the checklist
    bb = _run("feststellung", GOLDEN["bb"]).stdout
    assert "10. Februar 2025" not in bb
    assert "Marko Kossack hat die Wahl angenommen; die Mitgliedschaft beginnt am 22. Januar 2025." in bb
    he = _run("feststellung", GOLDEN["he"]).stdout
    assert "erwirbt die Rechtsstellung eines Vertreters mit dieser Feststellung" in he
    assert "Benachrichtigung" not in he.split("## 5.")[1].split("##")[0]


def test_hessen_dates_the_act_when_it_is_signed_and_a_verzicht_takes_effect_with_it():
    he = _run("feststellung", GOLDEN["he"]).stdout
    assert "zu datieren" not in he and "der Fall" not in he
    assert "auf Grund des Verzichts mit dieser Feststellung aus der Vertretung ausscheidet" in he
    assert "mit Wirkung vom 31. August 2023" not in he and he.rstrip().splitlines()[-5].endswith("[____ Datum ____]")
    recorded = _run("feststellung", "instances/he/2011-determination-recorded.yaml").stdout
    assert "[____ Datum ____]" not in recorded.split("[____ Ort ____], den")[1].splitlines()[0]


def test_an_outcome_that_rests_on_a_reading_states_the_view_and_the_checklist_names_the_reading():
    act = _run("feststellung", "instances/bb/majority-lot.yaml").stdout
    assert "(§ 60 Abs. 5 BbgKWahlG, nach der hier vertretenen Auslegung)" in act and "Lesart" not in act
    checklist = _run("feststellung", "instances/bb/majority-lot.yaml", "--document", "checklist").stdout
    assert "Das Ergebnis beruht auf einer Lesart" in checklist and "bb.majority_tie" in checklist


def test_the_letter_names_the_period_silence_and_a_reservation_with_their_norms():
    letter = _run("feststellung", "instances/nw/2024-interrupted-eligibility.yaml", "--document", "letter").stdout
    for norm in ("§ 45 Abs. 6 Satz 2 KWahlG", "§ 45 Abs. 6 Satz 4 KWahlG", "§ 45 Abs. 6 Satz 5, 6 KWahlG"):
        assert norm in letter
    assert "Die Frist beginnt mit der Zustellung dieses Schreibens." in letter
    he = _run("feststellung", "instances/he/2011-exhausted.yaml", "--document", "letter")
    assert he.exit_code == 2  # nobody to notify


def test_salutation_gives_the_anrede_and_the_greeting(tmp_path, write_case):
    data = {
        "statute": "nw-kwahlg-45",
        "nominations": [
            {
                "id": "cdu",
                "candidates": [
                    {"id": "m", "name": "Bernd Muster", "elected": True, "salutation": "Herr"},
                    {"id": "b", "name": "Anna Beispiel", "salutation": "Frau"},
                ],
            }
        ],
        "events": [{"date": "2022-02-14", "person": "m", "type": "died"}],
    }
    path = write_case(data)
    act = _run("feststellung", path).stdout
    assert "Herr Bernd Muster (cdu) ist am 14. Februar 2022 verstorben" in act
    assert "an die Stelle von Bernd Muster" in act  # no "von Herr": the operative names without the Anrede
    letter = _run("feststellung", path, "--document", "letter").stdout
    assert "Sehr geehrte Frau Beispiel," in letter and letter.count("Frau Anna Beispiel") == 1


def test_an_english_translation_html_and_checkboxes(tmp_path):
    en = _run("feststellung", GOLDEN["he"], "--lang", "en").stdout
    assert "# Determination of a member's departure and the succession" in en
    target = tmp_path / "f.html"
    assert _run("feststellung", GOLDEN["he"], "--document", "checklist", "-o", target).exit_code == 0
    html = target.read_text(encoding="utf-8")
    assert '<html lang="de">' in html and '<p class="todo">☐ ' in html


def test_docx_is_a4_german_and_reads_back(tmp_path):
    docx = pytest.importorskip("docx")
    target = tmp_path / "f.docx"
    assert _run("feststellung", GOLDEN["bb"], "-o", target).exit_code == 0
    document = docx.Document(str(target))
    paragraphs = [p.text for p in document.paragraphs]
    assert "Feststellung über das Ausscheiden eines Mitglieds und das Nachrücken" in paragraphs
    assert any("Marko Kossack aus dem Wahlvorschlag Wählergruppe Brandschutz" in p for p in paragraphs)
    assert round(document.sections[0].page_width.cm, 1) == 21.0
    assert b'w:val="de-DE"' in document.styles["Normal"].element.xml.encode()
    assert _run("feststellung", GOLDEN["bb"], "--format", "docx").exit_code == 2  # a DOCX needs a file
    assert _run("feststellung", GOLDEN["he"], "--format", "html", "-o", target).exit_code == 2


# one case per encoded text
PDF_CASES = {
    **GOLDEN,
    "he-old": "instances/he/tie-list-order-accepted.yaml",
    "nw-2019": "instances/nw/his-substitute.yaml",
}


def _pdf_reads_back(path: str, target) -> None:
    pypdf = pytest.importorskip("pypdf")
    result = _run("feststellung", path, "-o", target)
    assert result.exit_code == 0, result.output
    text = re.sub(r"\s+", " ", "".join(page.extract_text() for page in pypdf.PdfReader(str(target)).pages))
    case = load_case(ROOT / path)
    det = determine_case(case, lang="de")["determinations"][0]
    if det["successor"]:
        assert case.names.get(det["successor"], f"Name von {det['successor']}") in text
    assert det["outcome_ground"]["citation"].split(" ")[1] in text and "Unterschrift" in text and "1 / " in text


@pytest.mark.parametrize("name", sorted(PDF_CASES))
def test_a_pdf_act_reads_back_with_the_successor_the_norm_and_the_blanks(tmp_path, name):
    pytest.importorskip("weasyprint")
    _pdf_reads_back(PDF_CASES[name], tmp_path / "act.pdf")


@pytest.mark.thorough
@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(ROOT)) for p in CASES])
def test_every_worked_case_gives_a_pdf_act(tmp_path, path):
    pytest.importorskip("weasyprint")
    case = load_case(path)
    dets = determine_case(case, lang="de")["determinations"]
    if dets and dets[0]["outcome_ground"]:
        _pdf_reads_back(str(path.relative_to(ROOT)), tmp_path / "act.pdf")


def test_a_call_the_office_never_made_is_not_a_person_passed_over_in_the_act():
    text = _run("feststellung", "instances/bb/recorded-call-other-wahlkreis.yaml", "--vacancy", "albers").stdout
    section = text.split("## 3.")[1].split("## 4.")[0]
    assert "Brand" not in section and "Cordes" in text.split("## 4.")[1]
    checklist = _run(
        "feststellung",
        "instances/bb/recorded-call-other-wahlkreis.yaml",
        "--vacancy",
        "albers",
        "--document",
        "checklist",
    ).stdout
    assert "die verzeichnete Berufung gilt" in checklist  # the conflict is a point to check before signing

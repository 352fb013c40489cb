"""Exports as election programs write them (issue 51): a number and a name of one thing are one thing,
title lines above the header and a total row below, UTF-16 with tabs, and the column map the office
sees and corrects with `--spalte`."""

from __future__ import annotations

import pytest
import yaml

import nachruecken

from conftest import ROOT

EXAMPLES = ROOT / "examples"
NW = EXAMPLES / "nw" / "export-2"
HE = EXAMPLES / "he" / "export-2"


def _import(run_cli, tmp_path, source, *extra, name="case.yaml"):
    out = tmp_path / name
    return run_cli("import", str(source), "-o", str(out), *extra), out


def _decided(path) -> list:
    return [(d["vacancy"], d["outcome"], d["successor"]) for d in nachruecken.decide(path)["determinations"]]


def _nw(run_cli, tmp_path, source, events="ereignisse.csv", *extra):
    args = ("--statute", "nw", "--events", str(NW / events), "--fall", str(NW / "fall.csv"), *extra)
    return _import(run_cli, tmp_path, source, *args, name=f"{source.stem}.yaml")


@pytest.mark.parametrize(
    "events, successor", [("ereignisse.csv", "paula-weber"), ("ereignisse-ablehnung.csv", "carl-jansen")]
)
def test_an_nrw_export_with_numbers_and_names_decides_without_editing(run_cli, tmp_path, events, successor):
    # Wahlbezirk-Nr. + Wahlbezirk, Wahlvorschlag-Nr. + Wahlvorschlag, two title lines, a total row, Beruf,
    # Wohnort, Geburtsjahr: the Ersatzbewerberin of the direct winner, the Reserveliste after she declines
    result, out = _nw(run_cli, tmp_path, NW / "wahlergebnis-rat-2020.csv", events)
    assert result.exit_code == 0, result.stderr
    assert _decided(out) == [("anna-schmitz", "successor", successor)]
    case = yaml.safe_load(out.read_text(encoding="utf-8"))
    districts = sorted(n["name"] for n in case["nominations"] if n.get("tier") == "district")
    assert districts[0] == "CDU – Wahlbezirk 01 Altstadt"  # the number keys it, the name labels it
    assert "Zeilen über der Kopfzeile (bis Zeile 2) nicht übernommen" in result.stderr
    assert "Zeile 11 ist eine Summenzeile, nicht übernommen" in result.stderr


def test_the_column_map_says_how_each_column_was_read(run_cli, tmp_path):
    result, _ = _nw(run_cli, tmp_path, NW / "wahlergebnis-rat-2020.csv")
    lines = result.stderr.splitlines()
    start = lines.index("Spalten gelesen als:")
    shown = " ".join(line.strip() for line in lines[start + 1 : start + 16])
    for pair in (
        "'Wahlbezirk-Nr.': Wahlbezirk (Nummer oder Name)",
        "'Wahlbezirk': Wahlbezirk (Name neben der Nummer)",
        "'Wahlvorschlag-Nr.': Wahlvorschlag (Nummer)",
        "'Wahlvorschlag': Wahlvorschlag (Name)",
        "'Beruf': Angabe zur Person (Bekanntmachung; entscheidet nichts)",
    ):
        assert pair in shown, (pair, shown)


def test_a_hessian_unicode_text_export_keeps_the_title_and_orders_by_votes(run_cli, tmp_path):
    # UTF-16 with BOM and tabs, a title line and a blank line, Wahlvorschlag-Nr. + Wahlvorschlag +
    # Kurzbezeichnung, Lfd. Nr. beside the Listenplatz, votes as "1 776" and "1.204"
    extra = ("--statute", "he", "--events", str(HE / "ereignisse.csv"), "--fall", str(HE / "fall.csv"))
    result, out = _import(run_cli, tmp_path, HE / "wahlergebnis-gemeindevertretung-2021.txt", *extra)
    assert result.exit_code == 0, result.stderr
    assert _decided(out) == [("dr-hans-mueller", "successor", "olaf-becker")]
    case = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert [n["name"] for n in case["nominations"]] == ["CDU", "SPD"]  # the Kurzbezeichnung names it
    names = [c["name"] for n in case["nominations"] for c in n["candidates"]]
    assert "Dr. Hans Müller" in names and "Prof. Dr. Tim Koch" in names
    votes = {c["id"]: c["votes"] for n in case["nominations"] for c in n["candidates"]}
    assert (votes["dr-hans-mueller"], votes["eva-schulz"]) == (1776, 1204)
    assert "'Lfd. Nr.': laufende Nummer neben dem Platz, nicht verwendet" in result.stderr


def test_the_same_export_in_every_encoding_delimiter_and_column_order_decides_the_same(run_cli, tmp_path):
    text = (NW / "wahlergebnis-rat-2020.csv").read_bytes().decode("cp1252")
    lines = text.split("\r\n")
    head_at = 2
    table = [line.split(";") for line in lines[head_at:] if line.strip(";")]
    order = list(range(len(table[0])))
    moved = order[5:] + order[:5]  # the columns in another order
    variants = {
        "cp1252": text.encode("cp1252"),
        "utf-8-bom": b"\xef\xbb\xbf" + text.encode("utf-8"),
        "utf-16-tabs": b"\xff\xfe" + text.replace(";", "\t").encode("utf-16-le"),
        "comma": "\r\n".join(",".join(f'"{c}"' if "," in c else c for c in line.split(";")) for line in lines).encode(),
        "columns-moved": "\r\n".join(";".join(row[k] for k in moved) for row in table).encode("cp1252"),
    }
    got = {}
    for name, raw in variants.items():
        src = tmp_path / f"{name}.csv"
        src.write_bytes(raw)
        result, out = _nw(run_cli, tmp_path, src, "ereignisse-ablehnung.csv")
        assert result.exit_code == 0, (name, result.stderr)
        got[name] = _decided(out)
    assert set(map(tuple, got.values())) == {(("anna-schmitz", "successor", "carl-jansen"),)}, got


def _one_list(tmp_path, text):
    path = tmp_path / "liste.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_row_whose_number_and_name_contradict_the_others_is_the_error(run_cli, tmp_path):
    src = _one_list(
        tmp_path,
        "Wahlvorschlag-Nr.;Wahlvorschlag;Name;Listenplatz;Stimmen;gewählt\n"
        "1;CDU;Adler;1;100;ja\n1;CDU;Bauer;2;50;\n1;SPD;Claus;1;80;ja\n",
    )
    result, out = _import(run_cli, tmp_path, src, "--statute", "he")
    assert result.exit_code == 2 and not out.exists()
    assert "Zeile 4" in result.stderr and "Wahlvorschlag Nr. 1 heißt in Zeile 2 'CDU'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    other = _one_list(tmp_path, "Wahlvorschlag-Nr.;Wahlvorschlag;Name;Listenplatz\n1;CDU;Adler;1\n2;CDU;Bauer;2\n")
    result, _ = _import(run_cli, tmp_path, other, "--statute", "he")
    assert result.exit_code == 2 and "'CDU' hat in Zeile 2 die Wahlvorschlag-Nr. 1" in result.stderr


def test_spalte_settles_a_column_the_import_cannot_place(run_cli, tmp_path):
    src = _one_list(
        tmp_path, "Partei;Lfd. Nr.;Name;Stimmen;gewählt\nCDU;1;Adler;100;ja\nCDU;2;Bauer;50;\nCDU;3;Claus;70;\n"
    )
    refused, _ = _import(run_cli, tmp_path, src, "--statute", "he")
    assert refused.exit_code == 2 and '--spalte "Lfd. Nr.=<feld>"' in refused.stderr
    result, out = _import(run_cli, tmp_path, src, "--statute", "he", "--spalte", "Lfd. Nr.=position")
    assert result.exit_code == 0, result.stderr
    places = [c["position"] for c in yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"][0]["candidates"]]
    assert places == [1, 2, 3]
    # "Kopf=-" leaves a column out: the votes are not read
    leave_out = ("--spalte", "Lfd. Nr.=-", "--spalte", "Stimmen=-")
    result, out = _import(run_cli, tmp_path, src, "--statute", "he", *leave_out, name="without.yaml")
    assert result.exit_code == 0 and "'Stimmen': nicht verwendet (--spalte)" in result.stderr
    assert all(
        "votes" not in c for c in yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"][0]["candidates"]
    )


@pytest.mark.parametrize(
    "choice, message",
    [
        ("Lfd. Nr.=platz", "--spalte 'Lfd. Nr.=platz': kein Feld 'platz'"),
        ("Nummer=position", "--spalte 'Nummer': keine solche Spalte in der Kopfzeile"),
        ("Lfd. Nr.", "--spalte 'Lfd. Nr.': erwartet"),
    ],
)
def test_a_wrong_spalte_is_one_line_and_exit_2(run_cli, tmp_path, choice, message):
    src = _one_list(tmp_path, "Partei;Lfd. Nr.;Name\nCDU;1;Adler\n")
    result, out = _import(run_cli, tmp_path, src, "--statute", "he", "--spalte", choice)
    assert result.exit_code == 2 and message in result.stderr and not out.exists(), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_felder_lists_every_field_a_spalte_may_name(run_cli):
    from nachruecken.case.office.columns import CANDIDATE_FIELDS

    result = run_cli("import", "--felder")
    assert result.exit_code == 0
    listed = {line.split()[0] for line in result.stdout.splitlines()}
    assert listed == set(CANDIDATE_FIELDS) | {"-", "extra"}


def test_beruf_wohnort_and_geburtsjahr_are_kept_as_the_persons_extra(run_cli, tmp_path):
    result, out = _nw(run_cli, tmp_path, NW / "wahlergebnis-rat-2020.csv")
    assert result.exit_code == 0, result.stderr
    case = yaml.safe_load(out.read_text(encoding="utf-8"))
    weber = next(c for n in case["nominations"] for c in n["candidates"] if c["id"] == "paula-weber")
    assert weber["extra"] == {"Beruf": "Ärztin", "Wohnort": "Musterstadt", "Geburtsjahr": "1980"}
    assert "Spalten nicht übernommen" not in result.stderr  # nothing of the export is left behind


def test_extra_never_changes_a_determination():
    """Metamorphic: what else the list says of a person (the case's `extra`) decides nothing."""
    import glob
    import json
    from pathlib import Path

    from nachruecken.case.loader import load_case
    from nachruecken.engine.determine import determine_case

    from profiles import worked_cases

    for path in worked_cases(sorted(Path(f) for f in glob.glob(str(ROOT / "instances/*/*.yaml")))):
        data = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8")), default=str))
        if not data.get("nominations"):
            continue
        plain = determine_case(load_case(path))["determinations"]
        for nom in data["nominations"]:
            for k, cand in enumerate(nom["candidates"]):
                cand["extra"] = {"Beruf": f"Beruf {k}", "Wohnort": "Ort", "id": "x", "elected": "ja"}
        from nachruecken.case.loader import build_case

        with_extra = determine_case(build_case(data, str(path)))["determinations"]
        keys = ("vacancy", "outcome", "successor", "candidates")
        assert [{k: d[k] for k in keys} for d in with_extra] == [{k: d[k] for k in keys} for d in plain], path


def test_the_notice_prints_the_successors_beruf_and_wohnort_not_his_address(run_cli, tmp_path):
    extra = ("--statute", "he", "--events", str(HE / "ereignisse.csv"), "--fall", str(HE / "fall.csv"))
    result, out = _import(run_cli, tmp_path, HE / "wahlergebnis-gemeindevertretung-2021.txt", *extra)
    assert result.exit_code == 0, result.stderr
    case = yaml.safe_load(out.read_text(encoding="utf-8"))
    becker = next(c for n in case["nominations"] for c in n["candidates"] if c["id"] == "olaf-becker")
    becker["extra"]["Anschrift"] = "Hauptstraße 1"
    out.write_text(yaml.safe_dump(case, allow_unicode=True), encoding="utf-8")
    notice = run_cli("feststellung", str(out), "--document", "notice")
    assert notice.exit_code == 0, notice.stderr
    assert "Nachrückende Person: Olaf Becker, Landwirt, Unterdorf" in notice.stdout
    assert "Hauptstraße" not in notice.stdout
    english = run_cli("feststellung", str(out), "--document", "notice", "--lang", "en")
    assert "Successor: Olaf Becker, Landwirt, Unterdorf" in english.stdout


def test_spalte_extra_keeps_any_column_for_the_documents(run_cli, tmp_path):
    src = _one_list(tmp_path, "Partei;Platz;Name;Ortsteil\nCDU;1;Adler;Nord\nCDU;2;Bauer;Süd\n")
    result, out = _import(run_cli, tmp_path, src, "--statute", "he", "--spalte", "Ortsteil=extra")
    assert result.exit_code == 0, result.stderr
    cands = yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"][0]["candidates"]
    assert [c.get("extra") for c in cands] == [{"Ortsteil": "Nord"}, {"Ortsteil": "Süd"}]


def test_an_xlsx_export_has_its_candidates_on_any_sheet(run_cli, tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    book.active.title = "Deckblatt"
    book.active.append(["Kommunalwahl 2021 - Export"])
    data = book.create_sheet("Ergebnis")
    data.append(["Gemeindewahl 14.03.2021"])
    for row in (
        ["Partei", "Platz", "Name", "Stimmen", "gewählt"],
        ["CDU", 1, "Adler", 100, "x"],
        ["CDU", 2, "Bauer", 40, None],
    ):
        data.append(row)
    src = tmp_path / "export.xlsx"
    book.save(src)
    result, out = _import(run_cli, tmp_path, src, "--statute", "he")
    assert result.exit_code == 0, result.stderr
    cands = yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"][0]["candidates"]
    assert [(c["id"], c.get("votes")) for c in cands] == [("adler", 100), ("bauer", 40)]
    # a message names the sheet the candidates are on
    data.append(["CDU", "drei", "Claus", 5, None])
    book.save(src)
    wrong, _ = _import(run_cli, tmp_path, src, "--statute", "he", name="wrong.yaml")
    assert wrong.exit_code == 2 and "Blatt Ergebnis, Zeile 5" in wrong.stderr, wrong.stderr


def test_extra_survives_a_conversion_to_json_and_back(run_cli, tmp_path):
    extra = ("--statute", "he", "--events", str(HE / "ereignisse.csv"), "--fall", str(HE / "fall.csv"))
    _, out = _import(run_cli, tmp_path, HE / "wahlergebnis-gemeindevertretung-2021.txt", *extra)
    as_json = tmp_path / "fall.json"
    assert run_cli("convert", str(out), "--to", "json", "-o", str(as_json)).exit_code == 0
    again = tmp_path / "again.yaml"
    assert run_cli("convert", str(as_json), "--to", "yaml", "-o", str(again)).exit_code == 0
    cands = [c for n in yaml.safe_load(again.read_text(encoding="utf-8"))["nominations"] for c in n["candidates"]]
    assert next(c for c in cands if c["id"] == "olaf-becker")["extra"] == {"Beruf": "Landwirt", "Wohnort": "Unterdorf"}


@pytest.mark.parametrize("cell", ["x", "ja", "1", "Sitz 4", "12", "gewählt"])
def test_gewaehlt_as_programs_write_it_elects(run_cli, tmp_path, cell):
    src = _one_list(tmp_path, f"Partei;Platz;Name;Stimmen;gewählt\nCDU;1;Adler;1.776;{cell}\nCDU;2;Bauer;1776;\n")
    result, out = _import(run_cli, tmp_path, src, "--statute", "he")
    assert result.exit_code == 0, result.stderr
    cands = yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"][0]["candidates"]
    assert [(c.get("elected", False), c["votes"]) for c in cands] == [(True, 1776), (False, 1776)]


def test_a_title_line_with_a_semicolon_does_not_make_a_tab_export_semicolon_delimited(run_cli, tmp_path):
    src = tmp_path / "liste.txt"
    src.write_text("Export; Stand 2021\nPartei\tPlatz\tName\tBeruf\nCDU\t1\tAdler\tKoch; Wirt\n", encoding="utf-8")
    result, out = _import(run_cli, tmp_path, src, "--statute", "he")
    assert result.exit_code == 0, result.stderr
    cand = yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"][0]["candidates"][0]
    assert (cand["id"], cand["extra"]) == ("adler", {"Beruf": "Koch; Wirt"})


def test_extra_is_written_to_the_offices_sheets_and_read_back(run_cli, tmp_path):
    extra = ("--statute", "he", "--events", str(HE / "ereignisse.csv"), "--fall", str(HE / "fall.csv"))
    _, out = _import(run_cli, tmp_path, HE / "wahlergebnis-gemeindevertretung-2021.txt", *extra)
    assert run_cli("convert", str(out), "--to", "csv", "-o", str(tmp_path / "blaetter")).exit_code == 0
    assert "Beruf;Wohnort" in (tmp_path / "blaetter" / "bewerber.csv").read_text(encoding="utf-8-sig").splitlines()[0]
    again, back = _import(run_cli, tmp_path, tmp_path / "blaetter", name="again.yaml")
    assert again.exit_code == 0, again.stderr
    first, second = (yaml.safe_load(p.read_text(encoding="utf-8")) for p in (out, back))
    extras = lambda case: {c["id"]: c.get("extra") for n in case["nominations"] for c in n["candidates"]}
    assert extras(second) == extras(first) and extras(first)["olaf-becker"] == {
        "Beruf": "Landwirt",
        "Wohnort": "Unterdorf",
    }


FORMULAS = ['=HYPERLINK("http://example.invalid","klick")', "@SUMME(1)", "+1 Tür", "-Minus"]


def test_no_name_becomes_a_formula_in_the_offices_spreadsheets(run_cli, tmp_path):
    """Issue 52 (CSV injection): a name that starts like a formula is text in xlsx and CSV output, and the
    import reads it back as it was."""
    openpyxl = pytest.importorskip("openpyxl")
    cands = "".join(f"  - {{id: p{k}, name: '{n.replace(chr(39), chr(39) * 2)}'}}\n" for k, n in enumerate(FORMULAS))
    case = tmp_path / "fall.yaml"
    case.write_text(
        "statute: he\nelection_date: 2021-03-14\nnominations:\n- id: cdu\n  candidates:\n"
        + cands.replace("p0,", "p0, elected: true,")
        + "events:\n- {date: 2022-01-01, person: p0, type: died}\n",
        encoding="utf-8",
    )
    assert run_cli("convert", str(case), "--to", "xlsx", "-o", str(tmp_path / "fall.xlsx")).exit_code == 0
    sheet = openpyxl.load_workbook(tmp_path / "fall.xlsx")["Bewerber"]
    cells = [c for row in sheet.iter_rows() for c in row if c.value in FORMULAS]
    assert len(cells) == len(FORMULAS) and all(c.data_type == "s" for c in cells)
    assert run_cli("convert", str(case), "--to", "csv", "-o", str(tmp_path / "blaetter")).exit_code == 0
    text = (tmp_path / "blaetter" / "bewerber.csv").read_text(encoding="utf-8-sig")
    assert all(f"'{n[:5]}" in text for n in FORMULAS) and ";=" not in text and ";@" not in text
    for source in (tmp_path / "fall.xlsx", tmp_path / "blaetter"):
        result, out = _import(run_cli, tmp_path, source, name=f"back-{source.name}.yaml")
        assert result.exit_code == 0, result.stderr
        names = [c["name"] for c in yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"][0]["candidates"]]
        assert names == FORMULAS, source
    solved = run_cli("solve", str(case), "--format", "csv")
    assert solved.exit_code == 0 and ",=" not in solved.stdout and ";=" not in solved.stdout

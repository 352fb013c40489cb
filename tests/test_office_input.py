"""Office input: an election program's export and an events sheet, as offices write them, become a case
that decides without hand edits; a case written back as the office's sheets reads in again unchanged."""

from __future__ import annotations

import pytest
import yaml

import nachruecken
from nachruecken.law.statutes import VERSIONS

from conftest import ROOT

EXAMPLES = ROOT / "examples"
# state folder, export, events sheet -> the vacancy and who fills it
WORKED = [
    ("nw", "wahlergebnis-rat-2020.csv", "ereignisse.csv", "bernd-muster", "anna-beispiel"),
    ("nw", "wahlergebnis-rat-2020.csv", "ereignisse-ablehnung.csv", "bernd-muster", "max-lorenz"),
    ("hh", "wahlergebnis-bezirksversammlung-2019.csv", "ereignisse.csv", "gesa-nolte", "hanna-moll"),
    ("bb", "wahlergebnis-kreistag-2019.csv", "ereignisse.csv", "uwe-lenz", "kai-moser"),
    ("he", "wahlergebnis-gemeindevertretung-2016.csv", "ereignisse.csv", "jonas-becker", "maren-claussen"),
    ("mv", "wahlergebnis-kreistag-2019.csv", "ereignisse.csv", "anke-tews", "tom-xylander"),
    ("rp", "wahlergebnis-gemeinderat-2024.csv", "ereignisse.csv", "matthias-klein", "peter-hoffmann"),
    ("sn", "wahlergebnis-gemeinderat-2024.csv", "ereignisse.csv", "kerstin-richter", "andreas-wolf"),
    ("sh", "wahlergebnis-gemeindevertretung-2023.csv", "ereignisse.csv", "hauke-hansen", "anke-asmussen"),
    ("st", "wahlergebnis-stadtrat-2024.csv", "ereignisse.csv", "kerstin-richter", "lena-lange"),
    ("by", "wahlergebnis-gemeinderat-2020.csv", "ereignisse.csv", "anna-maier", "franz-bauer"),
]


def _import(run_cli, tmp_path, source, *extra):
    out = tmp_path / "case.yaml"
    return run_cli("import", str(source), "-o", str(out), *extra), out


@pytest.mark.parametrize("state, export, events, vacancy, successor", WORKED, ids=[f"{w[0]}-{w[2]}" for w in WORKED])
def test_an_office_export_with_its_events_decides_without_editing(
    run_cli, tmp_path, state, export, events, vacancy, successor
):
    folder = EXAMPLES / state
    raw = (folder / export).read_bytes()
    assert b";" in raw.splitlines()[0] and b"\r\n" in raw  # as a German Excel writes it
    raw.decode("cp1252")
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")  # Windows-1252, not UTF-8
    result, out = _import(
        run_cli,
        tmp_path,
        folder / export,
        "--statute",
        state,
        "--events",
        folder / events,
        "--fall",
        folder / "fall.csv",
    )
    assert result.exit_code == 0, result.stderr
    assert "Spalten gelesen als:" in result.stderr  # every column of the program's export is named
    det = {d["vacancy"]: d for d in nachruecken.decide(out)["determinations"]}[vacancy]
    assert (det["outcome"], det["successor"]) == ("successor", successor)


def test_nrw_one_person_in_a_wahlbezirk_and_on_the_reserveliste_is_one_person(run_cli, tmp_path):
    folder = EXAMPLES / "nw"
    result, out = _import(run_cli, tmp_path, folder / "wahlergebnis-rat-2020.csv", "--statute", "nw")
    assert result.exit_code == 0, result.stderr
    case = yaml.safe_load(out.read_text(encoding="utf-8"))
    noms = {n["id"]: n for n in case["nominations"]}
    direct = noms["cdu-wahlbezirk-01-altstadt"]
    assert (direct["tier"], direct["district"], direct["group"]) == ("district", "01", "cdu")
    assert [c["id"] for c in direct["candidates"]] == ["bernd-muster"] and direct["candidates"][0]["elected"]
    reserve = noms["cdu"]
    assert reserve["group"] == "cdu" and "tier" not in reserve
    places = {c["id"]: c.get("position") for c in reserve["candidates"]}
    assert places["bernd-muster"] == 1 and places["doris-kaiser"] == 2
    anna = next(c for c in reserve["candidates"] if c["id"] == "anna-beispiel")
    assert anna == {
        "id": "anna-beispiel",
        "name": "Anna Beispiel",
        "substitute_for": ["bernd-muster"],
        "designated_only": True,
        "salutation": "Frau",
        "extra": {"Beruf": "Bankkauffrau", "Geburtsjahr": "1979"},  # the export's columns of the person
    }
    # a Wahlbezirk number names the party's candidate there, in that capacity
    lea = next(c for c in noms["spd"]["candidates"] if c["id"] == "lea-hoffmann")
    assert lea["substitute_for"] == [{"person": "sabine-kramer", "candidacy": "district"}]
    assert "Ersatzbewerberin ohne Reservelistenplatz: Anna Beispiel, für Bernd Muster" in result.stderr
    assert "Dr. Clara Adler" in out.read_text(encoding="utf-8")  # the title stays in the name


def _csv(tmp_path, text, name="liste.csv"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


NRW_HEAD = "Wahlbezirk;Partei;Platz Reserveliste;Name;Vorname;Ersatzbewerber für;gewählt\n"


@pytest.mark.parametrize(
    "rows, message",
    [
        ("01;CDU;1;Muster;Bernd;;ja\n", "'direkt' oder 'Reserveliste' angeben"),
        (";CDU;;Beispiel;Anna;Unbekannt, Uwe;nein\n", "'Unbekannt, Uwe' ist keine Person der Liste"),
        (";CDU;;Beispiel;Anna;09;nein\n", "keinem Wahlbezirk 09"),
        ("01;CDU;1;Muster;Bernd;;direkt\n;CDU;2;Muster;Bernd;;nein\n", "steht zweimal auf CDU"),
        ("01;CDU;;Muster;Bernd;;Reserveliste\n", "aber die Zeile nennt keinen Listenplatz"),
        ("01;CDU;1;Muster;Bernd;;vielleicht\n", "'vielleicht' ist kein Wert für gewählt"),
    ],
)
def test_an_nrw_list_that_cannot_be_read_stops_in_one_line_and_writes_nothing(run_cli, tmp_path, rows, message):
    src = _csv(tmp_path, NRW_HEAD + "01;CDU;1;Muster;Bernd;;direkt\n" * 0 + rows)
    result, out = _import(run_cli, tmp_path, src, "--statute", "nw")
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not out.exists()


def test_a_column_that_looks_like_structure_stops_the_import_others_are_named(run_cli, tmp_path):
    src = _csv(tmp_path, "Partei;Name;Ersatzbewerber für Listenplatz\nCDU;Muster;3\n")
    result, _ = _import(run_cli, tmp_path, src, "--statute", "nw")
    assert result.exit_code == 2 and "'Ersatzbewerber für Listenplatz' sieht nach Listenstruktur aus" in result.stderr
    src = _csv(tmp_path, "Partei;Name;Beruf;Geburtsjahr;Ortsteil\nCDU;Muster;Koch;1960;Nord\n")
    result, _ = _import(run_cli, tmp_path, src, "--statute", "he")
    assert result.exit_code == 0 and "Spalten nicht übernommen: Ortsteil" in result.stderr
    assert "'Beruf': Angabe zur Person" in result.stderr  # kept as the person's extra


def test_ersatzbewerber_outside_nrw_is_refused(run_cli, tmp_path):
    src = _csv(tmp_path, "Partei;Platz;Name;Ersatzbewerber für\nCDU;1;Muster;\nCDU;2;Beispiel;Muster\n")
    result, _ = _import(run_cli, tmp_path, src, "--statute", "bb")
    assert result.exit_code == 2 and "gibt es nur in NRW" in result.stderr


def test_a_direct_winner_without_his_partys_reserveliste_is_a_finding(run_cli, tmp_path):
    src = _csv(tmp_path, "Wahlbezirk;Partei;Name;gewählt\n07;CDU;Muster;direkt\n07;SPD;Lange;nein\n;SPD;Becker;nein\n")
    result, _ = _import(run_cli, tmp_path, src, "--statute", "nw")
    assert result.exit_code == 0
    assert "Hinweis: Wahlbezirk 07: keine Reserveliste der CDU für die gewählte Person (Muster)" in result.stderr


def test_hamburg_seat_types_come_from_the_gewaehlt_column(run_cli, tmp_path):
    folder = EXAMPLES / "hh"
    result, out = _import(run_cli, tmp_path, folder / "wahlergebnis-bezirksversammlung-2019.csv", "--statute", "hh")
    assert result.exit_code == 0, result.stderr
    case = yaml.safe_load(out.read_text(encoding="utf-8"))
    bl = next(n for n in case["nominations"] if "tier" not in n)
    assert {c["id"]: c.get("seat") for c in bl["candidates"] if c.get("elected")} == {
        "erik-pohl": "list",
        "gesa-nolte": "personal",
    }
    both = [n["id"] for n in case["nominations"] if any(c["id"] == "paul-lenz" for c in n["candidates"])]
    assert len(both) == 2  # his Wahlkreisliste and the Bezirksliste: one person


EVENTS_HEAD = "Datum;Name;Ereignis;Form\n"
LIST = "Partei;Platz;Name;Vorname;Stimmen;gewählt\nSPD;1;Meier;Jo;100;ja\nSPD;2;Meier;Ute;90;nein\nSPD;3;Busch;Kai;80;nein\n"


@pytest.mark.parametrize(
    "row, message",
    [
        ("01.02.2023;Meier;Tod", "'Meier' ist nicht eindeutig: in Frage kommen Jo Meier, Ute Meier"),
        ("01.02.2023;Meyer, Jo;Tod", "'Meyer, Jo' ist keine Person der Liste (ähnlich: Jo Meier"),
        ("01.02.2023;Busch;Wahlanfechtung", "'Wahlanfechtung' ist kein bekanntes Ereignis"),
        ("01.02.2023;Busch;Fraktionsaustritt", "ein Fraktionsaustritt ist kein Austritt aus der Partei"),
        ("01.02.2023;Busch;Tod;schriftlich", "'Form' gilt nur für Ablehnung, Verzicht auf die Anwartschaft"),
        ("31.02.2023;Busch;Tod", "'31.02.2023' ist kein Datum"),
    ],
)
def test_an_events_sheet_names_persons_and_words_it_cannot_match(run_cli, tmp_path, row, message):
    src, events = _csv(tmp_path, LIST), _csv(tmp_path, EVENTS_HEAD + row + "\n", "ereignisse.csv")
    result, out = _import(run_cli, tmp_path, src, "--statute", "he", "--events", events)
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert "Zeile 2" in result.stderr and len(result.stderr.strip().splitlines()) == 1 and not out.exists()


def test_events_in_german_decide_like_the_english_types(run_cli, tmp_path):
    src = _csv(tmp_path, LIST)
    events = _csv(
        tmp_path,
        "Datum;Name;Ereignis;Form\n01.02.2023;Meier, Jo;Mandatsverzicht;schriftlich\n"
        "02.02.2023;Ute Meier;Verzicht auf die Anwartschaft;schriftlich\n",
        "ereignisse.csv",
    )
    result, out = _import(run_cli, tmp_path, src, "--statute", "he", "--events", events)
    assert result.exit_code == 0, result.stderr
    case = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert case["events"] == [
        {"date": "2023-02-01", "person": "jo-meier", "type": "resigned", "form": "written"},
        {"date": "2023-02-02", "person": "ute-meier", "type": "waived", "form": "written"},
    ]
    det = nachruecken.decide(out)["determinations"][0]
    assert det["successor"] == "kai-busch"


def test_writing_keeps_the_previous_file_and_a_failed_import_writes_nothing(run_cli, tmp_path):
    src = _csv(tmp_path, LIST)
    result, out = _import(run_cli, tmp_path, src, "--statute", "he")
    assert result.exit_code == 0
    out.write_text("von Hand ergänzt\n", encoding="utf-8")
    again, _ = _import(run_cli, tmp_path, src, "--statute", "he")
    assert again.exit_code == 2 and "--force" in again.stderr
    assert out.read_text(encoding="utf-8") == "von Hand ergänzt\n"
    forced, _ = _import(run_cli, tmp_path, src, "--statute", "he", "--force")
    assert forced.exit_code == 0 and (tmp_path / "case.yaml.bak").read_text(encoding="utf-8") == "von Hand ergänzt\n"
    bad = _csv(tmp_path, "Partei;Name;gewählt\nSPD;Meier;vielleicht\n", "kaputt.csv")
    before = out.read_text(encoding="utf-8")
    failed, _ = _import(run_cli, tmp_path, bad, "--statute", "he", "--force")
    assert failed.exit_code == 2 and out.read_text(encoding="utf-8") == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".case.yaml.")]  # no temporary file left


def test_an_unwritable_output_is_an_input_error(run_cli, tmp_path):
    src = _csv(tmp_path, LIST)
    result = run_cli("import", str(src), "--statute", "he", "-o", str(tmp_path / "kein-ordner" / "case.yaml"))
    assert result.exit_code == 2 and "der Ordner existiert nicht" in result.stderr


@pytest.mark.parametrize("statute", [*VERSIONS, "nw-kwahlg-45"])
def test_a_filled_template_imports(run_cli, tmp_path, statute):
    openpyxl = pytest.importorskip("openpyxl")
    book_path = tmp_path / "liste.xlsx"
    assert run_cli("template", "--statute", statute, "-o", str(book_path)).exit_code == 0
    book = openpyxl.load_workbook(book_path)
    assert [s.title for s in book.worksheets][:3] == ["Bewerber", "Ereignisse", "Fall"]
    sheet = book["Bewerber"]
    header = [c.value for c in sheet[1]]
    assert sheet["A1"].comment is not None or sheet["B1"].comment is not None  # the columns are explained
    values = {"Partei": "SPD", "Liste": "SPD", "Wahlvorschlag": "SPD", "Name": "Meier", "Vorname": "Jo"}
    values |= {
        "Platz": 1,
        "Platz Reserveliste": 1,
        "Stimmen": "1.234",
        "gewählt": {"nw": "Reserveliste", "hh": "Listenwahl"}.get(statute[:2], "ja"),
    }
    sheet.append([values.get(h) for h in header])
    sheet.append(
        [
            {**values, "Name": "Busch", "Vorname": "Kai", "Platz": 2, "Platz Reserveliste": 2, "gewählt": "nein"}.get(h)
            for h in header
        ]
    )
    events = book["Ereignisse"]
    assert [c.value for c in events[1]][:3] == ["Datum", "Name", "Ereignis"]
    events.append(["05.06.2023", "Meier, Jo", "Tod"])
    book["Fall"]["B3"] = "Rat Musterstadt"
    book.save(book_path)
    result, out = _import(run_cli, tmp_path, book_path)  # the Vorschrift comes from the sheet Fall
    assert result.exit_code == 0, result.stderr
    det = nachruecken.decide(out)["determinations"][0]
    assert (det["vacancy"], det["successor"]) == ("jo-meier", "kai-busch"), out.read_text(encoding="utf-8")


def test_a_hessian_mehrheitswahl_export_without_lists_decides(run_cli, tmp_path):
    src = _csv(
        tmp_path, "Name;Vorname;Stimmen;gewählt\nUhl;Ute;210;ja\nVoss;Uwe;190;ja\nWeber;Ina;88;nein\nZahn;Ole;88;\n"
    )
    fall = _csv(tmp_path, "Angabe;Wert\nWahlart;Mehrheitswahl\nWahltag;26.03.2006\nSitze;7\n", "fall.csv")
    events = _csv(tmp_path, "Datum;Name;Ereignis\n01.02.2009;Voss, Uwe;Tod\n", "ereignisse.csv")
    result, out = _import(run_cli, tmp_path, src, "--statute", "he", "--fall", fall, "--events", events)
    assert result.exit_code == 0, result.stderr
    det = nachruecken.decide(out)["determinations"][0]
    assert det["outcome"] == "lot" and sorted(det["lot_between"]) == ["ina-weber", "ole-zahn"]
    # without the Wahlart, a list without a Wahlvorschlag column is refused as before
    again = run_cli("import", str(src), "--statute", "he")
    assert again.exit_code == 2 and "keine Spalte Wahlvorschlag" in again.stderr


def test_a_hessian_kreistag_names_its_ersatzliste_by_wahlbereich(run_cli, tmp_path):
    src = _csv(
        tmp_path,
        "Wahlbereich;Wahlvorschlag;Platz;Name;Stimmen;gewählt;Ersatzliste\n"
        "1;SPD;1;Arndt;900;ja;2\n2;SPD;1;Bode;950;ja;\n2;SPD;2;Cramer;400;nein;\n",
    )
    result, out = _import(run_cli, tmp_path, src, "--statute", "he")
    assert result.exit_code == 0, result.stderr
    noms = yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"]
    assert noms[0]["substitute_list"] == noms[1]["id"] and noms[1]["district"] == "2"


def test_a_landtag_wahlkreis_winner_on_the_landesliste_is_one_person(run_cli, tmp_path):
    src = _csv(
        tmp_path,
        "Wahlkreis;Partei;Platz Landesliste;Name;Stimmen;gewählt\n"
        "1;SPD;2;Arndt;9.000;direkt\n1;CDU;1;Bode;8.000;nein\n;SPD;1;Cramer;;Landesliste\n;SPD;3;Dietz;;nein\n",
    )
    fall = _csv(tmp_path, "Angabe;Wert\nArt des Gremiums;Landtag\nWahltag;26.09.2021\n", "fall.csv")
    result, out = _import(run_cli, tmp_path, src, "--statute", "mv", "--fall", fall)
    assert result.exit_code == 0, result.stderr
    case = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert case["body"]["kind"] == "landtag"
    holders = {n["id"]: [c["id"] for c in n["candidates"]] for n in case["nominations"]}
    assert sum("arndt" in ids for ids in holders.values()) == 2  # his Wahlkreis and the Landesliste


def _decided(path) -> list:
    return [(d["vacancy"], d["outcome"], d["successor"]) for d in nachruecken.decide(path)["determinations"]]


@pytest.mark.parametrize("state, export, events, vacancy, successor", WORKED[:3], ids=["nw", "nw-refused", "hh"])
def test_row_order_encoding_and_format_change_nothing(run_cli, tmp_path, state, export, events, vacancy, successor):
    """The same export with its rows in another order, as UTF-8, or as a workbook decides the same."""
    import random

    openpyxl = pytest.importorskip("openpyxl")
    folder = EXAMPLES / state
    text = (folder / export).read_bytes().decode("cp1252")
    head, *rows = text.strip().split("\r\n")
    extra = ["--statute", state, "--events", str(folder / events), "--fall", str(folder / "fall.csv")]
    want = None
    for k, variant in enumerate(("as-is", "shuffled", "utf-8", "xlsx")):
        body = rows[:]
        if variant == "shuffled":
            random.Random(7).shuffle(body)
        src = tmp_path / f"v{k}.csv"
        if variant == "xlsx":
            book = openpyxl.Workbook()
            for line in [head, *body]:
                book.active.append(line.split(";"))
            src = tmp_path / "v.xlsx"
            book.save(src)
        else:
            src.write_bytes("\n".join([head, *body]).encode("utf-8" if variant == "utf-8" else "cp1252"))
        result = run_cli("import", str(src), "-o", str(tmp_path / f"{variant}.yaml"), *extra)
        assert result.exit_code == 0, (variant, result.stderr)
        got = _decided(tmp_path / f"{variant}.yaml")
        want = want or got
        assert got == want, variant
    assert (vacancy, "successor", successor) in want


def test_convert_writes_the_sheets_that_import_reads(run_cli, tmp_path):
    case = ROOT / "instances/nw/ersatzbewerberin-designated-only.yaml"
    want = _decided(case)
    assert run_cli("convert", str(case), "--to", "csv", "-o", str(tmp_path / "blaetter")).exit_code == 0
    assert sorted(p.name for p in (tmp_path / "blaetter").iterdir()) == ["bewerber.csv", "ereignisse.csv", "fall.csv"]
    assert run_cli("convert", str(case), "--to", "xlsx", "-o", str(tmp_path / "fall.xlsx")).exit_code == 0
    for source in (tmp_path / "blaetter", tmp_path / "fall.xlsx"):
        result, out = _import(run_cli, tmp_path, source, "--force")
        assert result.exit_code == 0, result.stderr
        assert _decided(out) == want
    again = run_cli("convert", str(case), "--to", "csv", "-o", str(tmp_path / "blaetter"))
    assert again.exit_code == 2 and "--force" in again.stderr  # the office's sheets are not overwritten
    nowhere = run_cli("convert", str(case), "--to", "xlsx")
    assert nowhere.exit_code == 2 and "braucht -o" in nowhere.stderr


def test_a_csv_template_is_three_files_with_the_states_columns(run_cli, tmp_path):
    assert run_cli("template", "--statute", "nw", "-o", str(tmp_path / "vorlage")).exit_code == 0
    head = (tmp_path / "vorlage" / "bewerber.csv").read_text(encoding="utf-8-sig").splitlines()[0].split(";")
    assert {"Wahlbezirk", "Platz Reserveliste", "Ersatzbewerber für", "gewählt"} <= set(head)
    fall = (tmp_path / "vorlage" / "fall.csv").read_text(encoding="utf-8-sig")
    assert "Vorschrift;nw" in fall and "Wahltag" in fall


@pytest.mark.parametrize("fmt", ["csv", "markdown"])
def test_solve_to_an_unwritable_path_is_an_input_error(run_cli, tmp_path, fmt):
    case = ROOT / "instances/he/schenklengsfeld-2023.yaml"
    result = run_cli("solve", str(case), "--format", fmt, "-o", str(tmp_path / "kein-ordner" / "x.out"))
    assert result.exit_code == 2 and "cannot write" in result.stderr


def test_a_name_in_two_parties_is_told_apart_by_the_party_column(run_cli, tmp_path):
    src = _csv(
        tmp_path,
        "Partei;Platz;Name;Vorname;Stimmen;gewählt\nCDU;1;Muster;Bernd;9;ja\nCDU;2;Adler;Eva;5;\n"
        "SPD;1;Muster;Bernd;8;ja\nSPD;2;Busch;Kai;4;\n",
    )
    events = _csv(tmp_path, "Datum;Name;Ereignis;Partei\n01.02.2023;Muster, Bernd;Tod;\n", "e.csv")
    result, _ = _import(run_cli, tmp_path, src, "--statute", "he", "--events", events)
    assert result.exit_code == 2
    assert "in Frage kommen Bernd Muster (Kennung bernd-muster, CDU), Bernd Muster (Kennung bernd-muster-2, SPD)" in (
        result.stderr
    )
    events.write_text("Datum;Name;Ereignis;Partei\n01.02.2023;Muster, Bernd;Tod;SPD\n", encoding="utf-8")
    result, out = _import(run_cli, tmp_path, src, "--statute", "he", "--events", events)
    assert result.exit_code == 0, result.stderr
    assert nachruecken.decide(out)["determinations"][0]["successor"] == "kai-busch"


def test_a_written_verzicht_in_nrw_is_a_finding(run_cli, tmp_path):
    src = _csv(tmp_path, "Partei;Platz Reserveliste;Name;gewählt\nCDU;1;Muster;Reserveliste\nCDU;2;Adler;nein\n")
    events = _csv(tmp_path, "Datum;Name;Ereignis;Form\n01.02.2023;Muster;Mandatsverzicht;schriftlich\n", "e.csv")
    result, _ = _import(run_cli, tmp_path, src, "--statute", "nw", "--events", events)
    assert result.exit_code == 0 and "nur zur Niederschrift wirksam (§ 38 KWahlG)" in result.stderr


@pytest.mark.parametrize(
    "header, message",
    [
        ("Partei;Name;Gewählt (ja/nein)", "'Gewählt (ja/nein)' sieht nach Listenstruktur aus"),
        ("Partei;Lfd. Nr.;Name", "'Lfd. Nr.' sieht nach Listenstruktur aus"),
        ("Wahlbezirk;Partei;Name;Listenplatz;gewählt;Listenwahl", "'Listenwahl' sieht nach Listenstruktur aus"),
    ],
)
def test_a_header_that_may_carry_the_result_is_never_dropped(run_cli, tmp_path, header, message):
    cells = len(header.split(";"))
    src = _csv(tmp_path, header + "\n" + ";".join(["1"] * (cells - 2) + ["Muster", "ja"]) + "\n")
    result, _ = _import(run_cli, tmp_path, src, "--statute", "nw")
    assert result.exit_code == 2 and message in result.stderr, result.stderr


def test_vote_shares_are_named_not_read_as_votes(run_cli, tmp_path):
    src = _csv(
        tmp_path, "Partei;Name;Gültige Stimmen;Stimmen %;gewählt\nSPD;Meier;1.204;41,2;ja\nSPD;Busch;980;33,1;\n"
    )
    result, out = _import(run_cli, tmp_path, src, "--statute", "he")
    assert result.exit_code == 0 and "Spalten nicht übernommen: Stimmen %" in result.stderr
    votes = [c.get("votes") for c in yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"][0]["candidates"]]
    assert votes == [1204, 980]


def test_name_comma_vorname_in_the_name_column_reads_as_vorname_name(run_cli, tmp_path):
    src = _csv(tmp_path, "Partei;Name;gewählt\nSPD;Muster, Bernd;ja\n")
    result, out = _import(run_cli, tmp_path, src, "--statute", "he")
    assert result.exit_code == 0
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["nominations"][0]["candidates"][0]["name"] == "Bernd Muster"


def test_seat_types_outside_hamburg_are_refused(run_cli, tmp_path):
    src = _csv(tmp_path, "Partei;Platz Reserveliste;Name;gewählt\nCDU;1;Muster;Listenwahl\n")
    result, _ = _import(run_cli, tmp_path, src, "--statute", "nw")
    assert result.exit_code == 2 and "gibt es nur in Hamburg" in result.stderr


def test_an_output_that_is_a_folder_or_has_none_is_refused_before_the_import(run_cli, tmp_path):
    src = _csv(tmp_path, LIST)
    folder = run_cli("import", str(src), "--statute", "he", "-o", str(tmp_path))
    assert folder.exit_code == 2 and "ist ein Ordner" in folder.stderr and "Übernommen" not in folder.stderr
    nowhere = run_cli("import", str(src), "--statute", "he", "-o", str(tmp_path / "nix" / "da.yaml"))
    assert nowhere.exit_code == 2 and "Übernommen" not in nowhere.stderr


def test_an_events_remark_is_kept_as_the_events_note_and_written_back(run_cli, tmp_path):
    folder = EXAMPLES / "nw"
    result, out = _import(
        run_cli,
        tmp_path,
        folder / "wahlergebnis-rat-2020.csv",
        "--statute",
        "nw",
        "--events",
        folder / "ereignisse.csv",
    )
    assert result.exit_code == 0, result.stderr
    events = yaml.safe_load(out.read_text(encoding="utf-8"))["events"]
    assert events[0]["note"] == "Sterbeurkunde liegt vor" and events[1]["note"] == "Zustellung mit PZU"
    back = tmp_path / "blaetter"
    assert run_cli("convert", str(out), "--to", "csv", "-o", str(back)).exit_code == 0
    assert "Sterbeurkunde liegt vor" in (back / "ereignisse.csv").read_text(encoding="utf-8-sig")

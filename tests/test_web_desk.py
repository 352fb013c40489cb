"""The office's desk in `nachruecken serve`: recording, correcting and deleting events through the form
(token, stale pages, errors next to their fields, comments kept, every version in the history), a new
case from an uploaded export, the body now, "warum nicht?", the English switch."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from conftest import ROOT, desk_client

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from nachruecken.interfaces.web.app import create_app

NRW = ROOT / "examples/nw"
CASE = ROOT / "instances/he/schenklengsfeld-2023.yaml"


@pytest.fixture
def folder(tmp_path):
    text = CASE.read_text(encoding="utf-8")
    (tmp_path / "rat.yaml").write_text("# Akte der Gemeinde: von Hand gepflegt\n" + text, encoding="utf-8")
    return tmp_path


@pytest.fixture
def desk(folder):
    return desk_client(create_app(folder), base_url="http://127.0.0.1:8765", follow_redirects=False)


def _form(page: str) -> dict:
    """The hidden fields a page's event form carries."""
    return {
        "csrf": re.search(r'name="csrf" value="(\w+)"', page).group(1),
        "sha256": re.search(r'name="sha256" value="(\w+)"', page).group(1),
    }


def _events(folder) -> list:
    return yaml.safe_load((folder / "rat.yaml").read_text(encoding="utf-8"))["events"]


def test_recording_an_event_writes_it_keeps_the_file_and_shows_what_changed(desk, folder):
    before = (folder / "rat.yaml").read_text(encoding="utf-8")
    page = desk.get("/cases/rat").text
    event = {"type": "Ablehnung", "date": "04.09.2023", "person": "wolf", "received": "05.09.2023", "note": "Brief"}
    got = desk.post("/cases/rat/events", data={**_form(page), **event})
    assert got.status_code == 303 and got.headers["location"].startswith("/cases/rat?before=")
    after = (folder / "rat.yaml").read_text(encoding="utf-8")
    assert after.startswith(before.rstrip("\n").split("\nexpected:")[0][:200])
    assert [line for line in before.splitlines() if line not in after.splitlines()] == []  # nothing lost
    assert _events(folder)[-1] == {
        "date": "2023-09-04",
        "person": "wolf",
        "type": "Ablehnung",
        "received": "2023-09-05",
        "note": "Brief",
    }
    shown = desk.get(got.headers["location"]).text
    assert 'id="changes"' in shown and "Geändert: Sitz von Thilo Weimar: vorher Jürgen Wolf" in shown
    history = sorted((folder / ".nachruecken/history/rat").iterdir())
    assert [p.read_text(encoding="utf-8") for p in history] == [before, after]
    assert re.fullmatch(r"\d{8}T\d{12}Z-[0-9a-f]{8}\.yaml", history[0].name)


def test_a_stale_page_or_a_missing_token_changes_nothing(desk, folder):
    page = desk.get("/cases/rat").text
    form = {**_form(page), "type": "Tod", "date": "01.10.2023", "person": "wolf"}
    (folder / "rat.yaml").write_text((folder / "rat.yaml").read_text(encoding="utf-8") + "\n", encoding="utf-8")
    stale = desk.post("/cases/rat/events", data=form)
    assert stale.status_code == 409 and "Die Akte wurde inzwischen geändert" in stale.text
    no_token = desk.post(
        "/cases/rat/events", data={**form, "csrf": "x", "sha256": _form(desk.get("/cases/rat").text)["sha256"]}
    )
    assert no_token.status_code == 403
    assert all(e["type"] != "Tod" for e in _events(folder))
    assert not (folder / ".nachruecken").exists()


@pytest.mark.parametrize(
    "fields, field, words",
    [
        ({"date": "31.02.2023"}, "date", "kein Kalendertag"),
        ({"type": "Urlaub"}, "type", "Ereignis wählen"),
        ({"person": "niemand"}, "person", "auf keinem Wahlvorschlag"),
        ({"received": "01.01.2023"}, "received", "vor dem Datum"),
        ({"type": "Tod", "form": "written"}, "form", "nur bei einer Erklärung"),
    ],
)
def test_bad_input_is_one_german_line_next_to_its_field_and_nothing_is_written(desk, folder, fields, field, words):
    page = desk.get("/cases/rat").text
    entry = {"type": "Ablehnung", "date": "04.09.2023", "person": "wolf", **fields}
    got = desk.post("/cases/rat/events", data={**_form(page), **entry})
    assert got.status_code == 422
    message = re.search(rf'id="error-{field}">([^<]*)<', got.text)
    assert message and words in message.group(1)
    assert f'value="{entry["date"]}"' in got.text  # what was typed stays in the form
    assert len(_events(folder)) == len(yaml.safe_load(CASE.read_text(encoding="utf-8"))["events"])


def test_an_entry_the_case_cannot_take_gets_the_clis_line(desk, folder):
    page = desk.get("/cases/rat").text
    entry = {"type": "Tod", "date": "01.10.2023", "person": "wolf"}
    assert desk.post("/cases/rat/events", data={**_form(page), **entry}).status_code == 303
    page = desk.get("/cases/rat").text
    after_death = {"type": "Annahme", "date": "02.10.2023", "person": "wolf"}
    got = desk.post("/cases/rat/events", data={**_form(page), **after_death})
    assert got.status_code == 422 and 'id="error-general"' in got.text and "rat.yaml" in got.text
    assert 'id="error-summary"' in got.text and all(e["date"] != "2023-10-02" for e in _events(folder))


def test_an_event_before_the_election_day_is_refused_at_its_date(desk, folder):
    page = desk.get("/cases/rat").text
    got = desk.post("/cases/rat/events", data={**_form(page), "type": "Tod", "date": "01.01.2020", "person": "weimar"})
    assert got.status_code == 422 and "vor dem Wahltag (14.03.2021)" in got.text


def test_correcting_and_deleting_an_event_and_restoring_a_version(desk, folder):
    original = (folder / "rat.yaml").read_text(encoding="utf-8")
    count = len(_events(folder))
    page = desk.get("/cases/rat?edit=0").text
    assert 'action="/cases/rat/events/0#event-form"' in page and "Ereignis korrigieren" in page
    first = _events(folder)[0]
    corrected = {**_form(page), "type": first["type"], "date": "30.08.2023", "person": first["person"]}
    assert desk.post("/cases/rat/events/0", data=corrected).status_code == 303
    assert _events(folder)[0]["date"] == "2023-08-30" and len(_events(folder)) == count
    page = desk.get("/cases/rat").text
    assert desk.post(f"/cases/rat/events/{count - 1}/delete", data=_form(page)).status_code == 303
    assert len(_events(folder)) == count - 1
    history = desk.get("/cases/rat/history").text
    versions = re.findall(r'action="/cases/rat/history/([\w-]+)"', history)
    assert len(versions) == 2 and history.count("aktuell") == 1  # three versions, the current not restorable
    oldest = versions[-1]
    got = desk.post(f"/cases/rat/history/{oldest}", data=_form(history))
    assert got.status_code == 303 and (folder / "rat.yaml").read_text(encoding="utf-8") == original
    assert len(list((folder / ".nachruecken/history/rat").iterdir())) == 4  # the restore is a new version


def test_a_json_case_stays_json_and_an_lp_case_is_read_only(tmp_path):
    data = yaml.safe_load(CASE.read_text(encoding="utf-8"))
    data.pop("expected", None)
    (tmp_path / "a.json").write_text(json.dumps(data, indent=2, default=str), encoding="utf-8")
    desk = desk_client(create_app(tmp_path), base_url="http://127.0.0.1", follow_redirects=False)
    page = desk.get("/cases/a").text
    assert (
        desk.post(
            "/cases/a/events", data={**_form(page), "type": "Annahme", "date": "05.09.2023", "person": "wolf"}
        ).status_code
        == 303
    )
    assert json.loads((tmp_path / "a.json").read_text(encoding="utf-8"))["events"][-1]["type"] == "Annahme"
    from nachruecken.case.convert import to_lp
    from nachruecken.case.loader import load_case

    (tmp_path / "b.lp").write_text(to_lp(load_case(tmp_path / "a.json")), encoding="utf-8")
    page = desk.get("/cases/b")
    assert page.status_code == 200 and 'id="event-form"' not in page.text and ".lp" in page.text


def test_the_body_now_and_why_not_someone(desk):
    page = desk.get("/cases/rat?why=baumgardt").text
    now = page[page.index('id="composition"') :]
    assert "Offene Berufungen:</strong> Jürgen Wolf für den Sitz von Thilo Weimar" in now
    why = re.search(r'id="why">(.*?)</div>', page, re.S).group(1)
    assert "Sitz von Thilo Weimar: übergangen" in why and "§ 34 Abs. 2 Nr. 2 KWG" in why
    member = desk.get("/cases/rat?why=spd-2").text
    assert "SPD member 2 ist jetzt Mitglied der Vertretung." in member
    nowhere = desk.get("/cases/rat?why=cdu-2").text
    assert "stand bei keinem freigewordenen Sitz zur Wahl" in nowhere


def test_the_person_chooser_parts_members_from_the_others(desk):
    page = desk.get("/cases/rat").text
    members = re.search(r'<optgroup label="Mitglieder jetzt" data-scope="member">(.*?)</optgroup>', page, re.S).group(1)
    others = re.search(r'<optgroup label="Bewerber und Ersatzpersonen"[^>]*>(.*?)</optgroup>', page, re.S).group(1)
    assert 'value="spd-2"' in members and 'value="wolf"' in others and 'value="wolf"' not in members
    assert '<option value="Verzicht" data-scope="any">' in page
    assert '<option value="Mandatsverzicht" data-scope="member">' in page
    assert "Ersatzwahl durchgeführt" not in page  # names seats, not a person: by hand in the file


def test_a_new_case_from_an_uploaded_export_is_shown_then_saved_under_a_new_name(tmp_path):
    desk = desk_client(create_app(tmp_path), base_url="http://127.0.0.1", follow_redirects=False)
    csrf = _form(desk.get("/").text.replace('name="sha256"', "") + 'name="sha256" value="0"')["csrf"]
    files = {
        "file": ("wahlergebnis-rat-2020.csv", (NRW / "wahlergebnis-rat-2020.csv").read_bytes()),
        "events": ("ereignisse.csv", (NRW / "ereignisse.csv").read_bytes()),
        "fall": ("fall.csv", (NRW / "fall.csv").read_bytes()),
    }
    preview = desk.post("/new", data={"csrf": csrf, "statute": "nw"}, files=files)
    assert preview.status_code == 200 and 'id="summary"' in preview.text and 'id="findings"' in preview.text
    assert "Ersatzbewerberin ohne Reservelistenplatz: Lea Hoffmann" in preview.text
    assert 'value="rat-der-stadt-musterstadt-2020"' in preview.text
    assert list(tmp_path.glob("*.yaml")) == []  # nothing saved yet
    staged = re.search(r'name="staged" value="([\w-]+)"', preview.text).group(1)
    saved = desk.post("/new/save", data={"csrf": csrf, "staged": staged, "filename": "rat-der-stadt-musterstadt-2020"})
    assert saved.status_code == 303 and saved.headers["location"] == "/cases/rat-der-stadt-musterstadt-2020"
    first = (tmp_path / "rat-der-stadt-musterstadt-2020.yaml").read_text(encoding="utf-8")
    again = desk.post("/new", data={"csrf": csrf, "statute": "nw"}, files=files)
    staged = re.search(r'name="staged" value="([\w-]+)"', again.text).group(1)
    second = desk.post(
        "/new/save", data={"csrf": csrf, "staged": staged, "filename": "../rat-der-stadt-musterstadt-2020"}
    )
    assert second.headers["location"] == "/cases/rat-der-stadt-musterstadt-2020-2"  # never over the first
    assert (tmp_path / "rat-der-stadt-musterstadt-2020.yaml").read_text(encoding="utf-8") == first
    page = desk.get("/cases/rat-der-stadt-musterstadt-2020").text
    assert "Anna Beispiel" in page and 'id="event-form"' in page


def test_an_export_that_cannot_be_read_is_its_line_next_to_the_file_field(tmp_path):
    desk = desk_client(create_app(tmp_path), base_url="http://127.0.0.1")
    csrf = re.search(r'name="csrf" value="(\w+)"', desk.get("/").text).group(1)
    files = {"file": ("liste.csv", (NRW / "wahlergebnis-rat-2020.csv").read_bytes())}
    got = desk.post("/new", data={"csrf": csrf}, files=files)
    assert got.status_code == 422 and "Bitte hier das Land wählen" in re.search(
        r'id="error-statute">([^<]*)<', got.text
    ).group(1)
    long = {"file": ("liste.csv", b"Name;Partei\n" + b"x" * 200_000 + b";CDU\n")}
    got = desk.post("/new", data={"csrf": csrf, "statute": "nw"}, files=long)
    assert got.status_code == 422 and "kein lesbares CSV" in re.search(r'id="error-file">([^<]*)<', got.text).group(1)
    dotted = {"file": ("..", (NRW / "wahlergebnis-rat-2020.csv").read_bytes())}
    assert desk.post("/new", data={"csrf": csrf, "statute": "nw"}, files=dotted).status_code == 200  # read, no crash
    assert desk.post("/new", data={"csrf": "forged", "statute": "nw"}, files=files).status_code == 403


def test_the_template_downloads_as_a_workbook(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    import io

    got = desk_client(create_app(tmp_path), base_url="http://127.0.0.1").get("/template?statute=nw")
    assert got.status_code == 200 and got.content[:2] == b"PK"
    assert openpyxl.load_workbook(io.BytesIO(got.content)).sheetnames[:3] == ["Bewerber", "Ereignisse", "Fall"]


def test_an_unreadable_case_is_listed_with_its_line_while_the_rest_is_served(folder):
    (folder / "kaputt.yaml").write_text("statute: nw\nnominations: [\n", encoding="utf-8")
    desk = desk_client(create_app(folder), base_url="http://127.0.0.1")
    start = desk.get("/").text
    assert "nicht lesbar: not valid YAML" in start and "Gemeindevertretung Schenklengsfeld" in start
    page = desk.get("/cases/kaputt")
    assert page.status_code == 200 and 'id="load-error"' in page.text


def test_the_english_switch(desk):
    got = desk.get("/lang/en?next=/cases/rat")
    assert got.status_code == 303 and got.headers["location"] == "/cases/rat"
    page = desk.get("/cases/rat").text  # the switch's cookie, kept by the client as a browser keeps it
    assert '<html lang="en">' in page and "Record an event" in page and "Seat of Thilo Weimar" in page
    assert desk.get("/lang/en?next=//evil.example").headers["location"] == "/"  # no way off the machine


def test_a_history_folder_that_leads_out_of_the_folder_is_not_followed(desk, folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (folder / ".nachruecken/history").mkdir(parents=True)
    (folder / ".nachruecken/history/rat").symlink_to(outside)
    page = desk.get("/cases/rat").text
    got = desk.post(
        "/cases/rat/events", data={**_form(page), "type": "Ablehnung", "date": "04.09.2023", "person": "wolf"}
    )
    assert got.status_code == 500 and "Verweis" in got.text and list(outside.iterdir()) == []


def test_requests_without_a_length_a_foreign_host_in_capitals_and_missing_events(desk, folder):
    chunked = desk.post(
        "/cases/rat/events", content=iter([b"csrf=x"]), headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert chunked.status_code == 411
    assert desk.get("/", headers={"host": "LOCALHOST:8765"}).status_code == 200
    page = desk.get("/cases/rat").text
    assert desk.post("/cases/rat/events/99/delete", data=_form(page)).status_code == 404
    missing = desk.get("/nirgends")
    assert missing.status_code == 404 and "<html" in missing.text


def test_what_changed_names_who_joins_the_body(desk):
    page = desk.get("/cases/rat").text
    got = desk.post(
        "/cases/rat/events", data={**_form(page), "type": "Feststellung", "date": "05.09.2023", "person": "wolf"}
    )
    shown = desk.get(got.headers["location"]).text
    changes = re.search(r'id="changes">(.*?)</div>', shown, re.S).group(1)
    assert "Jetzt Mitglied: Jürgen Wolf" in changes


def test_warnings_name_persons_events_come_by_date_and_an_english_type_is_offered_in_german(desk, folder):
    page = desk.get("/cases/rat").text
    # an event dated before the last one is listed in date order, not file order
    got = desk.post(
        "/cases/rat/events", data={**_form(page), "type": "Ablehnung", "date": "01.06.2022", "person": "cdu-2"}
    )
    assert got.status_code == 303
    page = desk.get("/cases/rat").text
    table = re.search(r'<table id="events">(.*?)</table>', page, re.S).group(1)
    days = re.findall(r"<td>(\d\d\.\d\d\.\d{4})</td>", table)
    assert days == sorted(days, key=lambda d: d[6:] + d[3:5] + d[:2]) and "01.06.2022" in days
    # the worked case's events are written with English types: correcting one offers the office's word
    first = _events(folder)[0]
    assert first["type"] in ("resigned", "waived", "died", "refused")
    form = desk.get("/cases/rat?edit=0").text
    chosen = re.search(r'<option value="([^"]+)" data-scope="\w+" selected>', form).group(1)
    assert chosen != first["type"] and chosen[0].isupper()
    # quoted person ids in the warnings are shown as the persons' names (a longer id first: 'spd-2' not 'spd')
    from nachruecken.case.loader import load_case
    from nachruecken.interfaces.web.views import with_names

    case = load_case(folder / "rat.yaml")
    lines = ["'wolf' hat abgelehnt; 'spd-2' sitzt", "wolf ohne Anführungszeichen bleibt"]
    assert with_names(case, lines) == ["Jürgen Wolf hat abgelehnt; SPD member 2 sitzt", lines[1]]


def _staged(page: str) -> str:
    return re.search(r'name="staged" value="([\w-]+)"', page).group(1)


def _column(page: str, header: str) -> str:
    """The form field of the column map's row for ``header``."""
    return re.search(rf'<label for="(col-\d+)">{re.escape(header)}</label>', page).group(1)


def test_the_column_map_is_chosen_read_again_and_kept_for_the_layout(tmp_path):
    """A column the import cannot place is shown with a choice; read again with it the case decides by
    it, and the next upload of the same layout is read so at once."""
    desk = desk_client(create_app(tmp_path), base_url="http://127.0.0.1", follow_redirects=False)
    csrf = re.search(r'name="csrf" value="(\w+)"', desk.get("/").text).group(1)
    export = "Partei;Lfd. Nr.;Name;gewählt\nCDU;1;Adler;ja\nCDU;3;Claus;\nCDU;2;Bauer;\n".encode()
    events = b"Datum;Name;Ereignis\n01.03.2022;Adler;Tod\n"
    files = {"file": ("liste.csv", export), "events": ("ereignisse.csv", events)}
    first = desk.post("/new", data={"csrf": csrf, "statute": "he"}, files=files)
    assert first.status_code == 422 and 'id="import-error"' in first.text and "Lfd. Nr." in first.text
    assert 'id="save-case"' not in first.text and list(tmp_path.glob("*.yaml")) == []
    field = _column(first.text, "Lfd. Nr.")
    again = desk.post("/new/columns", data={"csrf": csrf, "staged": _staged(first.text), field: "position"})
    assert again.status_code == 200 and 'id="save-case"' in again.text
    assert "- {id: bauer, name: Bauer, position: 2}" in again.text.replace("&#39;", "'")
    saved = desk.post("/new/save", data={"csrf": csrf, "staged": _staged(again.text), "filename": "rat"})
    assert saved.status_code == 303
    import nachruecken

    assert nachruecken.decide(tmp_path / "rat.yaml")["determinations"][0]["successor"] == "bauer"  # by place
    # the next export of the same layout is read with the choice at once
    later = desk.post("/new", data={"csrf": csrf, "statute": "he"}, files=files)
    assert later.status_code == 200 and 'id="remembered"' in later.text and 'id="save-case"' in later.text
    assert 'value="position" selected' in later.text
    assert (tmp_path / ".nachruecken-spalten.json").is_file() and ".nachruecken-spalten" not in desk.get("/").text
    # a forged value or a foreign form field is not taken
    forged = desk.post("/new/columns", data={"csrf": csrf, "staged": _staged(first.text), field: "../x"})
    assert forged.status_code == 422 and 'id="save-case"' not in forged.text
    assert desk.post("/new/columns", data={"csrf": "forged", "staged": _staged(first.text)}).status_code == 403

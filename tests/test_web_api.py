"""`nachruecken serve`: the JSON API beside the pages, and the rules every request passes (the bound host
only, JSON only, bounded bodies, files only inside the folder, every user string escaped)."""

from __future__ import annotations

import csv
import io
import json
import os

import pytest
import yaml

import nachruecken

from conftest import ROOT, desk_client

pytest.importorskip("fastapi")
pytest.importorskip("httpx")

from nachruecken.interfaces.web.app import create_app

CASE = ROOT / "instances/he/schenklengsfeld-2023.yaml"


@pytest.fixture
def client(tmp_path):
    return desk_client(create_app(tmp_path), base_url="http://127.0.0.1:8765")


def _case_json() -> dict:
    """The worked case as a browser would send it: plain JSON (dates as text)."""
    return json.loads(json.dumps(yaml.safe_load(CASE.read_text(encoding="utf-8")), default=str))


def test_decide_answers_what_solve_json_prints_without_the_local_keys(client):
    data = _case_json()
    got = client.post("/api/decide?lang=de", json=data)
    assert got.status_code == 200, got.text
    want = nachruecken.decide(data, lang="de")
    for key in ("case", "input_sha256"):
        want.pop(key, None)
    want.get("provenance", {}).pop("command", None)
    assert got.json() == json.loads(json.dumps(want))
    assert "case" not in got.json() and "command" not in got.json().get("provenance", {})


def test_decide_takes_readings_and_another_statute(client):
    data = _case_json()
    got = client.post("/api/decide?statute=he-kwg-34&reading=he.rejoined=yes", json=data).json()
    assert got["statute"] == "he-kwg-34"
    assert got["determinations"][0]["readings"]["he.rejoined"] == "yes"
    bad = client.post("/api/decide?reading=he.rejoined", json=data)
    assert bad.status_code == 422 and "ID=VALUE" in bad.json()["error"]


def test_bad_input_is_the_clis_one_line_message(client):
    data = _case_json()
    data["events"][0]["person"] = "nobody"
    got = client.post("/api/decide", json=data)
    assert got.status_code == 422 and "events[0].person" in got.json()["error"]
    assert "\n" not in got.json()["error"]
    broken = client.post("/api/decide", content=b"{nicht json", headers={"content-type": "application/json"})
    assert broken.status_code == 422 and "kein gültiges JSON" in broken.json()["error"]


@pytest.mark.parametrize("body", [str(ROOT / "instances/he/schenklengsfeld-2023.yaml"), "/etc/passwd", ["x"], 3])
def test_decide_reads_no_file_a_body_names(client, body):
    """A JSON string is never opened as a path on the server: no case is decided, and the answer says
    nothing of whether such a file exists."""
    got = client.post("/api/decide", json=body)
    assert got.status_code == 422 and got.json() == {
        "error": "request: erwartet einen Fall als JSON-Objekt ({…}), keinen Dateinamen"
    }


def test_the_api_takes_only_json(client):
    form = client.post("/api/decide", data={"statute": "he"})
    assert form.status_code == 415
    text = client.post("/api/import", content=b"x", headers={"content-type": "text/plain"})
    assert text.status_code == 415


def test_a_foreign_host_is_refused(client):
    assert client.get("/", headers={"host": "evil.example:8765"}).status_code == 400
    assert client.get("/", headers={"host": "localhost:8765"}).status_code == 200
    assert client.get("/api/statutes", headers={"host": "[::1]:8765"}).status_code == 200


def test_a_body_over_the_limit_is_refused_before_it_is_read(tmp_path):
    small = desk_client(create_app(tmp_path, max_body=1024), base_url="http://127.0.0.1")
    got = small.post("/api/decide", content=b"{" + b" " * 2000 + b"}", headers={"content-type": "application/json"})
    assert got.status_code == 413 and "64 MiB" in got.json()["error"]


def test_import_takes_the_offices_sheets_as_rows(client):
    rows = list(
        csv.reader(
            io.StringIO((ROOT / "examples/nw/wahlergebnis-rat-2020.csv").read_bytes().decode("cp1252")), delimiter=";"
        )
    )
    events = [["Datum", "Name", "Ereignis"], ["14.02.2022", "Muster, Bernd", "Tod"]]
    got = client.post("/api/import", json={"statute": "nw", "sheets": {"Bewerber": rows, "Ereignisse": events}})
    assert got.status_code == 200, got.text
    body = got.json()
    assert any("Ersatzbewerberin ohne Reservelistenplatz: Anna Beispiel" in line for line in body["summary"])
    decided = client.post("/api/decide", json=body["case"]).json()
    assert decided["determinations"][0]["successor"] == "anna-beispiel"
    wrong = client.post(
        "/api/import", json={"statute": "nw", "sheets": {"Bewerber": [["Partei", "Name", "Ersatz X"], ["a", "b", "c"]]}}
    )
    assert wrong.status_code == 422 and "Listenstruktur" in wrong.json()["error"]


def test_statutes_and_the_openapi_description(client):
    statutes = client.get("/api/statutes").json()
    assert statutes and "nw-kwahlg-45" in json.dumps(statutes)
    docs = client.get("/api/docs").json()
    assert docs["openapi"].startswith("3") and {"/api/decide", "/api/import", "/api/statutes"} <= set(docs["paths"])


def test_the_start_page_lists_the_folders_cases_escaped_and_nothing_outside_it(tmp_path):
    hostile = _case_json()
    hostile["body"]["name"] = '<script>alert("x")</script>'
    (tmp_path / "a.yaml").write_text(yaml.safe_dump(hostile, allow_unicode=True), encoding="utf-8")
    outside = tmp_path.parent / f"{tmp_path.name}-outside.yaml"
    outside.write_text(CASE.read_text(encoding="utf-8"), encoding="utf-8")
    os.symlink(outside, tmp_path / "link.yaml")
    page = desk_client(create_app(tmp_path), base_url="http://127.0.0.1").get("/").text
    assert "a.yaml" in page and "<script>alert" not in page and "&lt;script&gt;" in page
    assert "link.yaml" not in page  # a link out of the folder is not followed


def test_serve_refuses_a_remote_host_without_allow_remote(run_cli, tmp_path):
    result = run_cli("serve", str(tmp_path), "--host", "0.0.0.0")
    assert result.exit_code == 2 and "--allow-remote" in result.stderr and "access key" in result.stderr


@pytest.mark.parametrize("port", ["99999", "0", "-1"])
def test_serve_refuses_a_port_that_is_none_in_one_line(run_cli, tmp_path, port):
    result = run_cli("serve", str(tmp_path), "--port", port)
    assert result.exit_code == 2 and result.stderr.strip() == f"nachruecken: --port {port}: not a port (1 to 65535)"


def test_serve_refuses_a_port_in_use_in_one_line(run_cli, tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = run_cli("serve", str(tmp_path), "--port", str(port))
    assert result.exit_code == 2 and "already in use" in result.stderr and "Traceback" not in result.stderr


def test_import_takes_an_uploaded_export_as_the_cli_reads_it(client):
    folder = ROOT / "examples/nw"
    files = {
        "file": ("wahlergebnis-rat-2020.csv", (folder / "wahlergebnis-rat-2020.csv").read_bytes()),
        "events": ("ereignisse.csv", (folder / "ereignisse.csv").read_bytes()),
    }
    token = client.get("/api/csrf").json()["csrf"]
    got = client.post("/api/import", files=files, data={"statute": "nw"}, headers={"x-csrf-token": token})
    assert got.status_code == 200, got.text
    decided = client.post("/api/decide", json=got.json()["case"]).json()
    assert decided["determinations"][0]["successor"] == "anna-beispiel"
    # an upload anywhere else is no JSON: refused
    assert client.post("/api/decide", files=files).status_code == 415


def test_serve_refuses_a_folder_with_two_cases_of_one_name(run_cli, tmp_path):
    (tmp_path / "rat.yaml").write_text("statute: he\n", encoding="utf-8")
    (tmp_path / "rat.json").write_text("{}", encoding="utf-8")
    result = run_cli("serve", str(tmp_path))
    assert result.exit_code == 2 and "two case files named rat" in result.stderr


@pytest.fixture
def office(tmp_path):
    """An office's folder with one worked case (names with markup, to see them escaped)."""
    data = yaml.safe_load(CASE.read_text(encoding="utf-8"))
    wolf = next(c for n in data["nominations"] for c in n["candidates"] if c["id"] == "wolf")
    wolf["name"] = "<b>Jürgen</b> Wolf"
    (tmp_path / "rat-2021.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return desk_client(create_app(tmp_path), base_url="http://127.0.0.1")


def test_a_case_page_shows_each_determination_with_reasons_and_its_documents(office):
    start = office.get("/").text
    assert '<a href="/cases/rat-2021">rat-2021.yaml</a>' in start
    page = office.get("/cases/rat-2021")
    assert page.status_code == 200
    text = page.text
    assert "Sitz von Thilo Weimar (SPD)" in text and "§ 34 Abs. 2 Nr. 2 KWG" in text
    assert "Ergebnis: &lt;b&gt;Jürgen&lt;/b&gt; Wolf" in text  # the outcome in words, not its id
    assert "<b>Jürgen</b>" not in text and "&lt;b&gt;Jürgen&lt;/b&gt; Wolf" in text
    assert "/cases/rat-2021/documents/weimar/act.docx" in text and "/checklist.pdf" in text
    assert office.get("/cases/nobody").status_code == 404
    assert office.get("/cases/..%2F..%2Fetc%2Fpasswd").status_code == 404


def test_documents_download_as_the_cli_writes_them(office):
    docx = office.get("/cases/rat-2021/documents/weimar/act.docx")
    assert docx.status_code == 200 and docx.content[:2] == b"PK" and "attachment" in docx.headers["content-disposition"]
    page = office.get("/cases/rat-2021/documents/weimar/checklist.html")
    assert page.status_code == 200 and '<p class="todo">☐ ' in page.text
    assert office.get("/cases/rat-2021/documents/weimar/brief.html").status_code == 404
    assert office.get("/cases/rat-2021/documents/nobody/act.html").status_code == 404
    assert office.get("/cases/rat-2021/documents/weimar/act.exe").status_code == 404


def test_no_page_may_be_framed_and_a_chunked_body_is_refused_whatever_its_length(client):
    """Issue 52: anti-framing headers on every answer; Content-Length beside Transfer-Encoding: chunked
    does not pass the body limit."""
    for path in ("/", "/api/statutes"):
        got = client.get(path)
        assert got.headers["x-frame-options"] == "DENY"
        assert got.headers["content-security-policy"] == "frame-ancestors 'none'"
    chunked = client.post(
        "/api/decide",
        content=b"{}",
        headers={"content-type": "application/json", "content-length": "2", "transfer-encoding": "chunked"},
    )
    assert chunked.status_code == 411 and "Transfer-Encoding" in chunked.json()["error"]

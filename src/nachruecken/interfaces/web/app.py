"""The application `nachruecken serve` runs: a start page listing the case files of the office's folder,
and the JSON API beside it (``/api/decide``, ``/api/import``, ``/api/statutes``, the OpenAPI description at
``/api/docs``). Bad input answers with the one-line message the CLI gives (422, ``{"error": …}``)."""

from __future__ import annotations

import html
import json
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.openapi.utils import get_openapi
from fastapi.responses import HTMLResponse, JSONResponse, Response

from nachruecken.errors import InputError
from nachruecken.interfaces.web.safety import MAX_BODY, Guard, allowed_hosts

CASE_SUFFIXES = (".yaml", ".yml", ".json")
# what `solve --json` prints that says where it ran, not what the case decides
LOCAL_KEYS = ("case", "input_sha256")


def create_app(folder: Path, host: str = "127.0.0.1", max_body: int = MAX_BODY) -> FastAPI:
    app = FastAPI(title="nachruecken", docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(Guard, hosts=allowed_hosts(host), max_body=max_body)
    folder = folder.resolve()

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError):
        return JSONResponse({"error": str(exc)}, status_code=422)

    @app.get("/", response_class=HTMLResponse)
    def start() -> str:
        """The case files of the office's folder."""
        return _start_page(folder)

    @app.get("/cases/{name}", response_class=HTMLResponse)
    def case(name: str) -> str:
        """A case: its determinations with ranking, reasons and documents."""
        from nachruecken.interfaces.web.pages import case_page, case_path

        path = case_path(folder, name)
        if path is None:
            raise HTTPException(404, "kein solcher Fall")
        return case_page(path)

    @app.get("/cases/{name}/documents/{vacancy}/{document}.{fmt}")
    def document(name: str, vacancy: str, document: str, fmt: str) -> Response:
        """One document of one determination (act, notice, letter, checklist) as html, docx, pdf or md."""
        from nachruecken.interfaces.web.pages import FORMATS, case_path, document_bytes

        path = case_path(folder, name)
        data = document_bytes(path, vacancy, document, fmt) if path is not None else None
        if data is None:
            raise HTTPException(404, "kein solches Dokument")
        disposition = "inline" if fmt == "html" else f'attachment; filename="{name}-{vacancy}-{document}.{fmt}"'
        return Response(data, media_type=FORMATS[fmt], headers={"content-disposition": disposition})

    @app.post("/api/decide")
    async def decide(request: Request, lang: str = "de", statute: str | None = None) -> JSONResponse:
        """A case as JSON, decided: what `nachruecken solve --json` prints, without the file's name and hash."""
        from nachruecken import decide as decide_case
        from nachruecken.interfaces.solve_command import _parse_readings

        data = await _json(request, max_body)
        readings = _parse_readings(request.query_params.getlist("reading")) or None
        result = decide_case(data, statute=statute, lang=lang, readings=readings)
        for key in LOCAL_KEYS:
            result.pop(key, None)
        result.get("provenance", {}).pop("command", None)
        return JSONResponse(result)

    @app.post("/api/import")
    async def import_sheets(request: Request) -> JSONResponse:
        """The office's export as an upload (multipart: ``file``, optional ``events``, ``fall``, ``statute``) or
        its sheets as rows of cells (JSON: ``{"statute", "sheets": {"bewerber", "ereignisse", "fall"}}``): the
        case file's data, the summary and the findings."""
        if request.headers.get("content-type", "").startswith("multipart/form-data"):
            return JSONResponse(await _import_upload(request))
        return JSONResponse(_import(await _json(request, max_body)))

    @app.get("/api/statutes")
    def statutes() -> JSONResponse:
        """The statutes, their norms and readings (as `nachruecken statutes --json`)."""
        from nachruecken import describe_statutes

        return JSONResponse(describe_statutes())

    @app.get("/api/docs")
    def docs() -> JSONResponse:
        """This API's OpenAPI description."""
        return JSONResponse(get_openapi(title="nachruecken", version=_version(), routes=app.routes))

    return app


async def _json(request: Request, max_body: int):
    body = await request.body()
    if len(body) > max_body:  # a body sent without its length
        raise InputError("Anfrage zu groß (höchstens 64 MiB)", "", "request")
    try:
        return json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"kein gültiges JSON ({exc.msg if hasattr(exc, 'msg') else exc})", "", "request") from None


def _import(payload) -> dict:
    from nachruecken.case.office.build import import_tables
    from nachruecken.case.office.read import table_of

    if not isinstance(payload, dict) or not isinstance(payload.get("sheets"), dict):
        raise InputError('erwartet {"statute": …, "sheets": {"bewerber": [[…], …], …}}', "sheets", "request")
    tables = {}
    for name, rows in payload["sheets"].items():
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            raise InputError("ein Blatt ist eine Liste von Zeilen (Listen von Zellen)", f"sheets.{name}", "request")
        table = table_of(rows, f"Blatt {name}", "request")
        if table is not None:
            tables[str(name).lower()] = table
    imported = import_tables(tables, payload.get("statute"), Path(str(payload.get("name") or "import")))
    return {"case": imported.data, "summary": imported.summary, "findings": imported.findings}


async def _import_upload(request: Request) -> dict:
    """An uploaded export, read as the CLI reads a file (kept in a temporary folder, removed after)."""
    import tempfile

    from nachruecken.case.office.build import import_office

    form = await request.form()
    upload = form.get("file")
    if upload is None or isinstance(upload, str):
        raise InputError("keine Datei im Feld 'file'", "file", "request")
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for field in ("file", "events", "fall"):
            part = form.get(field)
            if part is not None and not isinstance(part, str):
                name = Path(part.filename or field).name or field
                paths[field] = Path(tmp) / f"{field}-{name}"
                paths[field].write_bytes(await part.read())
        statute = form.get("statute")
        imported = import_office(
            paths["file"],
            statute if isinstance(statute, str) and statute else None,
            paths.get("events"),
            paths.get("fall"),
        )
    return {"case": imported.data, "summary": imported.summary, "findings": imported.findings}


def _start_page(folder: Path) -> str:
    rows = []
    for path in sorted(p for p in folder.iterdir() if p.suffix.lower() in CASE_SUFFIXES and _inside(p, folder)):
        link = f'<a href="/cases/{html.escape(path.stem)}">{html.escape(path.name)}</a>'
        rows.append(f"<tr><td>{link}</td><td>{html.escape(_title(path))}</td></tr>")
    table = "".join(rows) or '<tr><td colspan="2">Noch kein Fall in diesem Ordner.</td></tr>'
    return (
        '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>nachruecken</title></head><body>'
        f"<h1>Fälle</h1><p>Ordner: {html.escape(str(folder))}</p>"
        f"<table><tr><th>Datei</th><th>Gremium / Titel</th></tr>{table}</table></body></html>"
    )


def _inside(path: Path, folder: Path) -> bool:
    """A file of the folder itself: a link that leads out of it is not followed."""
    try:
        return path.resolve().parent == folder
    except OSError:
        return False


def _title(path: Path) -> str:
    from nachruecken.case.loader import load_case

    try:
        case = load_case(path)
    except InputError as exc:
        return f"nicht lesbar: {exc.message}"
    return " - ".join(filter(None, (case.body_name, case.title, case.statute)))


def _version() -> str:
    from nachruecken import __version__

    return __version__

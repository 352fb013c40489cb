"""The application `nachruecken serve` runs: the office's pages (``newcase``, ``desk``) and the JSON API
beside them (``/api/decide``, ``/api/import``, ``/api/statutes``, the OpenAPI description at ``/api/docs``),
behind the checks of ``safety``. Bad input answers with the one-line message the CLI gives: JSON on the API
(422, ``{"error": …}``), a page elsewhere."""

from __future__ import annotations

import secrets
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from nachruecken.errors import InputError
from nachruecken.interfaces.web import work
from nachruecken.interfaces.web.desk import add_pages
from nachruecken.interfaces.web.jobs import ClientGone, Jobs, Limits
from nachruecken.interfaces.web.newcase import _imported, add_start
from nachruecken.interfaces.web.record import Record
from nachruecken.interfaces.web.render import csrf_token, plain_message, token_ok
from nachruecken.interfaces.web.safety import MAX_BODY, Guard, allowed_hosts

# the framework's own answers, in the page's words
HTTP_WORDS = {"Not Found": "Nicht gefunden.", "Method Not Allowed": "Diese Anfrage ist hier nicht vorgesehen."}
# ... and those of its form reader, by how they begin
FORM_WORDS = {
    "Invalid multipart": "Ungültige Formulardaten (multipart).",
    "Too many files": "Zu viele Dateien in einer Anfrage (höchstens 1000).",
    "Too many fields": "Zu viele Felder in einer Anfrage (höchstens 1000).",
    "Part exceeded maximum size": "Ein Textfeld des Formulars ist zu groß (höchstens 1 MiB).",
}


def german(detail: object) -> str:
    """The framework's answer in the page's words (the text itself where none is known)."""
    text = str(detail)
    return HTTP_WORDS.get(text) or next((w for k, w in FORM_WORDS.items() if text.startswith(k)), text)


def create_app(
    folder: Path,
    host: str = "127.0.0.1",
    max_body: int = MAX_BODY,
    limits: Limits | None = None,
    access: str | None = None,
    port: int = 8765,
) -> FastAPI:
    """The desk on ``folder``; ``access`` is the key `serve --allow-remote` printed (None: this machine only)."""
    app = FastAPI(title="nachruecken", docs_url=None, redoc_url=None, openapi_url=None)
    app.state.jobs = jobs = Jobs(limits)
    app.state.reach = {"host": host, "port": port, "remote": access is not None}
    app.add_middleware(Guard, hosts=allowed_hosts(host), max_body=max_body, access=access)
    app.state.secret = secrets.token_bytes(32)  # signs the forms' CSRF token; new with every start
    record = Record(folder)
    add_start(app, record)
    add_pages(app, record)

    _answer_errors(app)

    @app.post("/api/decide")
    async def decide(request: Request, lang: str = "de", statute: str | None = None) -> JSONResponse:
        """A case as JSON, decided: what `nachruecken solve --json` prints, without the file's name and hash."""
        from nachruecken.interfaces.solve_command import _parse_readings

        readings = _parse_readings(request.query_params.getlist("reading")) or None
        body = await _body(request, max_body)  # read here, parsed in the job: a body's cost is the child's
        return JSONResponse(await jobs.run(request, work.decide_body, body, statute, lang, readings))

    @app.post("/api/import")
    async def import_sheets(request: Request) -> JSONResponse:
        """The office's export as an upload (multipart: ``file``, optional ``events``, ``fall``, ``statute``) or
        its sheets as rows of cells (JSON: ``{"statute", "sheets": {"bewerber", "ereignisse", "fall"}}``): the
        case file's data, the summary and the findings."""
        if request.headers.get("content-type", "").startswith("multipart/form-data"):
            form = await request.form()
            if not token_ok(app.state.secret, form.get("csrf") or request.headers.get("x-csrf-token")):
                return JSONResponse({"error": "ein Upload braucht das CSRF-Token (GET /api/csrf)"}, status_code=403)
            statute = form.get("statute")
            return JSONResponse(await _imported(request, form, statute if isinstance(statute, str) else ""))
        return JSONResponse(await jobs.run(request, work.import_body, await _body(request, max_body)))

    @app.get("/api/csrf")
    def csrf() -> JSONResponse:
        """The token an uploaded export needs (``csrf`` field or ``X-CSRF-Token``); another site cannot read it."""
        return JSONResponse({"csrf": csrf_token(app.state.secret)})

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


def _answer_errors(app: FastAPI) -> None:
    """Bad input answers with the one-line message the CLI gives: JSON on the API, a page elsewhere."""

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError):
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": str(exc)}, status_code=422)
        return plain_message(request, "Fehler", str(exc), 422)

    @app.exception_handler(ClientGone)
    async def client_gone(request: Request, exc: ClientGone):
        return Response(status_code=499)  # nginx's word for it: nobody reads this answer

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        text = german(exc.detail)
        if request.url.path.startswith("/api/"):  # "detail" as before; "error" as every other API error
            return JSONResponse({"error": text, "detail": exc.detail}, status_code=exc.status_code)
        return plain_message(request, "Fehler", text, exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def bad_address(request: Request, exc: RequestValidationError):
        if request.url.path.startswith("/api/"):
            where = ", ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors())
            error = f"Ungültige Angabe in der Anfrage: {where}" if where else "Ungültige Anfrage"
            return JSONResponse({"error": error, "detail": jsonable_encoder(exc.errors())}, status_code=422)
        return plain_message(request, "Fehler", "Diese Adresse oder Eingabe ist ungültig.", 422)


async def _body(request: Request, max_body: int) -> bytes:
    body = await request.body()
    if len(body) > max_body:  # a body sent without its length
        raise InputError("Anfrage zu groß (höchstens 64 MiB)", "", "request")
    return body


def _version() -> str:
    from nachruecken import __version__

    return __version__

"""The pages of the office's desk: the folder's cases, a case's term (the body now, determinations,
events, "warum nicht?"), recording, correcting and deleting an event, the history of a file with its
restore, and the documents. Every form carries the CSRF token and the SHA-256 of the file it was loaded
with; a form from a stale page is refused (409), never written over a newer file."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from nachruecken.errors import InputError
from nachruecken.interfaces.web import forms
from nachruecken.interfaces.web.casepage import case_context, decide_text
from nachruecken.interfaces.web.labels import LANGS
from nachruecken.interfaces.web.record import EDITABLE, Record, Stale
from nachruecken.interfaces.web.render import attachment, lang_of, message, page, plain_message, token_ok

FORMATS = {"html": "text/html; charset=utf-8", "md": "text/markdown; charset=utf-8", "pdf": "application/pdf"}
FORMATS["docx"] = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def add_pages(app: FastAPI, record: Record) -> None:
    @app.get("/cases/{name}")
    def case(request: Request, name: str, why: str | None = None, edit: str | None = None, before: str | None = None):
        """A council's term: the body now, each determination, the events and the event form."""
        path = _path(record, name)
        ctx = case_context(record, path, lang_of(request), {"why": why, "edit": edit, "before": before})
        return page(request, "case.html.j2", **ctx)

    @app.post("/cases/{name}/events")
    async def add_event(request: Request, name: str):
        """Record an event (the form of the case page)."""
        return await _change(request, record, name, None, delete=False)

    @app.post("/cases/{name}/events/{index}")
    async def correct_event(request: Request, name: str, index: int):
        """Correct the event at this place of the file."""
        return await _change(request, record, name, index, delete=False)

    @app.post("/cases/{name}/events/{index}/delete")
    async def delete_event(request: Request, name: str, index: int):
        """Delete the event at this place of the file (the old version stays in the history)."""
        return await _change(request, record, name, index, delete=True)

    @app.get("/cases/{name}/history")
    def history(request: Request, name: str):
        """Every kept version of the file."""
        path = _path(record, name)
        text, sha = record.read(path)
        return page(request, "history.html.j2", **_history(record, path, sha), title=path.name)

    @app.post("/cases/{name}/history/{version_id}")
    async def restore(request: Request, name: str, version_id: str):
        """Make a kept version the file's text again (itself a new version)."""
        path = _path(record, name)
        form = await request.form()
        if not token_ok(request.app.state.secret, form.get("csrf")):
            return message(request, "error", "bad_token", 403, f"/cases/{name}/history")
        version = record.version(path, version_id)
        if version is None:
            raise HTTPException(404, "keine solche Fassung")
        before = record.read(path)[1]
        try:
            record.save(path, version.path.read_bytes().decode("utf-8"), str(form.get("sha256", "")))
        except Stale:
            return message(request, "error", "stale", 409, f"/cases/{name}/history")
        except OSError as exc:
            return plain_message(request, "Fehler", f"Nicht wiederhergestellt: {exc}", 500)
        return RedirectResponse(f"/cases/{name}?before={before[:8]}", status_code=303)

    @app.get("/cases/{name}/documents/{vacancy}/{document}.{fmt}")
    def document(request: Request, name: str, vacancy: str, document: str, fmt: str) -> Response:
        """One document of one determination (act, notice, letter, checklist) as pdf, docx, html or md."""
        path = _path(record, name)
        data = document_bytes(path, vacancy, document, fmt)
        if data is None:
            raise HTTPException(404, "kein solches Dokument")
        disposition = "inline" if fmt == "html" else attachment(f"{name}-{vacancy}-{document}.{fmt}")
        return Response(data, media_type=FORMATS[fmt], headers={"content-disposition": disposition})

    @app.get("/lang/{code}")
    def switch_language(code: str, next: str = "/"):
        """German or English pages (a cookie); back to the page it was asked from."""
        target = next if next.startswith("/") and not next.startswith("//") else "/"
        response = RedirectResponse(target, status_code=303)
        if code in LANGS:
            response.set_cookie("lang", code, samesite="strict", httponly=True)
        return response


def _path(record: Record, name: str) -> Path:
    path = record.path(name)
    if path is None:
        raise HTTPException(404, "kein solcher Fall")
    return path


async def _change(request: Request, record: Record, name: str, index: int | None, delete: bool):
    """Check token and version, apply the change to the file's text, decide it, and save only a case that
    can be decided; a refused entry comes back with its errors next to the fields."""
    path = _path(record, name)
    form = {k: v for k, v in (await request.form()).items() if isinstance(v, str)}
    if not token_ok(request.app.state.secret, form.get("csrf")):
        return message(request, "error", "bad_token", 403, f"/cases/{name}")
    if path.suffix.lower() not in EDITABLE:
        raise HTTPException(400, "ein Fall aus ASP-Fakten (.lp) wird hier nur gelesen")
    text, sha = record.read(path)
    if form.get("sha256") != sha:
        return message(request, "error", "stale", 409, f"/cases/{name}#event-form")
    if index is not None and not 0 <= index < len(_events_of(text, path)):
        raise HTTPException(404, "kein solches Ereignis")
    try:
        new_text, errors = _edited(text, path, form, index, delete, lang_of(request))
    except InputError as exc:
        new_text, errors = None, {forms.field_of(exc.path): exc.message if exc.path else str(exc)}
    if errors:
        refused = {"values": form, "errors": errors, "editing": index}
        ctx = case_context(record, path, lang_of(request), {}, refused)
        return page(request, "case.html.j2", 422, **ctx)
    try:
        record.save(path, new_text, sha)
    except Stale:
        return message(request, "error", "stale", 409, f"/cases/{name}")
    except OSError as exc:
        return plain_message(request, "Fehler", f"Nicht gespeichert: {exc}", 500)
    return RedirectResponse(f"/cases/{name}?before={sha[:8]}", status_code=303)


def _events_of(text: str, path: Path) -> list:
    from nachruecken.case.edit import event_list

    try:
        return event_list(text, path.suffix.lower())
    except InputError:
        return []


def _edited(text: str, path: Path, form: dict, index: int | None, delete: bool, lang: str):
    """The file's new text and the form's problems (by field); the new text must decide."""
    from nachruecken.case.edit import event_list, with_event, without_event
    from nachruecken.case.loader import parse_text
    from nachruecken.case.words import office_date

    suffix = path.suffix.lower()
    if delete:
        new_text = without_event(text, suffix, index or 0)
    else:
        data = parse_text(text, suffix)
        noms = data.get("nominations", []) if isinstance(data, dict) else []
        persons = {c.get("id") for n in noms for c in n.get("candidates", [])}
        election = office_date(str(data.get("election_date", ""))) if isinstance(data, dict) else None
        event, errors = forms.read_event(form, {p for p in persons if isinstance(p, str)}, election)
        if errors:
            return None, errors
        if index is not None:  # a correction keeps what the form does not show (nomination, seat_of …)
            old = event_list(text, suffix)[index] if index < len(event_list(text, suffix)) else {}
            kept = {k: v for k, v in old.items() if k not in forms.FIELDS} if isinstance(old, dict) else {}
            event = {**event, **kept}
        new_text = with_event(text, suffix, event, index)
    decide_text(new_text, path, lang)  # an InputError here: the one line the CLI gives
    return new_text, {}


def _history(record: Record, path: Path, sha: str) -> dict:
    from nachruecken.case.edit import event_list

    rows = []
    for v in record.versions(path):
        try:
            count = str(len(event_list(v.path.read_text(encoding="utf-8"), path.suffix.lower())))
        except (InputError, OSError):
            count = "?"
        rows.append(
            {
                "id": v.id,
                "time": v.time.astimezone().strftime("%d.%m.%Y %H:%M:%S"),
                "sha8": v.sha8,
                "events": count,
                "current": v.sha8 == sha[:8],
            }
        )
    return {"name": path.stem, "file": path.name, "versions": rows, "sha256": sha}


def document_bytes(path: Path, key: str, kind: str, fmt: str) -> bytes | None:
    """One document of one determination in a format; None if the case has no such determination or
    document (a letter where nobody is to be notified)."""
    from nachruecken.interfaces.cli.documents import as_format
    from nachruecken.output.documents import feststellung as doc

    if kind not in doc.KINDS or fmt not in FORMATS:
        return None
    case, result = decide_text(path.read_text(encoding="utf-8"), path, "de")
    keys = doc.keys_of(result)
    if key not in keys:
        return None
    det = result["determinations"][keys.index(key)]
    if not doc.applies(kind, det):
        return None
    return as_format(doc.markdown(result, case, det, "de", kind), fmt, "de")

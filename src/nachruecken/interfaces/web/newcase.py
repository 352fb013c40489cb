"""The start page and "Neuer Fall": the folder's cases with body, statute, last event and what is open;
an uploaded export read through the importer and shown (summary, findings, the case file) before it is
saved under a name of its own; a state's empty template to download."""

from __future__ import annotations

import secrets
import tempfile
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from nachruecken.errors import InputError
from nachruecken.interfaces.web import views
from nachruecken.interfaces.web.labels import words
from nachruecken.interfaces.web.record import Record, new_stem
from nachruecken.interfaces.web.render import lang_of, message, page, token_ok

STATES = (
    ("nw", "NRW"),
    ("he", "Hessen"),
    ("bb", "Brandenburg"),
    ("mv", "Mecklenburg-Vorpommern"),
    ("hh", "Hamburg"),
    ("rp", "Rheinland-Pfalz"),
    ("sh", "Schleswig-Holstein"),
    ("st", "Sachsen-Anhalt"),
    ("by", "Bayern"),
    ("sn", "Sachsen"),
)
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
MAX_STAGED = 20  # imports shown but not yet saved, kept in memory


def add_start(app: FastAPI, record: Record) -> None:
    staged: dict[str, dict] = {}

    @app.get("/")
    def start(request: Request):
        """The case files of the office's folder."""
        return _start(request, record)

    @app.post("/new")
    async def read_export(request: Request):
        """An uploaded export read by the importer, shown before it is saved."""
        form = await request.form()
        if not token_ok(request.app.state.secret, form.get("csrf")):
            return message(request, "error", "bad_token", 403)
        statute = form.get("statute") if isinstance(form.get("statute"), str) else ""
        try:
            if statute and statute not in dict(STATES):
                raise InputError("unknown", "statute")
            imported, source = await _imported(form, str(statute or ""))
        except InputError as exc:
            return _start(request, record, _import_error(exc), str(statute or ""), 422)
        from nachruecken.case.office.casefile import case_yaml

        token = secrets.token_urlsafe(16)
        text = case_yaml(imported.data, source)
        staged[token] = {"text": text, "source": source}
        while len(staged) > MAX_STAGED:
            staged.pop(next(iter(staged)))
        body = imported.data.get("body", {}).get("name") or imported.data.get("title")
        stem = new_stem(body, imported.data.get("election_date"), Path(source).stem)
        return page(
            request,
            "preview.html.j2",
            title=words(lang_of(request))["preview"],
            source=source,
            summary=_joined(imported.summary),
            findings=_joined(imported.findings),
            staged=token,
            filename=stem,
            text=text,
        )

    @app.post("/new/save")
    async def save_export(request: Request):
        """The shown import as a new case file (never over an existing one)."""
        form = await request.form()
        if not token_ok(request.app.state.secret, form.get("csrf")):
            return message(request, "error", "bad_token", 403)
        entry = staged.pop(str(form.get("staged", "")), None)
        if entry is None:
            return message(request, "error", "bad_token", 409)
        stem = new_stem(None, None, str(form.get("filename") or entry["source"]))
        path = record.create(stem, ".yaml", entry["text"])
        return RedirectResponse(f"/cases/{path.stem}", status_code=303)

    @app.get("/template")
    def template(statute: str = "nw"):
        """A state's empty sheets as a workbook to fill in."""
        from nachruecken.case.office.template import template_sheets
        from nachruecken.case.office.workbook import xlsx_bytes
        from nachruecken.law.statutes import resolve_statute_id

        if statute not in dict(STATES):
            raise HTTPException(404, "keine solche Vorschrift")
        statute_id = resolve_statute_id(statute, "statute")
        data = xlsx_bytes(template_sheets(statute, statute_id))
        filename = f"vorlage-{statute}.xlsx"
        return Response(data, media_type=XLSX, headers={"content-disposition": f'attachment; filename="{filename}"'})


async def _imported(form, statute: str):
    """The import of the uploaded files (kept in a temporary folder, removed after) and the list's name."""
    from nachruecken.case.office.build import import_office

    upload = form.get("file")
    if upload is None or isinstance(upload, str) or not upload.filename:
        raise InputError("Bitte die Bewerberliste wählen (CSV oder XLSX).", "file")
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for field in ("file", "events", "fall"):
            part = form.get(field)
            if part is not None and not isinstance(part, str) and part.filename:
                paths[field] = Path(tmp) / f"{field}-{_safe_name(part.filename)}"
                paths[field].write_bytes(await part.read())
        imported = import_office(paths["file"], statute or None, paths.get("events"), paths.get("fall"))
    return imported, _safe_name(upload.filename)


def _joined(lines: list[str]) -> list[str]:
    """The importer's lines as sentences: a line that continues the one before (indented) joins it."""
    out: list[str] = []
    for line in lines:
        for part in line.split("\n"):
            if part[:1].isspace() and out:
                out[-1] = f"{out[-1]} {part.strip()}"
            elif part.strip():
                out.append(part.strip())
    return out


def _import_error(exc: InputError) -> dict[str, str]:
    """An import's error by the field it concerns, in the page's words."""
    if exc.message.startswith("keine Vorschrift"):
        return {"statute": "Bitte hier das Land wählen: das Fallblatt nennt keine Vorschrift."}
    if exc.path == "statute":
        return {"statute": "Diese Vorschrift kennt das Programm nicht."}
    return {"file": exc.message}


def _safe_name(filename: str) -> str:
    """An uploaded file's name as a plain name in the temporary folder ("..", "/x/y" and the like: "upload"),
    its suffix kept (it says how the file is read)."""
    name = Path(filename.replace("\\", "/")).name
    return name if name not in ("", ".", "..") and not name.startswith(".") else "upload" + Path(name).suffix


def _start(request: Request, record: Record, errors: dict | None = None, statute: str = "", status: int = 200):
    lang = lang_of(request)
    rows = [_row(path, lang) for path in record.cases()]
    return page(
        request,
        "start.html.j2",
        status,
        title=words(lang)["cases"],
        folder=str(record.folder),
        rows=rows,
        statutes=STATES,
        chosen_statute=statute,
        errors=errors or {},
    )


def _row(path: Path, lang: str) -> dict:
    """One case on the start page: body, statute, last event and the open procedures (or its error)."""
    from nachruecken.interfaces.web.casepage import decide_text

    row = {"name": path.stem, "file": path.name, "error": ""}
    try:
        case, result = decide_text(path.read_text(encoding="utf-8"), path, lang)
    except InputError as exc:
        return {**row, "error": exc.message}
    except (OSError, UnicodeDecodeError) as exc:
        return {**row, "error": str(exc)}
    last = case.events[-1] if case.events else None
    comp = views.composition_view(case, result.get("composition"), lang)
    return {
        **row,
        "body": case.body_name or case.title or "",
        "statute": views.state_name(result["statute"]),
        "last_event": _last(case, last) if last else "",
        "open": comp["vacant"] + comp["pending"],
    }


def _last(case, event) -> str:
    from nachruecken.case.words import german_word

    word = event.word or german_word(event.type, event.reservation)
    who = case.display(event.person) if event.person else ""
    return f"{event.date.strftime('%d.%m.%Y')} {word} {who}".strip()

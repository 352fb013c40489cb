"""The start page and "Neuer Fall": the folder's cases with body, statute, last event and what is open;
an uploaded export read through the importer and shown (summary, findings, the case file) before it is
saved under a name of its own; a state's empty template to download."""

from __future__ import annotations

import secrets
from pathlib import Path

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from nachruecken.errors import InputError
from nachruecken.interfaces.web import layouts, views, work
from nachruecken.interfaces.web.labels import words
from nachruecken.interfaces.web.record import Record, new_stem
from nachruecken.interfaces.web.render import attachment, lang_of, message, page, token_ok

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
MAX_STAGED_BYTES = 64 * 2**20  # ... with their uploads, in all


def add_start(app: FastAPI, record: Record) -> None:
    staged: dict[str, dict] = {}

    @app.get("/")
    def start(request: Request):
        """The case files of the office's folder."""
        return _start(request, record)

    @app.post("/new")
    async def read_export(request: Request):
        """An uploaded export read by the importer, shown with its column map before it is saved; the
        choices kept for its layout apply."""
        form = await request.form()
        if not token_ok(request.app.state.secret, form.get("csrf")):
            return message(request, "error", "bad_token", 403)
        statute = form.get("statute") if isinstance(form.get("statute"), str) else ""
        try:
            if statute and statute not in dict(STATES):
                raise InputError("unknown", "statute")
            uploads = await _uploads(form)
        except InputError as exc:
            return _start(request, record, _import_error(exc), str(statute or ""), 422)
        entry: dict = {"uploads": uploads, "statute": str(statute or ""), "source": uploads["file"][0]}
        header = await request.app.state.jobs.run(request, work.header_of, uploads)
        layout = layouts.fingerprint(header)
        entry.update(header=header, layout=layout, choices=layouts.remembered(record.folder, layout) if header else {})
        return await _preview(request, record, staged, entry, remembered=bool(entry["choices"]))

    @app.post("/new/columns")
    async def reread_export(request: Request):
        """The staged export read again with the column choices of the form."""
        form = await request.form()
        if not token_ok(request.app.state.secret, form.get("csrf")):
            return message(request, "error", "bad_token", 403)
        entry = staged.get(str(form.get("staged", "")))
        if entry is None:
            return message(request, "error", "bad_token", 409)
        entry = {**entry, "choices": layouts.chosen(form, entry["header"])}
        return await _preview(request, record, staged, entry)

    @app.post("/new/save")
    async def save_export(request: Request):
        """The shown import as a new case file (never over an existing one); its column choices are kept
        for the next export of the same layout."""
        form = await request.form()
        if not token_ok(request.app.state.secret, form.get("csrf")):
            return message(request, "error", "bad_token", 403)
        entry = staged.pop(str(form.get("staged", "")), None)
        if entry is None or "text" not in entry:
            return message(request, "error", "bad_token", 409)
        stem = new_stem(None, None, str(form.get("filename") or entry["source"]))
        path = record.create(stem, ".yaml", entry["text"])
        if entry["header"]:
            layouts.remember(record.folder, entry["layout"], entry["choices"])
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
        return Response(data, media_type=XLSX, headers={"content-disposition": attachment(filename)})


async def _uploads(form) -> dict[str, tuple[str, bytes]]:
    """The uploaded files (the list, and the events and case sheets if given): a safe name and the bytes."""
    upload = form.get("file")
    if upload is None or isinstance(upload, str) or not upload.filename:
        raise InputError("Bitte die Bewerberliste wählen (CSV oder XLSX).", "file")
    out = {}
    for field in ("file", "events", "fall"):
        part = form.get(field)
        if part is not None and not isinstance(part, str) and part.filename:
            out[field] = (_safe_name(part.filename), await part.read())
    return out


async def _imported(request: Request, form, statute: str) -> dict:
    """The import of an upload as the JSON API answers it (no column choices), read in a job."""
    uploads = await _uploads(form)
    return await request.app.state.jobs.run(request, work.imported_upload, uploads, statute)


async def _preview(request: Request, record: Record, staged: dict, entry: dict, remembered: bool = False):
    """The import of a staged upload under its column choices: the summary, the findings, the column map
    to change, and the case file to save; or, where it cannot be read, its line and the column map."""
    from nachruecken.case.office.casefile import case_yaml

    got = await request.app.state.jobs.run(
        request, work.read_uploads, entry["uploads"], entry["statute"], entry.get("choices")
    )
    if isinstance(got, InputError) and (not entry["header"] or "statute" in _import_error(got)):
        return _start(request, record, _import_error(got), entry["statute"], 422)
    entry = {k: v for k, v in entry.items() if k != "text"}
    failed = isinstance(got, InputError)
    columns = layouts.guessed(entry["header"], entry["choices"]) if failed else got.columns
    context: dict = {"columns": layouts.rows(columns, entry["choices"]), "options": layouts.options(lang_of(request))}
    if isinstance(got, InputError):
        context.update(error=got.message, where=got.path)
    else:
        entry["text"] = case_yaml(got.data, entry["source"])
        body = got.data.get("body", {}).get("name") or got.data.get("title")
        stem = new_stem(body, got.data.get("election_date"), Path(entry["source"]).stem)
        context.update(summary=_joined(got.summary), findings=_joined(got.findings), filename=stem, text=entry["text"])
    token = secrets.token_urlsafe(16)
    staged[token] = entry
    _bound(staged)
    title = words(lang_of(request))["preview"]
    status = 422 if isinstance(got, InputError) else 200
    return page(
        request,
        "preview.html.j2",
        status,
        title=title,
        source=entry["source"],
        staged=token,
        remembered=remembered,
        **context,
    )


def _bound(staged: dict) -> None:
    """At most MAX_STAGED uploads, and MAX_STAGED_BYTES in all, are kept in memory (the oldest go first)."""
    size = lambda e: sum(len(data) for _, data in e["uploads"].values())
    while len(staged) > MAX_STAGED or (len(staged) > 1 and sum(size(e) for e in staged.values()) > MAX_STAGED_BYTES):
        staged.pop(next(iter(staged)))


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
    name = name if name not in ("", ".", "..") and not name.startswith(".") else "upload" + Path(name).suffix
    suffix = Path(name).suffix[:10]
    stem = name[: len(name) - len(Path(name).suffix)]
    while len((stem + suffix).encode()) > 120:  # a file system allows 255 bytes a name
        stem = stem[:-1]
    return stem + suffix


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
    except UnicodeDecodeError:
        return {**row, "error": "kein UTF-8-Text"}
    except OSError as exc:
        return {**row, "error": f"nicht lesbar ({exc.strerror})"}
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

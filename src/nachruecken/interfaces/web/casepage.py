"""A case page's content from the file's text: decided with the same code as ``solve``; an unreadable
file still shows its events (as far as they can be read) and its one-line error."""

from __future__ import annotations

from pathlib import Path

from nachruecken.errors import InputError
from nachruecken.interfaces.web import forms, views
from nachruecken.interfaces.web.labels import words
from nachruecken.interfaces.web.record import EDITABLE, Record

# each case file's walks, kept between requests (``nachruecken.Term``'s memo): a page after a new event
# walks only what the event changed
_WALKS: dict[Path, dict] = {}


def decide_text(text: str, path: Path, lang: str):
    """The case of a file's text and its result (``InputError`` if it cannot be decided)."""
    from nachruecken.case.loader import build_case, parse_text
    from nachruecken.engine.determine import determine_case
    from nachruecken.interfaces.term import kept_walks
    from nachruecken.interfaces.web.record import sha256

    try:
        case = build_case(parse_text(text, path.suffix.lower()), path.name, sha256(text))
        with kept_walks(_WALKS.setdefault(path.resolve(), {})):
            return case, determine_case(case, lang=lang)
    except InputError as exc:
        raise exc.with_file(path.name) from None


def case_context(record: Record, path: Path, lang: str, query: dict, form: dict | None = None) -> dict:
    """Everything the case template shows. ``query``: ``why`` (a person), ``edit`` (an event's index),
    ``before`` (the sha8 of the version a change replaced); ``form``: values and errors of a refused form."""
    text, sha = record.read(path)
    w = words(lang)
    ctx = _empty(path, sha, text)
    raw = _raw_events(text, path)
    try:
        case, result = decide_text(text, path, lang)
    except InputError as exc:
        ctx["load_error"] = str(exc)
        ctx["events"] = [{**r, "person": r["person"]} for r in _plain_rows(raw)]
        return ctx
    ctx.update(
        title=case.title or case.body_name or path.stem,
        body_name=case.body_name if case.title else "",
        statute=f"{views.state_name(result['statute'])}: {result['statute_version']}",
        warnings=views.with_names(case, result["warnings"]),
        composition=views.composition_view(case, result.get("composition"), lang),
        determinations=views.determination_views(case, result, lang),
        events=views.event_rows(case, raw, w),
    )
    members, others = views.person_choices(case, result.get("composition"))
    ctx.update(members=members, others=others, people=sorted(members + others, key=lambda p: p[1]))
    why = query.get("why")
    if why:
        ctx["why_person"], ctx["why"] = why, views.why_not(case, result, why, lang, w)
    before = query.get("before")
    if before:
        ctx["changes"] = views.changes(case, _result_of(record, path, before, lang), result, lang, w)
    _form_state(ctx, raw, query, form)
    return ctx


def _empty(path: Path, sha: str, text: str) -> dict:
    return {
        "name": path.stem,
        "file": path.name,
        "title": path.stem,
        "body_name": "",
        "statute": "",
        "sha256": sha,
        "editable": path.suffix.lower() in EDITABLE,
        "load_error": "",
        "changes": [],
        "warnings": [],
        "composition": None,
        "determinations": [],
        "events": [],
        "members": [],
        "others": [],
        "people": [],
        "why": [],
        "why_person": "",
        "words": forms.word_choices(),
        "values": {k: "" for k in forms.FIELDS},
        "editing": None,
    }


def _form_state(ctx: dict, raw: list, query: dict, form: dict | None) -> None:
    """The event form: empty, an event to correct (``edit``), or a refused entry with its errors."""
    edit = query.get("edit")
    if edit is not None and str(edit).isdigit() and int(edit) < len(raw) and isinstance(raw[int(edit)], dict):
        ctx["editing"] = int(edit)
        ctx["values"] = forms.form_values(raw[int(edit)])
    if form is not None:
        ctx["values"] = {k: form["values"].get(k, "") for k in forms.FIELDS}
        ctx["errors"] = form["errors"]
        ctx["editing"] = form.get("editing")


def _raw_events(text: str, path: Path) -> list:
    from nachruecken.case.edit import event_list

    if path.suffix.lower() == ".lp":
        return []
    try:
        return event_list(text, path.suffix.lower())
    except InputError:
        return []


def _plain_rows(raw: list) -> list[dict]:
    return [
        {"index": i, "date": str(e.get("date", "")), "person": str(e.get("person", "")), "word": str(e.get("type", ""))}
        | {"details": ""}
        for i, e in enumerate(raw)
        if isinstance(e, dict)
    ]


def _result_of(record: Record, path: Path, sha8: str, lang: str) -> dict | None:
    """The result of a kept version (to say what a change altered); None if it is gone or undecidable."""
    version = record.version_by_sha8(path, sha8)
    if version is None:
        return None
    try:
        return decide_text(version.path.read_text(encoding="utf-8"), path, lang)[1]
    except (InputError, OSError):
        return None

"""The pages of `nachruecken serve` that read the office's folder: the case page (each determination with
its ranking, reasons and citations, the warnings, and links to its documents) and the documents
themselves. Every string from a case is escaped; a name that is not a case file of the folder is 404."""

from __future__ import annotations

import html
from pathlib import Path

from nachruecken.errors import InputError

CASE_SUFFIXES = (".yaml", ".yml", ".json", ".lp")
FORMATS = {"html": "text/html; charset=utf-8", "md": "text/markdown; charset=utf-8", "pdf": "application/pdf"}
FORMATS["docx"] = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
STATUS = {"successor": "Nachfolge", "skipped": "übergangen", "tied": "Losentscheid", "behind": "dahinter"}
HEAD = '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8"><title>{title}</title></head><body>'


def case_path(folder: Path, name: str) -> Path | None:
    """The case file of the folder whose name (without suffix) is ``name``; None if there is none (or it
    lies outside the folder, through a link)."""
    for path in sorted(folder.iterdir()):
        if path.stem == name and path.suffix.lower() in CASE_SUFFIXES:
            try:
                if path.resolve().parent == folder.resolve():
                    return path
            except OSError:
                return None
    return None


def decided(path: Path):
    from nachruecken.case.loader import load_case
    from nachruecken.engine.determine import determine_case

    case = load_case(path)
    return case, determine_case(case, lang="de")


def case_page(path: Path) -> str:
    """The case: each determination with its candidates, reasons and documents; one line if unreadable."""
    e = html.escape
    try:
        case, result = decided(path)
    except InputError as exc:
        return (
            HEAD.format(title=e(path.name)) + f"<h1>{e(path.name)}</h1><p>nicht lesbar: {e(str(exc))}</p></body></html>"
        )
    from nachruecken.output.documents import feststellung as doc

    parts = [HEAD.format(title=e(case.title or path.stem)), f"<h1>{e(case.title or path.stem)}</h1>"]
    parts.append(f'<p>{e(case.body_name or "")} {e(result["statute"])}</p><p><a href="/">alle Fälle</a></p>')
    keys = doc.keys_of(result)
    for key, det in zip(keys, result["determinations"], strict=True):
        parts.append(_determination(case, det, key, path.stem))
    if result["warnings"]:
        parts.append("<h2>Hinweise</h2><ul>" + "".join(f"<li>{e(w)}</li>" for w in result["warnings"]) + "</ul>")
    return "".join(parts) + "</body></html>"


def _determination(case, det: dict, key: str, stem: str) -> str:
    from nachruecken.output.documents import feststellung as doc

    e = html.escape
    who = case.display(det["vacancy"])
    successor = case.display(det["successor"]) if det.get("successor") else ""
    head = f"<h2>Sitz von {e(who)}: {e(det['outcome'])}{(' - ' + e(successor)) if successor else ''}</h2>"
    rows = "".join(
        f"<tr><td>{e(case.display(c['person']))}</td><td>{e(case.nomination_display(c['nomination']))}</td>"
        f"<td>{e(STATUS.get(c['status'], c['status']))}</td><td>{e(c.get('citation') or '')}</td>"
        f"<td>{e(c.get('explanation') or '')}</td></tr>"
        for c in det["candidates"]
    )
    table = (
        f"<table><tr><th>Person</th><th>Liste</th><th>Status</th><th>Norm</th><th>Begründung</th></tr>{rows}</table>"
    )
    links = " ".join(
        f'<a href="/cases/{e(stem)}/documents/{e(key)}/{kind}.{fmt}">{kind} ({fmt})</a>'
        for kind in doc.KINDS
        if doc.applies(kind, det)
        for fmt in ("html", "docx", "pdf")
    )
    return head + table + f"<p>Dokumente: {links}</p>"


def document_bytes(path: Path, key: str, kind: str, fmt: str) -> bytes | None:
    """One document of one determination in a format; None if the case has no such determination or
    document (a letter where nobody is to be notified)."""
    from nachruecken.interfaces.cli.documents import as_format
    from nachruecken.output.documents import feststellung as doc

    if kind not in doc.KINDS or fmt not in FORMATS:
        return None
    case, result = decided(path)
    keys = doc.keys_of(result)
    if key not in keys:
        return None
    det = result["determinations"][keys.index(key)]
    if not doc.applies(kind, det):
        return None
    return as_format(doc.markdown(result, case, det, "de", kind), fmt, "de")

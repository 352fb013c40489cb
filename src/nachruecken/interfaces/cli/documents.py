"""`nachruecken feststellung`: the documents of a determination (the act, the public notice, the letter
to the successor, the checklist), as Markdown, HTML, DOCX or PDF, to stdout, a file, or (``--document
all``) a folder of ``<vacancy>-<document>.<format>`` files; a file already there is replaced in one step,
the previous one kept as ``.bak``."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from nachruecken.interfaces.cli.common import Lang
from nachruecken.interfaces.solve_command import _err, _parse_readings

FORMATS = {"md": "md", "markdown": "md", "html": "html", "docx": "docx", "pdf": "pdf"}
SUFFIXES = {".md": "md", ".markdown": "md", ".html": "html", ".htm": "html", ".docx": "docx", ".pdf": "pdf"}
DOCUMENTS = ("act", "notice", "letter", "checklist", "all")


def feststellung(
    case: Path = typer.Argument(..., help="a case file"),
    vacancy: str | None = typer.Option(None, "--vacancy", help="only this determination (the departed's id, or id#2)"),
    document: str = typer.Option(
        "act", "--document", help="act (the Feststellung), notice, letter (to the successor), checklist, or all"
    ),
    fmt: str | None = typer.Option(
        None,
        "--format",
        help="md (the default), html (printable A4), docx (extra nachruecken\\[docx]) or pdf (extra "
        "nachruecken\\[pdf]); default: from the -o file's suffix",
    ),
    output: Path | None = typer.Option(None, "--output", "-o", help="a file (docx, pdf need one); with all: a folder"),
    lang: Lang = typer.Option(Lang.de, "--lang", help="de (the official language) or en (a translation)"),
    statute: str | None = typer.Option(None, "--statute", help="decide under this statute instead of the case's"),
    reading: list[str] = typer.Option([], "--reading", help="ID=VALUE"),
):
    """Draft the documents of each vacancy's determination: the act to sign, the notice, the letter, and
    the checklist of what to check before signing."""
    from nachruecken.errors import InputError

    try:
        if document not in DOCUMENTS:
            raise InputError(f"unknown document '{document}'; known: {', '.join(DOCUMENTS)}", "--document")
        kind = _format(fmt, output, document == "all")
        loaded, result = _decide(case, statute, reading, lang.value)
        if document == "all":
            _write_all(result, loaded, vacancy, kind, lang.value, output)
            return
        data = _render(result, loaded, vacancy, document, kind, lang.value, case)
        _write(data, output)
    except InputError as exc:
        _err(str(exc))
        raise typer.Exit(2)


def _format(fmt: str | None, output: Path | None, folder: bool) -> str:
    """md, html, docx or pdf: from --format, else from the output file's suffix; a mismatch is an error."""
    from nachruecken.errors import InputError

    implied = SUFFIXES.get(output.suffix.lower()) if output is not None and not folder else None
    kind = FORMATS.get((fmt or implied or "md").lower())
    if kind is None:
        raise InputError(f"unknown format '{fmt}'; known: md, html, docx, pdf", "--format")
    if implied is not None and implied != kind:
        assert output is not None  # implied by its suffix
        raise InputError(f"--format {fmt} does not fit the file {output.name}", "--format")
    if folder and output is None:
        raise InputError("--document all writes several files: give -o FOLDER", "--output")
    if kind in ("docx", "pdf") and output is None:
        raise InputError(f"a {kind.upper()} document needs a file: give -o FILE.{kind}", "--output")
    return kind


def _decide(case: Path, statute: str | None, reading: list[str], lang: str):
    from nachruecken.case.loader import load_case
    from nachruecken.engine.determine import determine_case

    loaded = load_case(case)
    return loaded, determine_case(loaded, statute, _parse_readings(reading) or None, lang)


def _render(result: dict, loaded, vacancy: str | None, document: str, kind: str, lang: str, case: Path) -> bytes:
    """One document of the chosen determinations as the bytes of the format asked for."""
    from nachruecken.errors import InputError
    from nachruecken.output.documents import feststellung as doc

    try:
        text = doc.document(result, loaded, vacancy, lang, document)
    except InputError as exc:
        raise exc.with_file(str(case)) from None
    return as_format(text, kind, lang)


def as_format(text: str, kind: str, lang: str) -> bytes:
    from nachruecken.output.documents import feststellung as doc

    if kind == "docx":
        return doc.to_docx(text, lang)
    if kind == "pdf":
        return doc.to_pdf(text, lang)
    return (doc.to_html(text, lang) if kind == "html" else text).encode("utf-8")


def _write_all(result: dict, loaded, vacancy: str | None, kind: str, lang: str, folder: Path | None) -> None:
    """Every document of every chosen determination into the folder (made if missing)."""
    from nachruecken.errors import InputError
    from nachruecken.files import write_safely
    from nachruecken.output.documents import feststellung as doc

    assert folder is not None  # _format asks for it
    if folder.exists() and not folder.is_dir():
        raise InputError("with --document all, -o names a folder", "", str(folder))
    folder.mkdir(parents=True, exist_ok=True)
    from nachruecken.case.office.ids import slug, unique

    chosen = doc.select(result, vacancy)
    keys = doc.keys_of(result)
    taken: set[str] = set()
    inside = folder.resolve()
    for det in chosen:
        # a file name from a slug of the id, never the id itself ("../x" or "/x" would leave the folder)
        key = unique(slug(keys[result["determinations"].index(det)]), taken)
        for document in ("act", "notice", "letter", "checklist"):
            if not doc.applies(document, det):
                continue
            text = doc.markdown(result, loaded, det, lang, document)
            path = folder / f"{key}-{document}.{kind}"
            if path.resolve().parent != inside:  # (a slug has no separator: this cannot happen)
                raise InputError(f"{path.name}: would be written outside the folder", "", str(folder))
            write_safely(path, as_format(text, kind, lang), force=True)
            sys.stderr.write(f"wrote {path}\n")


def _write(data: bytes, output: Path | None) -> None:
    """To the output file (replaced in one step, the previous kept as .bak), else to stdout."""
    from nachruecken.files import write_safely

    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    write_safely(output, data, force=True)

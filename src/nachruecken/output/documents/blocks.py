"""The small Markdown the Feststellung templates write, read as blocks (headings, paragraphs, list
items, check boxes, page breaks), and the same blocks made into a printable A4 HTML page and a DOCX
document (python-docx, optional extra ``docx``), so the three say the same.
"""

from __future__ import annotations

import datetime
import html
import io
import re

from nachruecken.errors import InputError

BLANK = re.compile(r"\[_+ ?([^\]]*?) ?_*\]")


def blocks(text: str) -> list[tuple[str, str]]:
    """(kind, text) with kind h1 h2 p li ol box rule; consecutive lines of a paragraph are joined."""
    out: list[tuple[str, str]] = []
    para: list[str] = []

    def flush():
        if para:
            out.append(("p", " ".join(para)))
            para.clear()

    for raw in text.splitlines():
        line = raw.rstrip()
        if not line:
            flush()
            continue
        if line == "---":
            flush()
            out.append(("rule", ""))
        elif line.startswith("## "):
            flush()
            out.append(("h2", line[3:]))
        elif line.startswith("# "):
            flush()
            out.append(("h1", line[2:]))
        elif line.startswith("- [ ] "):
            flush()
            out.append(("todo", line[6:]))
        elif line.startswith("- "):
            flush()
            out.append(("li", line[2:]))
        elif re.match(r"\d+\. ", line):
            flush()
            out.append(("ol", line.split(" ", 1)[1]))
        elif line.startswith(">"):
            flush()
            body = line[1:].strip()
            if body:
                out.append(("box", body if body.startswith("☐") else "☐ " + body))
        else:
            para.append(line)
    flush()
    return out


def _inline_html(text: str) -> str:
    text = html.escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    return BLANK.sub(lambda m: f'<span class="blank">{m.group(1)}</span>', text)


def to_html(text: str, lang: str = "de") -> str:
    body = []
    open_list = None
    parsed = blocks(text)
    for kind, content in parsed:
        list_kind = {"li": "ul", "ol": "ol"}.get(kind)
        if open_list and list_kind != open_list:
            body.append(f"</{open_list}>")
            open_list = None
        if list_kind and open_list is None:
            body.append(f"<{list_kind}>")
            open_list = list_kind
        if kind in ("li", "ol"):
            body.append(f"<li>{_inline_html(content)}</li>")
        elif kind == "h1":
            body.append(f"<h1>{_inline_html(content)}</h1>")
        elif kind == "h2":
            body.append(f"<h2>{_inline_html(content)}</h2>")
        elif kind == "box":
            body.append(f'<div class="check">{_inline_html(content)}</div>')
        elif kind == "todo":
            body.append(f'<p class="todo">☐ {_inline_html(content)}</p>')
        elif kind == "rule":
            body.append('<div class="pagebreak"></div>')
        else:
            body.append(f"<p>{_inline_html(content)}</p>")
    if open_list:
        body.append(f"</{open_list}>")
    style = (
        "@page { size: A4; margin: 2.5cm 2cm; @bottom-center { content: counter(page) ' / ' counter(pages); "
        "font-size: 9pt; } } .todo { margin: 0.2em 0 0.2em 1.4em; text-indent: -1.4em; } body { font-family: serif; font-size: 11pt; line-height: 1.4; "
        "max-width: 17cm; margin: auto; } h1 { font-size: 15pt; } h2 { font-size: 12pt; margin-top: 1.2em; } "
        ".check { border: 2px solid #b00; padding: 0.4em 0.6em; margin: 0.4em 0; } "
        ".blank { display: inline-block; min-width: 6cm; border-bottom: 1px solid #000; color: #666; "
        "font-size: 8pt; } .pagebreak { page-break-after: always; }"
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_inline_html(parsed[0][1]) if parsed else ''}</title>\n<style>{style}</style>\n"
        "</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n"
    )


# the characters XML 1.0 does not allow (python-docx refuses them): tab and line ends are allowed
_XML_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def to_docx(text: str, lang: str = "de") -> bytes:
    try:
        import docx
        from docx.shared import Pt, RGBColor
    except ImportError:
        raise InputError("DOCX needs python-docx: pip install 'nachruecken[docx]'", "--format") from None
    document_ = docx.Document()
    _a4(document_, lang)
    for kind, content in blocks(_XML_UNSAFE.sub("", text)):  # what XML cannot hold, whatever brought it
        if kind == "h1":
            document_.add_heading(_plain(content), level=1)
            continue
        if kind == "h2":
            document_.add_heading(_plain(content), level=2)
            continue
        if kind == "rule":
            document_.add_page_break()
            continue
        style = {"li": "List Bullet", "ol": "List Number"}.get(kind)
        para = document_.add_paragraph(style=style)
        if kind == "todo":
            para.add_run("☐ ")
        for piece, bold, blank in _runs(content):
            run = para.add_run(piece)
            run.bold = bold
            if blank:
                run.underline = True
                run.font.color.rgb = RGBColor(0x66, 0x66, 0x66)
        if kind == "box":
            for run in para.runs:
                run.font.color.rgb = RGBColor(0xB0, 0x00, 0x00)
                run.font.size = Pt(10)
    buffer = io.BytesIO()
    document_.save(buffer)
    return buffer.getvalue()


def to_pdf(text: str, lang: str = "de") -> bytes:
    """The printable A4 page as PDF (WeasyPrint, optional extra ``pdf``), with page numbers."""
    try:
        import weasyprint
    except (ImportError, OSError):  # OSError: the Pango libraries WeasyPrint needs are missing
        raise InputError("PDF needs WeasyPrint: pip install 'nachruecken[pdf]'", "--format") from None
    return weasyprint.HTML(string=to_html(text, lang)).write_pdf()


def _a4(document_, lang: str) -> None:
    """A4 with 2 cm margins, the language of the text for spelling and hyphenation (German, or British
    English for a translation), and properties that name no author."""
    from docx.oxml import OxmlElement
    from docx.oxml.ns import qn
    from docx.shared import Cm

    for section in document_.sections:
        section.page_width, section.page_height = Cm(21.0), Cm(29.7)
        section.left_margin = section.right_margin = Cm(2.0)
        section.top_margin = section.bottom_margin = Cm(2.5)
    tag = "de-DE" if lang == "de" else "en-GB"
    for style in ("Normal", "Heading 1", "Heading 2", "List Bullet", "List Number"):
        rpr = document_.styles[style].element.get_or_add_rPr()
        for old in rpr.findall(qn("w:lang")):
            rpr.remove(old)
        node = OxmlElement("w:lang")
        node.set(qn("w:val"), tag)
        rpr.append(node)
    # the document defaults too (python-docx's template says en-US there)
    defaults = document_.styles.element.find(qn("w:docDefaults"))
    for node in defaults.iter(qn("w:lang")) if defaults is not None else ():
        node.set(qn("w:val"), tag)
    props = document_.core_properties
    props.author = props.last_modified_by = ""
    props.title = "Feststellung (Entwurf)" if lang == "de" else "Determination (draft)"
    props.comments = (
        "Entwurf, erzeugt von nachruecken; vor der Unterschrift prüfen"
        if lang == "de"
        else "Draft made by nachruecken; check before signing"
    )
    props.created = props.modified = datetime.datetime.now()


def _plain(text: str) -> str:
    return BLANK.sub(lambda m: f"[{m.group(1)}]", text.replace("**", "").replace("`", ""))


def _runs(text: str) -> list[tuple[str, bool, bool]]:
    """Split a line into (text, bold, blank) runs."""
    out = []
    text = text.replace("`", "")  # an identifier marked as code reads as itself in a Word document
    for i, chunk in enumerate(re.split(r"\*\*", text)):
        pos = 0
        for m in BLANK.finditer(chunk):
            if m.start() > pos:
                out.append((chunk[pos : m.start()], i % 2 == 1, False))
            out.append((f"  {m.group(1)}  ".ljust(24, "\u00a0"), False, True))
            pos = m.end()
        if pos < len(chunk):
            out.append((chunk[pos:], i % 2 == 1, False))
    return out

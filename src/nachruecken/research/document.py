"""A research document as blocks (heading, paragraph, table, case) and their rendering as Markdown or
HTML: the form of `nachruecken report`, apart from what it says (``research/report.py``).
"""

from __future__ import annotations

import html


def heading(level: int, text: str) -> tuple:
    return ("h", level, text)


def para(text: str) -> tuple:
    return ("p", text)


def table(head: list[str], rows: list[list[str]]) -> tuple:
    return ("table", head, rows)


def case_block(lines: list[str]) -> tuple:
    return ("case", lines)


def to_markdown(blocks: list[tuple]) -> str:
    out: list[str] = []
    cell = lambda s: str(s).replace("|", "\\|").replace("\n", " ")
    for b in blocks:
        if b[0] == "h":
            out += ["#" * b[1] + " " + b[2], ""]
        elif b[0] == "p":
            out += [b[1], ""]
        elif b[0] == "table":
            out.append("| " + " | ".join(cell(h) for h in b[1]) + " |")
            out.append("|" + "---|" * len(b[1]))
            out += ["| " + " | ".join(cell(c) for c in row) + " |" for row in b[2]]
            out.append("")
        elif b[0] == "case":
            out += ["```"] + b[1] + ["```", ""]
    return "\n".join(out).rstrip() + "\n"


def to_html(blocks: list[tuple], title: str) -> str:
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{e(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:72em;margin:2em auto;line-height:1.4}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #999;padding:.25em .5em;"
        "vertical-align:top;text-align:left}pre{background:#f4f4f4;padding:.5em;white-space:pre-wrap}</style>",
        "</head>",
        "<body>",
    ]
    for b in blocks:
        if b[0] == "h":
            out.append(f"<h{b[1]}>{e(b[2])}</h{b[1]}>")
        elif b[0] == "p":
            out.append(f"<p>{_code_html(b[1])}</p>")
        elif b[0] == "table":
            out.append("<table><thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in b[1]) + "</tr></thead><tbody>")
            out += ["<tr>" + "".join(f"<td>{_code_html(str(c))}</td>" for c in row) + "</tr>" for row in b[2]]
            out.append("</tbody></table>")
        elif b[0] == "case":
            out.append("<pre>" + e("\n".join(b[1])) + "</pre>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _code_html(text: str) -> str:
    """Escape, and render `code` marks as <code>."""
    parts = html.escape(text).split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(parts))


# --- a witness as a short case --------------------------------------------------------------

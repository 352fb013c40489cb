"""Pages from their templates: every value escaped (autoescape), the language from the ``lang`` cookie
(German unless the switch said English), and each form's CSRF token."""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from pathlib import Path
from urllib.parse import quote

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse

from nachruecken.interfaces.web.labels import LANGS, words

_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).parent / "templates"),
    autoescape=True,
    trim_blocks=True,
    lstrip_blocks=True,
)


def attachment(filename: str) -> str:
    """A Content-Disposition for a download (RFC 6266): an ASCII name of letters, digits, ``.-_`` for old
    clients, and the name itself in ``filename*`` (UTF-8, percent-encoded), so no quote, slash, line break
    or non-Latin letter in a case's or person's name can forge the header or fail it."""
    plain = re.sub(r"[^A-Za-z0-9._-]+", "_", unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode())
    plain = plain.strip("._") or "download"
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


def lang_of(request: Request) -> str:
    lang = request.cookies.get("lang", "de")
    return lang if lang in LANGS else "de"


def csrf_token(secret: bytes) -> str:
    """The token every form carries: a page on another site cannot read it, so it cannot send a form."""
    return hmac.new(secret, b"nachruecken form", hashlib.sha256).hexdigest()


def token_ok(secret: bytes, sent: object) -> bool:
    return isinstance(sent, str) and hmac.compare_digest(sent, csrf_token(secret))


def reach(request: Request, lang: str) -> str:
    """Who can reach this desk, as its bar says on every page."""
    bound = request.app.state.reach
    host = f"[{bound['host']}]" if ":" in bound["host"] else bound["host"]
    key = "reach_remote" if bound["remote"] else "reach_local"
    return words(lang)[key].format(where=f"{host}:{bound['port']}")


def page(request: Request, template: str, status: int = 200, **context) -> HTMLResponse:
    lang = lang_of(request)
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    base = {
        "lang": lang,
        "w": words(lang),
        "other_lang": "en" if lang == "de" else "de",
        "here": here,
        "csrf": csrf_token(request.app.state.secret),
        "errors": {},
        "reach": reach(request, lang),
    }
    html = _ENV.get_template(template).render({**base, **context})
    return HTMLResponse(html, status_code=status)


def message(request: Request, heading_key: str, message_key: str, status: int, link: str = "/") -> HTMLResponse:
    w = words(lang_of(request))
    return page(
        request,
        "message.html.j2",
        status,
        title=w[heading_key],
        heading=w[heading_key],
        message=w[message_key],
        link=link,
        link_text=w["reload"] if status == 409 else w["all_cases"],
    )


def plain_message(request: Request, heading: str, text: str, status: int) -> HTMLResponse:
    """A message page for a text that is not one of the page words (an input error's one line)."""
    w = words(lang_of(request))
    return page(
        request,
        "message.html.j2",
        status,
        title=heading,
        heading=heading,
        message=text,
        link="/",
        link_text=w["all_cases"],
    )

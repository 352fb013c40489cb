"""What every request to `nachruecken serve` passes before a route sees it:

- with ``--allow-remote``, the access key printed at start (a cookie once the key was given in the
  address, or ``Authorization: Bearer …``); without it, a Host header naming the bound address or
  localhost (a page on another site that rebinds its name to 127.0.0.1 gets nothing);
- a body of at most ``max_body`` bytes whose length is given (413 or 411 before it is read);
- on every POST an Origin (or, failing it, a Referer) of this very desk: a browser sends one with every
  form, so a form on another site is refused; only a script's JSON request may come without either,
  and a browser cannot send JSON to another site without asking first (CORS), which this desk never grants;
- on ``/api/*`` a JSON body only (415 otherwise), apart from an export uploaded to ``/api/import``,
  which must carry the CSRF token besides (``csrf`` field or ``X-CSRF-Token`` header).

Every answer forbids framing (``X-Frame-Options``, CSP ``frame-ancestors``)."""

from __future__ import annotations

import hmac
from urllib.parse import urlsplit

from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, RedirectResponse

MAX_BODY = 64 * 1024 * 1024
LOCAL_NAMES = {"localhost", "127.0.0.1", "[::1]", "::1"}


def host_name(header: str) -> str:
    """The name in a Host header, without its port ("[::1]:8765" -> "[::1]", "localhost:8765" -> "localhost")."""
    if header.startswith("["):
        name, _, rest = header.partition("]")
        return name + "]" if rest == "" or (rest[:1] == ":" and rest[1:].isdigit()) else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def allowed_hosts(bound: str) -> set[str]:
    return LOCAL_NAMES | {bound.lower()}


ACCESS_COOKIE = "nachruecken_zugang"
ACCESS_PARAM = "zugang"


def origin_of(request: Request) -> str | None:
    """Where a request says it comes from: its Origin, else its Referer's origin (None: neither)."""
    origin = request.headers.get("origin")
    if origin is None and request.headers.get("referer"):
        try:
            parts = urlsplit(request.headers["referer"])
        except ValueError:  # no URL at all ("http://[::1"): says nothing of where it comes from
            return None
        origin = f"{parts.scheme}://{parts.netloc}"
    return origin


def same_origin(request: Request) -> bool:
    """Whether the request's origin is this desk as the browser addressed it (scheme and Host)."""
    return origin_of(request) == f"{request.url.scheme}://{request.headers.get('host', '')}"


class Guard(BaseHTTPMiddleware):
    def __init__(self, app, hosts: set[str], max_body: int = MAX_BODY, access: str | None = None):
        super().__init__(app)
        self.hosts = hosts
        self.max_body = max_body
        self.access = access  # the key --allow-remote printed; None: this machine only

    async def dispatch(self, request: Request, call_next):
        response = await self._checked(request, call_next)
        # no page of the desk may be framed by another (clickjacking its forms)
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
        return response

    async def _checked(self, request: Request, call_next):
        if self.access is not None:
            refused = self._keyed(request)
            if refused is not None:
                return refused
        elif host_name(request.headers.get("host", "").lower()) not in self.hosts:
            return PlainTextResponse("Host nicht zugelassen", status_code=400)
        length = request.headers.get("content-length")
        if "transfer-encoding" in request.headers and request.method in ("POST", "PUT", "PATCH"):
            # a length beside a chunked body would not bound what is read: refused, as browsers send neither
            return _error(request, "Anfrage mit Transfer-Encoding wird nicht angenommen", 411)
        if length is None and request.method in ("POST", "PUT", "PATCH"):
            # a body sent in chunks would be read before its size is known: refused, as browsers never send one
            return _error(request, "Anfrage ohne Längenangabe (Content-Length)", 411)
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return _error(request, "Anfrage zu groß (höchstens 64 MiB)", 413)
        if request.method in ("POST", "PUT", "PATCH", "DELETE"):
            refused = self._origin_refused(request)
            if refused is not None:
                return refused
        if request.method == "POST" and request.url.path.startswith("/api/"):
            kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
            # an export file may come as an upload (with the CSRF token, checked by the route)
            upload = request.url.path == "/api/import" and kind == "multipart/form-data"
            if kind != "application/json" and not upload:
                return _error(request, "die API nimmt nur JSON (Content-Type: application/json)", 415)
        return await call_next(request)

    def _origin_refused(self, request: Request):
        """A POST from another site, or a form (not JSON) that says nowhere where it comes from: 403."""
        origin = origin_of(request)
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if origin is None and kind == "application/json" and request.url.path.startswith("/api/"):
            return None  # a script's request; a browser's would carry its Origin
        if origin is None or not same_origin(request):
            return _error(request, "Anfrage von einer anderen Seite (Origin) wird nicht angenommen", 403)
        return None

    def _keyed(self, request: Request):
        """None if the request carries the access key; else the answer (a redirect that sets the cookie
        where the key came in the address, 401 otherwise)."""
        assert self.access is not None
        given = request.query_params.get(ACCESS_PARAM)
        if given is not None and _same_key(given, self.access) and request.method == "GET":
            rest = request.url.remove_query_params(ACCESS_PARAM)
            answer = RedirectResponse(rest.path + (f"?{rest.query}" if rest.query else ""), status_code=303)
            answer.set_cookie(ACCESS_COOKIE, self.access, httponly=True, samesite="strict")
            return answer
        bearer = request.headers.get("authorization", "")
        sent = request.cookies.get(ACCESS_COOKIE) or (bearer[7:] if bearer.lower().startswith("bearer ") else "")
        if sent and _same_key(sent, self.access):
            return None
        return _error(request, "Zugang nur mit dem Schlüssel, den `nachruecken serve` beim Start ausgab", 401)


def _same_key(sent: str, key: str) -> bool:
    return hmac.compare_digest(sent.encode("utf-8", "replace"), key.encode())


def _error(request: Request, message: str, status: int):
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    return PlainTextResponse(message, status_code=status)

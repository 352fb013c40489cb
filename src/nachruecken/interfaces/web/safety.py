"""What every request to `nachruecken serve` passes before a route sees it: a Host header naming the
bound address or localhost (a page on another site that rebinds its name to 127.0.0.1 gets nothing), a
body of at most ``max_body`` bytes whose length is given (413 or 411 before it is read), and on ``/api/*`` a JSON body
only (415 otherwise), apart from an export uploaded to ``/api/import``, which writes nothing (so a form on
another site can change nothing through the API)."""

from __future__ import annotations

from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse

MAX_BODY = 64 * 1024 * 1024
LOCAL_NAMES = {"localhost", "127.0.0.1", "[::1]", "::1"}


def host_name(header: str) -> str:
    """The name in a Host header, without its port ("[::1]:8765" -> "[::1]", "localhost:8765" -> "localhost")."""
    if header.startswith("["):
        return header.split("]")[0] + "]"
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def allowed_hosts(bound: str) -> set[str]:
    return LOCAL_NAMES | {bound.lower()}


class Guard(BaseHTTPMiddleware):
    def __init__(self, app, hosts: set[str], max_body: int = MAX_BODY):
        super().__init__(app)
        self.hosts = hosts
        self.max_body = max_body

    async def dispatch(self, request: Request, call_next):
        response = await self._checked(request, call_next)
        # no page of the desk may be framed by another (clickjacking its forms)
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
        return response

    async def _checked(self, request: Request, call_next):
        if host_name(request.headers.get("host", "").lower()) not in self.hosts:
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
        if request.method == "POST" and request.url.path.startswith("/api/"):
            kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
            # an export file may come as an upload: the import writes nothing, so a form cannot misuse it
            upload = request.url.path == "/api/import" and kind == "multipart/form-data"
            if kind != "application/json" and not upload:
                return _error(request, "die API nimmt nur JSON (Content-Type: application/json)", 415)
        return await call_next(request)


def _error(request: Request, message: str, status: int):
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    return PlainTextResponse(message, status_code=status)

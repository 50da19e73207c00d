"""Around every HTTP request: security headers on every answer, and a state-changing
request (anything but GET and HEAD) taken only as JSON from the room's own pages.

A page of another site can make a browser POST to the room with the player's cookie,
but only as a "simple" request (a form, or text/plain): requiring application/json and
a same-origin ``Origin`` (or ``Sec-Fetch-Site``) refuses it. A request with neither
header (curl, a test client) is no browser acting for someone else, and passes.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Scripts and everything else from the room only. Styles also allow inline style
#: attributes: the boards colour seats and pieces with ``style="--seat:…"`` from fixed
#: palettes (never text a player wrote), which a stricter style-src would blank out.
#: Images also from ``data:``: the pages' empty icon (``<link rel="icon" href="data:,">``)
#: and the red dot the room's page shows for "your turn" (screens/turns.js).
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]
SAFE_METHODS = ("GET", "HEAD")


class Guarded:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        refusal = None if scope["method"] in SAFE_METHODS else _refusal(Headers(scope=scope))
        if refusal is not None:
            await refusal(scope, receive, send_with_headers)
        else:
            await self.app(scope, receive, send_with_headers)


def _refusal(headers: Headers) -> JSONResponse | None:
    site = headers.get("sec-fetch-site")
    origin = headers.get("origin")
    if site == "cross-site" or (
        origin is not None and urlsplit(origin).netloc != headers.get("host")
    ):
        return _refuse(403, "cross_site", "the room takes changes only from its own pages")
    media_type = headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        return _refuse(
            415,
            "not_json",
            "send the request as JSON, with the header Content-Type: application/json",
        )
    return None


def _refuse(status: int, code: str, text: str, **params: object) -> JSONResponse:
    return JSONResponse({"error": text, "code": code, "params": params}, status_code=status)

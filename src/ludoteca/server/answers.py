"""What the room's HTTP routes share: one shape of refusal, and who is asking.

Every route refuses the same way (``error`` in English, ``code`` and ``params`` for a
client to say it in its player's language) and finds the asker the same way (their
session cookie, a guest's too), so a client reads one shape from every route.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from . import protocol as p
from .accounts import COOKIE
from .socket import person_of


def refuse(code: str, text: str, status: int = 400, **params: object) -> Response:
    """A refusal: ``error`` says in English what was wrong and what is allowed; ``code``
    and ``params`` let a client say it in its player's language."""
    return JSONResponse({"error": text, "code": code, "params": params}, status_code=status)


async def asker(request: Request) -> p.Person | None:
    """Who asks, by their session cookie (a guest too), or None."""
    session = request.app.state.sessions.session_id(request.cookies.get(COOKIE))
    return await person_of(request.app.state.room, session)

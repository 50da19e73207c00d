"""Bot accounts and personal tokens over HTTP (docs/bots.md): a registered player with no
matches turns their account into a bot, and makes, lists and revokes tokens.

These routes take the session cookie only: a token cannot make more tokens, so a leaked
one is worth what its scopes allow and no more. Who a token is (``/api/me``) is answered
for a token too.
"""

from __future__ import annotations

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .answers import asker, refuse
from .room import Room, revocations
from .socket import token_holder
from .tokens import (
    MAX_LABEL,
    SCOPES,
    TokenError,
    bearer,
    check_label,
    check_scopes,
    digest,
    new_token,
)

#: Tokens one account may hold at once.
MAX_TOKENS = 20


class TokenAsk(msgspec.Struct, forbid_unknown_fields=True):
    scopes: list[str]
    label: str = ""


_token_ask = msgspec.json.Decoder(TokenAsk)


def _not_entered() -> Response:
    return refuse("not_entered", "not entered: log in (tokens are made with a session)", 401)


async def me(request: Request) -> Response:
    """Who the session, or the ``Authorization: Bearer`` token, is; a token's scopes too."""
    room: Room = request.app.state.room
    token = bearer(request.headers.get("authorization"))
    if token is not None:
        holder = await token_holder(room, token)
        if holder is None:
            return refuse("bad_token", "that token is wrong or was revoked: make a new one", 401)
        return JSONResponse({**msgspec.to_builtins(holder.person), "scopes": sorted(holder.scopes)})
    person_ = await asker(request)
    if person_ is None:
        return refuse("not_entered", "not entered", 401)
    return JSONResponse(msgspec.to_builtins(person_))


async def become_bot(request: Request) -> Response:
    """Turn the session's account into a bot account, if it is registered and has played
    no match (a person's matches and ratings are not a bot's)."""
    room: Room = request.app.state.room
    person = await asker(request)
    if person is None:
        return _not_entered()
    if person.guest:
        return refuse("guest_bot", "a guest cannot be a bot: register a name first", 400)
    if person.bot:
        return JSONResponse({"bot": True})
    if not await room.store.make_bot(person.id):
        return refuse(
            "played_bot",
            "an account that has played matches cannot become a bot: register a new name "
            "for the bot",
            409,
        )
    return JSONResponse({"bot": True})


async def tokens(request: Request) -> Response:
    """GET: the session's tokens (never the tokens themselves); POST ``{"scopes": [...],
    "label": "..."}``: a new token, shown in this answer only."""
    room: Room = request.app.state.room
    person = await asker(request)
    if person is None:
        return _not_entered()
    if person.guest:
        return refuse("guest_token", "a guest has no tokens: register a name", 400)
    held = await room.store.user_tokens(person.id)
    if request.method == "GET":
        return JSONResponse(
            {
                "tokens": [
                    {
                        "id": t.id,
                        "label": t.label,
                        "scopes": t.scopes.split(),
                        "created_at": t.created_at,
                        "last_used": t.last_used,
                    }
                    for t in held
                ]
            }
        )
    body = await request.body()
    try:
        if len(body) > 1024:
            raise msgspec.DecodeError("too large")
        ask = _token_ask.decode(body)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return refuse(
            "bad_request",
            "send at most 1024 bytes: {'scopes': [...], 'label': '...'} with scopes of: " + SCOPES,
            400,
        )
    try:
        scopes = check_scopes(ask.scopes, person.bot)
    except TokenError as error:
        return refuse("bad_scope", str(error), 400, scopes=SCOPES)
    try:
        label = check_label(ask.label)
    except TokenError as error:
        return refuse("bad_label", str(error), 400, max=MAX_LABEL)
    if len(held) >= MAX_TOKENS:
        return refuse(
            "too_many_tokens",
            f"an account holds at most {MAX_TOKENS} tokens: revoke one first",
            409,
            limit="tokens_per_account",
            max=MAX_TOKENS,
        )
    token = new_token()
    token_id = await room.store.add_token(person.id, digest(token), scopes, label)
    return JSONResponse({"id": token_id, "token": token, "label": label, "scopes": scopes.split()})


async def revoke(request: Request) -> Response:
    """POST: revoke one of the session's tokens; sockets opened with it are closed."""
    room: Room = request.app.state.room
    person = await asker(request)
    if person is None:
        return _not_entered()
    try:
        token_id = int(request.path_params["token"])
    except ValueError:
        return refuse("no_token", "no such token: see GET /api/tokens", 404)
    if not await room.store.revoke_token(person.id, token_id):
        return refuse("no_token", "no such token: see GET /api/tokens", 404)
    # Here at once; the other processes' sockets at their next look (room/revocations).
    revocations.close_revoked(list(room.people.connections.get(person.id, ())), token_id)
    return JSONResponse({"ok": True})

"""Entering over HTTP: as a guest, registering, logging in and out, changing a password,
and who one is. Each answer sets or clears the session cookie; limits on wrong passwords
and on entries per address are checked first (docs/security.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .accounts import (
    COOKIE,
    SESSION_SECONDS,
    AccountError,
    Sessions,
    check_name,
    check_password,
    hash_password,
    name_key,
    password_matches,
)
from .answers import refuse
from .limits import EntryLimits, Limiter, TooMany, take
from .room import Room
from .shared.presence import Unavailable

T = TypeVar("T")


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    password: str | None = None


class PasswordChange(msgspec.Struct, forbid_unknown_fields=True):
    old: str
    new: str


_entry = msgspec.json.Decoder(Entry)
_password_change = msgspec.json.Decoder(PasswordChange)


async def _read_entry(request: Request) -> Entry:
    return await _read(request, _entry, "{'name': …, 'password': …}")


async def _read(request: Request, decoder: msgspec.json.Decoder[T], shape: str) -> T:
    body = await request.body()
    if len(body) > 4096:
        raise AccountError("bad_request", "the request is too large")
    try:
        return decoder.decode(body)
    except msgspec.ValidationError as error:
        raise AccountError("bad_request", f"send {shape}: {error}") from None
    except msgspec.DecodeError:
        raise AccountError("bad_request", f"send a JSON object {shape}") from None


async def _entered(request: Request, user_id: int, name: str, guest: bool) -> Response:
    room: Room = request.app.state.room
    sessions: Sessions = request.app.state.sessions
    room.people.hold_name(user_id, name)
    session = sessions.new_id()
    await room.store.add_session(session, user_id)
    response = JSONResponse({"id": user_id, "name": name, "guest": guest})
    response.set_cookie(
        COOKIE,
        sessions.token(session),
        max_age=SESSION_SECONDS,
        httponly=True,
        samesite="lax",
        secure=request.app.state.settings.secure_cookies,
    )
    return response


def _address(request: Request) -> str:
    return request.client.host if request.client is not None else ""


def _too_many(too_many: TooMany) -> Response:
    """429 naming the limit (its setting) and when to try again, also as Retry-After."""
    limit = too_many.limit
    response = refuse(
        "too_many_attempts",
        f"too many attempts ({limit.setting}: {limit.count} in {limit.seconds:g} s): "
        f"try again in {too_many.retry_after} s",
        429,
        limit=limit.setting,
        retry_after=too_many.retry_after,
    )
    response.headers["Retry-After"] = str(too_many.retry_after)
    return response


def _unavailable() -> Response:
    """The room's shared store (Redis) does not answer: nothing was done, try again."""
    response = refuse(
        "unavailable", "the room cannot reach its shared store: try again in a moment", 503
    )
    response.headers["Retry-After"] = "1"
    return response


def _refuse_entry(error: AccountError) -> Response:
    if error.code == "busy":
        response = refuse(error.code, str(error), 503, **error.params)
        response.headers["Retry-After"] = "1"
        return response
    return refuse(error.code, str(error), 400, **error.params)


async def _count_entry(request: Request) -> None:
    """An entry (as a guest, or registering) from the request's address: TooMany once
    the address has made too many."""
    entries: Limiter = request.app.state.limits.entries_per_address
    await take((entries, _address(request)))


async def enter_as_guest(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        await _count_entry(request)
        entry = await _read_entry(request)
        name = check_name(entry.name)
    except TooMany as too_many:
        return _too_many(too_many)
    except AccountError as error:
        return _refuse_entry(error)
    except Unavailable:
        return _unavailable()
    if await room.store.registered(name_key(name)) is not None:
        return refuse(
            "name_registered",
            f"{name!r} is a registered player's name: log in, or pick another",
            409,
            name=name,
        )
    if room.people.name_seated(name):
        return refuse(
            "name_seated",
            f"someone called {name!r} has a seat at a table: pick another name",
            409,
            name=name,
        )
    try:
        free = await room.people.claim_name(name)
    except Unavailable:
        return _unavailable()
    if not free:
        return refuse(
            "name_online", f"someone called {name!r} is online: pick another name", 409, name=name
        )
    user_id = await room.store.add_user(name, name_key(name), None)
    return await _entered(request, user_id, name, True)


async def register(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        await _count_entry(request)
        entry = await _read_entry(request)
        name = check_name(entry.name)
        password = check_password(entry.password)
    except TooMany as too_many:
        return _too_many(too_many)
    except AccountError as error:
        return _refuse_entry(error)
    except Unavailable:
        return _unavailable()
    taken = refuse("name_taken", f"the name {name!r} is taken: pick another", 409, name=name)
    if await room.store.registered(name_key(name)) is not None:
        return taken
    try:
        if not await room.people.claim_name(name):
            return taken
    except Unavailable:
        return _unavailable()
    try:
        password_hash = await hash_password(password)
    except AccountError as error:
        return _refuse_entry(error)
    try:
        user_id = await room.store.add_user(name, name_key(name), password_hash)
    except Exception:  # the unique index: someone registered it a moment ago
        return taken
    return await _entered(request, user_id, name, False)


async def _password_right(request: Request, key: str, stored: str | None, given: str) -> bool:
    """Whether ``given`` is the password of the player whose name has this key; a wrong
    one counts against the limits of the name and the address. Raises TooMany when
    either is used up, before any hashing: a flood of guesses costs the room nothing.
    Each try counts before its hash is checked, so that guesses at once cannot all
    slip under a limit; a right one is given back."""
    limits: EntryLimits = request.app.state.limits
    tallies = ((limits.failures_per_name, key), (limits.failures_per_address, _address(request)))
    await take(*tallies)
    if stored is not None and await password_matches(stored, given):
        for limiter, counted in tallies:
            await limiter.give_back(counted)
        return True
    return False


async def login(request: Request) -> Response:
    room: Room = request.app.state.room
    try:
        entry = await _read_entry(request)
        key = name_key(entry.name.strip())
        user = await room.store.registered(key)
        stored = None if user is None else user.password_hash
        right = await _password_right(request, key, stored, entry.password or "")
    except TooMany as too_many:
        return _too_many(too_many)
    except AccountError as error:
        return _refuse_entry(error)
    except Unavailable:
        return _unavailable()
    if user is None or not right:
        return refuse("wrong_login", "no player with that name and password", 401)
    return await _entered(request, user.id, user.name, False)


async def change_password(request: Request) -> Response:
    """A registered player's new password, given the old one; every other session of
    theirs is revoked (whoever knew the old password is out)."""
    room: Room = request.app.state.room
    session = request.app.state.sessions.session_id(request.cookies.get(COOKIE))
    user = None if session is None else await room.store.session_user(session)
    if session is None or user is None:
        return refuse("not_entered", "not entered", 401)
    if user.password_hash is None:
        return refuse("guest_password", "a guest has no password: register a name", 400)
    shape = "{'old': …, 'new': …}"
    try:
        change = await _read(request, _password_change, shape)
        new = check_password(change.new)
        right = await _password_right(request, name_key(user.name), user.password_hash, change.old)
        if not right:
            return refuse("wrong_password", "that is not your password", 401)
        await room.store.set_password(user.id, await hash_password(new))
    except TooMany as too_many:
        return _too_many(too_many)
    except AccountError as error:
        return _refuse_entry(error)
    except Unavailable:
        return _unavailable()
    await room.store.revoke_sessions(user.id, keep=session)
    _close_sockets(room, user.id, lambda other: other != session)
    return JSONResponse({"ok": True})


async def logout(request: Request) -> Response:
    """Ends this session, or with ``?everywhere`` every session of its player; their
    open sockets are closed."""
    room: Room = request.app.state.room
    session = request.app.state.sessions.session_id(request.cookies.get(COOKIE))
    user = None if session is None else await room.store.session_user(session)
    if session is not None and user is not None:
        if "everywhere" in request.query_params:
            await room.store.revoke_sessions(user.id)
            _close_sockets(room, user.id, lambda _other: True)
        else:
            await room.store.revoke_session(session)
            _close_sockets(room, user.id, lambda other: other == session)
    response = JSONResponse({"ok": True})
    response.delete_cookie(COOKIE)
    return response


def _close_sockets(room: Room, user_id: int, revoked: Callable[[str | None], bool]) -> None:
    for connection in list(room.people.connections.get(user_id, ())):
        if revoked(connection.session):
            connection.close(4401, "logged out: enter again")

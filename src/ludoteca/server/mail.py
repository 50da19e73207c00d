"""A registered player's e-mail address over HTTP: give it (``POST /api/mail``; a link to
confirm it is mailed), see it (``GET /api/mail``), confirm it (``/mail/confirm``), and
stop turn mails without logging in (``/mail/unsubscribe``). The room's ``Mailer`` sends."""

from __future__ import annotations

import unicodedata

import msgspec
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from .answers import asker, refuse
from .room import Room

MAX_ADDRESS = 254


class Address(msgspec.Struct, forbid_unknown_fields=True):
    address: str
    #: Whether to be mailed when it is your turn at a turn-based table you are away from.
    turns: bool = True


_address = msgspec.json.Decoder(Address)


def _page(text: str, status: int = 200) -> Response:
    # The text is the room's own words: no address or name from the request is in it.
    return HTMLResponse(
        f'<!doctype html><html lang="en"><meta charset="utf-8"><title>ludoteca</title>'
        f'<main><h1>ludoteca</h1><p>{text}</p><p><a href="/">To the room</a></p></main></html>',
        status_code=status,
    )


def well_formed(address: str) -> bool:
    """One ``@`` between a local part and a domain with a dot, no spaces or controls: what
    can be checked without mailing it (the confirmation link checks the rest)."""
    local, at, domain = address.rpartition("@")
    return (
        bool(at and local and "." in domain.strip("."))
        and len(address) <= MAX_ADDRESS
        and not any(ch.isspace() or unicodedata.category(ch)[0] == "C" for ch in address)
    )


async def address(request: Request) -> Response:
    room: Room = request.app.state.room
    person = await asker(request)
    if person is None:
        return refuse("not_entered", "not entered", 401)
    if person.guest:
        return refuse("guest_mail", "a guest has no account to keep an address: register", 403)
    stored = await room.store.mail_of(person.id)
    if request.method == "GET":
        mail, confirmed, turns = stored or (None, False, False)
        # ``enabled``: whether this room sends mail at all (serve --smtp).
        return JSONResponse(
            {
                "address": mail,
                "confirmed": confirmed,
                "turns": turns,
                "enabled": room.mailer.enabled,
            }
        )
    if not room.mailer.enabled:
        return refuse("no_mail", "this room sends no mail (it was started without --smtp)", 503)
    try:
        given = _address.decode(await request.body())
    except (msgspec.ValidationError, msgspec.DecodeError) as error:
        return refuse("bad_request", f"send {{'address': …, 'turns': true | false}}: {error}")
    mail = given.address.strip()
    if not well_formed(mail):
        return refuse(
            "bad_address",
            f"{mail!r} is not an e-mail address (name@example.org, at most {MAX_ADDRESS} "
            "characters)",
        )
    confirmed = stored is not None and stored[0] == mail and stored[1]
    await room.store.set_mail(person.id, mail, confirmed, given.turns)
    if confirmed and given.turns:
        room.mailer.addresses[person.id] = mail
    else:
        room.mailer.addresses.pop(person.id, None)
    if not confirmed:
        room.mailer.confirm(person.id, person.name, mail)
    return JSONResponse({"address": mail, "confirmed": confirmed, "turns": given.turns})


async def confirm(request: Request) -> Response:
    room: Room = request.app.state.room
    found = room.mailer.confirmed(request.query_params.get("token", ""))
    stored = None if found is None else await room.store.mail_of(found[0])
    if found is None or stored is None or stored[0] != found[1]:
        return _page("This link is not valid (any more): give your address again.", 400)
    user_id, mail = found
    await room.store.set_mail(user_id, mail, True, stored[2])
    if stored[2]:
        room.mailer.addresses[user_id] = mail
    return _page("Your address is confirmed.")


async def unsubscribe(request: Request) -> Response:
    room: Room = request.app.state.room
    user_id = room.mailer.unsubscribed(request.query_params.get("token", ""))
    stored = None if user_id is None else await room.store.mail_of(user_id)
    if user_id is None or stored is None:
        return _page("This link is not valid.", 400)
    await room.store.set_mail(user_id, stored[0], stored[1], False)
    room.mailer.addresses.pop(user_id, None)
    return _page("You will get no more turn mails.")

"""What each client message does: a refusal is answered and changes nothing; anything
else is a table's verb, the lobby's chat, or an answer to the asker alone."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import msgspec

from ludoteca.engine import OptionError
from ludoteca.engine.options import check_options

from .. import commands
from .. import protocol as p
from ..accounts import name_key
from ..bus import Remote
from ..connection import Connection
from ..storage.rows import ChatRow
from ..table import (
    RATED_GUEST,
    Invitee,
    Refusal,
    Stale,
    Table,
    TableStatus,
    Who,
    game_or_refuse,
)
from ..table.clock import ClockError, TimeControl, check_grace
from ..tokens import Scope
from .outage import RETRY_AFTER, UNAVAILABLE
from .ownership import elsewhere_text

#: What a token without ``bot:play`` may send: it looks, and changes nothing.
READ_ONLY = (p.Watch, p.Leave, p.Who, p.Help, p.Resync, p.Ping)
#: What is carried out while the database is away: what stores nothing.
UNSTORED = (p.Watch, p.Unwatch, p.Who, p.Help, p.Resync, p.Ping)

if TYPE_CHECKING:
    from .room import Room


def handle(room: Room, connection: Connection | Remote, message: p.ClientMessage) -> None:
    """Carry out one client message; a refusal is answered and changes nothing."""
    rid = message.rid

    def carry_out() -> None:
        if rid is not None and not connection.requests.first(rid):
            raise Refusal(
                "repeated",
                f"request {rid!r} was sent already: it is done once (send a new id to ask again)",
                rid=rid,
            )
        if (
            connection.scopes is not None
            and Scope.PLAY not in connection.scopes
            and not isinstance(message, READ_ONLY)
        ):
            raise Refusal(
                "forbidden_scope",
                f"this token may only watch and read; sitting, playing and chatting need "
                f"a token with {Scope.PLAY}",
                needed=Scope.PLAY.value,
                scopes=sorted(connection.scopes),
            )
        if room.outage.active and not isinstance(message, UNSTORED):
            raise Refusal("unavailable", UNAVAILABLE, retry_after=RETRY_AFTER)
        _handle(room, connection, message)

    answering(room, connection, message, carry_out)


def answering(
    room: Room,
    connection: Connection | Remote,
    message: p.ClientMessage,
    work: Callable[[], None],
) -> None:
    """Do ``work`` for ``message``; a refusal is answered to ``connection``."""
    table_id = getattr(message, "table", None)
    rid = message.rid
    try:
        work()
    except Stale as stale:
        connection.send(p.Error(code=stale.code, text=stale.text, table=table_id, rid=rid))
        table = room.tables.get(table_id) if isinstance(table_id, int) else None
        if table is not None:
            table.audience.sync(connection)
    except Refusal as refusal:
        connection.send(
            p.Error(
                code=refusal.code, text=refusal.text, table=table_id, params=refusal.params, rid=rid
            )
        )
    except commands.CommandError as error:
        connection.send(p.Error(code="bad_command", text=str(error), table=table_id, rid=rid))


def _handle(room: Room, connection: Connection | Remote, message: p.ClientMessage) -> None:
    user = connection.user
    who = Who(user.id, user.name, user.guest, user.bot)
    match message:
        case p.Play(table=table_id, v=version, move=text):
            _table(room, table_id).play(who, version, text)
        case p.Chat(text=text, table=table_id):
            _chat(room, connection, who, text, table_id)
        case p.Create():
            _create(room, connection, who, message)
        case p.Pause(table=table_id):
            _table(room, table_id).agreements.pause(who)
        case p.Abort(table=table_id):
            _table(room, table_id).agreements.abort(who)
        case p.Join(table=table_id, seat=seat, key=key):
            table = _table(room, table_id)
            table.seating.join(who, connection, seat, key)
            connection.in_lobby = False
        case p.Watch(table=table_id, key=key):
            table = _table(room, table_id)
            table.seating.watch(connection, key)
            connection.in_lobby = False
        case p.SetPrivate(table=table_id, on=on):
            _table(room, table_id).privacy.set_private(who, on)
        case p.SetMinimum(table=table_id, finish=minimum):
            _table(room, table_id).seating.set_minimum_finish(who, minimum)
        case p.SetSpectators(table=table_id, on=on):
            _table(room, table_id).privacy.set_spectators(who, on)
        case p.Unwatch(table=table_id):
            _table(room, table_id).seating.unwatch(connection)
            if not connection.tables:
                room.lobby.send(connection)
        case p.Leave(table=table_id):
            _table(room, table_id).seating.leave(who, connection)
            if not connection.tables:
                room.lobby.send(connection)
        case p.Start(table=table_id):
            table = _table(room, table_id)
            room.bot_matches.check(table)
            table.start(who)
            room.bot_matches.count(table)
        case p.SetOption(table=table_id, name=None):
            table = _visible(room, connection, table_id)
            values = {o.name: table.options.get(o.name, o.default) for o in table.game.options}
            params: dict[str, Any] = {"game": table.game.id, "values": values}
            connection.send(p.Info("options", table.seating.describe_options(), table_id, params))
        case p.SetOption(table=table_id, name=str() as name, value=value):
            if value is None:
                raise Refusal("bad_option", f"give a value: /option {name} VALUE")
            _table(room, table_id).seating.set_option(who, name, value)
        case p.SeatBot(table=table_id, level=level, seat=seat):
            _table(room, table_id).seating.seat_bot(who, level, seat)
        case p.Kick(table=table_id, name=name):
            _table(room, table_id).seating.kick(who, name)
        case p.Resign(table=table_id):
            _table(room, table_id).resign(who)
        case p.Rematch(table=table_id):
            _table(room, table_id).rematch(who)
        case p.Who(table=None):
            names = room.people.online_names()
            connection.send(p.Info("who", "online: " + ", ".join(names), params={"online": names}))
        case p.Who(table=int() as table_id):
            table = _visible(room, connection, table_id)
            text, params = _who_at(room, table)
            connection.send(p.Info("who", text, table_id, params))
        case p.Help(command=topic):
            text = commands.help_text(topic)
            params = {"commands": commands.help_commands(topic)}
            connection.send(p.Info("help", text, params=params))
        case p.Resync(table=table_id, v=version, log=since):
            table = _table(room, table_id)
            if connection not in table.audience.watchers:
                raise Refusal("not_watching", f"/watch table {table_id} first", table=table_id)
            log_length = 0 if table.match is None else table.match.moves_played
            if version != table.announced or since != log_length:
                table.audience.sync(connection, since)
        case p.Ping():
            connection.send(p.Pong())
        case p.Invite():
            invite(room, connection, who, message)
        case p.Accept(offer=offer):
            connection.in_lobby = False
            _offered(room, offer).invitations.accept(who, connection, offer)
        case p.Decline(offer=offer, reason=reason, text=text):
            if text is not None and _unprintable(text):
                raise Refusal("bad_text", "a reason's text cannot hold control characters")
            _offered(room, offer).invitations.decline(who, offer, reason, text or None)


def invite(room: Room, connection: Connection | Remote, who: Who, message: p.Invite) -> None:
    """Offer a seat to someone online now, or to a registered player who is not (they
    find it when they connect): the name is then looked up in the database, and the
    offer made, or refused, once it is found."""
    table = _table(room, message.table)
    table.expect_host(who, "invite")
    most = room.settings.offers_per_host
    made = sum(t.invitations.by(who.id) for t in room.tables.values())
    if made >= most:
        raise Refusal(
            "too_many_offers",
            f"you have {most} invitations waiting for an answer, the most one host may have "
            "(offers_per_host): wait for answers, or start the table",
            most=most,
            limit="offers_per_host",
        )
    online = room.people.online_person(message.name)
    if online is not None:
        invitee = Invitee(online.id, online.name, online.guest)
        table.invitations.offer(who, invitee, message.seat)
        return

    async def look_up() -> None:
        row = await room.store.registered(name_key(message.name))
        elsewhere = room.people.online_elsewhere(message.name)
        if row is None and elsewhere is not None:
            # A guest online at another process of the room.
            row = await room.store.user(elsewhere)

        def offer() -> None:
            if row is None:
                raise Refusal(
                    "no_player",
                    f"nobody called {message.name!r} is online, and no registered player is: "
                    "a guest can be invited only while online",
                    name=message.name,
                )
            _table(room, message.table).invitations.offer(
                who, Invitee(row.id, row.name, row.guest), message.seat
            )

        answering(room, connection, message, offer)

    room.spawn(look_up())


def _offered(room: Room, offer: int) -> Table:
    """The table that made ``offer``."""
    table = room.offered(offer)
    if table is not None:
        return table
    raise Refusal("no_offer", f"there is no invitation {offer} for you (any more)", offer=offer)


def _unprintable(text: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Cf") for ch in text)


def _table(room: Room, table_id: int) -> Table:
    table = room.tables.get(table_id)
    if table is None and table_id in room.ownership.elsewhere:
        raise Refusal("elsewhere", elsewhere_text(table_id), table=table_id)
    if table is None:
        # Private tables are not named: their numbers would be guesses half made.
        listed = sorted(t.id for t in room.tables.values() if not t.privacy.private)
        open_ids = ", ".join(str(t) for t in listed) or "none"
        raise Refusal(
            "no_table", f"there is no table {table_id}; tables: {open_ids}", table=table_id
        )
    return table


def _visible(room: Room, connection: Connection | Remote, table_id: int) -> Table:
    """A table this person may look into without its key: public, theirs, or one they
    watch (having come with the key)."""
    table = _table(room, table_id)
    if connection not in table.audience.watchers:
        table.privacy.check_enter(connection.user.id, None)
    return table


def _create(room: Room, connection: Connection | Remote, who: Who, create: p.Create) -> None:
    game = game_or_refuse(create.game)
    rated, clock, grace, options = create.rated, create.clock, create.grace, create.options
    if rated and who.guest:
        raise Refusal("rated_guest", RATED_GUEST)
    most = room.settings.tables_per_person
    held = sum(t.status == TableStatus.OPEN and t.holds(who.id) for t in room.tables.values())
    if held >= most:
        raise Refusal(
            "too_many_tables",
            f"you have {most} open tables already, the most one person may have "
            "(tables_per_person): start or leave one, then open another",
            most=most,
            limit="tables_per_person",
        )
    try:
        control = None if clock is None else TimeControl.checked(**msgspec.structs.asdict(clock))
        grace = check_grace(grace)
    except ClockError as error:
        raise Refusal("bad_clock", str(error)) from None
    try:
        check_options(game.id, game.options, options)
    except OptionError as error:
        raise Refusal("bad_option", str(error)) from None
    table = room.open_table(game, who, dict(options), rated, control, grace)
    if create.private:
        table.privacy.make_private()
    table.privacy.spectators = create.spectators
    connection.in_lobby = False
    table.seating.join(who, connection, 0)


def _chat(
    room: Room, connection: Connection | Remote, who: Who, text: str, table_id: int | None
) -> None:
    text = text.strip()
    if text.startswith("/"):
        # Handled within this message, so that a refusal names its request id.
        _handle(room, connection, commands.parse(text, table_id))
        return
    if not connection.chats.take():
        limit = p.slow_down("chat", connection.chats)
        raise Refusal(limit.code, limit.text, **limit.params)
    text = _clean(text)
    if table_id is None:
        line = p.ChatLine(who.name, text, room.settings.now())
        data = room.lobby.said(line, who.id)
        hidden = room.relations.hides(who.id)
        room.lag.write(
            [ChatRow(None, who.id, who.name, text, line.at)],
            lambda: room.lobby.send_all(data, hidden),
        )
        return
    table = _table(room, table_id)
    if connection not in table.audience.watchers:
        raise Refusal(
            "not_watching", f"/watch table {table_id} first to chat there", table=table_id
        )
    table.chat.say(who, text)


def _who_at(room: Room, table: Table) -> tuple[str, dict[str, Any]]:
    """Who sits and who watches: in English, and as particulars for a client."""
    online = room.people.online_ids()
    seats = [
        {
            "seat": seat,
            "name": chair.name,
            "bot": chair.bot,
            "here": chair.bot is not None or chair.user_id in online,
        }
        for seat, chair in enumerate(table.seats)
        if chair is not None
    ]
    seated = [
        f"{s['seat']}: {s['name']}"
        + (f" (bot, {s['bot']})" if s["bot"] else "")
        + ("" if s["here"] else " (away)")
        for s in seats
    ]
    watching = sorted(
        {c.user.name for c in table.audience.watchers if table.seat_of(c.user.id) is None}
    )
    text = (
        f"table {table.id} ({table.game.title}, {table.status}); seats: "
        + ("; ".join(seated) or "none")
        + "; watching: "
        + (", ".join(watching) or "nobody")
    )
    return text, {"seats": seats, "watching": watching}


def _clean(text: str) -> str:
    """Chat text as stored and sent: no control characters, a bounded length."""
    if not text:
        raise Refusal("empty_chat", "an empty line is not sent")
    if len(text) > p.MAX_CHAT_CHARS:
        raise Refusal(
            "long_chat",
            f"a chat line has at most {p.MAX_CHAT_CHARS} characters",
            most=p.MAX_CHAT_CHARS,
        )
    if _unprintable(text):
        raise Refusal("bad_chat", "a chat line cannot hold control characters")
    return text

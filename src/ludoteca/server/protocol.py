"""The wire contract: every message is a msgspec struct, tagged by ``t``; nothing else.

Client messages ask; server messages tell. A table's events carry ``v``, the table's
version: it grows by one with every stored event (a seat taken, an option set, a move,
a chat line), so a client that sees a gap asks with ``resync`` and gets what it missed.
See docs/protocol.md for an example of every message.
"""

from __future__ import annotations

from typing import Annotated, Any, Protocol

import msgspec

#: Longest message a client may send, in bytes; a longer one closes the connection.
MAX_MESSAGE_BYTES = 16 * 1024
MAX_CHAT_CHARS = 500
TOO_DEEP = "a message nests its lists and objects too deeply to be read"


def too_long(text: str) -> bool:
    """Whether a text frame is over ``MAX_MESSAGE_BYTES`` in UTF-8: a character takes up
    to four bytes, so only a text over a quarter of the limit needs encoding to tell."""
    return (
        len(text) > MAX_MESSAGE_BYTES // 4
        and len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES
    )


#: How a client names a request, so that a repeat of it (a double click, a message sent
#: again) is refused instead of done twice.
RequestId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]


class ClientMessage(msgspec.Struct, tag_field="t", forbid_unknown_fields=True, kw_only=True):
    #: The request's id, fresh for each request: one the connection sent recently is
    #: refused (``repeated``). Keyword-only, so that it follows each message's own fields.
    rid: RequestId | None = None


# -- lobby and chat -----------------------------------------------------------------------


class Chat(ClientMessage, tag="chat"):
    """A chat line at a table (or in the lobby with no table); "/..." is a command."""

    text: str
    table: int | None = None


class ClockSetting(msgspec.Struct, forbid_unknown_fields=True):
    """A time control in seconds: ``realtime`` (a bank each, plus an increment after each
    turn) or ``turn`` (``per_move`` for every turn, in whole hours)."""

    kind: str
    bank: int = 0
    increment: int = 0
    per_move: int = 0


class Create(ClientMessage, tag="create"):
    """Open a table for a game with options; the creator hosts it and sits down.
    ``rated``: registered players only and no bots, and the match moves their ratings.
    ``clock``: a time control (none by default); ``grace``: seconds a seated player may be
    gone from a running match before a bot plays on for them. ``private``: not listed in
    the lobby, entered by its link (which holds a key) or an invitation; ``spectators``:
    whether people who do not play may watch its match."""

    game: str
    options: dict[str, Any] = {}
    rated: bool = False
    clock: ClockSetting | None = None
    grace: int = 120
    private: bool = False
    spectators: bool = True


# -- at a table: each slash command is also one of these ----------------------------------


#: A private table's key, as its link carries it.
TableKey = Annotated[str, msgspec.Meta(max_length=64)]


class Join(ClientMessage, tag="join"):
    """Sit down; ``key``: a private table's, from its link."""

    table: int
    seat: int | None = None
    key: TableKey | None = None


class Leave(ClientMessage, tag="leave"):
    table: int


class Start(ClientMessage, tag="start"):
    table: int


class SetOption(ClientMessage, tag="option"):
    """``name`` and ``value`` set an option; neither lists the options and their values."""

    table: int
    name: str | None = None
    value: str | None = None


class SeatBot(ClientMessage, tag="bot"):
    table: int
    level: str | None = None
    seat: int | None = None


class Kick(ClientMessage, tag="kick"):
    table: int
    name: str


class Watch(ClientMessage, tag="watch"):
    """Follow a table; ``key``: a private table's, from its link."""

    table: int
    key: TableKey | None = None


class Unwatch(ClientMessage, tag="unwatch"):
    """Stop following a table, keeping one's seat there (the page went back to the
    lobby); following no table any more, one is sent the lobby."""

    table: int


class SetPrivate(ClientMessage, tag="private"):
    """Host, while the table is open: make it private (with a new key: older links stop
    working) or public again."""

    table: int
    on: bool


class SetSpectators(ClientMessage, tag="spectators"):
    """Host, at any time: let people who do not play watch the match, or no longer
    (those watching are sent away with ``no_spectators``)."""

    table: int
    on: bool


class SetMinimum(ClientMessage, tag="minimum"):
    """Host, while the table is open: the finish rate (percent, 1 to 100) a person needs
    to sit here, or none (``finish`` null). Refused below it: ``finish_rate``."""

    table: int
    finish: int | None = None


class Resign(ClientMessage, tag="resign"):
    table: int


class Rematch(ClientMessage, tag="rematch"):
    table: int


class Pause(ClientMessage, tag="pause"):
    """Ask to pause the match (it pauses once every player has asked); when paused, go on."""

    table: int


class Abort(ClientMessage, tag="abort"):
    """Ask to call the match off, early on (it ends, unscored, once every player asked)."""

    table: int


class Who(ClientMessage, tag="who"):
    table: int | None = None


class Help(ClientMessage, tag="help"):
    command: str | None = None


class Play(ClientMessage, tag="move"):
    """A move in the game's notation, made on table version ``v``."""

    table: int
    v: int
    move: str


class Resync(ClientMessage, tag="resync"):
    """I have the table up to version ``v`` and the first ``log`` entries of its match."""

    table: int
    v: int
    log: int = 0


class Ping(ClientMessage, tag="ping"):
    pass


# -- invitations ----------------------------------------------------------------------------

MAX_DECLINE_CHARS = 200


class Invite(ClientMessage, tag="invite"):
    """Offer ``name`` a seat at your table (host only): the seat named, or the first free."""

    table: int
    name: str
    seat: int | None = None


class Accept(ClientMessage, tag="accept"):
    """Take the seat an offer holds for you: as ``join`` would, but past a private table."""

    offer: int


class Decline(ClientMessage, tag="decline"):
    """Say no to an offer, with a reason (game, clock, busy, later or other: the host is
    told it in words); ``text`` says more (for ``other``)."""

    offer: int
    reason: str
    text: Annotated[str, msgspec.Meta(max_length=MAX_DECLINE_CHARS)] | None = None


CLIENT_MESSAGES = (
    Chat,
    Create,
    Join,
    Leave,
    Start,
    SetOption,
    SeatBot,
    Kick,
    Watch,
    Unwatch,
    SetPrivate,
    SetSpectators,
    SetMinimum,
    Resign,
    Rematch,
    Pause,
    Abort,
    Who,
    Help,
    Play,
    Resync,
    Ping,
    Invite,
    Accept,
    Decline,
)
AnyClientMessage = (
    Chat
    | Create
    | Join
    | Leave
    | Start
    | SetOption
    | SeatBot
    | Kick
    | Watch
    | Unwatch
    | SetPrivate
    | SetSpectators
    | SetMinimum
    | Resign
    | Rematch
    | Pause
    | Abort
    | Who
    | Help
    | Play
    | Resync
    | Ping
    | Invite
    | Accept
    | Decline
)


# -- what the server tells ----------------------------------------------------------------


class ServerMessage(msgspec.Struct, tag_field="t", omit_defaults=False):
    pass


class Person(msgspec.Struct):
    id: int
    name: str
    guest: bool
    #: A bot account, played by a program (docs/bots.md): shown as BOT.
    bot: bool = False


class SeatInfo(msgspec.Struct):
    """A chair at a table: a person, a bot, or nobody (``name`` None)."""

    name: str | None
    bot: str | None = None
    connected: bool = False
    #: A bot plays this person's seat for now: "time" (their time ran out) or "away".
    replaced: str | None = None
    #: A bot account sits here, played by a program (docs/bots.md): shown as BOT.
    bot_account: bool = False
    #: At a rated table, the person's rating in its game (rounded), and whether it is
    #: still provisional, shown with "?" (docs/ratings.md).
    rating: int | None = None
    provisional: bool = False
    #: The person's finish rate in percent (null: no match of theirs has ended).
    finish: int | None = None


class TableInfo(msgspec.Struct):
    id: int
    game: str
    options: dict[str, Any]
    host: str | None
    status: str  # open, running, finished, closed
    seats: list[SeatInfo]
    watchers: int
    to_move: int | None = None  # the seat to move while running
    #: The match being played or last played here: its page is /matches/<match> once over.
    match: int | None = None
    #: Rated: registered players only, no bots; the match moves their ratings.
    rated: bool = False
    clock: ClockSetting | None = None
    grace: int = 120
    paused: bool = False
    #: Not listed in the lobby; entered by its link or an invitation.
    private: bool = False
    #: Whether people who do not play may watch its match.
    spectators: bool = True
    #: The finish rate, in percent, a person needs to sit here (null: any).
    minimum_finish: int | None = None


class Clocks(msgspec.Struct):
    """Seconds left on each seat's clock as the message leaves the server, and the seat
    whose clock runs: a client counts down from when it receives them."""

    remaining: list[float]
    running: int | None
    paused: bool


class ChatLine(msgspec.Struct, omit_defaults=True):
    name: str | None  # None: the room itself speaks
    text: str
    at: float
    #: What the room said, by kind and particulars, for a client's translation (the text
    #: is its English); only on the room's own lines, and only until a restart.
    code: str | None = None
    params: dict[str, Any] = {}


class Welcome(ServerMessage, tag="welcome"):
    """The first message on a connection: who you are and the games of the room."""

    you: Person
    games: list[dict[str, Any]]
    #: Tables where you sit at an open or running match: a reload goes back to them.
    seated: list[int] = []


class Lobby(ServerMessage, tag="lobby"):
    """The lobby whole: sent on connecting and on coming back from a table."""

    tables: list[TableInfo]
    online: list[str]
    chat: list[ChatLine]
    #: Those online who are bot accounts (docs/bots.md): shown as BOT.
    bots: list[str] = []
    #: The finish rate, in percent, of those online who have one, by name.
    finish: dict[str, int] = {}


class LobbyUpdate(ServerMessage, tag="lobby_update"):
    """What changed in the lobby in the last moment: tables new or changed, tables
    closed, people who came online and who left."""

    tables: list[TableInfo]
    closed: list[int]
    joined: list[str]
    left: list[str]
    #: The finish rate of those who joined, by name (as ``Lobby``'s).
    finish: dict[str, int] = {}
    #: Those of ``joined`` who are bot accounts: shown as BOT.
    bots: list[str] = []


class LobbyChat(ServerMessage, tag="lobby_chat"):
    line: ChatLine


class Sync(ServerMessage, tag="sync"):
    """A table as this connection may see it: sent on watch, join and resync.

    ``match`` is ``Match.view(seat, since=log)``: the log from the index the client
    said it has, the rest whole.
    """

    table: TableInfo
    v: int
    you: int | None  # your seat in the running or finished match
    chat: list[ChatLine]
    match: dict[str, Any] | None
    clocks: Clocks | None = None
    #: A private table's key, for its link: sent to its own people (who sit or host).
    key: str | None = None


class TableChanged(ServerMessage, tag="table"):
    """Seats, options, host or status changed."""

    table: TableInfo
    v: int
    clocks: Clocks | None = None


class TableChat(ServerMessage, tag="chat"):
    table: int
    v: int
    line: ChatLine


class MatchUpdate(ServerMessage, tag="match"):
    """Moves were played: ``view`` holds only the log entries from ``view.log_from``."""

    table: int
    v: int
    view: dict[str, Any]
    changed: TableInfo | None = None  # the table too, when the match ended
    clocks: Clocks | None = None


class Presence(ServerMessage, tag="presence"):
    """Who is connected changed; not stored, so ``v`` stays what it was."""

    table: int
    v: int
    connected: list[bool]
    watchers: int


class Info(ServerMessage, tag="info"):
    """An answer for this connection only (``/who``, ``/help``, ``/option``)."""

    code: str
    text: str
    table: int | None = None
    params: dict[str, Any] = {}


class Error(ServerMessage, tag="error"):
    """A refusal: nothing changed. ``code`` names the kind, ``text`` says what and why;
    ``rid`` is the refused request's id, when it had one."""

    code: str
    text: str
    table: int | None = None
    params: dict[str, Any] = {}
    rid: str | None = None


class Pong(ServerMessage, tag="pong"):
    pass


class MyTable(msgspec.Struct):
    """A table where you sit, as the header's "my tables" shows it."""

    id: int
    game: str
    status: str  # open or running
    #: It is your move there (not a bot's playing for you).
    your_turn: bool
    #: A private table's key, for its link.
    key: str | None = None


class MyTables(ServerMessage, tag="my_tables"):
    """Every open or running table where you sit: sent to each of your connections on
    connecting and whenever it changes (a table where it became your move, one you sat
    down at or left), wherever in the room you are."""

    tables: list[MyTable]


class SeatOffer(ServerMessage, tag="seat_offer"):
    """You are invited to a table: sent when the host invites, and again on connecting
    while the offer stands. ``seat`` None: the first free one."""

    offer: int
    table: int
    game: str
    options: dict[str, Any]
    clock: ClockSetting | None
    rated: bool
    seat: int | None
    from_: str = msgspec.field(name="from")
    at: float


class OfferAnswered(ServerMessage, tag="offer_answered"):
    """To the host who invited: ``name`` accepted, or declined with a reason."""

    offer: int
    table: int
    name: str
    accepted: bool
    reason: str | None = None
    text: str | None = None


class OfferWithdrawn(ServerMessage, tag="offer_withdrawn"):
    """To the invited: the offer is gone (``why``: started, closed, seat_taken, full,
    seated)."""

    offer: int
    why: str


class Rate(Protocol):
    rate: float

    def retry_after(self) -> float: ...


#: What each rate limit of a connection counts, as its refusal says it.
RATE_LIMITS = {"messages": "messages", "chat": "chat lines"}


def slow_down(limit: str, bucket: Rate) -> Error:
    """The refusal of a message over a rate limit: which limit, its rate, and how many
    seconds to wait before the next is taken, so that a program can keep to it."""
    wait = bucket.retry_after()
    return Error(
        "slow_down",
        f"too fast: at most {bucket.rate:g} {RATE_LIMITS[limit]} a second; go on in {wait:g} s",
        params={"limit": limit, "per_second": bucket.rate, "retry_after": wait},
    )


client_decoder = msgspec.json.Decoder(AnyClientMessage)
encoder = msgspec.json.Encoder()


def encode(message: ServerMessage) -> bytes:
    return encoder.encode(message)


def position_written_once(view: dict[str, Any], written: dict[int, msgspec.Raw]) -> None:
    """Put ``view``'s position in as JSON already written, writing it once for all the
    views that share that position object (every seat's of an open-information game):
    ``written`` keeps what was written, by the object's id, while those views are alive."""
    position = view["position"]
    raw = written.get(id(position))
    if raw is None:
        raw = written[id(position)] = msgspec.Raw(encoder.encode(position))
    view["position"] = raw

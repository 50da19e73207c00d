"""What travels between processes, as msgpack: each letter names its sender and its
number in the sender's line of letters to that receiver, so that a receiver sees a gap.

A client's message travels as the JSON it was (validated again by the owner, which trusts
no other process more than a client); what an owner sends a connection travels as the
bytes it built for it, with the ids of the connections it is for: the gateway routes by
those ids alone and never reads what it passes on.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from .. import protocol as p

ProcessId = Annotated[str, msgspec.Meta(min_length=1, max_length=64)]


class Letter(msgspec.Struct, tag_field="k", array_like=True):
    sender: ProcessId
    #: 1, 2, 3... for each (sender, receiver); 0 for news, which is not numbered.
    seq: int


class Command(Letter, tag="cmd"):
    """Gateway to owner: a client's message for a table the owner holds."""

    req: int
    conn: int
    user: p.Person
    address: str
    message: bytes
    #: The scopes of the token the socket came with (None: a browser's session): the
    #: owner refuses what the token may not do, as the gateway would.
    scopes: list[str] | None = None
    #: The table the gateway sent it to, for a message that names none (an offer's
    #: answer names the offer; the gateway found its table in the database).
    table: int | None = None


class Done(Letter, tag="done"):
    """Owner to gateway: the command ``req`` was carried out (``owner`` False: the table
    is not the sender's, ask again who owns it), and what the connection now follows
    there."""

    req: int
    conn: int
    owner: bool
    tables: list[int]
    in_lobby: bool


class Deliver(Letter, tag="deliver"):
    """Owner to gateway: these bytes, to these connections of the gateway's."""

    conns: list[int]
    data: bytes


class Gone(Letter, tag="gone"):
    """Gateway to owner: the connection closed."""

    conn: int


class Moved(Letter, tag="moved"):
    """Owner to gateway: the table is another process's now; these connections follow it
    there."""

    table: int
    conns: list[int]


class Beat(Letter, tag="beat"):
    """Every few seconds to each peer, numbered as the last letter sent it: a receiver
    that saw less lost the last letters (a table's last event, say) and resyncs. As a
    gateway, also its connections the peer holds a stand-in for (the others are gone)."""

    conns: list[int]


class TableNews(Letter, tag="tables"):
    """To every process: tables this process owns, as the lobby shows them (``full``:
    all of them, so a newcomer learns them and a silent owner's tables expire)."""

    tables: list[p.TableInfo]
    closed: list[int]
    full: bool


class Tell(Letter, tag="tell"):
    """To every process: these bytes, to every socket of this person there (an offer, its
    answer or its withdrawal reaches the person wherever they are connected)."""

    user: int
    data: bytes


class Arrived(Letter, tag="arrived"):
    """To every process: this person opened a socket at the sender; an owner holding
    offers for them tells them again (as a process does to its own new sockets)."""

    user: int


class Mine(Letter, tag="mine"):
    """To every process: what these tables of the sender's are in their people's "my
    tables" (table -> user id -> entry; none: the table left every list), so that a
    person's list holds their tables wherever they are played (``full``: all of them, so
    a newcomer learns them and a silent owner's expire)."""

    tables: dict[int, dict[int, p.MyTable]]
    full: bool


class Ended(Letter, tag="ended"):
    """To every process: a match of the sender's ended and its end is stored, so these
    people's finish rates are read again (each process keeps them for those online)."""

    users: list[int]


#: Letters to every process (unnumbered, on the news channel).
News = TableNews | Tell | Arrived | Mine | Ended
Envelope = Command | Done | Deliver | Gone | Moved | Beat | News

encoder = msgspec.msgpack.Encoder()
decoder = msgspec.msgpack.Decoder(Envelope)

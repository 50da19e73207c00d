"""What a room is run with: the database, bot pacing, limits, housekeeping, the clock."""

from __future__ import annotations

import os
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field


def process_id() -> str:
    """This process among the room's: its machine, its pid, and a few random letters (a
    pid comes back after a restart; a lease of the process before must not be ours)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


@dataclass
class Settings:
    db_url: str
    bot_delay: float = 0.6
    secure_cookies: bool = False
    #: What one connection may send: messages a second (with twice that at once), and
    #: chat lines a second (five at once).
    messages_per_second: float = 40.0
    chat_per_second: float = 0.5
    #: What one person may hold at once: open tables (hosted or sat at), and sockets;
    #: sockets from one address (behind a proxy, the address it forwards).
    tables_per_person: int = 5
    sockets_per_person: int = 10
    sockets_per_address: int = 200
    #: Invitations one host may have waiting for an answer, over all their tables.
    offers_per_host: int = 10
    #: Matches a bot account may start a UTC day at tables where no person sits.
    bot_matches_per_day: int = 200
    #: Seconds an open table waits for its seated people to come back before it closes.
    open_table_grace: float = 60.0
    #: Housekeeping, at the start and then this often: sessions past their age and the
    #: rows of guests no session holds (kept this long after they entered) are deleted.
    housekeeping_seconds: float = 3600.0
    guest_rows_kept: float = 3600.0
    #: How often the tokens of the sockets open here are looked up, so that one revoked
    #: elsewhere (another process, the command line) closes its sockets (room/revocations).
    token_check_seconds: float = 2.0
    #: Entering over HTTP (docs/security.md): wrong passwords for one name and from one
    #: address within ``login_window`` seconds, and entries (as a guest or registering)
    #: from one address a minute.
    login_failures_per_name: int = 5
    login_failures_per_address: int = 20
    login_window: float = 300.0
    entries_per_minute: int = 20
    #: Several processes on one PostgreSQL (docs/ownership.md): whether this one holds
    #: a fenced lease on each table it plays (off: it plays every table), its id, how long
    #: a table's lease lasts unless renewed, how often leases are renewed and orphan
    #: tables looked for, and how many orphans one look claims at most.
    leases: bool = False
    process_id: str = field(default_factory=process_id)
    lease_seconds: float = 10.0
    renew_seconds: float = 3.0
    claims_per_tick: int = 20
    #: Redis, shared by the room's processes (docs/deploy.md); None: one process alone.
    redis_url: str | None = None
    #: Where this room's keys and channels start in Redis: rooms (or tests) sharing one
    #: Redis differ.
    redis_prefix: str = "ludoteca:"
    #: Mail (``serve --smtp``): the SMTP server (``smtp://host:port``; None sends none),
    #: the sender, and the room's address as links in mails name it.
    smtp_url: str | None = None
    mail_from: str = "ludoteca@localhost"
    site_url: str = "http://127.0.0.1:8000"
    #: The room's clock (seconds): tests give a clock of their own, to run time on at will.
    now: Callable[[], float] = time.time

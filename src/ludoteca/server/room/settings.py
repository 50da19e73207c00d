"""What a room is run with: the database, bot pacing, limits, housekeeping, the clock."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


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
    #: Entering over HTTP (docs/security.md): wrong passwords for one name and from one
    #: address within ``login_window`` seconds, and entries (as a guest or registering)
    #: from one address a minute.
    login_failures_per_name: int = 5
    login_failures_per_address: int = 20
    login_window: float = 300.0
    entries_per_minute: int = 20
    #: Mail (``serve --smtp``): the SMTP server (``smtp://host:port``; None sends none),
    #: the sender, and the room's address as links in mails name it.
    smtp_url: str | None = None
    mail_from: str = "ludoteca@localhost"
    site_url: str = "http://127.0.0.1:8000"
    #: The room's clock (seconds): tests give a clock of their own, to run time on at will.
    now: Callable[[], float] = time.time

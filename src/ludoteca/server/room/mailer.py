"""Mail the room sends: the confirmation of an address, and "your turn" at a turn-based
table to a confirmed, opted-in player who is not connected, one mail a turn at most:
the turn is claimed in the database first (``turn_mails``), so that neither a second
notice of it, another process nor a restart sends it again.

Sending never holds up the room: each mail goes out with ``smtplib`` in a thread, as a
task beside the loop's messages; a failure is logged and the room goes on. Links carry
tokens signed with the room's key (``itsdangerous``): a confirmation link names the user
and the address and expires; an unsubscribe link names the user and works without
logging in, for as long as the key stands.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
from collections.abc import Callable, Coroutine
from email.message import EmailMessage
from typing import Any
from urllib.parse import urlsplit

from itsdangerous import BadSignature, URLSafeSerializer, URLSafeTimedSerializer

from ..storage.store import Store
from .settings import Settings

log = logging.getLogger("ludoteca.server")

#: How long a confirmation link works.
CONFIRM_SECONDS = 2 * 24 * 3600


class Mailer:
    def __init__(
        self,
        settings: Settings,
        store: Store,
        spawn: Callable[[Coroutine[Any, Any, None]], None],
    ) -> None:
        self.settings = settings
        self.store = store
        self.spawn = spawn
        #: Confirmed addresses of those who want turn mails, by user (loaded on open).
        self.addresses: dict[int, str] = {}
        self._confirm: URLSafeTimedSerializer | None = None
        self._unsubscribe: URLSafeSerializer | None = None
        #: Mails handed to the SMTP server, and those that failed.
        self.sent = 0
        self.failed = 0

    @property
    def enabled(self) -> bool:
        return self.settings.smtp_url is not None

    def keyed(self, key: str) -> None:
        self._confirm = URLSafeTimedSerializer(key, salt="ludoteca-mail-confirm")
        self._unsubscribe = URLSafeSerializer(key, salt="ludoteca-mail-unsubscribe")

    # -- tokens ---------------------------------------------------------------------------

    def confirm_link(self, user_id: int, address: str) -> str:
        if self._confirm is None:
            raise RuntimeError("the mailer has no key before the room opens")
        token = self._confirm.dumps([user_id, address])
        return f"{self.settings.site_url}/mail/confirm?token={token}"

    def confirmed(self, token: str) -> tuple[int, str] | None:
        """The (user, address) a confirmation token names, if genuine and not expired."""
        if self._confirm is None:
            return None
        try:
            value = self._confirm.loads(token, max_age=CONFIRM_SECONDS)
        except BadSignature:
            return None
        match value:
            case [int() as user_id, str() as address]:
                return user_id, address
        return None

    def unsubscribe_link(self, user_id: int) -> str:
        if self._unsubscribe is None:
            raise RuntimeError("the mailer has no key before the room opens")
        return f"{self.settings.site_url}/mail/unsubscribe?token={self._unsubscribe.dumps(user_id)}"

    def unsubscribed(self, token: str) -> int | None:
        if self._unsubscribe is None:
            return None
        try:
            value = self._unsubscribe.loads(token)
        except BadSignature:
            return None
        return value if type(value) is int else None

    # -- what is sent ---------------------------------------------------------------------

    def confirm(self, user_id: int, name: str, address: str) -> None:
        self.send(
            address,
            "ludoteca: confirm your address",
            f"Hello {name},\n\nto confirm that {address} is yours, open\n\n"
            f"{self.confirm_link(user_id, address)}\n\n"
            "The link works for two days. If you did not ask for it, do nothing.\n",
        )

    def turn(
        self, user_id: int, name: str, table_id: int, turn: tuple[int, int], title: str
    ) -> None:
        """It is ``user_id``'s turn at ``table_id`` (``turn``: the match and its moves so
        far): one mail, unless this turn was mailed already."""
        address = self.addresses.get(user_id)
        if address is None or not self.enabled:
            return
        self.spawn(self._turn(user_id, name, address, table_id, turn, title))

    async def _turn(
        self,
        user_id: int,
        name: str,
        address: str,
        table_id: int,
        turn: tuple[int, int],
        title: str,
    ) -> None:
        if not await self.store.claim_turn_mail(user_id, table_id, *turn):
            return
        self.send(
            address,
            f"ludoteca: your turn at table {table_id} ({title})",
            f"Hello {name},\n\nit is your turn at table {table_id} ({title}):\n\n"
            f"{self.settings.site_url}/tables/{table_id}\n\n"
            "No more of these mails (no login needed):\n"
            f"{self.unsubscribe_link(user_id)}\n",
        )

    def send(self, to: str, subject: str, body: str) -> None:
        if self.settings.smtp_url is None:
            return
        message = EmailMessage()
        message["From"] = self.settings.mail_from
        message["To"] = to
        message["Subject"] = subject
        message.set_content(body)
        self.spawn(self._deliver(message))

    async def _deliver(self, message: EmailMessage) -> None:
        try:
            await asyncio.to_thread(_smtp_send, self.settings.smtp_url or "", message)
            self.sent += 1
        except (OSError, smtplib.SMTPException) as error:
            self.failed += 1
            log.warning("mail to %s not sent: %s", message["To"], error)


def _smtp_send(url: str, message: EmailMessage) -> None:
    parts = urlsplit(url)
    with smtplib.SMTP(parts.hostname or "127.0.0.1", parts.port or 25, timeout=10) as smtp:
        smtp.send_message(message)

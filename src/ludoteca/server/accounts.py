"""People: guests with a nickname, registered players with a password, and sessions.

A session is a random id the database keeps, signed with a key the database keeps, in
an HttpOnly cookie: a reload or a restart keeps a player in, nobody can forge one, and
logging out deletes the row, so the cookie is worth nothing after it even if copied.
"""

from __future__ import annotations

import asyncio
import functools
import re
import secrets
import unicodedata
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from disarm import skeleton_key
from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "ludoteca_session"
SESSION_SECONDS = 30 * 24 * 3600
NAME = re.compile(r"^[^\W_][\w .'-]{0,18}[\w.'-]$|^[^\W_]$")
MIN_PASSWORD = 8
#: The longest name key stored (users.name_key): a few characters fold to many.
KEY_LENGTH = 100

_hasher = PasswordHasher()
T = TypeVar("T")
#: argon2 takes ~50 ms of CPU and 64 MiB a hash on purpose. On the event loop a flood of
#: wrong passwords stopped the room (every player's ping went from 0.4 to 170 ms); in
#: one thread of its own (argon2 lets go of the interpreter's lock) a flood waits its
#: turn there, and the loop and the other core stay free for the room.
_hashing = ThreadPoolExecutor(max_workers=1, thread_name_prefix="argon2")
#: Hashes waiting beyond this are refused at once (``busy``) rather than queued for
#: minutes: the limits per name and address keep one client far below it.
MAX_WAITING_HASHES = 32
_waiting = 0


class AccountError(ValueError):
    """A name or password that cannot be used; the text says why and what is allowed,
    ``code`` names the kind for a client's translation."""

    def __init__(self, code: str, text: str, **params: object) -> None:
        super().__init__(text)
        self.code = code
        self.params = params


def check_name(name: object) -> str:
    if not isinstance(name, str):
        raise AccountError(
            "bad_name", "a name is a text of 2 to 20 letters, digits, spaces or . ' - _"
        )
    name = unicodedata.normalize("NFC", name.strip())
    if not 2 <= len(name) <= 20 or not NAME.match(name) or "  " in name:
        raise AccountError(
            "bad_name",
            f"{name!r} cannot be a name: use 2 to 20 letters or digits (spaces, . ' - _ "
            "inside), starting with a letter or digit",
        )
    if len(name_key(name)) > KEY_LENGTH:
        raise AccountError("bad_name", f"{name!r} cannot be a name: use fewer compound letters")
    return name


@functools.lru_cache(maxsize=4096)  # the room asks for the keys of seated names often
def name_key(name: str) -> str:
    """The form in which two names count as the same name.

    NFKC first, so that compatibility forms (full-width Ａｎｎａ, ligatures) are their
    plain letters; then casefold, because a skeleton keeps case (``A`` and ``a`` have
    different prototypes) and names differing in case are one name; then the Unicode
    TR39 skeleton, so that a Cyrillic or Greek look-alike (MаrаKKR with a Cyrillic а)
    is the name it imitates. ``tr39`` digits: a name is an identifier, so 0 and O, 1
    and l are one. Accents stay: Zoë and Zoe are two names, as before.
    """
    return skeleton_key(unicodedata.normalize("NFKC", name).casefold(), digit_policy="tr39")


def check_password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= 200:
        raise AccountError(
            "bad_password", f"a password has {MIN_PASSWORD} to 200 characters", min=MIN_PASSWORD
        )
    return password


async def hash_password(password: str) -> str:
    return await _off_the_loop(_hasher.hash, password)


async def password_matches(stored_hash: str, password: str) -> bool:
    return await _off_the_loop(_verify, stored_hash, password)


def _verify(stored_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


async def _off_the_loop(work: Callable[..., T], *args: str) -> T:
    global _waiting
    if _waiting >= MAX_WAITING_HASHES:
        raise AccountError("busy", "the server is checking many passwords: try again in a moment")
    _waiting += 1
    try:
        return await asyncio.get_running_loop().run_in_executor(_hashing, work, *args)
    finally:
        _waiting -= 1


class Sessions:
    """Session tokens: a random session id, signed; the store says whether it stands."""

    def __init__(self, key: str) -> None:
        self._serializer = URLSafeTimedSerializer(key, salt="ludoteca-session")

    @staticmethod
    def new_id() -> str:
        return secrets.token_urlsafe(24)

    def token(self, session_id: str) -> str:
        return self._serializer.dumps(session_id)

    def session_id(self, token: str | None) -> str | None:
        """The session a cookie names, if it is genuine and not past its age; whether
        it was revoked is the store's to say."""
        if not token:
            return None
        try:
            value = self._serializer.loads(token, max_age=SESSION_SECONDS)
        except BadSignature:
            return None
        return value if type(value) is str else None

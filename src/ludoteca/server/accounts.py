"""People: guests with a nickname, registered players with a password, and sessions.

A session is the user id signed with a key the database keeps, in an HttpOnly cookie:
a reload or a restart keeps a player in, and nobody can forge another's id.
"""

from __future__ import annotations

import re
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "ludoteca_session"
SESSION_SECONDS = 30 * 24 * 3600
NAME = re.compile(r"^[^\W_][\w .'-]{0,18}[\w.'-]$|^[^\W_]$")
MIN_PASSWORD = 8

_hasher = PasswordHasher()


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
    return name


def name_key(name: str) -> str:
    """The form in which two names count as the same: case and accents aside."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= 200:
        raise AccountError(
            "bad_password", f"a password has {MIN_PASSWORD} to 200 characters", min=MIN_PASSWORD
        )
    return password


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def password_matches(stored_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(stored_hash, password)
    except (VerificationError, InvalidHashError):
        return False


class Sessions:
    def __init__(self, key: str) -> None:
        self._serializer = URLSafeTimedSerializer(key, salt="ludoteca-session")

    def token(self, user_id: int) -> str:
        return self._serializer.dumps(user_id)

    def user_id(self, token: str | None) -> int | None:
        if not token:
            return None
        try:
            value = self._serializer.loads(token, max_age=SESSION_SECONDS)
        except BadSignature:
            return None
        return value if type(value) is int else None

"""Personal tokens: how a program (a bot, a script) enters without a password or cookie.

A token is 32 random bytes, shown once; the store keeps only its sha256. A password
needs a slow hash (argon2) because people pick guessable ones; a token is random and
has 256 bits, so nobody can guess it from its digest however fast they hash, and a fast
hash lets the room check one on every socket and request without a thread pool.

It works only as ``Authorization: Bearer <token>`` (the API, and the ``/ws`` upgrade),
never from a cookie or a query string: a browser never sends that header by itself, so
another site's page cannot act with it, and an address with a token in it ends in logs.
"""

from __future__ import annotations

import hashlib
import secrets
from enum import StrEnum

#: Tokens start so: a leaked one is easy to find in a text (and to tell from a password).
PREFIX = "ldt_"


class Scope(StrEnum):
    """What a token may do: ``bot:play`` sits and plays (a bot account's), ``read`` only
    watches and reads."""

    PLAY = "bot:play"
    READ = "read"


SCOPES = ", ".join(Scope)


class TokenError(ValueError):
    """A token asked for that cannot be given; the text says why."""


def new_token() -> str:
    return PREFIX + secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def check_scopes(scopes: list[str], bot: bool) -> str:
    """Scopes as stored (space-separated), or TokenError naming those there are. Only a
    bot account plays with a token: a person plays in the browser."""
    if not scopes:
        raise TokenError(f"name at least one scope: {SCOPES}")
    unknown = [scope for scope in scopes if scope not in set(Scope)]
    if unknown:
        raise TokenError(f"no scope {unknown[0]!r}: the scopes are {SCOPES}")
    if Scope.PLAY in scopes and not bot:
        raise TokenError(f"only a bot account's token may have {Scope.PLAY}: turn it into a bot")
    return " ".join(sorted(set(scopes)))


#: The longest label a token may have (its owner's name for it: "my laptop's bot").
MAX_LABEL = 60


def check_label(label: str) -> str:
    """A label as stored (trimmed), or TokenError saying what a label may be."""
    label = label.strip()
    if len(label) > MAX_LABEL or not label.isprintable():
        raise TokenError(f"a label has at most {MAX_LABEL} characters, none of them control ones")
    return label


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer`` header, if there is one."""
    if authorization is None:
        return None
    kind, _, token = authorization.strip().partition(" ")
    return token.strip() or None if kind.lower() == "bearer" else None

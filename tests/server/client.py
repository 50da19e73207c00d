"""A test client for the room: one person, one WebSocket, the messages they received."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any, ClassVar

from starlette.testclient import TestClient

from ludoteca.engine import Match


class Person:
    #: Every person still connected: the fixtures close them all, so that no test leaves
    #: a socket open for the test client's shutdown to wait on.
    connected: ClassVar[list[Person]] = []

    def __init__(self, client: TestClient, name: str, cookies: dict[str, str]) -> None:
        self.client = client
        self.name = name
        self.cookies = cookies
        self._context = client.websocket_connect("/ws", cookies=cookies)
        self.ws = self._context.__enter__()
        Person.connected.append(self)
        self.received: list[dict[str, Any]] = []
        self.welcome = self.expect("welcome")
        self.lobby = self.expect("lobby")

    @classmethod
    def enter(cls, client: TestClient, name: str) -> Person:
        response = client.post("/api/guest", json={"name": name})
        assert response.status_code == 200, response.text
        return cls(client, name, dict(response.cookies))

    def reconnect(self) -> Person:
        self.close()
        return Person(self.client, self.name, self.cookies)

    def close(self) -> None:
        if self in Person.connected:
            Person.connected.remove(self)
            with contextlib.suppress(Exception):
                self._context.__exit__(None, None, None)

    @classmethod
    def close_all(cls) -> None:
        for person in list(cls.connected):
            person.close()

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps(message))

    def say(self, text: str, table: int | None = None) -> None:
        self.send(t="chat", text=text, table=table)

    def next(self) -> dict[str, Any]:
        message = json.loads(self.ws.receive_text())
        self.received.append(message)
        return message

    def expect(self, kind: str, where: Any = None, **fields: Any) -> dict[str, Any]:
        """The next message of this kind with these fields, for which ``where`` holds
        (others before it are kept in ``received``)."""
        for _ in range(10_000):
            message = self.next()
            if (
                message["t"] == kind
                and all(message.get(k) == v for k, v in fields.items())
                and (where is None or where(message))
            ):
                return message
            if message["t"] == "error" and kind != "error":
                raise AssertionError(f"{self.name} got an error waiting for {kind}: {message}")
        raise AssertionError(f"no {kind} message")

    def refused(self, code: str | None = None) -> dict[str, Any]:
        message = self.expect("error")
        if code is not None:
            assert message["code"] == code, message
        return message

    def create(self, game: str, **options: Any) -> int:
        self.send(t="create", game=game, options=options)
        return self.expect("sync")["table"]["id"]


class Seat:
    """What a client knows of one table: the version and the match view, merged."""

    def __init__(self, person: Person, table: int) -> None:
        self.person = person
        self.table = table
        self.version = 0
        self.view: dict[str, Any] | None = None
        self.you: int | None = None

    def take(self, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == "sync" and message["table"]["id"] == self.table:
            self.version = message["v"]
            self.you = message["you"]
            self.view = merge(None if message["match"] is None else self.view, message["match"])
        elif kind == "match" and message["table"] == self.table:
            assert message["v"] > self.version, (message["v"], self.version)
            self.version = message["v"]
            self.view = merge(self.view, message["view"])
        elif kind in ("table", "chat") and message.get("v", 0) > self.version:
            self.version = message["v"]

    def follow(self) -> dict[str, Any]:
        message = self.person.next()
        self.take(message)
        return message

    @property
    def my_turn(self) -> bool:
        return bool(self.view and self.view["legal_moves"] and self.view["result"] is None)

    def play(self, move: str) -> None:
        self.person.send(t="move", table=self.table, v=self.version, move=move)

    def choose(self, rng: random.Random) -> str:
        assert self.view is not None
        return choose(self.view, rng)


def choose(view: dict[str, Any], rng: random.Random) -> str:
    """A legal move of a whole view at random; in Krone the simple policy's, from the
    match the view shows (nothing is hidden there): at random neither player reaches the
    King, and a match runs to thousands of moves, minutes of a loaded machine."""
    if view["game"] != "krone":
        return str(rng.choice(view["legal_moves"]))
    match = Match.from_view(view, rng)
    return str(match.game.simple_move(match.state, rng))


def merge(old: dict[str, Any] | None, new: dict[str, Any] | None) -> dict[str, Any] | None:
    """A match view with its log whole: ``new`` holds the log from ``log_from`` on."""
    if new is None:
        return old
    kept = [] if old is None else old["log"][: new["log_from"]]
    assert len(kept) == new["log_from"], "a gap in the log"
    return {**new, "log": kept + new["log"], "log_from": 0}

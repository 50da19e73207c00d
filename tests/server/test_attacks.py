"""What an attacker tried from the outside, with a client written from docs/protocol.md
alone: each attempt is refused in words, changes nothing and leaves the room serving."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed

from ludoteca.server import protocol as p

from .live import Player, running
from .test_play import _two_at_krone


def _read_until_closed(person) -> None:
    for _ in range(100):
        person.next()


def _alive(person) -> None:
    person.send(t="ping")
    person.expect("pong")


def test_deeply_nested_json_is_a_bad_message_not_a_crash(enter, room):
    anna = enter("Anna")
    nested = "[" * 3000 + "]" * 3000
    frame = '{"t": "create", "game": "krone", "options": {"a": ' + nested + "}}"
    assert len(frame) < p.MAX_MESSAGE_BYTES
    anna.ws.send_text(frame)
    assert anna.refused("bad_message")["text"] == p.TOO_DEEP
    assert room.app.state.room.tables == {}
    _alive(anna)


def test_a_move_naming_a_version_the_table_never_had_is_refused(enter):
    a, _b = _two_at_krone(enter)
    table = a.person.client.app.state.room.tables[a.table]
    length = table.live.moves_played
    a.person.send(t="move", table=a.table, v=a.version + 1000, move="roll")
    refusal = a.person.refused("bad_version")
    assert refusal["text"] == (
        f"version {a.version + 1000} is not one this table has had: it is at {a.version}"
    )
    assert refusal["params"] == {"v": a.version + 1000, "current": a.version}
    assert table.live.moves_played == length
    a.play("roll")  # the version it was told of still plays
    assert a.person.expect("match")["view"]["log"][0]["move"] == "roll"


def test_the_message_limit_counts_bytes_not_characters(enter):
    anna = enter("Anna")
    text = "é" * (p.MAX_MESSAGE_BYTES // 2 + 100)  # under the limit in characters
    assert len(text) < p.MAX_MESSAGE_BYTES < len(text.encode())
    anna.ws.send_text(json.dumps({"t": "chat", "text": text}, ensure_ascii=False))
    with pytest.raises(WebSocketDisconnect) as closed:
        _read_until_closed(anna)
    assert closed.value.code == 1009
    assert closed.value.reason == f"a message has at most {p.MAX_MESSAGE_BYTES} bytes"


def test_a_frame_that_is_not_utf8_is_closed_with_1007_and_no_traceback(tmp_path):
    with running(f"sqlite+aiosqlite:///{tmp_path / 'room.db'}") as server:
        anna = Player(server, "Anna")
        anna.socket.send(b'{"t": "chat", "text": "\xff\xfe"}', text=True)
        with pytest.raises(ConnectionClosed) as closed:
            _read_until_closed(anna)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1007
        bruno = Player(server, "Bruno")  # the room goes on
        bruno.send(t="ping")
        assert bruno.expect("pong")
        bruno.close()
        server.stop()
    assert "Traceback" not in server.log, server.log
    assert "ERROR" not in server.log, server.log

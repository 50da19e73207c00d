"""Bad input: every kind gets a clear error or a closed connection with a reason,
changes nothing, and never brings the server down."""

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from ludoteca.server import protocol as p
from ludoteca.server.app import create_app
from ludoteca.server.room import Settings

from .client import Person


def _state(room, table):
    t = room.app.state.room.tables[table]
    return (t.version, t.status, [None if c is None else c.name for c in t.seats], t.options)


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "not a message this server knows"),
        ('{"t": "teleport"}', "not a message this server knows"),
        ('{"t": "join", "table": "one"}', "Expected `int`, got `str`"),
        ('{"t": "join"}', "missing required field `table`"),
        ('{"t": "move", "table": 1, "v": 0, "move": "roll", "extra": 1}', "unknown field"),
        ('{"t": "chat", "text": 5}', "Expected `str`"),
    ],
)
def test_malformed_messages_get_a_clear_error_and_change_nothing(enter, room, raw, fragment):
    anna = enter("Anna")
    table = anna.create("krone")
    before = _state(room, table)
    anna.ws.send_text(raw)
    error = anna.refused("bad_message")
    assert fragment in error["text"]
    assert _state(room, table) == before


def _read_until_closed(person):
    for _ in range(10_000):
        person.next()


def test_binary_frames_are_refused(enter):
    anna = enter("Anna")
    anna.ws.send_bytes(b'{"t": "ping"}')
    assert "text frames" in anna.refused("bad_message")["text"]


def test_an_oversized_message_closes_the_connection_with_a_reason(enter):
    anna = enter("Anna")
    anna.ws.send_text(json.dumps({"t": "chat", "text": "x" * (p.MAX_MESSAGE_BYTES + 1)}))
    with pytest.raises(WebSocketDisconnect) as closed:
        _read_until_closed(anna)
    assert closed.value.code == 1009
    assert "at most" in closed.value.reason


def test_flooding_is_slowed_then_closed(sqlite_url):
    from starlette.testclient import TestClient

    app = create_app(Settings(db_url=sqlite_url, bot_delay=0))
    with TestClient(app) as client:
        anna = Person.enter(client, "Anna")
        for _ in range(400):
            anna.send(t="ping")
        with pytest.raises(WebSocketDisconnect) as closed:
            _read_until_closed(anna)
        told = [m for m in anna.received if m.get("code") == "slow_down"]
        assert told, "told first"
        assert told[0]["params"]["limit"] == "messages"
        assert told[0]["params"]["per_second"] == 40
        assert 0 < told[0]["params"]["retry_after"] <= 1 / 40 + 0.001
        assert closed.value.code == 1008
        assert "flooding" in closed.value.reason
        # The room is unharmed: somebody else enters and plays.
        anna.close()
        bruno = Person.enter(client, "Bruno")
        bruno.send(t="ping")
        assert bruno.expect("pong")
        bruno.close()


def test_chat_is_rate_limited(enter):
    anna = enter("Anna")
    for n in range(6):
        anna.say(f"line {n}")
    texts, errors = [], []
    while len(texts) < 5 or not errors:
        message = anna.next()
        if message["t"] == "lobby_chat":
            texts.append(message["line"]["text"])
        elif message["t"] == "error":
            errors.append(message)
    assert texts == [f"line {n}" for n in range(5)]
    assert [e["code"] for e in errors] == ["slow_down"]
    assert "too fast" in errors[0]["text"]
    # Which limit, and when to go on: a program can keep to it.
    params = errors[0]["params"]
    assert params["limit"] == "chat"
    assert params["per_second"] == 0.5
    assert 0 < params["retry_after"] <= 2
    assert errors[0]["text"].endswith(f"go on in {params['retry_after']:g} s")


_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    # Text of letters from far past ASCII: accents, scripts, emoji, joiners.
    st.text(st.characters(min_codepoint=0x80, exclude_categories=["Cs"]), max_size=200),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.recursive(st.integers(), lambda inner: st.lists(inner, max_size=2), max_leaves=20),
)
_nested = st.integers(min_value=1, max_value=5000).map(
    lambda depth: (
        '{"t": "create", "game": "keltis", "options": {"a": ' + "[" * depth + "]" * depth + "}}"
    )
)
_huge_numbers = st.sampled_from(["table", "v", "seat", "log", "grace"]).flatmap(
    lambda field: st.integers(min_value=20, max_value=4000).map(
        lambda digits: '{"t": "join", "' + field + '": 1' + "0" * digits + "}"
    )
)
_tags = st.sampled_from([m.__struct_config__.tag for m in p.CLIENT_MESSAGES] + ["x", ""])
_fields = st.sampled_from(["table", "v", "move", "text", "seat", "name", "value", "level",
                           "game", "options", "log", "command", "t"])  # fmt: skip
_messages = st.one_of(
    st.builds(
        lambda tag, extra: {"t": tag, **extra},
        _tags,
        st.dictionaries(_fields, _values, max_size=4),
    ),
    st.text(max_size=40),
    _nested,
    _huge_numbers,
)


_examples = itertools.count()


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(message=_messages)
def test_the_protocol_survives_anything(enter, room, message):
    # New names each example: the last example's players keep theirs while seated.
    n = next(_examples)
    anna = enter(f"Fuzz{n}")
    table = anna.create("keltis")
    bruno = enter(f"Other{n}")
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    before = _state(room, table)
    raw = message if isinstance(message, str) else json.dumps(message)
    bruno.ws.send_text(raw)
    bruno.send(t="ping")
    answers = []
    while not answers or answers[-1]["t"] != "pong":
        answers.append(bruno.next())
    # The server answered and is alive; it never failed inside.
    assert all(a.get("code") != "server_error" for a in answers), answers
    # A refusal changed nothing; a change was announced to the table.
    if any(a["t"] == "error" for a in answers):
        assert _state(room, table) == before
    elif _state(room, table) != before:
        assert any(a["t"] in ("table", "sync", "lobby") for a in answers), answers
    anna.close()
    bruno.close()

"""A connection's writer: what was queued goes out in order, then the close, and a
reader that falls too far behind is closed."""

import asyncio

from ludoteca.server import protocol as p
from ludoteca.server.connection import MAX_QUEUED, Connection


def written(burst: list[bytes], close: tuple[int, str] | None, more: list[bytes]) -> list[dict]:
    """What the ASGI ``send`` of a connection receives for a burst of messages queued at
    once, a close (None: the connection stops on its own) and messages queued after it."""
    frames: list[dict] = []

    async def send(message: dict) -> None:
        frames.append(message)

    async def run() -> None:
        connection = Connection(send, p.Person(1, "Ada", True))
        connection.start()
        for data in burst:
            connection.send_bytes(data)
        if close is not None:
            connection.close(*close)
        for data in more:
            connection.send_bytes(data)
        await connection.stop()

    asyncio.run(run())
    return frames


def test_a_burst_goes_out_in_order_then_the_close():
    frames = written([b'{"n":1}', b'{"n":2}', b'{"n":3}'], None, [])
    assert frames == [
        {"type": "websocket.send", "text": '{"n":1}'},
        {"type": "websocket.send", "text": '{"n":2}'},
        {"type": "websocket.send", "text": '{"n":3}'},
        {"type": "websocket.close", "code": 1000, "reason": ""},
    ]


def test_nothing_queued_after_a_close_is_sent_and_the_reason_is_kept():
    frames = written([b"1"], (4409, "someone else entered"), [b"2"])
    assert frames == [
        {"type": "websocket.send", "text": "1"},
        {"type": "websocket.close", "code": 4409, "reason": "someone else entered"},
    ]


def test_a_reader_too_far_behind_is_closed_after_what_was_queued():
    burst = [str(n).encode() for n in range(MAX_QUEUED + 5)]
    frames = written(burst, None, [])
    assert [f["text"] for f in frames[:-1]] == [str(n) for n in range(MAX_QUEUED)]
    assert frames[-1] == {
        "type": "websocket.close",
        "code": 1008,
        "reason": "too far behind: reconnect and resync",
    }

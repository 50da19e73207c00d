"""Every example in docs/protocol.md is a message the protocol's structs accept."""

import json
import re
from pathlib import Path

import msgspec

from ludoteca.server import protocol as p

DOC = Path(__file__).parents[2] / "docs" / "protocol.md"
SERVER_MESSAGES = p.ServerMessage.__subclasses__()
server_decoder = msgspec.json.Decoder(
    p.Welcome | p.Lobby | p.LobbyUpdate | p.LobbyChat | p.Sync | p.TableChanged
    | p.TableChat | p.MatchUpdate | p.Presence | p.Info | p.Error | p.Pong
    | p.SeatOffer | p.OfferAnswered | p.OfferWithdrawn
)  # fmt: skip


def _examples():
    decoder = json.JSONDecoder()
    for block in re.findall(r"```json\n(.*?)```", DOC.read_text(), re.S):
        text = block.strip()
        while text:
            value, end = decoder.raw_decode(text)
            yield value
            text = text[end:].strip()


def test_every_example_decodes_as_its_struct():
    examples = list(_examples())
    client_tags = {m.__struct_config__.tag for m in p.CLIENT_MESSAGES}
    server_tags = {m.__struct_config__.tag for m in SERVER_MESSAGES}
    seen = set()
    for example in examples:
        raw = json.dumps(example)
        # "chat" is both: a client's line has text, the server's a line.
        if example["t"] in client_tags and "line" not in example:
            p.client_decoder.decode(raw)
        else:
            server_decoder.decode(raw)
        seen.add(example["t"])
    # Every server message has an example.
    assert server_tags <= seen, server_tags - seen


def test_every_client_message_is_in_the_table():
    text = DOC.read_text()
    for message in p.CLIENT_MESSAGES:
        assert f"| `{message.__struct_config__.tag}` |" in text

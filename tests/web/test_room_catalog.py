"""The room page's texts: every answer the server can give has a headline in each
language (the client's own node tests run in test_node.py)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "src" / "ludoteca" / "server"
CATALOG = ROOT / "src" / "ludoteca" / "web" / "screens" / "room.i18n.js"


def server_codes() -> set[str]:
    """Every code a Refusal, Stale, Error or Info of the server names."""
    pattern = re.compile(
        r"\b(?:Refusal|Stale|Error|Info|AccountError|_?refuse)\(\s*(?:code=)?\"([a-z_]+)\""
    )
    return {code for path in SERVER.rglob("*.py") for code in pattern.findall(path.read_text())}


def catalog_keys(language: str) -> set[str]:
    text = CATALOG.read_text()
    block = re.search(rf"^const {language} = \{{(.*?)^\}};", text, re.S | re.M)
    assert block, language
    return set(re.findall(r'^\s*"([^"]+)":', block.group(1), re.M))


def test_every_server_answer_has_a_headline_in_every_language():
    codes = server_codes()
    assert {"illegal", "not_your_turn", "stale", "bad_message", "bad_name", "wrong_login"} <= codes
    for language in ("en", "it", "de"):
        missing = {code for code in codes if f"server.{code}" not in catalog_keys(language)}
        assert not missing, f"{language}: no text for {sorted(missing)}"


def test_every_command_and_every_line_the_room_says_has_its_text():
    from ludoteca.server.commands import COMMANDS

    said = re.compile(r"\bannounce\(\s*\"([a-z_]+)\"")
    codes = {code for path in SERVER.rglob("*.py") for code in said.findall(path.read_text())}
    assert {"resigns", "resigns_bot"} <= codes
    for language in ("en", "it", "de"):
        keys = catalog_keys(language)
        assert not {f"help.{name}" for name in COMMANDS} - keys, language
        assert not {f"chat.{code}" for code in codes} - keys, language

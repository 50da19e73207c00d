"""Slash commands: a chat line that starts with "/" becomes the protocol message a button
would send, so typing and clicking take the same path."""

from __future__ import annotations

from dataclasses import dataclass

from . import protocol as p


class CommandError(ValueError):
    """A command that cannot be read; the text says what is allowed."""


@dataclass(frozen=True)
class Command:
    usage: str
    text: str
    needs_table: bool = True


COMMANDS: dict[str, Command] = {
    "join": Command("/join [seat]", "sit down, in the first free seat or the one named"),
    "leave": Command("/leave", "stand up and leave the table (a running match keeps your seat)"),
    "start": Command("/start", "start the match (host, once enough players sit)"),
    "option": Command(
        "/option [NAME VALUE]", "set an option before the start (host); alone, list them"
    ),
    "bot": Command("/bot [level] [seat]", "seat a bot (host, before the start)"),
    "kick": Command(
        "/kick NAME", "send a player or bot away from their seat (host, before the start)"
    ),
    "invite": Command(
        "/invite NAME [seat]", "offer someone a seat here, the one named or any (host)"
    ),
    "watch": Command("/watch", "watch this table as a spectator"),
    "private": Command(
        "/private on|off",
        "make the table private, with a new link, or public again (host, before the start)",
    ),
    "spectators": Command(
        "/spectators on|off",
        "let people who do not play watch the match, or no longer (host, at any time)",
    ),
    "minimum": Command(
        "/minimum finish PERCENT|off",
        "sit only people who finished at least this share of their matches (host, before "
        "the start)",
    ),
    "resign": Command("/resign", "give up the match"),
    "rematch": Command("/rematch", "play again with the same seats (after the end)"),
    "pause": Command("/pause", "ask to pause the match (all players must); when paused, go on"),
    "abort": Command("/abort", "ask to call the match off in its first moves (all players must)"),
    "who": Command("/who", "who sits and watches here (in the lobby: who is online)", False),
    "help": Command("/help [command]", "the commands, or one command in detail", False),
}


def parse(text: str, table: int | None) -> p.ClientMessage:
    """The message for a typed command; ``table`` is where it was typed (None: lobby)."""
    words = text.strip()[1:].split()
    if not words:
        raise CommandError("type a command after '/': " + _names())
    name, args = words[0].lower(), words[1:]
    command = COMMANDS.get(name)
    if command is None:
        raise CommandError(f"no command /{name}; the commands are: {_names()}")
    if command.needs_table and table is None:
        raise CommandError(f"/{name} is typed at a table, not in the lobby")
    try:
        if command.needs_table and table is not None:
            return _at_table(name, args, table)
        return _anywhere(name, args, table)
    except (ValueError, IndexError):
        raise CommandError(f"usage: {command.usage} — {command.text}") from None


def _anywhere(name: str, args: list[str], table: int | None) -> p.ClientMessage:
    match name, args:
        case "who", []:
            return p.Who(table=table)
        case "help", []:
            return p.Help()
        case "help", [topic]:
            return p.Help(command=topic.lstrip("/").lower())
    raise ValueError(name)


# The commands that are the table's name and nothing else.
_PLAIN: dict[str, type[p.Leave | p.Start | p.Watch | p.Resign | p.Rematch | p.Pause | p.Abort]] = {
    "leave": p.Leave,
    "start": p.Start,
    "watch": p.Watch,
    "resign": p.Resign,
    "rematch": p.Rematch,
    "pause": p.Pause,
    "abort": p.Abort,
}


def _at_table(name: str, args: list[str], table: int) -> p.ClientMessage:
    match name, args:
        case "join", []:
            return p.Join(table=table)
        case "join", [seat]:
            return p.Join(table=table, seat=_seat(seat))
        case "option", []:
            return p.SetOption(table=table)
        case "option", [option, *value] if value:
            return p.SetOption(table=table, name=option, value=" ".join(value))
        case "bot", _ if len(args) <= 2:
            level = next((a for a in args if not a.isdigit()), None)
            seats = [a for a in args if a.isdigit()]
            if len(args) == 2 and (level is None or len(seats) != 1):
                raise ValueError(name)
            return p.SeatBot(table=table, level=level, seat=_seat(seats[0]) if seats else None)
        case "private", [word] if word.lower() in ("on", "off"):
            return p.SetPrivate(table=table, on=word.lower() == "on")
        case "minimum", ["finish", "off"]:
            return p.SetMinimum(table=table)
        case "minimum", ["finish", percent]:
            return p.SetMinimum(table=table, finish=int(percent.rstrip("%")))
        case "spectators", [word] if word.lower() in ("on", "off"):
            return p.SetSpectators(table=table, on=word.lower() == "on")
        case "invite", [*words, seat] if words and seat.isdigit():
            return p.Invite(table=table, name=" ".join(words), seat=_seat(seat))
        case "invite", [_, *_]:
            return p.Invite(table=table, name=" ".join(args))
        case "kick", [_, *_]:
            return p.Kick(table=table, name=" ".join(args))
        case plain, [] if plain in _PLAIN:
            return _PLAIN[plain](table=table)
    raise ValueError(name)


def _seat(text: str) -> int:
    if not text.isdigit():
        raise ValueError(text)
    return int(text)


def _names() -> str:
    return " ".join(f"/{name}" for name in COMMANDS)


def help_commands(topic: str | None) -> list[dict[str, str]]:
    """The commands ``help_text`` describes, by name and usage, for a client that says
    what each does in its player's language."""
    names = list(COMMANDS) if topic is None else [topic]
    return [{"name": name, "usage": COMMANDS[name].usage} for name in names if name in COMMANDS]


def help_text(topic: str | None) -> str:
    if topic is None:
        return "\n".join(f"{c.usage} — {c.text}" for c in COMMANDS.values())
    command = COMMANDS.get(topic)
    if command is None:
        raise CommandError(f"no command /{topic}; the commands are: {_names()}")
    return f"{command.usage} — {command.text}"

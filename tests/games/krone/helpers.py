"""Hand-built positions of Um Krone und Kragen for the rules tests."""

from ludoteca.engine import CHANCE, Match
from ludoteca.games.krone import GAME
from ludoteca.games.krone.components import BRING_IN, BY_ID


def table(players: int = 3, seat: int = 0, cards=None, turn=None, **position) -> Match:
    """A match where ``seat`` is to move, players holding ``cards`` ({seat: [ids]}).

    ``cards`` may list "jester" and "charlatan" as often as held.
    """
    holdings = []
    for s in range(players):
        held = list((cards or {}).get(s, []))
        holdings.append(
            {
                "cards": [c for c in held if c not in ("jester", "charlatan")],
                "jesters": held.count("jester"),
                "charlatans": held.count("charlatan"),
            }
        )
    position.setdefault("start_player", seat)
    doc = {"players": holdings, **position}
    if turn is not None:
        doc["turn"] = turn
    return GAME.load({"game": "krone", "players": players, "position": doc})


def dice_phase(
    players=3, seat=0, cards=None, active=(), aside=(), kept=None, used=(), **position
) -> Match:
    """``seat`` has rolled and now has these active and set-aside dice.

    A turn's dice never leave play, so the dice given must be the ones the seat rolled plus
    those its used cards brought in. When the cards given roll fewer, the seat is given
    Charlatans (one extra die each, no other effect on a turn) to make up the difference.
    ``kept`` (a die was set aside since the last roll) is by default whether any was.
    """
    if kept is None:
        kept = bool(aside)
    cards = {s: list(held) for s, held in (cards or {}).items()}
    held = cards.setdefault(seat, [])
    rolled = 3 + held.count("charlatan") + ("farmer" in held) + 2 * ("general" in held)
    brought = sum(BY_ID[card].kind == BRING_IN for card in used)
    held += ["charlatan"] * max(0, len(active) + len(aside) - brought - rolled)
    turn = {
        "phase": "dice",
        "active": list(active),
        "aside": list(aside),
        "kept_since_roll": kept,
        "used": list(used),
    }
    return table(players, seat, cards, turn, **position)


def turn(match: Match, *moves: str) -> Match:
    """Play moves in order (chance outcomes included, e.g. 'dice 6 5 2')."""
    for move in moves:
        match.play(move)
    return match


def seat_dice(match: Match) -> tuple[list[int], list[int]]:
    t = match.position()["turn"]
    return t["active"], t["aside"]


def whole_turn(match: Match, faces: int = 1) -> int:
    """The player to move rolls all dice showing ``faces``, keeps them all and ends."""
    seat = match.to_move
    match.play("roll")
    n = match.state.rolling
    match.play("dice " + " ".join([str(faces)] * n))
    match.play("keep " + " ".join([str(faces)] * n))
    match.play("end")
    return seat


__all__ = ["CHANCE", "dice_phase", "seat_dice", "table", "turn", "whole_turn"]

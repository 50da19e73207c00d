"""The position of Kingdomino as JSON (docs/games/kingdomino.md, "Position format").

A kingdom is written as the dominoes added to it in order, in move notation
(``"place 19 d5 d4"``, ``"discard 22"``); ``load`` replays them, so an overlap, a kingdom
over its size, a domino that touches nothing of its terrain, a discard of a domino that
fit, or a domino used twice is refused with a ``PositionError`` naming its path. The box
is not written: it is every domino not seen anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, NoReturn

from ludoteca.engine import IllegalMove, OptionValue, PositionError
from ludoteca.engine.fields import Fields

from .components import DOMINOES, NUMBERS
from .kingdom import Kingdom
from .moves import Discard, Place, parse_move
from .state import GAMES_IN_A_DYNASTY, Claim, KingdominoState, Slot, figures_to_json

Seeing = Callable[[int, str], None]  # records a domino seen at a path, refusing a second


def dump(state: KingdominoState, players: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The position as JSON; ``players`` in place of the kingdoms' entries (a view passes
    its own, which hold more)."""
    return {
        "game": state.game,
        "earlier_games": [figures_to_json(game) for game in state.earlier],
        "players": (
            [{"kingdom": list(kingdom_texts(kingdom))} for kingdom in state.kingdoms]
            if players is None
            else players
        ),
        "line": [{"domino": slot.domino, "king": slot.king} for slot in state.line],
        "next_line": [{"domino": slot.domino, "king": slot.king} for slot in state.next_line],
        "claiming": state.claiming,
    }


def kingdom_texts(kingdom: Kingdom) -> list[str]:
    """The kingdom's entries in move notation, worked out once for each length of its
    history (read-only: it is shared with the kingdom)."""
    known = kingdom.remembered("texts")
    if isinstance(known, list):
        return known
    texts = [entry_text(entry) for entry in kingdom.history]
    kingdom.remember("texts", texts)
    return texts


@cache  # a kingdom's texts are written anew after each of its moves; each text once
def entry_text(entry: Place | int) -> str:
    return str(entry) if isinstance(entry, Place) else str(Discard(entry))


def load(
    data: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]
) -> KingdominoState:
    top = Fields(data)
    top.only(("game", "earlier_games", "players", "line", "next_line", "claiming"))
    state = KingdominoState(players, options)
    seen: dict[int, str] = {}  # domino -> where it was seen

    def see(number: int, where: str) -> None:
        if number in seen:
            raise_at(where, f"uses domino {number}, which is already at {seen[number]}")
        seen[number] = where

    _earlier_games(top, state)
    kingdoms = top.items("players")
    if len(kingdoms) != players:
        top.fail(f"lists {len(kingdoms)} players, but the match has {players}", "players")
    for seat, f in enumerate(kingdoms):
        _kingdom(f, state, seat, see)
    state.line = [
        Claim(slot.domino, slot.king, placed)
        for slot, placed in _slots(top, "line", state, see)
        if slot.king is not None  # _slots refuses a free domino on the line in play
    ]
    state.next_line = [slot for slot, _ in _slots(top, "next_line", state, see)]
    state.claiming = top.number("claiming", None, 0, players - 1)
    state.box = {n: 1 for n in NUMBERS if n not in seen}
    state.drawn = len(seen)
    _check_flow(top, state)
    state.settle()
    return state


def raise_at(where: str, message: str) -> NoReturn:
    raise PositionError(f"{where} {message}")


def _earlier_games(top: Fields, state: KingdominoState) -> None:
    most = GAMES_IN_A_DYNASTY if state.dynasty else 1
    state.game = top.number("game", 1, 1, most)
    games = top.items("earlier_games") if "earlier_games" in top.data else []
    if len(games) != state.game - 1:
        top.fail(f"must hold the {state.game - 1} finished games before game {state.game}",
                 "earlier_games")  # fmt: skip
    for f in games:
        f.only(("scores", "largest_property", "crowns"))
        columns = [f.numbers(key, low=0) for key in ("scores", "largest_property", "crowns")]
        for key, column in zip(("scores", "largest_property", "crowns"), columns, strict=True):
            if len(column) != state.players:
                f.fail(f"must have one number per seat ({state.players})", key)
        scores, largest, crowns = columns
        state.earlier.append([(scores[s], largest[s], crowns[s]) for s in range(state.players)])


def _kingdom(f: Fields, state: KingdominoState, seat: int, see: Seeing) -> None:
    f.only(("kingdom",))
    kingdom = state.kingdoms[seat]
    for index, text in enumerate(f.seq("kingdom", [])):
        where = f"{f.at('kingdom')}[{index}]"
        try:
            move = parse_move(text) if isinstance(text, str) else None
        except IllegalMove as error:
            raise_at(where, f"is not a placement: {error}")
        if not isinstance(move, Place | Discard):
            raise_at(where, f"must be 'place <domino> <square> <square>' or "
                            f"'discard <domino>', not {text!r}")  # fmt: skip
        see(move.domino, where)
        if isinstance(move, Place):
            reason = kingdom.refusal(move)
            if reason is not None:
                raise_at(where, f"({text}) cannot be played: {reason}")
            kingdom.place(move)
        else:
            fits = kingdom.placements(DOMINOES[move.domino])
            if fits:
                raise_at(where, f"({text}) is not allowed: the domino fit ('{fits[0]}'), and "
                                "only a domino that fits nowhere is discarded")  # fmt: skip
            kingdom.discard(move.domino)


def _slots(top: Fields, key: str, state: KingdominoState, see: Seeing) -> list[tuple[Slot, bool]]:
    """The line's dominoes with their kings, and whether each domino is placed already."""
    slots: list[tuple[Slot, bool]] = []
    for index, f in enumerate(top.items(key) if key in top.data else []):
        f.only(("domino", "king"))
        number = f.number("domino", low=1, high=len(DOMINOES))
        king = f.number("king", None, 0, state.players - 1)
        history = state.kingdoms[king].history if king is not None else []
        # Only the first king of the line in play may have placed its domino (and not
        # picked yet); anywhere else a domino in a kingdom is one used twice.
        placed = key == "line" and index == 0 and bool(history)
        placed = placed and _domino_of(history[-1]) == number
        if not placed:
            see(number, f.at("domino"))
        if key == "line" and king is None:
            f.fail("must name the king standing on it: kings leave a line as they act", "king")
        if slots and slots[-1][0].domino > number:
            top.fail("must list its dominoes from the lowest number up", key)
        slots.append((Slot(number, king), placed))
    if len(slots) > state.line_size:
        top.fail(f"holds {len(slots)} dominoes; a line has {state.line_size}", key)
    return slots


def _domino_of(entry: Place | int) -> int:
    return entry.domino if isinstance(entry, Place) else entry


def _check_flow(top: Fields, state: KingdominoState) -> None:
    """Refuse lines, kings and kingdoms that no sequence of turns leads to."""
    total = state.setup.dominoes
    if state.drawn > total:
        top.fail(f"shows {state.drawn} dominoes, but a game of {state.players} uses {total}")
    if state.claiming is not None and (state.line or len(state.next_line) < state.line_size):
        top.fail("names a seat only while the first line is being chosen", "claiming")
    if state.line:
        done = _check_turn(top, state)
    elif state.next_line:
        _check_first_line(top, state)
        done = 0
    elif 0 < state.drawn < total:
        top.fail(f"has no line in play and no next line, which happens only before the first "
                 f"domino is drawn or after the last is placed, but {state.drawn} of {total} "
                 "dominoes are out")  # fmt: skip
    else:
        done = state.drawn // state.line_size
    _check_kingdom_sizes(top, state, done)


def _kings(state: KingdominoState, slots: list[Slot] | list[Claim]) -> list[int]:
    return [sum(slot.king == seat for slot in slots) for seat in range(state.players)]


def _check_first_line(top: Fields, state: KingdominoState) -> None:
    ahead, kings = state.next_line, state.setup.kings_per_seat
    on_next = _kings(state, ahead)
    if len(ahead) < state.line_size and any(on_next):
        top.fail("is still being drawn, so no king stands on it yet", "next_line")
    for seat in range(state.players):
        if on_next[seat] + (state.claiming == seat) > kings:
            placing = " and another being placed" if state.claiming == seat else ""
            top.fail(f"has {on_next[seat]} kings of seat {seat}{placing}; each seat has {kings}",
                     "next_line")  # fmt: skip
    state.hand = [kings - on_next[s] - (state.claiming == s) for s in range(state.players)]


def _check_turn(top: Fields, state: KingdominoState) -> int:
    """Check the line in play against the next line; the number of lines done before it."""
    line, ahead, size = state.line, state.next_line, state.line_size
    kings, total = state.setup.kings_per_seat, state.setup.dominoes
    out_of_lines = state.drawn - len(ahead)
    if out_of_lines % size:
        top.fail(f"shows {state.drawn} dominoes; those not on the next line must make whole "
                 f"lines of {size}")  # fmt: skip
    drawing = len(ahead) < size and state.drawn < total
    on_line, on_next = _kings(state, line), _kings(state, ahead)
    if drawing and any(on_next):
        top.fail("is still being drawn, so no king stands on it yet", "next_line")
    if drawing and (len(line) < size or line[0].placed):
        top.fail("is drawn as soon as the line before has all its kings, before any of "
                 "them acts", "next_line")  # fmt: skip
    if line[0].placed and not ahead:
        top.fail("has a king whose domino is placed on the last line: it goes home, so "
                 "leave it out", "line")  # fmt: skip
    for seat in range(state.players):
        standing = on_line[seat] + on_next[seat]
        if (standing > kings) or (ahead and not drawing and standing != kings):
            top.fail(f"has {on_line[seat]} kings of seat {seat} and the next line "
                     f"{on_next[seat]}; each seat has {kings}", "line")  # fmt: skip
    state.hand = [0] * state.players
    return out_of_lines // size - 1


def _check_kingdom_sizes(top: Fields, state: KingdominoState, done: int) -> None:
    """Each king adds one domino per line: kingdoms grow in step with the lines played."""
    kings, line = state.setup.kings_per_seat, state.line
    for seat, kingdom in enumerate(state.kingdoms):
        expected = kings * done
        if line:  # kings that left the line in play, and one that placed but did not pick
            expected += kings - sum(slot.king == seat for slot in line)
            expected += line[0].placed and line[0].king == seat
        if len(kingdom.history) != expected:
            raise_at(f"{top.at('players')}[{seat}].kingdom", f"holds {len(kingdom.history)} "
                     f"dominoes, but after the lines played it must hold {expected}")  # fmt: skip

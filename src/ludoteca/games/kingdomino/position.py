"""The position of Kingdomino as JSON (docs/games/kingdomino.md, "Position format").

A kingdom is written as the dominoes added to it in order, in move notation
(``"place 19 d5 d4"``, ``"discard 22"``); ``load`` replays them, so an overlap, a kingdom
over its size, a domino that touches nothing of its terrain, a discard of a domino that
fit, or a domino used twice is refused with a ``PositionError`` naming its path. The box
is not written: it is every domino not seen anywhere else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NoReturn

from ludoteca.engine import IllegalMove, OptionValue, PositionError
from ludoteca.engine.fields import Fields

from .components import DOMINOES, NUMBERS
from .moves import Discard, Place, parse_move
from .state import GAMES_IN_A_DYNASTY, Claim, KingdominoState, Slot, figures_to_json

Seeing = Callable[[int, str], None]  # records a domino seen at a path, refusing a second


def dump(state: KingdominoState) -> dict[str, Any]:
    return {
        "game": state.game,
        "earlier_games": [figures_to_json(game) for game in state.earlier],
        "players": [
            {"kingdom": [entry_text(entry) for entry in kingdom.history]}
            for kingdom in state.kingdoms
        ],
        "line": [{"domino": slot.domino, "king": slot.king} for slot in state.line],
        "next_line": [{"domino": slot.domino, "king": slot.king} for slot in state.next_line],
        "claiming": state.claiming,
    }


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
        for slot, placed in _slots(top, "line", state, seen, see)
        if slot.king is not None  # _slots refuses a free domino on the line in play
    ]
    state.next_line = [slot for slot, _ in _slots(top, "next_line", state, seen, see)]
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


def _slots(
    top: Fields, key: str, state: KingdominoState, seen: dict[int, str], see: Seeing
) -> list[tuple[Slot, bool]]:
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
    size, total, kings = state.line_size, state.setup.dominoes, state.setup.kings_per_seat
    line, ahead = state.line, state.next_line
    if state.drawn > total:
        top.fail(f"shows {state.drawn} dominoes, but a game of {state.players} uses {total}")
    drawing = len(ahead) < size and state.drawn < total
    if len(ahead) < size and not drawing and ahead:
        top.fail(f"holds {len(ahead)} dominoes, but every domino is out", "next_line")
    if drawing and any(slot.king is not None for slot in ahead):
        top.fail("is still being drawn, so no king stands on it yet", "next_line")
    if drawing and not line and state.drawn > len(ahead):
        top.fail("is missing: a line is drawn only once the one before has its kings", "line")
    if drawing and line and (len(line) < size or line[0].placed):
        top.fail("is drawn before any king of the line in play acts", "next_line")
    on_line = [sum(slot.king == seat for slot in line) for seat in range(state.players)]
    on_next = [sum(slot.king == seat for slot in ahead) for seat in range(state.players)]
    first_line = not line and bool(ahead) and not drawing
    if state.claiming is not None and not first_line:
        top.fail("names a seat only while the first line is being chosen", "claiming")
    if line and line[0].placed and not ahead:
        top.fail("places its last domino and goes home: drop it from the line", "line")
    for seat in range(state.players):
        claimed = on_next[seat] + (state.claiming == seat)
        standing = on_line[seat] + (on_next[seat] if ahead else 0)
        if (
            (first_line and claimed > kings)
            or (line and ahead and standing != kings)
            or (line and on_line[seat] > kings)
        ):
            top.fail(f"puts {on_line[seat]} kings of seat {seat} on the line and "
                     f"{on_next[seat]} on the next; each seat has {kings}")  # fmt: skip
    if first_line:
        state.hand = [
            kings - on_next[seat] - (state.claiming == seat) for seat in range(state.players)
        ]
    elif line or state.drawn:
        state.hand = [0] * state.players
    _check_progress(top, state, on_line)


def _check_progress(top: Fields, state: KingdominoState, on_line: list[int]) -> None:
    """Each seat has added one domino per king for every line done, and this line's share."""
    size, kings = state.line_size, state.setup.kings_per_seat
    out_of_lines = state.drawn - len(state.next_line)
    if out_of_lines % size:
        top.fail(f"shows {state.drawn} dominoes, which is not whole lines of {size}")
    done = out_of_lines // size - (1 if state.line else 0)
    for seat, kingdom in enumerate(state.kingdoms):
        expected = kings * done
        if state.line:
            expected += (
                kings - on_line[seat] + (state.line[0].placed and state.line[0].king == seat)
            )
        if len(kingdom.history) != expected:
            top.fail(f"[{seat}].kingdom has {len(kingdom.history)} dominoes, but after the lines "
                     f"played it must have {expected}", "players")  # fmt: skip

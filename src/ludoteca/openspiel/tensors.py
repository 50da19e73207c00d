"""Observation tensors: what one seat knows of a position as numbers of a fixed shape.

Every game's view has one: Cronberg's board, Krone's court and dice, and Kingdomino's
kingdoms (each in the frame its castle stands in the middle of) hide nothing, so their
tensors are their positions; Keltis's is what the seat sees, its own hand included,
counted per kind of card.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.engine import Match
from ludoteca.games.cronberg.board import BOARD
from ludoteca.games.cronberg.components import TILES
from ludoteca.games.cronberg.state import DRAWING, LAYING, MOVE
from ludoteca.games.keltis.components import COLOUR_LETTERS, NAMES, PILE_LETTERS, STONES
from ludoteca.games.keltis.state import PHASES
from ludoteca.games.kingdomino.components import DOMINOES, TERRAINS
from ludoteca.games.kingdomino.moves import COLUMNS
from ludoteca.games.kingdomino.state import CLAIM, DRAW, KING, OVER, PICK, PLACE
from ludoteca.games.krone.components import CARDS

if TYPE_CHECKING:
    from .game import LudotecaState


class Tensor(ABC):
    """The observation tensor of one game at one player count."""

    size: int

    @abstractmethod
    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        """Write what ``seat`` knows of ``state`` into ``out`` (``size`` numbers)."""


_CARD = {card.id: i for i, card in enumerate(CARDS)}
_PHASES = ("start", "dice", "rolling")
_FACES = 6


class KronePosition(Tensor):
    """Um Krone und Kragen's whole position (every seat sees it), in this order: the
    round; the start player and the turn in the round (one-hot); the cards left in the
    display (a count per card); per seat its cards (one per card), Jesters, Charlatans
    and dice a turn; the turn: whose (one-hot), its phase (start, dice, rolling), active
    and set-aside dice (a count per face), cards used, set aside since the roll, dice
    being rolled, a roll of the turn, cards the result may take; the King: taken, by whom,
    the bid's dice and face; the final round: begun, each place's seat, whose turn it is,
    the standing best, each seat's result (dice, face) or pass; over; the King's holder."""

    def __init__(self, players: int) -> None:
        self.players = players
        p, c = players, len(CARDS)
        self.size = (
            1 + 2 * p + c + p * (c + 3)
            + p + len(_PHASES) + 2 * _FACES + c + 3 + c
            + 1 + p + 1 + _FACES
            + 1 + p * p + 1 + 1 + _FACES + p * (1 + _FACES + 1)
            + 1 + p
        )  # fmt: skip

    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        data: Mapping[str, Any] = state.view_now(seat)["position"]
        p = self.players
        values: list[float] = [data["round"], *_one(data["start_player"], p)]
        values += _one(data["turn_in_round"], p)
        values += _cards(data["display"])
        for player in data["players"]:
            values += _cards(dict.fromkeys(player["cards"], 1))
            values += (player["jesters"], player["charlatans"], player["turn_dice"])
        turn = data["turn"]
        values += _one(turn["seat"], p) + _one(_PHASES.index(turn["phase"]), len(_PHASES))
        values += _faces(turn["active"]) + _faces(turn["aside"])
        values += _cards(dict.fromkeys(turn["used"], 1))
        values += (turn["kept_since_roll"], turn["rolling"], turn["main_roll"])
        values += _cards(dict.fromkeys(turn["can_take"], 1))
        king = data["king"]
        values += [0.0] * (2 + p + _FACES) if king is None else [
            1, *_one(king["buyer"], p), king["bid"][0], *_one(king["bid"][1] - 1, _FACES)
        ]  # fmt: skip
        final = data["final_round"]
        if final is None:
            values += [0.0] * (3 + p * p + _FACES + p * (2 + _FACES))
        else:
            values.append(1)
            for at in final["order"]:  # every seat, the Queen's holder last
                values += _one(at, p)
            values += (final["index"], final["best"][0], *_one(final["best"][1] - 1, _FACES))
            for result in final["results"]:
                if isinstance(result, list):
                    values += (result[0], *_one(result[1] - 1, _FACES), 0)
                else:
                    values += (0, *_one(None, _FACES), result == "pass")
        values += (data["over"], *_one(data["king_holder"], p))
        _put(values, out, "Krone")


_KINDS = {name: i for i, name in enumerate(NAMES)}
_DIRECTIONS = ("ascending", "open", "descending", "closed")


class KeltisView(Tensor):
    """What one seat sees of Keltis, in this order: the round; the turn: whose (one-hot),
    its phase (one-hot), draws left, piles blocked (one per pile), extra cards played;
    who ended the game (one-hot); the seat's own hand (a count per kind of card); per
    seat its hand size, cards taken from piles, cards in its rows (a count per kind),
    each row's direction (ascending, open, descending, closed), point row (a count per
    kind), wish stones (one per stone) and score; the discard piles (a count per kind,
    then each pile's top card, one-hot); the stones in the middle; end rows; cards in
    the deck and in the box. Other hands, the deck and the box are not in it."""

    def __init__(self, players: int) -> None:
        self.players = players
        p, k, piles, stones = players, len(NAMES), len(PILE_LETTERS), len(STONES)
        self.size = (
            1 + p + len(PHASES) + 1 + piles + 1
            + p + k
            + p * (1 + k + k + len(COLOUR_LETTERS) * len(_DIRECTIONS) + k + stones + 1)
            + k + piles * k + stones + 3
        )  # fmt: skip

    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        data: Mapping[str, Any] = state.view_now(seat)["position"]
        p, k = self.players, len(NAMES)
        turn = data["turn"]
        values: list[float] = [data["round"], *_one(turn["seat"], p)]
        values += _one(PHASES.index(turn["phase"]), len(PHASES))
        values.append(turn["draws_left"])
        values += [letter in turn["blocked"] for letter in PILE_LETTERS]
        values.append(turn["extra_played"])
        values += _one(data["ended_by"], p)
        values += _kinds(data["players"][seat]["hand"])
        for player in data["players"]:
            values.append(player["hand_size"])
            values += _kinds(player["taken"])
            rows = player["rows"]
            values += _kinds([card for letter in COLOUR_LETTERS for card in rows[letter]["cards"]])
            for letter in COLOUR_LETTERS:
                values += _one(_DIRECTIONS.index(rows[letter]["direction"]), len(_DIRECTIONS))
            values += _kinds(player["point_row"])
            values += [stone in player["stones"] for stone in STONES]
            values.append(player["score"])
        piles = data["piles"]
        values += _kinds([card for letter in PILE_LETTERS for card in piles[letter]])
        for letter in PILE_LETTERS:
            values += _one(_KINDS[piles[letter][-1]] if piles[letter] else None, k)
        values += [stone in data["stones"] for stone in STONES]
        values += (data["end_rows"], data["deck_size"], data["box_size"])
        _put(values, out, "Keltis")


_KD_PHASES = (DRAW, KING, CLAIM, PLACE, PICK, OVER)
_SLOTS = 4  # kings on a line: four with two or four players, three with three
_SHEET = ("score", "property_points", "middle_kingdom", "harmony", "largest_property",
          "crowns", "discards")  # fmt: skip
_SQUARE_KINDS = ("castle", *TERRAINS)


class KingdominoView(Tensor):
    """Kingdomino's position (every seat sees it), in this order: the game of a dynasty;
    the phase (one-hot); who claims the first line (one-hot); dominoes left; each slot
    of the line being placed, then of the next line: its domino (one-hot by number) and
    its king's seat (one-hot); per seat its kingdom, square by square of the frame the
    castle stands in the middle of (castle or terrain one-hot, then crowns) and its score
    sheet (score, property points, middle kingdom, harmony, largest property, crowns,
    discards); each seat's dynasty total; the games played before."""

    def __init__(self, players: int, kingdom_size: int) -> None:
        self.players = players
        self.side = 2 * kingdom_size - 1  # the castle in the middle, a kingdom either way
        p, cell = players, len(_SQUARE_KINDS) + 1
        self.size = (
            1 + len(_KD_PHASES) + p + 1
            + 2 * _SLOTS * (len(DOMINOES) + p)
            + p * (self.side * self.side * cell + len(_SHEET))
            + p + 1
        )  # fmt: skip

    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        data: Mapping[str, Any] = state.view_now(seat)["position"]
        p, side = self.players, self.side
        values: list[float] = [
            data["game"],
            *_one(_KD_PHASES.index(data["phase"]), len(_KD_PHASES)),
        ]
        values += _one(data["claiming"], p)
        values.append(data["dominoes_left"])
        for line in (data["line"], data["next_line"]):
            for slot in range(_SLOTS):
                taken = line[slot] if slot < len(line) else {"domino": None, "king": None}
                number = taken["domino"]
                values += _one(None if number is None else number - 1, len(DOMINOES))
                values += _one(taken["king"], p)
        cell = len(_SQUARE_KINDS) + 1
        for player in data["players"]:
            grid = [0.0] * (side * side * cell)
            for name, shown in player["squares"].items():
                at = (COLUMNS.index(name[0]) * side + int(name[1:]) - 1) * cell
                kind, _, crowns = shown.partition("(")
                grid[at + _SQUARE_KINDS.index(kind)] = 1.0
                grid[at + cell - 1] = float(crowns.rstrip(")") or 0)
            values += grid
            values += [player["score"][figure] for figure in _SHEET]
        values += data.get("dynasty_totals", [0] * p)
        values.append(len(data["earlier_games"]))
        _put(values, out, "Kingdomino")


_STEPS = (MOVE, DRAWING, LAYING)
_TILE = {tile.id: i for i, tile in enumerate(TILES)}
_EDGE = {names: e for e, names in enumerate(BOARD.edge_names)}


class CronbergView(Tensor):
    """Cronberg's position (every seat sees it), in this order: the round; whose turn
    (one-hot); its step (move, drawing, laying); the tile drawn (one-hot); per seat its
    score and its pawns (one per intersection); the tiles laid (per edge of two
    triangles, the tile on it, one-hot); each seat's tiles in supply; the face-down
    tiles left of each kind; each intersection's value; the active triangles; the
    blocked intersections. The events of the last interim scoring are not in it."""

    def __init__(self, players: int) -> None:
        self.players = players
        p, points, tiles = players, len(BOARD.points), len(TILES)
        self.size = (
            1 + p + len(_STEPS) + tiles
            + p * (1 + points)
            + len(BOARD.edges) * tiles
            + p + tiles + points + len(BOARD.triangles) + points
        )  # fmt: skip

    def write(self, state: LudotecaState, seat: int, out: np.ndarray) -> None:
        data: Mapping[str, Any] = state.view_now(seat)["position"]
        p, tiles = self.players, len(TILES)
        point, triangle = BOARD.point_by_name, BOARD.triangle_by_name
        values: list[float] = [data["round"], *_one(data["seat"], p)]
        values += _one(_STEPS.index(data["step"]), len(_STEPS))
        values += _one(None if data["drawn"] is None else _TILE[data["drawn"]], tiles)
        for player in data["players"]:
            values.append(player["score"])
            values += _marks([point[name] for name in player["pawns"]], len(BOARD.points))
        laid = [0.0] * (len(BOARD.edges) * tiles)
        for tile in data["tiles"]:
            laid[_EDGE[tuple(tile["on"])] * tiles + _TILE[tile["tile"]]] = 1.0
        values += laid
        values += data["supply"]
        values += [data["face_down"].get(tile.id, 0) for tile in TILES]
        worth = [0.0] * len(BOARD.points)
        for name, value in data["values"].items():
            worth[point[name]] = value
        values += worth
        values += _marks([triangle[name] for name in data["active"]], len(BOARD.triangles))
        values += _marks([point[name] for name in data["blocked"]], len(BOARD.points))
        _put(values, out, "Cronberg")


def _marks(indices: Sequence[int], size: int) -> list[float]:
    found = [0.0] * size
    for index in indices:
        found[index] = 1.0
    return found


def _kinds(cards: Sequence[str]) -> list[float]:
    found = [0.0] * len(NAMES)
    for card in cards:
        found[_KINDS[card]] += 1
    return found


def _put(values: list[float], out: np.ndarray, title: str) -> None:
    if len(values) != len(out):
        raise RuntimeError(f"the {title} tensor has {len(values)} numbers, not {len(out)}")
    out[:] = values


def _one(index: int | None, size: int) -> list[float]:
    found = [0.0] * size
    if index is not None:
        found[index] = 1.0
    return found


def _cards(counts: Mapping[str, int]) -> list[float]:
    found = [0.0] * len(CARDS)
    for card, count in counts.items():
        found[_CARD[card]] = count
    return found


def _faces(dice: Sequence[int]) -> list[float]:
    found = [0.0] * _FACES
    for face in dice:
        found[face - 1] += 1
    return found


def observation_tensor(match: Match) -> Tensor:
    """The observation tensor of the game ``match`` plays, at its player count and
    options; ``match`` is at its opening (it gives the size of a Kingdomino frame)."""
    game_id, players = match.game.id, match.players
    if game_id == "cronberg":
        return CronbergView(players)
    if game_id == "keltis":
        return KeltisView(players)
    if game_id == "kingdomino":
        return KingdominoView(players, match.view(None)["position"]["kingdom_size"])
    if game_id == "krone":
        return KronePosition(players)
    raise ValueError(f"no observation tensor for {game_id!r}")

"""One generic ``pyspiel`` game over ``Match``: chance explicit with the engine's exact
probabilities, each seat's information from its view, moves as the game's action index."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from ludoteca.actions import Actions, for_game
from ludoteca.engine import CHANCE, Game, Match, registry

from .returns import returns

#: Random Krone playouts run to tens of thousands of moves; none has come near this.
MAX_GAME_LENGTH = 1_000_000


def short_name(game: Game) -> str:
    return f"python_ludoteca_{game.id}"


def game_type(game: Game) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"ludoteca {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": game.min_players,
            **{option.name: option.default for option in game.options},
        },
    )


class LudotecaGame(pyspiel.Game):  # type: ignore[misc]
    """A ludoteca game with its player count and options (the game's parameters)."""

    ludoteca_id: str

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = registry.get(self.ludoteca_id)
        params = dict(params or {})
        players = params.pop("players", game.min_players)
        self.ludoteca_game = game
        self.ludoteca_players = players
        self.ludoteca_options = game.check_setup(players, params)
        self.actions: Actions = for_game(game.id)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.decisions.size,
            max_chance_outcomes=self.actions.outcomes.size,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(game), info, {"players": players, **self.ludoteca_options})

    @staticmethod
    def of(game_id: str) -> type[LudotecaGame]:
        """The class pyspiel makes the game ``game_id`` with (it registers classes)."""
        return type(f"Ludoteca_{game_id}", (LudotecaGame,), {"ludoteca_id": game_id})

    def new_initial_state(self) -> LudotecaState:
        game = self.ludoteca_game
        return LudotecaState(self, game.new_match(self.ludoteca_players, self.ludoteca_options))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver:
        recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return ViewObserver(recall, self)


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: LudotecaGame, match: Match) -> None:
        super().__init__(game)
        self.match = match
        self.actions = game.actions
        # Per seat: the moves it has seen so far counted by number, and how much of the
        # log that covers (the tensor grows with the log instead of being rebuilt).
        self.seen: dict[int, tuple[int, np.ndarray]] = {}

    def seen_moves(self, seat: int) -> np.ndarray:
        """The moves of the log ``seat`` could read, counted by action number (chance
        outcomes after the decisions)."""
        log = self.match.log
        done, counts = self.seen.get(seat, (0, None))
        if counts is None:
            counts = np.zeros(self.actions.decisions.size + self.actions.outcomes.size)
        else:
            counts = counts.copy()  # clones of this state share the older array
        state = self.match.state
        for entry in log[done:]:
            if entry.visible_to(seat):
                number = self.actions.encode(entry.move, state)
                counts[number + (self.actions.decisions.size if entry.move.is_chance else 0)] += 1
        self.seen[seat] = (len(log), counts)
        return counts

    def current_player(self) -> int:
        actor = self.match.to_move
        if actor is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if actor is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        state = self.match.state
        return sorted(self.actions.encode(move, state) for move in self.match.legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state = self.match.state
        return sorted(
            (self.actions.encode(move, state), float(chance))
            for move, chance in self.match.chance_outcomes()
        )

    def _apply_action(self, action: int) -> None:
        chance = self.match.to_move is CHANCE
        self.match.play(self.actions.decode(action, self.match.state, chance))

    def _action_to_string(self, player: int, action: int) -> str:
        chance = player == pyspiel.PlayerId.CHANCE
        try:
            return str(self.actions.decode(action, self.match.state, chance))
        except ValueError:  # a move whose reading needs the position it was played in
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.match.is_over

    def returns(self) -> list[float]:
        if not self.match.is_over:
            return [0.0] * self.match.players
        return returns(self.match.result(), self.match.players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaState:
        """A state ``player_id`` cannot tell from this one (``Match.from_view``), reached
        from the start by the same actions OpenSpiel's history would show."""
        rng = random.Random(int(probability_sampler() * 2**53))
        rebuilt = Match.from_view(self.match.view(player_id), rng)
        fresh: LudotecaState = self.get_game().new_initial_state()
        for entry in rebuilt.log:
            fresh.apply_action(self.actions.encode(entry.move, fresh.match.state))
        return fresh

    def __str__(self) -> str:
        return str(self.match)


class ViewObserver:
    """A seat's information as OpenSpiel asks for it: the view of the seat, with the log
    (information state, perfect recall) or without it (observation).

    The games' positions have no fixed shape, so the observation tensor is one that
    every game has: who is to move (one per seat, then chance), and every move the seat
    has seen, counted by its action number. What it does not hold is the order of those
    moves and the seat's own hidden items (a Keltis hand): the strings hold everything.
    """

    def __init__(self, recall: bool, game: LudotecaGame) -> None:
        self.recall = recall
        self.players = game.ludoteca_players
        size = 0 if recall else self.players + 1 + game.actions.decisions.size
        size += 0 if recall else game.actions.outcomes.size
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor}

    def set_from(self, state: LudotecaState, player: int) -> None:
        if self.recall:
            return
        self.tensor.fill(0)
        actor = state.match.to_move
        if actor is CHANCE:
            self.tensor[self.players] = 1
        elif actor is not None:
            self.tensor[actor] = 1
        self.tensor[self.players + 1 :] = state.seen_moves(player)

    def string_from(self, state: LudotecaState, player: int) -> str:
        view = state.match.view(player)
        if not self.recall:
            view = {key: view[key] for key in ("seat", "to_move", "position", "result")}
        return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

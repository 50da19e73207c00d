"""One generic ``pyspiel`` game over ``Match``: chance explicit with the engine's exact
probabilities, each seat's information from its view, moves as the game's action index."""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Mapping
from typing import Any

import numpy as np
import pyspiel

from ludoteca.actions import Actions, for_game
from ludoteca.engine import CHANCE, Game, Match, registry
from ludoteca.engine.log import actor_to_json

from .returns import returns
from .tensors import Tensor, observation_tensor

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
        opening = game.new_match(players, self.ludoteca_options)
        self.observation = observation_tensor(opening)
        # Chance outcomes as numbers, by the index's ``outcomes_key``.
        self.outcomes: dict[Hashable, list[tuple[int, float]]] = {}
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


class Held:
    """What a state holds: its match, and what was worked out from it.

    pyspiel clones a Python state by deep-copying each of its attributes, and a deep copy
    of a match copies every move of its log one object at a time: OpenSpiel's
    ``random_sim_test`` clones at every step, so a long match cost the square of its
    length in copies. A ``Held`` is copied as ``Match.copy`` copies a match (the log's
    entries are immutable and shared), and its clone keeps what was worked out so far.
    """

    __slots__ = ("legal", "match", "told", "views")

    def __init__(self, match: Match) -> None:
        self.match = match
        # The legal actions of the position after ``legal[0]`` moves.
        self.legal: tuple[int, list[int]] = (-1, [])
        # Per seat: how much of the log it has read, and that log as JSON text.
        self.told: dict[int, tuple[int, str]] = {}
        # Per seat: its view (without the log) after ``views[seat][0]`` moves.
        self.views: dict[int, tuple[int, dict[str, Any]]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        twin = Held(self.match.copy())
        twin.legal = self.legal
        twin.told = dict(self.told)
        return twin


class LudotecaState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: LudotecaGame, match: Match) -> None:
        super().__init__(game)
        self.held = Held(match)
        self.actions = game.actions

    @property
    def match(self) -> Match:
        return self.held.match

    def view_now(self, seat: int) -> dict[str, Any]:
        """The view of ``seat`` without the log, kept until the next move (OpenSpiel
        asks for the observation and the information state of the same position)."""
        held, played = self.held, self.held.match.moves_played
        found = held.views.get(seat)
        if found is None or found[0] != played:
            found = held.views[seat] = (played, held.match.view(seat, since=played))
        return found[1]

    def log_text(self, seat: int) -> str:
        """The log as ``seat`` reads it in its view, as JSON text: written once, entry
        by entry, and extended by what was played since."""
        held = self.held
        done, text = held.told.get(seat, (0, ""))
        new = held.match.log_since(done)
        if new:
            more = ",".join(_json(entry.view(seat)) for entry in new)
            text = f"{text},{more}" if text else more
            held.told[seat] = (done + len(new), text)
        return text

    def current_player(self) -> int:
        actor = self.match.to_move
        if actor is None:
            return int(pyspiel.PlayerId.TERMINAL)
        if actor is CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        # OpenSpiel asks several times a step (the actions, their mask, the sort check).
        held = self.held
        match = held.match
        played, legal = held.legal
        if played != match.moves_played:
            state = match.state
            legal = sorted(self.actions.encode(move, state) for move in match.legal_moves())
            held.legal = (match.moves_played, legal)
        return legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state, actions = self.match.state, self.actions
        key = actions.outcomes_key(state)
        known = self.get_game().outcomes if key is not None else {}
        found = known.get(key)
        if found is None:
            found = sorted(
                (actions.encode(move, state), float(chance))
                for move, chance in self.match.chance_outcomes()
            )
            if key is not None:
                known[key] = found
        return found

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
        """A state ``player_id`` cannot tell from this one, drawn as ``Match.from_view``
        draws it, and reached from the start by the actions of its log (its history).

        A game that hides nothing has one such match, this one (``from_view`` replays the
        log as shown and draws nothing): a clone. Otherwise the log ``Game.fill_log``
        draws is played once, through this adapter, so that the history comes with it:
        not into a match first and then again, action by action, into a state.
        """
        game = self.match.game
        if game.open_information:
            return self.clone()  # type: ignore[no-any-return]
        view = self.match.view(player_id)
        rng = random.Random(int(probability_sampler() * 2**53))
        fresh: LudotecaState = self.get_game().new_initial_state()
        for text in game.fill_log(view, rng):
            move = fresh.match.parse(text)
            fresh.apply_action(self.actions.encode(move, fresh.match.state))
        game.check_rebuilt(fresh.match, view)
        # The seat reads the same log in both (checked above): its text, once written,
        # need not be written again for the information state ISMCTS asks for next.
        told = self.held.told.get(player_id)
        if told is not None:
            fresh.held.told[player_id] = told
        return fresh

    def __str__(self) -> str:
        """The whole state: who is to move and the complete position, hidden parts
        included (``Match.position``), as compact JSON. Not the table as the terminal
        draws it: that reads the log, which a clone would write out again."""
        match = self.match
        return _json({"to_move": actor_to_json(match.to_move), "position": match.position()})


class ViewObserver:
    """A seat's information as OpenSpiel asks for it: the view of the seat, with the log
    (information state, perfect recall) or without it (observation); the observation
    tensor is ``tensors.observation_tensor`` of the game. There is no information-state
    tensor: perfect recall needs the order of the moves, and no fixed shape holds the
    order of a Krone match, which runs to thousands of moves."""

    def __init__(self, recall: bool, game: LudotecaGame) -> None:
        self.recall = recall
        self.shape: Tensor | None = None if recall else game.observation
        self.tensor = np.zeros(0 if self.shape is None else self.shape.size, np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor}

    def set_from(self, state: LudotecaState, player: int) -> None:
        if self.shape is not None:
            self.shape.write(state, player, self.tensor)

    def string_from(self, state: LudotecaState, player: int) -> str:
        """The view of ``player`` as compact JSON with sorted keys; the log, which grows
        with the match, is the state's text written once (``log_text``)."""
        view = state.view_now(player)
        if not self.recall:
            return _json({key: view[key] for key in ("seat", "to_move", "position", "result")})
        parts = [
            f'"log":[{state.log_text(player)}]'
            if key == "log"
            else '"log_from":0'
            if key == "log_from"
            else f'"{key}":{_json(value)}'
            for key, value in sorted(view.items())
        ]
        return "{" + ",".join(parts) + "}"


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

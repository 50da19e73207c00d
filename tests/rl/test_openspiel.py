"""Every game through ``ludoteca.openspiel``: OpenSpiel's own conformance test, returns
from the ranking, and a seat's information state that hides what the seat cannot see."""

import json
import random

import pytest

import ludoteca
from ludoteca.engine import CHANCE, Match, OptionError, Result
from tests.conftest import missing

try:
    import pyspiel

    import ludoteca.openspiel
    from ludoteca.openspiel.returns import returns
except ImportError:  # pragma: no cover - the rl extra is part of the test extra
    pyspiel = None


@pytest.fixture(autouse=True)
def _needs_open_spiel():
    if pyspiel is None:
        missing("open_spiel is not installed: pip install -e '.[rl]'")


def counts(game_id):
    game = ludoteca.game(game_id)
    return range(game.min_players, game.max_players + 1)


def random_action(state, rng):
    if state.is_chance_node():
        actions, chances = zip(*state.chance_outcomes(), strict=True)
        return rng.choices(actions, chances)[0]
    return rng.choice(state.legal_actions())


@pytest.mark.slow
@pytest.mark.parametrize("short", ["cronberg", "keltis", "kingdomino"])
def test_open_spiels_random_simulation_test_passes_for_every_player_count(short):
    for players in counts(short):
        game = pyspiel.load_game(f"python_ludoteca_{short}(players={players})")
        pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "name",
    [
        "python_ludoteca_kingdomino(players=2,mighty_duel=True)",  # a 13×13 frame
        "python_ludoteca_kingdomino(players=3,dynasty=True)",  # three games in a row
    ],
)
def test_open_spiels_random_simulation_test_passes_with_options_that_change_the_tensor(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=1, serialize=True, verbose=False)


def king_taken(game, players, rng):
    """A Krone state just after the King is taken, the match before it played by the
    game's own simple strategy; from there every match ends within two rounds."""
    krone = ludoteca.game("krone")
    match = krone.new_match(players)
    while match.state.king_buyer is None:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(krone.simple_move(match.state, rng))
    state = game.new_initial_state()
    for entry in match.log:
        state.apply_action(game.actions.encode(entry.move, state.match.state))
    return state


#: Steps of OpenSpiel's random Krone simulation from the opening, at each player count.
STOP = 400


def test_open_spiels_random_simulation_test_passes_for_krone_from_the_taking_of_the_king():
    # From the opening, uniform random play seldom sets seven equal dice aside: its
    # matches run to thousands of moves (tens of thousands at times), minutes each under
    # OpenSpiel's checks. From the taking of the King the rest of the round and the
    # final round remain, with every kind of move; the opening is checked below.
    for players in counts("krone"):
        game = pyspiel.load_game(f"python_ludoteca_krone(players={players})")
        start = king_taken(game, players, random.Random(players))
        assert not start.is_terminal()
        pyspiel.random_sim_test(
            game, num_sims=2, serialize=True, verbose=False, specific_initial_state=start
        )


class Enough(Exception):
    """Raised by a state checker to stop OpenSpiel's random simulation."""


def test_open_spiels_random_simulation_test_passes_for_krone_from_the_opening_as_far_as_it_goes():
    # The same test from the opening, stopped by its state checker (which OpenSpiel calls
    # at every step) after STOP steps: every check of every step until then has passed.
    for players in counts("krone"):
        game = pyspiel.load_game(f"python_ludoteca_krone(players={players})")
        seen = []

        def stop(state, seen=seen):
            seen.append(len(state.history()))
            if len(seen) > STOP:
                raise Enough

        with pytest.raises(Enough):
            pyspiel.random_sim_test(
                game, num_sims=1, serialize=True, verbose=False, state_checker_fn=stop
            )
        assert seen == list(range(STOP + 1)), "one state a step, from the opening"


def test_krone_plays_through_the_adapter_as_the_engine_does():
    for players in counts("krone"):
        game = pyspiel.load_game(f"python_ludoteca_krone(players={players})")
        state = game.new_initial_state()
        rng = random.Random(players)
        for _ in range(500):
            if state.is_terminal():
                break
            if state.is_chance_node():
                assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1)
            else:
                legal = state.legal_actions()
                assert len(legal) == len(state.match.legal_moves())
                assert legal == sorted(set(legal))
            twin = state.clone()
            assert twin.history() == state.history()
            assert twin.information_state_string(0) == state.information_state_string(0)
            twin.apply_action(random_action(twin, rng))
            assert len(twin.history()) == len(state.history()) + 1 == twin.match.moves_played
            assert state.match.moves_played == len(state.history())
            state.apply_action(random_action(state, rng))


def test_a_krone_state_serialises_and_reads_back():
    game = pyspiel.load_game("python_ludoteca_krone(players=3)")
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(300):
        state.apply_action(random_action(state, rng))
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history()
    assert back.information_state_string(1) == state.information_state_string(1)


def test_options_are_parameters_and_bad_ones_say_what_is_allowed():
    game = pyspiel.load_game("python_ludoteca_kingdomino(players=2,mighty_duel=True)")
    assert game.new_initial_state().match.options["mighty_duel"] is True
    with pytest.raises(OptionError, match="2 to 4 players"):
        ludoteca.openspiel.game.LudotecaGame.of("keltis")({"players": 7})


def test_chance_has_the_engines_exact_probabilities():
    game = pyspiel.load_game("python_ludoteca_krone(players=2)")
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])  # roll
    exact = {
        game.actions.encode(move, state.match.state): float(chance)
        for move, chance in state.match.chance_outcomes()
    }
    assert dict(state.chance_outcomes()) == exact
    assert sum(exact.values()) == pytest.approx(1)


def test_ranks_become_returns_that_sum_to_zero_with_ties_even():
    assert returns(Result(((1,), (0,)), None, 1), 2) == [-1.0, 1.0]
    assert returns(Result(((0, 1),), None, 1), 2) == [0.0, 0.0]
    assert returns(Result(((2,), (0, 1), (3,)), None, 1), 4) == [0.0, 0.0, 1.0, -1.0]
    assert returns(Result(((0,), (1,), (2,)), None, 1), 3) == [1.0, 0.0, -1.0]


def test_a_finished_state_returns_the_ranking():
    game = pyspiel.load_game("python_ludoteca_cronberg(players=3)")
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    got = state.returns()
    assert sum(got) == pytest.approx(0)
    assert got == returns(state.match.result(), 3)
    first = state.match.result().winners
    assert all(got[seat] == max(got) for seat in first)


#: Krone's random matches run long: their start is enough to compare.
CUT = 400


def played(game_id, players, rng):
    match = ludoteca.game(game_id).new_match(players)
    while not match.is_over and match.moves_played < CUT:
        if match.to_move is CHANCE:
            match.play_chance(rng)
        else:
            match.play(rng.choice(match.legal_moves()))
    return match


def what_a_seat_knows(state, seat):
    return (
        state.information_state_string(seat),
        state.observation_string(seat),
        state.observation_tensor(seat),
    )


def test_two_matches_that_differ_only_in_what_a_seat_cannot_see_look_the_same_to_it(game_id):
    # The second match is Match.from_view of what the seat sees at the end of the first:
    # it differs where the seat cannot see (Keltis: the others' hands, the deck, the box)
    # and in nothing else. Both are played through the adapter side by side.
    hides = not ludoteca.game(game_id).open_information
    for players in counts(game_id):
        game = pyspiel.load_game(f"python_ludoteca_{game_id}(players={players})")
        size = game.observation_tensor_size()
        match = played(game_id, players, random.Random(players))
        for seat in range(players):
            other = Match.from_view(match.view(seat), random.Random(seat))
            real, twin = game.new_initial_state(), game.new_initial_state()
            differs = False
            for ours, theirs in zip(match.log, other.log, strict=True):
                real.apply_action(game.actions.encode(ours.move, real.match.state))
                twin.apply_action(game.actions.encode(theirs.move, twin.match.state))
                assert what_a_seat_knows(real, seat) == what_a_seat_knows(twin, seat)
                assert len(real.observation_tensor(seat)) == size
                differs = differs or real.match.position() != twin.match.position()
            if hides:
                assert differs, f"seat {seat}: the second match should hide other cards"
                others = [s for s in range(players) if s != seat]
                assert any(
                    real.information_state_string(s) != twin.information_state_string(s)
                    for s in others
                )
                assert any(
                    real.observation_tensor(s) != twin.observation_tensor(s) for s in others
                ), "another seat's tensor should show its own, other cards"
            else:  # nothing to redraw: the same match, which every seat sees alike
                assert not differs
                alike = {
                    json.dumps({**json.loads(real.observation_string(s)), "seat": None})
                    for s in range(players)
                }
                assert len(alike) == 1
                assert len({tuple(real.observation_tensor(s)) for s in range(players)}) == 1


def test_an_information_state_is_the_seats_view():
    game = pyspiel.load_game("python_ludoteca_keltis(players=2)")
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(80):
        state.apply_action(random_action(state, rng))
    assert json.loads(state.information_state_string(1)) == state.match.view(1)


def test_an_information_state_is_the_views_compact_json_at_every_step(game_id):
    # The log's part is written once and extended (the state keeps it): the text must be
    # what writing the whole view gives.
    game = pyspiel.load_game(f"python_ludoteca_{game_id}(players=2)")
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(200):
        for seat in range(2):
            whole = json.dumps(
                state.match.view(seat), sort_keys=True, separators=(",", ":"), ensure_ascii=False
            )
            assert state.information_state_string(seat) == whole
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))


#: Steps of a random match at which every seat's world is resampled.
RESAMPLED_AT = frozenset((0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233))


def test_a_resampled_world_is_what_from_view_draws_and_the_seat_sees_it_alike(game_id):
    # What ISMCTS's every simulation starts from: the match Match.from_view draws from the
    # seat's view with the sampler's number as seed (a game that hides nothing: this
    # match), reached by its log's actions, and the same information state for the seat.
    hides = not ludoteca.game(game_id).open_information
    for players in (ludoteca.game(game_id).min_players, ludoteca.game(game_id).max_players):
        game = pyspiel.load_game(f"python_ludoteca_{game_id}(players={players})")
        state = game.new_initial_state()
        rng = random.Random(players)
        for step in range(max(RESAMPLED_AT) + 1):
            if state.is_terminal():
                break
            if step in RESAMPLED_AT:
                for seat in range(players):
                    number = rng.random()
                    known = state.information_state_string(seat)
                    other = state.resample_from_infostate(seat, lambda n=number: n)
                    drawn = Match.from_view(
                        state.match.view(seat), random.Random(int(number * 2**53))
                    )
                    assert other.match.position() == drawn.position()
                    assert [e.move for e in other.match.log] == [e.move for e in drawn.log]
                    assert other.information_state_string(seat) == known
                    assert json.loads(known) == other.match.view(seat)
                    assert other.history() == [
                        game.actions.encode(entry.move, m.state)
                        for entry, m in zip(other.match.log, replayed(other.match), strict=True)
                    ]
                    if not hides:
                        assert str(other) == str(state)
                        assert other.history() == state.history()
                    other.apply_action(random_action(other, rng))  # its own from here on
                    assert state.information_state_string(seat) == known
            state.apply_action(random_action(state, rng))


def replayed(match):
    """The match before each of its log entries."""
    step = ludoteca.game(match.game.id).new_match(match.players, match.options)
    for entry in match.log:
        yield step
        step = step.copy()
        step.play(entry.move)


@pytest.mark.parametrize("short", ["cronberg", "kingdomino", "krone"])
def test_an_open_games_observation_tensor_tells_its_positions_apart(short):
    # These games hide nothing: their tensors are their positions, which every seat sees.
    game = pyspiel.load_game(f"python_ludoteca_{short}(players=3)")
    rng = random.Random(11)
    state = king_taken(game, 3, rng) if short == "krone" else game.new_initial_state()
    seen = {}
    while not state.is_terminal():
        tensors = {tuple(state.observation_tensor(seat)) for seat in range(3)}
        assert len(tensors) == 1
        (tensor,) = tensors
        assert len(tensor) == game.observation_tensor_size()
        position = json.dumps(state.match.view(None)["position"], sort_keys=True)
        assert seen.setdefault(tensor, position) == position, "two positions, one tensor"
        state.apply_action(random_action(state, rng))
    assert len(seen) > 20


def test_a_clone_goes_its_own_way_from_what_it_shares():
    # A clone shares the log's entries and what was worked out (legal actions, the log
    # as text) until either side moves on.
    game = pyspiel.load_game("python_ludoteca_keltis(players=2)")
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply_action(random_action(state, rng))
    for seat in range(2):
        state.information_state_string(seat)
    twin = state.clone()
    first, second = state.legal_actions()[:2]
    state.apply_action(first)
    twin.apply_action(second)
    for one in (state, twin):
        for seat in range(2):
            assert json.loads(one.information_state_string(seat)) == one.match.view(seat)
        if not one.is_chance_node():
            assert one.legal_actions() == sorted(
                game.actions.encode(move, one.match.state) for move in one.match.legal_moves()
            )
    assert state.history()[-1] == first
    assert twin.history()[-1] == second
    assert state.information_state_string(0) != twin.information_state_string(0)

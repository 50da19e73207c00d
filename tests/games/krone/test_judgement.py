"""The learnt judgement of the race for the King: its data, its shape, and its remake."""

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from ludoteca.games.krone import judgement
from ludoteca.games.krone.moves import Buy
from ludoteca.games.krone.state import END, START, Holding, opening
from ludoteca.tools.arena import Setup, play_game, seating

from .helpers import dice_phase

SCRIPT = Path(__file__).parents[3] / "scripts" / "fit_krone_judgement.py"
spec = importlib.util.spec_from_file_location("fit_krone_judgement", SCRIPT)
assert spec is not None
assert spec.loader is not None
fitter = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fitter)


def test_the_shipped_weights_load_for_every_table():
    for players in range(2, 6):
        assert len(judgement.weights(players)) == len(judgement.FEATURES)
    data = json.loads(judgement.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert sorted(data["commands"]) == sorted(data["weights"]) == ["2", "3", "4", "5"]
    for players, command in data["commands"].items():
        assert command.startswith("scripts/fit_krone_judgement.py --seed 25")
        assert command.split("--players ")[1].split()[0] == players


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_shares_are_chances_and_favour_the_stronger_hand(players):
    state = opening(players)
    state.holdings[1] = Holding({"general", "farmer", "knight"}, charlatans=1)
    shares = judgement.shares(state)
    assert len(shares) == players
    assert abs(sum(shares) - 1) < 1e-9
    assert shares[1] > 0.5
    assert shares[1] == max(shares)


def test_the_judgement_is_the_same_for_every_seat():
    # The same cards and the same place in the coming turns, at another seat: the same
    # share, moved with them.
    state = opening(3)
    state.holdings[0] = Holding({"general"})
    state.holdings[2] = Holding({"sorcerer", "maid"})
    turned = opening(3)
    turned.holdings[1] = Holding({"general"})
    turned.holdings[0] = Holding({"sorcerer", "maid"})
    turned.start_player = 1  # every seat one on: seat 0's place is now seat 1's
    shares, moved = judgement.shares(state), judgement.shares(turned)
    assert moved == pytest.approx([shares[2], shares[0], shares[1]])


def test_places_count_the_turns_to_come_with_the_start_passing_on():
    state = opening(3)
    assert judgement.places(state) == [0, 1, 2]
    state.turn_in_round = 2  # seat 2 plays last in the round, and starts the next one
    assert judgement.places(state) == [2, 3, 0]


def test_weights_fitted_on_other_features_are_refused(tmp_path, monkeypatch):
    stale = tmp_path / "judgement.json"
    stale.write_text(
        json.dumps({"commands": {"2": "remake"}, "features": ["farmer"], "weights": {"2": [1.0]}}),
        encoding="utf-8",
    )
    monkeypatch.setattr(judgement, "WEIGHTS_FILE", stale)
    judgement.weights.cache_clear()
    try:
        with pytest.raises(ValueError, match="fitted on features.*remake it with remake"):
            judgement.weights(2)
    finally:
        judgement.weights.cache_clear()


def test_the_remake_command_writes_the_same_weights_twice(tmp_path):
    outs = [tmp_path / "a.json", tmp_path / "b.json"]
    for out, jobs in zip(outs, ("1", "2"), strict=True):
        args = ["--seed", "7", "--games", "6", "--players", "2,4", "--out", str(out)]
        run = [sys.executable, str(SCRIPT), *args, "--jobs", jobs]
        subprocess.run(run, check=True, capture_output=True)
    data = json.loads(outs[0].read_text(encoding="utf-8"))
    assert outs[0].read_bytes() == outs[1].read_bytes()
    assert data["features"] == list(judgement.FEATURES)
    assert sorted(data["weights"]) == ["2", "4"]
    assert all(len(w) == len(judgement.FEATURES) for w in data["weights"].values())
    assert data["commands"]["4"].endswith("--seed 7 --games 6 --explore 0.3 --players 4")


def test_a_table_size_refitted_keeps_the_others_and_their_commands(tmp_path):
    out = tmp_path / "judgement.json"
    out.write_bytes(judgement.WEIGHTS_FILE.read_bytes())
    shipped = json.loads(out.read_text(encoding="utf-8"))
    args = ["--seed", "7", "--games", "3", "--players", "3", "--explore", "0.5", "--out", str(out)]
    subprocess.run([sys.executable, str(SCRIPT), *args], check=True, capture_output=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["weights"]["3"] != shipped["weights"]["3"]
    assert data["commands"]["3"].endswith("--seed 7 --games 3 --explore 0.5 --players 3")
    for players in ("2", "4", "5"):
        assert data["weights"][players] == shipped["weights"][players]
        assert data["commands"][players] == shipped["commands"][players]


def test_greedy_self_play_explores_any_card_but_never_declines_the_king():
    king = dice_phase(players=2, cards={0: ["general"]}, aside=[6] * 7, active=[])
    general = dice_phase(players=2, cards={0: ["farmer"]}, aside=[6] * 6, active=[])
    rngs = [random.Random(n) for n in range(20)]
    for rng in rngs:
        assert fitter.explored(king.state, Buy("king"), rng, 1.0, "greedy") == Buy("king")
    chosen = {fitter.explored(general.state, Buy("general"), r, 1.0, "greedy") for r in rngs}
    assert END in chosen
    assert len(chosen) > 2  # the General, or another card, or none
    assert {fitter.explored(king.state, Buy("king"), r, 1.0, "simple") for r in rngs} != {
        Buy("king")
    }
    never = {fitter.explored(general.state, Buy("general"), r, 0.0, "greedy") for r in rngs}
    assert never == {Buy("general")}


def test_greedy_self_play_follows_from_its_seed_and_labels_every_race_turn():
    seen, winner = fitter.game(2, 7, 0, 0.5, "greedy")
    assert (seen, winner) == fitter.game(2, 7, 0, 0.5, "greedy")
    assert winner in (0, 1)
    assert len(seen) >= 2
    # Every position is a turn's start before the King: one seat to play (place 0), the
    # other next (1) or after it (2: the round's last seat starts the next round).
    first = judgement.FEATURES.index("place 0")
    for seats in seen:
        places = sorted(seat[first:].index(1.0) for seat in seats)
        assert places in ([0, 1], [0, 2])


def test_the_feature_screen_fits_on_one_seed_and_judges_on_another():
    script = SCRIPT.with_name("krone_judgement_features.py")
    args = ["--games", "4", "--players", "2"]
    done = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert rows[0]["variant"] == "cards and place (shipped)"
    assert rows[0]["weights_of_candidates"] == {}
    weighed = {row["variant"]: set(row["weights_of_candidates"]) for row in rows}
    # The race's seven candidates, and what the seat to play may take: the eleven cards
    # of rows II to IV, one copy each at two players.
    cards = "hunter astronomer merchant lady pawnbroker knight sorcerer alchemist bishop"
    deniable = {f"may take {card}" for card in (*cards.split(), "nobleman", "general")}
    assert weighed["+ what the seat to play may take"] == deniable
    assert len(weighed["+ all"]) == 7 + 11
    assert deniable < weighed["+ all"]
    for row in rows:
        assert row["held_out_log_likelihood"] < 0
        assert 0 <= row["held_out_favourite_won"] <= 1
    same = subprocess.run(
        [sys.executable, str(script), *args, "--held-out", "25"], capture_output=True, text=True
    )
    assert same.returncode == 2
    assert "another seed" in same.stderr


def _kings_script():
    path = SCRIPT.with_name("krone_kings.py")
    found = importlib.util.spec_from_file_location("krone_kings", path)
    assert found is not None
    assert found.loader is not None
    module = importlib.util.module_from_spec(found)
    found.loader.exec_module(module)
    return module


NAMES = ["random", "simple"]  # quick, and `random` takes every kind of card


@pytest.fixture(scope="module")
def recorded_games(tmp_path_factory):
    """Four two-player games as ``scripts/krone_kings.py`` records them, in a file, and
    the judgement's features at each turn's start before the King as the games had them
    (after the first turn: the arena's watch sees a state after a move), by bot name."""
    kings = _kings_script()
    records, seen = [], []
    for number in range(4):
        seats = seating(NAMES, 2, number)
        played: list[list[list[float]]] = []

        def watch(match, seats=seats, played=played):
            state = match.state
            if state.phase is START and state.king_buyer is None:
                by_seat = judgement.features(state)
                played.append([by_seat[seats.index(name)] for name in sorted(NAMES)])

        play_game(Setup("krone", 2, {}, seats, 25, number), watch)
        records.append(kings.play(NAMES, 2, 25, number))
        seen.append(played)
    path = tmp_path_factory.mktemp("kings") / "kings.jsonl"
    path.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    return path, records, seen


def test_positions_rebuilt_from_a_games_record_are_those_the_game_had(recorded_games):
    # Holdings (the Jester flipped by the Charlatan) and places (the round's last seat
    # plays twice: place 2 for the other) rebuilt from the cards taken, as in play.
    path, records, seen = recorded_games
    size, x, y, numbers = fitter.recorded([path])
    assert size == 2
    for number, (record, played) in enumerate(zip(records, seen, strict=True)):
        assert record["king"] is not None
        rebuilt = x[numbers == number].tolist()
        assert rebuilt[1:] == played  # turn 0's start comes before any move
        assert set(y[numbers == number]) == {sorted(NAMES).index(record["winners"][0])}
    for feature in ("place 2", "jester", "charlatan"):
        assert x[:, :, judgement.FEATURES.index(feature)].any()


def test_the_held_out_check_judges_each_half_by_weights_fitted_on_the_other(recorded_games):
    path, _records, _seen = recorded_games
    run = [sys.executable, str(SCRIPT), "--from-games", str(path), "--held-out"]
    done = subprocess.run(run, capture_output=True, text=True, check=True)
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(row["weights"], row["judged on"]) for row in rows] == [
        ("shipped", "the odd games"),
        ("fitted on the even", "the odd games"),
        ("shipped", "the even games"),
        ("fitted on the odd", "the even games"),
    ]
    _size, x, y, numbers = fitter.recorded([path])
    odd = numbers % 2 == 1
    shipped = fitter.judged(np.array(judgement.weights(2)), x[odd], y[odd])
    assert rows[0]["log_likelihood"] == round(shipped[0], 4)
    assert rows[0]["positions"] == int(odd.sum())
    refit = fitter.judged(fitter.fit(x[~odd], y[~odd]), x[odd], y[odd])
    assert rows[1]["log_likelihood"] == round(refit[0], 4)
    assert rows[1]["log_likelihood"] != rows[0]["log_likelihood"]
    without = subprocess.run(
        [sys.executable, str(SCRIPT), "--held-out"], capture_output=True, text=True
    )
    assert without.returncode == 2
    assert "--from-games" in without.stderr


def test_a_refit_on_recorded_games_keeps_its_command_and_the_other_tables(recorded_games, tmp_path):
    games, _records, _seen = recorded_games
    out = tmp_path / "judgement.json"
    out.write_bytes(judgement.WEIGHTS_FILE.read_bytes())
    run = [sys.executable, str(SCRIPT), "--from-games", str(games), "--out", str(out)]
    subprocess.run(run, check=True, capture_output=True)
    data = json.loads(out.read_text(encoding="utf-8"))
    shipped = json.loads(judgement.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert data["commands"]["2"] == f"scripts/fit_krone_judgement.py --from-games {games}"
    assert data["weights"]["2"] != shipped["weights"]["2"]
    for players in ("3", "4", "5"):
        assert data["weights"][players] == shipped["weights"][players]


def test_the_feature_screen_fits_on_the_even_recorded_games_and_judges_the_odd(recorded_games):
    path, _records, _seen = recorded_games
    script = SCRIPT.with_name("krone_judgement_features.py")
    run = [sys.executable, str(script), "--from-games", str(path)]
    done = subprocess.run(run, capture_output=True, text=True, check=True)
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    _size, _x, _y, numbers = fitter.recorded([path])
    split = [int((numbers % 2 == 0).sum()), int((numbers % 2 == 1).sum())]
    assert rows[0]["variant"] == "cards and place (shipped)"
    assert all(row["positions"] == split and row["players"] == 2 for row in rows)
    assert len(rows[-2]["weights_of_candidates"]) == 7 + 11  # "+ all"
    assert set(rows[-1]["weights_of_candidates"]) == {
        name for name in rows[-2]["weights_of_candidates"] if name.startswith("may take")
    }


def test_a_recorded_positions_display_is_the_opening_one_less_the_cards_taken(recorded_games):
    path, records, _seen = recorded_games
    left = fitter.recorded([path], lambda _holding, _place, display: [sum(display.values())])
    _size, x, _y, numbers = left
    full = sum(opening(2).display.values())
    for number, record in enumerate(records):
        cards = x[numbers == number][:, 0, -1].tolist()
        # A Charlatan is the back of a Jester held: it takes nothing from the display.
        taken_before = [
            sum(1 for _bot, when, card in record["cards"] if when < turn and card != "charlatan")
            for turn in range(len(cards))
        ]
        assert cards == [full - taken for taken in taken_before]

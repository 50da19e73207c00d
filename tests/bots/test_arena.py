"""The arena: seats rotated, wins counted with shared places, a range of a seed's games,
whether the intervals tell the bots apart, the output's shape."""

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca.bots import RandomBot
from ludoteca.cli import app
from ludoteca.engine import Result, deadline
from ludoteca.tools import arena
from ludoteca.tools.arena import (
    JoinError,
    Standing,
    games_to_separate,
    join,
    record,
    run,
    seating,
    separation,
    wilson,
)


def test_each_bot_sits_in_each_seat_equally_often():
    for names, players in ((["a", "b"], 2), (["a", "b", "c", "d"], 4), (["a", "b"], 4)):
        seats = Counter()
        for number in range(4 * players):
            for seat, name in enumerate(seating(names, players, number)):
                seats[name, seat] += 1
        per_seat = {(name, seat): n for (name, seat), n in seats.items()}
        for name in names:
            counts = [per_seat[name, seat] for seat in range(players)]
            assert len(set(counts)) == 1, (names, players, counts)


def test_the_tournament_seats_as_rotated():
    game = ludoteca.game("kingdomino")
    tournament = run(game, ["greedy", "random"], games=4, seed=1)
    assert list(tournament.seatings) == [
        ["greedy", "random"],
        ["random", "greedy"],
        ["greedy", "random"],
        ["random", "greedy"],
    ]
    assert [s.games for s in tournament.standings] == [4, 4]


def test_a_shared_first_place_is_half_a_win_each():
    standings = {"a": Standing("a"), "b": Standing("b"), "c": Standing("c")}
    record(Result(((0, 1), (2,)), (5, 5, 1), 1), ["a", "b", "c"], standings)
    record(Result(((1,), (0, 2)), (2, 6, 2), 1), ["a", "b", "c"], standings)
    assert [standings[n].wins for n in "abc"] == [0.5, 1.5, 0.0]
    assert [standings[n].games for n in "abc"] == [2, 2, 2]
    assert standings["b"].win_rate == 0.75
    assert standings["a"].mean_score == 3.5


def test_wilson_interval():
    low, high = wilson(180, 200)
    assert low == pytest.approx(0.8506, abs=1e-3)
    assert high == pytest.approx(0.9343, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_a_fixed_seed_gives_the_same_games():
    game = ludoteca.game("cronberg")
    first = run(game, ["greedy", "mcts:5"], games=2, seed=7).to_json()
    again = run(game, ["greedy", "mcts:5"], games=2, seed=7).to_json()
    for a, b in zip(first["bots"], again["bots"], strict=True):
        assert a["wins"] == b["wins"]
        assert a["mean_score"] == b["mean_score"]


def test_games_shared_out_between_processes_give_the_same_figures():
    game = ludoteca.game("kingdomino")
    alone = run(game, ["greedy", "random"], games=6, seed=4).to_json()
    shared = run(game, ["greedy", "random"], games=6, seed=4, jobs=2).to_json()
    for a, b in zip(alone["bots"], shared["bots"], strict=True):
        assert (a["name"], a["games"], a["wins"], a["mean_score"]) == (
            b["name"], b["games"], b["wins"], b["mean_score"]
        )  # fmt: skip
    assert sum(bot["mean_score"] for bot in alone["bots"]) > 0  # games were played


def test_an_unknown_level_or_no_process_is_refused_before_any_game():
    with pytest.raises(ValueError, match="no bot 'clever'"):
        run(ludoteca.game("keltis"), ["greedy", "clever"], games=1, seed=1)
    with pytest.raises(ValueError, match="jobs"):
        run(ludoteca.game("keltis"), ["greedy"], games=1, seed=1, jobs=0)


def test_more_bots_than_seats_is_refused():
    with pytest.raises(ValueError, match="at least 3 players"):
        run(ludoteca.game("keltis"), ["a", "b", "c"], games=1, seed=1, players=2)


def test_the_arena_command_prints_one_json_object():
    result = CliRunner().invoke(
        app, ["arena", "keltis", "--bots", "greedy,random", "--games", "4", "--seed", "3", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {
        "game",
        "players",
        "games",
        "seed",
        "seeds",
        "think",
        "remember",
        "pace",
        "bots",
        "separated",
        "separation",
        "winners",
    }
    assert len(data["winners"]) == 4
    assert all(set(won) <= {"greedy", "random"} and won for won in data["winners"])
    assert data["game"] == "keltis"
    assert data["players"] == 2
    assert data["games"] == 4
    assert data["seed"] == 3
    assert data["seeds"] == [0, 4]
    [gap] = data["separation"]
    assert set(gap) == {"above", "below", "separated", "games_needed"}
    assert data["separated"] == gap["separated"]
    for entry in data["bots"]:
        assert set(entry) == {
            "name",
            "wins",
            "games",
            "win_rate",
            "ci95",
            "mean_score",
            "seconds_per_move",
            "slowest_move",
            "moves",
            "at_deadline",
        }
        assert entry["at_deadline"] == 0  # untimed: no deadline to stop at
        # the slowest decision is one of the moves averaged: never below the mean
        assert entry["slowest_move"] >= entry["seconds_per_move"] > 0 or entry["name"] == "random"
        low, high = entry["ci95"]
        assert 0 <= low <= entry["win_rate"] <= high <= 1
    assert sum(entry["wins"] for entry in data["bots"]) == 4


def test_the_arena_command_prints_a_table():
    result = CliRunner().invoke(app, ["arena", "kingdomino", "--bots", "greedy,random",
                                      "--games", "2", "--seed", "3"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout
    assert "slowest" in result.stdout
    assert "greedy" in result.stdout


def test_a_game_without_points_has_no_mean_score():
    standings = {"a": Standing("a"), "b": Standing("b")}
    record(Result(((1,), (0,)), None, 9), ["a", "b"], standings)  # as Krone ranks
    assert standings["a"].to_json()["mean_score"] is None
    assert standings["b"].to_json()["wins"] == 1


@pytest.mark.parametrize("bots", ["greedy,nobody", "mcts:zero"])
def test_the_arena_refuses_unknown_bots(bots):
    result = CliRunner().invoke(app, ["arena", "keltis", "--bots", bots, "--games", "1"])
    assert result.exit_code != 0


def test_a_range_of_the_series_plays_the_same_games_as_the_whole_series():
    game = ludoteca.game("keltis")
    whole = run(game, ["simple", "random"], games=6, seed=5)
    part = run(game, ["simple", "random"], games=3, seed=5, first=3)
    assert list(part.seeds) == [3, 4, 5]
    assert part.seatings == whole.seatings[3:]
    singles = [run(game, ["simple", "random"], games=1, seed=5, first=n) for n in range(6)]
    for index, name in enumerate(["simple", "random"]):
        each = [single.standings[index] for single in singles]
        assert sum(s.wins for s in each) == whole.standings[index].wins
        assert sum(s.wins for s in each[3:]) == part.standings[index].wins
        assert [p for s in each for p in s.points] == whole.standings[index].points, name


def test_a_negative_first_game_is_refused():
    with pytest.raises(ValueError, match="numbered from 0"):
        run(ludoteca.game("keltis"), ["simple"], games=1, seed=1, first=-1)


def test_intervals_that_do_not_overlap_rank_the_bots():
    strong, weak = Standing("strong", 200, 150), Standing("weak", 200, 50)
    [gap] = separation([weak, strong], games=200, players=2)
    assert (gap.above, gap.below, gap.separated) == ("strong", "weak", True)
    assert gap.games_needed is not None
    assert gap.games_needed <= 200


def test_overlapping_intervals_say_about_how_many_games_would_part_them():
    above, below = Standing("a", 200, 104), Standing("b", 200, 96)  # 52% against 48%
    [gap] = separation([above, below], games=200, players=2)
    assert not gap.separated
    needed = gap.games_needed
    assert needed is not None
    assert needed % 2 == 0  # a whole number of rounds of the seating
    assert 2_000 < needed < 3_000  # about (2 × 1.96 / 0.04)² × 0.52 × 0.48 / 2

    def parted(games):
        return wilson(0.52 * games, games)[0] > wilson(0.48 * games, games)[1]

    assert parted(needed)
    assert not parted(needed - 2)


def test_the_games_needed_keep_each_bots_seats_a_game():
    # Two bots at a four-player table: each holds two seats a game.
    above, below = Standing("a", 400, 220), Standing("b", 400, 180)
    assert games_to_separate(above, below, games=200, players=4) == pytest.approx(
        games_to_separate(Standing("a", 200, 110), Standing("b", 200, 90), 200, 2) / 2, abs=4
    )


def test_level_bots_are_never_parted():
    [gap] = separation([Standing("a", 100, 50), Standing("b", 100, 50)], games=100, players=2)
    assert not gap.separated
    assert gap.games_needed is None


def test_three_bots_give_two_neighbours_best_first():
    tournament = run(ludoteca.game("keltis"), ["random", "simple", "greedy"], games=6, seed=2)
    gaps = tournament.separation
    ranked = sorted(tournament.standings, key=lambda s: -s.win_rate)
    assert [(gap.above, gap.below) for gap in gaps] == [
        (ranked[0].name, ranked[1].name),
        (ranked[1].name, ranked[2].name),
    ]
    assert tournament.separated == all(gap.separated for gap in gaps)


def test_the_arena_command_plays_a_range_of_seeds_and_says_which():
    result = CliRunner().invoke(app, ["arena", "keltis", "--bots", "simple,random",
                                      "--seeds", "4:8", "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["seed"], data["seeds"]) == (4, 1, [4, 8])
    text = CliRunner().invoke(app, ["arena", "keltis", "--bots", "simple,random",
                                    "--seeds", "4:8"])  # fmt: skip
    assert text.exit_code == 0, text.output
    assert "4 games, 2 players, seed 1, games 4–7" in text.stdout
    assert "95% intervals" in text.stdout


def test_parts_of_a_tournament_join_into_the_whole():
    kingdomino = ludoteca.game("kingdomino")
    whole = run(kingdomino, ["greedy", "simple", "random"], games=9, seed=4, players=3)
    parts = [
        run(kingdomino, ["greedy", "simple", "random"], games=n, seed=4, players=3, first=f)
        for f, n in ((6, 3), (0, 2), (2, 4))  # in any order: they are sorted by their first
    ]
    joined = join([part.to_json() for part in parts])
    expected = whole.to_json()
    timed = ("seconds_per_move", "slowest_move")
    for bot in (*joined["bots"], *expected["bots"]):
        assert all(bot.pop(key) >= 0 for key in timed)
    for mine, theirs in zip(joined["bots"], expected["bots"], strict=True):
        # the parts' means were rounded to two places before they were weighed
        assert mine.pop("mean_score") == pytest.approx(theirs.pop("mean_score"), abs=0.01)
    assert joined == expected


def test_a_part_that_did_not_count_its_moves_weighs_every_part_by_games():
    kingdomino = ludoteca.game("kingdomino")
    a = run(kingdomino, ["greedy", "random"], games=2, seed=4).to_json()
    b = run(kingdomino, ["greedy", "random"], games=2, seed=4, first=2).to_json()
    for bot in a["bots"]:  # written before results counted their moves
        del bot["moves"]
    a["bots"][0]["seconds_per_move"], b["bots"][0]["seconds_per_move"] = 0.3, 0.1
    joined = join([a, b])["bots"][0]
    assert joined["seconds_per_move"] == pytest.approx(0.2)  # not b's moves against a's games
    assert "moves" not in joined


def test_only_parts_that_follow_on_join():
    keltis = ludoteca.game("keltis")
    a = run(keltis, ["greedy", "random"], games=2, seed=4).to_json()
    b = run(keltis, ["greedy", "random"], games=2, seed=4, first=3).to_json()
    with pytest.raises(JoinError, match="games 2 to 2 are missing"):
        join([a, b])
    with pytest.raises(JoinError, match="differ in seed"):
        join([a, run(keltis, ["greedy", "random"], games=2, seed=5, first=2).to_json()])
    with pytest.raises(JoinError, match="different bots"):
        join([a, run(keltis, ["random", "greedy"], games=2, seed=4, first=2).to_json()])
    timed = run(keltis, ["greedy", "random"], games=2, seed=4, first=2, think=5).to_json()
    with pytest.raises(JoinError, match="differ in think: None and 5"):
        join([a, timed])
    old = {key: value for key, value in a.items() if key != "think"}  # written before it
    assert join([old, run(keltis, ["greedy", "random"], games=2, seed=4, first=2).to_json()])
    kept = run(keltis, ["greedy", "random"], games=2, seed=4, first=2, remember=True).to_json()
    with pytest.raises(JoinError, match="differ in remember: False and True"):
        join([a, kept])
    older = {key: value for key, value in a.items() if key != "remember"}
    assert not join([older, run(keltis, ["greedy", "random"], games=2, seed=4, first=2).to_json()])[
        "remember"
    ]
    with pytest.raises(JoinError, match="at least one"):
        join([])


def test_a_timed_arena_gives_each_decision_its_seconds_and_says_so(monkeypatch):
    """``--think``: every decision has the room's kind of deadline (``engine.deadline``)."""
    seen = []

    def choose(self, match, rng):
        seen.append(deadline.given())
        return rng.choice(match.legal_moves())

    monkeypatch.setattr(RandomBot, "choose", choose)
    result = CliRunner().invoke(
        app, ["arena", "keltis", "--bots", "random,random", "--games", "1", "--think", "0.5"]
    )
    assert result.exit_code == 0, result.output
    assert "0.5 s a decision" in result.stdout
    assert seen
    assert all(seen)
    seen.clear()
    assert run(ludoteca.game("keltis"), ["random"], games=1, seed=1).think is None
    assert seen
    assert not any(seen)
    with pytest.raises(ValueError, match="think must be above 0"):
        run(ludoteca.game("keltis"), ["random"], games=1, seed=1, think=0)


def test_a_timed_arena_counts_the_decisions_stopped_at_their_deadline(monkeypatch):
    """How often the deadline bit is what tells a timed tournament from the counted one."""
    decisions = []

    def choose(self, match, rng):
        decisions.append(match.to_move)
        if len(decisions) <= 3 and deadline.given():  # three run to the deadline, as a search
            while not deadline.passed():
                pass
        return rng.choice(match.legal_moves())

    monkeypatch.setattr(RandomBot, "choose", choose)
    keltis = ludoteca.game("keltis")
    timed = run(keltis, ["random", "simple"], games=1, seed=1, think=0.05).to_json()
    stopped = {bot["name"]: bot["at_deadline"] for bot in timed["bots"]}
    assert stopped == {"random": 3, "simple": 0}
    decisions.clear()
    untimed = run(keltis, ["random", "simple"], games=1, seed=1, first=1).to_json()
    assert [bot["at_deadline"] for bot in untimed["bots"]] == [0, 0]
    decisions.clear()
    one = ["arena", "keltis", "--bots", "random,simple", "--games", "1"]
    result = CliRunner().invoke(app, [*one, "--think", "0.05"])
    assert result.exit_code == 0, result.output
    share = f"{100 * 3 / len(decisions):.1f}%"
    line = f"stopped at the 0.05 s deadline: random 3 of {len(decisions)} ({share})"
    assert line in result.stdout
    assert "deadline" not in CliRunner().invoke(app, one).stdout
    # Joined parts add their counts; a timed part from before the count has none to add.
    later = run(keltis, ["random", "simple"], games=1, seed=1, first=1, think=0.05).to_json()
    assert [bot["at_deadline"] for bot in join([timed, later])["bots"]] == [3, 0]
    older = {**timed, "bots": [{k: v for k, v in b.items() if k != "at_deadline"}
                               for b in timed["bots"]]}  # fmt: skip
    assert all("at_deadline" not in bot for bot in join([older, later])["bots"])


def test_a_timed_arena_says_how_quick_the_machine_was(monkeypatch):
    """A deadline in seconds makes the machine's speed part of the figures: a timed
    tournament times a fixed loop before and after its games, and joined parts keep
    every part's."""
    keltis = ludoteca.game("keltis")
    timed = run(keltis, ["random", "simple"], games=1, seed=1, think=5).to_json()
    assert len(timed["pace"]) == 2
    assert all(seconds > 0 for seconds in timed["pace"])
    assert run(keltis, ["random", "simple"], games=1, seed=1).to_json()["pace"] == []
    later = run(keltis, ["random", "simple"], games=1, seed=1, first=1, think=5).to_json()
    assert join([timed, later])["pace"] == timed["pace"] + later["pace"]
    older = {key: value for key, value in later.items() if key != "pace"}  # before it
    assert join([timed, older])["pace"] == timed["pace"]
    # The loop is what is timed: none of it takes next to no time, ten times it longer.
    monkeypatch.setattr(arena, "PACE_ADDITIONS", 0)
    nothing = arena.pace()
    monkeypatch.setattr(arena, "PACE_ADDITIONS", 2_000_000)
    assert arena.pace() > nothing
    monkeypatch.undo()
    one = ["arena", "keltis", "--bots", "random,simple", "--games", "1"]
    result = CliRunner().invoke(app, [*one, "--think", "5"])
    assert result.exit_code == 0, result.output
    assert "the machine's pace: 1,000,000 additions in a Python loop took" in result.stdout
    assert "pace" not in CliRunner().invoke(app, one).stdout


def goals_found(monkeypatch):
    """Random bots that, deciding, note how many goals of Krone's odds are remembered,
    then add one, as a bot's odds would: the counts, decision by decision."""
    from ludoteca.games.krone import odds

    remembered = []

    def choose(self, match, rng):
        remembered.append(sum(len(goals) for goals in odds._MEMORIES.values()))
        goals = odds._MEMORIES.setdefault("random", {})
        goals[f"goal {len(remembered)}"] = ({}, {}, {}, {})
        return rng.choice(match.legal_moves())

    monkeypatch.setattr(RandomBot, "choose", choose)
    return remembered


def test_each_game_starts_with_nothing_remembered_from_the_games_before(monkeypatch):
    """Krone's odds remember positions between decisions, and a decision whose counted
    work runs out stops where the positions still to work out begin: a game's moves
    would follow from what its process played before. The arena forgets before each."""
    from ludoteca.games.krone import odds

    remembered = goals_found(monkeypatch)
    odds._MEMORIES.setdefault("greedy", {})["from before"] = ({}, {}, {}, {})
    run(ludoteca.game("krone"), ["random", "random"], games=2, seed=1)
    firsts = [i for i, count in enumerate(remembered) if count == 0]
    assert len(firsts) == 2  # each game's first decision, and no other, found nothing
    assert firsts[0] == 0
    odds.forget()


def test_an_arena_that_remembers_plays_each_game_from_what_the_games_before_worked_out(
    monkeypatch,
):
    """``--remember``: as the room's bot processes, which keep Krone's odds from one game
    to the next, the arena forgets nothing between games, and says so."""
    from ludoteca.games.krone import odds

    remembered = goals_found(monkeypatch)
    odds.forget()
    tournament = run(ludoteca.game("krone"), ["random", "random"], games=2, seed=1, remember=True)
    assert tournament.remember
    assert tournament.to_json()["remember"] is True
    assert remembered == list(range(len(remembered)))  # every decision found all before it
    odds.forget()
    result = CliRunner().invoke(
        app, ["arena", "keltis", "--bots", "random,random", "--games", "1", "--remember"]
    )
    assert result.exit_code == 0, result.output
    assert "what the bots worked out kept from game to game" in " ".join(result.stdout.split())

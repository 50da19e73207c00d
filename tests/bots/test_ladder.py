"""The ladder fits Elo ratings that recover known strengths, at two seats and at full tables,
with intervals that hold them."""

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli import app
from ludoteca.tools.ladder import Meeting, fit, from_arena, ladder, meeting_from_arena

TRUE = {"strong": 1800.0, "greedy": 1500.0, "weak": 1300.0, "weakest": 1050.0}


def expected(a: float, b: float) -> float:
    return 1 / (1 + 10 ** ((b - a) / 400))


def synthetic(games: int, seed: int, draws: float = 0.0) -> list[Meeting]:
    """Games between bots of the strengths ``TRUE``, drawn by Elo's curve (a shared
    first place as often as ``draws``)."""
    rng = random.Random(seed)
    out = []
    names = list(TRUE)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            p = expected(TRUE[a], TRUE[b])
            scores = []
            for _ in range(games):
                if rng.random() < draws:
                    scores.append(0.5)
                else:
                    scores.append(1.0 if rng.random() < p else 0.0)
            out.append(Meeting.pair(a, b, scores))
    return out


def test_the_fit_recovers_known_strengths():
    fitted = fit(synthetic(4000, seed=1), "greedy", 1500)
    assert fitted["greedy"] == 1500
    for name, true in TRUE.items():
        assert abs(fitted[name] - true) < 25, (name, fitted[name])


def test_the_intervals_hold_the_true_strengths_and_narrow_with_games():
    # One tournament's 95% interval misses the truth one time in twenty: these seeds are
    # two where all hold (seed 2 is one where one does not); how often they hold over
    # many tournaments is the next test's.
    few = {r.name: r for r in ladder(synthetic(150, seed=3), resamples=300, seed=5)}
    many = {r.name: r for r in ladder(synthetic(1200, seed=6), resamples=300, seed=5)}
    assert list(many) == ["strong", "greedy", "weak", "weakest"]  # strongest first
    for name, true in TRUE.items():
        for found in (few[name], many[name]):
            assert found.low <= true <= found.high, (name, found)
    width = {name: r.high - r.low for name, r in few.items()}
    for name in TRUE.keys() - {"greedy"}:
        assert many[name].high - many[name].low < width[name] / 2  # 8 times the games
    assert few["greedy"].low == few["greedy"].high == 1500  # the anchor is fixed


def test_the_intervals_cover_about_95_in_100():
    # Over 40 fresh tournaments the 95% intervals of the three bots not anchored should
    # hold the true rating in about 114 of 120 cases; fewer than 104 would be a broken
    # bootstrap (binomial: below 104 has a chance under 1 in 1000).
    held = 0
    for seed in range(40):
        for found in ladder(synthetic(100, seed=100 + seed), resamples=200, seed=seed):
            if found.name != "greedy":
                held += found.low <= TRUE[found.name] <= found.high
    assert held >= 104, held


def test_a_clean_sweep_is_rated_far_apart_but_finitely():
    sweep = [Meeting.pair("greedy", "random", (1.0,) * 600)]
    rated = {r.name: r for r in ladder(sweep, resamples=50)}
    gap = rated["greedy"].rating - rated["random"].rating
    assert 1000 < gap < 1500
    assert rated["random"].high - rated["random"].low > 100  # a sweep is not a certainty


def test_shared_wins_count_half_and_the_seed_repeats_the_intervals():
    games = [Meeting.pair("greedy", "mcts", (0.5,) * 40)]
    first = ladder(games, resamples=100, seed=9)
    assert {r.name: round(r.rating) for r in first} == {"greedy": 1500, "mcts": 1500}
    assert ladder(games, resamples=100, seed=9) == first
    assert ladder(games, resamples=100, seed=10) != first


def arena_document(winners):  # type: ignore[no-untyped-def]
    return {"game": "keltis", "players": 2, "games": len(winners), "seed": 1,
            "seeds": [0, len(winners)], "bots": [{"name": "mcts"}, {"name": "greedy"}],
            "winners": winners}  # fmt: skip


def test_arena_results_are_read_game_by_game():
    read = meeting_from_arena(arena_document([["mcts"], ["greedy"], ["mcts", "greedy"]]))
    assert read == Meeting.pair("mcts", "greedy", (1.0, 0.0, 0.5))


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"players": 4}, "do not fill the 4 seats"),
        ({"bots": [{"name": "mcts"}, {"name": "mcts"}]}, "repeat"),
        ({"bots": [{"name": "mcts"}]}, "two bots or more"),
        ({"winners": None}, "winners game by game"),
        ({"winners": [["simple"]]}, "not among mcts, greedy"),
    ],
)
def test_other_documents_are_refused_saying_why(change, fragment):
    document = {**arena_document([["mcts"]]), **change}
    with pytest.raises(ValueError, match=fragment):
        meeting_from_arena(document)


def test_an_anchor_that_did_not_play_is_refused():
    with pytest.raises(ValueError, match="the anchor 'greedy' played none"):
        fit([Meeting.pair("mcts", "random", (1.0,))], "greedy", 1500)


def arena_json(runner: CliRunner, bots: str, players: int = 2) -> str:
    args = ["arena", "cronberg", "--bots", bots, "--games", "4", "--seed", "3", "--json",
            "--players", str(players)]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return result.stdout


def ladder_json(runner: CliRunner, *args: str) -> dict:  # type: ignore[type-arg]
    result = runner.invoke(app, ["ladder", "cronberg", "--resamples", "20", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_the_ladder_command_plays_the_pairings_or_reads_arena_results(tmp_path):
    runner = CliRunner()
    files = []
    for bots in ("simple,random", "greedy,simple"):
        files.append(tmp_path / f"{bots}.json")
        files[-1].write_text(arena_json(runner, bots))
    store = tmp_path / "ladders.json"
    entry = ladder_json(runner, *map(str, files), "--out", str(store))
    ratings = {r["name"]: r for r in entry["ratings"]}
    assert next(iter(ratings)) == "greedy"  # greedy won all of simple's games, simple random's
    assert {name: r["games"] for name, r in ratings.items()} == {
        "greedy": 4,
        "simple": 8,
        "random": 4,
    }
    assert entry["anchor"] == {"greedy": 1500}
    assert [s["bots"] for s in entry["sources"]] == [["simple", "random"], ["greedy", "simple"]]
    assert entry["command"].startswith("ludoteca ladder cronberg --anchor greedy=1500")
    assert json.loads(store.read_text())["cronberg"] == entry
    # The ladder playing a pairing itself plays the arena's games: the same fit.
    played = ladder_json(runner, "--bots", "greedy,simple", "--games", "4", "--seed", "3")
    read = ladder_json(runner, str(files[1]), "--seed", "3")  # the bootstrap's seed too
    assert played["ratings"] == read["ratings"]
    assert played["command"].endswith("--bots greedy,simple --seed 3 --seeds 0:4")


def test_the_ladder_command_counts_a_full_tables_games(tmp_path):
    runner = CliRunner()
    two = tmp_path / "two.json"
    two.write_text(arena_json(runner, "greedy,simple"))
    four = tmp_path / "four.json"
    four.write_text(arena_json(runner, "greedy,simple,random", players=4))  # greedy: two seats
    entry = ladder_json(runner, str(two), str(four))
    assert [(s["bots"], s["players"]) for s in entry["sources"]] == [
        (["greedy", "simple"], 2),
        (["greedy", "simple", "random"], 4),
    ]
    games = {r["name"]: r["games"] for r in entry["ratings"]}
    assert games == {"greedy": 8, "simple": 8, "random": 4}
    # Each line-up's wins seen beside the share the ratings give it (Luce's model).
    rating = {r["name"]: r["rating"] for r in entry["ratings"]}
    pair, table = entry["sources"]
    assert pair["won"] == [bot["win_rate"] for bot in json.loads(two.read_text())["bots"]]
    assert pair["expected"][0] == pytest.approx(
        expected(rating["greedy"], rating["simple"]), abs=0.002
    )
    assert sum(table["won"]) == pytest.approx(1)
    assert len(table["expected"]) == 3
    assert sum(table["expected"]) == pytest.approx(1, abs=0.003)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--anchor", "greedy"], "--anchor is BOT=RATING"),
        (["--bots", "greedy"], "at least two bots"),
        ([], "give arena results"),
        (["--bots", "greedy,simple", "--anchor", "mcts=1500", "--games", "2"], "the anchor 'mcts'"),
    ],
)
def test_the_ladder_command_refuses_in_one_line(args, fragment):
    result = CliRunner().invoke(app, ["ladder", "cronberg", *args])
    assert result.exit_code != 0
    assert fragment in result.output


def test_results_of_another_game_are_refused_naming_the_file():
    with pytest.raises(ValueError, match="k.json holds games of 'keltis', not cronberg"):
        from_arena("cronberg", [("k.json", arena_document([["mcts"]]))], "greedy", 1500, 1)


ROOT = Path(__file__).resolve().parents[2]


def test_the_rooms_ladder_is_the_fit_of_the_games_it_names(game_id):
    # ladders.json is data the room shows: its ratings must be what its command makes of
    # the measured files it names, not figures typed in or left from an older fit.
    entry = json.loads((ROOT / "src/ludoteca/bots/ladders.json").read_text()).get(game_id)
    if entry is None:
        pytest.skip(f"no ladder of {game_id} measured yet (scripts/measure_bots.sh)")
    files = [word for word in entry["command"].split() if word.endswith(".json")]
    meetings = [meeting_from_arena(json.loads((ROOT / name).read_text())) for name in files]
    [(anchor, at)] = entry["anchor"].items()
    fitted = fit(meetings, anchor, at)
    assert {r["name"]: r["rating"] for r in entry["ratings"]} == {
        name: round(value) for name, value in fitted.items()
    }
    assert [s["games"] for s in entry["sources"]] == [len(m.games) for m in meetings]
    assert {s["players"] for s in entry["sources"]} > {2}  # the full tables count too

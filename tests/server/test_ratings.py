"""Elo by placement: known results give known ratings, pairwise for more players."""

import random

import pytest
from starlette.testclient import TestClient

from ludoteca.bots import strength
from ludoteca.server.app import create_app
from ludoteca.server.ratings import (
    SETTLED,
    START,
    K,
    Rated,
    changes,
    expected,
    provisional,
    recompute,
)
from ludoteca.server.storage.rows import RatingChange

from .client import Person, Seat
from .test_history import register


def test_fewer_rated_matches_than_settled_make_a_provisional_rating():
    assert provisional(0)
    assert provisional(SETTLED - 1)
    assert not provisional(SETTLED)


def test_equal_players_move_by_half_k():
    assert changes([START, START], [[0], [1]]) == [K / 2, -K / 2]
    assert changes([START, START], [[0, 1]]) == [0.0, 0.0]


def test_an_upset_moves_more_than_the_expected_result():
    favourite, outsider = 1700.0, 1500.0
    assert expected(favourite, outsider) == pytest.approx(0.7597, abs=1e-4)
    upset = changes([favourite, outsider], [[1], [0]])
    usual = changes([favourite, outsider], [[0], [1]])
    assert upset[1] == pytest.approx(K * 0.7597, abs=1e-2)
    assert usual[0] == pytest.approx(K * (1 - 0.7597), abs=1e-2)
    assert sum(upset) == pytest.approx(0.0)


def test_four_players_are_rated_pairwise_and_ties_are_draws():
    moved = changes([START] * 4, [[2], [0, 3], [1]])
    # Seat 2 beat three players: 3 × K/3 × 1/2; seats 0 and 3 beat one, drew one, lost one.
    assert moved[2] == pytest.approx(K / 2)
    assert moved[0] == pytest.approx(0.0)
    assert moved[3] == pytest.approx(0.0)
    assert moved[1] == pytest.approx(-K / 2)
    assert sum(moved) == pytest.approx(0.0)


def test_a_known_sequence_gives_known_ratings():
    results = [
        Rated("krone", [7, 8], [[0], [1]]),
        Rated("krone", [8, 7], [[0], [1]]),
        Rated("krone", [7, 8], [[0], [1]]),
        Rated("keltis", [7, 9, 8], [[1], [0], [2]]),
    ]
    table = recompute(results)
    # 1: 7 wins at 1500-1500 (+16); 2: 8 (1484) beats 7 (1516), who loses what 7 expected.
    after_two_7 = 1516 - 32 * expected(1516, 1484)
    third = 32 * (1 - expected(after_two_7, 3000 - after_two_7))
    assert table[(7, "krone")][0] == pytest.approx(after_two_7 + third)
    assert table[(7, "krone")][1] == 3
    assert table[(7, "krone")][0] + table[(8, "krone")][0] == pytest.approx(2 * START)
    assert table[(9, "keltis")] == (START + 16.0, 1)
    assert table[(7, "keltis")] == (START, 1)
    assert table[(8, "keltis")] == (START - 16.0, 1)


# -- at the room's tables ------------------------------------------------------------------


def play_rated(people, game_id, seed, rated=True):
    host = people[0]
    host.send(t="create", game=game_id, options={}, rated=rated)
    table = host.expect("sync")["table"]["id"]
    for person in people[1:]:
        person.send(t="join", table=table)
        person.expect("sync")
    host.say("/start", table)
    seats = [Seat(person, table) for person in people]
    for seat in seats:
        seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
    rng = random.Random(seed)
    while seats[0].view["result"] is None:
        mover = next(s for s in seats if s.my_turn)
        mover.play(rng.choice(mover.view["legal_moves"]))
        for seat in seats:
            seat.take(seat.person.expect("match"))
    return table


def test_rated_tables_seat_registered_people_only(room):
    anna, guest = register(room, "Anna"), Person.enter(room, "Gast")
    guest.send(t="create", game="krone", rated=True)
    assert guest.refused("rated_guest")["text"].startswith("only registered players")
    anna.send(t="create", game="krone", rated=True)
    sync = anna.expect("sync")
    table = sync["table"]["id"]
    assert sync["table"]["rated"] is True
    guest.send(t="join", table=table)
    guest.refused("rated_guest")
    anna.say("/bot greedy", table)
    anna.refused("rated_bot")


def test_rated_matches_move_ratings_that_replaying_the_results_gives_again(settings):
    with TestClient(create_app(settings)) as room:
        anna, bruno, carla = (register(room, name) for name in ("Anna", "Bruno", "Carla"))
        for seed, people in enumerate([[anna, bruno], [bruno, anna], [anna, bruno, carla]]):
            play_rated(people, "kingdomino", seed)
        play_rated([carla, bruno], "kingdomino", 9, rated=False)  # an unrated match moves nothing
        live = dict(room.app.state.room.ratings)
        store = room.app.state.room.store
        stored = room.portal.call(store.ratings)
        rated = room.portal.call(store.rated_matches)
        board = room.get("/api/ratings/kingdomino").json()["players"]
        page = room.get("/api/players/Carla").json()
        Person.close_all()
    assert len(rated) == 3
    again = recompute(
        Rated(m.game, [chair["user_id"] for chair in m.seats], m.result["standing"]) for m in rated
    )
    assert again.keys() == stored.keys() == live.keys()
    for key, (rating, games) in again.items():
        assert stored[key][0] == pytest.approx(rating)
        assert stored[key][1] == games
        assert live[key][0] == pytest.approx(rating)
    assert sum(rating for rating, _ in stored.values()) == pytest.approx(3 * START)
    ratings = [p["rating"] for p in board]
    assert ratings == sorted(ratings, reverse=True)
    assert {p["name"] for p in board} == {"Anna", "Bruno", "Carla"}
    assert page["ratings"]["kingdomino"]["games"] == 1
    assert page["ratings"]["kingdomino"]["provisional"] is True
    assert all(p["provisional"] for p in board)
    assert len(page["rating_history"]) == 1
    # A restart reads the ratings back as they were stored.
    with TestClient(create_app(settings)) as again_room:
        assert again_room.app.state.room.ratings == stored


def test_the_leaderboard_of_an_unknown_game_is_a_clear_404(room):
    answer = room.get("/api/ratings/chess")
    assert answer.status_code == 404
    assert answer.json()["code"] == "unknown_game"


def test_a_rating_is_provisional_until_its_player_has_played_enough_rated_matches(settings):
    """Marked "?" (``provisional``) on the leaderboard, the player's page and a rated
    table's seats before SETTLED rated matches, not from then on."""
    with TestClient(create_app(settings)) as room:
        anna, bruno = register(room, "Anna"), register(room, "Bruno")
        ids = {p.name: p.received[0]["you"]["id"] for p in (anna, bruno)}
        played = {"Anna": SETTLED, "Bruno": SETTLED - 1}
        rows = [
            RatingChange(1000 * n + ids[name], ids[name], "krone", 1500.0, 1520.0, float(n))
            for name, count in played.items()
            for n in range(count)
        ]
        room.portal.call(room.app.state.room.store.commit, rows)
        board = room.get("/api/ratings/krone").json()["players"]
        assert {p["name"]: (p["games"], p["provisional"]) for p in board} == {
            "Anna": (SETTLED, False),
            "Bruno": (SETTLED - 1, True),
        }
        Person.close_all()
    with TestClient(create_app(settings)) as room:  # the room reads the ratings as it opens
        anna = Person(room, "Anna", anna.cookies)
        bruno = Person(room, "Bruno", bruno.cookies)
        assert room.get("/api/players/Anna").json()["ratings"]["krone"]["provisional"] is False
        assert room.get("/api/players/Bruno").json()["ratings"]["krone"]["provisional"] is True
        anna.send(t="create", game="krone", rated=True)
        table = anna.expect("sync")["table"]["id"]
        bruno.send(t="join", table=table)
        seats = bruno.expect("sync")["table"]["seats"]
        assert [(s["rating"], s["provisional"]) for s in seats[:2]] == [(1520, False), (1520, True)]
        carla = register(room, "Carla")  # no rated match yet: the start, provisional
        carla.send(t="join", table=table)
        assert carla.expect("sync")["table"]["seats"][2]["rating"] == 1500
        Person.close_all()


def test_the_leaderboard_lists_the_levels_rated_on_their_ladder(room, monkeypatch):
    entry = {
        "game": "krone",
        "anchor": {"greedy": 1500},
        "prior_draws": 1,
        "resamples": 1000,
        "sources": [{"bots": ["mcts", "greedy"], "seed": 2026, "seeds": [0, 600], "games": 600}],
        "ratings": [
            {"name": "mcts", "rating": 1580, "ci95": [1550, 1610], "games": 600},
            {"name": "greedy", "rating": 1500, "ci95": [1500, 1500], "games": 600},
            {"name": "mcts:400", "rating": 1600, "ci95": [1570, 1630], "games": 600},
        ],
        "command": "ludoteca ladder krone ...",
    }
    monkeypatch.setattr(strength, "_ladders", lambda: {"krone": entry})
    levels = room.get("/api/ratings/krone").json()["levels"]
    # Named by their strength in Krone; a bot that is no level of the room's is left out.
    assert levels["ratings"] == [
        {"strength": "strongest", "level": "mcts", "rating": 1580, "ci95": [1550, 1610],
         "games": 600},
        {"strength": "hard", "level": "greedy", "rating": 1500, "ci95": [1500, 1500],
         "games": 600},
    ]  # fmt: skip
    assert levels["anchor"] == {"greedy": 1500}
    assert levels["sources"] == entry["sources"]
    assert room.get("/api/ratings/keltis").json()["levels"] is None  # not measured

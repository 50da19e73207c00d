"""Finished matches after the fact: the summary, the replay step by step as each person
may see it, the match document, and a registered player's page."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import ludoteca

from .client import Person, Seat


def register(room: Any, name: str) -> Person:
    answer = room.post("/api/register", json={"name": name, "password": "secret-words"})
    assert answer.status_code == 200, answer.text
    return Person(room, name, dict(answer.cookies))


def play_out(people: list[Person], game_id: str, seed: int) -> tuple[int, list[Seat]]:
    """The first person opens a table, the others join; they play at random to the end
    (Krone by its simple policy: ``Seat.choose``)."""
    host = people[0]
    table = host.create(game_id)
    for person in people[1:]:
        person.send(t="join", table=table)
        person.expect("sync")
    host.say("/start", table)
    seats = [Seat(person, table) for person in people]
    for seat in seats:
        seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
    match_id = seats[0].person.received[-1]["table"]["match"]
    rng = random.Random(seed)
    while seats[0].view["result"] is None:
        mover = next(s for s in seats if s.my_turn)
        mover.play(mover.choose(rng))
        for seat in seats:
            seat.take(seat.person.expect("match"))
    return match_id, seats


def get(room: Any, path: str, person: Person | None = None) -> Any:
    room.cookies.clear()
    return room.get(path, cookies=None if person is None else person.cookies)


def test_a_finished_match_replays_as_each_person_may_see_it(room, game_id):
    anna, bruno = register(room, "Anna"), register(room, "Bruno")
    carla = Person.enter(room, "Carla")
    match_id, seats = play_out([anna, bruno], game_id, seed=3)
    summary = get(room, f"/api/matches/{match_id}", anna).json()
    assert summary["names"] == ["Anna", "Bruno"]
    assert summary["you"] == 0
    assert summary["result"]["ranking"] == seats[0].view["result"]["ranking"]
    assert summary["moves"] == len(seats[0].view["log"])
    assert get(room, f"/api/matches/{match_id}", carla).json()["you"] is None

    # Every step, for each player and for anyone else, is the engine's view for that
    # audience at that point: the engine's views are what hide the cards (tests/games).
    game = ludoteca.game(game_id)
    stored = room.app.state.room.store
    log = [e["move"] for e in seats[0].view["log"]]
    steps = sorted({0, 1, len(log) // 3, len(log) // 2, len(log) - 1, len(log)})
    whole = room.portal.call(stored.match, match_id)
    for step in steps:
        replay = game.load(
            {
                "game": game_id,
                "players": 2,
                "options": {},
                "log": [
                    {"by": "chance" if by < 0 else by, "move": text}
                    for by, text in whole.log[:step]
                ],
            }
        )
        for person, seat in ((anna, 0), (bruno, 1), (carla, None), (None, None)):
            view = get(room, f"/api/matches/{match_id}/view?at={step}", person).json()
            expected = json.loads(json.dumps(replay.view(seat)))
            if step == len(log):
                expected["result"] = summary["result"]
            assert view == expected, (step, seat)


def test_replays_of_hidden_hands_show_a_spectator_no_card_and_a_player_only_their_own(room):
    anna, bruno = register(room, "Anna"), register(room, "Bruno")
    match_id, _ = play_out([anna, bruno], "keltis", seed=5)
    whole = get(room, f"/api/matches/{match_id}/view", anna).json()
    for step in range(0, len(whole["log"]) + 1, 7):
        spectator = get(room, f"/api/matches/{match_id}/view?at={step}").json()
        text = json.dumps(spectator)
        assert all("hand" not in player for player in spectator["position"]["players"])
        assert not any(e["move"].startswith("deal ") for e in spectator["log"])
        mine = get(room, f"/api/matches/{match_id}/view?at={step}", anna).json()
        assert "hand" in mine["position"]["players"][0]
        assert "hand" not in mine["position"]["players"][1]
        assert text.count('"legal_moves": []') <= 1
    # The whole document (every hand in it) only for the match's own players.
    private = get(room, f"/api/matches/{match_id}/document")
    assert private.status_code == 403
    assert private.json()["code"] == "document_private"
    document = get(room, f"/api/matches/{match_id}/document", bruno)
    assert document.status_code == 200
    assert "attachment" in document.headers["content-disposition"]
    assert ludoteca.load(document.text).is_over


@pytest.mark.parametrize("game", ["kingdomino", "krone"])
def test_anyone_may_download_a_game_of_open_information(room, game):
    anna, bruno = Person.enter(room, "Anna"), Person.enter(room, "Bruno")
    match_id, seats = play_out([anna, bruno], game, seed=2)
    document = get(room, f"/api/matches/{match_id}/document")
    assert document.status_code == 200
    loaded = ludoteca.load(document.text)
    assert [str(e.move) for e in loaded.log][-1] == seats[0].view["log"][-1]["move"]


def test_unknown_running_and_bad_steps_are_refused_clearly(room):
    anna, bruno = Person.enter(room, "Anna"), Person.enter(room, "Bruno")
    missing = get(room, "/api/matches/999")
    assert missing.status_code == 404
    assert missing.json()["code"] == "no_match"
    assert get(room, "/api/matches/abc").status_code == 404
    table = anna.create("kingdomino")
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    anna.say("/start", table)
    running = anna.expect("sync", where=lambda m: m["match"] is not None)["table"]["match"]
    assert get(room, f"/api/matches/{running}").status_code == 404  # not finished yet
    match_id, _ = play_out(
        [Person.enter(room, "Carla"), Person.enter(room, "Dario")], "cronberg", 1
    )
    for bad in ("-1", "x", "100000"):
        answer = get(room, f"/api/matches/{match_id}/view?at={bad}")
        assert answer.status_code == 400
        assert answer.json()["code"] == "bad_step"


def test_a_registered_players_page_counts_games_and_wins(room):
    anna, bruno = register(room, "Anna"), register(room, "Bruno")
    match_ids = [play_out([anna, bruno], "kingdomino", seed)[0] for seed in (1, 2)]
    page = get(room, "/api/players/anna").json()
    assert page["name"] == "Anna"
    assert page["games"]["kingdomino"]["played"] == 2
    wins = 0
    for match_id in match_ids:
        result = get(room, f"/api/matches/{match_id}").json()["result"]
        wins += 0 in result["standing"][0]
    assert page["games"]["kingdomino"]["wins"] == wins
    assert [m["id"] for m in page["recent"]] == sorted(match_ids, reverse=True)
    assert get(room, "/api/players/nobody").json()["code"] == "no_player"
    assert get(room, "/api/players/nobody").status_code == 404

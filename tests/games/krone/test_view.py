"""Views: nothing is hidden in this game, so every seat and spectator sees it all."""

import random

from ludoteca.games.krone import GAME
from ludoteca.games.krone.components import CARDS
from ludoteca.tools.simulate import play_out, simulate

from .helpers import dice_phase


def test_every_seat_sees_the_whole_position_and_log():
    match = play_out(GAME.new_match(3), random.Random(4))
    views = [match.view(seat) for seat in (None, 0, 1, 2)]
    for view in views:
        assert view["position"] == views[0]["position"]
        assert [e["move"] for e in view["log"]] == [str(e.move) for e in match.log]
    assert views[0]["result"]["ranking"] == [list(p) for p in match.result().ranking]


def test_the_view_tells_what_the_table_shows():
    m = dice_phase(cards={0: ["farmer"], 1: ["general", "charlatan"]}, aside=[5, 5, 5, 1])
    view = m.view(1)["position"]
    assert [p["turn_dice"] for p in view["players"]] == [4, 6, 3]
    assert view["turn"]["seat"] == 0
    assert set(view["turn"]["can_take"]) == {"jester", "maid", "craftsman", "guard"}
    assert m.view(1)["legal_moves"] == []  # not seat 1's turn
    assert "buy guard" in m.view(0)["legal_moves"]


def test_the_simple_policy_finishes_every_game():
    for players in (2, 3, 4, 5):
        summary = simulate(GAME, players, games=25, seed=players)
        assert sum(summary.wins) == 25  # Krone ranks without shared first places
        assert 3 <= summary.mean_rounds < 30


def test_the_log_heads_each_new_round_and_says_who_plays_twice():
    match = play_out(GAME.new_match(3), random.Random(4))
    headers = [n for e in match.log for n in e.notes if n.startswith("── round ")]
    rounds = match.result().rounds
    assert len(headers) == rounds - 2  # rounds 2 .. the one before the final round
    assert "── round 2 ── seat 2 played last and starts this round: two turns in a row" in headers
    notes = [n for e in match.log for n in e.notes]
    final = [n for n in notes if n.startswith("── the final round ── ")]
    assert len(final) == 1
    assert " and seat " in final[0]
    assert " play one turn each, the Queen's holder" in final[0]
    assert any("takes the King and the Queen with" in n for n in notes)
    assert any("holds the King" in n or "keeps the King" in n for n in notes)
    assert notes[-1].startswith("the game is over: seat ")


def test_with_two_players_the_final_round_note_names_one_seat_and_one_turn():
    for seed in range(1, 4):
        match = play_out(GAME.new_match(2), random.Random(seed))
        final = [n for e in match.log for n in e.notes if n.startswith("── the final round")]
        assert len(final) == 1
        assert final[0].startswith("── the final round ── seat ")
        assert " plays one turn, the Queen's holder, seat " in final[0]


def test_the_final_round_shows_the_standing_best_the_king_and_each_result():
    match = GAME.load(
        {
            "game": "krone",
            "players": 3,
            "position": {
                "players": [{"cards": ["king", "queen"]}, {}, {}],
                "king": {"buyer": 0, "bid": [7, 5]},
                "start_player": 1,
                "final_round": {"order": [1, 2, 0], "index": 1, "best": [8, 2],
                                "results": [None, [8, 2], None]},
            },
        }
    )  # fmt: skip
    text = GAME.render(match.view(2))
    assert "the final round" in text
    assert "the standing best: eight 2s; seat 0 holds the King" in text.replace("\n    ", " ")
    flat = " ".join(text.split())
    assert "seat 1: eight 2s; you (seat 2): to play now; seat 0: still to play" in flat


def test_the_cards_page_shows_every_cost_and_ability():
    match = GAME.new_match(2)
    text = GAME.page("cards", match.view(0))
    for card in CARDS:
        assert card.en in text
        assert card.cost in text
        assert card.ability in text
    assert "Lady-in-waiting (Dama di Corte / Hofdame) — 1 left" in text


def test_the_end_shows_how_the_game_was_decided():
    match = play_out(GAME.new_match(3), random.Random(4))
    text = GAME.render(match.view(0))
    assert "Final results: " in text
    assert "took the King and the Queen with" in text
    assert "holds the King and wins; ranking: 1. " in " ".join(text.split())
    assert "None" not in text

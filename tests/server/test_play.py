"""Live play through the room: whole games, people and bots, turns, versions, chance."""

import random

import ludoteca

from .client import Seat


def _seat_bots(person, table, count, level="random"):
    for _ in range(count):
        person.say(f"/bot {level}", table)
        person.expect("table")


def test_a_whole_game_with_bots_at_every_seat_watched_by_a_spectator(enter, game_id):
    anna, viewer = enter("Anna"), enter("Viewer")
    table = anna.create(game_id)
    viewer.send(t="watch", table=table)
    watching = Seat(viewer, table)
    watching.take(viewer.expect("sync"))
    game = ludoteca.game(game_id)
    # Random bots never reach Krone's King: thousands of moves.
    _seat_bots(anna, table, game.min_players, "simple" if game_id == "krone" else "random")
    # The host stands up; the table passes to the spectator, who starts it.
    anna.say("/leave", table)
    anna.expect("lobby")
    viewer.expect("table", where=lambda m: m["table"]["host"] == "Viewer")
    viewer.say("/start", table)
    while watching.view is None or watching.view["result"] is None:
        watching.follow()
    result = watching.view["result"]
    assert sorted(s for place in result["ranking"] for s in place) == list(range(game.min_players))
    assert watching.view["legal_moves"] == []
    # What the spectator pieced together is the stored match, entry for entry.
    stored = viewer.client.app.state.room.tables[table].live
    assert [e["move"] for e in watching.view["log"]] == [e.text_for(None) for e in stored.log]


def test_a_person_and_bots_at_one_table(enter, game_id):
    anna = enter("Anna")
    table = anna.create(game_id)
    _seat_bots(anna, table, ludoteca.game(game_id).min_players, level="simple")
    anna.say("/start", table)
    me = Seat(anna, table)
    rng = random.Random(3)
    while me.view is None or me.view["result"] is None:
        message = me.follow()
        if message["t"] in ("sync", "match") and me.my_turn:
            me.play(rng.choice(me.view["legal_moves"]))
    assert me.you == 0
    assert any(entry["by"] == 0 for entry in me.view["log"])


def _two_at_krone(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    table = anna.create("krone")
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    anna.say("/start", table)
    a, b = Seat(anna, table), Seat(bruno, table)
    a.take(anna.expect("sync", where=lambda m: m["match"] is not None))
    b.take(bruno.expect("sync", where=lambda m: m["match"] is not None))
    return a, b


def test_moves_out_of_turn_illegal_or_by_spectators_are_refused_and_change_nothing(enter):
    a, b = _two_at_krone(enter)
    assert a.view["to_move"] == 0
    assert a.view["legal_moves"] == ["roll"]
    tables = a.person.client.app.state.room.tables
    length = tables[a.table].live.moves_played
    b.play("roll")
    refusal = b.person.refused("not_your_turn")
    assert "Anna's turn, not yours" in refusal["text"]
    assert refusal["params"] == {"name": "Anna"}
    a.play("buy king")
    assert a.person.refused("illegal")["text"]
    a.play("fly away")
    assert a.person.refused("bad_move")["text"]
    viewer = enter("Viewer")
    viewer.send(t="move", table=a.table, v=a.version, move="roll")
    viewer.refused("not_seated")
    assert tables[a.table].live.moves_played == length


def test_a_client_can_never_play_chance(enter):
    a, _ = _two_at_krone(enter)
    a.play("roll")
    message = a.person.expect("match")
    a.take(message)
    # After the roll the server has drawn the dice itself: the log holds both.
    assert [e["by"] for e in a.view["log"]][-2:] == [0, "chance"]
    a.play("dice 6 6 6")
    assert a.person.refused("chance_only")["text"] == "only the server plays chance outcomes"


def test_a_move_on_an_old_version_is_refused_with_the_current_state(enter):
    a, _b = _two_at_krone(enter)
    old = a.version
    a.play("roll")
    a.take(a.person.expect("match"))
    move = a.view["legal_moves"][0]
    a.person.send(t="move", table=a.table, v=old, move=move)
    assert a.person.refused("stale")["text"].startswith(f"your move was made on version {old}")
    sync = a.person.expect("sync")
    assert sync["v"] == a.version
    assert len(sync["match"]["log"]) == len(a.view["log"])


def test_a_gap_is_filled_by_resync_from_the_last_version_and_log(enter):
    a, b = _two_at_krone(enter)
    have_v, have_log = b.version, len(b.view["log"])
    a.play("roll")
    a.take(a.person.expect("match"))
    a.play(a.view["legal_moves"][0])
    a.take(a.person.expect("match"))
    # Bruno missed both updates; he asks from what he has and gets only the rest.
    b.person.send(t="resync", table=b.table, v=have_v, log=have_log)
    sync = b.person.expect("sync", where=lambda m: m["v"] == a.version)
    assert sync["match"]["log_from"] == have_log
    assert len(sync["match"]["log"]) == len(a.view["log"]) - have_log


def test_reconnecting_returns_a_player_to_the_seat_and_everyone_sees_it(enter):
    a, b = _two_at_krone(enter)
    bruno = b.person.reconnect()
    a.person.expect("presence", where=lambda m: m["connected"] == [True, False])
    bruno.send(t="watch", table=b.table)
    sync = bruno.expect("sync")
    assert sync["you"] == 1
    assert sync["match"]["position"] == a.view["position"]
    a.person.expect("presence", where=lambda m: m["connected"] == [True, True])
    bruno.close()


def test_resigning_with_two_players_ends_the_match(enter):
    a, b = _two_at_krone(enter)
    b.person.say("/resign", b.table)
    ended = a.person.expect("table", where=lambda m: m["table"]["status"] == "finished")
    assert ended["table"]["status"] == "finished"
    sync_table = a.person.client.app.state.room.tables[a.table]
    assert sync_table.result["standing"] == [[0], [1]]
    assert sync_table.result["ended_by"] == "resignation"
    # No move brings the result: each player is sent the table with it.
    for seat in (a, b):
        result = seat.person.expect("sync")["match"]["result"]
        assert result["ended_by"] == "resignation"
        assert result["standing"] == [[0], [1]]
    a.play("roll")
    a.person.refused("wrong_state")


def test_resigning_with_three_players_hands_the_seat_to_a_bot(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    table = anna.create("keltis")
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    _seat_bots(anna, table, 1)
    anna.say("/start", table)
    bruno.say("/resign", table)
    changed = anna.expect("table", where=lambda m: m["table"]["seats"][1]["bot"] is not None)
    assert changed["table"]["status"] == "running"
    note = anna.expect("chat")["line"]
    assert note["name"] is None
    assert "Bruno resigns" in note["text"]
    me = Seat(anna, table)
    anna.send(t="watch", table=table)  # the state as it is now, whoever is to move
    rng = random.Random(1)
    while me.view is None or me.view["result"] is None:
        if me.follow()["t"] in ("sync", "match") and me.my_turn:
            me.play(rng.choice(me.view["legal_moves"]))
    assert me.view["result"]["standing"][-1] == [1]
    assert me.view["result"]["resigned"] == [1]


def test_rematch_by_the_host_starts_again_with_the_same_seats(enter):
    anna = enter("Anna")
    table = anna.create("cronberg")
    _seat_bots(anna, table, 1)
    anna.say("/start", table)
    me = Seat(anna, table)
    rng = random.Random(2)
    while me.view is None or me.view["result"] is None:
        if me.follow()["t"] in ("sync", "match") and me.my_turn:
            me.play(rng.choice(me.view["legal_moves"]))
    first = anna.client.app.state.room.tables[table].match_id
    anna.say("/rematch", table)
    sync = anna.expect("sync", where=lambda m: m["table"]["status"] == "running")
    assert [s["name"] for s in sync["table"]["seats"]][:2] == ["Anna", "Bot 1 (random)"]
    assert anna.client.app.state.room.tables[table].match_id == first + 1


def test_a_reloaded_page_is_told_where_its_person_sits(enter):
    _, b = _two_at_krone(enter)
    bruno = b.person.reconnect()
    assert bruno.welcome["seated"] == [b.table]
    bruno.close()

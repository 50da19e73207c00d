"""Table links, private tables, "my tables" (your turn wherever you are) and "my
matches": what the server gives, refuses and keeps to itself (docs/server.md)."""

import random

from starlette.testclient import TestClient

from ludoteca.server.app import create_app

from .client import Person, Seat
from .test_history import get, play_out, register
from .test_ratings import play_rated


def test_a_table_link_opens_the_room_page_and_a_gone_table_names_its_last_match(room, enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    assert room.get("/tables/1").text == room.get("/").text
    match_id, _seats = play_out([anna, bruno], "kingdomino", 3)
    table = anna.received[-1]["table"]
    assert room.get(f"/api/tables/{table}").json() == {"table": table, "open": True}
    for person in (anna, bruno):
        person.send(t="leave", table=table)
        person.expect("lobby")
    gone = room.get(f"/api/tables/{table}")
    assert gone.status_code == 404
    assert gone.json()["code"] == "no_table"
    assert gone.json()["params"]["match"] == match_id
    never = room.get("/api/tables/77").json()
    assert never["code"] == "no_table"
    assert never["params"]["match"] is None


def test_a_private_table_is_unlisted_and_entered_only_with_its_key(settings):
    with TestClient(create_app(settings)) as room:
        anna, bruno, carla = (Person.enter(room, n) for n in ("Anna", "Bruno", "Carla"))
        anna.send(t="create", game="keltis", private=True, spectators=False)
        sync = anna.expect("sync")
        private, key = sync["table"]["id"], sync["key"]
        assert sync["table"]["private"] is True
        assert sync["table"]["spectators"] is False
        assert isinstance(key, str)
        assert len(key) == 22
        # Listed to nobody: not in a lobby update, not in a newcomer's lobby, not named
        # among the tables a refusal lists.
        public = carla.create("kingdomino")
        bruno.expect("lobby_update", where=lambda m: any(t["id"] == public for t in m["tables"]))
        dora = Person.enter(room, "Dora")
        updates = [m for m in bruno.received if m["t"] in ("lobby", "lobby_update")]
        for message in [*updates, dora.lobby]:
            assert private not in [t["id"] for t in message["tables"]], message
        dora.send(t="watch", table=99)
        assert dora.refused("no_table")["text"].endswith(f"tables: {public}")
        # No key, a wrong key, a key of the right length: the same refusal, changing nothing.
        for message in (
            {"t": "watch", "table": private},
            {"t": "watch", "table": private, "key": "wrong"},
            {"t": "join", "table": private, "key": key[:-1] + ("A" if key[-1] != "A" else "B")},
            {"t": "who", "table": private},
            {"t": "option", "table": private},
        ):
            bruno.send(**message)
            refusal = bruno.refused("private_table")
            assert refusal["table"] == private
            assert "link" in refusal["text"]
        # With the key: Bruno watches (an open table may be looked at), then sits down
        # and, one of its people now, is given the key to share.
        bruno.send(t="watch", table=private, key=key)
        watching = bruno.expect("sync")
        assert watching["table"]["id"] == private
        assert watching["key"] is None
        bruno.send(t="join", table=private, key=key)
        assert bruno.expect("sync")["key"] == key
        anna.say("/start", private)
        anna.expect("sync", where=lambda m: m["match"] is not None)
        # Spectators: no. Even with the key, Dora may not watch the match.
        dora.send(t="watch", table=private, key=key)
        assert dora.refused("no_spectators")["table"] == private
        Person.close_all()
    # A restart keeps the key: the link still works, and only with it.
    with TestClient(create_app(settings)) as room:
        table = room.app.state.room.tables[private]
        assert table.privacy.key == key
        assert table.privacy.spectators is False
        assert table.may_enter(10_000, key)
        assert not table.may_enter(10_000, "x" * 22)
        Person.close_all()


def test_the_host_turns_spectators_off_after_creating_and_watchers_are_sent_away(room, enter):
    anna, bruno, carla, dora = (enter(n) for n in ("Anna", "Bruno", "Carla", "Dora"))
    table = anna.create("keltis")
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    anna.say("/start", table)
    anna.expect("sync", where=lambda m: m["match"] is not None)
    carla.send(t="watch", table=table)
    assert carla.expect("sync")["table"]["watchers"] == 1
    # Only the host may; a bad word is a usage error; neither changes anything.
    bruno.send(t="spectators", table=table, on=False)
    assert bruno.refused("not_host")["table"] == table
    anna.say("/spectators maybe", table)
    assert "/spectators on|off" in anna.refused()["text"]
    anna.say("/spectators off", table)
    # Once stored, Carla is told and no longer follows the table; its players stay.
    assert anna.expect("presence", where=lambda m: m["watchers"] == 0)
    changed = anna.expect("table", where=lambda m: m["table"]["spectators"] is False)
    assert changed["table"]["status"] == "running"
    refusal = carla.refused("no_spectators")
    assert refusal["table"] == table
    table_now = room.app.state.room.tables[table]
    assert {w.user.name for w in table_now.audience.watchers} == {"Anna", "Bruno"}
    dora.send(t="watch", table=table)
    assert dora.refused("no_spectators")["table"] == table
    # On again: watching works, and a restart would keep it (the table row stores it).
    anna.send(t="spectators", table=table, on=True)
    anna.expect("table", where=lambda m: m["table"]["spectators"] is True)
    dora.send(t="watch", table=table)
    assert dora.expect("sync")["table"]["id"] == table
    assert table_now.row().spectators is True


def test_my_tables_tell_a_player_of_their_turn_wherever_they_are(room, enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    assert anna.received[1] == {"t": "my_tables", "tables": []}
    table = anna.create("kingdomino")
    entry = [m for m in anna.received if m["t"] == "my_tables"][-1]["tables"]
    assert entry == [
        {"id": table, "game": "kingdomino", "status": "open", "your_turn": False, "key": None}
    ]
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    # Bruno's second tab stays in the lobby: it is told what his table asks of him.
    lobby_tab = Person(room, "Bruno", bruno.cookies)
    assert lobby_tab.received[1]["tables"][0]["id"] == table
    anna.say("/start", table)
    seats = [Seat(person, table) for person in (anna, bruno)]
    for seat in seats:
        seat.take(seat.person.expect("sync", where=lambda m: m["match"] is not None))
    rng = random.Random(5)
    yours = next(s for s in seats if s.my_turn).person is bruno
    told = lobby_tab.expect("my_tables", where=lambda m: m["tables"][0]["status"] == "running")
    flips = 0
    for _ in range(8):
        # Exactly the table's number, game, status and whose turn: nothing of the match.
        assert set(told["tables"][0]) == {"id", "game", "status", "your_turn", "key"}
        assert told["tables"][0]["your_turn"] is yours
        mover = next(s for s in seats if s.my_turn)
        mover.play(rng.choice(mover.view["legal_moves"]))
        for seat in seats:
            seat.take(seat.person.expect("match"))
        now = next(s for s in seats if s.my_turn).person is bruno
        if now == yours:
            # Whose turn it is stayed as it was: the lobby tab is told nothing.
            lobby_tab.send(t="ping")
            before = len(lobby_tab.received)
            lobby_tab.expect("pong")
            assert [m["t"] for m in lobby_tab.received[before:]] == ["pong"]
            continue
        yours, flips = now, flips + 1
        told = lobby_tab.expect("my_tables")
    assert flips >= 2


def test_a_guest_finds_their_matches_by_session(room, enter):
    anna, bruno, carla = enter("Anna"), enter("Bruno"), enter("Carla")
    match_id, _seats = play_out([anna, bruno], "kingdomino", 8)
    running = carla.create("keltis")
    carla.send(t="join", table=running)  # already seated: a refusal, not a second seat
    carla.refused("seated")
    mine = get(room, "/api/my/matches", anna).json()
    assert [m["id"] for m in mine["finished"]] == [match_id]
    finished = mine["finished"][0]
    assert finished["place"] in (1, 2)
    assert finished["names"] == ["Anna", "Bruno"]
    assert finished["rating"] is None  # a guests' match is not rated
    theirs = get(room, "/api/my/matches", carla).json()
    assert theirs["finished"] == []
    assert [(m["table"], m["status"]) for m in theirs["running"]] == [(running, "open")]
    nobody = get(room, "/api/my/matches")
    assert nobody.status_code == 401
    assert nobody.json()["code"] == "not_entered"


def test_a_rated_match_shows_each_players_rating_change(room):
    anna, bruno = register(room, "Anna"), register(room, "Bruno")
    play_rated([anna, bruno], "kingdomino", 4)
    match_id = anna.received[-1]["changed"]["match"]
    summary = get(room, f"/api/matches/{match_id}").json()
    changes = summary["ratings"]
    assert all(c["before"] == 1500 and c["after"] == 1500 + c["change"] for c in changes)
    # The room deals the tiles with its own chance, so a game may end in a shared first
    # place: a draw between equals moves neither rating.
    first = summary["result"]["standing"][0]
    if len(first) == 2:
        assert [c["change"] for c in changes] == [0, 0]
    else:
        assert sorted(c["change"] for c in changes) == [-16, 16]
        assert changes[first[0]]["change"] == 16
    mine = get(room, "/api/my/matches", anna).json()["finished"][0]
    assert mine["rating"] == changes[0]


def test_unwatching_keeps_a_seat_and_sends_the_lobby(room, enter):
    anna = enter("Anna")
    table = anna.create("keltis")
    anna.send(t="unwatch", table=table)
    anna.expect("lobby")
    assert room.app.state.room.tables[table].seat_of(anna.welcome["you"]["id"]) == 0
    anna.send(t="watch", table=table)
    assert anna.expect("sync")["table"]["seats"][0]["name"] == "Anna"


def test_the_host_makes_an_open_table_private_with_a_new_key_or_public_again(room, enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    table = anna.create("keltis")
    bruno.expect("lobby_update", where=lambda m: any(t["id"] == table for t in m["tables"]))
    bruno.send(t="private", table=table, on=True)
    bruno.refused("not_host")
    anna.say("/private on", table)
    key = anna.expect("sync", where=lambda m: m["key"] is not None)["key"]
    # Gone from the lobby for everyone else, and closed to them without the key.
    bruno.expect("lobby_update", where=lambda m: table in m["closed"])
    bruno.send(t="watch", table=table)
    bruno.refused("private_table")
    # Again: a new key, and the old link no longer opens the table.
    anna.say("/private on", table)
    fresh = anna.expect("sync", where=lambda m: m["key"] not in (None, key))["key"]
    bruno.send(t="watch", table=table, key=key)
    bruno.refused("private_table")
    assert room.app.state.room.tables[table].may_enter(bruno.welcome["you"]["id"], fresh)
    anna.say("/private off", table)
    anna.expect("sync", where=lambda m: m["key"] is None and not m["table"]["private"])
    bruno.expect("lobby_update", where=lambda m: any(t["id"] == table for t in m["tables"]))
    bruno.send(t="watch", table=table)
    assert bruno.expect("sync")["table"]["id"] == table

"""Follows, blocks and mutes: stored, kept over a restart, and what each one does in the
room (on SQLite and on the local PostgreSQL)."""

from __future__ import annotations

from starlette.testclient import TestClient

from ludoteca.server.app import create_app
from ludoteca.server.room import Settings

from .client import Person
from .test_history import register


def relate(room: TestClient, person: Person, kind: str, name: str, on: bool = True):  # type: ignore[no-untyped-def]
    return room.post(
        "/api/relations", json={"kind": kind, "name": name, "on": on}, cookies=person.cookies
    )


def test_a_block_refuses_the_join_and_hides_the_chat_and_a_mute_the_chat(db_url):
    settings = Settings(db_url=db_url, bot_delay=0, messages_per_second=10_000)
    with TestClient(create_app(settings)) as room:
        anna = register(room, "Anna")
        bruno, carla = Person.enter(room, "Bruno"), Person.enter(room, "Carla")
        assert relate(room, anna, "block", "bruno").json() == {
            "kind": "block",
            "name": "Bruno",
            "on": True,
        }
        assert relate(room, anna, "mute", "Carla").status_code == 200
        table = anna.create("kingdomino")
        bruno.send(t="join", table=table)
        refusal = bruno.refused("not_admitted")
        assert refusal["text"] == "you cannot join this table"
        # Carla, only muted, may sit; her chat and Bruno's (watching) do not reach Anna.
        carla.send(t="join", table=table)
        carla.expect("sync")
        bruno.send(t="watch", table=table)
        bruno.expect("sync")
        carla.say("hello from Carla", table)
        bruno.say("hello from Bruno", table)
        anna.say("hello from Anna", table)
        heard = [anna.expect("chat", table=table)["line"]["text"]]
        assert heard == ["hello from Anna"]
        assert "hello from Bruno" in [
            bruno.expect("chat", table=table, where=lambda m: m["line"]["name"] == "Bruno")["line"][
                "text"
            ]
        ]
        # The sync leaves them out too; lobby chat as well.
        anna.send(t="resync", table=table, v=0)
        lines = [line["text"] for line in anna.expect("sync")["chat"]]
        assert lines == ["hello from Anna"]
        bruno.say("lobby line from Bruno")
        carla.say("lobby line from Carla")
        anna.send(t="leave", table=table)
        lobby = anna.expect("lobby")
        assert [line["text"] for line in lobby["chat"]] == []
        # Unblocked: Bruno may sit.
        assert relate(room, anna, "block", "Bruno", on=False).status_code == 200
        Person.close_all()
    # Kept over a restart.
    with TestClient(create_app(settings)) as room:
        anna.client = room
        answer = room.get("/api/relations", cookies=anna.cookies)
        assert answer.json() == {"follow": [], "block": [], "mute": ["Carla"]}


def test_friends_are_registered_players_and_their_panel_shows_where_they_sit(room):
    anna, bruno = register(room, "Anna"), register(room, "Bruno")
    guest = Person.enter(room, "Gast")
    answer = relate(room, anna, "follow", "Gast")
    assert answer.status_code == 400
    assert answer.json()["code"] == "follow_guest"
    answer = relate(room, guest, "follow", "Anna")
    assert answer.status_code == 403
    assert answer.json()["code"] == "guest_relations"
    assert relate(room, anna, "follow", "Nobody").json()["code"] == "no_player"
    assert relate(room, anna, "follow", "Anna").json()["code"] == "self"
    assert relate(room, anna, "befriend", "Bruno").json()["code"] == "bad_request"
    assert relate(room, anna, "follow", "Bruno").status_code == 200
    table = bruno.create("keltis")
    panel = room.get("/api/friends", cookies=anna.cookies).json()
    assert panel == {
        "friends": [
            {
                "name": "Bruno",
                "online": True,
                "tables": [
                    {"id": table, "game": "keltis", "status": "open", "match": None, "seat": 0}
                ],
                "recent": [],
            }
        ]
    }
    # A table whose host blocks Anna is not shown to her.
    assert relate(room, bruno, "block", "Anna").status_code == 200
    panel = room.get("/api/friends", cookies=anna.cookies).json()
    assert panel["friends"][0]["tables"] == []
    bruno.close()
    panel = room.get("/api/friends", cookies=anna.cookies).json()
    assert panel["friends"][0]["online"] is False

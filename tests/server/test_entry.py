"""Entering the room: guests, registered players, sessions, names."""

import pytest

from .client import Person


def test_a_guest_enters_with_a_nickname_and_is_welcomed(room):
    anna = Person.enter(room, "Anna")
    assert anna.welcome["you"]["name"] == "Anna"
    assert anna.welcome["you"]["guest"] is True
    assert {g["id"] for g in anna.welcome["games"]} == {"krone", "keltis", "cronberg", "kingdomino"}
    assert "Anna" in anna.lobby["online"]
    anna.close()


@pytest.mark.parametrize("name", ["", "a", "x" * 21, "<b>", "  ", "a\nb", "_x"])
def test_bad_nicknames_are_refused_with_what_is_allowed(room, name):
    response = room.post("/api/guest", json={"name": name})
    assert response.status_code == 400
    assert "2 to 20" in response.json()["error"]


def test_malformed_entry_requests_are_refused(room):
    json_type = {"content-type": "application/json"}
    assert room.post("/api/guest", content=b"not json", headers=json_type).status_code == 400
    assert room.post("/api/guest", json={"nom": "Anna"}).status_code == 400
    assert room.post("/api/guest", json={"name": 5}).status_code == 400


def test_a_nickname_is_unique_among_those_online(room):
    anna = Person.enter(room, "Anna")
    response = room.post("/api/guest", json={"name": "ANNA"})
    assert response.status_code == 409
    assert "online" in response.json()["error"]
    assert response.json()["code"] == "name_online"
    assert response.json()["params"] == {"name": "ANNA"}
    anna.close()


def test_a_session_keeps_a_player_in_across_reloads(room):
    anna = Person.enter(room, "Anna")
    me = anna.welcome["you"]
    again = anna.reconnect()
    assert again.welcome["you"] == me
    assert room.get("/api/me", cookies=anna.cookies).json()["name"] == "Anna"
    again.close()


def test_a_socket_without_a_session_is_closed_with_a_reason(room):
    from starlette.websockets import WebSocketDisconnect

    with pytest.raises(WebSocketDisconnect) as closed, room.websocket_connect("/ws") as ws:
        ws.receive_text()
    assert closed.value.code == 4401
    forged = {"ludoteca_session": "1.forged.signature"}
    with pytest.raises(WebSocketDisconnect), room.websocket_connect("/ws", cookies=forged) as ws:
        ws.receive_text()


def test_another_site_cannot_open_a_socket_with_a_players_cookie(room):
    from starlette.websockets import WebSocketDisconnect

    cookies = dict(room.post("/api/guest", json={"name": "Anna"}).cookies)
    headers = {"origin": "http://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        room.websocket_connect("/ws", cookies=cookies, headers=headers) as ws,
    ):
        ws.receive_text()
    assert closed.value.code == 1008


def test_register_log_in_and_wrong_passwords(room):
    made = room.post("/api/register", json={"name": "Bruno", "password": "correct horse"})
    assert made.status_code == 200
    assert made.json()["guest"] is False
    assert (
        room.post("/api/register", json={"name": "bruno", "password": "another one"}).status_code
        == 409
    )
    assert room.post("/api/guest", json={"name": "Bruno"}).status_code == 409
    assert (
        room.post("/api/register", json={"name": "Carla", "password": "short"}).status_code == 400
    )
    wrong = room.post("/api/login", json={"name": "Bruno", "password": "wrong horse"})
    assert wrong.status_code == 401
    assert "no player with that name and password" in wrong.json()["error"]
    right = room.post("/api/login", json={"name": "BRUNO", "password": "correct horse"})
    assert right.status_code == 200
    assert right.json()["name"] == "Bruno"
    bruno = Person(room, "Bruno", dict(right.cookies))
    assert bruno.welcome["you"] == {
        "id": made.json()["id"],
        "name": "Bruno",
        "guest": False,
        "bot": False,
    }
    bruno.close()


def test_passwords_are_stored_as_argon2_hashes(room):
    import asyncio

    room.post("/api/register", json={"name": "Dora", "password": "a long secret"})
    store = room.app.state.room.store

    async def stored():
        return await store.registered("dora")

    user = room.portal.call(stored)
    assert user.password_hash.startswith("$argon2")
    assert "a long secret" not in user.password_hash
    del asyncio

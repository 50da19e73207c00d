"""Accounts against attack: sessions that logging out revokes, password changes, limits
on guessing passwords and on entering, and names that look alike."""

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ludoteca.server.app import create_app
from ludoteca.server.room import Settings

from .client import Person

BRUNO = {"name": "Bruno", "password": "correct horse"}


def _room(sqlite_url, **limits):
    settings = Settings(db_url=sqlite_url, bot_delay=0, messages_per_second=10_000, **limits)
    return TestClient(create_app(settings))


def _cookies(response):
    assert response.status_code == 200, response.text
    return dict(response.cookies)


def _read_until_closed(receive):
    for _ in range(10_000):
        receive()


def _close_code(receive):
    with pytest.raises(WebSocketDisconnect) as closed:
        _read_until_closed(receive)
    return closed.value.code


def _closed_code(room, cookies):
    with room.websocket_connect("/ws", cookies=cookies) as ws:
        return _close_code(ws.receive_text)


# -- sessions ---------------------------------------------------------------------------


def test_logging_out_revokes_the_session_itself(room):
    cookies = _cookies(room.post("/api/guest", json={"name": "Anna"}))
    assert room.get("/api/me", cookies=cookies).status_code == 200
    assert room.post("/api/logout", json={}, cookies=cookies).status_code == 200
    # The same token, kept by whoever copied it, is worth nothing now.
    assert room.get("/api/me", cookies=cookies).status_code == 401
    assert _closed_code(room, cookies) == 4401


def test_logging_out_closes_the_sessions_open_socket(room):
    anna = Person.enter(room, "Anna")
    room.post("/api/logout", json={}, cookies=anna.cookies)
    assert _close_code(anna.next) == 4401


def test_logging_out_everywhere_revokes_every_session_of_the_player(room):
    room.post("/api/register", json=BRUNO)
    phone = _cookies(room.post("/api/login", json=BRUNO))
    laptop = _cookies(room.post("/api/login", json=BRUNO))
    on_laptop = Person(room, "Bruno", laptop)
    room.post("/api/logout?everywhere", json={}, cookies=phone)
    assert room.get("/api/me", cookies=phone).status_code == 401
    assert room.get("/api/me", cookies=laptop).status_code == 401
    assert _close_code(on_laptop.next) == 4401


def test_logging_out_one_session_keeps_the_others(room):
    room.post("/api/register", json=BRUNO)
    phone = _cookies(room.post("/api/login", json=BRUNO))
    laptop = _cookies(room.post("/api/login", json=BRUNO))
    room.post("/api/logout", json={}, cookies=phone)
    assert room.get("/api/me", cookies=laptop).json()["name"] == "Bruno"


def test_a_password_change_revokes_every_other_session(room):
    room.post("/api/register", json=BRUNO)
    mine = _cookies(room.post("/api/login", json=BRUNO))
    thief = _cookies(room.post("/api/login", json=BRUNO))
    change = {"old": "correct horse", "new": "battery staple"}
    assert room.post("/api/password", json=change, cookies=mine).json() == {"ok": True}
    assert room.get("/api/me", cookies=thief).status_code == 401
    assert room.get("/api/me", cookies=mine).json()["name"] == "Bruno"
    assert room.post("/api/login", json=BRUNO).status_code == 401
    renewed = room.post("/api/login", json={"name": "Bruno", "password": "battery staple"})
    assert renewed.status_code == 200


def test_a_password_change_needs_the_old_password_and_a_good_new_one(room):
    room.post("/api/register", json=BRUNO)
    mine = _cookies(room.post("/api/login", json=BRUNO))
    wrong = room.post("/api/password", json={"old": "guess", "new": "whatever1"}, cookies=mine)
    assert wrong.status_code == 401
    assert wrong.json()["code"] == "wrong_password"
    short = room.post("/api/password", json={"old": "correct horse", "new": "x"}, cookies=mine)
    assert short.status_code == 400
    assert short.json()["code"] == "bad_password"
    assert room.post("/api/login", json=BRUNO).status_code == 200
    guest = _cookies(room.post("/api/guest", json={"name": "Anna"}))
    change = {"old": "", "new": "whatever1"}
    refused = room.post("/api/password", json=change, cookies=guest)
    assert refused.status_code == 400
    assert refused.json()["code"] == "guest_password"
    room.cookies.clear()
    assert room.post("/api/password", json=change).status_code == 401


# -- limits ------------------------------------------------------------------------------


def _too_many(response, limit):
    assert response.status_code == 429, response.text
    body = response.json()
    assert body["code"] == "too_many_attempts"
    assert body["params"]["limit"] == limit
    assert body["params"]["retry_after"] >= 1
    assert response.headers["retry-after"] == str(body["params"]["retry_after"])
    assert limit in body["error"]
    assert "try again in" in body["error"]


def test_wrong_passwords_for_a_name_are_limited(sqlite_url):
    with _room(sqlite_url, login_failures_per_name=3) as room:
        room.post("/api/register", json=BRUNO)
        for _ in range(3):
            wrong = room.post("/api/login", json={"name": "Bruno", "password": "guess"})
            assert wrong.status_code == 401
        _too_many(room.post("/api/login", json={"name": "BRUNO", "password": "guess"}),
                  "login_failures_per_name")  # fmt: skip
        # Even the right password waits: a guesser cannot tell when they found it.
        _too_many(room.post("/api/login", json=BRUNO), "login_failures_per_name")
        # Another name is not held up.
        room.post("/api/register", json={"name": "Carla", "password": "carla's secret"})
        carla = room.post("/api/login", json={"name": "Carla", "password": "carla's secret"})
        assert carla.status_code == 200


def test_wrong_passwords_from_an_address_are_limited(sqlite_url):
    with _room(sqlite_url, login_failures_per_address=4) as room:
        for n in range(4):
            wrong = room.post("/api/login", json={"name": f"Name{n}", "password": "guess"})
            assert wrong.status_code == 401
        _too_many(room.post("/api/login", json={"name": "Other", "password": "guess"}),
                  "login_failures_per_address")  # fmt: skip


def test_entries_from_an_address_are_limited(sqlite_url):
    with _room(sqlite_url, entries_per_minute=3) as room:
        for n in range(2):
            assert room.post("/api/guest", json={"name": f"Guest{n}"}).status_code == 200
        assert room.post("/api/register", json=BRUNO).status_code == 200
        _too_many(room.post("/api/guest", json={"name": "Guest9"}), "entries_per_minute")
        _too_many(room.post("/api/register", json={"name": "Carla", "password": "12345678"}),
                  "entries_per_minute")  # fmt: skip
        # Logging in is not an entry: it has its own limits.
        assert room.post("/api/login", json=BRUNO).status_code == 200


# -- names --------------------------------------------------------------------------------


def test_a_seated_guests_name_is_kept_while_they_are_away(room):
    anna = Person.enter(room, "Anna")
    table = anna.create("krone")
    anna.close()
    thief = room.post("/api/guest", json={"name": "anna"})
    assert thief.status_code == 409
    assert thief.json()["code"] == "name_seated"
    assert thief.json()["params"] == {"name": "anna"}
    back = anna.reconnect()
    assert back.welcome["seated"] == [table]


def test_a_guest_name_is_free_again_once_its_table_is_gone(room):
    anna = Person.enter(room, "Anna")
    table = anna.create("krone")
    anna.send(t="leave", table=table)
    anna.close()
    assert room.post("/api/guest", json={"name": "Anna"}).status_code == 200


LOOK_ALIKE = "M\u0430r\u0430KKR"  # with Cyrillic а


def test_a_look_alike_of_a_registered_name_is_refused(room):
    assert room.post("/api/register", json={"name": "MaraKKR", "password": "a long one"}).is_success
    guest = room.post("/api/guest", json={"name": LOOK_ALIKE})
    assert guest.status_code == 409
    assert guest.json()["code"] == "name_registered"
    registered = room.post("/api/register", json={"name": LOOK_ALIKE, "password": "another1"})
    assert registered.status_code == 409
    assert registered.json()["code"] == "name_taken"
    greek = room.post("/api/guest", json={"name": "M\u03b1r\u03b1KKR"})  # Greek alpha
    assert greek.status_code == 409


def test_a_look_alike_of_an_online_guest_is_refused(room):
    anna = Person.enter(room, "Anna")
    assert room.post("/api/guest", json={"name": "\u0410nna"}).status_code == 409  # Cyrillic А
    assert room.post("/api/guest", json={"name": "Ａｎｎａ"}).status_code == 409  # full width
    anna.close()


def test_accents_still_make_another_name(room):
    zoe = Person.enter(room, "Zoe")
    zoë = Person.enter(room, "Zoë")
    assert {zoe.welcome["you"]["name"], zoë.welcome["you"]["name"]} == {"Zoe", "Zoë"}


def test_passwords_beyond_those_waiting_to_be_checked_are_refused_at_once(room, monkeypatch):
    # As if MAX_WAITING_HASHES passwords were being checked already.
    from ludoteca.server import accounts

    monkeypatch.setattr(accounts, "MAX_WAITING_HASHES", 0)
    busy = room.post("/api/register", json=BRUNO)
    assert busy.status_code == 503
    assert busy.json()["code"] == "busy"
    assert busy.headers["retry-after"] == "1"
    monkeypatch.undo()
    assert room.post("/api/register", json=BRUNO).status_code == 200

"""Tables before the start: chairs, options, bots, hosts, and the slash commands."""

import pytest

from ludoteca.server import commands
from ludoteca.server import protocol as p

from .client import Person


def test_create_join_and_see_each_other(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    table = anna.create("keltis")
    bruno.send(t="join", table=table)
    sync = bruno.expect("sync")
    assert [s["name"] for s in sync["table"]["seats"]][:2] == ["Anna", "Bruno"]
    assert sync["table"]["host"] == "Anna"
    changed = anna.expect("table")
    assert changed["table"]["seats"][1] == {
        "name": "Bruno",
        "bot": None,
        "connected": True,
        "replaced": None,
        "bot_account": False,
        "rating": None,  # an unrated table shows no ratings
        "provisional": False,
        "finish": None,  # no match of Bruno's has ended
    }


def test_bot_by_strength_seats_the_level_the_game_measured_and_the_welcome_lists_them(enter):
    anna = enter("Anna")
    krone = next(g for g in anna.welcome["games"] if g["id"] == "krone")
    assert krone["bot_levels"] == [
        {"strength": "easy", "level": "random"},
        {"strength": "medium", "level": "simple"},
        {"strength": "hard", "level": "greedy"},
        {"strength": "strongest", "level": "mcts"},
    ]
    table = anna.create("krone")
    anna.say("/bot medium", table)
    seats = anna.expect("table")["table"]["seats"]
    assert (seats[1]["name"], seats[1]["bot"]) == ("Bot 1 (simple)", "simple")
    anna.say("/bot greedy 3", table)
    assert anna.expect("table")["table"]["seats"][3]["bot"] == "greedy"


def test_slash_commands_do_what_their_messages_do(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    table = anna.create("kingdomino")
    bruno.say("/join 3", table)
    assert bruno.expect("sync")["table"]["seats"][3]["name"] == "Bruno"
    anna.say("/option mighty_duel true", table)
    anna.expect("table", where=lambda m: m["table"]["options"] == {"mighty_duel": True})
    anna.say("/option", table)
    listing = anna.expect("info", code="options")
    assert "mighty_duel = true" in listing["text"]
    assert listing["params"]["values"]["mighty_duel"] is True
    assert listing["params"]["values"]["harmony"] is False
    anna.say("/bot random", table)
    anna.expect("table", where=lambda m: m["table"]["seats"][1]["bot"] == "random")
    anna.say("/who", table)
    who = anna.expect("info", code="who")
    assert "Anna" in who["text"]
    assert "Bruno" in who["text"]
    assert "random" in who["text"]
    seats = {s["seat"]: s for s in who["params"]["seats"]}
    assert seats[1]["bot"] == "random"
    assert seats[3] == {"seat": 3, "name": "Bruno", "bot": None, "here": True}


def test_start_needs_the_host_and_enough_players(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    table = anna.create("kingdomino")
    anna.say("/start", table)
    assert "Kingdomino needs at least 2 players" in anna.refused("too_few")["text"]
    bruno.say("/join", table)
    bruno.expect("sync")
    bruno.say("/start", table)
    assert "only the host (Anna)" in bruno.refused("not_host")["text"]
    bruno.say("/option harmony true", table)
    bruno.refused("not_host")


def test_options_are_checked_against_the_players_at_the_start(enter):
    anna = enter("Anna")
    table = anna.create("kingdomino", mighty_duel=True)
    for _ in range(3):
        anna.say("/bot random", table)
        anna.expect("table")
    anna.say("/start", table)
    assert "2 players" in anna.refused("bad_option")["text"]


@pytest.mark.parametrize(
    ("text", "code", "fragment"),
    [
        ("/fly", "bad_command", "no command /fly"),
        ("/join x", "bad_command", "usage: /join [seat]"),
        ("/bot random 9", "bad_seat", "seats are numbered 0 to 3, not 9"),
        ("/join", "seated", "you already sit at this table"),
        ("/option nope 1", "unknown_option", "Kingdomino has no option 'nope'"),
        ("/option harmony maybe", "bad_option", "true or false"),
        ("/bot wizard", "bad_bot", "weakest first, are: easy (random), medium (simple)"),
        ("/kick Zed", "no_such_player", "nobody called 'Zed'"),
        ("/resign", "wrong_state", "only when the table is running"),
        ("/rematch", "wrong_state", "only when the table is finished"),
        ("/help nothing", "bad_command", "no command /nothing"),
    ],
)
def test_bad_commands_get_one_line_and_change_nothing(enter, text, code, fragment):
    anna = enter("Anna")
    table = anna.create("kingdomino")
    before = anna.client.app.state.room.tables[table]
    version = before.version
    anna.say(text, table)
    error = anna.refused(code)
    assert fragment in error["text"]
    assert "\n" not in error["text"]
    assert before.version == version


def test_a_host_who_leaves_hands_the_table_to_the_next_person(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    table = anna.create("keltis")
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    anna.say("/leave", table)
    anna.expect("lobby")
    bruno.expect("table", where=lambda m: m["table"]["host"] == "Bruno")
    bruno.say("/bot", table)
    bruno.expect("table", where=lambda m: m["table"]["seats"][0]["bot"] == "simple")


def test_the_host_kicks_before_the_start_and_the_kicked_may_watch(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    table = anna.create("keltis")
    bruno.send(t="join", table=table)
    bruno.expect("sync")
    anna.say("/kick bruno", table)
    bruno.expect("table", where=lambda m: all(s["name"] != "Bruno" for s in m["table"]["seats"]))
    anna.say("/kick Anna", table)
    anna.refused("kick_self")


def test_a_table_with_nobody_left_closes_and_leaves_the_lobby(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    table = anna.create("cronberg")
    anna.say("/leave", table)
    anna.expect("lobby")
    update = bruno.expect("lobby_update")
    while table not in update["closed"]:
        update = bruno.expect("lobby_update")
    assert table not in anna.client.app.state.room.tables


def test_lobby_and_table_chat(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    anna.say("hello <b>room</b>")
    line = bruno.expect("lobby_chat")["line"]
    assert line == {"name": "Anna", "text": "hello <b>room</b>", "at": line["at"]}
    table = anna.create("krone")
    anna.say("at the table", table)
    assert anna.expect("chat")["line"]["text"] == "at the table"
    bruno.say("from outside", table)
    bruno.refused("not_watching")
    anna.say("x" * 501, table)
    assert anna.refused("long_chat")["params"] == {"most": 500}
    anna.say("bell\x07", table)
    anna.refused("bad_chat")


def test_help_lists_every_command(enter):
    anna = enter("Anna")
    anna.say("/help")
    answer = anna.expect("info", code="help")
    for name in commands.COMMANDS:
        assert f"/{name}" in answer["text"]
    assert [c["name"] for c in answer["params"]["commands"]] == list(commands.COMMANDS)


def test_commands_parse_to_the_messages_a_button_sends():
    assert commands.parse("/join", 4) == p.Join(table=4)
    assert commands.parse("/join 2", 4) == p.Join(table=4, seat=2)
    assert commands.parse("/bot", 4) == p.SeatBot(table=4)
    assert commands.parse("/bot 3", 4) == p.SeatBot(table=4, seat=3)
    assert commands.parse("/bot greedy 3", 4) == p.SeatBot(table=4, level="greedy", seat=3)
    assert commands.parse("/option mighty_duel true", 4) == p.SetOption(
        table=4, name="mighty_duel", value="true"
    )
    assert commands.parse("/kick Anna Maria", 4) == p.Kick(table=4, name="Anna Maria")
    assert commands.parse("/WHO", None) == p.Who()
    with pytest.raises(commands.CommandError, match="typed at a table"):
        commands.parse("/start", None)
    with pytest.raises(commands.CommandError, match="usage: /bot"):
        commands.parse("/bot a b", 1)


def test_watchers_counts_only_people_without_a_seat(enter):
    anna, bruno, carla = enter("Anna"), enter("Bruno"), enter("Carla")
    table = anna.create("keltis")
    bruno.send(t="join", table=table)
    assert bruno.expect("sync")["table"]["watchers"] == 0
    carla.send(t="watch", table=table)
    assert carla.expect("sync")["table"]["watchers"] == 1
    assert anna.expect("presence")["watchers"] == 1
    # A second tab of the same spectator is the same person.
    second_tab = Person(carla.client, carla.name, carla.cookies)
    second_tab.send(t="watch", table=table)
    assert second_tab.expect("sync")["table"]["watchers"] == 1

"""Request ids: a message sent twice with the same id (a double click) is done once; the
repeat is refused with ``repeated``, names its id, and changes nothing."""

from ludoteca.server.requests import RecentRequests


def test_the_same_create_twice_opens_one_table(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    anna.send(t="create", game="keltis", options={}, rid="c1")
    anna.send(t="create", game="keltis", options={}, rid="c1")
    # The repeat is refused at once; the table is told once it is stored.
    refusal = anna.refused("repeated")
    assert refusal["rid"] == "c1"
    assert refusal["params"] == {"rid": "c1"}
    assert "c1" in refusal["text"]
    table = anna.expect("sync")["table"]["id"]
    # Everyone's lobby shows one table, with Anna at it once.
    update = bruno.expect("lobby_update", where=lambda m: m["tables"])
    assert [t["id"] for t in update["tables"]] == [table]
    assert [s["name"] for s in update["tables"][0]["seats"]].count("Anna") == 1
    anna.send(t="watch", table=table + 1)
    assert f"tables: {table}" in anna.refused("no_table")["text"]


def test_a_new_id_is_a_new_request_and_ids_are_per_connection(enter):
    anna, bruno = enter("Anna"), enter("Bruno")
    anna.send(t="create", game="keltis", options={}, rid="x")
    first = anna.expect("sync")["table"]["id"]
    anna.send(t="create", game="keltis", options={}, rid="y")
    assert anna.expect("sync")["table"]["id"] == first + 1
    # Bruno's "x" is his own first request.
    bruno.send(t="join", table=first, rid="x")
    assert bruno.expect("sync")["table"]["id"] == first


def test_a_repeated_chat_or_command_is_said_once(enter):
    anna = enter("Anna")
    table = anna.create("krone")
    anna.send(t="chat", text="hello", table=table, rid="say-1")
    anna.send(t="chat", text="hello", table=table, rid="say-1")
    anna.refused("repeated")
    anna.expect("chat", where=lambda m: m["line"]["text"] == "hello")
    anna.send(t="chat", text="/bot simple", table=table, rid="bot-1")
    anna.send(t="chat", text="/bot simple", table=table, rid="bot-1")
    assert anna.refused("repeated")["rid"] == "bot-1"
    changed = anna.expect("table", where=lambda m: any(s["bot"] for s in m["table"]["seats"]))
    assert sum(1 for s in changed["table"]["seats"] if s["bot"]) == 1
    # A refused command names its request too.
    anna.send(t="chat", text="/nonsense", table=table, rid="cmd-1")
    assert anna.refused("bad_command")["rid"] == "cmd-1"
    anna.send(t="who", table=table)
    seats = anna.expect("info", code="who")["params"]["seats"]
    assert [s["name"] for s in seats].count("Anna") == 1
    assert sum(1 for s in seats if s["bot"]) == 1


def test_a_request_id_has_a_bounded_length(enter):
    anna = enter("Anna")
    anna.send(t="ping", rid="")
    assert anna.refused("bad_message")["text"].startswith("not a message")
    anna.send(t="ping", rid="r" * 65)
    anna.refused("bad_message")
    anna.send(t="ping", rid="r" * 64)
    anna.expect("pong")


def test_only_the_latest_ids_are_kept():
    recent = RecentRequests(kept=3)
    assert [recent.first(r) for r in ("a", "b", "a", "c", "d")] == [True, True, False, True, True]
    # "a" was pushed out by "d": it counts as new again; "c" and "d" are remembered.
    assert recent.first("a")
    assert not recent.first("d")
    assert not recent.first("c")

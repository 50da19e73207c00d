"""Hidden information: hands, the deck and the box stay hidden in views, logs and errors.

The test keeps its own account of what each seat may know while playing whole games: its
own hand, everything on the table, and the cards others were seen taking from a pile.
"""

import json
import random
import re
from collections import Counter

import pytest

from ludoteca.engine import CHANCE, IllegalMove

from .helpers import GAME, build

CARD = re.compile(r"\b(?:[rygbv](?:10|[0-9]|-end)|p(?:10|[0-9]))\b")


def cards_in(thing) -> Counter:
    text = thing if isinstance(thing, str) else json.dumps(thing)
    return Counter(CARD.findall(text))


def table_cards(position) -> Counter:
    found = Counter()
    for player in position["players"]:
        for cards in player["rows"].values():
            found.update(cards)
        found.update(player["point_row"])
    for cards in position["piles"].values():
        found.update(cards)
    return found


def leaving_hand(move: str) -> list[str]:
    words = move.split()
    if words[0] in ("play", "discard"):
        return [words[1]]
    return words[1:] if words[0] == "wish" else []


def check_seat(match, seat, seen_taken, may_see_entry):
    view = match.view(seat)
    position = match.position()
    allowed = table_cards(position)
    for cards in seen_taken.values():
        allowed.update(cards)
    if seat is not None:
        allowed.update(position["players"][seat]["hand"])
    assert "deck" not in view["position"]
    assert "box" not in view["position"]
    assert cards_in(view["position"]) == allowed
    if view["result"] is not None:
        assert not cards_in(view["result"]) - table_cards(position)
    for index, shown in enumerate(view["log"]):
        if not may_see_entry[index](seat):
            assert not cards_in(shown["move"]), shown
    return allowed


def check_errors(match, allowed, rng, every_move):
    legal = {str(move) for move in match.legal_moves()}
    for text in rng.sample([t for t in every_move if t not in legal], 12):
        before = match.to_json()
        with pytest.raises(IllegalMove) as error:
            match.play(text)
        assert not cards_in(str(error.value)) - cards_in(text) - allowed, (text, error.value)
        assert match.to_json() == before


@pytest.mark.parametrize("policy", ["random", "simple"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_log_or_error_shows_a_card_the_seat_cannot_know(players, policy):
    from .test_notation import every_move

    texts = sorted({str(m) for m in every_move() if not m.is_chance})
    rng = random.Random(players)
    match = GAME.new_match(players)
    seen_taken = {seat: [] for seat in range(players)}
    may_see_entry = []
    step = 0
    while not match.is_over:
        step += 1
        before = match.position()
        actor = match.to_move
        if actor is CHANCE:
            move = str(match.play_chance(rng))
            after = match.position()
            grew = [
                s for s in range(players)
                if len(after["players"][s]["hand"]) > len(before["players"][s]["hand"])
            ]  # fmt: skip
            assert len(grew) == (0 if move.startswith("remove") else 1)
            may_see_entry.append(lambda seat, grew=tuple(grew): seat in grew)
        else:
            choice = (
                rng.choice(match.legal_moves())
                if policy == "random"
                else GAME.simple_move(match.state, rng)
            )
            move = str(choice)
            if move.startswith("draw ") and move != "draw deck":
                seen_taken[actor].append(before["piles"][move[5:]][-1])
            match.play(move)
            for card in leaving_hand(move):
                if card in seen_taken[actor]:
                    seen_taken[actor].remove(card)
            may_see_entry.append(lambda seat: True)
        for seat in [None, *range(players)]:
            allowed = check_seat(match, seat, seen_taken, may_see_entry)
            if seat == match.to_move and step % 3 == 0:
                check_errors(match, allowed, rng, texts)
    assert match.view(None)["position"]["box_size"] == (30 if players == 2 else 0)


def test_determinize_redraws_only_what_the_seat_cannot_know():
    match = build(
        3,
        seat=1,
        hands={0: ["r5", "g7"], 1: ["y3"], 2: ["b6", "b6"]},
        taken={2: ["b6"]},
        piles={"r": ["r2"]},
    )
    original = match.position()
    differs = 0
    for seed in range(20):
        twin = GAME.dump_position(match.state.determinize(0, random.Random(seed)))
        assert twin["players"][0]["hand"] == original["players"][0]["hand"]
        assert "b6" in twin["players"][2]["hand"]
        for seat in range(3):
            assert len(twin["players"][seat]["hand"]) == 8
            assert twin["players"][seat]["rows"] == original["players"][seat]["rows"]
        assert twin["piles"] == original["piles"]
        assert len(twin["deck"]) == len(original["deck"])
        every = Counter(twin["deck"]) + Counter(twin["box"])
        for player in twin["players"]:
            every.update(player["hand"])
        expected = Counter(original["deck"]) + Counter(original["box"])
        for player in original["players"]:
            expected.update(player["hand"])
        assert every == expected
        differs += twin["players"][1]["hand"] != original["players"][1]["hand"]
    assert differs > 15


def test_determinize_keeps_the_box_size_with_two_players():
    match = build(hands={0: ["r5"]})
    twin = GAME.dump_position(match.state.determinize(None, random.Random(1)))
    assert len(twin["box"]) == 30
    assert twin["box"] != match.position()["box"]

"""One suite over every registered game: the engine contract, checked by playing.

Random playouts to the end, notation round-trips, copies, JSON documents, replay from the
log, views that keep hidden things hidden, and illegal moves refused without a trace.
"""

import json
import pickle
import random
from fractions import Fraction

import pytest

import ludoteca
from ludoteca.engine import CHANCE, IllegalMove, Match, MoveSyntaxError, StateError


def playout(match: Match, rng: random.Random, policy: str = "random", limit: int = 200_000):
    """Play to the end; yield the match before every decision."""
    game = match.game
    for _ in range(limit):
        if match.is_over:
            return
        yield match
        if match.to_move is CHANCE:
            match.play_chance(rng)
        elif policy == "random":
            match.play(rng.choice(match.legal_moves()))
        else:
            match.play(game.simple_move(match.state, rng))
    raise AssertionError(f"{game.id}: no end after {limit} moves")


def player_counts(game_id: str) -> range:
    game = ludoteca.game(game_id)
    return range(game.min_players, game.max_players + 1)


def check_result(match: Match) -> None:
    result = match.result()
    seats = sorted(seat for place in result.ranking for seat in place)
    assert seats == list(range(match.players))
    assert all(place for place in result.ranking)
    if result.scores is not None:
        assert len(result.scores) == match.players
    json.dumps(result.to_json())


def test_game_describes_itself(game_id):
    game = ludoteca.game(game_id)
    info = game.describe()
    assert info["id"] == game_id
    assert set(info["names"]) == {"en", "it", "de"}
    assert 2 <= game.min_players <= game.max_players
    json.dumps(info)


def test_every_move_begins_with_one_of_the_games_verbs(game_id):
    game = ludoteca.game(game_id)
    assert game.describe()["verbs"] == list(game.verbs)
    match = game.new_match(game.min_players)
    begun = set()
    for m in playout(match, random.Random(5)):
        if m.to_move is not CHANCE:
            begun |= {str(move).split()[0] for move in m.legal_moves()}
    begun |= {entry.text.split()[0] for entry in match.log}
    assert begun <= set(game.verbs), begun - set(game.verbs)
    # Each verb is one the notation knows: after it, only its arguments can be wrong.
    for verb in game.verbs:
        try:
            game.parse_move(verb)
            unknown = False
        except MoveSyntaxError as error:
            unknown = "unknown move" in str(error)
        assert not unknown, verb


def test_random_playouts_reach_a_result(game_id):
    rng = random.Random(11)
    for players in player_counts(game_id):
        for _ in range(2):
            match = ludoteca.game(game_id).new_match(players)
            for m in playout(match, rng):
                if m.to_move is not CHANCE:
                    assert m.legal_moves(), "a seat to move must have a legal move"
            assert match.legal_moves() == []
            check_result(match)


def test_simple_policy_plays_legal_moves_to_the_end(game_id):
    rng = random.Random(5)
    game = ludoteca.game(game_id)
    for players in player_counts(game_id):
        match = game.new_match(players)
        for m in playout(match, rng, policy="simple"):
            if m.to_move is not CHANCE:
                assert game.simple_move(m.state, random.Random(0)) in m.legal_moves()
        check_result(match)


def test_notation_round_trips(game_id):
    rng = random.Random(3)
    game = ludoteca.game(game_id)
    for players in player_counts(game_id):
        for m in playout(game.new_match(players), rng):
            moves = m.legal_moves()
            if m.to_move is CHANCE:
                moves = [m.state.sample_chance(rng)]
            for move in rng.sample(moves, min(4, len(moves))):
                assert game.parse_move(str(move)) == move, str(move)


def test_a_match_reads_each_text_as_the_game_does_and_keeps_only_what_it_read(game_id):
    # Match.parse keeps what it read, per game: a text must read the same the second
    # time, and a text that does not read must be refused every time, in the same words.
    rng = random.Random(6)
    game = ludoteca.game(game_id)
    match = game.new_match(player_counts(game_id)[0])
    for m in playout(match, rng, limit=200_000):
        if m.moves_played > 60:
            break
        for move in m.legal_moves()[:5]:
            text = str(move)
            assert m.parse(text) == game.parse_move(text) == m.parse(text)
    for bad in ("", "fly away", "pick pick pick"):
        with pytest.raises(MoveSyntaxError) as first:
            match.parse(bad)
        with pytest.raises(MoveSyntaxError) as second:
            match.parse(bad)
        assert str(first.value) == str(second.value)
        with pytest.raises(MoveSyntaxError) as direct:
            game.parse_move(bad)
        assert str(direct.value) == str(first.value)


def test_chance_outcomes_sum_to_one_and_are_playable(game_id):
    rng = random.Random(8)
    game = ludoteca.game(game_id)
    match = game.new_match(game.min_players)
    checked = 0
    for m in playout(match, rng):
        if m.to_move is CHANCE and checked < 40:
            outcomes = m.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            assert len({move for move, _ in outcomes}) == len(outcomes)
            move, _ = rng.choice(outcomes)
            m.copy().play(move)
            assert m.state.sample_chance(rng) in {move for move, _ in outcomes}
            checked += 1
    assert checked, "every game has chance events"


def test_copy_is_independent(game_id):
    rng = random.Random(4)
    match = ludoteca.game(game_id).new_match(ludoteca.game(game_id).min_players)
    for step, m in enumerate(playout(match, rng)):
        if step % 7 == 3:
            before = m.to_json()
            twin = m.copy()
            assert twin.to_json() == before
            for _ in range(5):
                if twin.is_over:
                    break
                if twin.to_move is CHANCE:
                    twin.play_chance(rng)
                else:
                    twin.play(rng.choice(twin.legal_moves()))
            assert m.to_json() == before
        if step > 300:
            break


def test_a_pickled_state_plays_on_alike(game_id):
    # Bots think in other processes (server/thinking.py): the state goes over as a pickle
    # and must come back the same game, not only the same JSON.
    rng = random.Random(12)
    game = ludoteca.game(game_id)
    for step, m in enumerate(playout(game.new_match(game.max_players), rng)):
        if step % 5:
            continue
        back = pickle.loads(pickle.dumps(m.state, protocol=pickle.HIGHEST_PROTOCOL))
        assert game.dump_position(back) == game.dump_position(m.state)
        assert back.to_move() == m.to_move
        assert back.legal_moves() == m.legal_moves()
        if m.to_move is not CHANCE:
            seed = rng.randrange(2**32)
            chosen = game.simple_move(m.state, random.Random(seed))
            assert game.simple_move(back, random.Random(seed)) == chosen
            back.check(chosen)
        if step > 150:
            break


def test_json_document_round_trips_and_replays(game_id):
    rng = random.Random(6)
    game = ludoteca.game(game_id)
    for players in player_counts(game_id):
        match = game.new_match(players)
        for step, m in enumerate(playout(match, rng)):
            if step % 97 == 50 and step < 97 * 6:
                loaded = game.load(m.to_json())
                assert loaded.to_json() == m.to_json()
                assert loaded.to_move == m.to_move
        loaded = game.load(match.to_json())
        assert loaded.to_json() == match.to_json()
        assert loaded.result() == match.result()
        # The log alone reproduces the match.
        replayed = game.new_match(players)
        for entry in match.log:
            replayed.play(str(entry.move))
        assert replayed.position() == match.position()
        # A bare position loads as a start.
        bare = game.load({"game": game_id, "players": players, "position": match.position()})
        assert bare.position() == match.position()


def _altered(data):
    """Copies of a JSON value, each differing from it in one place."""
    if isinstance(data, dict):
        yield {**data, "extra": 1}
        for key, value in data.items():
            yield {k: v for k, v in data.items() if k != key}
            for changed in _altered(value):
                yield {**data, key: changed}
    elif isinstance(data, list):
        yield [*data, data[-1] if data else 0]
        if data:
            yield data[:-1]
            yield tuple(data)
        for index, value in enumerate(data):
            for changed in _altered(value):
                yield [*data[:index], changed, *data[index + 1 :]]
    elif isinstance(data, bool) or data is None:
        yield 0 if data is None else not data
    elif isinstance(data, int | float):
        yield data + 1
    elif isinstance(data, str):
        yield data + "x"


def test_is_position_says_whether_a_position_is_the_states_own(game_id):
    """``Game.is_position`` (how a loaded document's position is checked) agrees with
    comparing ``dump_position``, for the position as read from a file and for any change of
    it."""
    rng = random.Random(8)
    game = ludoteca.game(game_id)
    for players in (game.min_players, game.max_players):
        match = game.new_match(players)
        for step, m in enumerate(playout(match, rng)):
            if step % 41 != 20:
                continue
            state, written = m.state, json.loads(json.dumps(m.position()))
            assert game.is_position(state, written)
            changes = list(_altered(written))
            for changed in rng.sample(changes, min(len(changes), 60)):
                expected = game.dump_position(state) == changed
                assert game.is_position(state, changed) == expected, changed


def test_views_are_json_and_hide_what_they_should(game_id):
    rng = random.Random(9)
    game = ludoteca.game(game_id)
    for players in player_counts(game_id):
        match = game.new_match(players)
        for step, m in enumerate(playout(match, rng)):
            if step % 13 or step > 13 * 30:
                continue
            for seat in [None, *range(players)]:
                view = m.view(seat)
                json.dumps(view)
                assert view["seat"] == seat
                for entry, shown in zip(m.log, view["log"], strict=True):
                    if not entry.visible_to(seat):
                        assert shown["move"] != str(entry.move)
                # Drawing every hidden thing anew changes nothing this seat can see.
                other = Match(game, players, m.options, m.state.determinize(seat, rng))
                assert other.view(seat)["position"] == view["position"]
                if seat is not None and m.to_move == seat:
                    assert view["legal_moves"] == [str(x) for x in m.legal_moves()]
                else:
                    assert view["legal_moves"] == []


def test_determinize_depends_only_on_what_the_seat_knows(game_id):
    # Two positions a seat cannot tell apart determinize alike under the same seed: a bot
    # that decides from a determinization cannot be swayed by what is hidden from it.
    rng = random.Random(21)
    game = ludoteca.game(game_id)
    for players in player_counts(game_id):
        for step, m in enumerate(playout(game.new_match(players), rng)):
            if step % 11 or m.to_move is CHANCE or m.is_over:
                continue
            seat = m.to_move
            twin = m.state.determinize(seat, random.Random(step))
            mine = game.dump_position(m.state.determinize(seat, random.Random(7)))
            assert game.dump_position(twin.determinize(seat, random.Random(7))) == mine


def test_views_of_many_seats_are_each_seats_own_view(game_id):
    # Match.views shares work between seats only where the game says nothing is hidden;
    # it must give exactly what view() gives each seat, or a card would show.
    rng = random.Random(8)
    game = ludoteca.game(game_id)
    for players in player_counts(game_id):
        for step, m in enumerate(playout(game.new_match(players), rng)):
            if step % 7:
                continue
            seats = [None, *range(players)]
            since = len(m.log) // 3
            together = m.views(seats, since)
            for seat in seats:
                assert together[seat] == m.view(seat, since)
            if game.open_information:
                assert all(
                    together[seat]["position"] == together[None]["position"]
                    and together[seat]["log"] == together[None]["log"]
                    for seat in seats
                )
                # and no move is anyone's secret: a stored log is replayed without asking
                assert all(entry.secret is None for entry in m.log)


def test_a_view_from_a_log_index_holds_the_rest_of_the_same_view(game_id):
    rng = random.Random(5)
    game = ludoteca.game(game_id)
    players = player_counts(game_id)[0]
    for step, m in enumerate(playout(game.new_match(players), rng)):
        if step % 17:
            continue
        for seat in [None, *range(players)]:
            whole = m.view(seat)
            since = len(m.log) // 2
            part = m.view(seat, since=since)
            assert part["log_from"] == since
            assert part["log"] == whole["log"][since:]
            assert {k: v for k, v in part.items() if k not in ("log", "log_from")} == {
                k: v for k, v in whole.items() if k not in ("log", "log_from")
            }
    with pytest.raises(ValueError, match="since must be 0 to"):
        game.new_match(players).view(0, since=1)


def test_views_and_documents_asked_as_the_match_goes_on_hold_every_entry(game_id):
    # The match keeps each reader's log and extends it by what was played since: asked
    # between moves, it must hold every entry as that seat may read it, no more.
    rng = random.Random(14)
    game = ludoteca.game(game_id)
    players = player_counts(game_id)[-1]
    seats = [None, *range(players)]
    for step, m in enumerate(playout(game.new_match(players), rng)):
        if step % 5 or step > 5 * 60:
            continue
        for seat in seats:
            assert m.view(seat)["log"] == [entry.view(seat) for entry in m.log]
        document = m.to_json()
        assert document["log"] == [entry.to_json() for entry in m.log]
        document["log"].append({"by": 0, "move": "not a move"})  # the caller's own list
        assert len(m.to_json()["log"]) == len(m.log)
        if step == 5 * 30:
            # A copy goes on alone: its log and its views are its own.
            twin = m.copy()
            while not twin.is_over and twin.moves_played < m.moves_played + 5:
                if twin.to_move is CHANCE:
                    twin.play_chance(rng)
                else:
                    twin.play(rng.choice(twin.legal_moves()))
            assert len(twin.view(None)["log"]) == twin.moves_played
            assert len(m.view(None)["log"]) == m.moves_played


def test_illegal_moves_are_refused_and_change_nothing(game_id):
    rng = random.Random(12)
    game = ludoteca.game(game_id)
    seen: list = []
    match = game.new_match(game.max_players)
    for step, m in enumerate(playout(match, rng)):
        legal = m.legal_moves() if m.to_move is not CHANCE else []
        seen.extend(rng.sample(legal, min(3, len(legal))))
        if step % 5 or m.to_move is CHANCE:
            continue
        before = m.to_json()
        for move in rng.sample(seen, min(10, len(seen))):
            if move in legal:
                continue
            with pytest.raises(IllegalMove) as error:
                m.play(move)
            assert str(error.value), "an error says what was wrong"
            assert m.to_json() == before
        for move in rng.sample(legal, min(3, len(legal))):
            m.copy().play(move)  # every listed move is accepted
        if step > 2000:
            break


def test_contract_errors(game_id):
    game = ludoteca.game(game_id)
    match = game.new_match(game.min_players)
    with pytest.raises(ludoteca.MoveSyntaxError):
        match.play("no such move @@")
    with pytest.raises(StateError):
        match.result()
    if match.to_move is not CHANCE:
        with pytest.raises(StateError):
            match.chance_outcomes()
        with pytest.raises(StateError):
            match.play_chance(random.Random(1))
    with pytest.raises(ludoteca.OptionError):
        game.new_match(game.max_players + 1)
    with pytest.raises(ludoteca.OptionError):
        game.new_match(game.min_players, {"no_such_option": True})
    with pytest.raises(ValueError, match="seat"):
        match.view(game.max_players + 3)


def _mutate(text: str, words: list[str], rng: random.Random) -> str:
    tokens = text.split()
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(tokens))
        choice = rng.random()
        if choice < 0.4:
            tokens[i] = str(rng.randint(-1, 15))
        elif choice < 0.7:
            tokens[i] = rng.choice(words)
        elif choice < 0.85 and len(tokens) > 1:
            del tokens[i]
        else:
            tokens.insert(i, rng.choice(words))
    return " ".join(tokens)


def test_mutated_move_texts_are_legal_or_refused_cleanly(game_id):
    """What a client might send: any text is either a legal move or an IllegalMove."""
    rng = random.Random(17)
    game = ludoteca.game(game_id)
    words: list[str] = []
    for players in player_counts(game_id):
        match = game.new_match(players)
        for step, m in enumerate(playout(match, rng)):
            if m.to_move is CHANCE or step > 600:
                continue
            legal = m.legal_moves()
            texts = [str(x) for x in rng.sample(legal, min(5, len(legal)))]
            words.extend(w for t in texts for w in t.split())
            before = m.to_json()
            for text in texts:
                mutated = _mutate(text, words, rng)
                try:
                    move = m.copy().play(mutated)
                except IllegalMove:
                    continue
                assert move in legal, f"{mutated!r} was accepted but is not listed"
            assert m.to_json() == before


def test_syntax_error_hints_name_no_chance_outcome(game_id):
    # A person told that 'dice <values>' is a move would type one and be refused.
    game = ludoteca.game(game_id)
    with pytest.raises(ludoteca.MoveSyntaxError) as error:
        game.parse_move("no such move @@")
    assert "chance" not in str(error.value)
    rng = random.Random(2)
    chance_verbs = set()
    for m in playout(game.new_match(game.min_players), rng):
        if m.to_move is CHANCE:
            chance_verbs.add(str(m.state.sample_chance(rng)).split()[0])
    assert chance_verbs
    hint = str(error.value).split("moves are:")[1].split("—")[0]
    for verb in chance_verbs - {"draw"}:  # Kingdomino's 'draw' is chance, Keltis' a seat's
        assert f"{verb} <" not in hint, verb


def test_the_terminal_text_shows_no_python_values(game_id):
    # What a person reads: never 'None', 'True' or a list's brackets; '1 point', not
    # '1 points'; lines that fit an 80-column terminal; every seat's score at the end.
    rng = random.Random(13)
    game = ludoteca.game(game_id)
    for players in player_counts(game_id):
        match = game.new_match(players)
        for step, m in enumerate(playout(match, rng)):
            if step % 23:
                continue
            for seat in (None, 0):
                for full in (True, False):
                    _readable(game.render(m.view(seat), full=full))
            for name in game.pages:
                _readable(game.page(name, m.view(0)))
        for seat in (None, *range(players)):
            text = game.render(match.view(seat))
            _readable(text)
            assert "Final " in text, "the end shows every seat's score and its breakdown"


def _readable(text: str) -> None:
    import re

    for python in ("None", "True", "False", "[", "]", "{", "}"):
        assert python not in text, (python, text)
    assert max(len(line) for line in text.splitlines()) <= 80, text
    assert not re.search(r"(?<![\d.])-?1 (points|cards|dice|pawns|crowns)\b", text), text

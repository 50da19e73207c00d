"""Finished matches after the fact: their result, a replay step by step, the match
document, and a player's page. HTTP only; nothing here changes the room.

A replay shows what the person asking could have seen at that point: the spectator's
view, or their own seat's if they played in that match (their own hand, never another's).
The match document holds everything, hidden hands included, so it is given to anyone only
for games of open information, and otherwise only to the match's own players.

A person's own matches (``my_matches``) are found by their session, guests' too: what
runs now, with a link to its table, and what finished, with its result and what it did to
their rating.
"""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

import ludoteca
from ludoteca.bots import strength

from .accounts import name_key
from .answers import asker, refuse
from .ratings import provisional
from .replays import FinishedMatches, Replay
from .reputation import FinishRate
from .storage.rows import RatingChange, StoredMatch

#: How many recent finished matches a player's page looks through.
RECENT_SCAN = 2000
RECENT_SHOWN = 20
LEADERBOARD = 100


def _match_id(request: Request) -> int | None:
    text = request.path_params["match"]
    return int(text) if text.isdigit() else None


async def _finished(request: Request) -> Replay | Response:
    match_id = _match_id(request)
    state = request.app.state
    finished: FinishedMatches = state.finished
    replay = None if match_id is None else await finished.get(state.room.store, match_id)
    if replay is None:
        return refuse(
            "no_match",
            f"there is no finished match {request.path_params['match']!r}",
            404,
            match=request.path_params["match"],
        )
    return replay


async def _viewer_seat(request: Request, stored: StoredMatch) -> int | None:
    """The seat of the person asking in that match, or None (a spectator's view)."""
    person = await asker(request)
    return None if person is None else stored.seat_of(person.id)


def _change(change: RatingChange) -> dict[str, Any]:
    """A rating change as the pages show it: before, after and the difference, each
    rounded as the rating is shown, so that before + change = after on the page."""
    before, after = round(change.before), round(change.after)
    return {"before": before, "after": after, "change": after - before}


def _names(stored: StoredMatch) -> list[str | None]:
    return [None if chair is None else chair.get("name") for chair in stored.seats]


async def match_summary(request: Request) -> Response:
    replay = await _finished(request)
    if isinstance(replay, Response):
        return replay
    stored = replay.stored
    seat = await _viewer_seat(request, stored)
    game = ludoteca.game(stored.game)
    changes = await request.app.state.room.store.match_rating_changes([stored.id])
    by_seat = {stored.seat_of(c.user_id): _change(c) for c in changes}
    return JSONResponse(
        {
            "id": stored.id,
            "game": stored.game,
            "players": stored.players,
            "options": stored.options,
            "names": _names(stored),
            "bots": [None if chair is None else chair.get("bot") for chair in stored.seats],
            # Seats of bot accounts (docs/bots.md), shown as BOT.
            "bot_accounts": [bool(chair and chair.get("bot_account")) for chair in stored.seats],
            "started_at": stored.started_at,
            "finished_at": stored.finished_at,
            "result": stored.result,
            "moves": len(stored.log),
            "you": seat,
            "document": game.open_information or seat is not None,
            #: Each rated player's rating before and after, by seat (null: not rated).
            "ratings": [by_seat.get(s) for s in range(len(stored.seats))],
        }
    )


async def my_matches(request: Request) -> Response:
    """The asker's matches, a guest's included: running ones (with their tables) first,
    then the finished ones, newest first, with their places and rating changes."""
    person = await asker(request)
    if person is None:
        return refuse("not_entered", "enter the room first (as a guest or logged in)", 401)
    room = request.app.state.room
    running = [
        {
            "table": table.id,
            "game": table.game.id,
            "status": table.status,
            "match": table.match_id,
            "your_turn": entry.your_turn,
            "key": table.privacy.key,
            "names": [None if c is None else c.name for c in table.seats],
        }
        for table_id, entry in room.mine.of.get(person.id, {}).items()
        if (table := room.tables.get(table_id)) is not None
    ]
    finished = []
    for stored in await room.store.finished_matches(RECENT_SCAN):
        seat = stored.seat_of(person.id)
        if seat is None or stored.result is None:
            continue
        finished.append((stored, seat))
        if len(finished) == RECENT_SHOWN:
            break
    changes = await room.store.match_rating_changes([stored.id for stored, _ in finished])
    mine = {c.match_id: _change(c) for c in changes if c.user_id == person.id}
    return JSONResponse(
        {
            "running": running,
            "finished": [
                {
                    "id": stored.id,
                    "game": stored.game,
                    "finished_at": stored.finished_at,
                    "place": _place(stored, seat),
                    "names": _names(stored),
                    "rating": mine.get(stored.id),
                }
                for stored, seat in finished
            ],
        }
    )


async def table_link(request: Request) -> Response:
    """What a table's link finds: a table in the room, or one no longer (and the page of
    its last match, if it had one)."""
    text = request.path_params["table"]
    table_id = int(text) if text.isdigit() else None
    room = request.app.state.room
    if table_id is not None and table_id in room.tables:
        return JSONResponse({"table": table_id, "open": True})
    match = None if table_id is None else await room.store.last_match_of_table(table_id)
    return refuse(
        "no_table", "this table is not in the room (any more)", 404, table=text, match=match
    )


def _place(stored: StoredMatch, seat: int) -> int | None:
    """1 for the winners, and so on; None for a match called off."""
    if stored.result is None or stored.result.get("aborted", False):
        return None
    standing = stored.result.get("standing") or stored.result["ranking"]
    return 1 + sum(len(group) for group in _before(standing, seat))


async def match_view(request: Request) -> Response:
    """``?at=N``: the view after the first N log entries, as this person may see it."""
    replay = await _finished(request)
    if isinstance(replay, Response):
        return replay
    stored = replay.stored
    text = request.query_params.get("at", str(len(stored.log)))
    if not text.isdigit() or int(text) > len(stored.log):
        return refuse(
            "bad_step",
            f"at is a step from 0 to {len(stored.log)}, not {text!r}",
            400,
            most=len(stored.log),
        )
    seat = await _viewer_seat(request, stored)
    view = await request.app.state.finished.view(replay, seat, int(text))
    return Response(view, media_type="application/json")


async def match_document(request: Request) -> Response:
    replay = await _finished(request)
    if isinstance(replay, Response):
        return replay
    stored = replay.stored
    seat = await _viewer_seat(request, stored)
    if not ludoteca.game(stored.game).open_information and seat is None:
        return refuse(
            "document_private",
            "this game hides its players' hands: only its own players may download the "
            "whole match; anyone may replay it",
            403,
        )
    return Response(
        await request.app.state.finished.document(replay),
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="ludoteca-{stored.game}-{stored.id}.json"'
        },
    )


async def player_page(request: Request) -> Response:
    """A registered player's games per game, wins and recent matches."""
    room = request.app.state.room
    user = await room.store.registered(name_key(request.path_params["name"]))
    if user is None:
        return refuse(
            "no_player",
            f"no registered player is called {request.path_params['name']!r}",
            404,
            name=request.path_params["name"],
        )
    per_game: dict[str, dict[str, int]] = {}
    recent: list[dict[str, Any]] = []
    for stored in await room.store.finished_matches(RECENT_SCAN):
        seat = stored.seat_of(user.id)
        if seat is None or stored.result is None:
            continue
        place = _place(stored, seat)
        if place is not None:  # called off: neither played nor won
            tally = per_game.setdefault(stored.game, {"played": 0, "wins": 0})
            tally["played"] += 1
            tally["wins"] += place == 1
        if len(recent) < RECENT_SHOWN:
            recent.append(
                {
                    "id": stored.id,
                    "game": stored.game,
                    "finished_at": stored.finished_at,
                    "place": place,
                    "names": _names(stored),
                }
            )
    rated = {
        game: {"rating": round(rating, 1), "games": games, "provisional": provisional(games)}
        for (user_id, game), (rating, games) in room.ratings.items()
        if user_id == user.id
    }
    found = await room.store.finish_rates([user.id])
    rate = found.get(user.id, FinishRate(0, 0))
    history = [
        {
            "match": c.match_id,
            "game": c.game,
            "before": round(c.before, 1),
            "after": round(c.after, 1),
            "at": c.at,
        }
        for c in await room.store.rating_history(user.id, RECENT_SHOWN)
    ]
    return JSONResponse(
        {
            "name": user.name,
            "bot": user.bot,
            "games": per_game,
            "recent": recent,
            "ratings": rated,
            "rating_history": history,
            "finish": {"finished": rate.finished, "ended": rate.ended, "percent": rate.percent},
        }
    )


async def leaderboard(request: Request) -> Response:
    """The best rated players of a game; ``?pool=bots``: the best bot accounts. Beside
    them, ``levels``: the room's own bots rated on their ladder (docs/bots.md), or None
    where the game's was not measured."""
    game = request.path_params["game"]
    if game not in ludoteca.game_ids():
        return refuse(
            "unknown_game",
            f"no game {game!r}; the games are: {', '.join(ludoteca.game_ids())}",
            404,
            game=game,
            games=", ".join(ludoteca.game_ids()),
        )
    pool = request.query_params.get("pool", "people")
    if pool not in ("people", "bots"):
        return refuse("bad_pool", f"no pool {pool!r}: people or bots", 400, pool=pool)
    rows = await request.app.state.room.store.leaderboard(game, LEADERBOARD, pool == "bots")
    return JSONResponse(
        {
            "game": game,
            "pool": pool,
            "players": [
                {"name": n, "rating": round(r, 1), "games": g, "provisional": provisional(g)}
                for n, r, g in rows
            ],
            "levels": strength.ladder(game),
        }
    )


def _before(standing: list[list[int]], seat: int) -> list[list[int]]:
    """The places ahead of the one that holds ``seat``."""
    for index, group in enumerate(standing):
        if seat in group:
            return standing[:index]
    return standing

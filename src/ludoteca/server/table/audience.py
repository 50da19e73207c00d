"""Who follows a table and what each audience is sent: the table as it is seen, each
watcher's ``sync``, who is present, and every update encoded once per audience (each
seat's own view, one for all spectators).

A watcher is any connection: the table needs only who it is, which tables it follows,
and a way to send it bytes.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Protocol

from .. import protocol as p
from ..ratings import START, provisional
from .status import TableStatus

if TYPE_CHECKING:
    from .table import Table


class Watcher(Protocol):
    user: p.Person
    tables: set[int]

    def send(self, message: p.ServerMessage) -> None: ...

    def send_bytes(self, data: bytes) -> None: ...


class Audience:
    """The watchers of one table (a player follows it too), and the syncs that wait for
    what is being stored."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.watchers: set[Watcher] = set()
        #: Syncs asked for while a change was being stored: they go out once it is.
        self.waiting: list[tuple[Watcher, int]] = []

    def __contains__(self, watcher: Watcher) -> bool:
        return watcher in self.watchers

    def add(self, watcher: Watcher) -> bool:
        """Whether ``watcher`` is new here."""
        fresh = watcher not in self.watchers
        self.watchers.add(watcher)
        watcher.tables.add(self.table.id)
        return fresh

    def remove(self, watcher: Watcher) -> bool:
        """Whether ``watcher`` was here."""
        if watcher not in self.watchers:
            return False
        self.watchers.discard(watcher)
        watcher.tables.discard(self.table.id)
        return True

    def user_ids(self) -> list[int]:
        return [watcher.user.id for watcher in self.watchers]

    def spectators(self) -> int:
        """How many people watch without a seat: a player follows the table too, and
        someone with two tabs open is one person."""
        seat_of = self.table.seat_of
        return len({w.user.id for w in self.watchers if seat_of(w.user.id) is None})

    # -- what is seen -------------------------------------------------------------------

    def info(self) -> p.TableInfo:
        table = self.table
        online = table.host.online_ids()
        time = table.time
        replaced = time.replaced
        return p.TableInfo(
            id=table.id,
            game=table.game.id,
            options=dict(table.options),
            host=table.name_of(table.host_id),
            status=table.status,
            seats=[
                p.SeatInfo(None)
                if chair is None
                else p.SeatInfo(
                    chair.name,
                    chair.bot,
                    chair.bot is not None or chair.user_id in online,
                    replaced.get(seat),
                    chair.bot_account,
                    *self._standing(chair.user_id),
                )
                for seat, chair in enumerate(table.seats)
            ],
            watchers=self.spectators(),
            to_move=table.to_move(),
            match=table.match_id,
            rated=table.rated,
            clock=None if time.control is None else p.ClockSetting(**time.control.to_json()),
            grace=time.grace,
            paused=time.paused,
            private=table.privacy.private,
            spectators=table.privacy.spectators,
            minimum_finish=table.seating.minimum_finish,
        )

    def _standing(self, user_id: int | None) -> tuple[int | None, bool, int | None]:
        """A person's rating at a rated table, whether it is provisional, and their
        finish rate."""
        table = self.table
        if user_id is None:
            return None, False, None
        finish = table.host.finish_rate(user_id)
        if not table.rated:
            return None, False, finish
        rating, games = table.host.ratings.get((user_id, table.game.id), (START, 0))
        return round(rating), provisional(games), finish

    def clocks(self) -> p.Clocks | None:
        """Each seat's time left now, for a message about to leave."""
        clocks = self.table.time.clocks
        if clocks is None:
            return None
        left = clocks.remaining(self.table.host.now())
        return p.Clocks([round(x, 1) for x in left], clocks.running, clocks.paused)

    def view_for(self, seat: int | None, since: int = 0) -> dict[str, Any] | None:
        table = self.table
        if table.match is None:
            return None
        view = table.match.view(seat, since)
        if table.result is not None:
            view["result"] = table.result
            if table.result.get("aborted", False):  # called off: nobody is to move any more
                view["to_move"], view["legal_moves"] = None, []
        return view

    def _match_seat(self, user_id: int) -> int | None:
        """The seat whose view this person gets: only once a match is under way."""
        return None if self.table.match is None else self.table.seat_of(user_id)

    # -- what is sent -------------------------------------------------------------------

    def sync(self, watcher: Watcher, since: int = 0) -> None:
        """Send ``watcher`` the table as it may see it, once what is pending is stored."""
        table = self.table
        if table.in_flight:
            self.waiting.append((watcher, since))
            return
        seat = self._match_seat(watcher.user.id)
        log_length = 0 if table.match is None else table.match.moves_played
        watcher.send(
            p.Sync(
                table=self.info(),
                v=table.announced,
                you=seat,
                chat=table.chat.announced(watcher.user.id),
                match=self.view_for(seat, min(max(since, 0), log_length)),
                clocks=self.clocks(),
                key=table.privacy.key_for(watcher.user.id),
            )
        )

    def sync_all(self) -> None:
        for watcher in list(self.watchers):
            self.sync(watcher)

    def sync_waiting(self) -> None:
        """What was stored is announced: the syncs asked meanwhile go out."""
        waiting, self.waiting = self.waiting, []
        for watcher, since in waiting:
            if watcher in self.watchers:
                self.sync(watcher, since)

    def presence(self) -> None:
        if self.table.status == TableStatus.CLOSED:
            return
        info = self.info()
        self.send_all(
            p.Presence(
                table=self.table.id,
                v=self.table.announced,
                connected=[seat.connected for seat in info.seats],
                watchers=info.watchers,
            )
        )

    def send_all(self, message: p.ServerMessage, hidden: Collection[int] = ()) -> None:
        """To every watcher but those of the people in ``hidden``."""
        data = p.encode(message)
        for watcher in list(self.watchers):
            if watcher.user.id not in hidden:
                watcher.send_bytes(data)

    def moves(self, version: int, since: int, info: p.TableInfo | None) -> None:
        """The moves from ``since`` on: each seat's view is built and encoded once for
        every tab of that seat, and spectators share one."""
        table = self.table
        # A match is under way: every player gets their seat's view.
        seats = {c.user_id: s for s, c in enumerate(table.seats) if c is not None}
        audience = {w: seats.get(w.user.id) for w in self.watchers}
        views = table.live.views(set(audience.values()), since)
        encoded: dict[int | None, bytes] = {}
        positions: dict[int, Any] = {}
        clocks = self.clocks()
        result = table.result
        for watcher, seat in audience.items():
            data = encoded.get(seat)
            if data is None:
                view = views[seat]
                if result is not None:
                    view["result"] = result
                p.position_written_once(view, positions)
                data = encoded[seat] = p.encode(
                    p.MatchUpdate(table=table.id, v=version, view=view, changed=info, clocks=clocks)
                )
            watcher.send_bytes(data)

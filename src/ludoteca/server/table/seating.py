"""The table before and around its match: who sits (people, bots), its options, its
host, who watches, and when it closes. A part of each ``Table``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.engine import Match, OptionError, OptionValue

from . import chairs
from .chairs import Chair, Who
from .refusals import RATED_GUEST, Refusal
from .status import TableStatus
from .thinking import DEFAULT_LEVEL

if TYPE_CHECKING:
    from .audience import Watcher
    from .table import Table

OPEN, RUNNING, CLOSED = TableStatus.OPEN, TableStatus.RUNNING, TableStatus.CLOSED


#: The bounds of a minimum finish rate, in percent.
MINIMUM_FINISH = range(1, 101)


class Seating:
    def __init__(self, table: Table) -> None:
        self.table = table
        #: The finish rate, in percent, a person needs to sit here (None: any).
        self.minimum_finish: int | None = None

    def join(
        self, who: Who, watcher: Watcher | None, seat: int | None, key: str | None = None
    ) -> None:
        table = self.table
        table.privacy.check_enter(who.id, key)
        mine = table.seat_of(who.id)
        if table.status == RUNNING and mine is not None and mine in table.time.replaced:
            table.timing.take_back(mine)
            if watcher is not None:
                self.watch(watcher)
            return
        table.expect(OPEN, "join")
        if table.rated and who.guest:
            raise Refusal("rated_guest", RATED_GUEST)
        if table.rated and any(
            c is not None and c.user_id is not None and c.bot_account != who.bot
            for c in table.seats
        ):
            raise Refusal(
                "rated_mixed",
                "a rated table seats people only or bot accounts only: bots are rated among "
                "bots (an unrated table seats both)",
                bot=who.bot,
            )
        if mine is not None:
            raise Refusal("seated", "you already sit at this table; /leave first to move")
        self.expect_admitted(who)
        self.expect_finish_rate(who)
        seat = chairs.free_seat(table.seats, seat)
        table.seats[seat] = Chair(who.name, user_id=who.id, bot_account=who.bot)
        if table.host_id is None:
            table.host_id = who.id
        if watcher is not None:
            table.audience.add(watcher)
        table.changed()
        if watcher is not None:
            table.audience.sync(watcher)

    def may_enter(self, user_id: int) -> bool:
        """Whether this person may sit here: not if the host or a seated player blocks
        them."""
        table = self.table
        blocks = table.host.blocks
        around = {table.host_id, *(c.user_id for c in table.seats if c is not None)}
        return not any(user is not None and blocks(user, user_id) for user in around)

    def expect_admitted(self, who: Who) -> None:
        """The refusal says no more than that: not who blocks them, nor that anyone does."""
        if not self.may_enter(who.id):
            raise Refusal("not_admitted", "you cannot join this table")

    def expect_finish_rate(self, who: Who) -> None:
        """Below the host's minimum, refused (someone with no ended match yet has no rate
        to hold against them)."""
        minimum = self.minimum_finish
        rate = self.table.host.finish_rate(who.id)
        if minimum is not None and rate is not None and rate < minimum:
            raise Refusal(
                "finish_rate",
                f"this table asks its players to have finished at least {minimum}% of "
                f"their matches: you have finished {rate}%",
                minimum=minimum,
                finish=rate,
            )

    def set_minimum_finish(self, who: Who, minimum: int | None) -> None:
        table = self.table
        table.expect_host(who, "set a minimum finish rate")
        table.expect(OPEN, "set a minimum finish rate")
        if minimum is not None and minimum not in MINIMUM_FINISH:
            raise Refusal(
                "bad_minimum",
                f"a minimum finish rate is a percent from 1 to 100, or off; not {minimum}",
                minimum=minimum,
            )
        self.minimum_finish = minimum
        table.changed()

    def leave(self, who: Who, watcher: Watcher | None) -> None:
        table = self.table
        seat = table.seat_of(who.id)
        if seat is not None and table.status == OPEN:
            table.seats[seat] = None
            if table.host_id == who.id:
                table.host_id = chairs.next_host(table.seats, table.audience.user_ids(), who.id)
            table.changed()
        elif table.host_id == who.id and table.status != RUNNING:
            table.host_id = chairs.next_host(table.seats, table.audience.user_ids(), who.id)
            table.changed()
        if watcher is not None:
            self.unwatch(watcher)
        else:
            self.close_if_empty()

    def set_option(self, who: Who, name: str, value: str) -> None:
        table = self.table
        table.expect_host(who, "set options")
        table.expect(OPEN, "set options")
        declared = {option.name: option for option in table.game.options}
        if name not in declared:
            known = ", ".join(declared) or "none"
            raise Refusal(
                "unknown_option",
                f"{table.game.title} has no option {name!r}; its options: {known}",
                name=name,
                known=known,
            )
        try:
            table.options[name] = declared[name].parse(value)
        except OptionError as error:
            raise Refusal("bad_option", str(error)) from None
        table.changed()

    def describe_options(self) -> str:
        table = self.table
        if not table.game.options:
            return f"{table.game.title} has no options"
        lines = []
        for option in table.game.options:
            value = table.options.get(option.name, option.default)
            lines.append(
                f"{option.name} = {_plain(value)} ({option.allowed()}): {option.description}"
            )
        return "\n".join(lines)

    def seat_bot(self, who: Who, level: str | None, seat: int | None) -> None:
        table = self.table
        table.expect_host(who, "seat a bot")
        table.expect(OPEN, "seat a bot")
        if table.rated:
            raise Refusal("rated_bot", "a rated table seats no bots: people only")
        chair = chairs.bot_chair(table.seats, table.game.id, level or DEFAULT_LEVEL)
        table.seats[chairs.free_seat(table.seats, seat)] = chair
        table.changed()

    def kick(self, who: Who, name: str) -> None:
        table = self.table
        table.expect_host(who, "kick")
        table.expect(OPEN, "kick")
        table.seats[chairs.kicked_seat(table.seats, who, name)] = None
        table.changed()

    def new_match(self, players: int) -> Match:
        table = self.table
        if players < table.game.min_players:
            raise Refusal(
                "too_few",
                f"{table.game.title} needs at least {table.game.min_players} players; "
                f"{players} seated (/join, or /bot to add a bot)",
                min=table.game.min_players,
                seated=players,
            )
        try:
            return table.game.new_match(players, table.options)
        except OptionError as error:
            raise Refusal("bad_option", str(error)) from None

    # -- who is here --------------------------------------------------------------------

    def watch(self, watcher: Watcher, key: str | None = None) -> None:
        table = self.table
        table.privacy.check_watch(watcher.user.id, key)
        fresh = table.audience.add(watcher)
        table.audience.sync(watcher)
        if fresh:
            table.audience.presence()

    def unwatch(self, watcher: Watcher) -> None:
        table = self.table
        if table.audience.remove(watcher):
            table.audience.presence()
            self.close_if_empty()

    def presence_changed(self) -> None:
        table = self.table
        table.audience.presence()
        table.timing.watch_absence()

    # -- closing --------------------------------------------------------------------------

    def close_if_empty(self) -> None:
        table = self.table
        if table.status == RUNNING or table.audience.watchers:
            return
        if table.status == OPEN and any(c is not None and c.is_person for c in table.seats):
            return
        self._close()

    def close_if_abandoned(self) -> None:
        """An open table nobody watches whose seated people are all gone closes: else it
        would wait in the lobby, for nobody, for ever."""
        table = self.table
        if table.status != OPEN or table.audience.watchers:
            return
        online = table.host.online_ids()
        if any(c is not None and c.is_person and c.user_id in online for c in table.seats):
            return
        self._close()

    def _close(self) -> None:
        table = self.table
        table.status = CLOSED
        table.invitations.withdraw_all("closed")
        table.bots.cancel()
        table.host.store([table.row()], None)
        table.host.table_closed(table)

    def close_as_stored(self) -> None:
        """Leave the room, writing the table closed (a finished table after a restart)."""
        table = self.table
        table.status = CLOSED
        table.host.store([table.row()], None)

    def refuse_changes(self) -> None:
        """Take no more moves, and make none: what is in memory is ahead of what could
        be stored (its bots and timers stop; it is read back from the store later)."""
        table = self.table
        table.in_flight += 1  # never announced, so every move is refused as stale
        table.bots.cancel()
        table.timing.stop()

    def hand_over(self) -> None:
        """Another process owns the table now: it leaves this one at once, writing
        nothing (the database and the table are the new owner's), its bots and timers
        stopped and every move refused."""
        table = self.table
        table.status = CLOSED
        table.in_flight += 1
        table.bots.cancel()
        table.timing.stop()


def _plain(value: OptionValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)

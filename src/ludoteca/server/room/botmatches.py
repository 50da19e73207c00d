"""The daily cap of bot-vs-bot matches (docs/bots.md): a bot account may start at most
``bot_matches_per_day`` matches a UTC day at tables where no person sits, so that two
bots cannot fill the room's database playing each other all day.

Counted in memory as matches start: a restart forgets the day's count (the cap is a
brake on runaway programs, not a quota anyone is owed).
"""

from __future__ import annotations

from collections.abc import Callable

from ..table import Refusal, Table

DAY = 24 * 3600


class BotMatches:
    def __init__(self, per_day: int, now: Callable[[], float]) -> None:
        self.per_day = per_day
        self.now = now
        #: user id -> (the UTC day, matches started that day).
        self._started: dict[int, tuple[int, int]] = {}

    def _bots(self, table: Table) -> list[tuple[int, str]]:
        """The bot accounts of a table where no person sits (else none: not bot-vs-bot)."""
        bots = []
        for chair in table.seats:
            if chair is None or chair.user_id is None:
                continue
            if not chair.bot_account:
                return []
            bots.append((chair.user_id, chair.name))
        return bots

    def check(self, table: Table) -> None:
        """Refuse to start a bot-vs-bot match for a bot that played its cap today."""
        now = self.now()
        day = int(now // DAY)
        for user_id, name in self._bots(table):
            started_day, count = self._started.get(user_id, (day, 0))
            if started_day == day and count >= self.per_day:
                wait = int((day + 1) * DAY - now) + 1
                raise Refusal(
                    "bot_daily_cap",
                    f"{name} has started {count} bot-vs-bot matches today, the most a bot may "
                    f"(bot_matches_per_day): play people, or go on in {wait} s (midnight UTC)",
                    limit="bot_matches_per_day",
                    per_day=self.per_day,
                    name=name,
                    retry_after=wait,
                )

    def count(self, table: Table) -> None:
        day = int(self.now() // DAY)
        for user_id, _name in self._bots(table):
            started_day, count = self._started.get(user_id, (day, 0))
            self._started[user_id] = (day, (count if started_day == day else 0) + 1)

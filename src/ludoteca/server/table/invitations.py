"""The seats a table's host offers to people by name: each offer is stored before the
invited hear of it, answered once (accepted, declined with a reason) or withdrawn when it
can no longer be taken (the match started, the table closed, its seat was taken).

The invited may be anywhere in the room, or not connected at all: the host's ``tell``
reaches every connection of theirs, and the room sends the open offers again to whoever
connects. A part of each ``Table``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .. import protocol as p
from ..storage.rows import InvitationRow
from . import chairs
from .chairs import Who
from .refusals import RATED_GUEST, Refusal
from .status import TableStatus

if TYPE_CHECKING:
    from .audience import Watcher
    from .table import Table

OPEN = TableStatus.OPEN

#: What the host is told of each reason to decline, in words.
REASONS: dict[str, str] = {
    "game": "not this game",
    "clock": "not this time control",
    "busy": "busy now",
    "later": "maybe later",
    "other": "another reason",
}


@dataclass(frozen=True)
class Invitee:
    """Who is invited, as the room found them by name."""

    id: int
    name: str
    guest: bool


class Invitations:
    def __init__(self, table: Table) -> None:
        self.table = table
        #: The offers that stand, by id.
        self.open: dict[int, InvitationRow] = {}

    def restore(self, rows: list[InvitationRow]) -> None:
        self.open.update((row.id, row) for row in rows)

    def by(self, user_id: int) -> int:
        """How many offers ``user_id`` has made here that stand."""
        return sum(row.from_id == user_id for row in self.open.values())

    def for_user(self, user_id: int) -> list[p.SeatOffer]:
        return [self.message(row) for row in self.open.values() if row.user_id == user_id]

    # -- the host offers ----------------------------------------------------------------

    def offer(self, who: Who, invitee: Invitee, seat: int | None) -> None:
        table = self.table
        table.expect_host(who, "invite")
        table.expect(OPEN, "invite")
        if invitee.id == who.id:
            raise Refusal("invite_self", "you cannot invite yourself: /join to sit down")
        if table.seat_of(invitee.id) is not None:
            raise Refusal("seated", f"{invitee.name} already sits at this table", name=invitee.name)
        if any(row.user_id == invitee.id for row in self.open.values()):
            raise Refusal(
                "invited",
                f"{invitee.name} is invited here already: wait for their answer",
                name=invitee.name,
            )
        if table.rated and invitee.guest:
            raise Refusal("rated_guest", f"{invitee.name} is a guest: " + RATED_GUEST)
        # The seat must be free now (the named one, or any): the refusal says which are.
        chairs.free_seat(table.seats, seat)
        if table.host.blocks(invitee.id, who.id):
            # Said as plainly as any refusal, without telling that a block is the reason.
            raise Refusal("not_invitable", f"you cannot invite {invitee.name}", name=invitee.name)
        row = InvitationRow(
            id=table.host.new_offer_id(),
            table_id=table.id,
            user_id=invitee.id,
            name=invitee.name,
            seat=seat,
            from_id=who.id,
            from_name=who.name,
            at=table.host.now(),
            status="open",
        )
        self.open[row.id] = row
        table.host.store([row], lambda: table.host.tell(row.user_id, self.message(row)))

    def message(self, row: InvitationRow) -> p.SeatOffer:
        table = self.table
        control = table.time.control
        return p.SeatOffer(
            offer=row.id,
            table=table.id,
            game=table.game.id,
            options=dict(table.options),
            clock=None if control is None else p.ClockSetting(**control.to_json()),
            rated=table.rated,
            seat=row.seat,
            from_=row.from_name,
            at=row.at,
        )

    # -- the invited answer -------------------------------------------------------------

    def accept(self, who: Who, watcher: Watcher | None, offer: int) -> None:
        """Sit down in the offered seat, with every check of ``join`` but the table's
        privacy; the host is told once the seat is stored."""
        table = self.table
        row = self._mine(who, offer)
        # Out of the open offers while seating, so that the seat taken does not withdraw it.
        del self.open[offer]
        try:
            table.seating.join(who, watcher, row.seat)
        except Refusal:
            self.open[offer] = row
            raise
        self._answered(replace(row, status="accepted"))
        table.announce("accepted", f"{who.name} accepted the invitation", name=who.name)

    def decline(self, who: Who, offer: int, reason: str, text: str | None) -> None:
        table = self.table
        row = self._mine(who, offer)
        if reason not in REASONS:
            raise Refusal(
                "bad_reason",
                f"a reason is one of {', '.join(REASONS)}, not {reason!r}",
                allowed=list(REASONS),
            )
        del self.open[offer]
        self._answered(replace(row, status="declined", reason=reason, text=text))
        more = f" ({text})" if text else ""
        # One code a reason, so that each page says the reason in its own language.
        table.announce(
            f"declined_{reason}",
            f"{who.name} declined: {REASONS[reason]}{more}",
            name=who.name,
            more=more,
        )

    def _mine(self, who: Who, offer: int) -> InvitationRow:
        row = self.open.get(offer)
        if row is None or row.user_id != who.id:
            raise Refusal(
                "no_offer", f"there is no invitation {offer} for you (any more)", offer=offer
            )
        return row

    def _answered(self, row: InvitationRow) -> None:
        table = self.table
        answer = p.OfferAnswered(
            offer=row.id,
            table=table.id,
            name=row.name,
            accepted=row.status == "accepted",
            reason=row.reason,
            text=row.text,
        )
        table.host.store([row], lambda: table.host.tell(row.from_id, answer))

    # -- offers that can no longer be taken ---------------------------------------------

    def withdraw_all(self, why: str) -> None:
        self._withdraw(lambda _row: why)

    def check(self) -> None:
        """After the chairs changed: offers whose seat is gone are withdrawn."""
        table = self.table
        free = any(chair is None for chair in table.seats)

        def why(row: InvitationRow) -> str | None:
            if table.seat_of(row.user_id) is not None:
                return "seated"
            if row.seat is not None and row.seat < len(table.seats):
                return None if table.seats[row.seat] is None else "seat_taken"
            return None if free else "full"

        self._withdraw(why)

    def _withdraw(self, why: Callable[[InvitationRow], str | None]) -> None:
        gone = [(row, reason) for row in self.open.values() if (reason := why(row)) is not None]
        if not gone:
            return
        host = self.table.host
        for row, _reason in gone:
            del self.open[row.id]

        def tell() -> None:
            for row, reason in gone:
                host.tell(row.user_id, p.OfferWithdrawn(offer=row.id, why=reason))

        host.store([replace(row, status="withdrawn", reason=why) for row, why in gone], tell)

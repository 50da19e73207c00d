"""The position of Um Krone und Kragen as JSON (docs/games/krone.md, docs/formats.md).

``load`` accepts a position written by hand: everything but ``players`` may be left out
(the display is then what the players do not hold) and every impossible detail is refused
with a ``PositionError``.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine import PositionError
from ludoteca.engine.fields import Fields

from .abilities import MAX_DICE
from .components import BRING_IN, BY_ID, CARDS, copies
from .dice import counts_of, size, values_of
from .state import ROLLING, START, FinalRound, Holding, KroneState, Phase

_CARD_ORDER = {card.id: index for index, card in enumerate(CARDS)}
_HELD_ONCE = tuple(c.id for c in CARDS if c.id not in ("jester", "charlatan"))
_DISPLAYED = tuple(c.id for c in CARDS if c.id not in ("charlatan", "queen"))


def dump(state: KroneState) -> dict[str, Any]:
    final = state.final
    return {
        "round": state.round,
        "start_player": state.start_player,
        "turn_in_round": state.turn_in_round,
        "display": dict(state.display),
        "players": [
            {
                "cards": sorted(h.cards, key=_CARD_ORDER.__getitem__),
                "jesters": h.jesters,
                "charlatans": h.charlatans,
            }
            for h in state.holdings
        ],
        "turn": {
            "seat": state.seat,
            "phase": state.phase,
            "active": list(values_of(state.active)),
            "aside": list(values_of(state.aside)),
            "used": sorted(state.used, key=_CARD_ORDER.__getitem__),
            "kept_since_roll": state.kept,
            "rolling": state.rolling,
            "main_roll": state.main_roll,
        },
        "king": (
            None
            if state.king_buyer is None or state.bid is None
            else {"buyer": state.king_buyer, "bid": list(state.bid)}
        ),
        "final_round": None if final is None else {
            "order": list(final.order),
            "index": final.index,
            "best": list(final.best),
            "results": [
                list(final.results[s]) if s in final.results
                else "pass" if s in final.declined else None
                for s in range(state.players)
            ],
        },
        "over": state.over,
    }  # fmt: skip


def load(data: object, players: int) -> KroneState:
    top = Fields(data)
    top.only(("round", "start_player", "turn_in_round", "display", "players", "turn", "king",
              "final_round", "over"))  # fmt: skip
    holdings = [_holding(f) for f in top.items("players")]
    if len(holdings) != players:
        top.fail(f"lists {len(holdings)} players, but the match has {players}", "players")
    display = _display(top, holdings, players)
    king_buyer, bid = _king(top, holdings)
    state = KroneState(
        players,
        display,
        holdings,
        start_player=top.number("start_player", 0, 0, players - 1),
        turn_in_round=top.number("turn_in_round", 0, 0, players - 1),
        round_number=top.number("round", 1, 1),
        king_buyer=king_buyer,
        bid=bid,
        final=_final(top, players, king_buyer, bid),
        over=top.flag("over", False),
    )
    if state.final is not None and state.over != (state.final.index == len(state.final.order)):
        top.fail("is over exactly when every final-round turn has been played", "over")
    if state.final is None and state.over:
        top.fail("cannot be over before the final round", "over")
    _turn(top, state)
    return state


def _holding(f: Fields) -> Holding:
    f.only(("cards", "jesters", "charlatans"))
    cards = f.seq("cards", [])
    for card in cards:
        if card not in _HELD_ONCE:
            f.fail(f"holds unknown card {card!r}; cards: {', '.join(_HELD_ONCE)}", "cards")
        if cards.count(card) > 1:
            f.fail(f"holds {card!r} twice; nobody holds a card twice", "cards")
    return Holding(set(cards), f.number("jesters", 0, 0, 1), f.number("charlatans", 0, 0))


def _display(top: Fields, holdings: list[Holding], players: int) -> dict[str, int]:
    held = {card: sum(card in h.cards for h in holdings) for card in _DISPLAYED}
    held["jester"] = sum(h.jesters + h.charlatans for h in holdings)
    given = top.nested("display", None)
    if given is None:
        display = {card: copies(card, players) - held[card] for card in _DISPLAYED}
        for card, left in display.items():
            if left < 0:
                top.fail(f"hold {held[card]} {card} cards; the game has {copies(card, players)}",
                         "players")  # fmt: skip
        return display
    given.only(_DISPLAYED)
    display = {card: given.number(card, low=0) for card in _DISPLAYED}
    for card in _DISPLAYED:
        if display[card] + held[card] != copies(card, players):
            given.fail(
                f"shows {display[card]} and the players hold {held[card]}, but a game of "
                f"{players} has {copies(card, players)}",
                card,
            )
    return display


def _king(top: Fields, holdings: list[Holding]) -> tuple[int | None, tuple[int, int] | None]:
    queen = [seat for seat, h in enumerate(holdings) if "queen" in h.cards]
    king = top.nested("king", None)
    if king is None:
        if queen:
            top.fail("must name the King's buyer and bid, since the Queen is taken", "king")
        return None, None
    king.only(("buyer", "bid"))
    buyer = king.number("buyer", low=0, high=len(holdings) - 1)
    if queen != [buyer]:
        king.fail("must be the player holding the Queen", "buyer")
    bid = king.numbers("bid", low=1, high=MAX_DICE)
    if len(bid) != 2 or bid[0] < 7 or bid[1] > 6:
        king.fail(f"must be [dice, face] of a group of at least 7, not {bid}", "bid")
    return buyer, (bid[0], bid[1])


def _final(
    top: Fields, players: int, buyer: int | None, bid: tuple[int, int] | None
) -> FinalRound | None:
    f = top.nested("final_round", None)
    if f is None:
        return None
    if buyer is None or bid is None:
        top.fail("needs the King bought first (king: {buyer, bid})", "final_round")
    f.only(("order", "index", "best", "results"))
    order = f.numbers("order", low=0, high=players - 1)
    if sorted(order) != list(range(players)) or order[-1] != buyer:
        f.fail("must list every seat once, the Queen holder last", "order")
    best = f.numbers("best", low=1, high=MAX_DICE)
    if len(best) != 2 or best[1] > 6 or tuple(best) < bid:
        f.fail("must be [dice, face], at least the King's bid", "best")
    index = f.number("index", 0, 0, players)
    final = FinalRound(list(order), bid=bid, best=(best[0], best[1]), index=index)
    results = f.seq("results", [None] * players)
    if len(results) != players:
        f.fail(f"must have one entry per seat ({players})", "results")
    for seat, entry in enumerate(results):
        played = order.index(seat) < index
        if entry == "pass" and played:
            final.declined.add(seat)
        elif isinstance(entry, list) and len(entry) == 2 and played:
            final.results[seat] = (entry[0], entry[1])
        elif entry is not None or played:
            f.fail(f"[{seat}] must be [dice, face] or 'pass' once played, else null", "results")
    return final


def _turn(top: Fields, state: KroneState) -> None:
    f = top.nested("turn", None)
    if f is None:
        return
    f.only(("seat", "phase", "active", "aside", "used", "kept_since_roll", "rolling",
            "main_roll"))  # fmt: skip
    if "seat" in f.data and f.data["seat"] != state.seat:
        f.fail(f"must be {state.seat}, whose turn it is by the round and start player", "seat")
    state.phase = Phase(f.text("phase", Phase, START))
    state.active = counts_of(f.numbers("active", [], 1, 6))
    state.aside = counts_of(f.numbers("aside", [], 1, 6))
    state.kept = f.flag("kept_since_roll", False)
    state.rolling = f.number("rolling", 0, 0, MAX_DICE)
    state.main_roll = f.flag("main_roll", True)
    used = f.seq("used", [])
    holding = state.holdings[state.seat]
    for card in used:
        if card not in BY_ID or not holding.holds(card) or card not in holding.usable():
            f.fail(f"names {card!r}, which the player cannot use", "used")
    state.used = set(used)
    in_play = size(state.active) + size(state.aside) + state.rolling
    if in_play > MAX_DICE:
        f.fail(f"has {in_play} dice in play; the box has {MAX_DICE}")
    if state.phase is START:
        if in_play or used or state.kept:
            f.fail("at the start of a turn has no dice, no used cards and nothing kept", "phase")
    else:
        _dice_in_play(f, state, holding, in_play)
    if (state.phase is ROLLING) != (state.rolling > 0):
        f.fail("is 'rolling' exactly when dice are being rolled", "rolling")
    if state.kept and not any(state.aside):
        f.fail("cannot be true with no die set aside", "kept_since_roll")
    if state.over and state.phase is not START:
        raise PositionError("position.turn must be empty once the game is over")


def _dice_in_play(f: Fields, state: KroneState, holding: Holding, in_play: int) -> None:
    """Once rolled, a turn's dice never leave play: the dice rolled at its start plus one
    for each card used that brings a die in."""
    rolled = holding.turn_dice()
    brought = [card for card in state.used if BY_ID[card].kind == BRING_IN]
    expected = rolled + len(brought)
    if in_play != expected:
        because = f"seat {state.seat} rolls {rolled} dice at the start of a turn"
        if brought:
            because += f" and brought in {len(brought)} with {', '.join(sorted(brought))}"
        where = "active, set aside and being rolled" if state.rolling else "active and set aside"
        dice = "1 die" if in_play == 1 else f"{in_play} dice"
        f.fail(f"has {dice} {where}, but {because}: {expected} in all")

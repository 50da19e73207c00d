#!/usr/bin/env python3
"""Where Krone games are won: who takes the King, with what bid, and who wins.

Plays games of a seed's series as the arena does (the same seating, each game afresh,
counted budgets, or the room's deadline with ``--think``) and prints one JSON line a
game — the King's taker and bid, the winners, each card as taken (the bot, the game's
turn counted from 0, the card), the final round's results — then one of totals by
level: the Kings each took, the games it won holding the King, and those it won from
behind (in the final round, beating another's bid). At two players the King's taker wins
most games (docs/krone-search.md, "Krone's race alone", "Where the room's two-player games are
won"); the final round can undo it, and these totals say for whom. A tuning tool: run
it on a tuning seed (25, 31), never on the seeds strength is reported on.

    scripts/krone_kings.py --players 4 --bots mcts,greedy,simple,random --games 0:24
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter

from ludoteca.engine import Match
from ludoteca.games.krone.state import KroneState
from ludoteca.tools.arena import Setup, play_game, seating


def play(
    names: list[str], players: int, seed: int, number: int, think: float | None = None
) -> dict[str, object]:
    """One game, the arena's game ``number`` (its seating, its seed, afresh; ``think``:
    each decision's seconds, as ``arena --think``)."""
    seats = seating(names, players, number)
    taken: list[tuple[str, tuple[int, int] | None]] = []
    cards: list[tuple[str, int, str]] = []  # (bot, turn of the game, card) as taken
    held: list[Counter[str]] = [Counter() for _ in range(players)]
    final: dict[str, tuple[int, int]] = {}

    def watch(match: Match) -> None:
        state = match.state
        if not isinstance(state, KroneState):
            raise TypeError("a Krone match holds a KroneState")
        if not taken and state.king_buyer is not None:
            taken.append((seats[state.king_buyer], state.bid))
        # A turn's card is seen once the turn has ended: the turn before this one.
        turn = (state.round - 1) * players + state.turn_in_round - 1
        for seat, holding in enumerate(state.holdings):
            now = Counter(holding.cards)
            now.update({"jester": holding.jesters, "charlatan": holding.charlatans})
            cards.extend((seats[seat], turn, card) for card in sorted(now - held[seat]))
            held[seat] = now
        if state.final is not None:
            final.update({seats[seat]: group for seat, group in state.final.results.items()})

    result, _ = play_game(Setup("krone", players, {}, seats, seed, number, think), watch)
    king, bid = taken[0] if taken else (None, None)
    winners = [seats[seat] for seat in result.winners]
    return {
        "game": number, "king": king, "bid": bid, "winners": winners, "cards": cards,
        "final": final,
    }  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="mcts,greedy,simple,random")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--games", default="0:24", help="A:B, games A up to B of the series")
    parser.add_argument(
        "--think", type=float, default=None, help="seconds a decision, as the room (arena --think)"
    )
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    first, _, last = args.games.partition(":")
    kings: Counter[str] = Counter()
    held: Counter[str] = Counter()
    behind: Counter[str] = Counter()
    for number in range(int(first), int(last)):
        found = play(names, args.players, args.seed, number, args.think)
        print(json.dumps(found), flush=True)
        king, winners = found["king"], found["winners"]
        if isinstance(king, str):
            kings[king] += 1
        for name in winners if isinstance(winners, list) else []:
            (held if name == king else behind)[name] += 1
    totals = {
        name: {
            "kings": kings[name],
            "won_with_the_king": held[name],
            "won_from_behind": behind[name],
        }
        for name in names
    }
    print(
        json.dumps(
            {"seed": args.seed, "games": args.games, "players": args.players,
             "think": args.think, **totals}
        )
    )  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())

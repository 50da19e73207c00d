#!/usr/bin/env python3
"""How often a seat takes the King on a turn, by what it holds: read from the games of
``scripts/krone_kings.py``.

For every turn before the King is taken, the seat to play, its dice (three, one more for
each Farmer and Charlatan, two for the General, one for each card that brings a die in)
and how many cards that turn a die to the face it collects (the Astronomer, Sorcerer,
Lady-in-waiting, Nobleman, Maid) it holds; then, by bot, dice and those cards, the turns
played and the King taken. Each game's order of turns is worked out from the cards taken
(the arena's seating is not in the file): a round's start passes to the right, so the
last seat of a round plays twice in a row; a game whose cards no seating explains (a bot
at two seats) is counted apart and left out. Then, by bot, the Kings taken on a round's
last turn (the others then play only their final turns) and on an earlier one (they
first play the round's rest, and take cards for their final turns), and how many of
each were held. A tuning tool, for the seeds screens are played on.

    scripts/krone_king_hazard.py \
      docs/measured/bots/tuning-seed-31/krone-kings-2p-think-0.7-15dbbab.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import Counter
from typing import Any

from ludoteca.games.krone.components import BRING_IN, CARDS
from ludoteca.games.krone.state import Holding
from ludoteca.games.krone.strategy import TO_FACE

# The Queen brings a die in too, but comes with the King: never held before it.
BRINGS_IN = frozenset(card.id for card in CARDS if card.kind == BRING_IN)


def order(players: int, start: int, turns: int) -> list[int]:
    """The seat of each of the game's first ``turns`` turns (seat numbers: places from
    the first bot named in the game)."""
    seats: list[int] = []
    first, turn = start, 0
    while len(seats) < turns:
        seats.append((first + turn) % players)
        turn += 1
        if turn == players:
            turn, first = 0, (first - 1) % players
    return seats


def turns_before_the_king(game: dict[str, Any]) -> list[tuple[str, int, int, bool]] | None:
    """(bot, dice, cards that turn a die, took the King) for each turn up to the King's;
    None when no seating and start explain the cards taken."""
    found = turns(game)
    if found is None:
        return None
    taken, bot_of_turn = found
    rows = []
    for turn, bot in enumerate(bot_of_turn):
        held = holding(taken, bot, turn)
        dice = held.turn_dice() + sum(card in BRINGS_IN for card in held.cards)
        to_face = sum(card in TO_FACE for card in held.cards)
        rows.append((bot, dice, to_face, (bot, turn, "king") in taken))
    return rows


def turns(
    game: dict[str, Any], beyond: int = 0
) -> tuple[list[tuple[str, int, str]], list[str]] | None:
    """The cards taken up to the King's (bot, turn, card; the Queen and the final round's
    results left out) and the bot of each turn up to the King's and ``beyond`` more, from
    a seating and start that explain them; None when none does."""
    taken = [(bot, turn, card) for bot, turn, card in game["cards"] if card != "queen"]
    king = next(turn for _bot, turn, card in taken if card == "king")
    # After the King only the final round's results change hands: its own entries.
    taken = [entry for entry in taken if entry[1] < king or entry == (game["king"], king, "king")]
    bots = sorted({bot for bot, _turn, _card in game["cards"]} | set(game.get("final", {})))
    for names in itertools.permutations(bots):
        for start in range(len(bots)):
            seats = order(len(bots), start, king + 1 + beyond)
            if all(names[seats[turn]] == bot for bot, turn, _card in taken):
                return taken, [names[seat] for seat in seats]
    return None


def holding(taken: list[tuple[str, int, str]], bot: str, turn: int) -> Holding:
    """What ``bot`` held at the start of ``turn``: each Charlatan flipped a Jester."""
    held = [card for who, when, card in taken if who == bot and when < turn]
    charlatans = held.count("charlatan")
    cards = set(held) - {"jester", "charlatan"}
    return Holding(cards, jesters=held.count("jester") - charlatans, charlatans=charlatans)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", help="krone_kings.py output (JSON lines)")
    parser.add_argument("--from-dice", type=int, default=7, help="leave out turns with fewer dice")
    args = parser.parse_args(argv)
    played: Counter[tuple[str, int, int]] = Counter()
    kings: Counter[tuple[str, int, int]] = Counter()
    taken_when: Counter[tuple[str, bool]] = Counter()
    held_when: Counter[tuple[str, bool]] = Counter()
    games = unexplained = 0
    for path in args.files:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                game = json.loads(line)
                if "cards" not in game:
                    continue  # a half's totals
                games += 1
                rows = turns_before_the_king(game)
                if rows is None:
                    unexplained += 1
                    continue
                for bot, dice, to_face, took in rows:
                    if dice >= args.from_dice:
                        key = (bot, min(dice, 10), min(to_face, 2))
                        played[key] += 1
                        kings[key] += took
                when = king_taken(game)
                if when is not None:
                    taken_when[when] += 1
                    held_when[when] += game["king"] in game["winners"]
    print(f"{games} games, {unexplained} whose order of turns the cards do not explain")
    print("bot     dice  turning cards  turns  Kings  rate")
    for key in sorted(played):
        bot, dice, to_face = key
        rate = kings[key] / played[key]
        dice_text = f"{dice}+" if dice == 10 else str(dice)
        face_text = f"{to_face}+" if to_face == 2 else str(to_face)
        counts = f"{played[key]:5d}  {kings[key]:5d}"
        print(f"{bot:7s} {dice_text:>4s}  {face_text:>13s}  {counts}  {rate:.2f}")
    print()
    print("bot     King taken on          Kings  held  rate")
    for bot, last in sorted(taken_when):
        taken, held = taken_when[bot, last], held_when[bot, last]
        turn = "the round's last turn" if last else "an earlier turn"
        print(f"{bot:7s} {turn:21s}  {taken:5d}  {held:4d}  {held / taken:.2f}")
    return 0


def king_taken(game: dict[str, Any]) -> tuple[str, bool] | None:
    """Who took the King, and whether on the round's last turn — then the others play
    only their final turns; earlier, they first play the round's rest, taking cards for
    it. None when no King was taken or no order of turns explains the cards."""
    if game["king"] is None:
        return None
    found = turns(game, beyond=1)
    if found is None:
        return None
    _taken, bot_of_turn = found
    king = len(bot_of_turn) - 2
    # The round's last seat starts the next round: it alone plays two turns in a row.
    return game["king"], bot_of_turn[king + 1] == bot_of_turn[king]


if __name__ == "__main__":
    sys.exit(main())

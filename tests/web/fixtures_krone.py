"""Write the Um Krone und Kragen board fixtures: views of seeded games, and the components.

Run from the worktree: ``python3 tests/web/fixtures_krone.py``. The JSON files in
``tests/web/fixtures/krone/`` are committed; the node tests and the preview page read them.
Each file is ``Match.view(seat)`` plus ``players_names`` (which the preview page shows).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from ludoteca.bots import bot  # noqa: E402
from ludoteca.engine import CHANCE, Match  # noqa: E402
from ludoteca.games.krone import GAME  # noqa: E402

OUT = ROOT / "tests" / "web" / "fixtures" / "krone"
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


def save(name: str, match: Match, seat: int | None) -> None:
    view = match.view(seat)
    view["players_names"] = NAMES[: match.players]
    path = OUT / f"{name}.json"
    path.write_text(json.dumps(view, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: seat {seat}, to move {view['to_move']}")


def save_three(name: str, match: Match) -> None:
    """The seat to move, the next seat (waiting) and a spectator."""
    mover = match.to_move
    assert isinstance(mover, int), mover
    save(f"{name}-mover", match, mover)
    save(f"{name}-waiting", match, (mover + 1) % match.players)
    save(f"{name}-spectator", match, None)


def play_until(match: Match, rng: random.Random, stop: Callable[[Match], bool]) -> Match:
    """Play on with the simple bot (chance by ``rng``) until ``stop`` holds at a seat's turn."""
    player = bot("simple")
    while not match.is_over:
        if match.to_move is CHANCE:
            match.play_chance(rng)
            continue
        if stop(match):
            return match
        match.play(player.choose(match, rng))
    return match


def turn(match: Match) -> dict:  # type: ignore[type-arg]
    return match.view(None)["position"]["turn"]  # type: ignore[no-any-return]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "components.json").write_text(
        json.dumps(GAME.components(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )

    # The very start: seat 0 rolls.
    match = GAME.new_match(3)
    save_three("start", match)

    # The middle of a seeded game: a player with cards to use, between rolls.
    rng = random.Random(7)
    match = play_until(
        GAME.new_match(3),
        rng,
        lambda m: (
            m.state.round >= 6
            and turn(m)["phase"] == "dice"
            and len(turn(m)["active"]) >= 2
            and len(m.state.holdings[m.to_move].usable()) >= 2
        ),
    )
    save_three("middle", match)

    # The same game on: the dice phase is over and cards can be taken.
    match = play_until(
        match, rng, lambda m: bool(turn(m)["can_take"]) and len(turn(m)["can_take"]) >= 3
    )
    save_three("buy", match)

    # On to the final round, then to the end.
    match = play_until(match, rng, lambda m: m.state.final is not None and m.state.final.index >= 1)
    save_three("final", match)
    match = play_until(match, rng, lambda m: False)
    for seat in (0, None):
        save(f"end-{'spectator' if seat is None else f'seat{seat}'}", match, seat)

    # A staged turn: seat 0 holds every card that changes dice, and the Queen.
    cards = ["maid", "philosopher", "astronomer", "merchant", "lady", "sorcerer",
             "alchemist", "nobleman", "guard", "king", "queen"]  # fmt: skip
    staged = GAME.load(
        {
            "game": "krone",
            "players": 4,
            "position": {
                "round": 5,
                "players": [{"cards": cards, "jesters": 1}, {"cards": ["farmer"]}, {}, {}],
                "king": {"buyer": 0, "bid": [7, 4]},
                "turn": {
                    "phase": "dice",
                    "active": [6, 5, 3, 2, 1],
                    "aside": [4, 4],
                    "used": ["guard"],
                    "kept_since_roll": True,
                },
            },
        }
    )
    save("cards-mover", staged, 0)

    # Random staged turns for the node tests: every card use composed by pointing.
    fuzz_rng = random.Random(2)
    usable = [c for c in cards if c not in ("king",)] + ["bishop", "knight"]
    views = []
    for _ in range(24):
        held = fuzz_rng.sample(usable, 5)
        if "queen" in held:
            held.append("king")
        active = [fuzz_rng.randint(1, 6) for _ in range(fuzz_rng.randint(1, 6))]
        aside = [fuzz_rng.randint(1, 6) for _ in range(fuzz_rng.randint(0, 4))]
        position = {
            "players": [{"cards": held, "jesters": fuzz_rng.randint(0, 1)}, {}],
            "turn": {"phase": "dice", "active": active, "aside": aside,
                     "kept_since_roll": bool(aside)},
        }  # fmt: skip
        if "queen" in held:
            position["king"] = {"buyer": 0, "bid": [7, 2]}
        views.append(GAME.load({"game": "krone", "players": 2, "position": position}).view(0))
    path = OUT / "fuzz-views.json"
    path.write_text(json.dumps(views, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: {len(views)} staged turns")


if __name__ == "__main__":
    main()

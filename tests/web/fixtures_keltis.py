"""Write the Keltis board fixtures: views of seeded games, and the components.

Run from the worktree: ``python3 tests/web/fixtures_keltis.py``. The JSON files in
``tests/web/fixtures/keltis/`` are committed; the node tests and the preview page read them.
Each file is ``Match.view(seat)`` plus ``players_names`` (which the preview page shows).
Hands are hidden: a waiting seat's view holds only its own hand, a spectator's none.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from ludoteca.bots import bot  # noqa: E402
from ludoteca.engine import CHANCE, Match  # noqa: E402
from ludoteca.games.keltis import GAME  # noqa: E402

OUT = ROOT / "tests" / "web" / "fixtures" / "keltis"
NAMES = ["Anna", "Bruno", "Carla", "Dario"]


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


def position(match: Match) -> dict[str, Any]:
    return match.view(None)["position"]  # type: ignore[no-any-return]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "components.json").write_text(
        json.dumps(GAME.components(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    rng = random.Random(18)
    match = play_until(GAME.new_match(3), rng, lambda m: True)  # dealt: seat 0 plays
    save_three("start", match)

    # The middle: rows have grown; a wish is possible for the player to move.
    def middle(m: Match) -> bool:
        p = position(m)
        moves = [str(move) for move in m.legal_moves()]
        return (
            p["round"] >= 10
            and p["turn"]["phase"] == "play"
            and any(move.startswith("wish") for move in moves)
            and any(" " in move[5:] for move in moves if move.startswith("play p"))
        )

    match = play_until(match, rng, middle)
    save_three("middle", match)

    # The draw after a wish: two cards to draw, one pile closed.
    wishes = [str(m) for m in match.legal_moves() if str(m).startswith("wish")]
    match.play(wishes[0])
    save_three("draw", match)

    # After the end: extra plays.
    match = play_until(match, rng, lambda m: position(m)["turn"]["phase"] == "extra")
    save_three("extra", match)
    match = play_until(match, rng, lambda m: False)
    save("end-seat0", match, 0)
    save("end-spectator", match, None)

    # Two players: 30 cards in the box.
    rng = random.Random(5)
    two = play_until(GAME.new_match(2), rng, lambda m: position(m)["round"] >= 6)
    save("two-mover", two, two.to_move if isinstance(two.to_move, int) else 0)


if __name__ == "__main__":
    main()

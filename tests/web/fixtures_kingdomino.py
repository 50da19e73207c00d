"""Write the Kingdomino board's fixtures: seeded games played with the engine.

Run from the worktree: ``python3 tests/web/fixtures_kingdomino.py``. Writes views
(``Match.view(seat)``) at chosen moments, for the seat to move, a seat waiting and a
spectator, plus the game's components, to ``tests/web/fixtures/kingdomino/*.json``.
Each view also carries ``players_names`` for the preview page (not part of a view).
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

import ludoteca  # noqa: E402
from ludoteca.engine import CHANCE, Match  # noqa: E402

GAME = ludoteca.game("kingdomino")
OUT = ROOT / "tests" / "web" / "fixtures" / "kingdomino"
NAMES = ["Anna", "Karl", "Ulla", "Gerd"]


def write(name: str, match: Match, seat: int | None) -> None:
    view: dict[str, Any] = match.view(seat)
    view["players_names"] = NAMES[: match.players]
    (OUT / f"{name}.json").write_text(json.dumps(view, ensure_ascii=False, indent=1) + "\n")


def step(match: Match, rng: random.Random, random_play: bool = False) -> None:
    if match.to_move is CHANCE:
        match.play_chance(rng)
    elif random_play:
        match.play(rng.choice(match.legal_moves()))
    else:
        match.play(GAME.simple_move(match.state, rng))


def play_until(
    match: Match, rng: random.Random, stop: Callable[[Match], bool], random_play: bool = False
) -> Match:
    while not stop(match):
        if match.is_over:
            raise RuntimeError("the game ended before the moment looked for")
        step(match, rng, random_play)
    return match


def phase(match: Match) -> str:
    return str(match.view(None)["position"]["phase"])


def trio(prefix: str, match: Match) -> None:
    """The seat to move, another seat (waiting) and a spectator."""
    mover = match.to_move
    assert isinstance(mover, int)
    write(f"{prefix}-to-move", match, mover)
    write(f"{prefix}-waiting", match, (mover + 1) % match.players)
    write(f"{prefix}-spectator", match, None)


def has_discard(match: Match) -> bool:
    moves = match.view(match.to_move)["legal_moves"] if isinstance(match.to_move, int) else []
    return bool(moves) and moves[0].startswith("discard")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    components = GAME.components()
    (OUT / "components.json").write_text(json.dumps(components, indent=1) + "\n")

    # Two players: the first line (a king to place), a placement, a pick, the end.
    rng = random.Random(2)
    m = play_until(GAME.new_match(2), rng, lambda m: phase(m) == "claim")
    trio("start", m)
    m = play_until(m, rng, lambda m: phase(m) == "place" and len(m.log) > 40)
    trio("middle-place", m)
    m = play_until(m, rng, lambda m: phase(m) == "pick")
    trio("middle-pick", m)
    m = play_until(m, rng, lambda m: m.is_over)
    write("end-seat0", m, 0)
    write("end-spectator", m, None)

    # Four players with Middle Kingdom and Harmony, late in the game and at the end.
    rng = random.Random(4)
    options = {"middle_kingdom": True, "harmony": True}
    m = play_until(GAME.new_match(4, options), rng,
                   lambda m: phase(m) == "place" and len(m.log) > 120)  # fmt: skip
    trio("four-late", m)
    m = play_until(m, rng, lambda m: m.is_over)
    write("four-end-seat2", m, 2)

    # A domino that fits nowhere: random play gets there soon enough.
    for seed in range(200):
        rng = random.Random(seed)
        m = GAME.new_match(3)
        while not m.is_over and not has_discard(m):
            step(m, rng, random_play=True)
        if not m.is_over:
            trio("discard", m)
            break

    # The Mighty Duel (7×7) in the middle and at the end.
    rng = random.Random(7)
    m = play_until(GAME.new_match(2, {"mighty_duel": True}), rng,
                   lambda m: phase(m) == "place" and len(m.log) > 90)  # fmt: skip
    trio("duel-middle", m)
    m = play_until(m, rng, lambda m: m.is_over)
    write("duel-end-seat1", m, 1)

    # Dynasty: the second game, and the end of the third.
    rng = random.Random(11)
    m = play_until(
        GAME.new_match(3, {"dynasty": True}),
        rng,
        lambda m: m.view(None)["position"]["game"] == 2 and phase(m) == "place",
    )
    trio("dynasty-game2", m)
    m = play_until(m, rng, lambda m: m.is_over)
    write("dynasty-end-seat0", m, 0)


if __name__ == "__main__":
    main()

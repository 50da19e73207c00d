"""Write the Cronberg board's fixtures: seeded games played with the engine.

Run from the worktree: ``python3 tests/web/fixtures_cronberg.py``. Writes views
(``Match.view(seat)``) at chosen moments, for the seat to move, a seat waiting and a
spectator, plus the game's components, to ``tests/web/fixtures/cronberg/*.json``.
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
sys.path.insert(0, str(ROOT))

import ludoteca  # noqa: E402
from ludoteca.engine import CHANCE, Match  # noqa: E402

GAME = ludoteca.game("cronberg")
OUT = ROOT / "tests" / "web" / "fixtures" / "cronberg"
# The rulebook's players: Otto (green), Anna (blue), Ulla (red), Gerd (yellow).
NAMES = ["Otto", "Anna", "Ulla", "Gerd"]


def write(name: str, match: Match, seat: int | None) -> None:
    view: dict[str, Any] = match.view(seat)
    view["players_names"] = NAMES[: match.players]
    (OUT / f"{name}.json").write_text(json.dumps(view, ensure_ascii=False, indent=1) + "\n")


def step(match: Match, rng: random.Random) -> None:
    if match.to_move is CHANCE:
        match.play_chance(rng)
    else:
        match.play(GAME.simple_move(match.state, rng))


def play_until(match: Match, rng: random.Random, stop: Callable[[Match], bool]) -> Match:
    while not stop(match):
        if match.is_over:
            raise RuntimeError("the game ended before the moment looked for")
        step(match, rng)
    return match


def trio(prefix: str, match: Match) -> None:
    """The seat to move, another seat (waiting) and a spectator."""
    mover = match.to_move
    assert isinstance(mover, int)
    write(f"{prefix}-to-move", match, mover)
    write(f"{prefix}-waiting", match, (mover + 1) % match.players)
    write(f"{prefix}-spectator", match, None)


def position(match: Match) -> dict[str, Any]:
    return match.view(None)["position"]  # type: ignore[no-any-return]


def scored_lately(match: Match) -> bool:
    """The last move laid a tile that scored a pawn (the interim scoring to show)."""
    events = position(match)["interim"]
    return bool(match.log) and match.log[-1].text.startswith("lay") and bool(events[-1]["scored"])


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    (OUT / "components.json").write_text(json.dumps(GAME.components(), indent=1) + "\n")

    # Two players: the opening, a pawn or a draw after a scoring tile, laying a tile, the end.
    rng = random.Random(3)
    m = GAME.new_match(2)
    trio("start", m)
    m = play_until(m, rng, lambda m: scored_lately(m) and len(m.log) > 20)
    trio("middle-move", m)
    m = play_until(m, rng, lambda m: position(m)["step"] == "laying" and len(m.log) > 45)
    trio("middle-laying", m)
    m = play_until(m, rng, lambda m: m.is_over)
    write("end-seat0", m, 0)
    write("end-spectator", m, None)

    # Three players, late, and at the end.
    rng = random.Random(5)
    m = play_until(GAME.new_match(3), rng,
                   lambda m: position(m)["step"] == "laying" and len(m.log) > 70)  # fmt: skip
    trio("three-late", m)
    m = play_until(m, rng, lambda m: m.is_over)
    write("three-end-seat1", m, 1)

    # The rulebook's closing example (four players, tests/games/cronberg/helpers.py):
    # the town hall's interim scoring and the guard, then the final scoring 20, 16, 4, 8.
    from tests.games.cronberg.helpers import closing, lay

    m = closing()
    trio("closing-draw", m)
    lay(m, "townhall", "U16", "D16")
    trio("closing-after-townhall", m)
    m.play("pawn 35")
    m.play("pawn 33")
    write("closing-end-seat0", m, 0)
    write("closing-end-spectator", m, None)


if __name__ == "__main__":
    main()

"""The figures of docs/research.md: action index sizes, the largest legal set of random
playouts, and random steps per second through the engine and through the OpenSpiel adapter.

Run: python scripts/rl_figures.py (needs the rl extra)."""
import random, time, ludoteca, pyspiel, ludoteca.openspiel
from ludoteca.engine import CHANCE
from ludoteca.actions import for_game
for gid in ludoteca.games():
    g = ludoteca.game(gid); A = for_game(gid); rng = random.Random(1); big = 0
    for players in range(g.min_players, g.max_players + 1):
        m = g.new_match(players)
        for _ in range(5000):
            if m.is_over: break
            if m.to_move is CHANCE: m.play_chance(rng)
            else:
                moves = m.legal_moves(); big = max(big, len(moves)); m.play(rng.choice(moves))
    # engine random steps/s
    n = 3000; t = time.perf_counter(); steps = 0; m = g.new_match(g.min_players)
    while steps < n:
        if m.is_over: m = g.new_match(g.min_players)
        if m.to_move is CHANCE: m.play_chance(rng)
        else: m.play(rng.choice(m.legal_moves()))
        steps += 1
    engine = steps / (time.perf_counter() - t)
    game = pyspiel.load_game(f"python_ludoteca_{gid}(players={g.min_players})")
    t = time.perf_counter(); steps = 0; s = game.new_initial_state()
    while steps < n:
        if s.is_terminal(): s = game.new_initial_state()
        if s.is_chance_node():
            a, p = zip(*s.chance_outcomes()); s.apply_action(rng.choices(a, p)[0])
        else: s.apply_action(rng.choice(s.legal_actions()))
        steps += 1
    adapter = steps / (time.perf_counter() - t)
    print(f"| {gid} | {A.decisions.size:,} | {A.outcomes.size:,} | {big:,} | {engine:,.0f} | {adapter:,.0f} | {engine/adapter:.1f} |", flush=True)

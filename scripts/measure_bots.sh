#!/usr/bin/env bash
# docs/bots.md's table of strength, measured on fresh games: every pairing of the levels
# at two players, and one of each at the four-player table (five for Krone), each an
# arena of $GAMES games of seed $SEED (2026: never used for tuning). Each row's
# `ludoteca arena --json` lands in $OUT; a row whose file exists is skipped, so the
# script can be stopped and run again to finish the table. Rows run one at a time, the
# most telling first, at the lowest priority (the machine is shared). With CHUNK=N a row
# is played N games at a time, each range kept in $file.d/ and skipped when there, and
# the parts joined into the row's file once all are in (scripts/arena_series.sh): a long
# row stopped keeps the ranges it finished.
#   scripts/measure_bots.sh                  # the whole table
#   scripts/measure_bots.sh krone            # the rows whose file name contains "krone"
set -euo pipefail
cd "$(dirname "$0")/.."
LUDOTECA=ludoteca
if [ -x .venv/bin/ludoteca ]; then LUDOTECA=.venv/bin/ludoteca; fi
SEED=${SEED:-2026}
GAMES=${GAMES:-600}
JOBS=${JOBS:-1}
CHUNK=${CHUNK:-0}
OUT=${OUT:-docs/measured/bots/seed-$SEED}
ONLY=${1:-}
mkdir -p "$OUT"

row() {  # GAME BOTS PLAYERS
  local file="$OUT/$1-${2//,/-}-$3p.json"
  if [ -n "$ONLY" ] && [[ "$file" != *"$ONLY"* ]]; then return; fi
  local step=$GAMES
  if [ "$CHUNK" -gt 0 ]; then step=$CHUNK; fi
  echo "== $1 $2, $3 players, seed $SEED, games 0:$GAMES"
  CHUNK=$step WORKERS=1 scripts/arena_series.sh "$file" "$GAMES" \
    "$1" --bots "$2" --players "$3" --seed "$SEED" --jobs "$JOBS"
}

GAMES_=(krone keltis kingdomino cronberg)
for game in "${GAMES_[@]}"; do row "$game" mcts,greedy 2; done
# Five seats for four levels: the line-up starts again from mcts, which holds two seats a
# game (the seating turns, so each level sits in each seat); a win rate is per seat held.
row krone mcts,greedy,simple,random 5
row krone mcts,greedy,simple,random 4
for game in keltis kingdomino cronberg; do row "$game" mcts,greedy,simple,random 4; done
for game in "${GAMES_[@]}"; do
  for pair in mcts,simple greedy,simple mcts,random greedy,random simple,random; do
    row "$game" "$pair" 2
  done
done

# Each game's ladder from its six two-player pairings and its full tables (four players,
# five for Krone), once all are measured, stored as the data the room shows
# (src/ludoteca/bots/ladders.json; the levels' order in levels.json must agree:
# tests/bots/test_strength.py).
for game in "${GAMES_[@]}"; do
  if [ "$game" = krone ]; then
    # Krone's rows with mcts here are of the search before its larger plan; its ladder
    # is of the search the room plays, from the "-larger-plan" files (the command in
    # ladders.json; docs/bots.md, "A ladder of the levels"): not remade from these.
    echo "krone's ladder: not remade here (its command is in src/ludoteca/bots/ladders.json)"
    continue
  fi
  files=()
  for pair in mcts-greedy mcts-simple greedy-simple mcts-random greedy-random simple-random; do
    files+=("$OUT/$game-$pair-2p.json")
  done
  files+=("$OUT/$game-mcts-greedy-simple-random-4p.json")
  if [ "$game" = krone ]; then files+=("$OUT/$game-mcts-greedy-simple-random-5p.json"); fi
  if ls "${files[@]}" >/dev/null 2>&1; then
    "$LUDOTECA" ladder "$game" "${files[@]}" --seed "$SEED" --out src/ludoteca/bots/ladders.json
  else
    echo "no ladder for $game yet: not every row is measured"
  fi
done

#!/usr/bin/env bash
# One arena row played as a series of ranges, as docs/bots.md's rows are: games 0 to
# GAMES-1 of a seed in ranges of CHUNK (default 25), each range's `ludoteca arena --json`
# kept in FILE.d/ and skipped when there, so a series stopped (a session's end) goes on
# from the first range not played; once every range is in, the parts are joined into
# FILE (scripts/join_arena.py: the figures `--games` of the whole prints). WORKERS
# processes (default 2, one a core) take the ranges in order, each claiming one before
# playing it, at the lowest priority (`nice -n 19`). Where the kernel shares the cores
# between sessions first (autogroup), start it in a session of its own, `setsid
# scripts/arena_series.sh ...`: it then lowers its session's group too, so that work at
# normal priority on the machine takes the cores first.
#   scripts/arena_series.sh FILE GAMES ARENA-ARGUMENTS...
#   scripts/arena_series.sh docs/measured/bots/seed-2026/krone-4p.json 600 \
#     krone --bots mcts,greedy,simple,random --players 4 --seed 2026 --think 0.7
# PYTHONPATH=/path/to/worktree/src plays another checkout's bots (a version kept apart
# while this one changes); give FILE then in the checkout that keeps the results, not in
# the worktree: a worktree removed at a session's end takes its ranges with it (the table
# of five's first 150 games, 2026-12-02).
# Commit the ranges as they come in (FILE.d/*.json are not ignored): a machine's restart
# keeps only what is committed (seed 2043's first playing, 2026-12-03).
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: scripts/arena_series.sh FILE GAMES ARENA-ARGUMENTS..." >&2
  exit 2
fi
FILE=$1
GAMES=$2
shift 2
CHUNK=${CHUNK:-25}
WORKERS=${WORKERS:-2}
HERE=$(cd "$(dirname "$0")/.." && pwd)
PYTHON=python3
if [ -x "$HERE/.venv/bin/python" ]; then PYTHON=$HERE/.venv/bin/python; fi
if [ -s "$FILE" ]; then
  echo "have $FILE"
  exit 0
fi
mkdir -p "$FILE.d"
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ]; then
  echo 19 >/proc/self/autogroup 2>/dev/null || true
fi

# The ranges, in order, each as START:STOP.
ranges=()
for ((start = 0; start < GAMES; start += CHUNK)); do
  ranges+=("$start:$((start + CHUNK < GAMES ? start + CHUNK : GAMES))")
done

worker() {
  local range part
  for range in "${ranges[@]}"; do
    part="$FILE.d/${range/:/-}.json"
    # A range is claimed by making its folder (atomic): no two workers play it.
    mkdir "$part.claim" 2>/dev/null || continue
    if [ ! -s "$part" ]; then
      echo "$(date -u +%T) games $range"
      nice -n 19 "$PYTHON" -m ludoteca arena "$@" --seeds "$range" --json >"$part.part"
      mv "$part.part" "$part"
    fi
  done
}

# Claims of an earlier sitting are left behind by a stop: a range without its part is
# played again.
rm -rf "$FILE.d"/*.claim
for ((w = 0; w < WORKERS; w++)); do worker "$@" & done
wait
parts=()
for range in "${ranges[@]}"; do parts+=("$FILE.d/${range/:/-}.json"); done
rm -rf "$FILE.d"/*.claim
if ! ls "${parts[@]}" >/dev/null 2>&1; then
  echo "not every range is in: $FILE not joined" >&2
  exit 1
fi
"$PYTHON" "$HERE/scripts/join_arena.py" "${parts[@]}" >"$FILE.part"
mv "$FILE.part" "$FILE"
rm -r "$FILE.d"
echo "joined $FILE"

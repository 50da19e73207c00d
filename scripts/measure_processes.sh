#!/usr/bin/env bash
# Figures for docs/deploy.md: one process on SQLite, one on PostgreSQL, two on PostgreSQL + Redis;
# 400 two-player Kingdomino tables; closed loop and paced (docs/deploy.md, Measured).
# Usage: scripts/measure_processes.sh OUTDIR  (needs the local PostgreSQL and Redis; it
# creates and drops the databases m21one and m21two, and uses Redis keys under m21*)
set -u
OUT=${1:-/tmp/measure-processes}; mkdir -p $OUT
L=${LUDOTECA:-$(cd "$(dirname "$0")/.." && pwd)/.venv/bin/ludoteca}
PG=postgresql+asyncpg://postgres@127.0.0.1
FLAGS="--bot-delay 0 --sockets-per-address 5000 --entries-per-minute 100000 --rate 10000"
pgdb() { psql -h 127.0.0.1 -U postgres -d test -qc "DROP DATABASE IF EXISTS $1 WITH (FORCE)" >/dev/null; psql -h 127.0.0.1 -U postgres -d test -qc "CREATE DATABASE $1" >/dev/null; }
wait_up() { for i in $(seq 100); do curl -sf http://127.0.0.1:$1/api/status >/dev/null && return; sleep 0.2; done; echo "port $1 did not answer"; }
load() { # name urls... ; LOADARGS
  local name=$1; shift; local urls=""; for u in "$@"; do urls="$urls --url ws://127.0.0.1:$u"; done
  $L loadtest $urls --game kingdomino --players 2 --tables ${TABLES:-400} --duration ${DUR:-20} --warmup ${WARM:-8} $LOADARGS --json > $OUT/$name.json 2> $OUT/$name.err
  for u in "$@"; do curl -s http://127.0.0.1:$u/api/status > $OUT/$name.status.$u.json; ps -o rss= -p $(cat $OUT/pid.$u) > $OUT/$name.rss.$u; done
}
start() { # port db [more]
  local port=$1 db=$2; shift 2
  $L serve --port $port --db $db $FLAGS "$@" > $OUT/serve.$port.log 2>&1 & echo $! > $OUT/pid.$port; wait_up $port
}
stop() { for p in "$@"; do kill $(cat $OUT/pid.$p); done; sleep 2; }
for mode in closed paced; do
  if [ $mode = paced ]; then LOADARGS="--rate 1000"; else LOADARGS=""; fi
  rm -f $OUT/s.db*; start 8801 sqlite+aiosqlite:///$OUT/s.db; load sqlite-$mode 8801; stop 8801
  pgdb m21one; start 8801 $PG/m21one; load pg-$mode 8801; stop 8801
  pgdb m21two; start 8801 $PG/m21two --redis redis://127.0.0.1:6379/0 --redis-prefix m21$mode:; start 8802 $PG/m21two --redis redis://127.0.0.1:6379/0 --redis-prefix m21$mode:
  load two-$mode 8801 8802; stop 8801 8802
done

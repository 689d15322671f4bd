#!/usr/bin/env bash
# Throughput of `boardkit serve` on loopback, measured with wrk (Debian's
# `wrk` package): the move endpoint (POST /api/v1/2048/games/{id}/moves over
# GAMES 4 x 4 games, scripts/bench-web-moves.lua) and the solve endpoint
# (POST /api/v1/sokoban/solve on a small level, scripts/bench-web-solve.lua).
# Each run starts a fresh server from target/release/boardkit (with
# --no-tables, so that no 2048 lookup table is built in the background
# while it is measured); wrk and the server share the machine's cores. Prints every run and the median of RUNS
# runs of requests/s (all answers, and the 2xx ones alone), p50 and p99
# latency.
#
#   scripts/bench-web.sh [RUNS [SECONDS [CONNECTIONS [GAMES]]]]
#
# Defaults: 3 runs of 10 s at 64 connections over 256 games; wrk uses 2
# threads (BENCH_THREADS). The solve endpoint is measured at the same
# connections (more than the solver pool and its queue take: the rest are
# answered 503, counted as non-2xx) and at 8 (all admitted).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
seconds=${2:-10}
conns=${3:-64}
games=${4:-256}
export BENCH_THREADS=${BENCH_THREADS:-2}
command -v wrk >/dev/null || { echo "needs wrk (apt-get install wrk)" >&2; exit 1; }
cargo build --release -q --bin boardkit
bin=target/release/boardkit
tmp=$(mktemp -d)
pid=
stop() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=; fi
}
trap 'stop; rm -rf "$tmp"' EXIT

# Starts a fresh server on a free port; sets $pid and $url.
start() {
  rm -f "$tmp/serve.out"
  "$bin" serve --bind 127.0.0.1:0 --no-tables >"$tmp/serve.out" 2>&1 &
  pid=$!
  for _ in $(seq 100); do
    url=$(sed -n 's#^boardkit: serving on \(http://[^/]*\)/$#\1#p' "$tmp/serve.out" 2>/dev/null || true)
    [ -n "$url" ] && return
    sleep 0.05
  done
  echo "the server did not start: $(cat "$tmp/serve.out")" >&2
  exit 1
}

# Makes $games games (seeds 1..$games) and sets BENCH_GAMES to their ids.
make_games() {
  local ids=()
  for seed in $(seq "$games"); do
    ids+=("$(curl -sf -X POST -H 'Content-Type: application/json' \
      -d "{\"seed\":$seed}" "$url/api/v1/2048/games" | sed 's/.*"id":"\([0-9]*\)".*/\1/')")
  done
  BENCH_GAMES=$(IFS=,; echo "${ids[*]}")
  export BENCH_GAMES
}

# One wrk run of $1 (a Lua script) against $2 at $3 connections; prints the
# RESULT line's fields.
run_wrk() {
  wrk -t"$BENCH_THREADS" -c"$3" -d"${seconds}s" --latency -s "$1" "$2" >"$tmp/wrk.out" 2>&1 || true
  if ! grep -q '^RESULT ' "$tmp/wrk.out"; then
    echo "wrk gave no result:" >&2
    cat "$tmp/wrk.out" >&2
    exit 1
  fi
  sed -n 's/^RESULT //p' "$tmp/wrk.out"
}

# The median of column $1 of the lines on stdin.
median() {
  awk -v c="$1" '{print $c}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

# Runs $runs fresh-server runs of wrk ($1 = name, $2 = script, $3 = path,
# $4 = connections, $5 = set up games or not) and prints them and the median.
measure() {
  local results=()
  for r in $(seq "$runs"); do
    start
    [ "$5" = games ] && make_games
    # A 1 s warm-up, not counted.
    seconds=1 run_wrk "$2" "$url$3" "$4" >/dev/null
    line=$(run_wrk "$2" "$url$3" "$4")
    stop
    read -r rps p50 p99 total non2xx ok <<<"$line"
    printf '  run %d: %s requests/s (2xx: %s/s), p50 %s µs, p99 %s µs, %s requests, %s non-2xx\n' \
      "$r" "$rps" "$ok" "$p50" "$p99" "$total" "$non2xx"
    results+=("$line")
  done
  local all
  all=$(printf '%s\n' "${results[@]}")
  printf '%s, %s connections, median of %d runs of %d s: %s requests/s (2xx: %s/s), p50 %s µs, p99 %s µs\n' \
    "$1" "$4" "$runs" "$seconds" "$(median 1 <<<"$all")" "$(median 6 <<<"$all")" \
    "$(median 2 <<<"$all")" "$(median 3 <<<"$all")"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "moves" scripts/bench-web-moves.lua /api/v1/2048/games "$conns" games
measure "solve" scripts/bench-web-solve.lua /api/v1/sokoban/solve "$conns" none
measure "solve" scripts/bench-web-solve.lua /api/v1/sokoban/solve 8 none
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

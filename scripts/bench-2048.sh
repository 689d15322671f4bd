#!/usr/bin/env bash
# Whole-process timings of the 2048 judge commands (median of RUNS runs), and
# of `2048 max-tile` beside a judge contestant's brute force
# (crates/g2048/examples/max_tile_brute.rs) on dense boards of tiles 2..16.
# Usage: scripts/bench-2048.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release -q --bin boardkit --example random_boards --example max_tile_brute
bin=target/release/boardkit
gen=target/release/examples/random_boards
brute=target/release/examples/max_tile_brute
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Median wall time in milliseconds of running "$@" $runs times, after one
# untimed run (the first run after a build or a new input is often slower).
median_ms() {
  local times=()
  "$@" >/dev/null
  for _ in $(seq "$runs"); do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null
    t1=$(date +%s%N)
    times+=($(( (t1 - t0) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}

for seed in 1 2 3; do
  "$gen" max-tile 20 "$seed" > "$tmp/dense-$seed.txt"
  for k in 5 10 12; do
    ms=$(median_ms "$bin" 2048 max-tile -k "$k" "$tmp/dense-$seed.txt")
    tile=$("$bin" 2048 max-tile -k "$k" "$tmp/dense-$seed.txt")
    echo "max-tile 20x20 dense seed=$seed K=$k: ${ms} ms (tile $tile)"
  done
done

"$gen" moves 1000000 1 > "$tmp/moves.txt"
ms=$(median_ms "$bin" 2048 moves "$tmp/moves.txt")
echo "moves 1,000,000 boards: ${ms} ms"

for seed in 1 2 3 4 5; do
  "$gen" max-tile 20 "$seed" 16 > "$tmp/small-$seed.txt"
  for k in 5 9 10; do
    tile=$("$bin" 2048 max-tile -k "$k" "$tmp/small-$seed.txt")
    if [ "$("$brute" "$k" "$tmp/small-$seed.txt")" != "$tile" ]; then
      echo "max-tile 20x20 tiles 2..16 seed=$seed K=$k: boardkit and the brute force disagree" >&2
      exit 1
    fi
    ms=$(median_ms "$bin" 2048 max-tile -k "$k" "$tmp/small-$seed.txt")
    ref=$(median_ms "$brute" "$k" "$tmp/small-$seed.txt")
    ratio=$(awk -v a="$ref" -v b="$ms" 'BEGIN {printf "%.1f", a / b}')
    echo "max-tile 20x20 tiles 2..16 seed=$seed K=$k: ${ms} ms, brute force ${ref} ms, ${ratio}x (tile $tile)"
  done
done

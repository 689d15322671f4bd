#!/usr/bin/env bash
# Long fuzz runs, one target at a time: each runs until 10 million
# executions or its share of the time budget, whichever comes first; a
# target that stops early leaves its unused time to the ones after it.
#
#   scripts/fuzz-long.sh [BUDGET_SECONDS [LOG_DIR [TARGET...]]]
#
# Default budget 3600 s in all. Prints one summary line per target
# (executions, seconds, exec/s, crash or not); the full libFuzzer output is
# in LOG_DIR/<target>.log and crashing inputs in fuzz/artifacts/<target>/.
# FUZZ_TIMEOUT (default 30) is libFuzzer's per-input limit in seconds of
# wall-clock time: raise it when other work may starve the niced fuzzer.
set -uo pipefail
cd "$(dirname "$0")/../fuzz"
budget=${1:-3600}
logs=${2:-target/fuzz-logs}
shift $(( $# < 2 ? $# : 2 ))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
fi
mkdir -p "$logs"
export RUSTC_BOOTSTRAP=1
cargo fuzz build -O >/dev/null 2>&1 || { echo "fuzz build failed" >&2; exit 1; }
start=$(date +%s)
left=${#targets[@]}
for t in "${targets[@]}"; do
    used=$(( $(date +%s) - start ))
    share=$(( (budget - used) / left ))
    left=$(( left - 1 ))
    [ "$share" -lt 10 ] && share=10
    mkdir -p "corpus/$t"
    nice -n 15 cargo fuzz run -O "$t" -- -runs=10000000 -max_total_time="$share" \
        -timeout="${FUZZ_TIMEOUT:-30}" -print_final_stats=1 >"$logs/$t.log" 2>&1
    status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$logs/$t.log" | grep -o '[0-9]*$' | tail -1)
    secs=$(grep -o 'Done [0-9]* runs in [0-9]* second' "$logs/$t.log" | grep -o 'in [0-9]*' | grep -o '[0-9]*' | tail -1)
    rate=$(grep -o 'exec/s: *[0-9]*' "$logs/$t.log" | tail -1 | grep -o '[0-9]*$')
    crash=no
    [ "$status" -ne 0 ] && crash="yes (status $status, see $logs/$t.log)"
    echo "$t: ${runs:-?} executions in ${secs:-?} s (${rate:-?} exec/s), budget ${share} s, crash: $crash"
done

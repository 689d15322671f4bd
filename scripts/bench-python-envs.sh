#!/usr/bin/env bash
# Steps per second of the Python environments beside gym-sokoban, gymnasium-2048,
# Jumanji and Pgx, in one run pinned to one core (taskset), in a virtual
# environment of its own (target/peers-venv; the peers are not dependencies).
# BENCH_BOXOBAN=FILE uses that Boxoban file for the vectorised Sokoban figure
# (default: the built-in levels). Prints a table; BENCHMARKS.md records one.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
venv="$root/target/peers-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet gym-sokoban gymnasium-2048 jumanji pgx "jax[cpu]"
CARGO_TARGET_DIR="$root/target/python" "$venv/bin/python" -m pip install --quiet "$root/crates/python[gym]"
export XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
exec taskset -c "${BENCH_CORE:-1}" "$venv/bin/python" "$root/scripts/bench-python-envs.py"

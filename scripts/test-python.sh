#!/usr/bin/env bash
# The Python package's tests, from nothing: a virtual environment of its own
# (target/python-venv), the package built from this checkout by pip with
# maturin from the package index, then pytest (the engines against the
# boardkit binary's output, the docstring examples) and the type checks
# (mypy --strict on the package and examples/python, stubtest on the native
# module's stubs). The tests include examples/python/ray_solve.py on a local Ray.
# Builds go to $CARGO_TARGET_DIR when it is set, else to target/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$root/target/python-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
# The extension is compiled into the main target folder (kept out of git).
CARGO_TARGET_DIR="$target/python" \
    "$venv/bin/python" -m pip install --quiet "$root/crates/python[test]"
CARGO_TARGET_DIR="$target" cargo build --release --quiet -p boardkit-cli
export BOARDKIT_BIN="$target/release/boardkit"
cd "$root/crates/python"
"$venv/bin/python" -m pytest -q tests
"$venv/bin/python" -m pytest -q --doctest-modules --pyargs boardkit
"$venv/bin/python" -m mypy --strict python/boardkit tests "$root/examples/python"
"$venv/bin/python" -m mypy.stubtest boardkit._native
# The web pages' browser tests (Chromium, selenium) in the same environment.
"$root/scripts/test-browser.sh"

#!/usr/bin/env bash
# The web pages' browser tests, from nothing: Debian's Chromium and
# chromedriver (installed with apt-get when /usr/bin/chromedriver is
# missing, with sudo unless root), selenium and pytest in the virtual
# environment target/python-venv (made when missing), the release binary,
# then pytest on crates/web/browser-tests (each test's screenshot goes to
# target/browser-screenshots/).
# Builds go to $CARGO_TARGET_DIR when it is set, else to target/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$root/target/python-venv"
if [ ! -x /usr/bin/chromedriver ] || [ ! -x /usr/bin/chromium ]; then
    sudo=""
    if [ "$(id -u)" != 0 ]; then
        sudo="sudo"
    fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver
fi
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet -r "$root/crates/web/browser-tests/requirements.txt"
CARGO_TARGET_DIR="$target" cargo build --release --quiet -p boardkit-cli
export BOARDKIT_BIN="$target/release/boardkit"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/crates/web/browser-tests"

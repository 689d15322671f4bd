"""Shared helpers: run the ``boardkit`` binary the package is checked against."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import pytest


def boardkit_bin() -> str:
    path = os.environ.get("BOARDKIT_BIN")
    if not path:
        pytest.skip("BOARDKIT_BIN is not set (scripts/test-python.sh sets it)")
    return path


#: The home of every ``boardkit`` the tests run: inside the build's ``target``
#: folder, so that no test writes into the user's real cache (the 2048 lookup
#: tables that ``ai`` and ``hint`` build) or data directory.
PRIVATE_HOME = Path(__file__).resolve().parents[3] / "target" / "python-test-home"


def private_env() -> Dict[str, str]:
    """The environment with ``HOME`` and the XDG directories in :data:`PRIVATE_HOME`."""
    return dict(
        os.environ,
        HOME=str(PRIVATE_HOME),
        XDG_CACHE_HOME=str(PRIVATE_HOME / ".cache"),
        XDG_DATA_HOME=str(PRIVATE_HOME / ".local" / "share"),
        XDG_CONFIG_HOME=str(PRIVATE_HOME / ".config"),
    )


# The package itself, called in this process, keeps its 2048 lookup tables in the
# same private cache folder as the binary (``dirs`` reads XDG_CACHE_HOME when it
# builds the path), so the tests never write into the user's cache.
os.environ["XDG_CACHE_HOME"] = private_env()["XDG_CACHE_HOME"]


@pytest.fixture(scope="session", autouse=True)
def lookup_tables() -> None:
    """Reads or builds the 2048 lookup tables before any test, so that no timed
    test (Ctrl-C within 2 s) pays for building them."""
    from boardkit import g2048

    g2048.ai_move([[2, 0, 0, 0], [0] * 4, [0] * 4, [0] * 4], strong=False)


def cli(args: List[str], stdin: Optional[str] = None) -> Tuple[int, str, str]:
    """Runs ``boardkit ARGS`` (with :func:`private_env`) and returns its exit
    status, stdout and stderr."""
    done = subprocess.run(
        [boardkit_bin(), *args],
        env=private_env(),
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def cli_error(args: List[str], stdin: Optional[str] = None) -> str:
    """The message of a command that fails on bad input, without ``error: ``."""
    code, out, err = cli(args, stdin)
    assert code == 1, (code, out, err)
    assert out == ""
    first = err.splitlines()[0]
    assert first.startswith("error: ")
    return first[len("error: ") :]

"""Shared helpers: run the ``boardkit`` binary the package is checked against."""

from __future__ import annotations

import os
import subprocess
from typing import List, Optional, Tuple

import pytest


def boardkit_bin() -> str:
    path = os.environ.get("BOARDKIT_BIN")
    if not path:
        pytest.skip("BOARDKIT_BIN is not set (scripts/test-python.sh sets it)")
    return path


def cli(args: List[str], stdin: Optional[str] = None) -> Tuple[int, str, str]:
    """Runs ``boardkit ARGS`` and returns its exit status, stdout and stderr."""
    done = subprocess.run(
        [boardkit_bin(), *args],
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

"""Each argument's limits, through both front ends: a value the command line
refuses as a usage error (exit status 2) raises ``ValueError`` in Python
with the same words after the argument's name, and the last value inside
each limit is taken by both."""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Tuple

import pytest

from boardkit import _native as native
from conftest import cli

BOARD = [[2, 2, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
BOARD_TEXT = "4\n2 2 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n"
LEVEL = native.Level("#######\n#@ $ .#\n#######\n")
LEVEL_TEXT = "#######\n#@ $ .#\n#######\n"


def usage_reason(args: List[str], stdin: str = "") -> str:
    """What the command line says is wrong with a bad argument value: the
    text after ``invalid value '…' for '--option <NAME>': ``."""
    code, out, err = cli(args, stdin)
    assert code == 2, (args, code, out, err)
    assert out == ""
    first = err.splitlines()[0]
    assert first.startswith("error: invalid value "), first
    return first.split("': ", 1)[1]


def python_reason(call: Callable[[], object], name: str) -> str:
    """What Python says is wrong: the text after ``invalid value '…' for
    'NAME': ``."""
    with pytest.raises(ValueError) as caught:
        call()
    message = str(caught.value)
    assert message.startswith("invalid value "), message
    assert f" for '{name}': " in message, message
    return message.split(f" for '{name}': ", 1)[1]


# (CLI arguments and input, Python call, Python argument name), for each
# limit's value just outside it; the same call with the value just inside
# must succeed in both.
Case = Tuple[List[str], str, Callable[[Any], object], str, object, object]

CASES: List[Case] = [
    (
        ["2048", "max-tile", "--moves"],
        BOARD_TEXT,
        lambda v: native.g2048_max_tile(BOARD, moves=v),
        "moves",
        -1,
        0,
    ),
    (
        ["2048", "max-tile", "--moves"],
        BOARD_TEXT,
        lambda v: native.g2048_max_tile(BOARD, moves=v),
        "moves",
        65,
        64,
    ),
    (
        ["2048", "max-tile", "--time-limit"],
        BOARD_TEXT,
        lambda v: native.g2048_max_tile(BOARD, time_limit=v),
        "time_limit",
        -1,
        1,
    ),
    (
        ["2048", "max-tile", "--time-limit"],
        BOARD_TEXT,
        lambda v: native.g2048_max_tile(BOARD, time_limit=v),
        "time_limit",
        1e308,
        1e9,
    ),
    (
        ["2048", "max-tile", "--time-limit"],
        BOARD_TEXT,
        lambda v: native.g2048_max_tile(BOARD, time_limit=v),
        "time_limit",
        0,
        0.5,
    ),
    (
        ["sokoban", "solve", "-", "--time-limit"],
        LEVEL_TEXT,
        lambda v: native.sokoban_solve(LEVEL, time_limit=v),
        "time_limit",
        -1,
        10,
    ),
    (
        ["sokoban", "solve", "-", "--memory-limit"],
        LEVEL_TEXT,
        lambda v: native.sokoban_solve(LEVEL, memory_limit=v),
        "memory_limit",
        0,
        1 << 30,
    ),
    (
        ["sokoban", "solve", "-", "--node-limit"],
        LEVEL_TEXT,
        lambda v: native.sokoban_solve(LEVEL, node_limit=v),
        "node_limit",
        0,
        1000,
    ),
    (
        ["cover", "count", "--memory-limit"],
        "1\n2 3\n...\n...\n",
        lambda v: native.cover_count(rect=(2, 3), memory_limit=v),
        "memory_limit",
        -1,
        1 << 20,
    ),
    (
        ["cover", "count", "--time-limit"],
        "1\n2 3\n...\n...\n",
        lambda v: native.cover_count(rect=(2, 3), time_limit=v),
        "time_limit",
        float("nan"),
        5,
    ),
    (
        ["yut", "best", "--pieces"],
        "5 4 3 2 1 5 4 3 2 1\n",
        lambda v: native.yut_best_score([5, 4, 3, 2, 1, 5, 4, 3, 2, 1], pieces=v),
        "pieces",
        9,
        8,
    ),
    (
        ["yut", "best", "--pieces"],
        "5 4 3 2 1 5 4 3 2 1\n",
        lambda v: native.yut_best_score([5, 4, 3, 2, 1, 5, 4, 3, 2, 1], pieces=v),
        "pieces",
        -1,
        1,
    ),
    (
        ["2048", "ai", "--games", "1", "--no-tables", "--depth", "1", "--until", "8", "--seed"],
        "",
        lambda v: native.g2048_ai_game(v, until=8),
        "seed",
        -1,
        2**64 - 1,
    ),
    (
        ["2048", "ai", "--games", "1", "--no-tables", "--depth", "1", "--until"],
        "",
        lambda v: native.g2048_ai_game(1, until=v),
        "until",
        3,
        4,
    ),
    (
        ["2048", "play", "--seed", "1", "--size"],
        "",
        lambda v: native.Game(1, size=v),
        "size",
        9,
        None,
    ),
]


def cli_value(v: object) -> str:
    return repr(v) if isinstance(v, float) else str(v)


@pytest.mark.parametrize("args,stdin,call,name,outside,inside", CASES)
def test_both_front_ends_refuse_in_the_same_words(
    args: List[str],
    stdin: str,
    call: Callable[[Any], object],
    name: str,
    outside: object,
    inside: Optional[object],
) -> None:
    reason = usage_reason([*args, cli_value(outside)], stdin)
    assert python_reason(lambda: call(outside), name) == reason
    if inside is not None:
        code, _, err = cli([*args, cli_value(inside)], stdin)
        assert code == 0, err
        call(inside)


def test_huge_and_negative_ints_are_value_errors_not_overflow() -> None:
    for bad in [-1, 2**200, -(2**200)]:
        with pytest.raises(ValueError, match="expected a number of moves from 0 to 64"):
            native.g2048_max_tile(BOARD, moves=bad)
        with pytest.raises(ValueError, match="expected HxW: a height and a width from 1 to"):
            native.cover_count(rect=(bad, 3))
    with pytest.raises(ValueError, match="expected a size of at least 1 byte"):
        native.sokoban_solve(LEVEL, memory_limit=-5)
    with pytest.raises(ValueError, match="roll -1 is outside 1..5"):
        native.yut_best_score([5, -1])
    with pytest.raises(ValueError, match="expected a number of environments from 1 to"):
        native.Vec2048(-1)


def test_rect_and_rolls_read_as_on_the_command_line() -> None:
    reason = usage_reason(["cover", "count", "--rect", "99999999999999999999x3"])
    assert python_reason(lambda: native.cover_count(rect=(10**20, 3)), "rect") == reason
    code, _, err = cli(["yut", "best"], "5 6\n")
    assert code == 1
    assert err.splitlines()[0].endswith("roll 6 is outside 1..5")
    with pytest.raises(ValueError, match="^roll 6 is outside 1..5$"):
        native.yut_best_score([5, 6])


def test_a_cover_call_names_one_board() -> None:
    with pytest.raises(ValueError, match=r"^give the board's rows or rect=\(height, width\)$"):
        native.cover_count()
    with pytest.raises(ValueError, match="not both"):
        native.cover_count(rows=["..."], rect=(1, 3))

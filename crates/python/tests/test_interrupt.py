"""Ctrl-C stops every long call: KeyboardInterrupt comes promptly and the native work ends.

Each test starts a call that would run for many seconds, simulates Ctrl-C 0.3 s later
(``_thread.interrupt_main`` from a timer thread) and checks that KeyboardInterrupt
reaches the caller within 2 s and that no native work goes on after it. Every call has
a backstop: a time limit of 60 s, or work that ends by itself within seconds.
"""

from __future__ import annotations

import _thread
import random
import threading
import time
from typing import Callable, List

import pytest

from boardkit import cover, g2048, sokoban, yut

#: Seconds from the start of a call to the simulated Ctrl-C.
CTRL_C_AFTER = 0.3
#: The most seconds from the Ctrl-C to the KeyboardInterrupt.
PROMPT = 2.0


def interrupted(call: Callable[[], object]) -> float:
    """Runs ``call`` with a Ctrl-C after CTRL_C_AFTER seconds.

    Returns the seconds from the Ctrl-C to the KeyboardInterrupt; fails if ``call``
    returns first (catching the Ctrl-C then, so that it cannot reach another test).
    """
    fired: List[float] = []

    def ctrl_c() -> None:
        fired.append(time.monotonic())
        _thread.interrupt_main()

    timer = threading.Timer(CTRL_C_AFTER, ctrl_c)
    timer.start()
    try:
        call()
    except KeyboardInterrupt:
        caught = time.monotonic()
    else:
        try:
            timer.join()
            time.sleep(1.0)
        except KeyboardInterrupt:
            pass
        pytest.fail("the call returned before the Ctrl-C")
    timer.join()
    assert fired, "KeyboardInterrupt before the Ctrl-C"
    return caught - fired[0]


def stops(call: Callable[[], object]) -> None:
    """``call`` raises KeyboardInterrupt within PROMPT seconds of a Ctrl-C, and then no
    native thread is left computing: the process uses no CPU while the caller sleeps."""
    delay = interrupted(call)
    assert delay < PROMPT, f"KeyboardInterrupt {delay:.2f} s after the Ctrl-C"
    cpu = time.process_time()
    time.sleep(0.3)
    assert time.process_time() - cpu < 0.1


def open_room(side: int, boxes: int, seed: int) -> sokoban.Level:
    """A walled room of ``side`` x ``side`` floor squares with boxes and goals scattered
    away from the walls."""
    rng = random.Random(seed)
    rows = [["#"] * (side + 2)] + [["#"] + [" "] * side + ["#"] for _ in range(side)]
    rows.append(["#"] * (side + 2))
    cells = [(r, c) for r in range(3, side - 1) for c in range(3, side - 1)]
    rng.shuffle(cells)
    for r, c in cells[:boxes]:
        rows[r][c] = "$"
    for r, c in cells[boxes : 2 * boxes]:
        rows[r][c] = "."
    r, c = cells[2 * boxes]
    rows[r][c] = "@"
    return sokoban.Level("\n".join("".join(row) for row in rows) + "\n")


@pytest.mark.parametrize("optimal", ["pushes", "moves"])
def test_solve_stops_in_its_search(optimal: str) -> None:
    # Thirty boxes in the open: proving the fewest pushes or moves takes far more
    # than a minute.
    level = open_room(22, 30, 3)
    stops(lambda: sokoban.solve(level, time_limit=60.0, optimal=optimal))
    assert sokoban.solve(sokoban.builtin()[0]).status == "solved"


def test_solve_stops_in_its_precomputation() -> None:
    # 40,000 squares: the push distances alone take seconds.
    level = open_room(200, 10, 1)
    stops(lambda: sokoban.solve(level, time_limit=60.0))


def test_max_tile_stops() -> None:
    rng = random.Random(1)
    board = [[2 ** rng.randint(1, 10) for _ in range(20)] for _ in range(20)]
    stops(lambda: g2048.max_tile(board, moves=16, time_limit=60.0))
    assert g2048.max_tile([[4, 4, 8], [2, 0, 2], [0, 0, 0]], moves=5) == (16, "LL")


def test_ai_game_stops() -> None:
    # The strong AI plays this game for about 10,000 moves, several seconds.
    stops(lambda: g2048.ai_game(1, strong=True))


def test_ai_moves_stop() -> None:
    # One move takes milliseconds, so a loop of them stands for a long call.
    board = [[2, 4, 8, 16], [256, 128, 64, 32], [512, 1024, 2048, 4096], [0, 0, 8192, 2]]

    def many() -> None:
        end = time.monotonic() + 10.0
        while time.monotonic() < end:
            g2048.ai_move(board)

    stops(many)


def test_cover_count_stops() -> None:
    stops(lambda: cover.count(rect=(21, 60), time_limit=60.0))
    assert cover.count(rect=(9, 9)) == 1193600


def test_cover_find_stops() -> None:
    stops(lambda: cover.find(rect=(21, 60), time_limit=60.0))


def test_yut_best_score_stops() -> None:
    # Eight pieces over 34 rolls: millions of positions, about ten seconds.
    rolls = [i % 5 + 1 for i in range(34)]
    stops(lambda: yut.best_score(rolls, pieces=8))
    assert yut.best_score([5, 4, 3, 2, 1, 5, 4, 3, 2, 1]) == 254


def test_yut_best_line_stops() -> None:
    rolls = [i % 5 + 1 for i in range(28)]
    stops(lambda: yut.best_line(rolls, pieces=8))

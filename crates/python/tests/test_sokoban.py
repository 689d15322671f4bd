"""boardkit.sokoban against ``boardkit sokoban …`` on the same inputs."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from boardkit import sokoban
from conftest import cli, cli_error

CORRIDOR = "; Corridor\n#######\n#@ $ .#\n#######\n"


def test_a_level_reads_its_map() -> None:
    level = sokoban.Level(CORRIDOR)
    assert (level.title, level.rows, level.cols, level.boxes) == ("Corridor", 3, 7, 1)
    tiles = level.tiles()
    assert tiles.dtype == np.uint8 and tiles.shape == (3, 7)
    assert tiles[1].tolist() == [1, 5, 0, 3, 0, 2, 1]
    assert str(level).splitlines()[-3:] == ["#######", "#@ $ .#", "#######"]
    assert [str(x) for x in sokoban.parse(str(level))] == [str(level)]


def test_every_built_in_level_is_solved_as_the_cli_solves_it() -> None:
    code, out, _ = cli(["sokoban", "solve", "--json", "--node-limit", "100000"])
    assert code == 0
    expected = [json.loads(line) for line in out.splitlines()]
    levels = sokoban.builtin()
    assert len(levels) == len(expected) == 12
    for level, want in zip(levels, expected):
        got = sokoban.solve(level, node_limit=100000)
        assert got.status == want["status"]
        assert (got.solution, got.moves, got.pushes, got.nodes) == (
            want["solution"],
            want["moves"],
            want["pushes"],
            want["nodes"],
        )
        if got.solution is not None:
            verdict = sokoban.verify(level, got.solution)
            assert (verdict.status, verdict.moves, verdict.pushes) == ("solved", got.moves, got.pushes)


def test_optimal_pushes_and_limits() -> None:
    level = sokoban.builtin()[11]
    code, out, _ = cli(["sokoban", "solve", "--level", "12", "--optimal", "pushes", "--json"])
    want = json.loads(out)
    got = sokoban.solve(level, optimal="pushes")
    assert (got.pushes, got.nodes) == (want["pushes"], want["nodes"])
    stopped = sokoban.solve(level, node_limit=1)
    assert (stopped.status, stopped.limit, stopped.solution) == ("unsolved", "nodes", None)
    assert sokoban.solve(level, memory_limit=1024).limit == "memory"
    stuck = sokoban.Level("#####\n#$  #\n#  .#\n# @ #\n#####\n")
    assert sokoban.solve(stuck).status == "no solution"


def test_verify_says_how_a_solution_goes_wrong() -> None:
    level = sokoban.Level(CORRIDOR)
    short = sokoban.verify(level, "rR")
    assert (short.status, short.moves, short.pushes, short.boxes_off_goal) == ("unsolved", 2, 1, 1)
    wall = sokoban.verify(level, "u")
    assert (wall.status, wall.illegal_move) == ("illegal", 1)


def test_replay_is_the_judges_answer_byte_for_byte() -> None:
    rng = random.Random(4577)
    for _ in range(20):
        keys = "".join(rng.choice("UDLR") for _ in range(rng.randint(0, 30)))
        text = f"5 7\n#######\n#w.b.+#\n#..b..#\n#.+...#\n#######\n{keys}\n0 0\n"
        code, out, _ = cli(["sokoban", "replay"], text)
        assert code == 0
        assert sokoban.replay(text) == out


@pytest.mark.parametrize(
    "text",
    [
        "#####\n#@@$.#\n######\n",
        "#####\n#@$ #\n#####\n",
        "#####\n#@$.\n#####\n",
        "#####\n#@x.#\n#####\n",
    ],
)
def test_a_bad_level_raises_the_clis_message(text: str) -> None:
    with pytest.raises(ValueError) as err:
        sokoban.Level(text)
    assert str(err.value) == cli_error(["sokoban", "solve", "-"], text)


def test_bad_arguments_raise_value_error() -> None:
    level = sokoban.Level(CORRIDOR)
    with pytest.raises(ValueError, match="not \"pushes\" or \"moves\""):
        sokoban.solve(level, optimal="boxes")
    with pytest.raises(ValueError, match="positive number of seconds"):
        sokoban.solve(level, time_limit=0)
    with pytest.raises(ValueError, match="column 3"):
        sokoban.verify(level, "rrx")

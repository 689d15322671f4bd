"""boardkit.cover and boardkit.yut against the CLI on the same inputs."""

from __future__ import annotations

import json
import random
from typing import List

import pytest

from boardkit import cover, yut
from conftest import cli, cli_error


def random_board(rng: random.Random) -> List[str]:
    h, w = rng.randint(1, 6), rng.randint(1, 6)
    return ["".join(rng.choice("..#") for _ in range(w)) for _ in range(h)]


def test_counts_match_the_judge_command() -> None:
    rng = random.Random(2)
    boards = [random_board(rng) for _ in range(60)]
    text = f"{len(boards)}\n" + "".join(f"{len(b)} {len(b[0])}\n" + "\n".join(b) + "\n" for b in boards)
    code, out, _ = cli(["cover", "count"], text)
    assert code == 0
    for board, line in zip(boards, out.splitlines()):
        assert cover.count(board) == int(line)
    for pieces in ["domino", "i3", "l3+i3"]:
        code, out, _ = cli(["cover", "count", "--rect", "6x7", "--pieces", pieces])
        assert cover.count(rect=(6, 7), pieces=pieces) == int(out)


def test_huge_counts_are_exact_python_ints() -> None:
    code, out, _ = cli(["cover", "count", "--rect", "21x21"])
    assert cover.count(rect=(21, 21)) == int(out) > 2**128


def test_a_covering_is_the_one_show_draws() -> None:
    code, out, _ = cli(["cover", "show", "--rect", "3x6", "--json"])
    assert cover.find(rect=(3, 6)) == json.loads(out)["covering"]
    assert cover.find(["..", ".."]) is None


def test_cover_errors_are_the_clis() -> None:
    want = cli_error(["cover", "count", "--rect", "99999x100000"])
    with pytest.raises(ValueError) as err:
        cover.count(rect=(99999, 100000))
    assert str(err.value) in want
    with pytest.raises(ValueError, match="no piece set"):
        cover.count(rect=(2, 3), pieces="hexagon")
    with pytest.raises(ValueError, match="rows of equal length"):
        cover.count(["..", "..."])
    with pytest.raises(ValueError, match="memory limit"):
        cover.count(rect=(30, 30), memory_limit=1 << 20)


def test_yut_scores_and_lines_match_the_cli() -> None:
    rng = random.Random(17825)
    games = [[rng.randint(1, 5) for _ in range(10)] for _ in range(40)]
    code, out, _ = cli(["yut", "best"], "".join(" ".join(map(str, g)) + "\n" for g in games))
    assert [yut.best_score(g) for g in games] == [int(x) for x in out.split()]
    code, out, _ = cli(["yut", "best", "--json", "--pieces", "2"], "5 5 3\n")
    want = json.loads(out)
    score, turns = yut.best_line([5, 5, 3], pieces=2)
    assert score == want["score"]
    assert [(t[0], t[1], t[2], t[3], t[4], t[5]) for t in turns] == [
        (w["roll"], w["piece"], w["from"], w["to"], w["points"], w["score"]) for w in want["turns"]
    ]


def test_yut_errors() -> None:
    want = cli_error(["yut", "best"], "1 2 6\n")
    with pytest.raises(ValueError) as err:
        yut.best_score([1, 2, 6])
    assert want.endswith(str(err.value))
    with pytest.raises(ValueError, match="expected a number of pieces from 1 to 8"):
        yut.best_score([1], pieces=9)

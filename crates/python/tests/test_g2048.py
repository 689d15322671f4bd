"""boardkit.g2048 against ``boardkit 2048 …`` on the same inputs."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

from boardkit import g2048
from conftest import PRIVATE_HOME, cli, cli_error


def random_board(rng: random.Random, n: int) -> List[List[int]]:
    return [[rng.choice([0, 0, 2, 4, 8, 16]) for _ in range(n)] for _ in range(n)]


def test_legal_moves_match_the_judge_command() -> None:
    rng = random.Random(1559)
    boards = [random_board(rng, 4) for _ in range(200)]
    text = f"{len(boards)}\n" + "".join(" ".join(map(str, sum(b, []))) + "\n" for b in boards)
    code, out, _ = cli(["2048", "moves"], text)
    assert code == 0
    for board, line in zip(boards, out.splitlines()):
        assert (" ".join(g2048.legal_moves(board)) or "NONE") == line


def test_max_tile_and_its_line_match_the_cli() -> None:
    rng = random.Random(12100)
    for _ in range(30):
        n = rng.randint(1, 5)
        board = random_board(rng, n)
        text = f"{n}\n" + "".join(" ".join(map(str, r)) + "\n" for r in board)
        code, out, _ = cli(["2048", "max-tile", "--json", "--moves", "4"], text)
        want = json.loads(out)
        assert g2048.max_tile(board, moves=4) == (want["max_tile"], want["line"])


def test_the_ai_advises_as_hint_does() -> None:
    board = [[2, 2, 0, 0], [4, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    text = "4\n" + "".join(" ".join(map(str, r)) + "\n" for r in board)
    code, out, _ = cli(["2048", "hint", "--json"], text)
    # The lookup tables hint builds went to the tests' own home.
    assert (PRIVATE_HOME / ".cache" / "boardkit" / "2048-tables").is_dir()
    want = json.loads(out)
    best, values = g2048.ai_move(board)
    assert best == want["best"]
    # The CLI prints each f32 value in its shortest form; compare as f32.
    assert sorted(values) == sorted(d for d, _ in want["values"])
    for d, v in want["values"]:
        assert values[d] == pytest.approx(v, rel=1e-7)
    assert g2048.ai_move([[2, 4, 8, 16], [0] * 4, [0] * 4, [0] * 4], strong=False)[0] == "DOWN"


def test_seeded_ai_games_are_the_clis_games() -> None:
    code, out, _ = cli(["2048", "ai", "--games", "3", "--seed", "5", "--until", "512", "--json", "--no-timing"])
    want = json.loads(out)["games"]
    for game in want:
        board, score, moves, tile = g2048.ai_game(game["seed"], until=512)
        assert (board, score, moves, tile) == (game["board"], game["score"], game["moves"], game["max_tile"])


def test_the_lookup_tables_make_the_same_game_as_the_cli() -> None:
    # Seed 3 takes 27 moves from the tables before 8192, seed 1 none: with and
    # without them, each game is the binary's, move for move.
    for seed, flag, tables in [(3, [], True), (3, ["--no-tables"], False), (1, [], True)]:
        code, out, _ = cli(["2048", "ai", "--seed", str(seed), "--until", "8192", "--json", "--no-timing", *flag])
        assert code == 0
        want = json.loads(out)["games"][0]
        assert want["table_moves"] == (27 if (seed, tables) == (3, True) else 0)
        board, score, moves, tile = g2048.ai_game(seed, until=8192, tables=tables)
        assert (board, score, moves, tile) == (want["board"], want["score"], want["moves"], want["max_tile"])
    with_tables = g2048.ai_game(3, until=8192)
    without = g2048.ai_game(3, until=8192, tables=False)
    assert with_tables != without


def test_a_first_call_says_what_it_builds_and_where(tmp_path: Path) -> None:
    script = "from boardkit import g2048; print(g2048.ai_move([[2, 0, 0, 0]] + [[0] * 4] * 3)[0])"
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    first = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    folder = tmp_path / "boardkit" / "2048-tables"
    assert first.stderr.splitlines()[0] == (
        "boardkit: building the 2048 AI's lookup tables (once): 4 tables, 24612258 states, "
        f"saved in {folder}"
    )
    assert first.stderr.splitlines()[1].startswith("boardkit: lookup tables built in ")
    assert sorted(p.name for p in folder.iterdir()) == [f"2x4-{t}.table" for t in (128, 256, 32, 64)]
    again = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert again.stderr == "" and again.stdout == first.stdout


def test_a_game_replays_from_its_seed() -> None:
    rng = random.Random(7)
    keys = [rng.choice(["up", "down", "left", "right", "l", "R"]) for _ in range(300)]
    a, b = g2048.Game(seed=42), g2048.Game(seed=42)
    for key in keys:
        before = a.board
        points = a.play(key)
        assert (points is None) == (a.board == before)
        b.play(key)
    assert (a.board, a.score, a.moves) == (b.board, b.score, b.moves)
    assert a.max_tile == max(max(r) for r in a.board)
    assert sorted(a.legal_moves()) == a.legal_moves()
    with pytest.raises(ValueError, match="not a move"):
        a.play("sideways")
    with pytest.raises(ValueError, match="expected a board size from 2 to 8"):
        g2048.Game(seed=1, size=9)


def test_bad_boards_raise_value_error() -> None:
    with pytest.raises(ValueError, match="expected 2 numbers, found 1"):
        g2048.legal_moves([[2, 2], [4]])
    with pytest.raises(ValueError, match="3 is not 0 or a power of two"):
        g2048.max_tile([[3]])
    big = [[1 << 127, 1 << 127], [0, 0]]
    want = cli_error(["2048", "max-tile", "--lenient"], f"2\n{1 << 127} {1 << 127}\n0 0\n")
    with pytest.raises(ValueError) as err:
        g2048.max_tile(big)
    assert str(err.value).split("could build")[1] == want.split("could build")[1]
    with pytest.raises(ValueError, match="4 x 4 boards only"):
        g2048.ai_move([[0] * 5] * 5)

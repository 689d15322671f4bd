"""examples/python/ray_solve.py on a local Ray (two workers) over the built-in levels."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from boardkit import sokoban

EXAMPLE = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python" / "ray_solve.py"


def test_ray_solves_a_collection_level_by_level(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("ray")
    levels = sokoban.builtin()
    path = tmp_path / "levels.xsb"
    path.write_text("\n".join(str(level) for level in levels), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(path), "--num-cpus", "2", "--node-limit", "100000"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["level"] for r in records] == list(range(1, len(levels) + 1))
    for level, record in zip(levels, records):
        want = sokoban.solve(level, node_limit=100000)
        assert (record["status"], record["solution"], record["nodes"]) == (
            want.status,
            want.solution,
            want.nodes,
        )


def test_a_bad_file_is_an_error_not_a_crash(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("ray")
    path = tmp_path / "bad.xsb"
    path.write_text("#####\n#@@$.#\n######\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), str(path)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.startswith(f"error: {path}: line 2, column 3: ")

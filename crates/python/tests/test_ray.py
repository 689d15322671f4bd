"""examples/python/ray_solve.py on a local Ray (two workers): the built-in levels, and a folder
of files one of which is malformed."""

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
    assert [(r["file"], r["level"]) for r in records] == [(str(path), i + 1) for i in range(len(levels))]
    for level, record in zip(levels, records):
        want = sokoban.solve(level, node_limit=100000)
        assert (record["status"], record["solution"], record["nodes"]) == (
            want.status,
            want.solution,
            want.nodes,
        )


def test_a_malformed_file_is_reported_on_its_line_and_the_rest_solve(tmp_path: pathlib.Path) -> None:
    pytest.importorskip("ray")
    (tmp_path / "a-bad.xsb").write_text("#####\n#@@$.#\n######\n", encoding="utf-8")
    good = sokoban.builtin()[:2]
    (tmp_path / "b-good.xsb").write_text("\n".join(str(level) for level in good), encoding="utf-8")
    (tmp_path / "c-empty.xsb").write_text("; no level here\n", encoding="utf-8")
    files = sorted(str(p) for p in tmp_path.glob("*.xsb")) + [str(tmp_path / "d-missing.xsb")]
    with pytest.raises(ValueError) as malformed:
        sokoban.read(files[0])
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), *files, "--num-cpus", "2", "--node-limit", "100000"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert str(malformed.value).startswith("line 2, column 3: ")
    assert records[0] == {"file": files[0], "status": "error", "error": str(malformed.value)}
    assert [(r["file"], r["level"], r["status"]) for r in records[1:3]] == [
        (files[1], 1, "solved"),
        (files[1], 2, "solved"),
    ]
    assert records[3] == {"file": files[2], "status": "error", "error": "no level found"}
    assert (records[4]["file"], records[4]["status"]) == (files[3], "error")
    assert "No such file" in records[4]["error"]
    assert len(records) == 5

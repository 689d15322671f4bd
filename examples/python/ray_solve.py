"""Solves Sokoban level collections on a Ray cluster, one level per task.

    python examples/python/ray_solve.py LEVELS.xsb [LEVELS.xsb ...] [--address ADDRESS]
        [--time-limit SECONDS] [--node-limit N] [--num-cpus N]

Prints one JSON object per level, file by file in the order given, as the tasks finish
(``file``, ``level``, ``title``, ``status``, ``limit``, ``moves``, ``pushes``,
``solution``, ``nodes``, ``seconds``). A failure is reported on its own line as
``"status": "error"`` with its message, and the rest go on: a file that cannot be read
or parsed, or holds no level, gets one line in its place (``file``, ``status`` and
``error``, the library's message, e.g. ``line 2, column 3: level 1: a second worker
...``), and a task that fails is reported on its level's line. The exit status is 1 if
anything failed, else 0 (a level left unsolved by a limit, or proved to have no
solution, is a result, not a failure).

Without ``--address`` it starts a local Ray with ``--num-cpus`` workers; with
``--address auto`` (on a cluster node) or ``--address ray://HEAD:10001`` it uses that
cluster, whose workers need ``boardkit`` installed (``pip install ./crates/python``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List, Optional, Union

import ray

from boardkit import sokoban


@ray.remote
def solve_level(number: int, xsb: str, time_limit: float, node_limit: Optional[int]) -> Dict[str, Any]:
    """Solves one level given as XSB text; never raises."""
    try:
        level = sokoban.Level(xsb)
        result = sokoban.solve(level, time_limit=time_limit, node_limit=node_limit)
        return {
            "level": number,
            "title": level.title,
            "status": result.status,
            "limit": result.limit,
            "moves": result.moves,
            "pushes": result.pushes,
            "solution": result.solution,
            "nodes": result.nodes,
            "seconds": result.seconds,
        }
    except Exception as e:  # any failure is this level's result, not the run's
        return {"level": number, "status": "error", "error": f"{type(e).__name__}: {e}"}


def read_levels(path: str) -> Union[List[sokoban.Level], str]:
    """The levels of the XSB file at ``path``, or why there are none to solve."""
    try:
        levels = sokoban.read(path)
    except (OSError, ValueError) as e:
        return str(e)
    return levels or "no level found"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levels", nargs="+", help="XSB collections")
    parser.add_argument("--address", help="a Ray cluster (default: start a local Ray)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per level [10]")
    parser.add_argument("--node-limit", type=int, default=None, help="nodes per level")
    parser.add_argument("--num-cpus", type=int, default=None, help="local Ray's workers")
    args = parser.parse_args(argv)
    files = [(path, read_levels(path)) for path in args.levels]
    if any(isinstance(levels, list) for _, levels in files):
        if args.address:
            ray.init(address=args.address, log_to_driver=False)
        else:
            ray.init(num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    failed = False
    try:
        # Every level's task is submitted before the first result is awaited.
        tasks = [
            [
                solve_level.remote(i + 1, str(level), args.time_limit, args.node_limit)
                for i, level in enumerate(levels)
            ]
            if isinstance(levels, list)
            else []
            for _, levels in files
        ]
        for (path, levels), file_tasks in zip(files, tasks):
            if isinstance(levels, str):
                failed = True
                print(json.dumps({"file": path, "status": "error", "error": levels}), flush=True)
            for number, task in enumerate(file_tasks, 1):
                try:
                    record = ray.get(task)
                except Exception as e:  # the task's worker died
                    record = {"level": number, "status": "error", "error": f"{type(e).__name__}: {e}"}
                failed = failed or record["status"] in ("error", "failed")
                print(json.dumps({"file": path, **record}), flush=True)
    finally:
        if ray.is_initialized():
            ray.shutdown()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

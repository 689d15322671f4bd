"""Solves a Sokoban level collection on a Ray cluster, one level per task.

    python examples/python/ray_solve.py LEVELS.xsb [--address ADDRESS] [--time-limit SECONDS]
        [--node-limit N] [--num-cpus N]

Prints one JSON object per level, in the collection's order, as the tasks finish
(``level``, ``title``, ``status``, ``limit``, ``moves``, ``pushes``, ``solution``,
``nodes``, ``seconds``); a task that fails is reported on its level's line as
``"status": "error"`` with the message, and the others go on. Without ``--address``
it starts a local Ray with ``--num-cpus`` workers; with ``--address auto`` (on a
cluster node) or ``--address ray://HEAD:10001`` it uses that cluster, whose workers
need ``boardkit`` installed (``pip install ./crates/python``).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List, Optional

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


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("levels", help="an XSB collection")
    parser.add_argument("--address", help="a Ray cluster (default: start a local Ray)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per level [10]")
    parser.add_argument("--node-limit", type=int, default=None, help="nodes per level")
    parser.add_argument("--num-cpus", type=int, default=None, help="local Ray's workers")
    args = parser.parse_args(argv)
    try:
        with open(args.levels, encoding="utf-8") as f:
            levels = sokoban.parse(f.read())
    except (OSError, ValueError) as e:
        print(f"error: {args.levels}: {e}", file=sys.stderr)
        return 1
    if args.address:
        ray.init(address=args.address, log_to_driver=False)
    else:
        ray.init(num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    try:
        tasks = [
            solve_level.remote(i + 1, str(level), args.time_limit, args.node_limit)
            for i, level in enumerate(levels)
        ]
        for task in tasks:
            try:
                record = ray.get(task)
            except Exception as e:  # the task's worker died
                record = {"status": "error", "error": f"{type(e).__name__}: {e}"}
            print(json.dumps(record), flush=True)
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Compare runs of `boardkit sokoban solve FILE --json` (one JSON object per level).

Usage: scripts/compare-sokoban-runs.py [--table] RUN.jsonl [RUN.jsonl ...]

For each run: levels solved, the seconds and nodes summed over its levels.
With two runs: the levels the second solves and the first does not (gained), the
reverse (lost), and the levels the second leaves unsolved. With --table: a
Markdown table of every level, one status/seconds/nodes column per run, as the
per-level tables of BENCHMARKS.md are written.

Runs are matched by level number; a level missing from a run shows as "-".
Standard library only.
"""

import json
import sys


def load(path):
    """The run in `path`: level number -> its JSON object."""
    levels = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as e:
                sys.exit(f"error: {path}: line {number}: {e.msg}")
            if not isinstance(row, dict) or "level" not in row:
                sys.exit(f"error: {path}: line {number}: no level number")
            levels[row["level"]] = row
    return levels


def solved(run):
    return {level for level, row in run.items() if row.get("status") == "solved"}


def cell(row):
    if row is None:
        return "-"
    status = row.get("status", "?")
    seconds = row.get("seconds") or 0.0
    nodes = row.get("nodes") or 0
    return f"{status} {seconds:.2f} s, {nodes:,} nodes"


def main(argv):
    table = "--table" in argv
    paths = [a for a in argv if a != "--table"]
    if not paths or any(p.startswith("-") for p in paths):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        sys.exit(2)
    runs = [load(p) for p in paths]
    for path, run in zip(paths, runs):
        seconds = sum(row.get("seconds") or 0.0 for row in run.values())
        nodes = sum(row.get("nodes") or 0 for row in run.values())
        print(f"{path}: solved {len(solved(run))} / {len(run)} in {seconds:.1f} s, {nodes:,} nodes")
    if len(runs) == 2:
        first, second = runs
        print("gained:", sorted(solved(second) - solved(first)))
        print("lost:", sorted(solved(first) - solved(second)))
        print("unsolved in the second:", sorted(set(second) - solved(second)))
    if table:
        print()
        print("| level | " + " | ".join(paths) + " |")
        print("|---|" + "---|" * len(paths))
        for level in sorted(set().union(*runs)):
            print(f"| {level} | " + " | ".join(cell(run.get(level)) for run in runs) + " |")


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except BrokenPipeError:
        # Output cut short by a reader such as `head`: not an error.
        sys.stderr.close()

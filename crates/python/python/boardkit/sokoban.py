"""Sokoban: levels, the solver, LURD checks and the Baekjoon 4577 replay.

A level is read from XSB text (``#`` wall, ``@`` worker, ``+`` worker on goal, ``$`` box,
``*`` box on goal, ``.`` goal, space, ``-`` or ``_`` floor) and validated: one worker, as
many boxes as goals, the worker shut in by walls.

>>> from boardkit import sokoban
>>> level = sokoban.Level("; Corridor\\n#######\\n#@ $ .#\\n#######\\n")
>>> level.title, level.rows, level.cols, level.boxes
('Corridor', 3, 7, 1)
>>> result = sokoban.solve(level, node_limit=1000)
>>> result.status, result.solution, result.moves, result.pushes
('solved', 'rRR', 3, 2)
>>> sokoban.verify(level, "rRR").status
'solved'
"""

from __future__ import annotations

from typing import List, Optional

from boardkit._native import Level, SolveResult, Verdict
from boardkit._native import sokoban_builtin as _builtin
from boardkit._native import sokoban_parse as _parse
from boardkit._native import sokoban_replay as _replay
from boardkit._native import sokoban_solve as _solve
from boardkit._native import sokoban_verify as _verify

__all__ = ["Level", "SolveResult", "Verdict", "builtin", "parse", "replay", "solve", "verify"]

#: The tile codes of :meth:`Level.tiles`.
FLOOR, WALL, GOAL, BOX, BOX_ON_GOAL, WORKER, WORKER_ON_GOAL = range(7)


def parse(text: str) -> List[Level]:
    """Every level of an XSB collection (titles and comments kept)."""
    return _parse(text)


def read(path: str) -> List[Level]:
    """Every level of the XSB file at ``path``."""
    with open(path, encoding="utf-8") as f:
        return _parse(f.read())


def builtin() -> List[Level]:
    """boardkit's twelve built-in levels, easiest first."""
    return _builtin()


def solve(
    level: Level,
    time_limit: Optional[float] = 10.0,
    memory_limit: int = 2 << 30,
    node_limit: Optional[int] = None,
    optimal: Optional[str] = None,
) -> SolveResult:
    """Solves ``level`` within the limits (seconds, bytes, expanded nodes).

    ``optimal`` is ``None`` (any solution, found fast), ``"pushes"`` (the fewest pushes)
    or ``"moves"`` (the fewest moves). The solution is replayed through the rules before
    it is returned. The GIL is released while the search runs; Ctrl-C stops it
    (``KeyboardInterrupt``).
    """
    return _solve(level, time_limit, memory_limit, node_limit, optimal)


def verify(level: Level, solution: str) -> Verdict:
    """Plays a LURD solution (``l u r d`` moves, ``L U R D`` pushes, counts like ``3r``)."""
    return _verify(level, solution)


def replay(text: str) -> str:
    """Baekjoon 4577: the judge's answer for its input, byte for byte."""
    return _replay(text)

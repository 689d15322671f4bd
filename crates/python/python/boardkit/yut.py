"""Dice yut-nori: the best score for known rolls on the board of Baekjoon 17825.

>>> from boardkit import yut
>>> yut.best_score([5, 4, 3, 2, 1, 5, 4, 3, 2, 1])
254
>>> score, turns = yut.best_line([5, 5, 3], pieces=2)
>>> score, turns[0]
(46, (5, 1, 'start', '10', 10, 10))
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from boardkit._native import yut_best_line as _best_line
from boardkit._native import yut_best_score as _best_score

__all__ = ["best_line", "best_score"]

Turn = Tuple[int, Optional[int], Optional[str], Optional[str], int, int]


def best_score(rolls: Sequence[int], pieces: int = 4) -> int:
    """The largest score the rolls (each 1 to 5) allow with ``pieces`` pieces (1 to 8).

    Ctrl-C stops the search (``KeyboardInterrupt``).
    """
    return _best_score(list(rolls), pieces)


def best_line(rolls: Sequence[int], pieces: int = 4) -> Tuple[int, List[Turn]]:
    """The best score and a canonical best line.

    Each turn is (roll, piece, from, to, points, score after the turn); piece and cells
    are ``None`` on a turn after every piece has reached the end. Ctrl-C stops the
    search (``KeyboardInterrupt``).
    """
    return _best_line(list(rolls), pieces)

"""Board covers: the exact number of ways to cover a board's white cells with pieces.

A board is a list of rows of ``#`` (black) and ``.`` (white), or ``rect=(height, width)``
for a full rectangle of any size. ``pieces`` names a set (``"l3"``, the L-tromino of
BOARDCOVER; ``"domino"``; ``"i3"``; unions such as ``"l3+i3"``) or is a piece file's text.

>>> from boardkit import cover
>>> cover.count(["#####", "#...#", "#...#", "#####"])
2
>>> cover.count(rect=(9, 9))
1193600
>>> cover.count(rect=(21, 21)) > 2**64
True
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

from boardkit._native import cover_count as _count
from boardkit._native import cover_find as _find

__all__ = ["count", "find"]


def count(
    rows: Optional[Sequence[str]] = None,
    rect: Optional[Tuple[int, int]] = None,
    pieces: str = "l3",
    memory_limit: int = 4 << 30,
    time_limit: Optional[float] = None,
) -> int:
    """The number of coverings, exactly (a Python int of any size); Ctrl-C stops it."""
    return int(_count(list(rows) if rows is not None else None, rect, pieces, memory_limit, time_limit))


def find(
    rows: Optional[Sequence[str]] = None,
    rect: Optional[Tuple[int, int]] = None,
    pieces: str = "l3",
    memory_limit: int = 4 << 30,
    time_limit: Optional[float] = None,
) -> Optional[List[str]]:
    """One covering drawn with a letter per piece, or ``None`` when there is none.

    Ctrl-C stops the search (``KeyboardInterrupt``).
    """
    return _find(list(rows) if rows is not None else None, rect, pieces, memory_limit, time_limit)

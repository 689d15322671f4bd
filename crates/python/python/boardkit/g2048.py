"""2048: legal moves, the largest tile in K moves, the AI, and the seeded game.

Boards are lists of rows of tile values (0 for an empty cell), any N x N up to 256 and
tiles up to 2**127; the AI and the game play 4 x 4 (the game 2 x 2 to 8 x 8).

>>> from boardkit import g2048
>>> g2048.legal_moves([[2, 2], [0, 0]])
['DOWN', 'LEFT', 'RIGHT']
>>> g2048.max_tile([[4, 4, 8], [2, 0, 2], [0, 0, 0]], moves=5)
(16, 'LL')
>>> game = g2048.Game(seed=1)
>>> game.play("left") is not None or game.play("right") is not None
True
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from boardkit._native import Game
from boardkit._native import g2048_ai_game as _ai_game
from boardkit._native import g2048_ai_move as _ai_move
from boardkit._native import g2048_legal_moves as _legal_moves
from boardkit._native import g2048_max_tile as _max_tile

__all__ = ["Game", "ai_game", "ai_move", "legal_moves", "max_tile"]

Board = Sequence[Sequence[int]]


def legal_moves(board: Board) -> List[str]:
    """The moves that change ``board``, alphabetical (``DOWN LEFT RIGHT UP``)."""
    return _legal_moves([list(r) for r in board])


def max_tile(board: Board, moves: int = 5, time_limit: Optional[float] = None) -> Tuple[int, str]:
    """The largest tile within ``moves`` moves (no tile appears) and a shortest line to it.

    The line is in ``U D L R`` letters, empty when the board already holds the tile.
    Ctrl-C stops the search (``KeyboardInterrupt``).
    """
    return _max_tile([list(r) for r in board], moves, time_limit)


def ai_move(
    board: Board, strong: bool = True, tables: bool = True
) -> Tuple[Optional[str], Dict[str, float]]:
    """The AI's move on a 4 x 4 board and the expected value of each legal move,
    as ``boardkit 2048 hint`` gives them.

    The move is ``None`` when no move is legal. With ``tables`` (as on the command
    line) a board that a late-game lookup table matches gets the table's move; the
    tables are read from boardkit's cache folder, or built there on the first call
    that needs them (a few seconds, said on ``sys.stderr``). Ctrl-C stops the
    search (``KeyboardInterrupt``).
    """
    best, values = _ai_move([list(r) for r in board], strong, tables)
    return best, dict(values)


def ai_game(
    seed: int, until: Optional[int] = None, strong: bool = False, tables: bool = True
) -> Tuple[List[List[int]], int, int, int]:
    """The AI plays the seeded 4 x 4 game, as ``boardkit 2048 ai --seed`` does
    (``tables=False`` as ``--no-tables`` does).

    Returns the final board, the score, the moves and the largest tile; ``until`` stops
    the game once it makes that tile, Ctrl-C at once (``KeyboardInterrupt``). The
    lookup tables are had as for :func:`ai_move`.
    """
    return _ai_game(seed, until, strong, tables)

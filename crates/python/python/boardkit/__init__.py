"""boardkit: fast, exact engines for grid puzzle games, from Rust.

Four games, each a module:

* ``boardkit.sokoban``: levels in XSB text, the solver, LURD checks, the judge replay;
* ``boardkit.g2048``: legal moves, the largest tile in K moves, the AI, the seeded game;
* ``boardkit.cover``: exact counts of the coverings of a board by polyominoes;
* ``boardkit.yut``: the best score of dice yut-nori for known rolls.

Bad input raises ``ValueError`` with the message the ``boardkit`` command prints after
``error:``. Long calls release the GIL, take time and memory limits, and stop at Ctrl-C
(``KeyboardInterrupt``).

>>> from boardkit import sokoban
>>> level = sokoban.Level("#######\\n#@ $ .#\\n#######\\n")
>>> sokoban.solve(level).solution
'rRR'
"""

from boardkit import cover, g2048, sokoban, yut

__all__ = ["cover", "g2048", "sokoban", "yut"]
__version__ = "0.1.0"

"""boardkit: fast, exact engines for grid puzzle games, from Rust.

Four games, each a module:

* ``boardkit.sokoban``: levels in XSB text, the solver, LURD checks, the judge replay;
* ``boardkit.g2048``: legal moves, the largest tile in K moves, the AI, the seeded game;
* ``boardkit.cover``: exact counts of the coverings of a board by polyominoes;
* ``boardkit.yut``: the best score of dice yut-nori for known rolls.

Bad input raises ``ValueError`` with the message the ``boardkit`` command prints after
``error:``. Long calls release the GIL, take time and memory limits, and stop at Ctrl-C
(``KeyboardInterrupt``).

When Gymnasium is installed (``pip install ./crates/python[gym]``), importing
``boardkit`` registers its environments, ``boardkit/Sokoban-v0`` and
``boardkit/2048-v0`` (see ``boardkit.envs``), for ``gymnasium.make``.

>>> from boardkit import sokoban
>>> level = sokoban.Level("#######\\n#@ $ .#\\n#######\\n")
>>> sokoban.solve(level).solution
'rRR'
"""

import importlib.util

from boardkit import cover, g2048, sokoban, yut

__all__ = ["cover", "g2048", "sokoban", "yut"]
__version__ = "0.1.0"

#: The Gymnasium environments: their ids and their classes, which ``gymnasium.make``
#: imports (with ``boardkit.envs``) when one is first made.
_ENVIRONMENTS = {
    "boardkit/Sokoban-v0": "boardkit.envs:SokobanEnv",
    "boardkit/2048-v0": "boardkit.envs:G2048Env",
}


def _register_environments() -> None:
    """Registers the Gymnasium environments when Gymnasium is installed. Without it,
    nothing is imported: ``import boardkit`` then costs only the engines."""
    if importlib.util.find_spec("gymnasium") is None:
        return
    import gymnasium

    for env_id, entry_point in _ENVIRONMENTS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=entry_point)


_register_environments()

"""Gymnasium environments on boardkit's engines: ``boardkit/Sokoban-v0`` and ``boardkit/2048-v0``.

Importing ``boardkit`` registers both when ``gymnasium`` is installed (``pip install
./crates/python[gym]``); ``gymnasium.make`` imports this module when it first makes one:

>>> import gymnasium as gym
>>> import boardkit
>>> env = gym.make("boardkit/2048-v0")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, int(info["action_mask"].sum()) > 0
((4, 4), True)

**Sokoban.** Levels come from the built-in set (default), an XSB file (``path=``), a list
of levels (``levels=``), or a folder of Boxoban files (``boxoban=``: your checkout of
boxoban-levels, e.g. ``boxoban-levels/unfiltered/train``; every ``*.txt`` in it, in the
``; N`` format). Each reset picks a level uniformly with the environment's generator,
or ``options={"level": i}``. Actions: 0 up, 1 down, 2 left, 3 right; walking into a box
pushes it, as in the game. Observations: the tile codes (``obs_type="tiles"``, a
``rows x cols`` uint8 array: 0 floor, 1 wall, 2 goal, 3 box, 4 box on goal, 5 worker,
6 worker on goal; smaller levels padded with wall) or RGB pixels (``obs_type="rgb"``,
16 pixels a tile). Rewards, the usual Boxoban scheme: -0.1 a step, +1 for pushing a box
onto a goal, -1 for pushing one off, +10 for solving. An episode ends when the level is
solved (terminated) or after ``max_steps`` steps (truncated, 120 by default). ``info``:
``boxes_on_goal``, and ``deadlock``, true when a box off a goal is stuck in a corner
(the simplest sure deadlock; the environment does not end the episode for it).

**2048.** The real 4 x 4 game. Actions 0 up, 1 down, 2 left, 3 right. Observations: the
exponents (``obs_type="exponents"``, 4 x 4 uint8, 0 empty, k a tile of 2^k) or one-hot
planes (``obs_type="onehot"``, 18 x 4 x 4 uint8, plane k set where the exponent is k).
The reward is the move's merge score. A move that changes nothing (illegal) scores 0,
adds no tile and leaves the game as it was; ``info["action_mask"]`` (int8, one per
action) marks the legal moves. The episode terminates when no move is legal. Seeding:
``reset(seed=s)`` plays the game of seed ``s``, the same spawns as ``boardkit 2048 ai
--seed s``; a reset without a seed draws the next game's seed from the environment's
generator.
"""

from __future__ import annotations

import glob
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, cast

import gymnasium as gym
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from boardkit import sokoban
from boardkit._native import Game, Level, SokobanGame

__all__ = ["G2048Env", "SokobanEnv"]

#: RGB colours of the Sokoban tile codes.
PALETTE = np.array(
    [
        [214, 200, 168],  # floor
        [84, 60, 44],  # wall
        [230, 120, 120],  # goal
        [216, 160, 40],  # box
        [110, 190, 80],  # box on goal
        [60, 90, 200],  # worker
        [150, 90, 200],  # worker on goal
    ],
    dtype=np.uint8,
)

TILE_PIXELS = 16


def _boxoban_levels(folder: str) -> List[Level]:
    files = sorted(glob.glob(os.path.join(folder, "*.txt")))
    if not files:
        raise ValueError(f"{folder}: no Boxoban file (*.txt) found")
    levels: List[Level] = []
    for name in files:
        levels.extend(sokoban.read(name))
    return levels


def levels_from(
    levels: Optional[Sequence[Level]] = None,
    path: Optional[str] = None,
    boxoban: Optional[str] = None,
) -> List[Level]:
    """The level set of a Sokoban environment: ``levels``, the XSB file ``path``, the
    Boxoban folder ``boxoban``, or (none given) the built-in levels."""
    if sum(x is not None for x in (levels, path, boxoban)) > 1:
        raise ValueError("give at most one of levels=, path= and boxoban=")
    if levels is not None:
        chosen = list(levels)
    elif path is not None:
        chosen = sokoban.read(path)
    elif boxoban is not None:
        chosen = _boxoban_levels(boxoban)
    else:
        chosen = sokoban.builtin()
    if not chosen:
        raise ValueError("no level to play")
    return chosen


class SokobanEnv(gym.Env[npt.NDArray[np.uint8], int]):
    """Sokoban as a Gymnasium environment (see the module's documentation)."""

    metadata = {"render_modes": ["rgb_array", "ansi"], "render_fps": 8}

    def __init__(
        self,
        levels: Optional[Sequence[Level]] = None,
        path: Optional[str] = None,
        boxoban: Optional[str] = None,
        obs_type: str = "tiles",
        render_mode: Optional[str] = None,
        max_steps: int = 120,
    ) -> None:
        chosen = levels_from(levels, path, boxoban)
        if obs_type not in ("tiles", "rgb"):
            raise ValueError(f"obs_type {obs_type!r} is not 'tiles' or 'rgb'")
        if render_mode not in (None, "rgb_array", "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not 'rgb_array' or 'ansi'")
        if max_steps < 1:
            raise ValueError(f"max_steps {max_steps} is not positive")
        self.levels = chosen
        self.obs_type = obs_type
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.rows = max(level.rows for level in chosen)
        self.cols = max(level.cols for level in chosen)
        # Discrete samples numpy integers; step() takes any int.
        self.action_space = cast(spaces.Space[int], spaces.Discrete(4))
        if obs_type == "tiles":
            self.observation_space = spaces.Box(0, 6, (self.rows, self.cols), np.uint8)
        else:
            shape = (self.rows * TILE_PIXELS, self.cols * TILE_PIXELS, 3)
            self.observation_space = spaces.Box(0, 255, shape, np.uint8)
        self._tiles = np.full((self.rows, self.cols), 1, dtype=np.uint8)
        self._game: Optional[SokobanGame] = None
        self._level_tiles = np.zeros((1, 1), dtype=np.uint8)
        self._steps = 0
        self.level_index = 0

    def _observe(self) -> npt.NDArray[np.uint8]:
        assert self._game is not None
        self._game.tiles_into(self._level_tiles)
        r, c = self._level_tiles.shape
        self._tiles[:r, :c] = self._level_tiles
        if self.obs_type == "tiles":
            return self._tiles.copy()
        return self._pixels()

    def _pixels(self) -> npt.NDArray[np.uint8]:
        image = PALETTE[self._tiles]
        return np.repeat(np.repeat(image, TILE_PIXELS, axis=0), TILE_PIXELS, axis=1)

    def _info(self) -> Dict[str, Any]:
        assert self._game is not None
        return {
            "boxes_on_goal": self._game.boxes_on_goal,
            "deadlock": self._game.in_corner_deadlock(),
            "level": self.level_index,
        }

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[np.uint8], Dict[str, Any]]:
        super().reset(seed=seed)
        if options is not None and "level" in options:
            index = int(options["level"])
            if not 0 <= index < len(self.levels):
                raise ValueError(f"level {index} is outside 0..{len(self.levels)}")
        else:
            index = int(self.np_random.integers(len(self.levels)))
        self.level_index = index
        level = self.levels[index]
        self._game = SokobanGame(level)
        self._level_tiles = np.zeros((level.rows, level.cols), dtype=np.uint8)
        self._tiles.fill(1)
        self._steps = 0
        return self._observe(), self._info()

    def step(
        self, action: int
    ) -> Tuple[npt.NDArray[np.uint8], float, bool, bool, Dict[str, Any]]:
        if self._game is None:
            raise RuntimeError("call reset() before step()")
        before = self._game.boxes_on_goal
        self._game.step(int(action))
        after = self._game.boxes_on_goal
        self._steps += 1
        reward = -0.1 + (after - before)
        terminated = self._game.is_solved()
        if terminated:
            reward += 10.0
        truncated = not terminated and self._steps >= self.max_steps
        return self._observe(), reward, terminated, truncated, self._info()

    def render(self) -> Any:
        if self._game is None:
            return None
        if self.render_mode == "ansi":
            return str(self._game)
        if self.render_mode == "rgb_array":
            self._observe()
            return self._pixels()
        return None


class G2048Env(gym.Env[npt.NDArray[np.uint8], int]):
    """The 4 x 4 game of 2048 as a Gymnasium environment (see the module's documentation)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    PLANES = 18

    def __init__(self, obs_type: str = "exponents", render_mode: Optional[str] = None) -> None:
        if obs_type not in ("exponents", "onehot"):
            raise ValueError(f"obs_type {obs_type!r} is not 'exponents' or 'onehot'")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r} is not 'ansi'")
        self.obs_type = obs_type
        self.render_mode = render_mode
        self.action_space = cast(spaces.Space[int], spaces.Discrete(4))
        if obs_type == "exponents":
            self.observation_space = spaces.Box(0, self.PLANES - 1, (4, 4), np.uint8)
        else:
            self.observation_space = spaces.Box(0, 1, (self.PLANES, 4, 4), np.uint8)
        self._exponents = np.zeros((4, 4), dtype=np.uint8)
        self._game: Optional[Game] = None

    def _observe(self) -> npt.NDArray[np.uint8]:
        assert self._game is not None
        self._game.exponents_into(self._exponents)
        if self.obs_type == "exponents":
            return self._exponents.copy()
        planes = np.zeros((self.PLANES, 4, 4), dtype=np.uint8)
        np.put_along_axis(planes, self._exponents[None, :, :].astype(np.intp), 1, axis=0)
        return planes

    def _info(self) -> Dict[str, Any]:
        assert self._game is not None
        legal = set(self._game.legal_moves())
        mask = np.array([name in legal for name in ("UP", "DOWN", "LEFT", "RIGHT")], dtype=np.int8)
        return {"action_mask": mask, "score": self._game.score, "max_tile": self._game.max_tile}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[np.uint8], Dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63))
        self._game = Game(game_seed)
        return self._observe(), self._info()

    def step(
        self, action: int
    ) -> Tuple[npt.NDArray[np.uint8], float, bool, bool, Dict[str, Any]]:
        if self._game is None:
            raise RuntimeError("call reset() before step()")
        names = ("up", "down", "left", "right")
        if not 0 <= int(action) < 4:
            raise ValueError(f"action {action} is outside 0..4")
        points = self._game.play(names[int(action)])
        reward = float(points or 0)
        return self._observe(), reward, self._game.is_over(), False, self._info()

    def render(self) -> Any:
        if self._game is None or self.render_mode != "ansi":
            return None
        return "\n".join(" ".join(f"{v:>5}" for v in row) for row in self._game.board) + "\n"


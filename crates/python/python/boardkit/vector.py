"""Vectorised Gymnasium environments: N games stepped in one native call.

Each step plays all N environments in Rust, with the GIL released, and writes the
observations, rewards, terminations and action masks into arrays made once; ``step``
returns those same arrays (copy them to keep a step's values past the next one).
Autoreset is Gymnasium's next-step mode: the step after an episode ends resets that
environment (its action is ignored, its reward is 0). ``threads=T`` splits the
environments over T threads for each step; the results are the same on any number.

>>> from boardkit.vector import G2048VectorEnv
>>> envs = G2048VectorEnv(num_envs=8)
>>> obs, info = envs.reset(seed=100)
>>> obs.shape, info["action_mask"].shape
((8, 4, 4), (8, 4))
>>> obs, rewards, terminated, truncated, info = envs.step(envs.action_space.sample())
>>> rewards.dtype, bool(truncated.any())
(dtype('float32'), False)

Environment i of ``reset(seed=s)`` plays the game of seed ``s + i``, the same game as
``G2048Env().reset(seed=s + i)`` and ``boardkit 2048 ai --seed s + i``.

``SokobanVectorEnv`` steps N Sokoban environments over one level set (the built-in
levels, ``levels=``, ``path=`` an XSB file, or ``boxoban=`` a folder of Boxoban files),
with the rewards, step limit and tile codes of ``boardkit.envs.SokobanEnv``; ``info``
holds ``boxes_on_goal`` and ``level`` (the level each environment plays, drawn from the
seed as the native class documents).
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from boardkit._native import Level, Vec2048, VecSokoban
from boardkit.envs import levels_from

__all__ = ["G2048VectorEnv", "SokobanVectorEnv"]


class G2048VectorEnv(VectorEnv[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` 4 x 4 games of 2048 (exponent observations), stepped together."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int, threads: int = 1) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs {num_envs} is not positive")
        if threads < 1:
            raise ValueError(f"threads {threads} is not positive")
        self.num_envs = num_envs
        self.single_observation_space = spaces.Box(0, 17, (4, 4), np.uint8)
        self.single_action_space = spaces.Discrete(4)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._native = Vec2048(num_envs, threads)
        self._obs = np.zeros((num_envs, 4, 4), dtype=np.uint8)
        self._rewards = np.zeros(num_envs, dtype=np.float32)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._mask = np.zeros((num_envs, 4), dtype=np.int8)
        self._started = False

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[np.uint8], Dict[str, Any]]:
        if seed is None:
            seed = int(np.random.default_rng().integers(2**63))
        self._native.reset(int(seed), self._obs, self._mask)
        self._started = True
        return self._obs, {"action_mask": self._mask}

    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> Tuple[
        npt.NDArray[np.uint8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Dict[str, Any],
    ]:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = np.ascontiguousarray(actions, dtype=np.int64)
        self._native.step(acts, self._obs, self._rewards, self._terminated, self._mask)
        return self._obs, self._rewards, self._terminated, self._truncated, {"action_mask": self._mask}


class SokobanVectorEnv(VectorEnv[npt.NDArray[np.uint8], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` Sokoban environments (tile observations), stepped together."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        num_envs: int,
        levels: Optional[Sequence[Level]] = None,
        path: Optional[str] = None,
        boxoban: Optional[str] = None,
        max_steps: int = 120,
        threads: int = 1,
    ) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs {num_envs} is not positive")
        if threads < 1:
            raise ValueError(f"threads {threads} is not positive")
        chosen = levels_from(levels, path, boxoban)
        self.levels = chosen
        self.num_envs = num_envs
        self._native = VecSokoban(chosen, num_envs, max_steps, threads)
        rows, cols = self._native.shape
        self.single_observation_space = spaces.Box(0, 6, (rows, cols), np.uint8)
        self.single_action_space = spaces.Discrete(4)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._obs = np.ones((num_envs, rows, cols), dtype=np.uint8)
        self._rewards = np.zeros(num_envs, dtype=np.float32)
        self._terminated = np.zeros(num_envs, dtype=np.bool_)
        self._truncated = np.zeros(num_envs, dtype=np.bool_)
        self._on_goal = np.zeros(num_envs, dtype=np.int64)
        self._level = np.zeros(num_envs, dtype=np.int64)
        self._started = False

    def _info(self) -> Dict[str, Any]:
        return {"boxes_on_goal": self._on_goal, "level": self._level}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[np.uint8], Dict[str, Any]]:
        if seed is None:
            seed = int(np.random.default_rng().integers(2**63))
        self._native.reset(int(seed), self._obs, self._on_goal, self._level)
        self._started = True
        return self._obs, self._info()

    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> Tuple[
        npt.NDArray[np.uint8],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Dict[str, Any],
    ]:
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = np.ascontiguousarray(actions, dtype=np.int64)
        self._native.step(
            acts,
            self._obs,
            self._rewards,
            self._terminated,
            self._truncated,
            self._on_goal,
            self._level,
        )
        return self._obs, self._rewards, self._terminated, self._truncated, self._info()

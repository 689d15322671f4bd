"""Steps per second of boardkit's Python environments beside their peers, in one run.

Run by scripts/bench-python-envs.sh, which makes a virtual environment of its own with
the peers (gym-sokoban, gymnasium-2048, Jumanji and Pgx on JAX's CPU backend; none is a
dependency of boardkit) and pins the whole run to one core. Random actions are drawn
before each timed loop; resets are left out of single-environment timings (gym-sokoban
takes seconds to generate a room), and vectorised ones run a fixed number of batch steps.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from typing import Callable, List, Tuple

warnings.filterwarnings("ignore")

import numpy as np  # noqa: E402

SECONDS = 3.0
BATCH = int(os.environ.get("BENCH_BATCH", "4096"))
BATCH_STEPS = 50


def single(name: str, reset: Callable[[], None], step: Callable[[int], bool], actions: List[int]) -> Tuple[str, float]:
    reset()
    done_steps, spent = 0, 0.0
    i = 0
    while spent < SECONDS:
        t = time.perf_counter()
        for _ in range(200):
            over = step(actions[i % len(actions)])
            i += 1
            done_steps += 1
            if over:
                break
        spent += time.perf_counter() - t
        if over:
            reset()
    return name, done_steps / spent


def boardkit_single() -> List[Tuple[str, float]]:
    import gymnasium as gym
    import boardkit.envs  # noqa: F401
    from boardkit.envs import G2048Env, SokobanEnv

    rng = np.random.default_rng(0)
    acts = [int(a) for a in rng.integers(0, 4, size=10_000)]
    out = []
    for label, env in [
        ("boardkit SokobanEnv (tiles)", SokobanEnv()),
        ("boardkit Sokoban-v0 via gymnasium.make (tiles)", gym.make("boardkit/Sokoban-v0")),
        ("boardkit G2048Env", G2048Env()),
        ("boardkit 2048-v0 via gymnasium.make", gym.make("boardkit/2048-v0")),
    ]:
        def step(a: int, env=env) -> bool:
            _, _, term, trunc, _ = env.step(a)
            return bool(term or trunc)

        out.append(single(label, lambda env=env: env.reset(seed=1), step, acts))
    return out


def peers_single() -> List[Tuple[str, float]]:
    out = []
    rng = np.random.default_rng(0)
    try:
        import gym
        import gym_sokoban  # noqa: F401

        env = gym.make("Sokoban-v0").unwrapped
        acts = [int(a) for a in rng.integers(1, 9, size=10_000)]

        def step(a: int) -> bool:
            return bool(env.step(a, observation_mode="tiny_rgb_array")[2])

        out.append(single("gym-sokoban Sokoban-v0 (tiny_rgb_array, its cheapest)", lambda: env.reset(), step, acts))
    except Exception as e:  # a peer that does not run here is reported, not fatal
        print(f"gym-sokoban: {type(e).__name__}: {e}", file=sys.stderr)
    try:
        import gymnasium
        import gymnasium_2048  # noqa: F401

        for label, env in [
            ("gymnasium-2048 (unwrapped)", gymnasium.make("gymnasium_2048/TwentyFortyEight-v0").unwrapped),
            ("gymnasium-2048 via gymnasium.make", gymnasium.make("gymnasium_2048/TwentyFortyEight-v0")),
        ]:
            acts = [int(a) for a in rng.integers(0, 4, size=10_000)]

            def step2(a: int, env=env) -> bool:
                _, _, term, trunc, _ = env.step(a)
                return bool(term or trunc)

            out.append(single(label, lambda env=env: env.reset(seed=1), step2, acts))
    except Exception as e:
        print(f"gymnasium-2048: {type(e).__name__}: {e}", file=sys.stderr)
    return out


def boardkit_vector() -> List[Tuple[str, float]]:
    from boardkit import sokoban
    from boardkit.vector import G2048VectorEnv, SokobanVectorEnv

    out = []
    rng = np.random.default_rng(0)
    acts = [rng.integers(0, 4, size=BATCH) for _ in range(16)]
    boxoban = os.environ.get("BENCH_BOXOBAN")
    levels = sokoban.read(boxoban) if boxoban else None
    for label, envs in [
        (f"boardkit G2048VectorEnv({BATCH})", G2048VectorEnv(BATCH)),
        (f"boardkit SokobanVectorEnv({BATCH}), 10 x 10 Boxoban", SokobanVectorEnv(BATCH, levels=levels)),
    ]:
        envs.reset(seed=1)
        envs.step(acts[0])
        t = time.perf_counter()
        for k in range(BATCH_STEPS * 4):
            envs.step(acts[k % 16])
        out.append((label, BATCH * BATCH_STEPS * 4 / (time.perf_counter() - t)))
    return out


def jax_vector() -> List[Tuple[str, float]]:
    out = []
    try:
        import jax
        import jumanji
        import pgx
        from jumanji.environments.routing.sokoban.env import Sokoban
        from jumanji.environments.routing.sokoban.generator import ToyGenerator

        keys = jax.random.split(jax.random.PRNGKey(0), BATCH)
        acts = jax.random.randint(jax.random.PRNGKey(1), (BATCH,), 0, 4)
        for label, env in [
            (f"Jumanji Game2048-v1 (jit + vmap, {BATCH})", jumanji.make("Game2048-v1")),
            (f"Jumanji Sokoban, 10 x 10 toy levels (jit + vmap, {BATCH})", Sokoban(generator=ToyGenerator())),
        ]:
            state, ts = jax.jit(jax.vmap(env.reset))(keys)
            step = jax.jit(jax.vmap(env.step))
            state, ts = step(state, acts)
            jax.block_until_ready(ts)
            t = time.perf_counter()
            for _ in range(BATCH_STEPS):
                state, ts = step(state, acts)
            jax.block_until_ready(ts)
            out.append((label, BATCH * BATCH_STEPS / (time.perf_counter() - t)))
        penv = pgx.make("2048")
        init = jax.jit(jax.vmap(penv.init))
        pstep = jax.jit(jax.vmap(penv.step))
        s = pstep(init(keys), acts, keys)
        jax.block_until_ready(s)
        t = time.perf_counter()
        for _ in range(BATCH_STEPS):
            s = pstep(s, acts, keys)
        jax.block_until_ready(s)
        out.append((f"Pgx 2048 (jit + vmap, {BATCH})", BATCH * BATCH_STEPS / (time.perf_counter() - t)))
    except Exception as e:
        print(f"jax peers: {type(e).__name__}: {e}", file=sys.stderr)
    return out


def main() -> None:
    rows = boardkit_single() + peers_single() + boardkit_vector() + jax_vector()
    width = max(len(r[0]) for r in rows)
    print(f"{'environment':<{width}}  steps/s")
    for label, rate in rows:
        print(f"{label:<{width}}  {rate:>12,.0f}")


if __name__ == "__main__":
    main()

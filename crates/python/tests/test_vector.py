"""The vector environment equals N single environments with the same seeds."""

from __future__ import annotations

import numpy as np
import pytest

from boardkit.envs import G2048Env, SokobanEnv
from boardkit.vector import G2048VectorEnv, SokobanVectorEnv


def test_the_vector_env_steps_as_single_envs_do() -> None:
    n, seed = 6, 40
    envs = G2048VectorEnv(n)
    singles = [G2048Env() for _ in range(n)]
    obs, info = envs.reset(seed=seed)
    for i, env in enumerate(singles):
        o, inf = env.reset(seed=seed + i)
        assert (obs[i] == o).all() and (info["action_mask"][i] == inf["action_mask"]).all()
    rng = np.random.default_rng(0)
    alive = [True] * n
    for _ in range(400):
        actions = rng.integers(0, 4, size=n)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert not truncated.any()
        for i, env in enumerate(singles):
            if not alive[i]:
                continue  # after its first episode the vector env draws its own seeds
            o, r, t, _, inf = env.step(int(actions[i]))
            assert (obs[i] == o).all(), i
            assert rewards[i] == r and terminated[i] == t
            assert (info["action_mask"][i] == inf["action_mask"]).all()
            alive[i] = not t


def test_autoreset_starts_a_fresh_game_on_the_next_step() -> None:
    envs = G2048VectorEnv(1)
    envs.reset(seed=3)
    rng = np.random.default_rng(1)
    for _ in range(5000):
        _, _, terminated, _, _ = envs.step(rng.integers(0, 4, size=1))
        if terminated[0]:
            break
    assert terminated[0]
    obs, rewards, terminated, _, info = envs.step(np.array([0]))
    assert rewards[0] == 0.0 and not terminated[0]
    assert int((obs[0] > 0).sum()) == 2 and info["action_mask"][0].sum() > 0


def test_bad_actions_are_refused() -> None:
    envs = G2048VectorEnv(2)
    envs.reset(seed=1)
    with pytest.raises(ValueError, match="outside 0..4"):
        envs.step(np.array([0, 9]))
    with pytest.raises(ValueError, match="3 actions for 2 environments"):
        envs.step(np.array([0, 1, 2]))


def test_the_sokoban_vector_env_steps_as_single_envs_do() -> None:
    n = 8
    envs = SokobanVectorEnv(n, max_steps=60)
    obs, info = envs.reset(seed=9)
    singles = []
    for i in range(n):
        env = SokobanEnv(max_steps=60)
        o, inf = env.reset(options={"level": int(info["level"][i])})
        assert (obs[i] == o).all(), i
        assert info["boxes_on_goal"][i] == inf["boxes_on_goal"]
        singles.append(env)
    rng = np.random.default_rng(5)
    alive = [True] * n
    ended = 0
    for _ in range(200):
        actions = rng.integers(0, 4, size=n)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        for i, env in enumerate(singles):
            if not alive[i]:
                continue
            o, r, t, tr, inf = env.step(int(actions[i]))
            assert (obs[i] == o).all(), i
            assert rewards[i] == pytest.approx(r) and terminated[i] == t and truncated[i] == tr
            assert info["boxes_on_goal"][i] == inf["boxes_on_goal"]
            if t or tr:
                alive[i] = False
                ended += 1
    assert ended == n  # every episode ran into the 60-step limit or was solved


def test_a_solution_solves_in_the_sokoban_vector_env() -> None:
    from boardkit import sokoban

    level = sokoban.builtin()[3]
    solution = sokoban.solve(level).solution
    assert solution is not None
    envs = SokobanVectorEnv(2, levels=[level], max_steps=500)
    envs.reset(seed=0)
    keys = {"u": 0, "d": 1, "l": 2, "r": 3}
    total = np.zeros(2)
    for k, key in enumerate(solution.lower()):
        _, rewards, terminated, _, _ = envs.step(np.array([keys[key]] * 2))
        total += rewards
        assert terminated.all() == (k == len(solution) - 1)
    assert total[0] == total[1] and total[0] > 9


@pytest.mark.parametrize("threads", [2, 3, 7])
def test_threads_change_nothing_but_the_speed(threads: int) -> None:
    n = 37
    rng = np.random.default_rng(threads)
    plan = [rng.integers(0, 4, size=n) for _ in range(300)]
    for make in (
        lambda t: G2048VectorEnv(n, threads=t),
        lambda t: SokobanVectorEnv(n, max_steps=40, threads=t),
    ):
        one, many = make(1), make(threads)
        a, _ = one.reset(seed=21)
        b, _ = many.reset(seed=21)
        assert (a == b).all()
        for actions in plan:
            ra = [x.copy() for x in one.step(actions)[:4]]
            rb = [x.copy() for x in many.step(actions)[:4]]
            for x, y in zip(ra, rb):
                assert (x == y).all()

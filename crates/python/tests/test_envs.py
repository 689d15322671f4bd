"""The Gymnasium environments: the checker, seeding, rewards and the rules."""

from __future__ import annotations

from typing import List

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from boardkit import g2048, sokoban
from boardkit.envs import G2048Env, SokobanEnv

ACTIONS = {"u": 0, "d": 1, "l": 2, "r": 3}


@pytest.mark.parametrize("obs_type", ["tiles", "rgb"])
def test_sokoban_passes_the_checker(obs_type: str) -> None:
    check_env(SokobanEnv(obs_type=obs_type), skip_render_check=False)
    env = gym.make("boardkit/Sokoban-v0", obs_type=obs_type)
    obs, _ = env.reset(seed=3)
    assert obs in env.observation_space


@pytest.mark.parametrize("obs_type", ["exponents", "onehot"])
def test_2048_passes_the_checker(obs_type: str) -> None:
    check_env(G2048Env(obs_type=obs_type))
    assert gym.make("boardkit/2048-v0", obs_type=obs_type).reset(seed=1)[0].dtype == np.uint8


def test_a_solution_played_through_the_env_solves_with_the_boxoban_rewards() -> None:
    levels = sokoban.builtin()
    env = SokobanEnv(levels=levels, max_steps=1000)
    for index, level in enumerate(levels):
        solution = sokoban.solve(level).solution
        assert solution is not None
        _, info = env.reset(options={"level": index})
        assert info["level"] == index
        total, pushes_onto_goal = 0.0, 0
        terminated = truncated = False
        for step, key in enumerate(solution.lower()):
            before = info["boxes_on_goal"]
            _, reward, terminated, truncated, info = env.step(ACTIONS[key])
            pushes_onto_goal += info["boxes_on_goal"] - before
            total += reward
            assert terminated == (step == len(solution) - 1)
            assert not truncated and not info["deadlock"]
        assert terminated and info["boxes_on_goal"] == level.boxes
        # -0.1 a step, +1/-1 per box onto/off a goal, +10 at the end.
        assert total == pytest.approx(-0.1 * len(solution) + pushes_onto_goal + 10.0)
        assert pushes_onto_goal == level.boxes - int((level.tiles() == 4).sum())


def test_the_observation_is_the_level_padded_with_wall_and_the_step_limit_truncates() -> None:
    small = sokoban.Level("#####\n#@$.#\n#####\n")
    big = sokoban.builtin()[11]
    env = SokobanEnv(levels=[small, big], max_steps=3)
    obs, _ = env.reset(options={"level": 0})
    assert obs.shape == (max(3, big.rows), max(5, big.cols))
    assert obs[:3, :5].tolist() == small.tiles().tolist()
    assert (obs[3:, :] == 1).all() and (obs[:, 5:] == 1).all()
    for i in range(3):
        _, _, terminated, truncated, _ = env.step(0)
        assert not terminated and truncated == (i == 2)
    assert env.render() is None


def test_a_corner_deadlock_is_reported() -> None:
    level = sokoban.Level("#####\n#   #\n# $ #\n# @ #\n#  .#\n#####\n")
    env = SokobanEnv(levels=[level], render_mode="ansi")
    env.reset()
    deadlocks = []
    # Push the box up against the top wall (not a corner yet), walk round it,
    # and push it left into the top-left corner, far from the goal.
    for action in (0, 3, 0, 2):
        _, _, _, _, info = env.step(action)
        deadlocks.append(info["deadlock"])
    assert deadlocks == [False, False, False, True]
    assert env.render() == "#####\n#$@ #\n#   #\n#   #\n#  .#\n#####\n"


def test_seeded_episodes_replay() -> None:
    def episode(seed: int) -> List[object]:
        env = SokobanEnv()
        obs, _ = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        out: List[object] = [obs.tobytes()]
        for _ in range(50):
            obs, reward, terminated, truncated, _ = env.step(int(rng.integers(4)))
            out.append((obs.tobytes(), reward))
            if terminated or truncated:
                break
        return out

    assert episode(11) == episode(11)
    assert episode(11) != episode(12)


def test_the_2048_env_plays_the_clis_seeded_game() -> None:
    env = G2048Env()
    obs, info = env.reset(seed=5)
    names = ["UP", "DOWN", "LEFT", "RIGHT"]
    total = 0.0
    while True:
        board = [[0 if e == 0 else 1 << int(e) for e in row] for row in obs]
        if max(max(r) for r in board) >= 512:
            break
        best, _ = g2048.ai_move(board, strong=False)
        assert best is not None and info["action_mask"][names.index(best)] == 1
        obs, reward, terminated, truncated, info = env.step(names.index(best))
        total += reward
        assert not truncated
    want_board, want_score, _, _ = g2048.ai_game(5, until=512)
    assert [[0 if e == 0 else 1 << int(e) for e in row] for row in obs] == want_board
    assert total == info["score"] == want_score


def test_an_illegal_2048_move_changes_nothing() -> None:
    env = G2048Env(obs_type="onehot")
    obs, info = env.reset(seed=2)
    illegal = [a for a in range(4) if info["action_mask"][a] == 0]
    if illegal:
        after, reward, terminated, _, _ = env.step(illegal[0])
        assert reward == 0.0 and not terminated and (after == obs).all()
    assert obs.sum() == 16  # one plane set per cell
    with pytest.raises(ValueError):
        env.step(7)

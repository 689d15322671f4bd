"""``import boardkit`` registers the Gymnasium environments when Gymnasium is installed,
and imports nothing of it when it is not (each case in a fresh interpreter)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

import boardkit

ENV_IDS = ["boardkit/2048-v0", "boardkit/Sokoban-v0"]


def run_python(code: str, *flags: str) -> str:
    """Runs ``code`` in a fresh interpreter and returns what it printed."""
    done = subprocess.run(
        [sys.executable, *flags, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "imports", ["import boardkit, gymnasium as gym", "import gymnasium as gym, boardkit"]
)
def test_importing_boardkit_registers_the_environments(imports: str) -> None:
    pytest.importorskip("gymnasium")
    out = run_python(
        f"""
        import sys
        {imports}
        print("boardkit.envs" in sys.modules)
        print(sorted(env_id for env_id in gym.registry if env_id.startswith("boardkit/")))
        for env_id in {ENV_IDS!r}:
            obs, info = gym.make(env_id).reset(seed=0)
            print(env_id, obs.shape)
        """
    )
    assert out.splitlines() == [
        "False",  # registered by name: gym.make imports boardkit.envs
        str(ENV_IDS),
        "boardkit/2048-v0 (4, 4)",
        "boardkit/Sokoban-v0 (8, 9)",
    ]


def test_without_gymnasium_import_boardkit_imports_none_of_it(tmp_path: pathlib.Path) -> None:
    # An interpreter without site-packages (-I -S) that sees boardkit alone: Gymnasium
    # (and NumPy) are not installed there.
    os.symlink(pathlib.Path(boardkit.__file__).parent, tmp_path / "boardkit")
    out = run_python(
        f"""
        import importlib.util, sys
        sys.path.insert(0, {str(tmp_path)!r})
        assert importlib.util.find_spec("gymnasium") is None
        import boardkit
        from boardkit import sokoban
        print(sokoban.solve(sokoban.Level("#######\\n#@ $ .#\\n#######\\n")).solution)
        print(sorted(name for name in sys.modules if name.startswith(("gymnasium", "boardkit.envs"))))
        """,
        "-I",
        "-S",
    )
    assert out.splitlines() == ["rRR", "[]"]

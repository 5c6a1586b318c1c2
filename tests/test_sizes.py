"""The test sizes refuse what would make a test pass for running nothing, or fail for want
of games (``tests/sizes.py``): 0, and less than a test's least size, stop the run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _collect(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    """pytest collecting this file only, with ``env`` added to the environment."""
    return subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                           *args, "tests/test_sizes.py"], cwd=ROOT, env={**os.environ, **env},
                          capture_output=True, text=True, check=False, timeout=120)


@pytest.mark.parametrize(("env", "args", "said"), [
    ({"TRAJAN_GAMES": "0"}, (), "at least 1"),
    ({"TRAJAN_VIEW_GAMES": "4"}, (), "at least 8"),
    ({}, ("--trajan-probe-games", "7"), "at least 8"),
    ({}, ("--trajan-leak-games", "-2"), "at least 1"),
])
def test_a_size_too_small_stops_the_run(env: dict[str, str], args: tuple[str, ...], said: str) -> None:
    done = _collect(env, *args)
    assert done.returncode == 4, (done.returncode, done.stdout, done.stderr)  # pytest's usage error
    assert said in done.stdout + done.stderr


def test_sizes_at_their_least_are_taken() -> None:
    done = _collect({"TRAJAN_VIEW_GAMES": "8"}, "--trajan-probe-games", "8", "--trajan-games", "1")
    assert done.returncode == 0, done.stdout + done.stderr

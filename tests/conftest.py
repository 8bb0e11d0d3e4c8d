"""Shared fixtures: run the CLI in-process or as a real process, and make games."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOGS = ROOT / "logs"


def run_cli(*args: str, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The real `adjudicator` command in a child process, as a user runs it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "adjudicator", *map(str, args)],
        input=input, capture_output=True, text=True, cwd=cwd, env=env, timeout=600,
    )


@pytest.fixture
def cli():
    return run_cli

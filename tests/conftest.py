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


# -- helpers for the engine suite (tests/test_chain.py ... test_engine_*.py) ---------------

import contextlib
import io
import sqlite3


_COMMANDS: dict = {}


class _CachedApp:
    """Typer builds its click command on every call (~60 ms); build it once per app."""

    def __init__(self, app):
        import typer.main

        self.command = typer.main.get_command(app)

    def __call__(self, *args, **kwargs):
        return self.command(*args, **kwargs)


def run_cli_inprocess(*args: str, input: str | bytes | None = None) -> subprocess.CompletedProcess:
    """`adjudicator ARGS` through cli.main in this process (fast; same exit codes and messages).

    Use `cli` (a real child process) where the process boundary matters."""
    from adjudicator import cli as cli_module

    app = cli_module.app
    cached = _COMMANDS.get(id(app))
    if cached is None:
        cached = _COMMANDS[id(app)] = _CachedApp(app)

    out, err = io.StringIO(), io.StringIO()
    data = input.encode("utf-8") if isinstance(input, str) else (input or b"")
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    old_argv, old_stdin = sys.argv, sys.stdin
    sys.argv, sys.stdin = ["adjudicator", *map(str, args)], stdin
    cli_module.app = cached
    code: object = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                cli_module.main()
            except SystemExit as e:
                code = e.code
    finally:
        sys.argv, sys.stdin = old_argv, old_stdin
        cli_module.app = app
    code = 0 if code is None else code
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


@pytest.fixture
def cli_fast():
    return run_cli_inprocess


def make_game(directory: Path, name: str = "g", players: tuple[str, ...] = ("red", "blue"), *,
              dice: str = "committed", top: bytes | None = None, epochs: int | None = None) -> Path:
    """A new freeform game database in `directory` (library call, no child process)."""
    from adjudicator import games

    db = Path(directory) / f"{name}.db"
    games.new_game(db, "freeform", list(players), dice_mode=dice, secret_top=top, epochs=epochs)
    return db


def event_rows(db: Path) -> list[tuple]:
    """Every row of the events table, exactly as stored (read-only connection)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return [tuple(bytes(x) if isinstance(x, (bytes, memoryview)) else x for x in row)
                for row in conn.execute("SELECT game, seq, hash, body FROM events ORDER BY seq")]
    finally:
        conn.close()


SAMPLE_TOP = __import__("hashlib").sha256(b"adjudicator engine test suite").digest()

SAMPLE_TURN = """# a turn of the sample game
roll 2d6 for volley {t}
note turn {t} in soft cover
roll 1d10z for morale {t}
roll 3d6+1 for charge {t}
end turn
"""


def play_sample_game(directory: Path, name: str = "g", turns: int = 4, *, reveal: bool = True,
                     top: bytes | None = SAMPLE_TOP) -> Path:
    """A small freeform game through the library: two client seeds, `turns` player-turns of
    rolls and notes, every closed epoch revealed after each turn when `reveal`."""
    from adjudicator import games

    db = make_game(directory, name, top=top)
    games.post(db, "seed the owls are not what they seem", "red")
    games.post(db, "seed kettle on the hob", "blue")
    for t in range(turns):
        games.post(db, SAMPLE_TURN.format(t=t + 1), ("red", "blue")[t % 2])
        if reveal:
            games.reveal(db)
    return db


def export_log(db: Path, out: Path | None = None) -> Path:
    from adjudicator import games

    out = out or db.with_suffix(".jsonl")
    games.export(db, out)
    return out


def rechain(lines: list[bytes]) -> list[bytes]:
    """Re-hash a whole log after editing it, as a forger would: every line gets a consistent chain
    (seq renumbered, prev linked), in the canonical compact JSON."""
    import json

    from adjudicator.chain import event_hash, to_line

    out, prev = [], "0" * 64
    for n, line in enumerate(lines, 1):
        event = json.loads(line)
        event.pop("hash", None)
        event["seq"], event["prev"] = n, prev
        body = json.dumps(event, separators=(",", ":"), ensure_ascii=False).encode()
        prev = event_hash(prev, body)
        out.append(to_line(body, prev))
    return out


def paris_states(stride: int):
    """Every `stride`-th state (the first of each stride) of the shipped paris games, replayed."""
    from adjudicator.chain import split_line
    from adjudicator.engine import load_game, replay_event, start

    for log in sorted(LOGS.glob("paris-*/game.jsonl")):
        lines = log.read_bytes().splitlines()
        game = load_game(split_line(lines[0], "")[0])
        state = start(game)
        for n, line in enumerate(lines[1:]):
            state = replay_event(game, state, game.decode(split_line(line, "")[0], ""))
            if n % stride == 0:
                yield state.rules


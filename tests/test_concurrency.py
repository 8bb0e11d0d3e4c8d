"""Crashes and races: a writer killed with SIGKILL mid-post leaves a database that opens and
verifies with every post wholly present or wholly absent; `new` or `import` killed leaves nothing
or a whole game, and never blocks a retry; processes posting against the same head: exactly one
lands, the others exit 3; posting without a head: all land; nothing duplicated or lost."""

from __future__ import annotations

import multiprocessing
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from adjudicator import games, secrets
from adjudicator.errors import Conflict
from adjudicator.logsource import open_source
from adjudicator.simulate import simulate
from adjudicator.store import Store
from adjudicator.verify import verify
from conftest import ROOT, event_rows, export_log, make_game

LINES_PER_POST = 20
MARK = re.compile(rb'"(?:text|purpose)":"post (\d+-\d+) line (\d+)"')

WRITER = f"""
import os, sys
from adjudicator import games
from adjudicator.errors import Conflict
db, actor = sys.argv[1], sys.argv[2]
pid = os.getpid()
n = 0
print("ready", flush=True)
while True:
    lines = []
    for j in range({LINES_PER_POST}):
        lines.append(f"roll 2d6 for post {{pid}}-{{n}} line {{j}}" if j % 4 == 0 else f"note post {{pid}}-{{n}} line {{j}}")
    try:
        games.post(db, "\\n".join(lines), actor)
    except Conflict:  # the other writer landed first: post again
        continue
    n += 1
"""


def posts_in(db: Path) -> dict[str, list[tuple[int, int]]]:
    """marker -> [(seq, line number)] for every event a writer posted."""
    found: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for _game, seq, _hash, body in event_rows(db):
        m = MARK.search(body)
        if m:
            found[m.group(1).decode()].append((seq, int(m.group(2))))
    return found


def assert_whole_posts(db: Path) -> int:
    found = posts_in(db)
    for marker, events in found.items():
        seqs = [s for s, _ in events]
        assert [j for _, j in events] == list(range(LINES_PER_POST)), f"post {marker} is partly stored: {events}"
        assert seqs == list(range(seqs[0], seqs[0] + LINES_PER_POST)), f"post {marker} is not contiguous"
    return len(found)


def check_database(db: Path) -> None:
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()
    report = verify(open_source(db))
    assert report.ok, report.problems
    assert report.rolls["mismatched"] == 0
    with Store(db) as s:
        assert s.head() == report.head


def kill_writers(db: Path, tmp_path: Path, rounds: int, seed: int) -> int:
    rng = random.Random(seed)
    script = tmp_path / "writer.py"
    script.write_text(WRITER)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(rounds):
        writers = [subprocess.Popen([sys.executable, str(script), str(db), actor], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, env=env) for actor in rng.sample(["red", "blue"], rng.randint(1, 2))]
        for w in writers:
            assert w.stdout.readline().strip() == b"ready", w.stderr.read()
        time.sleep(rng.uniform(0.05, 0.6))
        for w in writers:
            w.send_signal(signal.SIGKILL)
        for w in writers:
            w.wait(timeout=60)
            err = w.stderr.read().decode()
            assert "Traceback" not in err, err
            w.stdout.close()
            w.stderr.close()
        assert_whole_posts(db)
    check_database(db)
    return assert_whole_posts(db)


def test_sigkill_mid_post_leaves_whole_posts_and_a_verifying_database(tmp_path):
    db = make_game(tmp_path)
    posted = kill_writers(db, tmp_path, rounds=3, seed=1)
    assert posted > 3, "the writers posted too little for the test to mean anything"
    # the game goes on after the crashes
    games.post(db, "roll 2d6\nend turn", "red")
    games.reveal(db)
    check_database(db)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(3))
def test_sigkill_soak(tmp_path, seed):
    db = make_game(tmp_path)
    assert kill_writers(db, tmp_path, rounds=10, seed=100 + seed) > 15


# -- killed while creating a game --------------------------------------------------------------

def whats_left(db: Path, secret: bool) -> str:
    """"nothing" (no database: a retry must find its way clear) or "whole" (a database that verifies,
    with its own secret file beside it where it has one); anything else fails the test."""
    if not db.exists():
        return "nothing"
    report = verify(open_source(db))
    assert report.ok, report.problems
    if secret:
        created = report.context.created
        secrets.load(secrets.secret_path(db), created.game, created.dice.anchor)  # raises if absent or not its own
    return "whole"


def kill_creations(tmp_path: Path, command: list[str], db: Path, secret: bool, rounds: int, seed: int) -> Counter:
    """Run `command` (which creates `db`) and SIGKILL it at a random moment, `rounds` times. What
    is left must be nothing or a whole game, and a retry must then succeed and leave no stale file."""
    rng = random.Random(seed)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-m", "adjudicator", *command]

    def clear() -> None:
        for p in list(tmp_path.iterdir()):
            if p.name.startswith(db.name) or p.name.startswith(f".{db.name}"):
                shutil.rmtree(p) if p.is_dir() else p.unlink()

    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, capture_output=True)
    took = time.perf_counter() - start
    clear()
    left: Counter = Counter()
    for _ in range(rounds):
        proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.3, 1.1) * took)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        outcome = whats_left(db, secret)
        left[outcome] += 1
        if outcome == "nothing":
            r = subprocess.run(argv, env=env, capture_output=True, text=True)
            assert r.returncode == 0, r.stderr
            assert whats_left(db, secret) == "whole"
        names = sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(f".{db.name}"))
        assert names == [] or outcome == "whole", names  # a retry clears what a killed run left
        clear()
    return left


NEW = ["new", "{db}", "--ruleset", "freeform", "--player", "red", "--player", "blue"]


def _import_log(tmp_path: Path, events: int) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    simulate(source / "s.db", "freeform", seed=5, events=events)
    return export_log(source / "s.db")


def test_sigkill_during_new_leaves_nothing_or_a_whole_game(tmp_path):
    db = tmp_path / "g.db"
    left = kill_creations(tmp_path, [a.format(db=db) for a in NEW], db, True, rounds=8, seed=7)
    assert sum(left.values()) == 8


def test_sigkill_during_import_leaves_nothing_or_a_whole_game(tmp_path):
    log = _import_log(tmp_path, 5_000)
    work = tmp_path / "work"
    work.mkdir()
    left = kill_creations(work, ["import", str(log), str(work / "g.db")], work / "g.db", False, rounds=4, seed=8)
    assert sum(left.values()) == 4


@pytest.mark.soak
def test_sigkill_soak_of_new_and_import(tmp_path):
    db = tmp_path / "g.db"
    kill_creations(tmp_path, [a.format(db=db) for a in NEW], db, True, rounds=80, seed=70)
    log = _import_log(tmp_path, 20_000)
    work = tmp_path / "work"
    work.mkdir()
    kill_creations(work, ["import", str(log), str(work / "g.db")], work / "g.db", False, rounds=25, seed=80)


# -- races -----------------------------------------------------------------------------------

def _racer(db: str, actor: str, text: str, barrier, results) -> None:
    barrier.wait()
    try:
        posted = games.post(db, text, actor)
        results.put((actor, 0, posted.head[0]))
    except Conflict:
        results.put((actor, 3, 0))
    except Exception as e:  # anything else is a failure of the test
        results.put((actor, -1, repr(e)))


def race(db: Path, texts: dict[str, str]) -> list[tuple[str, int, object]]:
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(len(texts))
    results = ctx.Queue()
    procs = [ctx.Process(target=_racer, args=(str(db), actor, text, barrier, results)) for actor, text in texts.items()]
    for p in procs:
        p.start()
    out = [results.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    return out


def test_posts_against_the_same_head_exactly_one_lands(tmp_path):
    db = make_game(tmp_path)
    for round_ in range(8):
        head = event_rows(db)[-1]
        texts = {actor: f"after {head[1]} {head[2][:8]}\nnote {actor} round {round_}\nroll 2d6 for {actor} {round_}"
                 for actor in ("red", "blue", "referee")}
        before = event_rows(db)
        results = race(db, texts)
        assert sorted(code for _, code, _ in results) == [0, 3, 3], results
        winner = next(actor for actor, code, _ in results if code == 0)
        after = event_rows(db)
        assert after[: len(before)] == before
        new = after[len(before):]
        assert [r[1] for r in new] == [head[1] + 1, head[1] + 2, head[1] + 3]  # the post's record, its two actions
        assert all(winner.encode() in r[3] for r in new)
    check_database(db)


def test_simultaneous_posts_without_a_header_all_land_once_and_whole(tmp_path):
    """Without `after`, a post names no head: it is built on whatever head it finds under the write
    lock, so it never conflicts (exit 3). Four posters at once, every round: all land, each whole,
    in one piece, once, and nothing is lost."""
    players = ("red", "blue", "green", "white")
    db = make_game(tmp_path, players=players)
    landed: list[str] = []
    for round_ in range(8):
        texts = {actor: f"note {actor} round {round_}\nroll 1d6 for {actor} {round_}\nnote {actor} done {round_}"
                 for actor in (*players[:3], "referee")}
        results = race(db, texts)
        assert sorted(code for _, code, _ in results) == [0, 0, 0, 0], results
        landed += [f"{actor} round {round_}" for actor, code, _ in results if code == 0]
    bodies = [r[3] for r in event_rows(db)]
    for tag in landed:
        at = [i for i, b in enumerate(bodies) if f'"text":"{tag}"'.encode() in b]
        assert len(at) == 1, tag
        done = tag.replace(" round ", " done ")
        assert f'"text":"{done}"'.encode() in bodies[at[0] + 2], tag  # its three events, together
    assert sum(b'"type":"note"' in b for b in bodies) == 2 * len(landed) == 2 * 4 * 8
    check_database(db)


def test_two_real_processes_posting_after_the_same_head(tmp_path, cli):
    """The command itself: one exits 0, the other 3 with a message, and one post is stored."""
    db = make_game(tmp_path)
    head = event_rows(db)[-1]
    files = []
    for actor in ("red", "blue"):
        f = tmp_path / f"{actor}.txt"
        f.write_text(f"after {head[1]} {head[2][:8]}\nnote {actor} was here\nroll 2d6 for {actor}\n")
        files.append((actor, f))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-m", "adjudicator", "post", str(db), str(f), "--as", actor],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) for actor, f in files]
    outs = [(p.wait(timeout=120), p.stdout.read(), p.stderr.read()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    assert sorted(code for code, _, _ in outs) == [0, 3], outs
    loser = next(err for code, _, err in outs if code == 3)
    assert "error:" in loser and "Traceback" not in loser
    assert len(event_rows(db)) == 4  # the game, the post's record and its two actions
    check_database(db)

#!/usr/bin/env python3
"""The adjudicator's performance targets, each measured as a ratio inside one run.

    python3 benchmarks/run.py                  # every target (builds a 1,000,000-event log: minutes)
    python3 benchmarks/run.py --only post      # one target: verify, post, memory or rulesets (repeatable)
    python3 benchmarks/run.py --only memory    # verify's peak memory at two sizes, and import's against verify's
    python3 benchmarks/run.py --only startup   # status, options, post, verify of the shipped games against python3 -c pass
    python3 benchmarks/run.py --only handoffs  # hand-offs between posters per game turn, in scripted games
    python3 benchmarks/run.py --only report    # the HTML report: ivry's size, its opening in Chromium, the browser's check
    python3 benchmarks/run.py --quick          # small sizes: proves the machinery, measures nothing

Prints one line per measured target and variant (a target measured on both the .jsonl and the .db,
or in-process and as a CLI process, gets a line for each): the figures, the ratio, the limit, PASS
or FAIL. Exits 1 if any line fails. The machine is shared and noisy, so every timed quantity is
measured several times, interleaved with the quantity it is compared with, and the minimum is kept.
Logs are built once per run in a temporary directory (or --workdir, reused across runs).
See benchmarks/README.md for what each target measures and why.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import math
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # its own modules (handoffs)
sys.path.insert(0, str(ROOT / "tests"))  # the headless Chromium the report's tests drive (tests/browser.py)

from events.core import REFEREE  # noqa: E402
from adjudicator import games, rulesets  # noqa: E402
from adjudicator.chain import DOMAIN  # noqa: E402
from adjudicator.engine import load_game  # noqa: E402
from adjudicator.logsource import open_source  # noqa: E402
from adjudicator.secrets import secret_path  # noqa: E402
from adjudicator.simulate import simulate  # noqa: E402
from adjudicator.verify import verify  # noqa: E402

TARGETS = ("verify", "post", "memory", "rulesets", "startup", "handoffs", "report")

# The limits, from the engine issue and the board-game issue.
VERIFY_LIMIT = 3.0     # verify time / (decode + sha256 chain) time, same file, same run
POST_LIMIT = 2.0       # posting a 20-line turn: game of 200,000 events / game of 100 events
MEMORY_LIMIT = 1.5     # verify peak RSS: 1,000,000 events / 100,000 events
IMPORT_LIMIT = 1.5     # import peak RSS / verify peak RSS, same 200,000-event log
RULESET_LIMIT = 10.0   # a ruleset's verify per-event cost / the floor's, on its own simulated games
STARTUP_LIMIT = 4.0    # a command a referee runs again and again, on a shipped game / `python3 -c pass`
REPORT_SIZE_LIMIT = 3_000_000  # bytes: the report of the shipped paris-ivry-1590 game, "a few MB at most"
REPORT_OPEN_LIMIT = 2.0        # s: that report in headless Chromium, from the start of loading to the verdict
REPORT_CHECK_LIMIT = 4.0       # verify's events/s / the page's in-browser check's, same 200,000-event log
HANDOFF_LIMITS = {"paris": 10.0, "brigade": 6.0, "portable": 4.0}  # hand-offs between posters per game turn


@dataclass(frozen=True)
class Sizes:
    verify_events: int = 200_000
    post_small: int = 100
    post_big: int = 200_000
    memory_small: int = 100_000
    memory_big: int = 1_000_000
    ruleset_games: int = 3        # games per scenario (seeds 1, 2, 3)
    ruleset_cap: int = 20_000     # events at most per simulated game (freeform never ends by itself)
    repeats: int = 5              # interleaved timing rounds for verify and rulesets
    post_repeats: int = 7         # in-process posts per game size
    cli_repeats: int = 5          # CLI posts per game size
    memory_repeats: int = 2       # child processes per log
    startup_repeats: int = 9      # interleaved runs of each command and of `python3 -c pass`
    handoff_games: int = 5        # scripted games per ruleset (seeds 1, 2, ...)


FULL = Sizes()
QUICK = Sizes(verify_events=3_000, post_small=100, post_big=3_000, memory_small=2_000, memory_big=20_000,
              ruleset_games=2, ruleset_cap=600, repeats=3, post_repeats=3, cli_repeats=2, memory_repeats=1,
              startup_repeats=2, handoff_games=1)

# A 20-line turn: 19 roll/note lines and `end turn`.
TURN = "\n".join(
    f"roll 2d6 for volley {i // 2 + 1}" if i % 2 == 0 else f"note line {i + 1}: the voltigeurs hold the wood"
    for i in range(19)
) + "\nend turn\n"
TURN_LINES = 20

CHILD_ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


class BenchError(Exception):
    """A measurement could not be taken (the code under test failed): reported as FAIL."""


# -- output -----------------------------------------------------------------

def note(text: str) -> None:
    """Progress, on stderr, so stdout holds only the header and the target lines."""
    print(f"  .. {text}", file=sys.stderr, flush=True)


@dataclass
class Outcome:
    target: str
    variant: str
    ok: bool


def result(target: str, variant: str, figures: str, ratio: float, limit: float) -> Outcome:
    ok = math.isfinite(ratio) and ratio <= limit
    print(f"{target:<8} {variant:<18} {figures} | ratio {ratio:.2f}x | limit {limit:g}x | {'PASS' if ok else 'FAIL'}",
          flush=True)
    return Outcome(target, variant, ok)


def failed(target: str, variant: str, why: str) -> Outcome:
    print(f"{target:<8} {variant:<18} ERROR {why} | FAIL", flush=True)
    return Outcome(target, variant, False)


def skipped(target: str, variant: str, why: str) -> None:
    print(f"{target:<8} {variant:<18} SKIP {why}", flush=True)


def n(x: int | float) -> str:
    return f"{x:,.0f}"


# -- timing -----------------------------------------------------------------

@dataclass(frozen=True)
class Timing:
    wall: float  # the minimum wall time: what the targets are judged on
    cpu: float   # the minimum CPU time of this process (user + system): a cross-check less hurt by a busy machine


def interleaved(jobs: dict[str, tuple[Callable[[], Any] | None, Callable[[Any], Any]]], repeats: int) -> dict[str, Timing]:
    """Minimum wall and CPU time of each job over `repeats` rounds; each round runs every job once, in turn.

    A job is (setup, timed): setup (untimed, may be None) makes the argument of timed.
    """
    wall = {name: math.inf for name in jobs}
    cpu = dict(wall)
    for _ in range(repeats):
        for name, (setup, timed) in jobs.items():
            arg = setup() if setup is not None else None
            gc.collect()
            c0, w0 = time.process_time(), time.perf_counter()
            timed(arg)
            w1, c1 = time.perf_counter(), time.process_time()
            wall[name] = min(wall[name], w1 - w0)
            cpu[name] = min(cpu[name], c1 - c0)
    return {name: Timing(wall[name], cpu[name]) for name in jobs}


# -- the floor: msgspec decoding into the game's typed decoder + the sha256 chain ---------------

def floor_jsonl(path: Path) -> int:
    """Read every line, cut off its hash, chain sha256 over it, compare, decode it. Nothing else."""
    sha256 = hashlib.sha256
    decode = None
    prev = bytes(32)
    count = 0
    with open(path, "rb") as f:
        for line in f:
            if line[-1:] == b"\n":
                line = line[:-1]
            body = line[:-75] + b"}"
            if decode is None:
                decode = load_game(body).decoder.decode
            raw = sha256(DOMAIN + prev + body).digest()
            if raw.hex().encode() != line[-66:-2]:
                raise BenchError(f"{path.name} line {count + 1}: the floor's hash does not match")
            decode(body)
            prev = raw
            count += 1
    return count


def floor_db(path: Path) -> int:
    """The same over the database's rows, read in seq order through the (game, seq) primary key."""
    sha256 = hashlib.sha256
    conn = sqlite3.connect(path)
    try:
        game_id = conn.execute("SELECT game FROM events LIMIT 1").fetchone()[0]
        decode = None
        prev = bytes(32)
        count = 0
        for _seq, digest, body in conn.execute(
                "SELECT seq, hash, body FROM events WHERE game = ? ORDER BY seq", (game_id,)):
            if decode is None:
                decode = load_game(body).decoder.decode
            raw = sha256(DOMAIN + prev + body).digest()
            if raw.hex() != digest:
                raise BenchError(f"{path.name} seq {count + 1}: the floor's hash does not match")
            decode(body)
            prev = raw
            count += 1
    finally:
        conn.close()
    return count


def run_verify(path: Path):
    report = verify(open_source(path))
    if not report.ok:
        raise BenchError(f"{path.name} does not verify: {report.problems[0].message}")
    return report


# -- the logs ----------------------------------------------------------------

def sidecars(db: Path) -> list[Path]:
    return [db, secret_path(db), Path(f"{db}-wal"), Path(f"{db}-shm")]


def fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def checkpoint(db: Path) -> None:
    """Fold the WAL into the database file, so that copying the file copies the whole game."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def fresh_copy(src: Path, dst: Path) -> Path:
    """A copy of a game (database and secret file) whose pages are on disk, so the post's own
    fsync does not pay for writing out the copy."""
    for p in sidecars(dst):
        p.unlink(missing_ok=True)
    shutil.copy2(src, dst)
    shutil.copy2(secret_path(src), secret_path(dst))
    fsync(dst)
    fsync(secret_path(dst))
    return dst


@dataclass(frozen=True)
class Log:
    db: Path
    jsonl: Path
    events: int
    ended: bool


def code_fingerprint(ruleset: str) -> str:
    """The sources a simulated game of `ruleset` depends on, hashed: a --workdir log made by other code is rebuilt."""
    h = hashlib.sha256()
    sources = sorted((ROOT / "adjudicator" / "rulesets" / ruleset).rglob("*.py")) + sorted((ROOT / "adjudicator" / "rulesets" / ruleset).rglob("*.toml"))
    sources += [ROOT / "events" / "core.py", ROOT / "events" / f"{ruleset}.py", ROOT / "adjudicator" / "simulate.py",
                ROOT / "adjudicator" / "core.py", ROOT / "adjudicator" / "dice.py"]
    for path in sources:
        if path.is_file():
            h.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


class Logs:
    """Simulated games, built once per run (or reused from --workdir)."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.built: dict[tuple, Log] = {}

    def get(self, ruleset: str, events: int | None, seed: int, scenario: str | None = None) -> Log:
        key = (ruleset, events, seed, scenario)
        if key in self.built:
            return self.built[key]
        stem = f"{ruleset}-{scenario or 'default'}-{events or 'whole'}-s{seed}"
        db, jsonl, done = self.workdir / f"{stem}.db", self.workdir / f"{stem}.jsonl", self.workdir / f"{stem}.done"
        made_by = code_fingerprint(ruleset)
        if not done.exists() or done.read_text() != made_by:  # a log simulated by older code is stale
            for p in sidecars(db) + [jsonl]:
                p.unlink(missing_ok=True)
            start = time.perf_counter()
            note(f"simulating {stem} ...")
            simulate(db, ruleset, seed=seed, events=events, scenario=scenario)
            if ruleset == "freeform":
                # close the last player-turn, so that every epoch is revealed and every roll checked
                games.post(db, "end turn\n", REFEREE)
            games.reveal(db)
            checkpoint(db)
            games.export(db, jsonl)
            done.write_text(made_by)
            note(f"built {stem} in {time.perf_counter() - start:.0f} s")
        game, state = games.state_at(db)
        ended = bool(state.core.ended) or not game.ruleset.awaiting(state.rules)
        log = Log(db, jsonl, state.core.seq, ended)
        self.built[key] = log
        return log

    def freeform(self, events: int, seed: int = 1) -> Log:
        return self.get("freeform", events, seed)


# -- the targets ---------------------------------------------------------------

def target_verify(sizes: Sizes, logs: Logs) -> list[Outcome]:
    """verify of a ~200,000-event freeform log with every epoch revealed, against the floor."""
    log = logs.freeform(sizes.verify_events)
    out = []
    for variant, path, floor in (("jsonl", log.jsonl, floor_jsonl), ("db", log.db, floor_db)):
        try:
            report = run_verify(path)
            if floor(path) != report.events:
                raise BenchError("the floor and verify read a different number of events")
            best = interleaved({"floor": (None, lambda _: floor(path)), "verify": (None, lambda _: run_verify(path))},
                               sizes.repeats)
        except Exception as e:
            out.append(failed("verify", variant, f"{type(e).__name__}: {e}"))
            continue
        ev, r, v, f = report.events, report.rolls, best["verify"], best["floor"]
        out.append(result(
            "verify", variant,
            f"{n(ev)} events, rolls {n(r['verified'])} verified/{n(r['unrevealed'])} unrevealed: "
            f"verify {v.wall:.3f} s ({n(ev / v.wall)} ev/s) | floor {f.wall:.3f} s ({n(ev / f.wall)} ev/s) | "
            f"CPU-time ratio {v.cpu / f.cpu:.2f}x",
            v.wall / f.wall, VERIFY_LIMIT))
    return out


def target_post(sizes: Sizes, logs: Logs) -> list[Outcome]:
    """A 20-line turn posted to a game of 200,000 events against one of 100, fresh copies each time."""
    small, big = logs.freeform(sizes.post_small, seed=2), logs.freeform(sizes.post_big)
    work = logs.workdir / "post"
    work.mkdir(exist_ok=True)
    turn_file = work / "turn.txt"
    turn_file.write_text(TURN)
    games_ = {"small": small, "big": big}
    actors = {}
    for label, log in games_.items():
        game, state = games.state_at(log.db)
        actors[label] = game.ruleset.awaiting(state.rules)[0].side

    def setup(label: str) -> Callable[[], Path]:
        return lambda: fresh_copy(games_[label].db, work / f"{label}.db")

    def lib_post(label: str) -> Callable[[Path], None]:
        def go(db: Path) -> None:
            posted = games.post(db, TURN, actors[label])
            if posted.head[0] != games_[label].events + 1 + TURN_LINES:  # the post's record, then its lines
                raise BenchError(f"the post to the {label} game appended {posted.head[0] - games_[label].events} events")
        return go

    def cli_post(label: str) -> Callable[[Path], None]:
        def go(db: Path) -> None:
            proc = subprocess.run([sys.executable, "-m", "adjudicator", "post", str(db), str(turn_file),
                                   "--as", actors[label]], capture_output=True, text=True, env=CHILD_ENV, cwd=work)
            if proc.returncode != 0:
                raise BenchError(f"adjudicator post exited {proc.returncode}: {proc.stderr.strip()[:300]}")
        return go

    out = []
    for variant, make, repeats in (("library", lib_post, sizes.post_repeats), ("cli-process", cli_post, sizes.cli_repeats)):
        try:
            best = interleaved({label: (setup(label), make(label)) for label in games_}, repeats)
        except Exception as e:
            out.append(failed("post", variant, f"{type(e).__name__}: {e}"))
            continue
        out.append(result(
            "post", variant,
            f"{TURN_LINES}-line turn: {n(big.events)}-event game {best['big'].wall * 1000:.1f} ms | "
            f"{n(small.events)}-event game {best['small'].wall * 1000:.1f} ms",
            best["big"].wall / best["small"].wall, POST_LIMIT))
    return out


# A fresh measuring process per measurement: it runs `adjudicator verify` as its only child, so
# RUSAGE_CHILDREN's ru_maxrss (a maximum over every child ever waited for) is that child's peak.
_MEASURE = (
    "import resource, subprocess, sys, time\n"
    "t = time.perf_counter()\n"
    "p = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
    "t = time.perf_counter() - t\n"
    "print(p.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, t)\n"
    "sys.stderr.write(p.stderr.decode(errors='replace')[:500])\n"
)


def peak_rss(*args: str | Path) -> tuple[int, float]:
    """(peak RSS in KiB, wall seconds) of `python -m adjudicator ARGS` in a child process."""
    proc = subprocess.run([sys.executable, "-c", _MEASURE, sys.executable, "-m", "adjudicator", *map(str, args)],
                          capture_output=True, text=True, env=CHILD_ENV)
    try:
        rc, kib, secs = proc.stdout.split()
    except ValueError:
        raise BenchError(f"the measuring process failed: {proc.stderr.strip()[:300]}") from None
    if int(rc) != 0:
        raise BenchError(f"adjudicator {args[0]} exited {rc}: {proc.stderr.strip()[:300]}")
    return int(kib), float(secs)


def target_memory(sizes: Sizes, logs: Logs) -> list[Outcome]:
    """Peak RSS of `adjudicator verify` over 1,000,000 events against 100,000, for the .jsonl and the .db."""
    tiny, small, big = logs.freeform(100, seed=2), logs.freeform(sizes.memory_small), logs.freeform(sizes.memory_big)
    out = []
    for variant in ("jsonl", "db"):
        try:
            kib: dict[str, int] = {}
            secs: dict[str, float] = {}
            for _ in range(sizes.memory_repeats):
                for label, log in (("tiny", tiny), ("small", small), ("big", big)):
                    k, s = peak_rss("verify", getattr(log, variant))
                    kib[label] = min(kib.get(label, k), k)
                    secs[label] = min(secs.get(label, s), s)
        except Exception as e:
            out.append(failed("memory", variant, f"{type(e).__name__}: {e}"))
            continue
        mib = {label: k / 1024 for label, k in kib.items()}
        out.append(result(
            "memory", variant,
            f"peak RSS of `adjudicator verify`: {n(big.events)} events {mib['big']:.1f} MiB "
            f"({n(big.events / secs['big'])} ev/s as a process) | {n(small.events)} events {mib['small']:.1f} MiB | "
            f"(a {n(tiny.events)}-event log: {mib['tiny']:.1f} MiB)",
            kib["big"] / kib["small"], MEMORY_LIMIT))
    out.append(import_memory(sizes, logs))
    return out


def import_memory(sizes: Sizes, logs: Logs) -> Outcome:
    """Peak RSS of `adjudicator import` against `adjudicator verify` on the same ~200,000-event .jsonl."""
    log = logs.freeform(sizes.verify_events)
    copy = logs.workdir / "import-copy.db"
    try:
        kib: dict[str, int] = {}
        for _ in range(sizes.memory_repeats):
            for label in ("verify", "import"):
                for p in sidecars(copy):
                    p.unlink(missing_ok=True)
                k, _secs = peak_rss(label, log.jsonl, *([copy] if label == "import" else []))
                kib[label] = min(kib.get(label, k), k)
    except Exception as e:
        return failed("memory", "import", f"{type(e).__name__}: {e}")
    finally:
        for p in sidecars(copy):
            p.unlink(missing_ok=True)
    return result(
        "memory", "import",
        f"peak RSS on a {n(log.events)}-event .jsonl: `adjudicator import` {kib['import'] / 1024:.1f} MiB | "
        f"`adjudicator verify` {kib['verify'] / 1024:.1f} MiB",
        kib["import"] / kib["verify"], IMPORT_LIMIT)


def target_rulesets(sizes: Sizes, logs: Logs) -> list[Outcome]:
    """Every ruleset's verify per-event cost on its own simulated games, against the floor on the same files."""
    out = []
    for name in rulesets.names():
        try:
            rs = rulesets.get(name)
        except Exception as e:
            skipped("rulesets", name, f"does not import ({type(e).__name__}: {e})")
            continue
        # every scenario; a ruleset without scenarios (freeform) is measured on its default game
        scenarios: list[str | None] = list(rs.scenarios) or [None]
        try:
            played = []
            for scenario in scenarios:
                for seed in range(1, sizes.ruleset_games + 1):
                    played.append(logs.get(name, sizes.ruleset_cap, seed, scenario))
            total_v = total_f = cpu_v = cpu_f = 0.0
            events = 0
            for log in played:
                report = run_verify(log.jsonl)
                if floor_jsonl(log.jsonl) != report.events:
                    raise BenchError(f"{log.jsonl.name}: the floor and verify read a different number of events")
                best = interleaved({"floor": (None, lambda _, p=log.jsonl: floor_jsonl(p)),
                                    "verify": (None, lambda _, p=log.jsonl: run_verify(p))}, sizes.repeats)
                total_v += best["verify"].wall
                total_f += best["floor"].wall
                cpu_v += best["verify"].cpu
                cpu_f += best["floor"].cpu
                events += report.events
        except Exception as e:
            out.append(failed("rulesets", name, f"{type(e).__name__}: {e}"))
            note(traceback.format_exc().rstrip().replace("\n", "\n  .. "))
            continue
        ended = sum(log.ended for log in played)
        what = f"{len(scenarios)} scenario(s)" if rs.scenarios else "no scenarios: default game"
        out.append(result(
            "rulesets", name,
            f"{what}, {len(played)} games ({ended} ended by the rules, {len(played) - ended} stopped at "
            f"{n(sizes.ruleset_cap)} events), {n(events)} events: verify {total_v / events * 1e6:.2f} us/event "
            f"({n(events / total_v)} ev/s) | floor {total_f / events * 1e6:.2f} us/event ({n(events / total_f)} ev/s) | "
            f"CPU-time ratio {cpu_v / cpu_f:.2f}x",
            total_v / total_f, RULESET_LIMIT))
    if not out:
        print("rulesets (none)             SKIP no ruleset could be measured", flush=True)
    return out


# The shipped games whose start-up is measured: the smallest, and the largest ruleset (paris).
STARTUP_GAMES = ("freeform-demo", "portable-mahdist", "brigade-peninsula", "paris-dreux-1562")
STARTUP_POST = "note the referee reads the table\n"  # legal in every phase of every game: posted at each run


# Python as a user runs it: modules compiled once and cached (a machine may set PYTHONDONTWRITEBYTECODE,
# which makes every process compile every module again: that measures the compiler, not the tool).
STARTUP_ENV = {k: v for k, v in CHILD_ENV.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _wall(argv: list[str]) -> float:
    t = time.perf_counter()
    proc = subprocess.run(argv, capture_output=True, env=STARTUP_ENV)
    t = time.perf_counter() - t
    if proc.returncode != 0:
        raise BenchError(f"{' '.join(map(str, argv[1:]))} exited {proc.returncode}: {proc.stderr.decode(errors='replace')[:300]}")
    return t


def target_startup(sizes: Sizes, logs: Logs) -> list[Outcome]:
    """`adjudicator status`, `options`, `post` (a note) and `verify` of each shipped game, imported into a
    database as the referee keeps it, each as a whole process, against `python3 -c pass`: runs
    interleaved, the median of the pairwise ratios kept (the machine's speed drifts between runs)."""
    out = []
    for name in STARTUP_GAMES:
        db = logs.workdir / f"startup-{name}.db"
        for path in (db, *sidecars(db)):
            path.unlink(missing_ok=True)
        games.import_log(ROOT / "logs" / name / "game.jsonl", db)
        turn = logs.workdir / "startup-turn.txt"
        turn.write_text(STARTUP_POST, encoding="utf-8")
        commands = {"status": ["status", db], "options": ["options", db],
                    "post": ["post", db, turn, "--as", "referee"], "verify": ["verify", db]}
        for command, args in commands.items():
            try:
                ratios, walls = [], []
                _wall([sys.executable, "-m", "adjudicator", *map(str, args)])  # warm-up: the modules compiled and cached
                for _ in range(sizes.startup_repeats):
                    a = _wall([sys.executable, "-m", "adjudicator", *map(str, args)])
                    b = _wall([sys.executable, "-c", "pass"])
                    ratios.append(a / b)
                    walls.append(a)
            except Exception as e:
                out.append(failed("startup", f"{command} {name}", f"{type(e).__name__}: {e}"))
                continue
            ratios.sort()
            out.append(result("startup", f"{command} {name}",
                              f"{min(walls) * 1000:.0f} ms at best; median ratio of {len(ratios)} interleaved pairs",
                              ratios[len(ratios) // 2], STARTUP_LIMIT))
    return out


def target_handoffs(sizes: Sizes, logs: Logs) -> list[Outcome]:
    """Hand-offs between posters per game turn in scripted games (benchmarks/handoffs.py): each side
    gives every standing order its notation allows and writes whole activations. One line per ruleset:
    `handoffs RULESET N`, N the mean over the games (all their hand-offs over all their turns)."""
    from handoffs import play

    out = []
    for name, limit in HANDOFF_LIMITS.items():
        try:
            played = [play(name, seed) for seed in range(1, sizes.handoff_games + 1)]
        except Exception as e:
            out.append(failed("handoffs", name, f"{type(e).__name__}: {e}"))
            continue
        mean = sum(g.handoffs for g in played) / sum(g.turns for g in played)
        ok = mean <= limit
        games = ", ".join(f"{g.handoffs} in {g.turns} turns{'' if g.ended else ' (cut)'}" for g in played)
        print(f"handoffs {name} {mean:.1f} | {games} | limit {limit:g} | {'PASS' if ok else 'FAIL'}", flush=True)
        out.append(Outcome("handoffs", name, ok))
    return out


def _opened(driver: Any, page: Path) -> tuple[float, float]:
    """Load a report in the browser: (s from the start of loading to the verdict, s of the check alone)."""
    from browser import open_report

    verdict = open_report(driver, page, timeout=900)
    if not verdict.startswith("OK"):
        raise BenchError(f"{page.name}: {verdict}")
    element = driver.find_element("id", "verdict")
    return float(element.get_attribute("data-at")) / 1000, float(element.get_attribute("data-ms")) / 1000


def target_report(sizes: Sizes, logs: Logs) -> list[Outcome]:
    """The after-action report: the size of paris-ivry-1590's and the time it takes to open in headless
    Chromium, and the page's own check of a ~200,000-event freeform log against `verify` of that log."""
    import browser
    from adjudicator.htmlreport import build

    why = browser.missing()
    if why:
        skipped("report", "-", f"no headless Chromium: {why}")
        return []
    out = []
    ivry = logs.workdir / "paris-ivry-1590.html"
    ivry.write_text(build(ROOT / "logs" / "paris-ivry-1590" / "game.jsonl"), encoding="utf-8")
    size = ivry.stat().st_size
    out.append(result("report", "ivry size", f"{size / 1e6:.2f} MB (limit {REPORT_SIZE_LIMIT / 1e6:g} MB)",
                      size / REPORT_SIZE_LIMIT, 1.0))
    log = logs.freeform(sizes.verify_events)
    big = logs.workdir / f"{log.jsonl.stem}.html"
    note(f"building the report of {log.jsonl.name} ...")
    big.write_text(build(log.jsonl), encoding="utf-8")
    driver = browser.start()
    try:
        opened = min(_opened(driver, ivry)[0] for _ in range(sizes.repeats))
        out.append(result("report", "ivry open", f"{opened:.2f} s from loading to the verdict in Chromium (limit "
                                                 f"{REPORT_OPEN_LIMIT:g} s)", opened / REPORT_OPEN_LIMIT, 1.0))
        checks, verifies = [], []  # the check's (s, the time of each of its parts), verify's s: interleaved rounds
        for _ in range(sizes.repeats):
            checks.append((_opened(driver, big)[1], driver.execute_script("return AdjudicatorCheck.laps;")))
            driver.get("about:blank")  # the browser idle while verify runs
            verifies.append(timed(lambda: run_verify(log.jsonl)))
        verified = min(verifies)
    finally:
        driver.quit()
        shutil.rmtree(driver.profile_dir, ignore_errors=True)
    (check, laps), events = min(checks, key=lambda c: c[0]), log.events
    parts = ", ".join(f"{k} {v / 1000:.2f}" for k, v in laps.items())
    out.append(result("report", "browser check",
                      f"{n(events)} events: in Chromium {check:.2f} s ({n(events / check)} ev/s; {parts}) | "
                      f"verify {verified:.2f} s ({n(events / verified)} ev/s)",
                      (events / verified) / (events / check), REPORT_CHECK_LIMIT))
    return out


def timed(work: Callable[[], Any]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


RUNNERS: dict[str, Callable[[Sizes, Logs], list[Outcome]]] = {
    "verify": target_verify, "post": target_post, "memory": target_memory, "rulesets": target_rulesets,
    "startup": target_startup, "handoffs": target_handoffs, "report": target_report,
}


# -- main --------------------------------------------------------------------

def machine() -> str:
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import msgspec

    return (f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, "
            f"msgspec {msgspec.__version__}, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description="Measure the adjudicator's performance targets as ratios.")
    ap.add_argument("--only", action="append", choices=TARGETS, help="run this target only (repeatable)")
    ap.add_argument("--quick", action="store_true", help="small sizes: a smoke run of the machinery")
    ap.add_argument("--workdir", type=Path, help="build the logs here and keep them (reused by later runs)")
    ap.add_argument("--repeats", type=int, help="override every number of timing rounds")
    return ap.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    sizes = QUICK if args.quick else FULL
    if args.repeats:
        r = max(1, args.repeats)
        sizes = replace(sizes, repeats=r, post_repeats=r, cli_repeats=r, memory_repeats=r)
    chosen = [t for t in TARGETS if not args.only or t in args.only]
    print(f"adjudicator benchmarks{' (--quick: smoke sizes, not a measurement)' if args.quick else ''}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(f"machine: {machine()}", flush=True)
    temp = None
    if args.workdir:
        workdir = args.workdir
        workdir.mkdir(parents=True, exist_ok=True)
    else:
        temp = tempfile.TemporaryDirectory(prefix="adj-bench-")
        workdir = Path(temp.name)
    outcomes: list[Outcome] = []
    try:
        logs = Logs(workdir)
        for target in chosen:
            try:
                outcomes += RUNNERS[target](sizes, logs)
            except Exception as e:  # a log could not be built: the target fails, the others still run
                outcomes.append(failed(target, "-", f"{type(e).__name__}: {e}"))
                note(traceback.format_exc().rstrip().replace("\n", "\n  .. "))
    finally:
        if temp is not None:
            temp.cleanup()
    bad = [o for o in outcomes if not o.ok]
    print(f"{len(outcomes) - len(bad)} of {len(outcomes)} passed"
          + (f"; FAILED: {', '.join(f'{o.target} {o.variant}' for o in bad)}" if bad else ""), flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

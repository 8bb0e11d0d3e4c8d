"""Instructions per verified event, counted by valgrind's callgrind: unlike time on a shared virtual
machine, the count is nearly the same from run to run (within about 2%: memos keyed by object ids
depend on where objects land in memory), so it can tell a change of more than a few per cent from
noise.

    python3 benchmarks/instructions.py LOG.jsonl [LOG.jsonl ...]
    python3 benchmarks/instructions.py --ruleset paris --workdir /tmp/adj   # the rulesets target's games

Three child processes read the same logs under callgrind: each first reads every log as the floor
does and verifies it once (imports, caches and memos warm up), then one stops, one verifies every
log again and one reads them again as the floor. The second and third minus the first, divided by
the events, are what one verify pass and one floor pass cost per event. The floor is inflated under
valgrind (its SHA-256 runs without the CPU's SHA instructions), so compare verify counts between
versions of the code, not the ratio with the floor's timing; and on a short log each pass's fixed
costs (reading the game, building its decoder) outweigh the events. Needs valgrind (Debian: valgrind).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent


def child(mode: str, paths: list[Path]) -> None:
    sys.path.insert(0, str(HERE))
    import run
    from adjudicator import dicecheck

    dicecheck.start_beside = lambda *a: None  # one process, counted whole
    for p in paths:
        run.floor_jsonl(p)
        run.run_verify(p)
    for p in paths:
        if mode == "verify":
            run.run_verify(p)
        elif mode == "floor":
            run.floor_jsonl(p)


def counted(mode: str, paths: list[Path]) -> int:
    """Instructions of one child process under callgrind."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
           "--child", mode, *map(str, paths)]
    done = subprocess.run(cmd, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind run ({mode}) failed:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def benchmark_logs(ruleset: str, workdir: Path) -> list[Path]:
    """The simulated games the rulesets target of run.py verifies, built there if need be."""
    sys.path.insert(0, str(HERE))
    import run
    from adjudicator import rulesets

    sizes, logs = run.Sizes(), run.Logs(workdir)
    return [logs.get(ruleset, sizes.ruleset_cap, seed, scenario).jsonl
            for scenario in (list(rulesets.get(ruleset).scenarios) or [None])
            for seed in range(1, sizes.ruleset_games + 1)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("logs", nargs="*", type=Path, help=".jsonl logs to verify")
    ap.add_argument("--ruleset", help="count on the rulesets target's simulated games of this ruleset")
    ap.add_argument("--workdir", type=Path, help="where those games are kept (as run.py --workdir)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child, args.logs)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing to count", file=sys.stderr)
        return 2
    paths = list(args.logs)
    if args.ruleset:
        if args.workdir is None:
            ap.error("--ruleset needs --workdir")
        args.workdir.mkdir(parents=True, exist_ok=True)
        paths += benchmark_logs(args.ruleset, args.workdir)
    if not paths:
        ap.error("name logs, or --ruleset with --workdir")
    events = sum(1 for p in paths for line in p.read_bytes().splitlines() if line.strip())
    subprocess.run([sys.executable, "-c", "import adjudicator.verify, adjudicator.rulesets"], check=True)  # .pyc first
    with ThreadPoolExecutor(max_workers=2) as pool:
        warm, verify, floor = pool.map(lambda mode: counted(mode, paths), ("warm", "verify", "floor"))
    per_verify, per_floor = (verify - warm) / events, (floor - warm) / events
    print(f"{len(paths)} log(s), {events:,} events: verify {per_verify:,.0f} instructions/event | "
          f"floor {per_floor:,.0f} instructions/event (inflated under valgrind)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""benchmarks/run.py works: a --quick run on small sizes prints a line for every target.

No timing is asserted here (timings belong to benchmarks/run.py, on a quiet machine); a quick run
may well print FAIL for a ratio, and that is not this test's business. It only proves the script
builds its logs, runs every target and reports each one.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT

SCRIPT = ROOT / "benchmarks" / "run.py"

EXPECTED_LINES = (
    "verify   jsonl",
    "verify   db",
    "post     library",
    "post     cli-process",
    "memory   jsonl",
    "memory   db",
    "memory   import",
    "rulesets freeform",
    "report   ",  # its lines, or SKIP where no headless Chromium is installed
)


@pytest.mark.soak  # plays whole games of every ruleset: a minute or more
def test_quick_run_prints_every_target_line(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--repeats", "1", "--workdir", str(tmp_path)],
        capture_output=True, text=True, timeout=900, cwd=tmp_path,
    )
    assert proc.returncode in (0, 1), proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    for start in EXPECTED_LINES:
        found = [line for line in lines if line.startswith(start)]
        assert found, f"no line for {start!r} in:\n{proc.stdout}\n{proc.stderr[-3000:]}"
        assert all(line.endswith(("| PASS", "| FAIL")) for line in found), found
        assert not any(" ERROR " in line for line in found), found
    assert "passed" in lines[-1]


def test_only_runs_the_chosen_target(tmp_path):
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--repeats", "1", "--only", "verify", "--workdir", str(tmp_path)],
        capture_output=True, text=True, timeout=900, cwd=tmp_path,
    )
    assert proc.returncode in (0, 1), proc.stderr[-3000:]
    targets = {line.split()[0] for line in proc.stdout.splitlines() if line.endswith(("| PASS", "| FAIL"))}
    assert targets == {"verify"}, proc.stdout


@pytest.mark.soak  # three processes under valgrind: half a minute or more
@pytest.mark.skipif(__import__("shutil").which("valgrind") is None, reason="valgrind is not installed")
def test_the_instruction_count_names_the_events_and_both_counts():
    log = ROOT / "logs" / "freeform-demo" / "game.jsonl"
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "instructions.py"), str(log)],
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    events = sum(1 for line in log.read_bytes().splitlines() if line.strip())
    verify, floor = (int(x.replace(",", "")) for x in
                     __import__("re").findall(r"(\d[\d,]*) instructions/event", proc.stdout))
    assert f"1 log(s), {events:,} events" in proc.stdout and verify > 0 and floor > 0, proc.stdout

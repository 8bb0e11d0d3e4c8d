"""Golden logs under logs/ verify and replay to their recorded final states."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest

from adjudicator.logsource import open_source
from adjudicator.verify import verify
from conftest import LOGS

GOLDEN = sorted(p for p in LOGS.glob("*/game.jsonl"))


@pytest.mark.parametrize("log", GOLDEN, ids=lambda p: p.parent.name)
def test_golden_log_verifies_and_replays_to_its_final_state(log: Path):
    report = verify(open_source(log))
    assert report.ok, report.problems
    assert report.rolls["mismatched"] == 0
    recorded = json.loads((log.parent / "final-state.json").read_text())
    assert json.loads(msgspec.json.encode(report.state)) == recorded


def test_there_is_a_golden_freeform_log():
    assert any(p.parent.name.startswith("freeform") for p in GOLDEN)


@pytest.mark.parametrize("log", GOLDEN, ids=lambda p: p.parent.name)
def test_every_golden_roll_is_revealed_and_rederived(log: Path):
    report = verify(open_source(log))
    assert report.rolls["verified"] > 0 and report.rolls["unrevealed"] == 0

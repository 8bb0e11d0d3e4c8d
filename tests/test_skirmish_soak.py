"""Soak: random legal games of `skirmish` per scenario, behind the `soak` marker; each plays to the end
its rules give it (a rout, or the last turn) without an engine error, and its log verifies with every
roll revealed and re-derived. A game costs a few seconds: 25 a scenario."""

from __future__ import annotations

import pytest

from adjudicator.logsource import open_source
from adjudicator.rulesets import get
from adjudicator.simulate import simulate
from adjudicator.verify import verify

pytestmark = pytest.mark.soak

GAMES = 25


@pytest.mark.parametrize("scenario", sorted(get("skirmish").scenarios))
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_skirmish_games_end_and_verify(tmp_path, scenario, seed):
    db = tmp_path / "g.db"
    head = simulate(db, "skirmish", seed=seed, scenario=scenario, events=20_000)
    report = verify(open_source(db))
    assert report.ok, report.problems
    assert report.head == head
    assert report.rolls["mismatched"] == 0 and report.rolls["unrevealed"] == 0, report.rolls
    rules = report.state.rules
    assert rules.phase == "over" and rules.result, (rules.phase, rules.turn)

"""Random legal play of the brigade ruleset, behind the `soak` marker: 200 games per scenario,
each to its end (a defeat or the turn limit) without an engine error, and each log verifies."""

from __future__ import annotations

import pytest

from adjudicator import rulesets
from adjudicator.logsource import open_source
from adjudicator.simulate import simulate
from adjudicator.verify import verify

pytestmark = pytest.mark.soak

SCENARIOS = sorted(rulesets.get("brigade").scenarios)
GAMES = 200
EVENT_CAP = 5_000


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_brigade_game_ends_and_verifies(tmp_path, scenario, seed):
    db = tmp_path / "g.db"
    # `events` bounds the game (and so the dice chain the simulation commits to); games end long before
    head = simulate(db, "brigade", seed=seed, scenario=scenario, players=["british", "french"], events=EVENT_CAP)
    report = verify(open_source(db))
    assert report.ok, report.problems
    assert report.head == head
    rules = report.state.rules
    assert rules.over and rules.result
    assert report.rolls["unrevealed"] == 0 and report.rolls["mismatched"] == 0

"""Long runs, behind the `soak` marker: 200 random legal games per scenario, each played to its end
through the real engine, without an engine error, and each log verifies."""

from __future__ import annotations

import pytest

from adjudicator.logsource import open_source
from adjudicator.simulate import simulate
from adjudicator.verify import verify

pytestmark = pytest.mark.soak

SIDES = {"dreux-1562": ["huguenot", "catholic"], "ivry-1590": ["royalist", "league"]}


@pytest.mark.parametrize("scenario", sorted(SIDES))
@pytest.mark.parametrize("seed", range(200))
def test_random_paris_games_end_and_verify(tmp_path, scenario, seed):
    db = tmp_path / "g.db"
    head = simulate(db, "paris", seed=seed, scenario=scenario, players=SIDES[scenario], events=20_000)
    report = verify(open_source(db))
    assert report.ok, report.problems
    assert report.head == head
    rules = report.state.rules  # the state verify rebuilt by replaying every event
    assert rules.result and rules.phase == "over"

"""Soak: 200 random legal games per scenario; each ends the battle without an engine error and verifies."""

from __future__ import annotations

import pytest

from adjudicator.logsource import open_source
from adjudicator.rulesets.portable import RULESET
from adjudicator.simulate import simulate
from adjudicator.verify import verify

pytestmark = pytest.mark.soak

GAMES = 200


@pytest.mark.parametrize("scenario", sorted(RULESET.scenarios))
def test_random_portable_games_end_and_verify(tmp_path, scenario):
    for seed in range(GAMES):
        db = tmp_path / f"{scenario}-{seed}.db"
        head = simulate(db, "portable", seed=seed, scenario=scenario, events=20_000)
        report = verify(open_source(db))
        assert report.ok, (seed, report.problems)
        assert report.head == head, seed
        assert report.rolls["mismatched"] == 0 and report.rolls["unrevealed"] == 0, (seed, report.rolls)
        rules = report.state.rules
        assert rules.phase == "over" and rules.result, (seed, rules.phase, rules.turn)
        for f in tmp_path.glob(f"{db.name}*"):  # the database, its secret and any sqlite side files
            f.unlink()

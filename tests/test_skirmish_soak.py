"""Soak: random legal games of `skirmish` per scenario, behind the `soak` marker; each plays to the end
its rules give it (a rout, or the last turn) without an engine error, and its log verifies with every
roll revealed and re-derived. A game costs a few seconds: 25 a scenario."""

from __future__ import annotations

import pytest

from adjudicator.rulesets import get
from test_skirmish_play import played_to_the_end

pytestmark = pytest.mark.soak

GAMES = 25


@pytest.mark.parametrize("scenario", sorted(get("skirmish").scenarios))
@pytest.mark.parametrize("seed", range(GAMES))
def test_random_skirmish_games_end_and_verify(tmp_path, scenario, seed):
    rules = played_to_the_end(tmp_path / "g.db", scenario, seed)
    assert rules.phase == "over" and rules.result, (rules.phase, rules.turn)

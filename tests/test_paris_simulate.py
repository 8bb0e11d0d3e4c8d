"""Random legal play (everyday, short): a few whole games per scenario end and verify; every
decision point offers legal actions; replay equals the incremental state."""

from __future__ import annotations

import json

import msgspec
import pytest

from adjudicator import games
from adjudicator.logsource import open_source
from adjudicator.simulate import simulate
from adjudicator.verify import verify

SIDES = {"dreux-1562": ["huguenot", "catholic"], "ivry-1590": ["royalist", "league"]}


@pytest.mark.parametrize("scenario", sorted(SIDES))
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_end_and_verify(tmp_path, scenario, seed):
    db = tmp_path / "g.db"
    head = simulate(db, "paris", seed=seed, scenario=scenario, players=SIDES[scenario], events=20_000)
    report = verify(open_source(db))
    assert report.ok, report.problems
    assert report.head == head and report.rolls["mismatched"] == 0
    _, state = games.state_at(db)
    assert state.rules.phase == "over" and state.rules.result
    assert json.loads(msgspec.json.encode(report.state)) == json.loads(msgspec.json.encode(state))


def test_players_not_named_as_sides_take_them_in_order(tmp_path):
    """Ruling R8: simulate's default players red and blue take the scenario's first and second side."""
    db = tmp_path / "g.db"
    simulate(db, "paris", seed=3, scenario="dreux-1562", events=20_000)
    _, state = games.state_at(db)
    assert state.rules.side_names == {"red": "huguenot", "blue": "catholic"} and state.rules.result

"""Long runs, behind the `soak` marker (.ci/run runs them): large synthetic games."""

from __future__ import annotations

import pytest

from adjudicator.logsource import open_source
from adjudicator.simulate import simulate
from adjudicator.verify import verify

pytestmark = pytest.mark.soak


@pytest.mark.parametrize("seed", range(20))
def test_random_freeform_games_verify(tmp_path, seed):
    db = tmp_path / "g.db"
    head = simulate(db, "freeform", seed=seed, events=2_000)
    report = verify(open_source(db))
    assert report.ok, report.problems
    assert report.head == head

"""A map a player writes his posts from: no label hides another (tests/svgtext.py measures them).
Checked on every shipped game's final map, and on maps of simulated games part-way through."""

from __future__ import annotations

import pytest

from adjudicator import games
from adjudicator.simulate import simulate
from conftest import LOGS
from svgtext import overlaps, text_boxes

# The rulesets whose maps are held to it; each joins once its map is made legible (issue 17).
LEGIBLE = {"skirmish"}

SHIPPED = sorted(p for p in LOGS.glob("*/game.jsonl") if p.parent.name.split("-")[0] in LEGIBLE)


@pytest.mark.parametrize("log", SHIPPED, ids=lambda p: p.parent.name)
def test_no_label_of_a_shipped_final_map_hides_another(log):
    svg, _ = games.draw_map(log)
    assert overlaps(text_boxes(svg)) == []


@pytest.mark.parametrize("ruleset", sorted(LEGIBLE))
def test_no_label_hides_another_part_way_through_a_game(ruleset, tmp_path):
    db = tmp_path / "g.db"
    simulate(db, ruleset, seed=5, events=150)
    for at in (2, 75, 150):
        svg, _ = games.draw_map(db, at)
        assert overlaps(text_boxes(svg)) == [], at

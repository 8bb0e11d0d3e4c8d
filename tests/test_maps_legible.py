"""A map a player writes his posts from: no label hides another (tests/svgtext.py measures them).
Checked on every shipped game's final map, and on maps of simulated games part-way through."""

from __future__ import annotations

import re

import pytest

from adjudicator import games
from adjudicator.simulate import simulate
from conftest import LOGS
from svgtext import overlaps, text_boxes

# The rulesets whose maps are held to it; each joins once its map is made legible (issue 17).
LEGIBLE = {"skirmish", "paris", "portable", "brigade"}

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


def _width(svg: str) -> float:
    return float(re.search(r'<svg\b[^>]*\bwidth="([\d.]+)"', svg).group(1))


@pytest.mark.parametrize("log", SHIPPED, ids=lambda p: p.parent.name)
def test_no_label_of_a_shipped_final_map_is_clipped(log):
    """The title and the legend are read whole: no label runs past the picture's edges."""
    svg, _ = games.draw_map(log)
    width = _width(svg)
    assert [w for w, (x0, _, x1, _) in text_boxes(svg) if x0 < -0.5 or x1 > width + 0.5] == []


def test_a_portable_title_longer_than_the_board_widens_the_picture(tmp_path):
    """The Mahdist board is 10 squares wide; its title and result lines are wider than that."""
    svg, _ = games.draw_map(LOGS / "portable-mahdist" / "game.jsonl")
    title = next(b for w, b in text_boxes(svg) if w.startswith("Mahdist warriors"))
    assert title[2] <= _width(svg) and _width(svg) > 28 + 10 * 56 + 8

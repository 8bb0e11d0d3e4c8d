"""The `paris` map a player writes his posts from (issue 17), and the battlefields' terrain the
rules use (seed 000 §8.1, §10.2, §11.3: the terrain effects chart, ours while the seed lacks it)."""

from __future__ import annotations

import json
import re

from adjudicator.draft import NOTHING
from adjudicator.rulesets.paris.movement import step_cost
from adjudicator.rulesets.paris.render import render
from conftest import LOGS
from svgtext import text_boxes
from test_paris_helpers import new_state, place

TRIANGLE = re.compile(r'<path d="M([\d.,\s L-]+) Z" fill="#111"')


def _words(svg: str) -> list[str]:
    return [w for w, _ in text_boxes(svg)]


def test_every_counter_carries_its_unit_id():
    """A player names units by their ids (`move conde-g1 1011`): each counter shows its own, whole or
    broken after a hyphen over two lines, in a stack too."""
    for scenario in ("dreux-1562", "ivry-1590"):
        s = new_state(scenario)
        words = _words(render(s, NOTHING))
        joined = set(words) | {a + b for a, b in zip(words, words[1:]) if a.endswith("-")}
        shown = {uid for uid in s.units if uid in joined or any(w.endswith(" " + uid) or f" {uid} " in w for w in words)}
        assert shown == set(s.units), set(s.units) - shown


def test_no_facing_triangle_covers_a_label():
    """§7: a unit faces a vertex; its triangle lies outside the counter, clear of every hex number
    and every value (no text box meets a triangle's box)."""
    s = new_state("dreux-1562")
    for i, u in enumerate(sorted(s.units)):  # every facing, all over the map
        s = place(s, u, s.units[u].hex, ("N", "NE", "SE", "S", "SW", "NW")[i % 6])
    svg = render(s, NOTHING)
    triangles = []
    for m in TRIANGLE.finditer(svg):
        pts = [tuple(map(float, p.split(","))) for p in m.group(1).split(" L")]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        triangles.append((min(xs), min(ys), max(xs), max(ys)))
    assert len(triangles) == len(s.units)
    hit = [(w, t) for w, b in text_boxes(svg) for t in triangles
           if b[0] < t[2] - 0.5 and t[0] < b[2] - 0.5 and b[1] < t[3] - 0.5 and t[1] < b[3] - 0.5]
    assert hit == []


def test_the_legend_says_which_player_holds_which_side():
    """Ruling R8: players named otherwise than the sides take them in the scenario's order."""
    svg = render(new_state("dreux-1562", players=("alice", "bob")), NOTHING)
    words = " ".join(_words(svg))
    assert "Huguenot side, held by player alice, from the south edge" in words
    assert "Catholic side, held by player bob, from the north edge" in words
    assert "leader conde at 1111" in words


def test_dreux_has_the_villages_of_its_battlefield_and_the_rules_use_them():
    """§8.1 «Чтобы войти в поле, отряд расходует цену местности в очках движения (см. таблицу эффектов
    местности)»: Blainville and Épinay (ours, provisional, sourced in the scenario file) cost what the
    terrain table says, block sight (§10.2) and are drawn."""
    s = new_state("dreux-1562")
    assert {h for h, k in s.terrain.items() if k == "village"} == {"0401", "0501", "0621", "0622", "0722"}
    sansac = s.units["sansac"]
    assert step_cost(s, sansac, "0621") == s.tables["terrain"]["village"]["cavalry"] == 2
    assert step_cost(s, sansac, "0719") == 1
    svg = render(s, NOTHING)
    assert "terrain (ours, provisional):" in _words(svg) and 'fill="#d9b38c"' in svg


def test_ivry_has_the_eure_behind_the_league():
    """§14.2 «лигистский край карты — верхний/восточный»: the League stood with the Eure at its back."""
    s = new_state("ivry-1590")
    assert {h for h, k in s.terrain.items() if k == "stream"} == {f"01{c:02d}" for c in range(1, 25)}
    assert all(u.hex[:2] != "01" for u in s.units.values())


def test_the_shipped_games_keep_the_map_they_were_played_on():
    """A game embeds its scenario (the first event): the shipped games began on clear ground and
    replay on it (tests/test_golden_logs.py replays them)."""
    for game in ("paris-dreux-1562", "paris-ivry-1590"):
        first = json.loads((LOGS / game / "game.jsonl").read_text(encoding="utf-8").splitlines()[0])
        terrain = first["action"]["data"]["scenario"]["map"]["terrain"]
        assert all(hexes == [] for hexes in terrain.values())

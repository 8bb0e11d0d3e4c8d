"""The ground and who stands on it (seed 000 §7, §9, §10.2): the map's hexes and terrain, the
pieces by hex, by wing and by side (the engine's index, adjudicator/draft.py), how far the enemy
is, and lines of sight.

What depends on where the pieces stand takes a `View`, a state or a step's draft: a draft answers as
its working copy stands. What is worked out from where they stand is kept by the state as a
positional memo, handed on from state to state while no piece moves. What depends only on the map
and the tables, which no event changes, takes any state of the game.
"""

from __future__ import annotations

from collections.abc import KeysView
from functools import lru_cache
from itertools import repeat
from typing import Any

from adjudicator.draft import Draft, index, positional
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.state import ARTILLERY, BOARD, Leader, PState, Unit

View = PState | Draft[PState]


def now(v: View) -> PState:
    """The state a view reads: a draft's working copy, or the state itself."""
    return v.s if isinstance(v, Draft) else v


# -- the map (never changes) ---------------------------------------------------------------

def on_map(s: PState, h: str) -> bool:
    return h in map_hexes(s.rows, s.cols)


def inside(h: str, rows: int, cols: int) -> bool:
    """Whether h is the id of a hex on a map of `rows` by `cols` hexes."""
    return h in map_hexes(rows, cols)


@lru_cache(maxsize=16)
def map_hexes(rows: int, cols: int) -> frozenset[str]:
    """The ids of every hex of a map of `rows` by `cols` hexes (asked at every step of every move)."""
    return frozenset(hexgrid.hex_id(row, col) for row in range(1, rows + 1) for col in range(1, cols + 1))


def terrain_row(s: PState, h: str) -> dict[str, Any]:
    """The terrain table's row for the ground of hex h (clear where the map names none)."""
    t = s.tables.get("terrain", {})
    return t.get(s.terrain.get(h, "clear"), t.get("clear", {}))


# -- who stands where (the engine's index) --------------------------------------------------

def units_at(v: View, h: str) -> list[Unit]:
    """The units in hex h, in the order of the units."""
    units = now(v).units
    return [units[i] for i in index(v, BOARD).here(h)]


def wing_members(v: View) -> dict[str, tuple[str, ...]]:
    """The ids of each wing's units on the map, in the order of the units; a wing with none is not in it."""
    return index(v, BOARD).members


def manned_wings(v: View) -> KeysView[str]:
    """The wings with a unit on the map."""
    return index(v, BOARD).members.keys()


def leader_of(v: View, wing: str) -> Leader | None:
    s = now(v)
    w = s.wings.get(wing)
    return s.leaders.get(w.leader) if w else None


class Others:
    """The units not of a side: where they stand and which are artillery, in the order of the
    units, and the set of those hexes."""

    __slots__ = ("hexes", "artillery", "hex_set")

    def __init__(self, v: View, side: str):
        s = now(v)
        units = s.units
        them = [units[i] for i in index(v, BOARD).of_side(s.other(side))]
        self.hexes = tuple([u.hex for u in them])
        self.artillery = tuple([u.id for u in them if u.kind == ARTILLERY])
        self.hex_set = frozenset(self.hexes)


def others(v: View, side: str) -> Others:
    """The units not of `side` (Others), kept while no piece moves."""
    return positional(v, ("others", side), lambda: Others(v, side))


def enemy_hexes(v: View, side: str) -> tuple[str, ...]:
    """Where the units not of `side` stand, in the order of the units."""
    return others(v, side).hexes


def nearest_enemy(v: View, side: str, h: str) -> int:
    """Hexes from h to the nearest enemy unit (99 if none); each hex is measured once while no
    piece moves."""
    near: dict[str, int] = positional(v, ("nearest", side), dict)
    d = near.get(h)
    if d is None:
        lay = now(v).layout
        d = near[h] = min(map(hexgrid.distance, repeat(h), enemy_hexes(v, side), repeat(lay)), default=99)
    return d


def adjacent_to_enemy(v: View, side: str, h: str) -> bool:
    return nearest_enemy(v, side, h) <= 1


# -- sight (§10.2) -----------------------------------------------------------------------------

def blocks_los(v: View, h: str) -> bool:
    """§10.2: units block sight, except leaders, forlorn hopes (E) and artillery; so does blocking terrain."""
    if terrain_row(now(v), h).get("blocks"):
        return True
    return any(u.kind not in ("E", "ART") for u in units_at(v, h))


def los(v: View, a: str, b: str) -> bool:
    """§10.2, hex by hex as blocks_los says, for the few hexes the line crosses."""
    lay = now(v).layout
    if hexgrid.distance(a, b, lay) <= 1:
        return True  # adjacent hexes always see each other
    return hexgrid.has_los(a, b, lambda h: blocks_los(v, h), lay)

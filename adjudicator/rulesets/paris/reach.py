"""Where a move can end (seed 000 §7, §8.1, §8.2, §5.2): a cheapest-path search over the hexes a
piece may enter, so that `legal_actions` offers every move a unit or leader can afford, one per
end hex, instead of a sample.

The search knows nothing of the rules: the caller says which hexes may be entered from a hex and
what entering one costs. A unit keeps its facing while it moves (a turn is a separate action, §7),
so what it may enter next depends only on where it stands, and the cheapest path to each hex is
exact.
"""

from __future__ import annotations

import heapq
from functools import cached_property
from collections.abc import Callable, Collection, Iterable
from itertools import repeat

from adjudicator.draft import positional
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.ground import View, enemy_hexes, now, on_map, terrain_row, wing_members
from adjudicator.rulesets.paris.state import Leader, PState, Unit, table


def cheapest_paths(start: str, mp: int, steps: Callable[[str], Iterable[str]], cost: Callable[[str], int],
                   targets: Collection[str] | None = None, floor: int = 0,
                   layout_: str = "odd-r", first: bool = False) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Every hex reachable from `start` for at most `mp`, with the cost and hexes of a cheapest path
    to it (of equal costs, the one found first: the same every time); `start` itself is left out.

    With `targets`, only those hexes are sought: the search ends once they are all reached, and
    does not go on from a hex whose nearest remaining target is farther than the MP left allow when
    every hex costs at least `floor` (0: no such bound). With `first`, it ends at the first target
    reached: enough to know whether any can be."""
    spent: dict[str, int] = {start: 0}
    came_from: dict[str, str] = {}
    prices: dict[str, int] = {}
    remaining = set(targets) - {start} if targets is not None else None
    heap: list[tuple[int, str]] = [(0, start)]
    reached = None  # with `first`: the target the search ended at
    while heap:
        c, here = heapq.heappop(heap)
        if c > spent[here]:
            continue  # a cheaper way here was found after this one was queued
        if remaining is not None and here in remaining:
            remaining.discard(here)
            if first:
                reached = here
                break
            if not remaining:
                break
        for h in steps(here):
            price = prices.get(h)
            if price is None:
                price = prices[h] = cost(h)
            nc = c + price
            if nc > mp or nc >= spent.get(h, mp + 1):
                continue
            if remaining and floor and nc + floor * min(map(hexgrid.distance, repeat(h), remaining, repeat(layout_))) > mp:
                continue  # no target within reach from there
            spent[h] = nc
            came_from[h] = here
            heapq.heappush(heap, (nc, h))
    if targets is None:
        wanted: Iterable[str] = came_from
    elif first:
        wanted = [reached] if reached is not None else []
    else:
        wanted = [h for h in targets if h in came_from]
    out: dict[str, tuple[int, tuple[str, ...]]] = {}
    for h in wanted:
        path = [h]
        while path[-1] in came_from:
            path.append(came_from[path[-1]])
        out[h] = (spent[h], tuple(reversed(path[:-1])))
    return out


def passable(s: PState, h: str) -> bool:
    return on_map(s, h) and not terrain_row(s, h).get("impassable")


def leader_cost(s: PState, h: str) -> int:
    """A leader rides: he pays the cavalry cost of the terrain (as `movement.check_leader_move`)."""
    return int(terrain_row(s, h).get("cavalry", 1))


def cheapest_terrain(s: PState) -> int:
    """The least a leader pays for any hex: the bound that lets a search stop early."""
    rows = table(s, "terrain").values()
    return max(0, min((int(r.get("cavalry", 1)) for r in rows if isinstance(r, dict)), default=1))


def enemy_zone(v: View, side: str) -> frozenset[str]:
    """The hexes holding or next to a unit not of `side`, kept while no piece moves."""
    def zone() -> frozenset[str]:
        hexes, lay = enemy_hexes(v, side), now(v).layout
        return frozenset(hexes).union(*(hexgrid.ring(h, lay) for h in hexes))

    return positional(v, ("enemy-zone", side), zone)


class Field:
    """What the searches over one state (or draft) ask again and again, worked out once: who stands
    where, which hexes are on the map and open, how far the nearest enemy is (as
    `ground.nearest_enemy`), the least a hex costs."""

    def __init__(self, v: View):
        self.v = v
        self.s = now(v)
        self.layout = self.s.layout
        self.floor = cheapest_terrain(self.s)
        self._open: dict[str, bool] = {}
        self._near: dict[str, dict[str, int]] = {}
        self._enemies: dict[str, dict[int, list[int]]] = {}  # side -> enemy axial q by row r

    @cached_property
    def occupied(self) -> dict[str, list[Unit]]:
        """The units in each hex that holds any."""
        out: dict[str, list[Unit]] = {}
        for u in self.s.units.values():
            out.setdefault(u.hex, []).append(u)
        return out

    def passable(self, h: str) -> bool:
        ok = self._open.get(h)
        if ok is None:
            ok = self._open[h] = passable(self.s, h)
        return ok

    def nearest_enemy(self, side: str, h: str) -> int:
        """Hexes from h to the nearest unit not of `side` (99 if none), the formula of hexgrid.distance."""
        memo = self._near.setdefault(side, {})
        best = memo.get(h)
        if best is not None:
            return best
        by_row = self._enemies.get(side)
        if by_row is None:
            by_row = self._enemies[side] = {}
            for u in self.s.units.values():
                if u.side != side:
                    fq, fr = hexgrid.axial(u.hex, self.layout)
                    by_row.setdefault(fr, []).append(fq)
        q, r = hexgrid.axial(h, self.layout)
        best = 99
        k = 0
        while by_row and k < best:  # rows k away are at least k hexes away: stop once none can be nearer
            for fr in ((r,) if k == 0 else (r - k, r + k)):
                dr = r - fr
                for fq in by_row.get(fr, ()):
                    d = (abs(q - fq) + abs(dr) + abs(q - fq + dr)) // 2
                    if d < best:
                        best = d
            k += 1
        memo[h] = best
        return best

    def enemy_zone(self, side: str) -> frozenset[str]:
        """The hexes holding or next to a unit not of `side`."""
        return enemy_zone(self.v, side)

    def homes(self, ld: Leader) -> set[str]:
        """Hexes where a unit of the leader's wing stands, other than his own."""
        units = self.s.units
        return {h for i in wing_members(self.v).get(ld.wing, ()) if (h := units[i].hex) != ld.hex}


def _leader_search(f: Field, ld: Leader, mp: int, barred: Collection[str], targets: set[str],
                   first: bool = False) -> dict[str, tuple[str, ...]]:
    """Cheapest paths of a leader to those `targets` he can reach, in any direction (he has no
    facing), through hexes not `barred`; with `first`, only the nearest one found."""
    s, lay, floor = f.s, f.layout, f.floor
    targets = {h for h in targets if floor * hexgrid.distance(ld.hex, h, lay) <= mp}
    if not targets:
        return {}

    def steps(h: str) -> list[str]:
        return [n for n in hexgrid.neighbours(h, lay) if n not in barred and f.passable(n)]

    found = cheapest_paths(ld.hex, mp, steps, lambda h: leader_cost(s, h), targets, floor, lay, first)
    return {h: path for h, (_, path) in found.items()}


def leader_moves(v: View, ld: Leader, mp: int, field: Field | None = None) -> dict[str, tuple[str, ...]]:
    """§5.2, §8.1: the hexes a leader may end his move in (with a unit of his wing, §9.1) and the
    cheapest path to each; he may go in any direction, never into an enemy unit."""
    f = field or Field(v)
    barred = {u.hex for u in f.s.units.values() if u.side != ld.side and not u.artillery}
    return _leader_search(f, ld, mp, barred, f.homes(ld))


def leader_retreats(v: View, ld: Leader, away: str, field: Field | None = None) -> dict[str, tuple[str, ...]]:
    """§8.2 read for a leader (ruling R41): with his whole movement, never next to an enemy unit, to a
    unit of his wing (§5.2: he always ends with one) farther from the unit he reacts to."""
    f = field or Field(v)
    homes = _retreat_homes(f, ld, away)
    return _leader_search(f, ld, ld.ma, f.enemy_zone(ld.side), homes) if homes else {}


def leader_can_retreat(v: View, ld: Leader, away: str, field: Field | None = None) -> bool:
    """Whether leader_retreats finds any retreat, which says whether he can react at all: a home
    next to him that he may enter settles it; else a search that heads for the homes (_reaches)."""
    f = field or Field(v)
    homes = _retreat_homes(f, ld, away)
    if not homes:
        return False
    zone = f.enemy_zone(ld.side)
    homes = {h for h in homes if h not in zone and f.passable(h)}  # no path may end in the others
    for h in hexgrid.ring(ld.hex, f.layout):
        if h in homes and leader_cost(f.s, h) <= ld.ma:
            return True  # the search would reach a home: this one, or one as cheap
    return bool(homes) and _reaches(f, ld.hex, ld.ma, zone, homes)


def _reaches(f: Field, start: str, mp: int, barred: Collection[str], targets: set[str]) -> bool:
    """Whether a leader at `start` can reach any of `targets` for at most `mp`, through hexes not
    `barred` (the question of _leader_search, without its paths). A* search: a hex is taken in the
    order of its cost so far plus the least the nearest target can still cost (every hex costs at
    least the cheapest terrain, and a step comes at most one hex nearer), so it heads straight for
    the targets and gives up once nothing within `mp` is left to try."""
    s, lay, floor = f.s, f.layout, f.floor
    goals = [hexgrid.axial(h, lay) for h in targets]
    bounds: dict[str, int] = {}

    def bound(h: str) -> int:
        found = bounds.get(h)
        if found is None:
            q, r = hexgrid.axial(h, lay)
            found = bounds[h] = floor * min((abs(q - gq) + abs(r - gr) + abs(q - gq + r - gr)) // 2 for gq, gr in goals)
        return found

    spent = {start: 0}
    heap = [(bound(start), 0, start)]
    while heap:
        _, c, here = heapq.heappop(heap)
        if c > spent[here]:
            continue  # a cheaper way here was found after this one was queued
        if here in targets:
            return True
        for h in hexgrid.ring(here, lay):
            if h in barred or not f.passable(h):
                continue
            nc = c + leader_cost(s, h)
            if nc > mp or nc >= spent.get(h, mp + 1) or nc + bound(h) > mp:
                continue
            spent[h] = nc
            heapq.heappush(heap, (nc + bound(h), nc, h))
    return False


def _retreat_homes(f: Field, ld: Leader, away: str) -> set[str]:
    """The hexes of units of his wing farther than he is from `away`."""
    lay = f.layout
    start = hexgrid.distance(ld.hex, away, lay)
    return {h for h in f.homes(ld) if hexgrid.distance(h, away, lay) > start}

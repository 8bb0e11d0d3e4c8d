"""Command (seed 000 §5.1): lines of command of 1 hex (infantry) or 2 (cavalry), chained through
units in command, never through an enemy unit or impassable terrain."""

from __future__ import annotations

from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.model import PState
from adjudicator.rulesets.paris.work import View, layout, on_map, terrain_row

_CACHE: dict[tuple[int, int, int, str], tuple[object, object, object, set[str]]] = {}


def _distances(s: View, side: str, anchors: set[str], blocked: set[str]) -> dict[str, int]:
    """Steps from the nearest anchor, up to 2, entering only free, passable hexes (§5.1.1)."""
    lay = layout(s)
    dist = {h: 0 for h in anchors}
    frontier = list(anchors)
    for step in (1, 2):
        nxt = []
        for h in frontier:
            for n in hexgrid.neighbours(h, lay):
                if n not in dist and n not in blocked:
                    dist[n] = step
                    nxt.append(n)
        frontier = nxt
    return dist


def _compute(s: View, wing: str, target: str = "") -> set[str]:
    """The wing's units in command; with `target`, it may stop as soon as that unit is found."""
    w = s.wings[wing]
    leader = s.leaders.get(w.leader)
    if leader is None:
        return set()
    members = [u for u in s.units.values() if u.wing == wing and not u.artillery]
    side = w.side
    blocked = {u.hex for u in s.units.values() if u.side != side}
    blocked |= {h for h in s.terrain if terrain_row(s, h).get("impassable")}
    anchors = {leader.hex}
    done: set[str] = set()
    while True:
        dist = _distances(s, side, anchors, blocked)
        new = [u for u in members if u.id not in done and dist.get(u.hex, 9) <= (2 if u.cavalry else 1)
               and on_map(s, u.hex)]
        if not new:
            return done
        for u in new:
            done.add(u.id)
            anchors.add(u.hex)
        if target and target in done:
            return done


def in_command(s: View, wing: str) -> set[str]:
    """The units of `wing` in command: they trace a line to the leader, or to a unit in command."""
    if not isinstance(s, PState):
        return _compute(s, wing)
    # keyed by the very dicts it was computed from (held, so their ids cannot be reused)
    key = (id(s.units), id(s.leaders), id(s.terrain), wing)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is s.units and hit[1] is s.leaders and hit[2] is s.terrain:
        return hit[3]
    result = _compute(s, wing)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (s.units, s.leaders, s.terrain, result)
    return result


def unit_in_command(s: View, uid: str) -> bool:
    u = s.units[uid]
    if u.artillery:
        return True
    if not isinstance(s, PState):
        return uid in _compute(s, u.wing, uid)
    return uid in in_command(s, u.wing)

"""Command (seed 000 §5.1): lines of command of 1 hex (infantry) or 2 (cavalry), chained through
units in command, never through an enemy unit or impassable terrain."""

from __future__ import annotations

from operator import is_

from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.model import PState
from adjudicator.rulesets.paris.work import View, layout, on_map, terrain_with

_CACHE: dict[tuple, tuple[tuple, set[str]]] = {}


def _compute(s: View, wing: str, target: str = "") -> set[str]:
    """The wing's units in command, found from the leader outward, each one found becoming a new end
    of the lines (§5.1.1); with `target`, it may stop as soon as that unit is found."""
    w = s.wings[wing]
    leader = s.leaders.get(w.leader)
    if leader is None:
        return set()
    side, lay = w.side, layout(s)
    blocked = {u.hex for u in s.units.values() if u.side != side}
    walls, _ = terrain_with(s, "impassable")  # the hexes the map marks impassable
    if walls:
        blocked |= walls
    # (id, hex, cavalry) of the wing's units not yet found
    waiting = [(u.id, u.hex, u.cavalry) for u in s.units.values() if u.wing == wing and not u.artillery]
    done: set[str] = set()
    ends = [leader.hex]
    for end in ends:  # grows as units are found
        if not waiting:
            break
        left = []
        one, two = hexgrid.within(end, 1, lay), hexgrid.within(end, 2, lay)
        for x in waiting:
            uid, h, cavalry = x
            # a line of 1 hex (infantry) or 2 (cavalry) enters only free, passable hexes (§5.1.1)
            if (h == end or (h in two and h not in blocked and (h in one or (cavalry and _free_between(end, h, lay, blocked))))) \
                    and on_map(s, h):
                done.add(uid)
                if uid == target:
                    return done
                ends.append(h)
            else:
                left.append(x)
        waiting = left
    return done


def _free_between(a: str, b: str, lay: str, blocked: set[str]) -> bool:
    """Some hex next to both a and b (two hexes apart) is free to pass."""
    ring_b = hexgrid.ring(b, lay)
    return any(n in ring_b and n not in blocked for n in hexgrid.ring(a, lay))


def _key(s: PState, wing: str) -> tuple:
    w = s.wings[wing]
    return id(s.units), id(s.leaders), id(s.terrain), id(s.tables), wing, w.leader, w.side


def _held(s: PState) -> tuple:
    return s.units, s.leaders, s.terrain, s.tables


def in_command(s: View, wing: str) -> set[str]:
    """The units of `wing` in command: they trace a line to the leader, or to a unit in command."""
    if not isinstance(s, PState):
        return _compute(s, wing)
    # keyed by the very dicts it was computed from (held, so their ids cannot be reused), and the
    # wing's leader and side
    key = _key(s, wing)
    hit = _CACHE.get(key)
    if hit is not None and all(map(is_, hit[0], _held(s))):
        return hit[1]
    result = _compute(s, wing)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[key] = (_held(s), result)
    return result


def unit_in_command(s: View, uid: str) -> bool:
    u = s.units[uid]
    if u.artillery:
        return True
    if isinstance(s, PState):
        return uid in in_command(s, u.wing)
    # a Work that has changed nothing yet reads what a check of the same state found (validate
    # traces the lines before apply begins the move)
    hit = _CACHE.get(_key(s.s, u.wing))
    if hit is not None and all(map(is_, hit[0], _held(s.s))) and s.untouched():
        return uid in hit[1]
    return uid in _compute(s, u.wing, uid)

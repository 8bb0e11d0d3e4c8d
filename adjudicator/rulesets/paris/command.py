"""Command (seed 000 §5.1): lines of command of 1 hex (infantry) or 2 (cavalry), chained through
units in command, never through an enemy unit or impassable terrain."""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.draft import positional
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.ground import View, enemy_hexes, inside, now, terrain_row, wing_members
from adjudicator.rulesets.paris.state import ARTILLERY, CAVALRY


def in_command(v: View, wing: str) -> frozenset[str]:
    """The units of `wing` in command: they trace a line to the leader, or to a unit in command.
    It depends only on where the pieces stand: worked out once while none moves, from event to event
    while the wing turns, fires or waits, and between a check and the step of the same event."""
    return positional(v, ("command", wing), lambda: _trace(v, wing))


def _trace(v: View, wing: str) -> frozenset[str]:
    """The wing's units in command, found from the leader outward, each one found becoming a new end
    of the lines (§5.1.1): a line of 1 hex (infantry) or 2 (cavalry) enters only free, passable
    hexes on the map."""
    s = now(v)
    leader = s.leaders.get(s.wings[wing].leader)
    if leader is None:
        return frozenset()
    units, lay = s.units, s.layout
    # the kinds read directly, not through Unit's properties: this runs often
    waiting = [(i, u.hex, u.kind in CAVALRY) for i in wing_members(v).get(wing, ()) if (u := units[i]).kind != ARTILLERY]
    enemy = set(enemy_hexes(v, s.wings[wing].side))

    def blocked(h: str) -> bool:
        return h in enemy or bool(terrain_row(s, h).get("impassable"))

    done: set[str] = set()
    ends = [leader.hex]
    for end in ends:  # grows as units are found
        if not waiting:
            break
        left = []
        one, two = hexgrid.within(end, 1, lay), hexgrid.within(end, 2, lay)
        for x in waiting:
            uid, h, cavalry = x
            if (h == end or (h in two and not blocked(h) and (h in one or (cavalry and _free_between(end, h, lay, blocked))))) \
                    and inside(h, s.rows, s.cols):
                done.add(uid)
                ends.append(h)
            else:
                left.append(x)
        waiting = left
    return frozenset(done)


def _free_between(a: str, b: str, lay: str, blocked: Callable[[str], bool]) -> bool:
    """Some hex next to both a and b (two hexes apart) is free to pass."""
    ring_b = hexgrid.ring(b, lay)
    return any(n in ring_b and not blocked(n) for n in hexgrid.ring(a, lay))


def unit_in_command(v: View, uid: str) -> bool:
    u = now(v).units[uid]
    return u.artillery or uid in in_command(v, u.wing)

"""Command (seed 000 §5.1): lines of command of 1 hex (infantry) or 2 (cavalry), chained through
units in command, never through an enemy unit or impassable terrain."""

from __future__ import annotations

from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.state import ARTILLERY, CAVALRY
from adjudicator.rulesets.paris.work import View, Work, enemy_hexes, inside, terrain_with, wing_members

_LINES: dict[tuple, frozenset[str]] = {}


def in_command(s: View, wing: str) -> frozenset[str]:
    """The units of `wing` in command: they trace a line to the leader, or to a unit in command.

    Memoised by what decides it: where the leader, the wing's units and the enemy stand, the
    impassable hexes and the map. It stays the same from event to event while the wing turns,
    fires or waits, and between a check and the apply of the same event. A state keeps its own
    answer too: a Work in which no unit has moved yet asks its state's, as the check of the same
    event did just before, unless the wing's leader has moved or changed."""
    w = s.wings[wing]
    leader = s.leaders.get(w.leader)
    if leader is None:
        return frozenset()
    st = s.s if isinstance(s, Work) else s
    walls, _ = terrain_with(s, "impassable")  # the hexes the map marks impassable
    as_state = not isinstance(s, Work) or s.positions_unchanged()  # the state's answer holds
    if as_state:
        kept = st.__dict__.get("command")
        if kept is None:
            kept = st.__dict__["command"] = {}
        hit = kept.get(wing)
        if hit is not None and hit[0] == (leader.id, leader.hex):  # a Work's leader may have moved
            return hit[1]
    # the kinds read directly, not through Unit's properties: this runs often
    units = s.units
    own = tuple([(i, u.hex, u.kind in CAVALRY) for i in wing_members(s).get(wing, ()) if (u := units[i]).kind != ARTILLERY])
    key = (leader.hex, own, enemy_hexes(s, w.side), walls, st.layout, st.rows, st.cols)
    found = _LINES.get(key)
    if found is None:
        if len(_LINES) > 256:
            _LINES.clear()
        found = _LINES[key] = _compute(*key)
    if as_state:
        kept[wing] = ((leader.id, leader.hex), found)
    return found


def _compute(leader_hex: str, own: tuple[tuple[str, str, bool], ...], enemy: tuple[str, ...], walls: frozenset[str],
             lay: str, rows: int, cols: int) -> frozenset[str]:
    """The wing's units in command, found from the leader outward, each one found becoming a new end
    of the lines (§5.1.1)."""
    blocked = set(enemy) | walls
    waiting = list(own)  # (id, hex, cavalry) of the wing's units not yet found
    done: set[str] = set()
    ends = [leader_hex]
    for end in ends:  # grows as units are found
        if not waiting:
            break
        left = []
        one, two = hexgrid.within(end, 1, lay), hexgrid.within(end, 2, lay)
        for x in waiting:
            uid, h, cavalry = x
            # a line of 1 hex (infantry) or 2 (cavalry) enters only free, passable hexes (§5.1.1)
            if (h == end or (h in two and h not in blocked and (h in one or (cavalry and _free_between(end, h, lay, blocked))))) \
                    and inside(h, rows, cols):
                done.add(uid)
                ends.append(h)
            else:
                left.append(x)
        waiting = left
    return frozenset(done)


def _free_between(a: str, b: str, lay: str, blocked: set[str]) -> bool:
    """Some hex next to both a and b (two hexes apart) is free to pass."""
    ring_b = hexgrid.ring(b, lay)
    return any(n in ring_b and n not in blocked for n in hexgrid.ring(a, lay))


def unit_in_command(s: View, uid: str) -> bool:
    u = s.units[uid]
    return u.artillery or uid in in_command(s, u.wing)

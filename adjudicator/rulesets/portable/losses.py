"""What a hit costs a unit: strength points (seed 002, Strength Points), or a retreat of one square
(seed 002, hit reaction; rulings R10, R12, R13). Each changes the draft of the event that hit."""

from __future__ import annotations

from adjudicator.draft import Draft, Index

from .board import commanders_at, enemy_commander_at, occupant, terrain
from .grid import DIRECTIONS, coords, distance, name, neighbours
from .state import Decision, PortableState, Unit


def army_loses(d: Draft[PortableState], side: str, sp: int) -> None:
    """Lost SP count towards the army's Exhaustion Point."""
    d.update(d.s.armies, side, lost=d.s.armies[side].lost + sp)


def remove(d: Draft[PortableState], uid: str) -> None:
    """The unit leaves the game, and any choice its owner had to make for it with it."""
    d.remove(d.s.units, uid)
    if any(x.unit == uid for x in d.s.pending):
        d.s.pending = tuple(x for x in d.s.pending if x.unit != uid)


def lose_sp(d: Draft[PortableState], uid: str, sp: int) -> None:
    """Take SP from a unit; at 0 it is destroyed and leaves the game (seed 002, Strength Points)."""
    u = d.s.units[uid]
    taken = min(sp, u.sp)
    army_loses(d, u.side, taken)
    if u.sp - taken <= 0:
        d.say("{} loses {} SP and is destroyed", uid, taken)
        remove(d, uid)
        return
    d.say("{} loses {} SP ({} left)", uid, taken, u.sp - taken)
    d.update(d.s.units, uid, sp=u.sp - taken)


def destroy(d: Draft[PortableState], uid: str) -> None:
    u = d.s.units[uid]
    d.say("{} is destroyed ({} SP lost)", uid, u.sp)
    army_loses(d, u.side, u.sp)
    remove(d, uid)


def can_retreat(s: PortableState, u: Unit) -> bool:
    """A unit in square cannot move, so cannot retreat (seed); nor can a gun that needs a Transport (R13)."""
    if u.arm == "infantry" and u.formation == "square":
        return False
    return not (u.arm == "artillery" and s.tables["units"][u.kind].get("needs_transport"))


def retreat_squares(s: PortableState, ix: Index, u: Unit, origin: str) -> list[str]:
    """Squares one step back: farther from the attacker, empty, not river (R10); straight back first."""
    if not can_retreat(s, u):
        return []
    here = distance(u.square, origin)
    out = [n for n in neighbours(u.square, s.width, s.height)
           if distance(n, origin) > here and occupant(s, ix, n) is None and not enemy_commander_at(s, ix, n, u.side)
           and terrain(s, n) != "river"]
    (uc, ur), (oc, orow) = coords(u.square), coords(origin)
    straight = None
    for dc, dr in DIRECTIONS.values():
        if (uc - oc) * dc + (ur - orow) * dr > 0 and ((uc - oc) * dr - (ur - orow) * dc) == 0:
            straight = name(uc + dc, ur + dr)
    return sorted(out, key=lambda sq: sq != straight)


def retreat(d: Draft[PortableState], uid: str, square: str) -> None:
    """Move back one square; commanders with the unit go with it (R12)."""
    s = d.s
    u = s.units[uid]
    with_him = commanders_at(s, d.index(), u.square, u.side)
    d.update(s.units, uid, square=square, village_turns=-1)
    for c in with_him:
        d.update(d.s.units, c.id, square=square)
    d.say("{} retreats {} -> {}", uid, u.square, square)


def choose(d: Draft[PortableState], x: Decision, choice: str, square: str) -> None:
    """Carry out the owner's choice; a unit that cannot retreat loses 1 SP instead (seed)."""
    if choice == "retreat":
        options = retreat_squares(d.s, d.index(), d.s.units[x.unit], x.origin)
        if options:
            retreat(d, x.unit, square or options[0])
            return
        d.say("{} cannot retreat", x.unit)
    lose_sp(d, x.unit, 1)

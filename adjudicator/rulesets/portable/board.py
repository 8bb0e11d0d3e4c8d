"""Questions about the board: whose a unit is, who stands where, cover, exhaustion, the nearest enemy.

Where the pieces stand is the engine's index (adjudicator/draft.py): `where(state)` for a state, a
draft's own `d.index()` inside a step, where pieces move as the event goes on. The questions take
the state and that index, so that a step asks them of its working copy.
"""

from __future__ import annotations

from adjudicator.draft import Draft, Index, index
from adjudicator.ruleset import Violation, violation

from . import codes as C
from .grid import distance
from .state import BOARD, PortableState, Unit


def where(state: PortableState | Draft[PortableState]) -> Index:
    """The index of a state (or of a draft's working copy): the units' ids by square and by side."""
    return index(state, BOARD)


def occupant(s: PortableState, ix: Index, square: str, but: str = "") -> Unit | None:
    """The combat unit in a square (one per square; commanders stand with units), unless it is `but`."""
    for uid in ix.at.get(square, ()):
        u = s.units[uid]
        if u.arm != "commander":
            return u if uid != but else None
    return None


def commanders_at(s: PortableState, ix: Index, square: str, side: str) -> list[Unit]:
    """The side's commanders in a square, by id."""
    found = [u for u in (s.units[uid] for uid in ix.at.get(square, ())) if u.arm == "commander" and u.side == side]
    return sorted(found, key=lambda u: u.id)


def enemy_commander_at(s: PortableState, ix: Index, square: str, side: str) -> bool:
    """An enemy commander stands in the square (R12: nobody else enters it)."""
    return any((c := s.units[uid]).arm == "commander" and c.side != side for uid in ix.at.get(square, ()))


def has_commander(s: PortableState, ix: Index, u: Unit) -> bool:
    """A commander of the same side in the unit's square is attached to it."""
    return any((c := s.units[uid]).arm == "commander" and c.side == u.side for uid in ix.at.get(u.square, ()))


def combat_units(s: PortableState, ix: Index, side: str) -> list[Unit]:
    """The side's units that are not commanders, in the order of the units."""
    return [u for u in (s.units[uid] for uid in ix.of_side(side)) if u.arm != "commander"]


def enemies(s: PortableState, ix: Index, side: str) -> list[Unit]:
    return [u for other in s.sides if other != side for u in combat_units(s, ix, other)]


def terrain(s: PortableState, square: str) -> str:
    return s.terrain.get(square, "open")


def in_cover(s: PortableState, square: str) -> bool:
    """Village and woods count as cover (seed 002 special rules); trenches too (ruling R11)."""
    return terrain(s, square) in ("village", "woods", "trench")


def fortified(s: PortableState, square: str) -> bool:
    return square in s.fortified


def exhausted(s: PortableState, side: str) -> bool:
    return s.armies[side].exhausted


def nearest_enemy(square: str, foes: list[Unit]) -> int:
    return min((distance(square, e.square) for e in foes), default=10**6)


def own_unit(s: PortableState, actor: str, uid: str) -> tuple[Unit | None, list[Violation]]:
    """The unit `uid` if it is in the game and `actor`'s, else why not."""
    u = s.units.get(uid)
    if u is None:
        return None, violation("unit/unknown", C.SCENARIO, "no unit {uid!r} (destroyed, or not in this scenario)", uid=uid)
    if u.side != actor:
        return None, violation("unit/not-yours", C.SEQUENCE, "{uid} belongs to {side}", uid=uid, side=u.side)
    return u, []

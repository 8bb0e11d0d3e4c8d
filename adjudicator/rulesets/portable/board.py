"""Questions about the board in a state: who stands where, cover, exhaustion, reachability."""

from __future__ import annotations

from .grid import distance
from .state import PortableState, Unit

COMBAT_ARMS = ("infantry", "cavalry", "mg", "artillery", "transport")


def is_combat(u: Unit) -> bool:
    """Every unit but a commander: it holds its square alone and can be attacked."""
    return u.arm != "commander"


def occupant(state: PortableState, square: str) -> Unit | None:
    """The combat unit in a square (one per square); commanders stand with units."""
    for u in state.units.values():
        if u.square == square and u.arm != "commander":
            return u
    return None


def occupancy(state: PortableState) -> dict[str, Unit]:
    return {u.square: u for u in state.units.values() if u.arm != "commander"}


def commanders_at(state: PortableState, square: str, side: str | None = None) -> list[Unit]:
    return sorted((u for u in state.units.values() if u.arm == "commander" and u.square == square
                   and (side is None or u.side == side)), key=lambda u: u.id)


def has_commander(state: PortableState, u: Unit) -> bool:
    """A commander of the same side in the unit's square is attached to it."""
    return any(c.arm == "commander" and c.side == u.side and c.square == u.square for c in state.units.values())


def terrain(state: PortableState, square: str) -> str:
    return state.terrain.get(square, "open")


def in_cover(state: PortableState, square: str) -> bool:
    """Village and woods count as cover (seed 002 special rules); trenches too (ruling R11)."""
    return terrain(state, square) in ("village", "woods", "trench")


def fortified(state: PortableState, square: str) -> bool:
    return square in state.fortified


def exhausted(state: PortableState, side: str) -> bool:
    return state.armies[side].exhausted


def enemies(state: PortableState, side: str) -> list[Unit]:
    return [u for u in state.units.values() if u.side != side and u.arm != "commander"]


def nearest_enemy(state: PortableState, side: str, square: str, foes: list[Unit] | None = None) -> int:
    foes = enemies(state, side) if foes is None else foes
    return min((distance(square, e.square) for e in foes), default=10**6)


def combat_units(state: PortableState, side: str) -> list[Unit]:
    return [u for u in state.units.values() if u.side == side and u.arm != "commander"]

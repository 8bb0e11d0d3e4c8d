"""What a hit does (seed 002, hit reaction): the class table, the cavalry-against-line table,
the unit in square, the commander in the hit unit's square, retreat or loss of strength."""

from __future__ import annotations

import msgspec

from adjudicator.dice import Dice

from .board import commanders_at, occupancy, terrain
from .grid import DIRECTIONS, coords, distance, name, neighbours
from .state import Decision, PortableState, Unit

CHOICES = ("retreat", "lose")


def _army_loses(state: PortableState, side: str, sp: int) -> PortableState:
    army = state.armies[side]
    return msgspec.structs.replace(state, armies={**state.armies, side: msgspec.structs.replace(army, lost=army.lost + sp)})


def _without(state: PortableState, uid: str) -> PortableState:
    units = {k: x for k, x in state.units.items() if k != uid}
    pending = tuple(d for d in state.pending if d.unit != uid)
    return msgspec.structs.replace(state, units=units, pending=pending)


def lose_sp(state: PortableState, uid: str, sp: int, said: list[str]) -> PortableState:
    """Take SP from a unit; at 0 it is destroyed and leaves the game (seed 002, Strength Points)."""
    u = state.units[uid]
    taken = min(sp, u.sp)
    state = _army_loses(state, u.side, taken)
    if u.sp - taken <= 0:
        said.append(f"{uid} loses {taken} SP and is destroyed")
        return _without(state, uid)
    said.append(f"{uid} loses {taken} SP ({u.sp - taken} left)")
    return msgspec.structs.replace(state, units={**state.units, uid: msgspec.structs.replace(u, sp=u.sp - taken)})


def destroy(state: PortableState, uid: str, said: list[str]) -> PortableState:
    u = state.units[uid]
    said.append(f"{uid} is destroyed ({u.sp} SP lost)")
    return _without(_army_loses(state, u.side, u.sp), uid)


def can_retreat(state: PortableState, u: Unit) -> bool:
    """A unit in square cannot move, so cannot retreat (seed); nor can a gun that needs a Transport (R13)."""
    if u.arm == "infantry" and u.formation == "square":
        return False
    return not (u.arm == "artillery" and state.tables["units"][u.kind].get("needs_transport"))


def retreat_squares(state: PortableState, u: Unit, origin: str) -> list[str]:
    """Squares one step back: farther from the attacker, empty, not river (R10); straight back first."""
    if not can_retreat(state, u):
        return []
    occ = occupancy(state)
    here = distance(u.square, origin)
    enemy_commanders = {c.square for c in state.units.values() if c.arm == "commander" and c.side != u.side}
    out = [n for n in neighbours(u.square, state.width, state.height)
           if distance(n, origin) > here and n not in occ and n not in enemy_commanders
           and terrain(state, n) != "river"]
    (uc, ur), (oc, orow) = coords(u.square), coords(origin)
    straight = None
    for dc, dr in DIRECTIONS.values():
        if (uc - oc) * dc + (ur - orow) * dr > 0 and ((uc - oc) * dr - (ur - orow) * dc) == 0:
            straight = name(uc + dc, ur + dr)
    return sorted(out, key=lambda s: s != straight)


def retreat(state: PortableState, uid: str, square: str, said: list[str]) -> PortableState:
    """Move back one square; commanders with the unit go with it (R12)."""
    u = state.units[uid]
    units = dict(state.units)
    units[uid] = msgspec.structs.replace(u, square=square, village_turns=-1)
    for c in commanders_at(state, u.square, u.side):
        units[c.id] = msgspec.structs.replace(c, square=square)
    said.append(f"{uid} retreats {u.square} -> {square}")
    return msgspec.structs.replace(state, units=units)


def choose(state: PortableState, d: Decision, choice: str, square: str, said: list[str]) -> PortableState:
    """Carry out the owner's choice; a unit that cannot retreat loses 1 SP instead (seed)."""
    u = state.units[d.unit]
    if choice == "retreat":
        options = retreat_squares(state, u, d.origin)
        if options:
            return retreat(state, d.unit, square or options[0], said)
        said.append(f"{d.unit} cannot retreat")
    return lose_sp(state, d.unit, 1, said)


def standing_choice(state: PortableState, u: Unit) -> str:
    """The unit's standing order, else its army's; `ask` waits for the owner (R22)."""
    return state.standing.get(u.id) or state.standing.get(u.side) or "ask"


def commander_checks(state: PortableState, u: Unit, dice: Dice, said: list[str]) -> PortableState:
    """2d6 for each commander in the hit unit's square: 12 killed, 11 wounded -2 SP (seed 002)."""
    table = state.tables["commander_hit"]
    for c in commanders_at(state, u.square, u.side):
        total = sum(dice.roll(f"commander {c.id} with hit {u.id}", table["dice"], side=c.side))
        if total >= int(table["killed_on"]):
            said.append(f"commander {c.id} is killed ({total}): {c.sp} SP count towards exhaustion")
            state = _without(_army_loses(state, c.side, c.sp), c.id)
        elif total >= int(table["wounded_on"]):
            wound = min(int(table["wound_sp"]), c.sp)
            said.append(f"commander {c.id} is wounded ({total}): -{wound} SP")
            state = _army_loses(state, c.side, wound)
            if c.sp - wound <= 0:
                state = _without(state, c.id)
            else:
                state = msgspec.structs.replace(state, units={**state.units, c.id: msgspec.structs.replace(c, sp=c.sp - wound)})
        else:
            said.append(f"commander {c.id} is unharmed ({total})")
    return state


def resolve_hit(state: PortableState, target: str, origin: str, by: str, dice: Dice, said: list[str],
                cavalry_charge: bool = False) -> PortableState:
    """One hit on `target` from a unit at `origin`."""
    u = state.units.get(target)
    if u is None:
        return state
    said.append(f"hit on {target} (by {by})")
    state = commander_checks(state, u, dice, said)
    if cavalry_charge and u.arm == "infantry" and u.formation == "line":
        table = state.tables["cavalry_vs_line"]
        roll = dice.roll(f"infantry in line {target} charged by cavalry", table["dice"], side=u.side)[0]
        if roll <= int(table["destroyed_on_or_below"][u.cls]):
            said.append(f"{target} ({u.cls}) in line rolls {roll} against cavalry")
            return destroy(state, target, said)
        said.append(f"{target} ({u.cls}) rolls {roll}: loses 1 SP and forms square at once (not an activation)")
        state = lose_sp(state, target, 1, said)
        if target in state.units:
            state = msgspec.structs.replace(state, units={**state.units, target: msgspec.structs.replace(state.units[target], formation="square")})
        return state
    if u.arm == "infantry" and u.formation == "square":
        said.append(f"{target} is in square: no roll")
        return lose_sp(state, target, 1, said)
    table = state.tables["hit_reaction"]
    roll = dice.roll(f"hit reaction {target}", table["dice"], side=u.side)[0]
    if roll <= int(table["lose_on_or_below"][u.cls]):
        said.append(f"{target} ({u.cls}) rolls {roll}: loses 1 SP")
        return lose_sp(state, target, 1, said)
    said.append(f"{target} ({u.cls}) rolls {roll}: retreats 1 square or loses 1 SP, owner's choice")
    options = retreat_squares(state, u, origin)
    if not options:
        said.append(f"{target} cannot retreat")
        return lose_sp(state, target, 1, said)
    choice = standing_choice(state, u)
    d = Decision(unit=target, side=u.side, origin=origin, by=by)
    if choice in CHOICES:
        said.append(f"standing order for {target}: {choice}")
        return choose(state, d, choice, "", said)
    said.append(f"{u.side} must choose for {target}: react {target} retreat [SQUARE] or react {target} lose")
    return msgspec.structs.replace(state, pending=state.pending + (d,))

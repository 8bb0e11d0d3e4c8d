"""The turn sequence (seed 002, ПРОЦЕДУРА ХОДА): artillery phase, initiative, side A activates,
side B activates, then the exhaustion check before the next turn; the end of the battle."""

from __future__ import annotations

import msgspec

from adjudicator.dice import Dice

from .board import combat_units, enemies, terrain
from .combat import bombard_violations
from .hits import resolve_hit
from .state import PortableState, other

MAX_INITIATIVE_ROLLS = 50


def can_bombard(state: PortableState, side: str) -> bool:
    """Has the side a gun that could still fire at something this artillery phase?"""
    foes = enemies(state, side)
    return any(not bombard_violations(state, g, t) for g in state.units.values()
               if g.side == side and g.arm == "artillery" and g.id not in state.bombarded for t in foes)


def artillery_complete(state: PortableState) -> bool:
    """Every side that can still fire has said so, and someone has ended the phase (R20)."""
    return bool(state.art_done) and all(s in state.art_done or not can_bombard(state, s) for s in state.sides)


def finish_artillery(state: PortableState, dice: Dice, said: list[str]) -> PortableState:
    """Apply every artillery hit, all guns having fired (PW19C-Squared rule b), then roll for initiative."""
    for hit in state.queued:
        state = resolve_hit(state, hit.target, hit.origin, hit.by, dice, said)
    state = msgspec.structs.replace(state, queued=())
    rolls: dict[str, int] = {}
    for _ in range(MAX_INITIATIVE_ROLLS):  # a tie is rolled again (R7)
        rolls = {s: dice.roll(f"initiative {s}", state.tables["initiative"]["dice"], side=s)[0] for s in state.sides}
        if len(set(rolls.values())) == len(rolls):
            break
        said.append("initiative tie " + ", ".join(f"{s} {r}" for s, r in rolls.items()) + ": rolled again")
    else:
        rolls = {s: i for i, s in enumerate(reversed(state.sides))}
    first = max(state.sides, key=lambda s: rolls[s])
    said.append("initiative " + ", ".join(f"{s} {r}" for s, r in rolls.items()) + f": {first} activates first")
    return msgspec.structs.replace(state, phase="activation", initiative=rolls, first=first, active=first,
                                   current="", moved=-1, attacked=False, vacated="")


def end_activation(state: PortableState, said: list[str]) -> PortableState:
    if state.active == state.first:
        nxt = other(state, state.active)
        said.append(f"{state.active} has activated; now {nxt} activates")
        return msgspec.structs.replace(state, active=nxt, current="", moved=-1, attacked=False, vacated="")
    return end_turn(state, said)


def _villages(state: PortableState, said: list[str]) -> PortableState:
    """Two full turns in a village without firing or melee fortify it (seed 002, village; R23)."""
    need = int(state.tables["terrain"]["village_fortify_turns"])
    units = dict(state.units)
    fortified = list(state.fortified)
    for u in state.units.values():
        if u.arm == "commander":
            continue
        if terrain(state, u.square) != "village":
            if u.village_turns:
                units[u.id] = msgspec.structs.replace(u, village_turns=0)
            continue
        turns = 0 if u.id in state.engaged else u.village_turns + 1
        units[u.id] = msgspec.structs.replace(u, village_turns=turns)
        if turns >= need and u.square not in fortified:
            fortified.append(u.square)
            said.append(f"{u.id} has held the village {u.square} for {turns} full turns without firing: it is fortified")
    return msgspec.structs.replace(state, units=units, fortified=tuple(fortified))


def _standing(state: PortableState) -> str:
    parts = []
    for s in state.sides:
        a = state.armies[s]
        parts.append(f"{a.name} lost {a.lost} SP (EP {a.ep}{', exhausted' if a.exhausted else ''})")
    return "; ".join(parts)


def outcome(state: PortableState) -> str:
    """The battle ends without a victory rule; the army further from its EP holds the field (R9)."""
    share = {s: state.armies[s].lost / state.armies[s].ep for s in state.sides}
    a, b = state.sides
    if share[a] == share[b]:
        verdict = "drawn"
    else:
        w = a if share[a] < share[b] else b
        verdict = f"{state.armies[w].name} ({w}) holds the field"
    return verdict


def end_turn(state: PortableState, said: list[str]) -> PortableState:
    """The exhaustion check before the next turn; the battle ends when both armies are exhausted."""
    state = _villages(state, said)
    armies = dict(state.armies)
    for s in state.sides:
        a = armies[s]
        if not a.exhausted and a.lost >= a.ep:
            armies[s] = msgspec.structs.replace(a, exhausted=True)
            said.append(f"{a.name} ({s}) has lost {a.lost} SP, at or past its Exhaustion Point {a.ep}: "
                        "it is exhausted and may take no aggressive action")
    state = msgspec.structs.replace(state, armies=armies)
    result = ""
    if all(armies[s].exhausted for s in state.sides):
        result = f"both armies exhausted after turn {state.turn}"
    elif (gone := [s for s in state.sides if not combat_units(state, s)]):
        result = f"{armies[gone[0]].name} ({gone[0]}) has no units left after turn {state.turn}"
    elif state.turn >= state.max_turns:
        result = f"the scenario's {state.max_turns} turns are played (R9)"
    reset = dict(art_done=(), queued=(), bombarded=(), targets={}, last_targets=state.targets, initiative={},
                 first="", active="", activated=(), current="", moved=-1, attacked=False, vacated="", engaged=())
    if result:
        result = f"{result}: {outcome(state)}; {_standing(state)}"
        said.append(f"the battle is over: {result}")
        return msgspec.structs.replace(state, phase="over", result=result, **reset)
    said.append(f"turn {state.turn} ends; {_standing(state)}; turn {state.turn + 1}: artillery phase")
    return msgspec.structs.replace(state, turn=state.turn + 1, phase="artillery", **reset)

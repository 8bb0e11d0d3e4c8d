"""Validate and apply the actions of a Portable Wargame battle.

validate(state, actor, action) names the rule a posted action breaks; apply(state, event,
dice) returns the next state, drawing every roll through `dice` in a fixed order.
"""

from __future__ import annotations

import msgspec

from events.core import REFEREE, Action, Envelope
from events.portable import (
    Bombard, EndActivation, EndArtillery, Face, Fire, Form, Melee, Move, Occupy, React, StandingOrder,
)
from adjudicator.dice import Dice
from adjudicator.ruleset import Violation

from . import sections as S
from .board import occupancy
from .combat import (
    bombard_roll, bombard_violations, find_target, fire_roll, fire_violations, melee, melee_violations,
)
from .grid import FACING_NAMES, adjacent, direction
from .hits import CHOICES, choose, resolve_hit, retreat_squares
from .movement import move_violations, tow_violations
from .state import Hit, PortableState, Unit
from .turn import artillery_complete, end_activation, finish_artillery

STANDING = ("retreat", "lose", "ask")


def _own(state: PortableState, actor: str, uid: str) -> tuple[Unit | None, list[Violation]]:
    u = state.units.get(uid)
    if u is None:
        return None, S.v("unit/unknown", S.SCENARIO, f"no unit {uid!r} (destroyed, or not in this scenario)")
    if u.side != actor:
        return None, S.v("unit/not-yours", S.SEQUENCE, f"{uid} belongs to {u.side}")
    return u, []


def _activation(state: PortableState, actor: str, uid: str, step: str) -> tuple[Unit | None, list[Violation]]:
    """Side A activates each of its units in turn, then side B (seed 002 turn sequence 3-4; R21)."""
    if state.phase != "activation":
        return None, S.v("sequence/phase", S.SEQUENCE, f"it is the {state.phase} phase of turn {state.turn}: units activate after it")
    if actor != state.active:
        return None, S.v("sequence/not-active", S.SEQUENCE, f"{state.active} is activating units now; {actor} waits")
    if state.pending:
        d = state.pending[0]
        return None, S.v("hit/decision-pending", S.HITS, f"{d.side} must first choose for {d.unit}: retreat or lose 1 SP")
    u, found = _own(state, actor, uid)
    if found:
        return None, found
    if u.arm == "commander" and step != "move":
        return None, S.v("unit/commander", S.UNITS, f"{uid} is a commander: it moves, it does not attack")
    if uid != state.current:
        if uid in state.activated:
            return None, S.v("sequence/activated", S.SEQUENCE, f"{uid} has been activated this turn; each unit activates once (R21)")
        return u, []
    if step == "move":
        if state.attacked:
            return None, S.v("sequence/attack-then-move", S.SEQUENCE,
                             f"{uid} has attacked: no unit attacks and then moves, except to occupy the square it won (R1)")
        return None, S.v("sequence/moved", S.SEQUENCE, f"{uid} has moved in this activation already")
    if step == "attack" and state.attacked:
        return None, S.v("sequence/attacked", S.SEQUENCE, f"{uid} has attacked in this activation already")
    if step == "whole":
        return None, S.v("sequence/whole-activation", S.SEQUENCE, f"forming or facing is {uid}'s whole activation; it has acted already (R16)")
    return u, []


def validate(state: PortableState, actor: str, action: Action) -> list[Violation]:
    check = _CHECKS.get(type(action))
    if check is None:
        return []
    if state.phase == "over":
        return S.v("game/over", S.EXHAUSTION, f"the battle is over: {state.result}")
    if actor == REFEREE:
        return S.v("actor/referee", S.SEQUENCE, "the referee posts notes and rulings; units are commanded by their side")
    return check(state, actor, action)


def _v_bombard(state: PortableState, actor: str, a: Bombard) -> list[Violation]:
    if state.phase != "artillery":
        return S.v("sequence/phase", S.SEQUENCE, f"artillery fires in the artillery phase; it is the {state.phase} phase")
    if actor in state.art_done:
        return S.v("sequence/artillery-done", S.SEQUENCE, f"{actor} has ended its artillery phase")
    gun, found = _own(state, actor, a.gun)
    if found:
        return found
    if gun.arm != "artillery":
        return S.v("artillery/not-gun", S.UNITS, f"{gun.id} is not artillery: it fires when activated (fire {gun.id} at ...)")
    target, found = find_target(state, actor, a.target)
    return found or bombard_violations(state, gun, target)


def _v_end_artillery(state: PortableState, actor: str, a: EndArtillery) -> list[Violation]:
    if state.phase != "artillery":
        return S.v("sequence/phase", S.SEQUENCE, f"it is the {state.phase} phase")
    if actor in state.art_done:
        return S.v("sequence/artillery-done", S.SEQUENCE, f"{actor} has ended its artillery phase already")
    return []


def _v_move(state: PortableState, actor: str, a: Move) -> list[Violation]:
    u, found = _activation(state, actor, a.unit, "move")
    if found:
        return found
    if not a.path:
        return S.v("move/empty", S.MOVEMENT, "a move names at least one square")
    tow = None
    if a.tow:
        tow, found = tow_violations(state, actor, u, a.tow)
        if found:
            return found
    return move_violations(state, u, a.path, tow)


def _v_fire(state: PortableState, actor: str, a: Fire) -> list[Violation]:
    u, found = _activation(state, actor, a.unit, "attack")
    if found:
        return found
    target, found = find_target(state, actor, a.target)
    return found or fire_violations(state, u, target)


def _v_melee(state: PortableState, actor: str, a: Melee) -> list[Violation]:
    u, found = _activation(state, actor, a.unit, "attack")
    if found:
        return found
    target, found = find_target(state, actor, a.target)
    return found or melee_violations(state, u, target)


def occupy_violations(state: PortableState, actor: str, uid: str) -> list[Violation]:
    """The exception to 'no attack then move': infantry or cavalry into the square its enemy left (R1)."""
    u, found = _own(state, actor, uid)
    if found:
        return found
    if state.phase != "activation" or actor != state.active or uid != state.current or not state.vacated:
        return S.v("occupy/not-now", S.SEQUENCE, f"{uid} has not just fought a close combat whose square it may occupy")
    if state.pending:
        d = state.pending[0]
        return S.v("hit/decision-pending", S.HITS, f"{d.side} must first choose for {d.unit}: retreat or lose 1 SP")
    if u.arm not in ("infantry", "cavalry"):
        return S.v("occupy/arm", S.SEQUENCE, f"only infantry or cavalry occupy the square of a beaten enemy; {uid} is {u.arm}")
    sq = state.vacated
    if sq in occupancy(state) or any(c.square == sq and c.side != actor for c in state.units.values()):
        return S.v("occupy/held", S.SEQUENCE, f"{sq} is still held: the enemy was neither destroyed nor driven back")
    if not adjacent(u.square, sq):
        return S.v("occupy/not-adjacent", S.SEQUENCE, f"{uid} at {u.square} is no longer next to {sq}")
    return []


def _v_form(state: PortableState, actor: str, a: Form) -> list[Violation]:
    u, found = _activation(state, actor, a.unit, "whole")
    if found:
        return found
    if u.arm != "infantry":
        return S.v("form/not-infantry", S.HITS, f"only infantry forms line or square; {u.id} is {u.arm}")
    if a.formation not in ("square", "line"):
        return S.v("form/unknown", S.HITS, "a formation is square or line")
    if u.formation == a.formation:
        return S.v("form/already", S.HITS, f"{u.id} is in {a.formation} already")
    return []


def _v_face(state: PortableState, actor: str, a: Face) -> list[Violation]:
    u, found = _activation(state, actor, a.unit, "whole")
    if found:
        return found
    if u.arm != "artillery":
        return S.v("face/not-gun", S.ARTILLERY, f"only artillery has a facing (its arc of fire); {u.id} is {u.arm}")
    if a.facing not in FACING_NAMES:
        return S.v("face/unknown", S.ARTILLERY, "facing is north, east, south or west")
    if u.facing == a.facing:
        return S.v("face/already", S.ARTILLERY, f"{u.id} faces {FACING_NAMES[a.facing]} already")
    return []


def _v_react(state: PortableState, actor: str, a: React) -> list[Violation]:
    d = next((d for d in state.pending if d.unit == a.unit), None)
    if d is None:
        return S.v("react/nothing", S.HITS, f"no hit on {a.unit} waits for its owner's choice")
    if d.side != actor:
        return S.v("react/not-yours", S.HITS, f"the choice for {a.unit} is {d.side}'s")
    if a.choice not in CHOICES:
        return S.v("react/choice", S.HITS, "the choice is retreat (one square back) or lose (1 SP)")
    if a.choice == "retreat":
        options = retreat_squares(state, state.units[a.unit], d.origin)
        if not options:
            return S.v("react/cannot-retreat", S.HITS, f"{a.unit} has no square to retreat to: it loses 1 SP (react {a.unit} lose)")
        if a.square and a.square not in options:
            return S.v("react/bad-square", S.HITS,
                       f"{a.square} is not one square back from the attack; {a.unit} may retreat to {', '.join(options)} (R10)")
    return []


def _v_standing(state: PortableState, actor: str, a: StandingOrder) -> list[Violation]:
    if a.unit:
        _, found = _own(state, actor, a.unit)
        if found:
            return found
    if a.choice not in STANDING:
        return S.v("standing/choice", S.HITS, "a standing order is retreat, lose or ask")
    return []


def _v_end_activation(state: PortableState, actor: str, a: EndActivation) -> list[Violation]:
    if state.phase != "activation":
        return S.v("sequence/phase", S.SEQUENCE, f"it is the {state.phase} phase: end artillery first")
    if actor != state.active:
        return S.v("sequence/not-active", S.SEQUENCE, f"{state.active} is activating units now")
    if state.pending:
        d = state.pending[0]
        return S.v("hit/decision-pending", S.HITS, f"{d.side} must first choose for {d.unit}: retreat or lose 1 SP")
    return []


_CHECKS = {
    Bombard: _v_bombard, EndArtillery: _v_end_artillery, Move: _v_move, Fire: _v_fire, Melee: _v_melee,
    Occupy: lambda s, actor, a: occupy_violations(s, actor, a.unit), Form: _v_form, Face: _v_face,
    React: _v_react, StandingOrder: _v_standing, EndActivation: _v_end_activation,
}


# -- apply ------------------------------------------------------------------------

def _start(state: PortableState, uid: str) -> PortableState:
    """The unit's activation begins (ending the previous unit's), or goes on."""
    if uid == state.current:
        return state
    return msgspec.structs.replace(state, current=uid, activated=state.activated + (uid,), moved=-1,
                                   attacked=False, vacated="")


def _set(state: PortableState, u: Unit, **changes) -> PortableState:
    return msgspec.structs.replace(state, units={**state.units, u.id: msgspec.structs.replace(u, **changes)})


def _a_bombard(state: PortableState, actor: str, a: Bombard, dice: Dice, said: list[str]) -> PortableState:
    gun = state.units[a.gun]
    target, _ = find_target(state, actor, a.target)
    hit = bombard_roll(state, gun, target, dice, said)
    queued = state.queued + ((Hit(target=target.id, by=gun.id, origin=gun.square),) if hit else ())
    if hit:
        said.append(f"the hit on {target.id} is applied when the artillery phase ends")
    return msgspec.structs.replace(state, queued=queued, bombarded=state.bombarded + (gun.id,),
                                   targets={**state.targets, gun.id: target.id}, engaged=state.engaged + (gun.id,))


def _a_end_artillery(state: PortableState, actor: str, a: EndArtillery, dice: Dice, said: list[str]) -> PortableState:
    state = msgspec.structs.replace(state, art_done=state.art_done + (actor,))
    if not artillery_complete(state):
        said.append(f"{actor} has ended its artillery phase")
        return state
    said.append(f"artillery phase of turn {state.turn} over")
    return finish_artillery(state, dice, said)


def _a_move(state: PortableState, actor: str, a: Move, dice: Dice, said: list[str]) -> PortableState:
    u = state.units[a.unit]
    start = u.square
    state = _start(state, u.id)
    changes = {"square": a.path[-1], "village_turns": -1}
    if u.arm == "artillery":
        changes["facing"] = direction(a.path[-2] if len(a.path) > 1 else start, a.path[-1])  # R17
    state = _set(state, u, **changes)
    text = f"{u.id} moves {' -> '.join((start,) + a.path)} ({len(a.path)} square{'s' if len(a.path) > 1 else ''})"
    if a.tow:
        t = state.units[a.tow]
        state = _set(state, t, square=start, village_turns=-1)
        state = msgspec.structs.replace(state, activated=state.activated + (t.id,))
        text += f", towed by {t.id}, which follows into {start}"
    said.append(text)
    return msgspec.structs.replace(state, moved=len(a.path))


def _a_fire(state: PortableState, actor: str, a: Fire, dice: Dice, said: list[str]) -> PortableState:
    state = _start(state, a.unit)
    u = state.units[a.unit]
    target, _ = find_target(state, actor, a.target)
    hit = fire_roll(state, u, target, dice, said)
    state = msgspec.structs.replace(state, attacked=True, engaged=state.engaged + (u.id,))
    if hit:
        state = resolve_hit(state, target.id, u.square, u.id, dice, said)
    return state


def _a_melee(state: PortableState, actor: str, a: Melee, dice: Dice, said: list[str]) -> PortableState:
    state = _start(state, a.unit)
    u = state.units[a.unit]
    target, _ = find_target(state, actor, a.target)
    state = msgspec.structs.replace(state, attacked=True, vacated=target.square,
                                    engaged=state.engaged + (u.id, target.id))
    return melee(state, u, target, dice, said)


def _a_occupy(state: PortableState, actor: str, a: Occupy, dice: Dice, said: list[str]) -> PortableState:
    u = state.units[a.unit]
    said.append(f"{u.id} occupies {state.vacated}")
    return msgspec.structs.replace(_set(state, u, square=state.vacated, village_turns=-1), vacated="")


def _a_form(state: PortableState, actor: str, a: Form, dice: Dice, said: list[str]) -> PortableState:
    state = _start(state, a.unit)
    said.append(f"{a.unit} forms {a.formation}")
    return msgspec.structs.replace(_set(state, state.units[a.unit], formation=a.formation), moved=0, attacked=True)


def _a_face(state: PortableState, actor: str, a: Face, dice: Dice, said: list[str]) -> PortableState:
    state = _start(state, a.unit)
    said.append(f"{a.unit} turns to face {FACING_NAMES[a.facing]}")
    return msgspec.structs.replace(_set(state, state.units[a.unit], facing=a.facing), moved=0, attacked=True)


def _a_react(state: PortableState, actor: str, a: React, dice: Dice, said: list[str]) -> PortableState:
    i = next(i for i, d in enumerate(state.pending) if d.unit == a.unit)
    d = state.pending[i]
    state = msgspec.structs.replace(state, pending=state.pending[:i] + state.pending[i + 1:])
    return choose(state, d, a.choice, a.square, said)


def _a_standing(state: PortableState, actor: str, a: StandingOrder, dice: Dice, said: list[str]) -> PortableState:
    key = a.unit or actor
    said.append(f"standing order for {key}: {a.choice} when a hit gives the choice")
    return msgspec.structs.replace(state, standing={**state.standing, key: a.choice})


def _a_end_activation(state: PortableState, actor: str, a: EndActivation, dice: Dice, said: list[str]) -> PortableState:
    return end_activation(state, said)


_APPLY = {
    Bombard: _a_bombard, EndArtillery: _a_end_artillery, Move: _a_move, Fire: _a_fire, Melee: _a_melee,
    Occupy: _a_occupy, Form: _a_form, Face: _a_face, React: _a_react, StandingOrder: _a_standing,
    EndActivation: _a_end_activation,
}


def apply(state: PortableState, event: Envelope, dice: Dice) -> PortableState:
    step = _APPLY.get(type(event.action))
    if step is None:
        return state  # core actions (notes, rulings, reveals, sealed orders) change no unit
    said: list[str] = []
    state = step(state, event.actor, event.action, dice, said)
    return msgspec.structs.replace(state, said=tuple(said))

"""The rules an action must keep once the phase table's gate has let it through (it is the phase
for it, and the side's to take): one check per action type, each naming the rule it enforces."""

from __future__ import annotations

from typing import Any

from events.portable import Bombard, Face, Fire, Form, Melee, Move, Occupy, React, StandingOrder
from adjudicator.ruleset import Check, Violation, violation
from adjudicator.localize import Word

from . import codes as C
from .board import occupant, own_unit, where
from .combat import bombard_violations, find_target, fire_violations, melee_violations
from .decide import check_react, check_standing
from .grid import FACING_NAMES, adjacent
from .movement import move_violations, tow_violations
from .state import PortableState, Unit


def _activation(s: PortableState, actor: str, uid: str, step: str) -> tuple[Unit | None, list[Violation]]:
    """Side A activates each of its units in turn, then side B (seed 002 turn sequence 3-4; R21)."""
    u, found = own_unit(s, actor, uid)
    if u is None:
        return None, found
    if u.arm == "commander" and step != "move":
        return None, violation("unit/commander", C.UNITS, "{uid} is a commander: it moves, it does not attack", uid=uid)
    if uid != s.current:
        if uid in s.activated:
            return None, violation("sequence/activated", C.SEQUENCE, "{uid} has been activated this turn; each unit activates "
                                                                     "once (R21)", uid=uid)
        return u, []
    if step == "move":
        if s.attacked:
            return None, violation("sequence/attack-then-move", C.SEQUENCE,
                                   "{uid} has attacked: no unit attacks and then moves, except to occupy the square it won "
                                   "(R1)", uid=uid)
        return None, violation("sequence/moved", C.SEQUENCE, "{uid} has moved in this activation already", uid=uid)
    if step == "attack" and s.attacked:
        return None, violation("sequence/attacked", C.SEQUENCE, "{uid} has attacked in this activation already", uid=uid)
    if step == "whole":
        return None, violation("sequence/whole-activation", C.SEQUENCE,
                               "forming or facing is {uid}'s whole activation; it has acted already (R16)", uid=uid)
    return u, []


def check_bombard(s: PortableState, actor: str, a: Bombard) -> list[Violation]:
    gun, found = own_unit(s, actor, a.gun)
    if gun is None:
        return found
    if gun.arm != "artillery":
        return violation("artillery/not-gun", C.UNITS, "{id} is not artillery: it fires when activated (fire {id} at ...)",
                         id=gun.id)
    target, found = find_target(s, actor, a.target)
    return found if target is None else bombard_violations(s, gun, target)


def check_move(s: PortableState, actor: str, a: Move) -> list[Violation]:
    u, found = _activation(s, actor, a.unit, "move")
    if u is None:
        return found
    if not a.path:
        return violation("move/empty", C.MOVEMENT, "a move names at least one square")
    tow = None
    if a.tow:
        tow, found = tow_violations(s, actor, u, a.tow)
        if found:
            return found
    return move_violations(s, u, a.path, tow)


def check_attack(s: PortableState, actor: str, a: Fire | Melee) -> list[Violation]:
    """Small-arms fire or close combat, once in the unit's activation, at an enemy unit."""
    u, found = _activation(s, actor, a.unit, "attack")
    if u is None:
        return found
    target, found = find_target(s, actor, a.target)
    if target is None:
        return found
    return fire_violations(s, u, target) if isinstance(a, Fire) else melee_violations(s, u, target)


def check_occupy(s: PortableState, actor: str, a: Occupy) -> list[Violation]:
    """The exception to 'no attack then move': infantry or cavalry into the square its enemy left (R1)."""
    uid = a.unit
    u, found = own_unit(s, actor, uid)
    if u is None:
        return found
    if uid != s.current or not s.vacated:
        return violation("occupy/not-now", C.SEQUENCE, "{uid} has not just fought a close combat whose square it may occupy",
                         uid=uid)
    if u.arm not in ("infantry", "cavalry"):
        return violation("occupy/arm", C.SEQUENCE, "only infantry or cavalry occupy the square of a beaten enemy; {uid} is {arm}",
                         uid=uid, arm=Word("portable", u.arm))
    sq = s.vacated
    ix = where(s)
    if occupant(s, ix, sq) is not None or any(s.units[x].side != actor for x in ix.here(sq)):
        return violation("occupy/held", C.SEQUENCE, "{sq} is still held: the enemy was neither destroyed nor driven back", sq=sq)
    if not adjacent(u.square, sq):
        return violation("occupy/not-adjacent", C.SEQUENCE, "{uid} at {square} is no longer next to {sq}",
                         uid=uid, square=u.square, sq=sq)
    return []


def check_whole_activation(s: PortableState, actor: str, a: Form | Face) -> list[Violation]:
    """Forming square or line, and turning a gun, are a unit's whole activation (R16)."""
    u, found = _activation(s, actor, a.unit, "whole")
    if u is None:
        return found
    return _form_violations(u, a.formation) if isinstance(a, Form) else _face_violations(u, a.facing)


def _form_violations(u: Unit, formation: str) -> list[Violation]:
    if u.arm != "infantry":
        return violation("form/not-infantry", C.HITS, "only infantry forms line or square; {id} is {arm}",
                         id=u.id, arm=Word("portable", u.arm))
    if formation not in ("square", "line"):
        return violation("form/unknown", C.HITS, "a formation is square or line")
    if u.formation == formation:
        return violation("form/already", C.HITS, "{id} is in {formation} already", id=u.id, formation=Word("portable", formation))
    return []


def _face_violations(u: Unit, facing: str) -> list[Violation]:
    """A gun's facing is its arc of fire (R17)."""
    if u.arm != "artillery":
        return violation("face/not-gun", C.ARTILLERY, "only artillery has a facing (its arc of fire); {id} is {arm}",
                         id=u.id, arm=Word("portable", u.arm))
    named = FACING_NAMES.get(facing)
    if named is None:
        return violation("face/unknown", C.ARTILLERY, "facing is north, east, south or west")
    return violation("face/already", C.ARTILLERY, "{id} faces {named} already",
                     id=u.id, named=Word("portable", named)) if u.facing == facing else []


CHECKS: dict[type[Any], Check[PortableState]] = {
    Bombard: check_bombard, Move: check_move, Fire: check_attack, Melee: check_attack, Occupy: check_occupy,
    Form: check_whole_activation, Face: check_whole_activation, React: check_react, StandingOrder: check_standing,
}

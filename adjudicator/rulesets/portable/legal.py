"""Every action a side may post now: drives `adjudicator options` and random play."""

from __future__ import annotations

from events.core import Action
from events.portable import (
    Bombard, EndActivation, EndArtillery, Face, Fire, Form, Melee, Move, Occupy, React,
)

from .board import enemies
from .combat import bombard_violations, fire_range, fire_violations, melee_violations
from .grid import FACING_NAMES, distance
from .hits import retreat_squares
from .movement import destinations
from .rules import occupy_violations
from .state import PortableState, Unit


def _attacks(state: PortableState, u: Unit, foes: list[Unit]) -> list[Action]:
    acts: list[Action] = []
    if u.arm == "commander":
        return acts
    reach = fire_range(state, u)
    for t in foes:
        d = distance(u.square, t.square)
        if d == 1 and not melee_violations(state, u, t):
            acts.append(Melee(unit=u.id, target=t.id))
        if 0 < d <= reach and not fire_violations(state, u, t):
            acts.append(Fire(unit=u.id, target=t.id))
    return acts


def _moves(state: PortableState, u: Unit, actor: str) -> list[Action]:
    acts: list[Action] = [Move(unit=u.id, path=p) for p in destinations(state, u)]
    if u.arm == "artillery":
        for t in state.units.values():
            if t.side == actor and t.arm == "transport" and t.id not in state.activated and distance(t.square, u.square) == 1:
                acts += [Move(unit=u.id, path=p, tow=t.id) for p in destinations(state, u, t)]
    return acts


def legal_actions(state: PortableState, actor: str) -> list[Action]:
    if state.phase == "over" or actor not in state.sides:
        return []
    if state.pending:
        mine = [d for d in state.pending if d.side == actor]
        if not mine:
            return []
        d = mine[0]
        squares = retreat_squares(state, state.units[d.unit], d.origin)
        return [React(unit=d.unit, choice="retreat", square=s) for s in squares] + [React(unit=d.unit, choice="lose")]
    foes = enemies(state, actor)
    if state.phase == "artillery":
        if actor in state.art_done:
            return []
        acts: list[Action] = [Bombard(gun=g.id, target=t.id) for g in state.units.values()
                              if g.side == actor and g.arm == "artillery" and g.id not in state.bombarded
                              for t in foes if not bombard_violations(state, g, t)]
        return acts + [EndArtillery()]
    if actor != state.active:
        return []
    acts = []
    cur = state.units.get(state.current)
    if cur is not None:
        if not state.attacked:
            acts += _attacks(state, cur, foes)
        if state.vacated and not occupy_violations(state, actor, cur.id):
            acts.append(Occupy(unit=cur.id))
    for u in state.units.values():
        if u.side != actor or u.id in state.activated:
            continue
        acts += _moves(state, u, actor)
        acts += _attacks(state, u, foes)
        if u.arm == "infantry":
            acts.append(Form(unit=u.id, formation="line" if u.formation == "square" else "square"))
        if u.arm == "artillery":
            acts += [Face(unit=u.id, facing=f) for f in FACING_NAMES if f != u.facing]
    acts.append(EndActivation())
    return acts

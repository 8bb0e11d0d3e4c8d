"""Every action a side may post now, in a fixed order: drives `adjudicator options` and random play
(`simulate` picks among them; portable has no sealed orders to sample)."""

from __future__ import annotations

from events.core import Action
from events.portable import (
    Bombard, EndActivation, EndArtillery, Face, Fire, Form, Melee, Move, Occupy, React, StandingOrder,
)

from .board import combat_units, enemies, where
from .combat import bombard_violations, fire_range, fire_violations, melee_violations
from .grid import FACING_NAMES, distance
from .losses import retreat_squares
from .movement import destinations
from .state import PortableState, Unit
from .validate import check_occupy


def _attacks(s: PortableState, u: Unit, foes: list[Unit]) -> list[Action]:
    acts: list[Action] = []
    if u.arm == "commander":
        return acts
    reach = fire_range(s, u)
    for t in foes:
        d = distance(u.square, t.square)
        if d == 1 and not melee_violations(s, u, t):
            acts.append(Melee(unit=u.id, target=t.id))
        if 0 < d <= reach and not fire_violations(s, u, t):
            acts.append(Fire(unit=u.id, target=t.id))
    return acts


def _moves(s: PortableState, u: Unit, actor: str) -> list[Action]:
    acts: list[Action] = [Move(unit=u.id, path=p) for p in destinations(s, u)]
    if u.arm == "artillery":
        for t in combat_units(s, where(s), actor):
            if t.arm == "transport" and t.id not in s.activated and distance(t.square, u.square) == 1:
                acts += [Move(unit=u.id, path=p, tow=t.id) for p in destinations(s, u, t)]
    return acts


def _reactions(s: PortableState, actor: str) -> list[Action]:
    """The first hit that waits for `actor`'s choice: each square to retreat to, or the loss."""
    mine = [x for x in s.pending if x.side == actor]
    if not mine:
        return []
    x = mine[0]
    squares = retreat_squares(s, where(s), s.units[x.unit], x.origin)
    acts: list[Action] = [React(unit=x.unit, choice="retreat", square=sq) for sq in squares]
    return acts + [React(unit=x.unit, choice="lose")]


def _artillery(s: PortableState, actor: str, foes: list[Unit]) -> list[Action]:
    if actor in s.art_done:
        return []
    acts: list[Action] = [Bombard(gun=g.id, target=t.id) for g in combat_units(s, where(s), actor)
                          if g.arm == "artillery" and g.id not in s.bombarded
                          for t in foes if not bombard_violations(s, g, t)]
    return acts + [EndArtillery()]


def legal_actions(s: PortableState, actor: str) -> list[Action]:
    if s.phase == "over" or actor not in s.sides:
        return []
    if s.pending:
        return _reactions(s, actor)
    foes = enemies(s, where(s), actor)
    if s.phase == "artillery":
        return _artillery(s, actor, foes)
    if actor != s.active:
        return []
    acts: list[Action] = []
    cur = s.units.get(s.current)
    if cur is not None:
        if not s.attacked:
            acts += _attacks(s, cur, foes)
        if s.vacated and not check_occupy(s, actor, Occupy(unit=cur.id)):
            acts.append(Occupy(unit=cur.id))
    for u in s.units.values():
        if u.side != actor or u.id in s.activated:
            continue
        acts += _moves(s, u, actor)
        acts += _attacks(s, u, foes)
        if u.arm == "infantry":
            acts.append(Form(unit=u.id, formation="line" if u.formation == "square" else "square"))
        if u.arm == "artillery":
            acts += [Face(unit=u.id, facing=f) for f in FACING_NAMES if f != u.facing]
    acts.append(EndActivation())
    return acts


def standing_orders(s: PortableState, side: str) -> list[Action]:
    """The one decision the notation lets a side give in advance: after a hit, retreat rather than
    be asked (the whole army)."""
    return [StandingOrder(choice="retreat")]

# What ends or declines (scripted play takes it when nothing else is left, or at times)
RESTS = (EndActivation, EndArtillery)

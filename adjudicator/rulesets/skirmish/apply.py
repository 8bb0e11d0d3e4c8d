"""What each action does, on the draft the engine gives.

The rules resolve an action as a pure function of the state before it, `resolve_NAME(state, side,
action, dice)`, returning the state after it and what it says (results.Outcome): so every rule
can be read, and tested, without the engine. A step hands that to the engine's draft: the fields
and pieces that changed, through the draft's assignments, update, put and remove; the report's
lines; the shots and moves to draw. `AFTER` follows every action: the decisions a standing order
settles (decide.py), and the ambush markers the enemy now sees.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import is_not
from typing import Any

from msgspec.structs import astuple

from events.core import Envelope, OrdersSealed, OrdersUnsealed
from events import skirmish as ev
from events.skirmish import Charge, Evade, Move
from adjudicator.dice import Dice
from adjudicator.draft import Draft
from adjudicator.ruleset import Step

from . import actions, ambush, artillery, buildings, decide, forces, groups, initiative, melee, movement, reaction, shooting, suppression
from .results import Outcome
from .state import BOARD, RESERVE, Point, SkirmishState

Resolve = Callable[[SkirmishState, str, Any, Dice], Any]  # -> results.Outcome or shooting.ShotResult

_FIELDS = SkirmishState.__struct_fields__
_PIECES = frozenset(BOARD.collections)
_DRAWN = frozenset(("figures", "guns", "markers"))  # pieces whose moves the map draws


def commit(d: Draft[SkirmishState], new: SkirmishState) -> None:
    """Make the draft's working copy equal to `new`, changing only what differs, and mark on the
    map every piece that moved: along its new path, or straight from where it stood."""
    s = d.s
    if new is s:
        return
    before, after = astuple(s), astuple(new)
    for i in compress(range(len(_FIELDS)), map(is_not, before, after)):  # the fields not the same object
        name, now = _FIELDS[i], after[i]
        if name in _PIECES:
            _commit_pieces(d, name, now, new.paths)
        elif before[i] != now:
            setattr(s, name, now)


def _commit_pieces(d: Draft[SkirmishState], name: str, new: dict[str, Any], paths: dict[str, tuple[Point, ...]]) -> None:
    old = getattr(d.s, name)
    drawn = name in _DRAWN
    for pid in _changed(old, new):
        was, piece = old.get(pid), new.get(pid)
        if piece is None:
            d.remove(getattr(d.s, name), pid)
            continue
        if was is None:
            d.put(getattr(d.s, name), pid, piece)
            continue
        a, b = astuple(was), astuple(piece)
        if a == b:
            continue
        fields = piece.__struct_fields__
        d.update(getattr(d.s, name), pid, **{fields[i]: b[i] for i in range(len(a)) if a[i] != b[i]})
        if drawn and (was.x, was.y) != (piece.x, piece.y) and getattr(was, "status", "") != RESERVE:
            _mark_move(d, (was.x, was.y), (piece.x, piece.y), paths.get(pid) if paths is not d.s.paths else None)


def _changed(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The ids whose piece is not the same object in both (the rules copy a dict of pieces and
    replace a few: the common case is found without a loop in Python)."""
    if list(old) == list(new):
        return list(compress(new, map(is_not, new.values(), old.values())))
    return [p for p in old if p not in new] + [p for p, piece in new.items() if old.get(p) is not piece]


def _mark_move(d: Draft[SkirmishState], frm: Point, to: Point, path: tuple[Point, ...] | None) -> None:
    legs = path if path and path[0] == frm and path[-1] == to else (frm, to)
    for a, b in zip(legs, legs[1:]):
        d.mark("move", _at(a), _at(b))


def record(d: Draft[SkirmishState], out: Any) -> None:
    """An outcome into the draft: the state it reached, its report lines, its shots."""
    commit(d, out.state)
    for line in out.lines:
        d.say(line)
    for kind, frm, to in out.shots:
        d.mark(kind, _at(frm), _at(to))


def _at(p: Point) -> str:
    return f"{p[0]:.1f},{p[1]:.1f}"


def step_of(resolve: Resolve) -> Step[SkirmishState]:
    def step(d: Draft[SkirmishState], event: Envelope[Any]) -> None:
        record(d, resolve(d.base, event.actor, event.action, d.dice))
    step.__name__ = resolve.__name__.replace("resolve_", "")
    return step


def move_step(resolve: Resolve) -> Step[SkirmishState]:
    """A move or a charge, and the reaction fire the other side's standing orders make at it."""
    def step(d: Draft[SkirmishState], event: Envelope[Any]) -> None:
        out: Outcome = resolve(d.base, event.actor, event.action, d.dice)
        record(d, out)
        charged = event.action.target if isinstance(event.action, Charge) else ""
        if isinstance(event.action, Evade) and d.base.charge is not None:
            charged = d.base.charge.target
        record(d, decide.reactions(d.s, d.dice, charged))
    step.__name__ = resolve.__name__.replace("resolve_", "")
    return step


RESOLVERS: dict[type[Any], Resolve] = {
    ev.Deploy: forces.resolve_deploy,
    ev.PlaceAmbush: ambush.resolve_place_ambush,
    ev.RevealAmbush: ambush.resolve_reveal_ambush,
    ev.EndDeployment: forces.resolve_end_deployment,
    ev.RollInitiative: initiative.resolve_roll_initiative,
    ev.Reroll: initiative.resolve_reroll,
    ev.Distribute: initiative.resolve_distribute,
    ev.FormGroup: groups.resolve_form_group,
    ev.Activate: actions.resolve_activate,
    ev.Move: movement.resolve_move,
    ev.Charge: melee.resolve_charge,
    ev.Shoot: shooting.resolve_shoot,
    ev.Fire: artillery.resolve_fire,
    ev.Aim: shooting.resolve_aim,
    ev.Reload: shooting.resolve_reload,
    ev.Recover: suppression.resolve_recover,
    ev.Spot: ambush.resolve_spot,
    ev.Building: buildings.resolve_building,
    ev.ChangeOrder: groups.resolve_change_order,
    ev.FixBayonets: melee.resolve_fix_bayonets,
    ev.TurnGun: artillery.resolve_turn_gun,
    ev.React: reaction.resolve_react,
    ev.Evade: melee.resolve_evade,
    ev.Allocate: shooting.resolve_allocate,
    ev.Melee: melee.resolve_melee,
    ev.Skip: actions.resolve_skip,
    ev.EndActivations: initiative.resolve_end_activations,
    ev.StandingOrder: decide.resolve_standing_order,
    OrdersSealed: ambush.resolve_orders_sealed,  # the engine's own sealed orders, as the rules keep them
    OrdersUnsealed: ambush.resolve_orders_unsealed,
}
MOVES = (Move, Charge, Evade)

STEPS: dict[type[Any], Step[SkirmishState]] = {
    kind: (move_step if kind in MOVES else step_of)(resolve) for kind, resolve in RESOLVERS.items()
}


def after(d: Draft[SkirmishState], event: Envelope[Any]) -> None:
    """Whatever follows an action: the decisions standing orders settle, and the markers now seen."""
    if d.s.result or isinstance(event.action, (OrdersSealed, OrdersUnsealed)):
        return
    record(d, decide.follow(d.s, d.dice))


AFTER = after

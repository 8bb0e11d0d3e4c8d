"""Fire in the enemy's turn: a reaction to an enemy's move, paid from the AP not yet spent.

seed 001 §Fire in the enemy's turn; §Initiative (AP kept for Reaction Actions); §Aiming.
"""

from __future__ import annotations

import msgspec

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.skirmish import React

from . import geometry as geo, shooting
from .codes import violation
from .state import OK, SkirmishState
from .results import Msg, Said
from .units import av, figures_of


def price(state: SkirmishState, unit: str) -> int:
    """The AP of a first action (§Fire in the enemy's turn)."""
    return av(state, [f for f in figures_of(state, unit) if f.status == OK])[0]


def interrupted(state: SkirmishState, at: float) -> SkirmishState:
    """The state with the moving unit's figures back where they stood `at` cm along their move."""
    figures = dict(state.figures)
    for fid in moving_figures(state):
        path = state.paths.get(fid)
        if path:
            p = geo.point_along(path[0], path[1:], at)
            figures[fid] = msgspec.structs.replace(figures[fid], x=p[0], y=p[1])
    return msgspec.structs.replace(state, figures=figures)


def moving_figures(state: SkirmishState) -> list[str]:
    if not state.moving:
        return []
    if state.moving in state.figures or state.moving in state.groups:
        return [f.id for f in figures_of(state, state.moving)]
    return []


def charging(state: SkirmishState) -> bool:
    """Fire at a unit charging the shooter is always at Effective range, no running penalty."""
    return state.charging


def validate_react(state: SkirmishState, side: str, action: React) -> list[Violation]:
    return check_react(state, side, action.unit, action.target, action.at)


def resolve_react(state: SkirmishState, side: str, action: React, dice: Dice) -> shooting.ShotResult:
    return react(state, side, action.unit, action.target, action.at, dice)


def check_react(state: SkirmishState, side: str, unit: str, target: str, at: float) -> list[Violation]:
    if state.phase != "activation" or not state.moving:
        return [violation("react/no-move", Msg('reaction fire answers an enemy move, just made'))]
    mover = state.figures.get(target)
    if mover is None or target not in moving_figures(state):
        return [violation("react/target", Msg('{target} is not a figure of the unit moving now ({moving})', target=target, moving=state.moving))]
    if mover.side == side:
        return [violation("react/own", Msg("react to the enemy's moves, not your own"))]
    figs = figures_of(state, unit)
    if not figs or any(f.side != side for f in figs):
        return [violation("react/unknown", Msg('{unit} is not a figure or group of {side}', unit=unit, side=side))]
    if state.commands[figs[0].command].side == state.commands[state.active].side:
        return [violation("react/active", Msg("only the player not acting fires in the enemy's turn"))]
    path = state.paths.get(target, ())
    moved = geo.length(path[0], path[1:]) if path else 0.0
    if not 0.0 <= at <= moved + 1e-6:
        return [violation("react/at", Msg('{target} moved {moved:.1f} cm; interrupt it between 0 and that', target=target, moved=moved))]
    if any(f.id in state.reacted for f in figs if f.on_table):
        return [violation("react/twice", Msg('{unit} has already tried to fire in this enemy turn', unit=unit))]
    if not any(f.status == OK for f in figs):
        return [violation("react/suppressed", Msg('{unit} is suppressed', unit=unit))]
    group = state.groups.get(unit)
    if group is not None and (state.figures.get(group.leader) is None or state.figures[group.leader].status != OK):
        return [violation("react/leader", Msg('{unit} acts only on the orders of an unsuppressed Leader', unit=unit))]
    command = state.commands[figs[0].command]
    if command.ap < price(state, unit):
        return [violation("react/ap", Msg('{command} has {ap} AP; the reaction costs {price}', command=command.id, ap=command.ap, price=price(state, unit)))]
    p = shooting.plan(interrupted(state, at), unit, target, moved=False, reaction=True, charging=charging(state))
    return p if isinstance(p, list) else []


def react(state: SkirmishState, side: str, unit: str, target: str, at: float, dice: Dice) -> shooting.ShotResult:
    """Pay the first action's AP, roll more than the AV's last figure on a d6 (a unit that aimed may
    roll again); the AP is spent and the aim lost either way; then shoot at the mover where it
    stood. A figure the shot suppresses stops there (ruling S15)."""
    figs = [f for f in figures_of(state, unit) if f.on_table]
    cost = price(state, unit)
    command = state.commands[figs[0].command]
    last = av(state, [f for f in figs if f.status == OK])[2]
    aimed = all(f.aimed or f.has("sniper") for f in figs if f.status == OK)
    (face,) = dice.roll(f"reaction test {unit}", state.tables.reaction.die, side)
    lines: list[Said] = [Msg("{unit} reacts to {target} ({cost} AP): test {face} > {last}?", unit=unit, target=target, cost=cost,
                             face=face, last=last)]
    passed = face > last
    if not passed and aimed:
        (face,) = dice.roll(f"reaction test again {unit} (aimed)", state.tables.reaction.die, side)
        passed = face > last
        lines.append(Msg("aimed: rolls again {face}", face=face))
    lines.append(Msg("it fires") if passed else Msg("it fails: no shot, the AP are spent"))
    figures = dict(state.figures)
    for f in figs:
        if f.aimed and not aimed:
            figures[f.id] = msgspec.structs.replace(f, aimed=False)
    commands = {**state.commands, command.id: msgspec.structs.replace(command, ap=command.ap - cost)}
    reacted = state.reacted + tuple(f.id for f in figs)
    state = msgspec.structs.replace(state, figures=figures, commands=commands, reacted=reacted)
    if not passed:
        ids = {x.id for x in figs}
        figures = {fid: (msgspec.structs.replace(f, aimed=False) if fid in ids and f.aimed else f)
                   for fid, f in state.figures.items()}
        return shooting.ShotResult(state=msgspec.structs.replace(state, figures=figures), lines=tuple(lines))
    final = {fid: state.figures[fid].pos for fid in moving_figures(state)}
    shot_state = interrupted(state, at)
    p = shooting.plan(shot_state, unit, target, moved=False, reaction=True, charging=charging(state))
    assert not isinstance(p, list)
    result = shooting.fire(shot_state, p, dice, side)
    figures = dict(result.state.figures)
    for fid, pos in final.items():
        f = figures[fid]
        if f.status == OK:
            figures[fid] = msgspec.structs.replace(f, x=pos[0], y=pos[1])
    return shooting.ShotResult(state=msgspec.structs.replace(result.state, figures=figures),
                               lines=tuple(lines) + result.lines, plan=p, faces=result.faces, total=result.total,
                               hits=result.hits, on=result.on, shots=result.shots)


"""Activations: up to three actions declared up front, paid from the command's AP by the AV.

seed 001 §Actions and Action Points; §Characteristics (AV); §Fighters and groups; §Shooting
modifiers (two moves, no shooting); §Melee (a charging unit does nothing else); §Movement in
buildings (1 AP and 2 AP whatever the AV); §Special rules: Musician, Sniper.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.dice import Dice
from adjudicator.draft import memo
from adjudicator.i18n import Joined
from adjudicator.ruleset import Violation
from events.skirmish import KINDS, Activate, Skip

from . import groups as grouping
from .results import Msg, Outcome, word
from .codes import violation
from .state import OK, SUPPRESSED as SUPPRESSED_STATUS, Activation, Figure, Group, Gun, Marker, SkirmishState
from .units import av, figures_of, is_musician

MOVES = ("move", "charge")
GUN_KINDS = ("move", "turn", "reload", "shoot")


def crew_of(state: SkirmishState, gun: str) -> list[Figure]:
    """The crewmen within 3 cm of their gun, unsuppressed (§Crew)."""
    from . import geometry as geo

    g = state.guns[gun]
    reach = state.tables.artillery.crew_radius + state.tables.bases.gun / 2
    return [f for f in state.figures.values() if f.gun == gun and f.status == OK
            and geo.centre_distance(f.pos, g.pos) - geo.diameter(state.tables, f) / 2 <= reach]


def acting_figures(state: SkirmishState, unit: str) -> list[Figure]:
    if unit in state.guns:
        return crew_of(state, unit)
    return [f for f in figures_of(state, unit) if f.on_table]


def cost(state: SkirmishState, unit: str, kinds: Sequence[str]) -> int:
    """The AP of the declared actions: the AV's n-th number for the n-th action, building moves at a
    flat 1 or 2; a group pays as one figure and, with a Musician, 1 AP less for its first action.
    Worked out once a state (the check and the resolution ask it alike)."""
    return memo(state, ("cost", unit, tuple(kinds)), lambda: _cost(state, unit, kinds))


def _cost(state: SkirmishState, unit: str, kinds: Sequence[str]) -> int:
    t = state.tables.actions
    if unit in state.markers:
        price = state.markers[unit].av
    else:
        price = av(state, acting_figures(state, unit))
    total = 0
    for i, kind in enumerate(kinds):
        if kind in ("enter", "leave"):
            total += t.building_enter_leave
        elif kind == "inside":
            total += t.building_inside
        else:
            total += price[min(i, 2)]
    group = state.groups.get(unit)
    if group and kinds and any(is_musician(state, state.figures[m]) and state.figures[m].status == OK
                               for m in group.members if m in state.figures):
        total = max(0, total - 1)
    return total


def recovery_needed(state: SkirmishState, fig: Figure) -> int:
    """2 actions, or 1 within 20 cm of an unsuppressed Leader, Standard or Hero (§Suppressed)."""
    from . import suppression

    return suppression.actions_needed(state, fig)


def validate_activate(state: SkirmishState, side: str, action: Activate) -> list[Violation]:
    return declaration_violations(state, side, action.unit, action.actions)


def resolve_activate(state: SkirmishState, side: str, action: Activate, dice: Dice) -> Outcome:
    return activate(state, action.unit, action.actions)


def declaration_violations(state: SkirmishState, side: str, unit: str, kinds: Sequence[str]) -> list[Violation]:
    """Can `unit` declare these actions now (§Actions and Action Points)?"""
    if state.phase != "activation":
        return [violation("turn/not-activation", Msg('no activations in the {phase} phase', phase=state.phase))]
    command = state.commands.get(state.active)
    if command is None or command.side != side:
        return [violation("turn/not-yours", Msg("it is {active}'s part of the turn, not {side}'s", active=state.active, side=side))]
    if state.activation is not None:
        return [violation("activation/busy", Msg('{unit} has not finished its declared actions (or skip them)', unit=state.activation.unit))]
    if not kinds or len(kinds) > state.tables.actions.per_activation:
        return [violation("activation/count", Msg('declare 1 to {per_activation} actions, not {count}', per_activation=state.tables.actions.per_activation, count=len(kinds)))]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        return [violation("activation/kind", Msg('unknown action {unknown}; one of {names}', unknown=repr(unknown[0]), names=', '.join(KINDS)))]
    out = _unit_may_act(state, side, unit, kinds)
    if out:
        return out
    out = _declaration(state, unit, kinds)
    if out:
        return out
    price = cost(state, unit, kinds)
    if price > command.ap:
        return [violation("activation/ap", Msg('{unit}: {count} actions cost {price} AP, {command} has {ap}', unit=unit, count=len(kinds), price=price, command=command.id, ap=command.ap))]
    return []


def _unit_may_act(state: SkirmishState, side: str, unit: str, kinds: Sequence[str]) -> list[Violation]:
    if unit in state.markers:
        return _marker_may_act(state, side, unit, kinds)
    if unit in state.guns:
        return _gun_may_act(state, side, unit, kinds)
    figs = figures_of(state, unit)
    if not figs:
        return [violation("activation/unknown", Msg('no figure or group {unit}', unit=repr(unit)))]
    if any(f.side != side or f.command != state.active for f in figs):
        return [violation("activation/not-yours", Msg('{unit} is not of {active}', unit=unit, active=state.active))]
    if any(f.id in state.acted for f in figs if f.on_table):
        return [violation("activation/again", Msg('{unit}: a figure activates once a turn (ruling S1)', unit=unit))]
    if unit in state.figures:
        return _figure_may_act(state, figs[0], kinds)
    return _group_may_act(state, state.groups[unit], figs, kinds)


def _marker_may_act(state: SkirmishState, side: str, unit: str, kinds: Sequence[str]) -> list[Violation]:
    m = state.markers[unit]
    problem = _not_theirs(state, side, m, Msg("{unit} is not a marker of {active}", unit=unit, active=state.active))
    if not problem and (m.status != "hidden" or unit in state.acted):
        problem = [violation("activation/marker", Msg('marker {unit} is revealed or has acted this turn', unit=unit))]
    if not problem and any(k != "move" for k in kinds):
        problem = [violation("activation/marker", Msg('an ambush marker only moves, as a rank-and-file fighter'))]
    return problem


def _gun_may_act(state: SkirmishState, side: str, unit: str, kinds: Sequence[str]) -> list[Violation]:
    g = state.guns[unit]
    out = _not_theirs(state, side, g, Msg("{unit} is not a gun of {active}", unit=unit, active=state.active))
    if out:
        return out
    if g.status != "ok" or unit in state.acted:
        return [violation("activation/gun", Msg('{unit} is destroyed or has acted this turn', unit=unit))]
    if not crew_of(state, unit):
        return [violation("activation/no-crew", Msg('no unsuppressed crewman within 3 cm of {unit}', unit=unit))]
    if any(k not in GUN_KINDS for k in kinds):
        return [violation("activation/gun", Msg('a crew serving its gun moves, turns, reloads and fires it only'))]
    return []


def _not_theirs(state: SkirmishState, side: str, piece: Gun | Marker, message: Msg) -> list[Violation]:
    """A gun or marker acts for its side, in its command's part of the turn."""
    if piece.side != side or piece.command != state.active:
        return [violation("activation/not-yours", message)]
    return []


def _figure_may_act(state: SkirmishState, fig: Figure, kinds: Sequence[str]) -> list[Violation]:
    if not fig.on_table:
        return [violation("activation/not-on-table", Msg('{figure} is {status}', figure=fig.id, status=fig.status))]
    if fig.status == SUPPRESSED_STATUS:
        need = recovery_needed(state, fig)
        fanatic = fig.has("fanatics") and kinds[0] == "move"
        if not fanatic and tuple(kinds[:need]) != ("recover",) * need:
            return [violation("activation/suppressed", Msg('{figure} is suppressed: its first {need} action(s) must be recover', figure=fig.id, need=need))]
    if fig.role == "crew" and any(k == "shoot" for k in kinds) and not fig.weapon:
        return [violation("shoot/no-weapon", Msg('{figure} has no firearm', figure=fig.id))]
    return []


def _group_may_act(state: SkirmishState, group: Group, figs: list[Figure], kinds: Sequence[str]) -> list[Violation]:
    unit = group.id
    out = grouping.validate_group(state, group)
    if out:
        return out
    leader = state.figures.get(group.leader)
    if leader is None or leader.status != OK:
        return [violation("group/leader", Msg('{unit} acts only on the orders of an unsuppressed Leader', unit=unit))]
    if any(k in ("shoot", "reload") for k in kinds) and any(f.has("sniper") for f in figs):
        return [violation("group/sniper", Msg('Snipers neither shoot nor reload in a group'))]
    if "charge" in kinds:
        if group.order == "loose":
            return [violation("charge/loose", Msg('{unit} is in loose order: close ranks before charging', unit=unit))]
        if all(f.has("skirmishers") for f in figs):
            return [violation("charge/skirmishers", Msg('Skirmishers never charge as a group'))]
    if "recover" in kinds and not any(f.status == SUPPRESSED_STATUS for f in figs):
        return [violation("recover/nothing", Msg('no figure of {unit} is suppressed', unit=unit))]
    return []


def _declaration(state: SkirmishState, unit: str, kinds: Sequence[str]) -> list[Violation]:
    moves = sum(1 for k in kinds if k in MOVES)
    if "shoot" in kinds and moves >= 2:
        return [violation("shoot/two-moves", Msg('{unit} declares two moves: it cannot shoot this activation', unit=unit))]
    if "charge" in kinds and any(k != "charge" for k in kinds):
        if pistol_volleys(state, unit) and _volleys_then_charge(kinds, pistol_volleys(state, unit)):
            return []
        return [violation("charge/only", Msg('a charging figure or group does nothing but try to reach the melee'))]
    if unit in state.figures and state.figures[unit].status == SUPPRESSED_STATUS and "charge" in kinds:
        return [violation("activation/suppressed", Msg('{unit} is suppressed', unit=unit))]
    return []


def pistol_volleys(state: SkirmishState, unit: str) -> int:
    """*Pistol volley: cavalry with it may fire as a group in the activation it charges, twice with
    more than one pistol (`pistols`), never aiming first. 0 when the unit has not the rule."""
    group = state.groups.get(unit)
    figs = acting_figures(state, unit)
    if group is None or not figs or not all(f.arm == "horse" and f.has("pistol-volley") for f in figs):
        return 0
    return 2 if all(f.has("pistols") for f in figs) else 1


def _volleys_then_charge(kinds: Sequence[str], most: int) -> bool:
    shots = 0
    while shots < len(kinds) and kinds[shots] == "shoot":
        shots += 1
    return 0 < shots <= most and all(k == "charge" for k in kinds[shots:]) and shots < len(kinds)


def activate(state: SkirmishState, unit: str, kinds: Sequence[str]) -> Outcome:
    """Pay for the declared actions and open the activation."""
    command = state.commands[state.active]
    price = cost(state, unit, kinds)
    figs = acting_figures(state, unit)
    moves = sum(1 for k in kinds if k in MOVES)
    ids = tuple(f.id for f in figs)
    acted = state.acted + ids + ((unit,) if unit in state.guns or unit in state.markers else ())
    ran = state.ran + ids if moves == state.tables.actions.per_activation else state.ran
    commands = {**state.commands, command.id: msgspec.structs.replace(command, ap=command.ap - price)}
    activation = Activation(unit=unit, figures=ids, command=command.id, declared=tuple(kinds))
    # a new activation: the last move is no longer there to be interrupted
    new = msgspec.structs.replace(state, acted=acted, ran=ran, commands=commands, activation=activation, moving="",
                                  charging=False)
    return Outcome(state=new, lines=(Msg("{unit} declares {kinds}: {price} AP ({left} left)", unit=unit, kinds=Joined(", ", map(word, kinds)), price=price,
                                          left=command.ap - price),))


def check_next(state: SkirmishState, side: str, unit: str, kind: str) -> list[Violation]:
    """The action posted is the next one its unit declared (§Actions: declared up front)."""
    a = state.activation
    if a is None or a.unit != unit:
        return [violation("activation/none", Msg('{unit} is not the figure or group acting now: activate it first', unit=unit))]
    if state.commands[a.command].side != side:
        return [violation("turn/not-yours", Msg("{unit} is not {side}'s", unit=unit, side=side))]
    if a.done >= len(a.declared):
        return [violation("activation/spent", Msg('{unit} has done all its declared actions', unit=unit))]
    if a.declared[a.done] != kind:
        return [violation("activation/order", Msg('{unit} declared {declared} as its next action, not {kind}', unit=unit, declared=repr(a.declared[a.done]), kind=repr(kind)))]
    return []


def step(state: SkirmishState, moving: str = "", charging: bool = False) -> SkirmishState:
    """One declared action is done; the activation closes after the last. `moving` names the unit
    that has just moved, which enemy reactions may now interrupt (§Fire in the enemy's turn)."""
    a = state.activation
    if a is None:
        return msgspec.structs.replace(state, moving=moving, charging=charging)
    done = a.done + 1
    if done >= len(a.declared):
        return msgspec.structs.replace(state, activation=None, moving=moving, charging=charging)
    return msgspec.structs.replace(state, activation=msgspec.structs.replace(a, done=done), moving=moving,
                                   charging=charging)


def validate_skip(state: SkirmishState, side: str, action: Skip) -> list[Violation]:
    a = state.activation
    if a is None or a.unit != action.unit or state.commands[a.command].side != side:
        return [violation("activation/none", Msg('{unit} is not acting now', unit=action.unit))]
    return []


def resolve_skip(state: SkirmishState, side: str, action: Skip, dice: Dice) -> Outcome:
    """Give up the rest of the declared actions; their AP stay spent (ruling S8)."""
    return Outcome(state=msgspec.structs.replace(state, activation=None, moving="", charging=False),
                   lines=(Msg("{unit} gives up the rest of its actions", unit=action.unit),))


def moves_declared(state: SkirmishState) -> int:
    a = state.activation
    return sum(1 for k in a.declared if k in MOVES) if a else 0


def moves_before(state: SkirmishState) -> int:
    """How many moves the activation has made before its current action."""
    a = state.activation
    return sum(1 for k in a.declared[:a.done] if k in MOVES) if a else 0


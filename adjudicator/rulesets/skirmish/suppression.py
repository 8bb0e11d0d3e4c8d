"""Suppressed fighters and their recovery.

seed 001 §Suppressed fighters: no actions, -1d6 in melee, may be ignored when shooting; recovery
takes 2 actions of an activation, 1 within 20 cm of an unsuppressed Leader, Standard or Hero.
"""

from __future__ import annotations

import msgspec

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.skirmish import Recover

from . import actions, geometry as geo
from .results import Msg, Outcome, Said
from .codes import violation
from .state import OK, SUPPRESSED, Figure, SkirmishState
from .units import is_leader, is_standard


def rallying_figure_near(state: SkirmishState, fig: Figure) -> Figure | None:
    t = state.tables
    return next((f for f in state.figures.values() if f.side == fig.side and f.id != fig.id and f.status == OK
                 and (is_leader(state, f) or is_standard(state, f) or f.role == "hero")
                 and geo.gap(t, f, fig) <= t.recovery.radius), None)


def actions_needed(state: SkirmishState, fig: Figure) -> int:
    t = state.tables.recovery
    return t.near_actions if rallying_figure_near(state, fig) is not None else t.actions


def validate_recover(state: SkirmishState, side: str, action: Recover) -> list[Violation]:
    unit = action.unit
    out = actions.check_next(state, side, unit, "recover")
    if out:
        return out
    if not any(f.status == SUPPRESSED for f in actions.acting_figures(state, unit)):
        return [violation("recover/nothing", Msg('no figure of {unit} is suppressed', unit=unit))]
    return []


def resolve_recover(state: SkirmishState, side: str, action: Recover, dice: Dice) -> Outcome:
    return recover(state, action.unit)


def recover(state: SkirmishState, unit: str) -> Outcome:
    """One recover action. The suppressed figures of the unit recover once the activation has
    spent the actions they need on recovery (both in this activation: ruling S9)."""
    a = state.activation
    assert a is not None
    spent = sum(1 for k in a.declared[:a.done + 1] if k == "recover")
    figures = dict(state.figures)
    lines: list[Said] = []
    for f in actions.acting_figures(state, unit):
        if f.status != SUPPRESSED:
            continue
        need = actions_needed(state, f)
        if spent >= need:
            figures[f.id] = msgspec.structs.replace(f, status=OK)
            lines.append(Msg("{figure} recovers ({count} action)", figure=f.id, count=need, plural="{figure} recovers ({count} actions)"))
        else:
            lines.append(Msg("{figure} recovers: {spent} of {need} actions", figure=f.id, spent=spent, need=need))
    return Outcome(state=actions.step(msgspec.structs.replace(state, figures=figures)), lines=tuple(lines))

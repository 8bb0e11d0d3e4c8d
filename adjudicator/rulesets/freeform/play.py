"""What a player may post now, for `options` and random play."""

from __future__ import annotations

from events.core import REFEREE, Action, Note
from events.freeform import EndTurn, RollDice
from adjudicator.rulesets.freeform.state import FreeformState

_SIM_EXPRS = ("1d6", "2d6", "1d10z", "3d6", "1d20", "1d100")


def legal_actions(s: FreeformState, actor: str) -> list[Action]:
    acts: list[Action] = [RollDice(expr=e, purpose=f"{actor} {e}") for e in _SIM_EXPRS]
    acts.append(Note(text=f"{actor} considers turn {s.turn}"))
    if actor in (s.to_play, REFEREE):
        acts.append(EndTurn())
    return acts

# What ends or declines (scripted play takes it when nothing else is left, or at times)
RESTS = (EndTurn,)

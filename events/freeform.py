"""The actions of `freeform`: a verifiable dice log for any game, with no board rules."""

from __future__ import annotations

from events.core import Action


class RollDice(Action, tag="freeform.roll", frozen=True):
    expr: str
    purpose: str = ""


class EndTurn(Action, tag="freeform.end-turn", frozen=True):
    pass


ACTIONS = (RollDice, EndTurn)

"""What each action does: a roll rolls; `end turn` passes the turn, and closes its dice epoch."""

from __future__ import annotations

from typing import Any

from events.core import Envelope
from events.freeform import EndTurn, RollDice
from adjudicator.draft import Draft
from adjudicator.ruleset import Step
from adjudicator.rulesets.freeform.state import FreeformState


def roll(d: Draft[FreeformState], event: Envelope[RollDice]) -> None:
    d.dice.roll(event.action.purpose or "roll", event.action.expr)


def end_turn(d: Draft[FreeformState], event: Envelope[EndTurn]) -> None:
    s, turn = d.s, d.base.turn
    s.turn, s.active = turn + 1, (s.active + 1) % len(s.players)
    d.say("turn {} ends (dice epoch {} closed); turn {}: {} to play", turn, turn, s.turn, s.to_play)


STEPS: dict[type[Any], Step[FreeformState]] = {RollDice: roll, EndTurn: end_turn}

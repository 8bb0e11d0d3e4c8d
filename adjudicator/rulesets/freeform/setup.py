"""The state before any action: the players, in the order they were named, the first to play."""

from __future__ import annotations

from events.core import GameCreated
from adjudicator.rulesets.freeform.state import FreeformState


def setup(created: GameCreated) -> FreeformState:
    return FreeformState(players=created.players)

"""One phase, play: the player whose turn it is ends it (or the referee does). Anyone may roll
or note at any time (a defender's saving throw in the attacker's turn), so rolls are not gated."""

from __future__ import annotations

from events.freeform import EndTurn
from adjudicator.phases import Marks, Phase, Phases
from adjudicator.rulesets.freeform.codes import RULE
from adjudicator.rulesets.freeform.state import FreeformState

PHASES: Phases[FreeformState] = Phases(
    current=lambda s: "play",
    table=(
        Phase("play", RULE, (EndTurn,), deciders=lambda s: (s.to_play,),
              prompt=lambda s, side: f"turn {s.turn}: roll, note, end turn", referee=True),
    ),
)


# A dice epoch is a player-turn. Freeform has no rule that ends a game: the referee ends it, or a
# player concedes.
MARKS: Marks[FreeformState] = Marks(turn=lambda s: s.turn, phase=lambda s: "play", epoch=lambda s: s.turn,
                                    result=lambda s: "")

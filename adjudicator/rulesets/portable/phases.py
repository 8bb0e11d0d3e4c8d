"""The phases of a turn (seed 002, ПРОЦЕДУРА ХОДА), and the hit that waits for its owner's choice.

    artillery   every side fires its guns, then ends its artillery phase (R20); the game waits for
                the sides whose guns can still fire (for every side that has not ended, when no gun
                can), and any side that has not ended may end it
    activation  the side whose turn it is activates its units, then ends its activation (R21)
    hit         a hit left its owner the choice to retreat or lose 1 SP: nothing else goes on until
                each owner has posted `react` (R22); a phase inside the activation, so the phase an
                event records (PortableState.phase) stays `activation`

Standing orders are a side's in any phase. Once the battle is over no row applies.
"""

from __future__ import annotations

from events.portable import (
    Bombard, EndActivation, EndArtillery, Face, Fire, Form, Melee, Move, Occupy, React, StandingOrder,
)
from adjudicator.phases import Phase, Phases

from . import codes as C
from .state import PortableState
from .turn import can_bombard


def current(s: PortableState) -> str:
    return "hit" if s.pending and s.phase != "over" else s.phase


def _not_done(s: PortableState) -> list[str]:
    return [x for x in s.sides if x not in s.art_done]


def _gunners(s: PortableState) -> list[str]:
    """The sides the artillery phase waits for: those whose guns can fire, else all not done."""
    left = _not_done(s)
    return [x for x in left if can_bombard(s, x)] or left


def _artillery_prompt(s: PortableState, side: str) -> str:
    if can_bombard(s, side):
        return f"turn {s.turn} artillery phase: bombard GUN at TARGET, then end artillery"
    return f"turn {s.turn} artillery phase: no gun can fire; end artillery to roll for initiative"


def _owners(s: PortableState) -> list[str]:
    """The sides with a hit that waits for their choice, in the order of the hits."""
    return list(dict.fromkeys(x.side for x in s.pending))


def _hit_prompt(s: PortableState, side: str) -> str:
    x = next(x for x in s.pending if x.side == side)
    return (f"hit on {x.unit} (by {x.by}): react {x.unit} retreat [SQUARE] "
            f"or react {x.unit} lose (seed 002 hit reaction)")


PHASES: Phases[PortableState] = Phases(
    current=current,
    table=(
        Phase("artillery", C.SEQUENCE, (Bombard, EndArtillery), deciders=_gunners, prompt=_artillery_prompt, may=_not_done),
        Phase("activation", C.SEQUENCE, (Move, Fire, Melee, Occupy, Form, Face, EndActivation),
              deciders=lambda s: (s.active,),
              prompt=lambda s, side: f"turn {s.turn}: activate units (move; move and fire; move and melee), then end activation"),
        Phase("hit", C.HITS, (React,), deciders=_owners, prompt=_hit_prompt),
    ),
    anytime=(StandingOrder,),
)

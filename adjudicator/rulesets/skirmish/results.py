"""What a resolution returns: the new state, the lines of the report and the shots to draw on the
map (never stored in the state; apply.py hands them to the engine's draft)."""

from __future__ import annotations

import msgspec

from .state import Point, SkirmishState

# (kind, from, to): a shot of a firearm or a gun, to draw on the map; moves are read off the state
Shot = tuple[str, Point, Point]


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    state: SkirmishState
    lines: tuple[str, ...] = ()
    shots: tuple[Shot, ...] = ()


def dice_text(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces)

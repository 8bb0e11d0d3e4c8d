"""What a resolution returns: the new state, the lines of the report and the shots to draw on the
map (never stored in the state; apply.py hands them to the engine's draft)."""

from __future__ import annotations

import msgspec

from adjudicator.i18n import Msg, N_

from .state import Point, SkirmishState

# a line of the report: a message with its fields, shown in the reader's language
Said = str | Msg

# (kind, from, to): a shot of a firearm or a gun, to draw on the map; moves are read off the state
Shot = tuple[str, Point, Point]


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    state: SkirmishState
    lines: tuple[Said, ...] = ()
    shots: tuple[Shot, ...] = ()


def dice_text(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces)


# the range bands as a report names them (their own words: `close` range is no `close` order)
RANGE_BANDS = {"close": N_("close"), "effective": N_("effective"), "long": N_("long"), "extreme": N_("extreme")}


def range_band(name: str) -> Msg:
    """A range band inside a line, in the reader's language."""
    return Msg(RANGE_BANDS[name])


def word(text: str) -> Msg:
    """Fixed words of the notation (`move, shoot`, `close`, `ball`) inside a line: the Russian forms in Russian."""
    from adjudicator.localize import Word

    return Word("skirmish", text)

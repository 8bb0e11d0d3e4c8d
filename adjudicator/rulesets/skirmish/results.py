"""What a resolution returns: the new state and the lines of the report (never stored)."""

from __future__ import annotations

import msgspec

from .state import SkirmishState


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    state: SkirmishState
    lines: tuple[str, ...] = ()


def dice_text(faces: tuple[int, ...]) -> str:
    return " ".join(str(f) for f in faces)

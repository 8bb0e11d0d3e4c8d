"""The state of a `freeform` game: whose turn it is."""

from __future__ import annotations

import msgspec


class FreeformState(msgspec.Struct, kw_only=True, dict=True):
    players: tuple[str, ...]
    turn: int = 1
    active: int = 0

    @property
    def to_play(self) -> str:
        return self.players[self.active]


STATE = FreeformState

"""The state of a Portable Wargame battle: plain msgspec Structs.

The units on the grid, the armies with their Exhaustion Points, the turn and phase, and what the
current activation has done so far. The state is changed only through the engine's draft (its
pieces, units and armies, are frozen); what an event did is its outcome, never kept here.
"""

from __future__ import annotations

from typing import Any

import msgspec


class Unit(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    side: str  # the player who commands it
    kind: str  # a key of the [units] table
    arm: str  # infantry, cavalry, mg, artillery, transport, commander
    cls: str  # elite, average, poor
    square: str
    sp: int  # a commander's SP are notional: they count only towards exhaustion
    name: str = ""
    formation: str = ""  # infantry: line or square
    facing: str = ""  # artillery: n, e, s or w
    horse: bool = False  # horse artillery
    village_turns: int = 0  # full turns spent in a village without firing or melee


class Hit(msgspec.Struct, frozen=True, kw_only=True):
    """An artillery hit, applied when both sides have fired (PW19C-Squared rule b)."""

    target: str
    by: str
    origin: str  # the square fired from: the target retreats away from it


class Decision(msgspec.Struct, frozen=True, kw_only=True):
    """A hit result that lets the owner retreat one square or lose 1 SP: they must choose."""

    unit: str
    side: str
    origin: str
    by: str


class Army(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    title: str
    player: str
    initial_sp: int
    ep: int  # the Exhaustion Point: lost SP at or above it exhausts the army
    lost: int = 0
    exhausted: bool = False


class PortableState(msgspec.Struct, kw_only=True, dict=True):
    scenario: str
    title: str
    width: int
    height: int
    max_turns: int
    terrain: dict[str, str]
    roads: tuple[str, ...]
    sides: tuple[str, ...]
    armies: dict[str, Army]
    units: dict[str, Unit]
    tables: dict[str, Any]
    options: tuple[str, ...] = ()
    fortified: tuple[str, ...] = ()
    turn: int = 1
    phase: str = "artillery"  # artillery, activation, over
    art_done: tuple[str, ...] = ()
    queued: tuple[Hit, ...] = ()
    bombarded: tuple[str, ...] = ()  # guns that fired in this turn's artillery phase
    targets: dict[str, str] = {}  # gun -> the unit it fired at this turn
    last_targets: dict[str, str] = {}  # gun -> the unit it fired at last turn
    initiative: dict[str, int] = {}
    first: str = ""
    active: str = ""
    activated: tuple[str, ...] = ()
    current: str = ""
    moved: int = -1  # squares the current unit has moved; -1: it has not moved
    attacked: bool = False  # the current unit has fired or fought
    vacated: str = ""  # the square its melee target left, which it may occupy
    engaged: tuple[str, ...] = ()  # units that fired or took part in melee this turn
    pending: tuple[Decision, ...] = ()
    standing: dict[str, str] = {}  # side or unit id -> retreat, lose or ask
    result: str = ""


def other(state: PortableState, side: str) -> str:
    return next(s for s in state.sides if s != side)

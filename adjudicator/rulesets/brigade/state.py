"""The state of a General de Brigade game: plain msgspec Structs, positions in inches.

The pieces (units, generals, brigades, places, sides, orders, rolls) are frozen: a step changes
them only through the engine's draft (adjudicator/draft.py), which replaces a piece in its own copy
of the dict, so consecutive states share every piece an event did not touch. `BOARD` tells the
engine which dicts hold pieces, and indexes the units by brigade and by side.
"""

from __future__ import annotations

import math
import re
from typing import Any

import msgspec

from adjudicator.draft import Board, index, pieces_in
from adjudicator.i18n import Joined, Msg
from adjudicator.localize import Word

INFANTRY = ("line-infantry", "guard-infantry", "light-infantry")
CAVALRY = ("line-cavalry", "guard-cavalry", "cossacks")
ARTILLERY = ("foot-artillery", "horse-artillery")
KINDS = INFANTRY + CAVALRY + ARTILLERY
SKILLS = ("inept", "average", "gifted")
ORDERS = ("attack", "engage", "support", "move", "hold", "withdraw")
FLANKS = ("left", "right", "rear")
UNIT_STATUSES = ("formed", "disordered", "wavering", "retreating", "routed", "pursuing", "dispersed", "removed")
OFF_TABLE = ("dispersed", "removed")
BRIGADE_RESULTS = ("steady", "broken", "mass-panic")
FATES = ("present", "wounded", "lost")
CONTACT = 1.0  # inches: units this near are in contact (R7); nearer, they stand on each other (R28, R30)


class Order(msgspec.Struct, kw_only=True, frozen=True):
    kind: str
    objective: str = ""
    flank: str = ""

    def text(self) -> str:
        return " ".join(p for p in (self.kind.capitalize(), self.objective, self.flank) if p)

    def shown(self) -> Joined:
        """The order as text() gives it, its kind and flank in the reader's words."""
        return Joined(" ", [p for p in (Word("brigade", self.kind.capitalize()), self.objective,
                                        Word("brigade", self.flank) if self.flank else "") if p])


class Piece(msgspec.Struct, kw_only=True, frozen=True):
    """What every piece has: its id (its key in its dict) and the name the reports give it."""

    id: str
    name: str


class Unit(Piece, kw_only=True, frozen=True):
    side: str
    brigade: str
    kind: str
    x: float
    y: float
    strength: int
    start_strength: int
    status: str = "formed"
    # this turn's bookkeeping, reset when a turn begins
    sx: float = 0.0
    sy: float = 0.0
    moved: str = ""  # the phase it last moved in, this turn
    charged: bool = False
    charged_at: str = ""  # the unit its charge this turn was declared at
    fired: bool = False

    @property
    def on_table(self) -> bool:
        return self.status not in OFF_TABLE


class General(Piece, kw_only=True, frozen=True):
    side: str
    role: str  # cinc or brigadier
    skill: str
    x: float
    y: float
    brigade: str = ""
    fate: str = "present"
    moved: str = ""


class Brigade(Piece, kw_only=True, frozen=True):
    side: str
    general: str
    order: Order | None = None
    pending: Order | None = None  # §5.12 optional rule: changed, effective next command phase
    pending_auto: Order | None = None  # §5.6/§5.8 automatic option, effective next command phase
    objective_taken: int = 0  # the turn its Attack objective was taken (0: not taken)
    morale: str = "steady"
    formed_cav_charges: int = 0  # §5.7: this turn


class Place(Piece, kw_only=True, frozen=True):
    x: float
    y: float
    key: bool = False
    holder: str = ""
    start_holder: str = ""


class Side(Piece, kw_only=True, frozen=True):
    nationality: str
    cinc: str
    value: int = 0
    waver: int = 0
    breakpoint: int = 0
    waver_tested: bool = False
    break_tested: bool = False
    orders_label: str = ""
    orders_commitment: str = ""
    orders_open: bool = False
    skills_rolled: bool = False
    # this turn
    order_change_used: bool = False
    brigadier_initiative_used: bool = False
    auto_declared: bool = False  # an automatic option declared this turn
    auto_replaces_roll: bool = False  # last turn's automatic option replaces this turn's roll
    defeated: bool = False


class OpenRoll(msgspec.Struct, kw_only=True, frozen=True):
    seq: int
    side: str
    unit: str
    purpose: str
    total: int
    entered: tuple[str, ...] = ()  # the kinds of result already entered from it (R12): each comes once


class DefeatTest(msgspec.Struct, kw_only=True, frozen=True):
    turn: int
    side: str
    reason: str
    roll: int
    modifiers: list[tuple[str, int]]
    total: int
    defeated: bool


class BrigadeState(msgspec.Struct, kw_only=True, dict=True):
    game: str
    title: str
    width: float
    height: float
    max_turns: int
    players: tuple[str, str]
    options: tuple[str, ...]
    tables: dict[str, Any]
    sides: dict[str, Side]
    generals: dict[str, General]
    brigades: dict[str, Brigade]
    units: dict[str, Unit]
    places: dict[str, Place]
    turn: int = 0
    phase: str = "setup"
    step: int = 0
    phasing: str = ""
    initiative_winner: str = ""
    open_rolls: dict[str, OpenRoll] = {}  # by the seq of the event that rolled, `SEQ/N` for its Nth roll after the first
    standing: dict[str, dict[str, str]] = {}  # side -> kind -> mode: the standing orders posted (decide.py)
    brigade_tested: bool = False  # a brigade result was entered in this morale phase (§4.8)
    defeat_tests: list[DefeatTest] = []
    result: str = ""
    over: bool = False

    def other(self, side: str) -> str:
        return self.players[1] if side == self.players[0] else self.players[0]


STATE = BrigadeState
# the units are the board's pieces, indexed by brigade and by side; no unit ever changes either
BOARD = Board(pieces="units", command="brigade", side="side",  # the collections, the most often changed first
              collections=("units", "open_rolls", "sides", "brigades", "generals", "places"))


def units_of(state: BrigadeState, brigade: str) -> list[Unit]:
    """The units of a brigade, in the order of the pieces, from the engine's index (of a state, not of
    a draft's working copy)."""
    return pieces_in(index(state, BOARD).of_command(brigade), state.units)


def rolls_of(state: BrigadeState, seq: int, piece: str) -> list[OpenRoll]:
    """The open rolls the event `seq` made for `piece` (a standing order may fire several units in one
    event), in the order they were rolled."""
    return [r for r in state.open_rolls.values() if r.seq == seq and r.unit == piece]


def roll_key(state: BrigadeState, seq: int) -> str:
    """The key of a new open roll of event `seq`: `SEQ`, then `SEQ/2`, `SEQ/3`... for its further rolls."""
    key, n = str(seq), 1
    while key in state.open_rolls:
        n += 1
        key = f"{seq}/{n}"
    return key


def dist(ax: float, ay: float, bx: float, by: float) -> float:
    return math.hypot(ax - bx, ay - by)


def close_order(unit: Unit) -> bool:
    return unit.kind not in ("light-infantry",) + ARTILLERY


def nearest_enemy(state: BrigadeState, side: str, x: float, y: float) -> float:
    """Distance from (x, y) to the nearest enemy unit on the table; inf when there is none."""
    best, hypot = math.inf, math.hypot
    for u in state.units.values():
        # `on_table` and `dist` written out: this runs for every move checked
        if u.side != side and u.status not in OFF_TABLE:
            d = hypot(x - u.x, y - u.y)
            if d < best:
                best = d
    return best


def mods_text(mods: list[tuple[Any, int]]) -> Joined:
    """Modifiers as a report line gives them: ` +1 (gifted CinC) -1 (Inept brigadier)` (a label may be
    a message, shown in the reader's language)."""
    return Joined("", [Msg(" {value} ({label})", value=f"{m:+d}", label=_label(label)) for label, m in mods])


_COUNTED = re.compile(r"^(.*) x(\d+)$")


def _label(label: Any) -> Any:
    """A modifier's label as a message: the state keeps the army defeat test's as text (`own brigade
    Broken x3`), which is a message of its own followed by its count."""
    if not isinstance(label, str):
        return label
    counted = _COUNTED.match(label)
    if counted:
        return Msg("{label} x{count}", label=Msg(counted.group(1)), count=counted.group(2))
    return Msg(label)

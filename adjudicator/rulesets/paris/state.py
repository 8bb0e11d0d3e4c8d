"""The state of a `paris` game: units, leaders, wings, the turn sequence and pending decisions.

The pieces are frozen and shared from state to state; a step changes a draft of the state (the
engine's, adjudicator/draft.py) and its pieces only through it. They hold only strings, numbers and
tuples of them, never a reference back: they are made untracked by the garbage collector
(gc=False), which each event makes dozens of. BOARD tells the engine where the units stand, under
which wing and of which side, for its index of them.
"""

from __future__ import annotations

from typing import Any

import msgspec

from adjudicator.draft import Board, Draft
from adjudicator.i18n import N_, Msg

CAVALRY = frozenset("GCRA")
INFANTRY = frozenset("SLTFHE")
ARTILLERY = "ART"
ORDERS = ("attack", "march", "rally")  # §1.2, in priority order
LEVELS = (N_("normal"), N_("disorder"), N_("shaken"), N_("broken"))  # §12


class Unit(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    id: str
    name: str
    side: str
    wing: str
    kind: str  # a type letter of §2.2, or ART
    morale: int
    ma: int
    fire: int  # fire strength: the roll must reach it (§10.5); 0 = cannot fire
    hex: str
    facing: int
    level: int = 0  # index into LEVELS
    mp: int = 0  # movement points left in the current activation
    acted: str = ""  # "", "move" or "rally": what it did in the current activation (§3.2 В)
    start_hex: str = ""  # where its move began in this activation
    straight: int = 0  # hexes entered since it last turned, this activation (charge, §11.5)
    charge: bool = False
    fired: bool = False  # offensive fire this turn (§10.3); artillery: "Tiré" (§7, §10.3)
    reacted: bool = False  # reaction movement this enemy activation (§8.2)
    intercepted: bool = False  # "Перехват" marker: it intercepted this enemy activation (§8.3)
    lance_lost: bool = False  # a gendarme that lost a level in melee (§11.5)
    in_command: bool = True  # as traced when it began to move (§5.1)

    @property
    def cavalry(self) -> bool:
        return self.kind in CAVALRY

    @property
    def infantry(self) -> bool:
        return self.kind in INFANTRY

    @property
    def artillery(self) -> bool:
        return self.kind == ARTILLERY


class Leader(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    id: str
    name: str
    side: str
    wing: str
    rating: int
    ma: int
    hex: str
    adjutant: bool = False
    mp: int = 0
    acted: str = ""
    helped_rally: bool = False
    reacted: bool = False


class Wing(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    id: str
    name: str
    side: str
    leader: str
    order: str
    done: bool = False  # activated this turn, leader flipped to "Activated" (§4.3)
    waiting: bool = False  # "En attente" (§4.4)
    no_reactivation: bool = False  # "Sans réactivation" (§4.4)
    barred: bool = False  # cannot activate this turn (§5.2.2) or ever (no units left)
    order_change_tried: bool = False
    activations: int = 0


class Window(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A pending decision of the non-active side about a trigger (§8.2, §8.3, §10.3)."""

    trigger: str  # the active unit
    event: str  # enter, turn, rally, fire
    came_from: str = ""  # for "enter": the hex the trigger left, to tell whether it came nearer (§8.2, ruling R46)
    fire: tuple[str, ...] = ()  # units that may fire defensively
    intercept: tuple[str, ...] = ()
    react: tuple[str, ...] = ()


class MeleeDecl(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    lead: str
    supports: tuple[str, ...]
    target: str
    reactive: bool = False


class MeleeStep(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A melee whose result is being carried out (§11.4), kept while it waits for a player's choice.

    `stage` is what comes next (aftermath.STAGES); `unit`, `hexes`, `away`, `into` and `must` say
    what the deciding side is asked: a retreat of `hexes` away from `away`, or an advance into `into`.
    """

    lead: str
    defender: str
    side: str  # the attacking side
    lead_hex: str  # where the lead unit fought from
    defender_hex: str  # the hex fought for
    attacker_retreat: int = 0
    defender_retreat: int = 0
    ride_through: bool = False  # Passage à travers by a charging gendarme or cuirassier (§11.5)
    leaders: tuple[str, ...] = ()  # leaders in the melee (§5.2.1)
    roll_leaders: bool = True  # False when a forlorn hope died attacked alone: no roll was made
    stage: str = "attacker-retreat"
    unit: str = ""
    hexes: int = 0
    away: str = ""
    into: str = ""
    must: bool = False


class PState(msgspec.Struct, kw_only=True, dict=True):
    """A state of the game. Its fields are all there is to it; its __dict__ keeps only what the engine
    works out from them (the index of the units, the memos of ground.py and command.py), never
    encoded, compared or copied by replace. Once made, a state is never changed: a step changes a
    draft of it."""

    game: str
    scenario: str
    title: str
    players: tuple[str, ...]  # the two sides, as the players are named
    side_names: dict[str, str]  # player -> scenario side name
    edges: dict[str, str]  # player -> "north" | "south"
    options: tuple[str, ...]
    layout: str
    rows: int
    cols: int
    terrain: dict[str, str]  # hex -> terrain type (clear is absent)
    tables: dict[str, Any]
    victory: dict[str, Any]
    turns: int
    units: dict[str, Unit]
    leaders: dict[str, Leader]
    wings: dict[str, Wing]
    turn: int = 1
    phase: str = "orders"  # orders, select, preempt, act, react, reactive-melee, retreat, advance, reactivate, over
    seals: tuple[str, ...] = ()  # sides that sealed their turn-1 orders
    commitments: dict[str, str] = {}
    seal_labels: dict[str, str] = {}  # side -> the label of its sealed turn-1 orders (a ruling voids them by label, R47)
    unsealed: tuple[str, ...] = ()
    first: str = ""  # the side with the initiative this turn (§4.1)
    to_play: str = ""  # who selects the next wing
    passes: int = 0  # passes in succession (§3.2)
    active_wing: str = ""
    preempted_wing: str = ""  # the wing "En attente", to be activated next (§4.4)
    preempting: bool = False  # the current activation is a pre-emption: no pre-empting it
    reactivated: bool = False  # the current activation is a re-activation
    acting_unit: str = ""  # the unit whose movement is under way (§8.1)
    window: Window | None = None
    melees: tuple[MeleeDecl, ...] = ()
    melee_step: MeleeStep | None = None  # a melee result waiting for a retreat or advance choice (§11.4)
    finish_after_melee: bool = False
    adjutants_due: tuple[Leader, ...] = ()  # adjutants waiting for their owner to place them (hex "", §5.2.2, R27)
    resume: str = ""  # what goes on once they are placed: "melee" = the melees and what follows them (R27)
    standing: dict[str, dict[str, str]] = {}
    destroyed: dict[str, tuple[str, ...]] = {}  # side -> its units destroyed (§14 victory)
    removed: tuple[str, ...] = ()  # units removed without counting for normal victory (Dreux option)
    result: str = ""
    option_data: dict[str, Any] = {}  # the scenario's data for each option chosen
    orders_pending: dict[str, dict[str, str]] = {}  # unsealed turn-1 orders, applied when both are open

    def other(self, side: str) -> str:
        return self.players[1] if side == self.players[0] else self.players[0]

    @property
    def active_side(self) -> str:
        w = self.wings.get(self.active_wing)
        return w.side if w else ""


STATE = PState
BOARD = Board("units", position="hex", command="wing", side="side", collections=("units", "leaders", "wings"))


def table(s: PState, name: str) -> dict[str, Any]:
    """One of the game's tables (tables.toml, or the referee's)."""
    return s.tables.get(name, {})


def leader_name(ld: Leader) -> Msg | str:
    """A leader's name in a report: an adjutant's ("adjutant of Condé", as the state holds it) in the
    reader's language."""
    if ld.adjutant and ld.name.startswith("adjutant of "):
        return Msg("adjutant of {name}", name=ld.name[len("adjutant of "):])
    return ld.name


def d10(d: Draft[PState], purpose: str, side: str = "") -> int:
    """A ten-sided die, read 0-9 (ruling R1; the tables' `dice.d10`)."""
    return sum(d.dice.roll(purpose, table(d.base, "dice").get("d10", "1d10z"), side))

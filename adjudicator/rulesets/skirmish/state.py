"""The state of a skirmish: plain, frozen msgspec Structs.

Positions are centimetres on the table as plain floats (x to the right, y up); angles are degrees
counter-clockwise from the x axis. The pieces are frozen; the state itself is the engine's to
draft (adjudicator/draft.py): `dict=True` keeps what is worked out from it, and the terrain keeps
its shapes (geometry.ground), made once a game since they never change.
"""

from __future__ import annotations

import msgspec

from adjudicator.draft import Board

from .tables import Tables

Point = tuple[float, float]

OK, SUPPRESSED, OUT, FLED, RESERVE = "ok", "suppressed", "out", "fled", "reserve"
ON_TABLE = (OK, SUPPRESSED)


class Figure(msgspec.Struct, frozen=True, kw_only=True):
    """One fighter (or a crewman, or a wagon)."""

    id: str
    side: str
    command: str  # the initiative pool it spends: its side (Small, Medium) or its company (Large)
    company: str  # the company it was bought in
    kind: str  # key of [profiles]
    arm: str = "foot"  # foot, horse or wagon
    x: float = 0.0
    y: float = 0.0
    facing: float = 90.0
    av: tuple[int, int, int] = (1, 2, 3)
    c: int = 3
    weapon: str = ""  # key of [weapons]; "" when it has no firearm
    rules: tuple[str, ...] = ()
    role: str = ""  # sergeant, officer, senior-officer, chief, shaman, standard, musician, hero, crew
    gun: str = ""  # the gun a crewman serves
    group: str = ""  # the group it stands in (Group.members is the group's roster, leader first)
    status: str = OK  # ok, suppressed, out, fled, reserve (off the table: not deployed, or under a marker)
    horse_hit: bool = False  # a rider whose horse was hit: no more bonuses from it
    loaded: bool = True
    reloading: int = 0  # reload actions done towards the next shot
    aimed: bool = False
    bayonet: bool = False
    inside: str = ""  # the building it is in
    hidden: bool = False  # inside, out of sight (not at the windows)

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    @property
    def on_table(self) -> bool:
        return self.status in ON_TABLE

    def has(self, rule: str) -> bool:
        return rule in self.rules


class Group(msgspec.Struct, frozen=True, kw_only=True):
    """A temporary group under a Leader (seed 001 §Fighters and groups)."""

    id: str
    side: str
    leader: str  # "" for a gun crew serving its gun, the one group without a Leader
    members: tuple[str, ...]  # every figure of the group, the leader included
    order: str = "close"  # close or loose
    formation: str = ""  # "", column or line
    facing: float = 90.0


class Gun(msgspec.Struct, frozen=True, kw_only=True):
    """A light cannon with its ammunition marker (seed 001 §Artillery)."""

    id: str
    side: str
    command: str
    x: float
    y: float
    facing: float
    ammo_x: float
    ammo_y: float
    size: str = "light"
    loaded: str = ""  # "", ball or canister
    reloading: int = 0
    balls: int = 0
    canister: int = 0
    status: str = "ok"  # ok or destroyed
    ammo: str = "ok"  # ok or exploded

    @property
    def pos(self) -> Point:
        return (self.x, self.y)


class Marker(msgspec.Struct, frozen=True, kw_only=True):
    """An ambush marker: its figures are sealed orders of its side (`seal MARKER COMMITMENT`, the
    engine's) until the side opens them (`unseal MARKER SALT`) and places them (ambush.py)."""

    id: str
    side: str
    command: str
    x: float
    y: float
    av: tuple[int, int, int] = (1, 2, 3)  # the rank-and-file fighter of the main company
    status: str = "hidden"  # hidden, spotted (must be opened), opened (its figures to place) or revealed
    figures: tuple[str, ...] = ()  # once opened: the figures it hid, to be placed

    @property
    def pos(self) -> Point:
        return (self.x, self.y)


class Area(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    kind: str  # key of [terrain]
    points: tuple[Point, ...]
    level: int = 0


class Line(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    kind: str  # key of [terrain]
    points: tuple[Point, ...]
    level: int = 1
    width: float = 0.0  # a road's width


class Terrain(msgspec.Struct, frozen=True, kw_only=True, dict=True):
    """The table; its shapes are made once and kept in its __dict__ (geometry.ground)."""

    width: float
    height: float
    areas: tuple[Area, ...] = ()
    lines: tuple[Line, ...] = ()


class Command(msgspec.Struct, frozen=True, kw_only=True):
    """An initiative pool: a side's (Small, Medium format) or a company's (Large)."""

    id: str
    side: str
    roll: tuple[int, ...] = ()
    ap: int = 0  # its pool; once it has ended its actions, what it kept (at most 6) for reactions
    rerolls: int = 0  # initiative dice it may roll again this turn
    stubborn: bool = False  # rolls an extra die and banks more (Senior Officer: Stubborn)
    done: bool = False  # has finished its activations this turn
    turn_av: tuple[int, int, int] | None = None  # Agitators: 1/1/1 for every figure this turn
    to_share: int = 0  # a Capable Senior Officer's points, not yet shared out


class Activation(msgspec.Struct, frozen=True, kw_only=True):
    """What the figure or group now acting declared, and how far it has got."""

    unit: str  # a figure, group, gun or marker id
    figures: tuple[str, ...]  # the figures acting
    command: str
    declared: tuple[str, ...]  # the kinds of its actions, in order
    done: int = 0
    crossed: bool = False  # one of its moves crossed an obstacle (it did not run)
    target: str = ""  # a charge's target


class Hits(msgspec.Struct, frozen=True, kw_only=True):
    """Hits on a close-order group, waiting for its owner to place them (§Group fire)."""

    side: str  # who places them
    group: str
    target: str
    count: int
    forced: bool  # three 5s or three 6s: one at least on a Leader or special figure, no save
    aimed: bool
    band: str
    shooter: str  # the figure whose position and weapon give the cover


class PendingCharge(msgspec.Struct, frozen=True, kw_only=True):
    """A charge waiting for the charged to choose: evade or stand (§Attack by a group)."""

    side: str  # who decides: the charged
    unit: str  # the charging figure or group
    target: str
    paths: tuple[tuple[str, tuple[Point, ...]], ...]  # each charger's posted path


class Standing(msgspec.Struct, frozen=True, kw_only=True):
    """A decision given in advance, taken by the engine on the side's behalf (decide.py)."""

    side: str
    kind: str  # fire, evade, reroll or hits
    unit: str = ""  # the figure, group or command it is for; "" for every one of the side's
    when: str  # fire: within, chargers or never; evade: always or never; reroll: below or never; hits: auto or ask
    value: float = 0.0  # fire within: the cm; reroll below: the face


class Scenario(msgspec.Struct, frozen=True, kw_only=True):
    name: str
    format: str  # small, medium or large (the attacker's, when the sides differ)
    formats: dict[str, str] = {}  # side -> format, when the sides build to different ones
    objective: Point | None = None  # Scenario 1's key point
    perimeter: str = ""  # Scenario 4's fortified area id
    defender: str = ""
    edges: dict[str, tuple[str, ...]] = {}  # side -> the table edges it deploys from (north, south, east, west)
    points: dict[str, int] = {}  # side -> the points its force cost
    scale_15mm: bool = False
    turns: int = 12


class SkirmishState(msgspec.Struct, kw_only=True, dict=True):
    game: str = ""  # the game's id: ambush commitments are bound to it
    scenario: Scenario
    tables: Tables  # the game's tables, as embedded when it began
    sides: tuple[str, ...]
    terrain: Terrain
    figures: dict[str, Figure]
    groups: dict[str, Group] = {}
    guns: dict[str, Gun] = {}
    markers: dict[str, Marker] = {}
    commands: dict[str, Command] = {}
    turn: int = 1
    phase: str = "initiative"  # deployment, initiative, activation, over
    deployed: tuple[str, ...] = ()  # the sides that have ended their deployment
    order: tuple[str, ...] = ()  # commands in the order they act this turn
    active: str = ""  # the command acting now
    activation: Activation | None = None
    acted: tuple[str, ...] = ()  # the figures, guns and markers activated this turn (ruling S1)
    reacted: tuple[str, ...] = ()  # the figures that have tried reaction fire in this enemy phase (ruling S10)
    ran: tuple[str, ...] = ()  # the figures that spent all three actions of their activation on moves
    evaded: tuple[str, ...] = ()  # the figures that have evaded a charge this turn
    moving: str = ""  # the unit whose move enemy reactions may interrupt now
    charging: bool = False  # and that move is a charge
    hits: tuple[Hits, ...] = ()  # hits waiting to be placed by their targets' owners, first first
    charge: PendingCharge | None = None  # a charge waiting for its target to evade or stand
    paths: dict[str, tuple[Point, ...]] = {}  # each figure's (or gun's) last move, from where it stood
    morale: dict[str, float] = {}  # each side's army Morale Points now
    morale_start: dict[str, float] = {}
    sealed: dict[str, str] = {}  # sealed orders not yet opened: label -> side (an ambush marker's label is its id)
    standing: dict[str, Standing] = {}  # "side kind unit" -> the standing order
    result: str = ""

    def side_of(self, command: str) -> str:
        return self.commands[command].side


STATE = SkirmishState
# Positions are floats in cm: the engine indexes the figures by group and by side, not by place.
BOARD = Board(pieces="figures", command="group", side="side",
              collections=("figures", "groups", "guns", "markers", "commands", "standing"))

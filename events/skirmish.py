"""The actions of `skirmish`: a 1:1 horse-and-musket skirmish game (seed 001, title unknown).

Figures, groups, guns and ambush markers are named by the ids of the scenario (groups by the id
their player gives them); points are (x, y) in centimetres on the table, angles degrees
counter-clockwise from the x axis. Tags and field meanings never change once a log is shipped;
new fields get defaults.
"""

from __future__ import annotations

import msgspec

from events.core import Action

Point = tuple[float, float]

# The kinds of action an activation declares (seed 001 §Actions and Action Points).
KINDS = ("move", "charge", "shoot", "aim", "reload", "recover", "spot",
         "enter", "leave", "inside", "order", "bayonets", "turn")


class FigurePath(msgspec.Struct, frozen=True, kw_only=True):
    """The points one figure passes through, in order, after the point where it stands."""

    figure: str
    points: tuple[Point, ...]


class Placement(msgspec.Struct, frozen=True, kw_only=True):
    figure: str
    at: Point
    facing: float = 90.0


class Fight(msgspec.Struct, frozen=True, kw_only=True):
    """One fight of a melee: one against one, or one against two (§Melee)."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    occupy: bool = False  # an attacker who wins takes the loser's place


class Deploy(Action, tag="skirmish.deploy", frozen=True):
    """§Appendix I: place figures (three at a time; a whole company in the Large format)."""

    placements: tuple[Placement, ...]


class PlaceAmbush(Action, tag="skirmish.place-ambush", frozen=True):
    """§Ambushes: a numbered marker set up with the troops. The figures it hides are the side's
    sealed orders of the same label (the engine's `seal MARKER COMMITMENT`, posted before it: one
    figure id a line)."""

    marker: str
    at: Point


class RevealAmbush(Action, tag="skirmish.reveal-ambush", frozen=True):
    """§Ambushes: where the figures of a marker stand, once `unseal MARKER SALT` has opened it."""

    marker: str
    placements: tuple[Placement, ...]


class EndDeployment(Action, tag="skirmish.end-deployment", frozen=True):
    """§Appendix I: deployment before the battle: the side has set up its figures and markers."""


class RollInitiative(Action, tag="skirmish.roll-initiative", frozen=True):
    """§Initiative: every command rolls its dice for the turn."""


class Reroll(Action, tag="skirmish.reroll", frozen=True):
    """§Special rules: Officer: roll again initiative dice showing these faces (one die each;
    none keeps the roll)."""

    command: str
    faces: tuple[int, ...] = ()


class Distribute(Action, tag="skirmish.distribute", frozen=True):
    """§Special rules: a Capable Senior Officer shares out his 3d6 points among companies."""

    shares: dict[str, int]


class FormGroup(Action, tag="skirmish.form-group", frozen=True, kw_only=True):
    """§Fighters and groups: figures within 3 cm under a Leader act together."""

    group: str
    leader: str
    members: tuple[str, ...]
    order: str = "close"
    formation: str = ""
    facing: float | None = None


class Activate(Action, tag="skirmish.activate", frozen=True):
    """§Actions: a figure, group, gun (by its crew) or marker declares up to three actions."""

    unit: str
    actions: tuple[str, ...]


class Move(Action, tag="skirmish.move", frozen=True, kw_only=True):
    """§Movement: each figure's path; figures not named stay. A path may be empty to turn on the spot."""

    unit: str
    paths: tuple[FigurePath, ...] = ()
    facing: float | None = None


class Charge(Action, tag="skirmish.charge", frozen=True, kw_only=True):
    """§Melee: an attacking move, in a straight line, towards an enemy figure."""

    unit: str
    target: str
    paths: tuple[FigurePath, ...] = ()


class Shoot(Action, tag="skirmish.shoot", frozen=True, kw_only=True):
    """§Shooting: a figure or a group's volley at one figure (or split between two, §Group fire)."""

    unit: str
    target: str
    second: str = ""  # a second target for a split volley
    split: tuple[str, ...] = ()  # the shooters firing at the second target
    reloaders: tuple[str, ...] = ()  # a line's second or third rank reloading instead
    include_suppressed: bool = False  # carry the chain of hits through suppressed figures


class Fire(Action, tag="skirmish.fire", frozen=True, kw_only=True):
    """§Light cannon: the gun fires what it is loaded with, ball at a figure or gun, canister ahead."""

    gun: str
    target: str = ""
    ordered_by: str = ""  # an officer who orders canister with friends in the zone


class Aim(Action, tag="skirmish.aim", frozen=True):
    unit: str


class Reload(Action, tag="skirmish.reload", frozen=True, kw_only=True):
    unit: str
    ammo: str = ""  # a gun's: ball or canister


class Recover(Action, tag="skirmish.recover", frozen=True):
    unit: str


class Spot(Action, tag="skirmish.spot", frozen=True):
    """§Ambushes: a Spot action against an ambush marker within 30 cm (Scouts 45 cm)."""

    unit: str
    marker: str


class Building(Action, tag="skirmish.building", frozen=True, kw_only=True):
    """§Movement in buildings: enter, leave or move inside; then hidden or at the windows."""

    unit: str
    building: str
    how: str  # enter, leave or inside
    hidden: bool = False
    at: tuple[FigurePath, ...] = ()  # where the figures stand after it


class ChangeOrder(Action, tag="skirmish.change-order", frozen=True):
    """§Close and loose order: a group action."""

    unit: str
    order: str


class FixBayonets(Action, tag="skirmish.fix-bayonets", frozen=True):
    """§Special rules: *Bayonets: fixing them is an action."""

    unit: str


class TurnGun(Action, tag="skirmish.turn-gun", frozen=True):
    """§Light cannon: up to 90° for every 2 actions (the second action turns it)."""

    gun: str
    facing: float


class React(Action, tag="skirmish.react", frozen=True, kw_only=True):
    """§Fire in the enemy's turn: shoot at a moving enemy `at` cm along its path."""

    unit: str
    target: str
    at: float = 0.0


class Evade(Action, tag="skirmish.evade", frozen=True, kw_only=True):
    """§Attack by a group: the charged figure or group evades (True) or stands (False)."""

    unit: str
    evade: bool


class Allocate(Action, tag="skirmish.allocate", frozen=True, kw_only=True):
    """§Group fire: the owner of a close-order group puts the hits on these figures, in order;
    `pass_to` names who takes a hit a Leader or special figure saves."""

    figures: tuple[str, ...]
    pass_to: dict[str, str] = {}


class Melee(Action, tag="skirmish.melee", frozen=True):
    """§Melee: the fights of a melee, in the order they are fought."""

    fights: tuple[Fight, ...]


class Skip(Action, tag="skirmish.skip", frozen=True):
    """§Actions: give up the rest of the declared actions (their AP are spent)."""

    unit: str


class EndActivations(Action, tag="skirmish.end", frozen=True):
    """§Initiative: the command ends its actions; up to 6 AP are kept for reactions."""

    command: str


class StandingOrder(Action, tag="skirmish.standing", frozen=True, kw_only=True):
    """A decision given in advance, which the engine takes on the side's behalf when it arises:
    reaction fire (kind `fire`: `within` CM, at `chargers`, or `never`), evading a charge (`evade`:
    `always` or `never`), an Officer's re-roll (`reroll`: the dice `below` a face, or `never`), the
    hits on a close-order group (`hits`: `auto` or `ask`). `unit` is a figure, group or command;
    "" for all of the side's."""

    kind: str
    unit: str = ""
    when: str
    value: float = 0.0


ACTIONS: tuple[type[Action], ...] = (
    Deploy, PlaceAmbush, RevealAmbush, EndDeployment, RollInitiative, Reroll, Distribute, FormGroup, Activate,
    Move, Charge, Shoot, Fire, Aim, Reload, Recover, Spot, Building, ChangeOrder, FixBayonets, TurnGun,
    React, Evade, Allocate, Melee, Skip, EndActivations, StandingOrder,
)

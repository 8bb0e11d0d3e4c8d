"""The actions of `brigade`: General de Brigade command, orders and army morale (seeds 003, 004).

Fire, melee and morale procedures are not in the seeds: their outcomes are entered by the
referee as result events (casualties, unit status, brigade morale, generals, key points),
each naming the roll it came from (`roll_seq`, 0 when there was none).
"""

from __future__ import annotations

from events.core import Action


class RollSkills(Action, tag="brigade.roll-skills", frozen=True):
    """§5.2/§5.3: a side rolls 1d6 per general whose skill the game generates."""


class RollInitiative(Action, tag="brigade.roll-initiative", frozen=True):
    """§4.1: both sides roll 2D6 with their modifiers; ties are re-rolled."""


class ChooseInitiative(Action, tag="brigade.choose-initiative", frozen=True):
    """§4.1: the winner takes the initiative or hands it to the opponent."""

    take: bool


class OrderGiven(Action, frozen=True, kw_only=True):
    """What the actions that give a brigade an order name (not an action itself): the brigade and
    the order, KIND [OBJECTIVE] [FLANK]."""

    brigade: str
    order: str
    objective: str = ""
    flank: str = ""


class ChangeOrder(OrderGiven, tag="brigade.change-order", frozen=True, kw_only=True):
    """§5.12: the CinC's one order change this turn (2D6 against the table)."""


class BrigadierInitiative(OrderGiven, tag="brigade.brigadier-initiative", frozen=True, kw_only=True):
    """§4.2/§5.3: one brigadier per side per turn tries to change his own order."""


class AutomaticOrder(Action, tag="brigade.automatic-order", frozen=True, kw_only=True):
    """§5.6/§5.8: an automatic brigadier's initiative option, effective next command phase."""

    brigade: str
    order: str
    reason: str
    objective: str = ""


class SetOrder(OrderGiven, tag="brigade.set-order", frozen=True, kw_only=True):
    """The referee corrects a brigade's order (an unreadable written order, a dispute)."""


class Done(Action, tag="brigade.done", frozen=True):
    """The side (or the referee for it) has finished the current step of the turn."""


class Move(Action, tag="brigade.move", frozen=True, kw_only=True):
    """A unit or general moves to a point of the table (inches)."""

    piece: str
    x: float
    y: float


class Charge(Action, tag="brigade.charge", frozen=True, kw_only=True):
    """§4.4: a charge declaration. kind: charge, counter (counter-charge/counter-attack),
    opportunity (cavalry under Hold or Move, §5.9/§5.10); by_cinc: ordered by the CinC (§5.1)."""

    unit: str
    target: str
    kind: str = "charge"
    by_cinc: bool = False


class Fire(Action, tag="brigade.fire", frozen=True, kw_only=True):
    """§4.6: a unit fires at an enemy unit; the roll is kept for the referee's result."""

    unit: str
    target: str


class RollFor(Action, tag="brigade.roll", frozen=True, kw_only=True):
    """A roll for a procedure the seeds do not hold (melee, unit or brigade morale)."""

    expr: str
    unit: str
    purpose: str


class Casualties(Action, tag="brigade.casualties", frozen=True, kw_only=True):
    """Referee: figures (guns, for a battery) a unit lost."""

    unit: str
    count: int
    roll_seq: int = 0


class UnitStatus(Action, tag="brigade.unit-status", frozen=True, kw_only=True):
    """Referee: a unit's morale state: formed, disordered, wavering, retreating, routed,
    pursuing, dispersed, removed."""

    unit: str
    status: str
    roll_seq: int = 0


class BrigadeMorale(Action, tag="brigade.brigade-morale", frozen=True, kw_only=True):
    """Referee: a brigade morale result: steady, broken, mass-panic (§4.8, Ch. XII)."""

    brigade: str
    result: str
    roll_seq: int = 0


class GeneralFate(Action, tag="brigade.general", frozen=True, kw_only=True):
    """Referee: a general is wounded (returns next command phase, §4.2) or lost
    (killed, captured, mortally wounded or left the field, §15.4)."""

    general: str
    fate: str
    roll_seq: int = 0


class Control(Action, tag="brigade.control", frozen=True, kw_only=True):
    """Referee: who holds a key point now (a side, or nobody)."""

    place: str
    side: str


class ObjectiveTaken(Action, tag="brigade.objective-taken", frozen=True, kw_only=True):
    """Referee: an Attack brigade has taken its objective (an enemy formation, §5.6)."""

    brigade: str


class Standing(Action, tag="brigade.standing", frozen=True):
    """A standing order: how the engine decides a kind of the poster's decisions when it comes up
    (the initiative, its command and compulsory steps, counter-charges, fire); "ask" waits for it."""

    kind: str
    mode: str


ACTIONS = (
    RollSkills, RollInitiative, ChooseInitiative, ChangeOrder, BrigadierInitiative, AutomaticOrder, SetOrder,
    Done, Move, Charge, Fire, RollFor, Casualties, UnitStatus, BrigadeMorale, GeneralFate, Control, ObjectiveTaken,
    Standing,
)

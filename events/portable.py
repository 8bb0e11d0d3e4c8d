"""The actions of `portable`: Bob Cordery's Portable Wargame, 1860-1900 (seed 002).

Units are named by the ids of the scenario file; squares as a column letter and a
row number (`C4`, row 1 at the top of the map). Tags and field meanings never change.
"""

from __future__ import annotations

from events.core import Action


class Bombard(Action, tag="portable.bombard", frozen=True):
    """Artillery phase: `gun` fires at `target` (a unit id or a square)."""

    gun: str
    target: str


class EndArtillery(Action, tag="portable.end-artillery", frozen=True):
    """The side has finished its artillery phase."""


class Move(Action, tag="portable.move", kw_only=True, frozen=True):
    """A unit moves along `path`, square by square; `tow` names the Transport that tows a gun."""

    unit: str
    path: tuple[str, ...]
    tow: str = ""


class Fire(Action, tag="portable.fire", frozen=True):
    """Small-arms fire (infantry, cavalry, machine guns) during the unit's activation."""

    unit: str
    target: str


class Melee(Action, tag="portable.melee", frozen=True):
    """Close combat against an orthogonally adjacent enemy unit."""

    unit: str
    target: str


class Occupy(Action, tag="portable.occupy", frozen=True):
    """Infantry or cavalry moves into the square of the enemy it destroyed or drove back."""

    unit: str


class Form(Action, tag="portable.form", frozen=True):
    """Infantry forms `square` or `line`; this is the unit's activation."""

    unit: str
    formation: str


class Face(Action, tag="portable.face", frozen=True):
    """A gun turns to face north, east, south or west; this is its activation."""

    unit: str
    facing: str


class React(Action, tag="portable.react", kw_only=True, frozen=True):
    """The owner's choice after a hit that allows it: `retreat` one square, or `lose` 1 SP."""

    unit: str
    choice: str
    square: str = ""


class StandingOrder(Action, tag="portable.standing-order", kw_only=True, frozen=True):
    """What to choose, without being asked, when a hit lets the owner retreat or lose 1 SP.

    `unit` empty: the whole army. `choice`: retreat, lose, or ask (post each decision)."""

    unit: str = ""
    choice: str


class EndActivation(Action, tag="portable.end-activation", frozen=True):
    """The side has activated every unit it wants to this turn."""


ACTIONS = (Bombard, EndArtillery, Move, Fire, Melee, Occupy, Form, Face, React, StandingOrder, EndActivation)

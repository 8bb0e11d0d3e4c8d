"""The actions of `paris`: "Paris vaut bien une messe !" (seed 000).

Tags and field meanings never change once a log is shipped; new fields get defaults.
Unit, leader and wing ids come from the scenario; hexes are the game's four-digit ids.
"""

from __future__ import annotations

from events.core import Action


class Activate(Action, tag="paris.activate", frozen=True):
    """§4.2: the side to play activates one of its wings."""

    wing: str


class Pass(Action, tag="paris.pass", frozen=True):
    """§3.2: the side to play activates nothing now; two passes in succession end the phase."""


class Preempt(Action, tag="paris.preempt", frozen=True):
    """§4.4: the non-active side tries to pre-empt the wing just activated with one of its own."""

    wing: str


class NoPreempt(Action, tag="paris.no-preempt", frozen=True):
    """§4.4: the non-active side lets the activation go ahead."""


class ChangeOrder(Action, tag="paris.change-order", frozen=True):
    """§6.3: the wing just activated tries to change its order."""

    wing: str
    order: str


class Move(Action, tag="paris.move", frozen=True):
    """§8.1: a unit (or a leader, §5.2) enters the hexes of `path` one after the other."""

    unit: str
    path: tuple[str, ...]


class Turn(Action, tag="paris.turn", frozen=True):
    """§7: a unit turns to face the vertex `facing` (N, NE, SE, S, SW, NW)."""

    unit: str
    facing: str


class Fire(Action, tag="paris.fire", frozen=True, kw_only=True):
    """§10: offensive fire (active side, `extra` MP for +1 each) or defensive fire (in a reaction window)."""

    unit: str
    target: str
    extra: int = 0
    side: str = ""  # grazing fire along a hex edge: "left" or "right" of the line (§10.5); "" = left


class Rally(Action, tag="paris.rally", frozen=True):
    """§13: a unit of the active wing tries to regain a morale level."""

    unit: str


class Melee(Action, tag="paris.melee", frozen=True, kw_only=True):
    """§11.2: declare a melee: the lead unit, its supports, the defending unit."""

    lead: str
    supports: tuple[str, ...] = ()
    target: str


class EndMoves(Action, tag="paris.end-moves", frozen=True):
    """§3.2 Г: no more unit actions; the declared melees are resolved."""


class EndActivation(Action, tag="paris.end-activation", frozen=True):
    """§3.2 Е: the active wing's activation is over (no re-activation attempt)."""


class Reactivate(Action, tag="paris.reactivate", frozen=True):
    """§4.3: the active wing tries to activate a second time."""


class Intercept(Action, tag="paris.intercept", frozen=True):
    """§8.3: a cavalry unit of the non-active side tries to intercept the moving unit."""

    unit: str


class React(Action, tag="paris.react", frozen=True, kw_only=True):
    """§8.2: reaction movement: `turn` to a facing, or `retreat` along a path (a leader only retreats, §5.2)."""

    unit: str
    kind: str
    facing: str = ""
    path: tuple[str, ...] = ()


class Hold(Action, tag="paris.hold", frozen=True):
    """The deciding side declines every remaining reaction of the current window."""


class Standing(Action, tag="paris.standing", frozen=True):
    """A standing order: how the engine decides a kind of reaction on the poster's behalf."""

    kind: str
    mode: str


class Retreat(Action, tag="paris.retreat", frozen=True):
    """§11.4: the owner of a unit that a melee result makes retreat names the hexes it retreats through."""

    unit: str
    path: tuple[str, ...]


class Advance(Action, tag="paris.advance", frozen=True):
    """§11.4: the winner of a melee advances into the vacated hex, turning one vertex to `facing`
    ("" = keeping its facing)."""

    unit: str
    facing: str = ""


class NoAdvance(Action, tag="paris.no-advance", frozen=True):
    """§11.4: the defender, whose advance after the attacker's retreat is a choice, stays."""


class Adjutant(Action, tag="paris.adjutant", frozen=True):
    """§5.2.2: the owner of a fallen wing leader places the adjutant who replaces him with a unit of the wing."""

    wing: str
    unit: str


ACTIONS = (Activate, Pass, Preempt, NoPreempt, ChangeOrder, Move, Turn, Fire, Rally, Melee, EndMoves,
           EndActivation, Reactivate, Intercept, React, Hold, Standing, Retreat, Advance, NoAdvance, Adjutant)

"""What every action of `paris` does (STEPS), and what follows any of them (AFTER): each step
changes the working state and says what happened; the rule modules do the work."""

from __future__ import annotations

from typing import Any

from events.core import Envelope, GameConceded, GameEnded, OrdersSealed, OrdersUnsealed, OrdersVoided, Ruling
from events.paris import (Activate, Adjutant, Advance, ChangeOrder, EndActivation, EndMoves, Fire, Hold, Intercept, Melee, Move,
                          NoAdvance, NoPreempt, Pass, Preempt, Rally, React, Reactivate, Retreat, Standing, Turn)
from adjudicator.core import concession
from adjudicator.rulesets.paris import aftermath, hexgrid, leaders, movement, override, reactions, sequence
from adjudicator.rulesets.paris.fire import resolve
from adjudicator.rulesets.paris.morale import carry_leaders
from adjudicator.draft import Draft
from adjudicator.ruleset import Step
from adjudicator.rulesets.paris.state import MeleeDecl, PState
from adjudicator.i18n import Joined, Msg, N_
from adjudicator.localize import Word


# -- turn-1 orders (§3.1, ruling R47) ----------------------------------------------------------

def sealed(d: Draft[PState], event: Envelope[OrdersSealed]) -> None:
    s, actor = d.base, event.actor
    if s.phase == "orders" and actor in s.players:
        d.s.seals = s.seals + (actor,)
        d.s.commitments = {**s.commitments, actor: event.action.commitment}
        d.s.seal_labels = {**s.seal_labels, actor: event.action.label}
        d.say("{side} has sealed turn-1 orders (seed 000 §3.1)", side=actor)


def unsealed(d: Draft[PState], event: Envelope[OrdersUnsealed]) -> None:
    s, actor = d.base, event.actor
    if s.phase != "orders":
        return
    side = actor if actor in s.players else next(p for p in s.players if p not in s.unsealed)
    got, _ = sequence.parse_orders(s, side, event.action.orders)
    _opened(d, side, got)


def _opened(d: Draft[PState], side: str, got: dict[str, str]) -> None:
    """`side`'s turn-1 orders are open (`got`: none when they stand as not given, R47); once both are,
    they apply together (§3.1)."""
    s = d.s
    pending = {**s.orders_pending, side: got}
    d.s.unsealed = s.unsealed + (side,)
    d.s.orders_pending = pending
    if len(pending) == 2:
        for orders in pending.values():
            for wid, order in orders.items():
                d.update(d.s.wings, wid, order=order)
        given = Joined("; ", [Msg("{wing} {order}", wing=wid, order=Word("paris", o)) for sd in s.players
                              for wid, o in pending[sd].items()])
        d.say("turn-1 orders revealed together: {orders} (seed 000 §3.1)", orders=given)
        sequence.initiative(d)


def voided(d: Draft[PState], event: Envelope[OrdersVoided]) -> None:
    """Ruling R47: the referee voids a side's sealed turn-1 orders. The side seals again while the other
    side's orders are still sealed; once those are open it may not (it would choose knowing them), so
    its orders stand as not given and its wings keep the orders they began with."""
    s, label = d.base, event.action.label
    side = next((p for p, lb in s.seal_labels.items() if lb == label and p in s.seals and p not in s.unsealed), "")
    if s.phase != "orders" or not side:
        return
    if any(p in s.unsealed for p in s.players if p != side):
        start = Joined(", ", [Msg("{wing} {order}", wing=wing.id, order=Word("paris", wing.order))
                              for wing in s.wings.values() if wing.side == side])
        d.say("{side}'s turn-1 orders are void and stand as not given: its wings keep their orders ({orders}) "
              "(ruling R47)", side=side, orders=start)
        _opened(d, side, {})
    else:
        d.s.seals = tuple(p for p in s.seals if p != side)
        d.s.commitments = {k: v for k, v in s.commitments.items() if k != side}
        d.s.seal_labels = {k: v for k, v in s.seal_labels.items() if k != side}
        d.say("{side}'s turn-1 orders are void: {side} seals them again (ruling R47)", side=side)


# -- the referee (rulings R39, R45) and the end of the game -----------------------------------

def ended(d: Draft[PState], event: Envelope[GameEnded | GameConceded]) -> None:
    a = event.action
    d.s.result = a.result if isinstance(a, GameEnded) else concession(event.actor, a)
    d.s.phase = "over"


def ruling(d: Draft[PState], event: Envelope[Ruling]) -> None:
    if override.apply(d, event.action.decision, event.action.reason):
        sequence.after_melees(d)  # the choice a melee result waited for was voided: the melees go on (ruling R45)
    sequence.resume(d)  # an adjutant the ruling left with no unit to join held the sequence up (R27, R45)


# -- the sequence of play (§3.2, §4, §6.3) -------------------------------------------------------

def activate(d: Draft[PState], event: Envelope[Activate]) -> None:
    wing = event.action.wing
    d.say("{side} activates {wing} ({order}) (seed 000 §4.2)",
          side=event.actor, wing=wing, order=Word("paris", d.s.wings[wing].order))
    sequence.begin_activation(d, wing)


def pass_(d: Draft[PState], event: Envelope[Pass]) -> None:
    sequence.pass_turn(d, event.actor)


def preempt(d: Draft[PState], event: Envelope[Preempt]) -> None:
    sequence.preempt(d, event.action.wing)


def no_preempt(d: Draft[PState], event: Envelope[NoPreempt]) -> None:
    d.say("{side} does not pre-empt", side=event.actor)
    d.s.phase = "act"


def change_order(d: Draft[PState], event: Envelope[ChangeOrder]) -> None:
    sequence.change_order(d, event.action.wing, event.action.order)


def end_moves(d: Draft[PState], event: Envelope[EndMoves]) -> None:
    sequence.end_moves(d, finish=False)


def end_activation(d: Draft[PState], event: Envelope[EndActivation]) -> None:
    if d.s.phase == "reactivate":
        sequence.finish(d)
    else:
        sequence.end_moves(d, finish=True)


def reactivate(d: Draft[PState], event: Envelope[Reactivate]) -> None:
    sequence.reactivate(d)


# -- the units' actions (§7, §8.1, §10, §11.2, §13) ------------------------------------------

def move(d: Draft[PState], event: Envelope[Move]) -> None:
    movement.apply_move(d, event.action.unit, event.action.path)


def turn(d: Draft[PState], event: Envelope[Turn]) -> None:
    movement.apply_turn(d, event.action.unit, hexgrid.parse_facing(event.action.facing))


def rally(d: Draft[PState], event: Envelope[Rally]) -> None:
    movement.apply_rally(d, event.action.unit)


def fire(d: Draft[PState], event: Envelope[Fire]) -> None:
    a = event.action
    if d.s.phase == "react":
        resolve(d, a.unit, a.target, 0, a.side, N_("defensive fire"))
        reactions.consume(d, a.unit)
        return
    u = d.s.units[a.unit]
    if not u.artillery:
        u = movement.begin(d, a.unit)
        d.update(d.s.units, a.unit, mp=u.mp - 2 - a.extra, fired=True)
    hit = resolve(d, a.unit, a.target, a.extra, a.side, N_("offensive fire"))
    if a.unit in d.s.units:
        reactions.trigger(d, a.unit, "artfire" if u.artillery else "fire", tuple(hit))


def melee(d: Draft[PState], event: Envelope[Melee]) -> None:
    a = event.action
    reactive = d.s.phase == "reactive-melee"
    lead = d.s.units[a.lead]
    if not reactive:
        charge = lead.acted == "move" and lead.straight >= 2
        d.update(d.s.units, a.lead, charge=charge)
        d.s.acting_unit = ""
    d.s.melees = d.s.melees + (MeleeDecl(lead=a.lead, supports=a.supports, target=a.target, reactive=reactive),)
    bonus = Msg(" (charge bonus)") if not reactive and d.s.units[a.lead].charge else ""
    label = Msg("reactive melee declared") if reactive else Msg("melee declared")
    if a.supports:
        d.say("{label}: {lead} with {supports} → {target}{bonus} (seed 000 §11.2)", label=label, lead=a.lead,
              supports=", ".join(a.supports), target=a.target, bonus=bonus)
    else:
        d.say("{label}: {lead} → {target}{bonus} (seed 000 §11.2)", label=label, lead=a.lead, target=a.target, bonus=bonus)


# -- the other side's answers (§8.2, §8.3, §10.3, §11.2) ----------------------------------------

def intercept(d: Draft[PState], event: Envelope[Intercept]) -> None:
    win = d.s.window
    if win is not None:
        reactions.attempt_intercept(d, event.action.unit, win.trigger)
    reactions.consume(d, event.action.unit)


def react(d: Draft[PState], event: Envelope[React]) -> None:
    a = event.action
    if a.unit in d.s.leaders:
        leaders.apply_reaction(d, a)
        reactions.consume(d, a.unit)
        return
    u = d.s.units[a.unit]
    d.update(d.s.units, a.unit, reacted=True)
    if a.kind == "turn":
        f = hexgrid.parse_facing(a.facing)
        d.update(d.s.units, a.unit, facing=f)
        d.say("{unit} reacts: turns {old}→{new} (seed 000 §8.2)", unit=a.unit, old=Word("paris", hexgrid.VERTICES[u.facing]),
              new=Word("paris", hexgrid.VERTICES[f]))
    else:
        d.mark("move", u.hex, a.path[-1])
        d.update(d.s.units, a.unit, hex=a.path[-1])
        d.say("{unit} reacts: retreats {path} (seed 000 §8.2)", unit=a.unit, path="→".join((u.hex,) + a.path))
        carry_leaders(d, u, u.hex, a.path[-1])  # §5.2: his leader goes with it (R40)
    reactions.consume(d, a.unit)


def hold(d: Draft[PState], event: Envelope[Hold]) -> None:
    win = d.s.window
    if d.s.phase == "react" and win is not None:
        d.say("{side} holds: no further reaction to {unit}", side=event.actor, unit=win.trigger)
        reactions.close(d)
    else:
        d.say("{side} declares no (further) reactive melee", side=event.actor)
        sequence.after_melees(d)


# -- what a melee result leaves to its owner (§11.4) ---------------------------------------------

def retreat(d: Draft[PState], event: Envelope[Retreat]) -> None:
    aftermath.apply_retreat(d, event.actor, event.action)
    sequence.after_melees(d)


def advance(d: Draft[PState], event: Envelope[Advance]) -> None:
    aftermath.apply_advance(d, event.actor, event.action)
    sequence.after_melees(d)


def no_advance(d: Draft[PState], event: Envelope[NoAdvance]) -> None:
    aftermath.apply_no_advance(d, event.actor)
    sequence.after_melees(d)


# -- standing orders and the adjutant (§5.2.2, ruling R27) ---------------------------------------

def standing(d: Draft[PState], event: Envelope[Standing]) -> None:
    actor, a = event.actor, event.action
    d.s.standing = {**d.s.standing, actor: {**d.s.standing.get(actor, {}), a.kind: a.mode}}
    d.say("{side}'s standing order: {kind} {mode}; the engine will decide on {side}'s behalf and log it", side=actor,
          kind=Word("paris", a.kind), mode=Word("paris", a.mode))
    if a.kind == "adjutant" and a.mode == "auto":
        leaders.place_by_standing_order(d, actor)
        sequence.resume(d)


def adjutant(d: Draft[PState], event: Envelope[Adjutant]) -> None:
    leaders.apply_placement(d, event.actor, event.action)
    sequence.resume(d)


STEPS: dict[type[Any], Step[PState]] = {
    OrdersSealed: sealed, OrdersUnsealed: unsealed, OrdersVoided: voided, GameEnded: ended, GameConceded: ended,
    Ruling: ruling, Activate: activate, Pass: pass_, Preempt: preempt, NoPreempt: no_preempt, ChangeOrder: change_order,
    EndMoves: end_moves, EndActivation: end_activation, Reactivate: reactivate, Move: move, Turn: turn, Rally: rally,
    Fire: fire, Melee: melee, Intercept: intercept, React: react, Hold: hold, Retreat: retreat, Advance: advance,
    NoAdvance: no_advance, Standing: standing, Adjutant: adjutant,
}


def after(d: Draft[PState], event: Envelope[Any]) -> None:
    """What follows any action that leaves a unit off the map: an immediate victory (§14), and a
    leader whose unit has left joins another of his wing (ruling R42)."""
    if not d.moved or len(d.s.units) == len(d.base.units):
        return
    if d.s.phase not in ("orders", "over"):
        sequence.check_victory(d)
    leaders.regroup(d)


AFTER = after

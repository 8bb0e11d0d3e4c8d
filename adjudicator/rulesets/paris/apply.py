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
from adjudicator.rulesets.paris.state import MeleeDecl
from adjudicator.rulesets.paris.work import Work


# -- turn-1 orders (§3.1, ruling R47) ----------------------------------------------------------

def sealed(w: Work, event: Envelope[OrdersSealed]) -> None:
    s, actor = w.s, event.actor
    if s.phase == "orders" and actor in s.players:
        w.set(seals=s.seals + (actor,), commitments={**s.commitments, actor: event.action.commitment},
              seal_labels={**s.seal_labels, actor: event.action.label})
        w.say(f"{actor} has sealed turn-1 orders (seed 000 §3.1)")


def unsealed(w: Work, event: Envelope[OrdersUnsealed]) -> None:
    s, actor = w.s, event.actor
    if s.phase != "orders":
        return
    side = actor if actor in s.players else next(p for p in s.players if p not in s.unsealed)
    got, _ = sequence.parse_orders(s, side, event.action.orders)
    _opened(w, side, got)


def _opened(w: Work, side: str, got: dict[str, str]) -> None:
    """`side`'s turn-1 orders are open (`got`: none when they stand as not given, R47); once both are,
    they apply together (§3.1)."""
    s = w.s
    pending = {**s.orders_pending, side: got}
    w.set(unsealed=s.unsealed + (side,), orders_pending=pending)
    if len(pending) == 2:
        for orders in pending.values():
            for wid, order in orders.items():
                w.set_wing(wid, order=order)
        w.say("turn-1 orders revealed together: " + "; ".join(f"{wid} {o}" for sd in s.players for wid, o in pending[sd].items())
              + " (seed 000 §3.1)")
        sequence.initiative(w)


def voided(w: Work, event: Envelope[OrdersVoided]) -> None:
    """Ruling R47: the referee voids a side's sealed turn-1 orders. The side seals again while the other
    side's orders are still sealed; once those are open it may not (it would choose knowing them), so
    its orders stand as not given and its wings keep the orders they began with."""
    s, label = w.s, event.action.label
    side = next((p for p, lb in s.seal_labels.items() if lb == label and p in s.seals and p not in s.unsealed), "")
    if s.phase != "orders" or not side:
        return
    if any(p in s.unsealed for p in s.players if p != side):
        start = ", ".join(f"{wing.id} {wing.order}" for wing in s.wings.values() if wing.side == side)
        w.say(f"{side}'s turn-1 orders are void and stand as not given: its wings keep their orders ({start}) "
              "(ruling R47)")
        _opened(w, side, {})
    else:
        w.set(seals=tuple(p for p in s.seals if p != side), commitments={k: v for k, v in s.commitments.items() if k != side},
              seal_labels={k: v for k, v in s.seal_labels.items() if k != side})
        w.say(f"{side}'s turn-1 orders are void: {side} seals them again (ruling R47)")


# -- the referee (rulings R39, R45) and the end of the game -----------------------------------

def ended(w: Work, event: Envelope[GameEnded | GameConceded]) -> None:
    a = event.action
    w.set(result=a.result if isinstance(a, GameEnded) else concession(event.actor, a), phase="over")


def ruling(w: Work, event: Envelope[Ruling]) -> None:
    if override.apply(w, event.action.decision, event.action.reason):
        sequence.after_melees(w)  # the choice a melee result waited for was voided: the melees go on (ruling R45)
    sequence.resume(w)  # an adjutant the ruling left with no unit to join held the sequence up (R27, R45)


# -- the sequence of play (§3.2, §4, §6.3) -------------------------------------------------------

def activate(w: Work, event: Envelope[Activate]) -> None:
    wing = event.action.wing
    w.say(f"{event.actor} activates {wing} ({w.wings[wing].order}) (seed 000 §4.2)")
    sequence.begin_activation(w, wing)


def pass_(w: Work, event: Envelope[Pass]) -> None:
    sequence.pass_turn(w, event.actor)


def preempt(w: Work, event: Envelope[Preempt]) -> None:
    sequence.preempt(w, event.action.wing)


def no_preempt(w: Work, event: Envelope[NoPreempt]) -> None:
    w.say(f"{event.actor} does not pre-empt")
    w.set(phase="act")


def change_order(w: Work, event: Envelope[ChangeOrder]) -> None:
    sequence.change_order(w, event.action.wing, event.action.order)


def end_moves(w: Work, event: Envelope[EndMoves]) -> None:
    sequence.end_moves(w, finish=False)


def end_activation(w: Work, event: Envelope[EndActivation]) -> None:
    if w.s.phase == "reactivate":
        sequence.finish(w)
    else:
        sequence.end_moves(w, finish=True)


def reactivate(w: Work, event: Envelope[Reactivate]) -> None:
    sequence.reactivate(w)


# -- the units' actions (§7, §8.1, §10, §11.2, §13) ------------------------------------------

def move(w: Work, event: Envelope[Move]) -> None:
    movement.apply_move(w, event.action.unit, event.action.path)


def turn(w: Work, event: Envelope[Turn]) -> None:
    movement.apply_turn(w, event.action.unit, hexgrid.parse_facing(event.action.facing))


def rally(w: Work, event: Envelope[Rally]) -> None:
    movement.apply_rally(w, event.action.unit)


def fire(w: Work, event: Envelope[Fire]) -> None:
    a = event.action
    if w.s.phase == "react":
        resolve(w, a.unit, a.target, 0, a.side, "defensive fire")
        reactions.consume(w, a.unit)
        return
    u = w.units[a.unit]
    if not u.artillery:
        u = movement.begin(w, a.unit)
        w.set_unit(a.unit, mp=u.mp - 2 - a.extra, fired=True)
    hit = resolve(w, a.unit, a.target, a.extra, a.side, "offensive fire")
    if a.unit in w.units:
        reactions.trigger(w, a.unit, "artfire" if u.artillery else "fire", tuple(hit))


def melee(w: Work, event: Envelope[Melee]) -> None:
    a = event.action
    reactive = w.s.phase == "reactive-melee"
    lead = w.units[a.lead]
    if not reactive:
        charge = lead.acted == "move" and lead.straight >= 2
        w.set_unit(a.lead, charge=charge)
        w.set(acting_unit="")
    w.set(melees=w.melees + (MeleeDecl(lead=a.lead, supports=a.supports, target=a.target, reactive=reactive),))
    w.say(f"{'reactive ' if reactive else ''}melee declared: {a.lead}" + (f" with {', '.join(a.supports)}" if a.supports else "")
          + f" → {a.target}" + (" (charge bonus)" if not reactive and w.units[a.lead].charge else "") + " (seed 000 §11.2)")


# -- the other side's answers (§8.2, §8.3, §10.3, §11.2) ----------------------------------------

def intercept(w: Work, event: Envelope[Intercept]) -> None:
    win = w.window
    if win is not None:
        reactions.attempt_intercept(w, event.action.unit, win.trigger)
    reactions.consume(w, event.action.unit)


def react(w: Work, event: Envelope[React]) -> None:
    a = event.action
    if a.unit in w.leaders:
        leaders.apply_reaction(w, a)
        reactions.consume(w, a.unit)
        return
    u = w.units[a.unit]
    w.set_unit(a.unit, reacted=True)
    if a.kind == "turn":
        f = hexgrid.parse_facing(a.facing)
        w.set_unit(a.unit, facing=f)
        w.say(f"{a.unit} reacts: turns {hexgrid.VERTICES[u.facing]}→{hexgrid.VERTICES[f]} (seed 000 §8.2)")
    else:
        w.mark("move", u.hex, a.path[-1])
        w.set_unit(a.unit, hex=a.path[-1])
        w.say(f"{a.unit} reacts: retreats {'→'.join((u.hex,) + a.path)} (seed 000 §8.2)")
        carry_leaders(w, u, u.hex, a.path[-1])  # §5.2: his leader goes with it (R40)
    reactions.consume(w, a.unit)


def hold(w: Work, event: Envelope[Hold]) -> None:
    win = w.window
    if w.s.phase == "react" and win is not None:
        w.say(f"{event.actor} holds: no further reaction to {win.trigger}")
        reactions.close(w)
    else:
        w.say(f"{event.actor} declares no (further) reactive melee")
        sequence.after_melees(w)


# -- what a melee result leaves to its owner (§11.4) ---------------------------------------------

def retreat(w: Work, event: Envelope[Retreat]) -> None:
    aftermath.apply_retreat(w, event.actor, event.action)
    sequence.after_melees(w)


def advance(w: Work, event: Envelope[Advance]) -> None:
    aftermath.apply_advance(w, event.actor, event.action)
    sequence.after_melees(w)


def no_advance(w: Work, event: Envelope[NoAdvance]) -> None:
    aftermath.apply_no_advance(w, event.actor)
    sequence.after_melees(w)


# -- standing orders and the adjutant (§5.2.2, ruling R27) ---------------------------------------

def standing(w: Work, event: Envelope[Standing]) -> None:
    actor, a = event.actor, event.action
    w.set(standing={**w.standing, actor: {**w.standing.get(actor, {}), a.kind: a.mode}})
    w.say(f"{actor}'s standing order: {a.kind} {a.mode}; the engine will decide on {actor}'s behalf and log it")
    if a.kind == "adjutant" and a.mode == "auto":
        leaders.place_by_standing_order(w, actor)
        sequence.resume(w)


def adjutant(w: Work, event: Envelope[Adjutant]) -> None:
    leaders.apply_placement(w, event.actor, event.action)
    sequence.resume(w)


STEPS: dict[type[Any], Any] = {
    OrdersSealed: sealed, OrdersUnsealed: unsealed, OrdersVoided: voided, GameEnded: ended, GameConceded: ended,
    Ruling: ruling, Activate: activate, Pass: pass_, Preempt: preempt, NoPreempt: no_preempt, ChangeOrder: change_order,
    EndMoves: end_moves, EndActivation: end_activation, Reactivate: reactivate, Move: move, Turn: turn, Rally: rally,
    Fire: fire, Melee: melee, Intercept: intercept, React: react, Hold: hold, Retreat: retreat, Advance: advance,
    NoAdvance: no_advance, Standing: standing, Adjutant: adjutant,
}


def after(w: Work, event: Envelope[Any]) -> None:
    """What follows any action: only a unit leaving the map can bring an immediate victory about
    (§14); a leader whose unit has left the map joins another of his wing (ruling R42)."""
    if w.phase not in ("orders", "over") and len(w.units) != len(w.s.units):
        sequence.check_victory(w)
    leaders.regroup(w.s, w)


AFTER = after

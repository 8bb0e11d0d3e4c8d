"""The check of every action of `paris`, after the phase table's gate (phases.py) has let it through:
the action is one the phase allows, posted by the side whose decision it is. Each check names the
section of seed 000 (or the ruling) an illegal action breaks."""

from __future__ import annotations

from typing import Any

from events.core import OrdersSealed, OrdersUnsealed, Ruling
from events.paris import (Activate, Adjutant, Advance, ChangeOrder, Fire, Intercept, Melee, Move, NoAdvance, Preempt, Rally, React,
                          Reactivate, Retreat, Standing, Turn)
from adjudicator.ruleset import Check, Violation, violation
from adjudicator.rulesets.paris import aftermath, decide, hexgrid, leaders, melee, movement, override, reactions, sequence
from adjudicator.rulesets.paris.fire import can_fire_at
from adjudicator.rulesets.paris.ground import nearest_enemy, on_map
from adjudicator.rulesets.paris.morale import can_stack, effective_ma
from adjudicator.rulesets.paris.movement import acting_check, command_now, mp_now
from adjudicator.rulesets.paris.state import ORDERS, PState, Unit, Window
from adjudicator.i18n import said, Joined, Msg
from adjudicator.localize import Word


def check_sealed(s: PState, actor: str, a: OrdersSealed) -> list[Violation]:
    if s.phase != "orders":
        return []  # sealed notes later in the game are the players' own business
    if actor not in s.players:
        return violation("orders/not-a-side", "seed 000 §3.1", "only the two sides seal turn-1 orders")
    if actor in s.seals:
        return violation("orders/sealed-twice", "seed 000 §3.1", "{actor} has sealed turn-1 orders already", actor=actor)
    return []


def check_unsealed(s: PState, actor: str, a: OrdersUnsealed) -> list[Violation]:
    if s.phase != "orders":
        return []
    side = actor if actor in s.players else next((p for p in s.players if s.commitments.get(p) and p not in s.unsealed), "")
    if len(s.seals) < 2:
        return violation("orders/not-all-sealed", "seed 000 "
                                                  "§3.1", "turn-1 orders are revealed together: both sides seal theirs first")
    if side in s.unsealed:
        return violation("orders/unsealed-twice", "seed 000 §3.1", "{side}'s orders are open already", side=side)
    return check_orders(s, side, a.orders)


def check_orders(s: PState, side: str, lines: tuple[str, ...]) -> list[Violation]:
    """§3.1: what opening `side`'s turn-1 orders would meet: the unseal's check, and `adjudicator
    seal`'s before they are sealed. Sealed orders outside the orders phase are the players' own."""
    if s.phase != "orders" or side not in s.players:
        return []
    _, err = sequence.parse_orders(s, side, lines)
    return violation("orders/bad", "seed 000 §3.1", err) if err else []


def check_activate(s: PState, actor: str, a: Activate) -> list[Violation]:
    w = s.wings.get(a.wing)
    if w is None or w.side != actor:
        return violation("activate/unknown-wing", "seed 000 §4.2", "{actor} has no wing {wing!r}", actor=actor, wing=a.wing)
    if not sequence.can_activate(s, w):
        if w.done:
            return violation("activate/unavailable", "seed 000 §4.2", "{wing} has activated this turn", wing=a.wing)
        return violation("activate/unavailable", "seed 000 §5.2.2",
                         "{wing} cannot activate (its leader fell before it activated, or it has no units)", wing=a.wing)
    allowed = sequence.allowed_wings(s, actor)
    if w not in allowed:
        first = ", ".join(x.id for x in allowed) or Msg("the other side")
        return violation("activate/priority", "seed 000 "
                                              "§4.2", "{wing} is under {order}: a wing cannot activate before wings with a "
                         "higher-priority order ({first} first)", wing=a.wing, order=Word("paris", w.order), first=first)
    return []


def check_preempt(s: PState, actor: str, a: Preempt) -> list[Violation]:
    w = s.wings.get(a.wing)
    if w is None or w.side != actor:
        return violation("preempt/unknown-wing", "seed 000 §4.4", "{actor} has no wing {wing!r}", actor=actor, wing=a.wing)
    if w.no_reactivation:
        return violation("preempt/sans-reactivation", "seed 000 §4.4",
                         "{wing}'s leader is marked Sans réactivation: he cannot try to pre-empt", wing=a.wing)
    if w not in sequence.preempt_candidates(s, actor):
        return violation("preempt/ineligible", "seed 000 §4.4",
                         "{wing} cannot pre-empt: it must be under Attack! or March and not yet activated", wing=a.wing)
    return []


def check_change(s: PState, actor: str, a: ChangeOrder) -> list[Violation]:
    w = s.wings.get(a.wing)
    if a.wing != s.active_wing or w is None:
        return violation("order/not-active", "seed 000 "
                                             "§6.3", "only the wing just activated ({active_wing}) may try to change its "
                                                     "order", active_wing=s.active_wing)
    if a.order not in ORDERS:
        return violation("order/unknown", "seed 000 §6.2", "{order!r}: the orders are attack, march and rally", order=a.order)
    if a.order == w.order:
        return violation("order/same", "seed 000 §6.3", "{wing} is under {order} already", wing=a.wing, order=w.order)
    if w.order_change_tried:
        return violation("order/tried", "seed 000 §6.3", "{wing} has tried to change its order in this activation", wing=a.wing)
    if s.acting_unit or s.melees or any(u.acted for u in s.units.values() if u.wing == a.wing):
        return violation("order/too-late", "seed 000 §3.2 Б", "the order change comes before any unit acts")
    return []


def check_move(s: PState, actor: str, a: Move) -> list[Violation]:
    return movement.check_move(s, actor, a.unit, a.path)


def check_turn(s: PState, actor: str, a: Turn) -> list[Violation]:
    try:
        f = hexgrid.parse_facing(a.facing)
    except ValueError as e:
        return violation("turn/bad-facing", "seed 000 §7", said(e))
    return movement.check_turn(s, actor, a.unit, f)


def check_rally(s: PState, actor: str, a: Rally) -> list[Violation]:
    return movement.check_rally(s, actor, a.unit)


def check_fire(s: PState, actor: str, a: Fire) -> list[Violation]:
    if a.side not in ("", "left", "right"):
        return violation("fire/bad-side", "seed 000 §10.5", "grazing fire along an edge takes the left or right side")
    if s.phase == "react" and s.window is not None:
        return _defensive_fire(s.window, a)
    found = acting_check(s, a.unit, "fire")
    if found:
        return found
    u = s.units[a.unit]
    t = s.units.get(a.target)
    if t is None or t.side == actor:
        return violation("fire/bad-target", "seed 000 §10.1", "{target!r} is not an enemy unit on the map", target=a.target)
    if u.fired and u.artillery:
        # "Tiré" says only that the gun has used its one shot: defensive fire and a turn (§7) flip it too
        return violation("fire/twice", "seed 000 "
                                       "§10.3", "{unit} is marked Tiré: it has fired this turn, offensively or defensively, or "
                                                "turned instead of firing (§7); artillery fires once a turn", unit=a.unit)
    if u.fired:
        return violation("fire/twice", "seed 000 "
                                       "§10.3", "{unit} has fired offensively this turn: a unit fires offensively once a "
                                                "turn", unit=a.unit)
    if not 0 <= a.extra <= 2 or (u.artillery and a.extra):
        return violation("fire/extra", "seed 000 §10.3", "up to 2 extra MP, +1 each, and none for artillery, which spends no MP")
    why = can_fire_at(s, u, t, defensive=False)
    if why:
        return violation("fire/illegal", *why)
    if not u.artillery:
        if not command_now(s, u):
            return violation("fire/out-of-command", "seed 000 §5.1.2", "{unit} is out of command: reactive fire only",
                             unit=a.unit)
        need, mp = 2 + a.extra, mp_now(s, u)
        if need > mp:
            return violation("fire/out-of-mp", "seed 000 §8.4", "offensive fire costs 2 MP (+{extra} extra): {unit} has {mp}",
                             extra=a.extra, unit=a.unit, mp=mp)
    return []


def _defensive_fire(win: Window, a: Fire) -> list[Violation]:
    """§10.3: a unit of the window's fire list, at the unit it answers, with no extra MP."""
    if a.unit not in win.fire:
        who = Msg("eligible: {units}", units=", ".join(win.fire)) if win.fire else Msg("no unit may")
        return violation("fire/not-eligible", "seed 000 "
                                              "§10.3", "{unit} may not fire defensively at {target} now ({who})", unit=a.unit,
                         target=win.trigger, who=who)
    if a.target != win.trigger:
        return violation("fire/defensive-target", "seed 000 §10.3", "defensive fire answers {trigger}, not {target}",
                         trigger=win.trigger, target=a.target)
    if a.extra:
        return violation("fire/defensive-extra", "seed 000 §10.3", "extra MP for +1 are for offensive fire only")
    return []


def check_melee(s: PState, actor: str, a: Melee) -> list[Violation]:
    return melee.check_declare(s, actor, a.lead, a.supports, a.target, reactive=s.phase == "reactive-melee")


def check_reactivate(s: PState, actor: str, a: Reactivate) -> list[Violation]:
    w = s.wings[s.active_wing]
    if w.order not in ("attack", "march"):
        return violation("reactivate/order", "seed 000 §4.3", "only Attack! and March wings re-activate; {id} is under {order}",
                         id=w.id, order=w.order)
    if w.no_reactivation:
        return violation("reactivate/sans-reactivation", "seed 000 §4.4", "{id} is marked Sans réactivation", id=w.id)
    return []


def check_intercept(s: PState, actor: str, a: Intercept) -> list[Violation]:
    """§8.3: one of the units the window offers to intercept its trigger."""
    win = reactions.window(s)
    if a.unit in win.intercept:
        return []
    return violation("intercept/not-eligible", "seed 000 "
                                               "§8.3", "{unit} cannot intercept {trigger} now (cavalry whose interception zone "
                                                       "it entered, once an enemy activation)", unit=a.unit, trigger=win.trigger)


def check_react(s: PState, actor: str, a: React) -> list[Violation]:
    win = reactions.window(s)
    if a.unit not in win.react:
        return violation("react/not-eligible", "seed 000 "
                                               "§8.2", "{unit} cannot react to {trigger}: normal or disordered, within 2 "
                                                       "hexes, in sight, movement at least the trigger's, once an enemy activation", unit=a.unit, trigger=win.trigger)
    if a.unit in s.leaders:
        return leaders.check_reaction(s, a, s.units[win.trigger])  # §5.2, §8.2, ruling R41
    u, trig = s.units[a.unit], s.units[win.trigger]
    if a.kind == "turn":
        try:
            f = hexgrid.parse_facing(a.facing)
        except ValueError as e:
            return violation("react/bad-facing", "seed 000 §7", said(e))
        steps = hexgrid.turn_steps(u.facing, f)
        if steps == 0 or steps > (2 if u.cavalry else 1):
            return violation("react/turn", "seed 000 "
                                           "§8.2", "a reaction turn is one vertex for infantry, two for cavalry ({steps} "
                                                   "asked)", steps=steps)
        return []
    if a.kind == "retreat":
        if not reactions.may_retreat(s, u, trig, win):
            return violation("react/retreat-eligible", "seed 000 "
                                                       "§8.2", "only infantry under Rally, or cavalry that infantry approaches "
                             "(comes a hex nearer), may retreat (ruling R46)")
        return _reaction_retreat(s, u, trig, a.path)
    return violation("react/kind", "seed 000 §8.2", "reaction movement is `turn FACING` or `retreat HEX...`")


def _reaction_retreat(s: PState, u: Unit, trig: Unit, path: tuple[str, ...]) -> list[Violation]:
    """§8.2: hex by hex in any direction, keeping its facing and paying terrain (R33), for at most
    its movement, never into a hex it may not stack in nor next to an enemy unit, to end farther
    from the unit it reacts to."""
    here, cost, lay = u.hex, 0, s.layout
    for h in path:
        if not on_map(s, h) or h not in hexgrid.neighbours(here, lay):
            return violation("react/retreat-path", "seed 000 §8.2", "{h} is not on the map next to {here}", h=h, here=here)
        cost += movement.step_cost(s, u, h)
        if cost > effective_ma(u):
            return violation("react/retreat-mp", "seed 000 §8.2", "the retreat costs more than {unit}'s {mp} MP",
                             unit=u.id, mp=effective_ma(u))
        if not can_stack(s, u, h) or nearest_enemy(s, u.side, h) <= 1:
            return violation("react/retreat-adjacent", "seed 000 §8.2, "
                                                       "§9.1", "{id} may not enter {h}: stacking, or next to an enemy "
                                                               "unit", id=u.id, h=h)
        here = h
    if not path or hexgrid.distance(here, trig.hex, lay) <= hexgrid.distance(u.hex, trig.hex, lay):
        return violation("react/retreat-farther", "seed 000 §8.2", "a reaction retreat must end farther from the enemy unit")
    return []


def check_adjutant(s: PState, actor: str, a: Adjutant) -> list[Violation]:
    return leaders.check_placement(s, actor, a)


def check_standing(s: PState, actor: str, a: Standing) -> list[Violation]:
    if actor not in s.players:
        return violation("standing/not-a-side", "ruling R49", "standing orders are a side's")
    modes = decide.KINDS.get(a.kind)
    if modes is None:
        return violation("standing/kind", "ruling R49", "standing orders: {kinds}", kinds=', '.join(decide.KINDS))
    if a.mode not in modes:
        return violation("standing/mode", "ruling R49", "{kind}: {modes}",
                         kind=a.kind, modes=Joined(Msg(" or "), [Word("paris", m) for m in modes]))
    return []


def check_ruling(s: PState, actor: str, a: Ruling) -> list[Violation]:
    return override.check(s, a.decision)


def check_retreat(s: PState, actor: str, a: Retreat) -> list[Violation]:
    return aftermath.check_retreat(s, a)


def check_advance(s: PState, actor: str, a: Advance) -> list[Violation]:
    return aftermath.check_advance(s, a)


def check_no_advance(s: PState, actor: str, a: NoAdvance) -> list[Violation]:
    return aftermath.check_no_advance(s, a)


CHECKS: dict[type[Any], Check[PState]] = {
    Ruling: check_ruling, OrdersSealed: check_sealed, OrdersUnsealed: check_unsealed,
    Activate: check_activate, Preempt: check_preempt, ChangeOrder: check_change, Move: check_move, Turn: check_turn,
    Rally: check_rally, Fire: check_fire, Melee: check_melee, Reactivate: check_reactivate, Intercept: check_intercept,
    React: check_react, Adjutant: check_adjutant, Standing: check_standing, Retreat: check_retreat, Advance: check_advance,
    NoAdvance: check_no_advance,
}

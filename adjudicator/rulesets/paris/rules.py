"""Validate and apply every action of `paris`, dispatched by phase (seed 000 §3.2)."""

from __future__ import annotations

from typing import Any

from events.core import Action, Envelope, GameConceded, GameEnded, OrdersSealed, OrdersUnsealed, OrdersVoided, Ruling
from events.paris import (Activate, Adjutant, Advance, ChangeOrder, EndActivation, EndMoves, Fire, Hold, Intercept, Melee, Move,
                          NoAdvance, NoPreempt, Pass, Preempt, Rally, React, Reactivate, Retreat, Standing, Turn)
from adjudicator.core import concession
from adjudicator.ruleset import Violation
from adjudicator.rulesets.paris import aftermath, hexgrid, leaders, melee, movement, override, reactions, sequence
from adjudicator.rulesets.paris.fire import can_fire_at, resolve
from adjudicator.rulesets.paris.model import ORDERS, STANDING_KINDS, MeleeDecl, PState
from adjudicator.rulesets.paris.morale import carry_leaders
from adjudicator.rulesets.paris.movement import V, acting_check, command_now, mp_now
from adjudicator.rulesets.paris.work import Work, effective_ma, manned_wings, nearest_enemy, on_map, standing_mode, terrain_row


def parse_orders(s: PState, side: str, lines: tuple[str, ...]) -> tuple[dict[str, str], str]:
    """Turn-1 orders, one line per wing: `WING attack|march|rally` (§3.1, §6.1)."""
    own = {w.id for w in s.wings.values() if w.side == side}
    got: dict[str, str] = {}
    for n, line in enumerate(lines, 1):
        parts = line.lower().replace(":", " ").split()
        if len(parts) != 2 or parts[0] not in own or parts[1].rstrip("!") not in ORDERS:
            return {}, (f"order line {n} ({line!r}): write `WING ORDER`, WING one of {', '.join(sorted(own))}, "
                        "ORDER attack, march or rally")
        if parts[0] in got:
            return {}, f"order line {n}: wing {parts[0]} is given two orders"
        got[parts[0]] = parts[1].rstrip("!")
    missing = own - set(got)
    if missing:
        return {}, f"every wing needs an order: missing {', '.join(sorted(missing))}"
    g = s.option_data.get("guise")
    if g and s.side_names.get(side) == s.side_names.get(s.wings[g["wing"]].side) and got.get(g["wing"]) != g["order"]:
        return {}, f"Dreux option guise: {g['wing']} starts under {g['order']}"
    return got, ""


def _phase(s: PState, phases: tuple[str, ...], code: str, what: str) -> list[Violation]:
    if s.phase not in phases:
        return V(f"{code}/not-now", "§3.2", f"{what} is not possible now: the game waits for {describe_wait(s)}")
    return []


def describe_wait(s: PState) -> str:
    from adjudicator.rulesets.paris.legal import awaiting

    a = awaiting(s)
    return "; ".join(f"{x.side}: {x.decision}" for x in a) or "nothing (the game is over)"


def _side_is(s: PState, actor: str, side: str, code: str, what: str) -> list[Violation]:
    if actor != side:
        return V(f"{code}/wrong-side", "§3.2", f"{what}: it is {side}'s decision, not {actor}'s")
    return []


def validate(s: PState, actor: str, a: Action) -> list[Violation]:
    if s.phase == "over" and not isinstance(a, (GameEnded,)) and type(a).__module__ == "events.paris":
        return V("game/over", "§14", f"the game is over: {s.result}")
    if s.adjutants_due and type(a).__module__ == "events.paris" and not isinstance(a, (Adjutant, Standing)):
        return leaders.check_paused(s)  # §5.2.2, ruling R27: the sequence under way waits for the adjutant
    check = _CHECKS.get(type(a))
    return check(s, actor, a) if check else []


def _check_sealed(s: PState, actor: str, a: OrdersSealed) -> list[Violation]:
    if s.phase != "orders":
        return []  # sealed notes later in the game are the players' own business
    if actor not in s.players:
        return V("orders/not-a-side", "§3.1", "only the two sides seal turn-1 orders")
    if actor in s.seals:
        return V("orders/sealed-twice", "§3.1", f"{actor} has sealed turn-1 orders already")
    return []


def _check_unsealed(s: PState, actor: str, a: OrdersUnsealed) -> list[Violation]:
    if s.phase != "orders":
        return []
    side = actor if actor in s.players else next((p for p in s.players if s.commitments.get(p) and p not in s.unsealed), "")
    if len(s.seals) < 2:
        return V("orders/not-all-sealed", "§3.1", "turn-1 orders are revealed together: both sides seal theirs first")
    if side in s.unsealed:
        return V("orders/unsealed-twice", "§3.1", f"{side}'s orders are open already")
    return check_orders(s, side, a.orders)


def check_orders(s: PState, side: str, lines: tuple[str, ...]) -> list[Violation]:
    """§3.1: what opening `side`'s turn-1 orders would meet: the unseal's check, and `adjudicator
    seal`'s before they are sealed. Sealed orders outside the orders phase are the players' own."""
    if s.phase != "orders" or side not in s.players:
        return []
    _, err = parse_orders(s, side, lines)
    return V("orders/bad", "§3.1", err) if err else []


def _check_activate(s: PState, actor: str, a: Activate) -> list[Violation]:
    found = _phase(s, ("select",), "activate", "activate") or _side_is(s, actor, s.to_play, "activate", "activate")
    if found:
        return found
    w = s.wings.get(a.wing)
    if w is None or w.side != actor:
        return V("activate/unknown-wing", "§4.2", f"{actor} has no wing {a.wing!r}")
    if not sequence.can_activate(s, w):
        why = "has activated this turn" if w.done else "cannot activate (its leader fell before it activated, or it has no units)"
        return V("activate/unavailable", "§4.2" if w.done else "§5.2.2", f"{a.wing} {why}")
    allowed = sequence.allowed_wings(s, actor)
    if w not in allowed:
        return V("activate/priority", "§4.2", f"{a.wing} is under {w.order}: a wing cannot activate before wings with a higher-priority "
                 f"order ({', '.join(x.id for x in allowed) or 'the other side'} first)")
    return []


def _check_pass(s: PState, actor: str, a: Pass) -> list[Violation]:
    return _phase(s, ("select",), "pass", "pass") or _side_is(s, actor, s.to_play, "pass", "pass")


def _check_preempt(s: PState, actor: str, a: Preempt) -> list[Violation]:
    if s.phase == "act" and s.preempting and actor != s.active_side:
        return V("preempt/of-preemption", "§4.4", "a pre-emption cannot be pre-empted")
    found = _phase(s, ("preempt",), "preempt", "pre-emption") or _side_is(s, actor, s.other(s.active_side), "preempt", "pre-empt")
    if found:
        return found
    w = s.wings.get(a.wing)
    if w is None or w.side != actor:
        return V("preempt/unknown-wing", "§4.4", f"{actor} has no wing {a.wing!r}")
    if w.no_reactivation:
        return V("preempt/sans-reactivation", "§4.4", f"{a.wing}'s leader is marked Sans réactivation: he cannot try to pre-empt")
    if w not in sequence.preempt_candidates(s, actor):
        return V("preempt/ineligible", "§4.4", f"{a.wing} cannot pre-empt: it must be under Attack! or March and not yet activated")
    return []


def _check_no_preempt(s: PState, actor: str, a: NoPreempt) -> list[Violation]:
    return _phase(s, ("preempt",), "preempt", "no preempt") or _side_is(s, actor, s.other(s.active_side), "preempt", "no preempt")


def _check_change(s: PState, actor: str, a: ChangeOrder) -> list[Violation]:
    found = _phase(s, ("act",), "order", "order change") or _side_is(s, actor, s.active_side, "order", "order change")
    if found:
        return found
    w = s.wings.get(a.wing)
    if a.wing != s.active_wing or w is None:
        return V("order/not-active", "§6.3", f"only the wing just activated ({s.active_wing}) may try to change its order")
    if a.order not in ORDERS:
        return V("order/unknown", "§6.2", f"{a.order!r}: the orders are attack, march and rally")
    if a.order == w.order:
        return V("order/same", "§6.3", f"{a.wing} is under {w.order} already")
    if w.order_change_tried:
        return V("order/tried", "§6.3", f"{a.wing} has tried to change its order in this activation")
    if s.acting_unit or s.melees or any(u.acted for u in s.units.values() if u.wing == a.wing):
        return V("order/too-late", "§3.2", "the order change comes before any unit acts (§3.2 Б)")
    return []


def _check_move(s: PState, actor: str, a: Move) -> list[Violation]:
    return movement.check_move(s, actor, a.unit, a.path)


def _check_turn(s: PState, actor: str, a: Turn) -> list[Violation]:
    try:
        f = hexgrid.parse_facing(a.facing)
    except ValueError as e:
        return V("turn/bad-facing", "§7", str(e))
    return movement.check_turn(s, actor, a.unit, f)


def _check_rally(s: PState, actor: str, a: Rally) -> list[Violation]:
    return movement.check_rally(s, actor, a.unit)


def _check_fire(s: PState, actor: str, a: Fire) -> list[Violation]:
    if a.side not in ("", "left", "right"):
        return V("fire/bad-side", "§10.5", "grazing fire along an edge takes the left or right side")
    if s.phase == "react" and s.window is not None and actor == s.other(s.active_side):
        win = s.window
        if a.unit not in win.fire:
            return V("fire/not-eligible", "§10.3", f"{a.unit} may not fire defensively at {win.trigger} now "
                     f"({'eligible: ' + ', '.join(win.fire) if win.fire else 'no unit may'})")
        if a.target != win.trigger:
            return V("fire/defensive-target", "§10.3", f"defensive fire answers {win.trigger}, not {a.target}")
        if a.extra:
            return V("fire/defensive-extra", "§10.3", "extra MP for +1 are for offensive fire only")
        return []
    found = acting_check(s, actor, a.unit, "fire")
    if found:
        return found
    u = s.units[a.unit]
    t = s.units.get(a.target)
    if t is None or t.side == actor:
        return V("fire/bad-target", "§10.1", f"{a.target!r} is not an enemy unit on the map")
    if u.fired:
        return V("fire/twice", "§10.3", f"{a.unit} has fired offensively this turn: a unit fires offensively once a turn")
    if not 0 <= a.extra <= 2 or (u.artillery and a.extra):
        return V("fire/extra", "§10.3", "up to 2 extra MP, +1 each, and none for artillery, which spends no MP")
    why = can_fire_at(s, u, t, defensive=False)
    if why:
        rule = "§10.4" if "zone" in why or "cone" in why else "§10.2" if "sight" in why else "§12.2" if "§12.2" in why else "§10.1"
        return V("fire/illegal", rule, why)
    if not u.artillery:
        if not command_now(s, u):
            return V("fire/out-of-command", "§5.1.2", f"{a.unit} is out of command: reactive fire only")
        need, mp = 2 + a.extra, mp_now(s, u)
        if need > mp:
            return V("fire/out-of-mp", "§8.4", f"offensive fire costs 2 MP (+{a.extra} extra): {a.unit} has {mp}")
    return []


def _check_melee(s: PState, actor: str, a: Melee) -> list[Violation]:
    if s.phase == "reactive-melee":
        found = _side_is(s, actor, s.other(s.active_side), "melee", "reactive melee")
        return found or melee.check_declare(s, actor, a.lead, a.supports, a.target, reactive=True)
    found = _phase(s, ("act",), "melee", "melee") or _side_is(s, actor, s.active_side, "melee", "melee")
    return found or melee.check_declare(s, actor, a.lead, a.supports, a.target, reactive=False)


def _check_end_moves(s: PState, actor: str, a: Any) -> list[Violation]:
    phases = ("act", "reactivate") if isinstance(a, EndActivation) else ("act",)
    return _phase(s, phases, "end", "ending the activation") or _side_is(s, actor, s.active_side, "end", "end")


def _check_reactivate(s: PState, actor: str, a: Reactivate) -> list[Violation]:
    found = _phase(s, ("reactivate",), "reactivate", "re-activation") or _side_is(s, actor, s.active_side, "reactivate", "re-activate")
    if found:
        return found
    w = s.wings[s.active_wing]
    if w.order not in ("attack", "march"):
        return V("reactivate/order", "§4.3", f"only Attack! and March wings re-activate; {w.id} is under {w.order}")
    if w.no_reactivation:
        return V("reactivate/sans-reactivation", "§4.4", f"{w.id} is marked Sans réactivation")
    return []


def _react_side(s: PState, actor: str, what: str) -> list[Violation]:
    found = _phase(s, ("react",), "react", what)
    return found or _side_is(s, actor, s.other(s.active_side), "react", what)


def _check_intercept(s: PState, actor: str, a: Intercept) -> list[Violation]:
    found = _react_side(s, actor, "interception")
    if found:
        return found
    if a.unit not in s.window.intercept:
        return V("intercept/not-eligible", "§8.3", f"{a.unit} cannot intercept {s.window.trigger} now "
                 f"(cavalry whose interception zone it entered, once an enemy activation)")
    return []


def _check_react(s: PState, actor: str, a: React) -> list[Violation]:
    found = _react_side(s, actor, "reaction movement")
    if found:
        return found
    win = s.window
    if a.unit not in win.react:
        return V("react/not-eligible", "§8.2", f"{a.unit} cannot react to {win.trigger}: normal or disordered, within 2 hexes, "
                 "in sight, movement at least the trigger's, once an enemy activation")
    if a.unit in s.leaders:
        return leaders.check_reaction(s, a, s.units[win.trigger])  # §5.2, §8.2, ruling R41
    u, trig = s.units[a.unit], s.units[win.trigger]
    if a.kind == "turn":
        try:
            f = hexgrid.parse_facing(a.facing)
        except ValueError as e:
            return V("react/bad-facing", "§7", str(e))
        steps = hexgrid.turn_steps(u.facing, f)
        if steps == 0 or steps > (2 if u.cavalry else 1):
            return V("react/turn", "§8.2", f"a reaction turn is one vertex for infantry, two for cavalry ({steps} asked)")
        return []
    if a.kind == "retreat":
        if not reactions.may_retreat(s, u, trig, win):
            return V("react/retreat-eligible", "§8.2", "only infantry under Rally, or cavalry that infantry approaches (comes a hex "
                     "nearer), may retreat (ruling R46)")
        here, cost, lay = u.hex, 0, s.layout
        for h in a.path:
            if not on_map(s, h) or h not in hexgrid.neighbours(here, lay):
                return V("react/retreat-path", "§8.2", f"{h} is not on the map next to {here}")
            cost += movement.step_cost(s, u, h)
            if cost > effective_ma(u):
                return V("react/retreat-mp", "§8.2", f"the retreat costs more than {a.unit}'s {effective_ma(u)} MP")
            from adjudicator.rulesets.paris.morale import can_stack
            if not can_stack(s, u, h) or nearest_enemy(s, u.side, h) <= 1:
                return V("react/retreat-adjacent", "§8.2", f"{a.unit} may not enter {h}: stacking, or next to an enemy unit")
            here = h
        if not a.path or hexgrid.distance(here, trig.hex, lay) <= hexgrid.distance(u.hex, trig.hex, lay):
            return V("react/retreat-farther", "§8.2", "a reaction retreat must end farther from the enemy unit")
        return []
    return V("react/kind", "§8.2", "reaction movement is `turn FACING` or `retreat HEX...`")


def _check_hold(s: PState, actor: str, a: Hold) -> list[Violation]:
    found = _phase(s, ("react", "reactive-melee"), "hold", "hold")
    return found or _side_is(s, actor, s.other(s.active_side), "hold", "hold")


def _check_adjutant(s: PState, actor: str, a: Adjutant) -> list[Violation]:
    return leaders.check_placement(s, actor, a)


def _check_standing(s: PState, actor: str, a: Standing) -> list[Violation]:
    if actor not in s.players:
        return V("standing/not-a-side", "§3.2", "standing orders are a side's")
    modes = STANDING_KINDS.get(a.kind)
    if modes is None:
        return V("standing/kind", "§3.2", f"standing orders: {', '.join(STANDING_KINDS)}")
    if a.mode not in modes:
        return V("standing/mode", "§3.2", f"{a.kind}: {' or '.join(modes)}")
    return []


def _check_ruling(s: PState, actor: str, a: Ruling) -> list[Violation]:
    return override.check(s, a.decision)


def _check_retreat(s: PState, actor: str, a: Retreat) -> list[Violation]:
    found = _phase(s, ("retreat",), "retreat", "a melee retreat") \
        or _side_is(s, actor, aftermath.decider(s), "retreat", f"the retreat of {s.melee_step.unit}")
    return found or aftermath.check_retreat(s, a)


def _check_advance(s: PState, actor: str, a: Advance | NoAdvance) -> list[Violation]:
    what = "an advance after melee" if isinstance(a, Advance) else "no advance"
    found = _phase(s, ("advance",), "advance", what) \
        or _side_is(s, actor, aftermath.decider(s), "advance", f"the advance of {s.melee_step.unit}")
    if found:
        return found
    return aftermath.check_advance(s, a) if isinstance(a, Advance) else aftermath.check_no_advance(s, a)


_CHECKS = {
    Ruling: _check_ruling, OrdersSealed: _check_sealed, OrdersUnsealed: _check_unsealed, Activate: _check_activate, Pass: _check_pass,
    Preempt: _check_preempt, NoPreempt: _check_no_preempt, ChangeOrder: _check_change, Move: _check_move,
    Turn: _check_turn, Rally: _check_rally, Fire: _check_fire, Melee: _check_melee, EndMoves: _check_end_moves,
    EndActivation: _check_end_moves, Reactivate: _check_reactivate, Intercept: _check_intercept, React: _check_react,
    Adjutant: _check_adjutant,
    Hold: _check_hold, Standing: _check_standing, Retreat: _check_retreat, Advance: _check_advance, NoAdvance: _check_advance,
}


# -- apply -----------------------------------------------------------------------

def _after_melee(w: Work) -> None:
    if not melee.resolve_all(w):
        return  # a retreat or an advance waits for its owner (§11.4); this goes on after it
    if w.adjutants_due:
        w.set(resume="melee")  # §5.2.2, R27: what follows the melees waits for the adjutant (his rating counts in it)
        return
    sequence.check_victory(w)
    if w.result:
        return
    wing = w.wings.get(w.active_wing)
    can_try = wing is not None and wing.order in ("attack", "march") and not wing.no_reactivation \
        and wing.leader in w.leaders and wing.id in manned_wings(w)
    if w.finish_after_melee or not can_try:
        sequence.finish(w)
    else:
        w.set(phase="reactivate", acting_unit="")


def _resume(w: Work) -> None:
    """The last due adjutant is placed: the sequence he paused goes on (ruling R27)."""
    if not w.adjutants_due and w.resume == "melee":
        w.set(resume="")
        _after_melee(w)


def _end_moves(w: Work, finish: bool) -> None:
    w.set(finish_after_melee=finish, acting_unit="")
    if melee.reactive_candidates(w) and standing_mode(w, w.other(w.active_side), "reactive-melee") != "never":
        w.set(phase="reactive-melee")
        return
    _after_melee(w)


def _apply_sealed(w: Work, s: PState, actor: str, a: OrdersSealed) -> None:
    if s.phase == "orders" and actor in s.players:
        w.set(seals=s.seals + (actor,), commitments={**s.commitments, actor: a.commitment},
              seal_labels={**s.seal_labels, actor: a.label})
        w.say(f"{actor} has sealed turn-1 orders (seed 000 §3.1)")


def _apply_unsealed(w: Work, s: PState, actor: str, a: OrdersUnsealed) -> None:
    if s.phase != "orders":
        return
    side = actor if actor in s.players else next(p for p in s.players if p not in s.unsealed)
    got, _ = parse_orders(s, side, a.orders)
    _opened(w, s, side, got)


def _opened(w: Work, s: PState, side: str, got: dict[str, str]) -> None:
    """`side`'s turn-1 orders are open (`got`: none when they stand as not given, R47); once both are,
    they apply together (§3.1)."""
    pending = {**s.orders_pending, side: got}
    w.set(unsealed=s.unsealed + (side,), orders_pending=pending)
    if len(pending) == 2:
        for sd, orders in pending.items():
            for wid, order in orders.items():
                w.set_wing(wid, order=order)
        w.say("turn-1 orders revealed together: " + "; ".join(f"{wid} {o}" for sd in s.players for wid, o in pending[sd].items())
              + " (seed 000 §3.1)")
        sequence.initiative(w)


def _void_orders(w: Work, s: PState, label: str) -> None:
    """Ruling R47: the referee voids a side's sealed turn-1 orders. The side seals again while the other
    side's orders are still sealed; once those are open it may not (it would choose knowing them), so
    its orders stand as not given and its wings keep the orders they began with."""
    side = next((p for p, lb in s.seal_labels.items() if lb == label and p in s.seals and p not in s.unsealed), "")
    if s.phase != "orders" or not side:
        return
    if any(p in s.unsealed for p in s.players if p != side):
        start = ", ".join(f"{wing.id} {wing.order}" for wing in s.wings.values() if wing.side == side)
        w.say(f"{side}'s turn-1 orders are void and stand as not given: its wings keep their orders ({start}) "
              "(ruling R47)")
        _opened(w, s, side, {})
    else:
        w.set(seals=tuple(p for p in s.seals if p != side), commitments={k: v for k, v in s.commitments.items() if k != side},
              seal_labels={k: v for k, v in s.seal_labels.items() if k != side})
        w.say(f"{side}'s turn-1 orders are void: {side} seals them again (ruling R47)")


def _apply_ended(w: Work, s: PState, actor: str, a: GameEnded | GameConceded) -> None:
    w.set(result=a.result if type(a) is GameEnded else concession(actor, a), phase="over")


def _apply_void(w: Work, s: PState, actor: str, a: OrdersVoided) -> None:
    _void_orders(w, s, a.label)


def _apply_ruling(w: Work, s: PState, actor: str, a: Ruling) -> None:
    if override.apply(w, a.decision, a.reason):
        _after_melee(w)  # the choice a melee result waited for was voided: the melees go on (ruling R45)
    _resume(w)  # an adjutant the ruling left with no unit to join held the sequence up (R27, R45)


def _apply_activate(w: Work, s: PState, actor: str, a: Activate) -> None:
    w.say(f"{actor} activates {a.wing} ({s.wings[a.wing].order}) (seed 000 §4.2)")
    sequence.begin_activation(w, a.wing)


def _apply_no_preempt(w: Work, s: PState, actor: str, a: NoPreempt) -> None:
    w.say(f"{actor} does not pre-empt")
    w.set(phase="act")


def _apply_fire(w: Work, s: PState, actor: str, a: Fire) -> None:
    if s.phase == "react":
        resolve(w, a.unit, a.target, 0, a.side, "defensive fire")
        reactions.consume(w, a.unit)
        return
    u = w.units[a.unit]
    if not u.artillery:
        u = movement._begin(w, a.unit)
        w.set_unit(a.unit, mp=u.mp - 2 - a.extra, fired=True)
    hit = resolve(w, a.unit, a.target, a.extra, a.side, "offensive fire")
    if a.unit in w.units:
        reactions.trigger(w, a.unit, "artfire" if u.artillery else "fire", tuple(hit))


def _apply_melee(w: Work, s: PState, actor: str, a: Melee) -> None:
    reactive = s.phase == "reactive-melee"
    lead = w.units[a.lead]
    if not reactive:
        charge = lead.acted == "move" and lead.straight >= 2
        w.set_unit(a.lead, charge=charge)
        w.set(acting_unit="")
    w.set(melees=s.melees + (MeleeDecl(lead=a.lead, supports=a.supports, target=a.target, reactive=reactive),))
    w.say(f"{'reactive ' if reactive else ''}melee declared: {a.lead}" + (f" with {', '.join(a.supports)}" if a.supports else "")
          + f" → {a.target}" + (" (charge bonus)" if not reactive and w.units[a.lead].charge else "") + " (seed 000 §11.2)")


def _apply_end_activation(w: Work, s: PState, actor: str, a: EndActivation) -> None:
    if s.phase == "reactivate":
        sequence.finish(w)
    else:
        _end_moves(w, finish=True)


def _apply_intercept(w: Work, s: PState, actor: str, a: Intercept) -> None:
    reactions.attempt_intercept(w, a.unit, s.window.trigger)
    reactions.consume(w, a.unit)


def _apply_react(w: Work, s: PState, actor: str, a: React) -> None:
    if a.unit in s.leaders:
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


def _apply_hold(w: Work, s: PState, actor: str, a: Hold) -> None:
    if s.phase == "react":
        w.say(f"{actor} holds: no further reaction to {s.window.trigger}")
        reactions.close(w)
    else:
        w.say(f"{actor} declares no (further) reactive melee")
        _after_melee(w)


def _apply_retreat(w: Work, s: PState, actor: str, a: Retreat) -> None:
    aftermath.apply_retreat(w, actor, a)
    _after_melee(w)


def _apply_advance(w: Work, s: PState, actor: str, a: Advance) -> None:
    aftermath.apply_advance(w, actor, a)
    _after_melee(w)


def _apply_no_advance(w: Work, s: PState, actor: str, a: NoAdvance) -> None:
    aftermath.apply_no_advance(w, actor)
    _after_melee(w)


def _apply_standing(w: Work, s: PState, actor: str, a: Standing) -> None:
    w.set(standing={**s.standing, actor: {**s.standing.get(actor, {}), a.kind: a.mode}})
    w.say(f"{actor}'s standing order: {a.kind} {a.mode}; the engine will decide on {actor}'s behalf and log it")
    if a.kind == "adjutant" and a.mode == "auto":
        leaders.place_by_standing_order(w, actor)
        _resume(w)


def _apply_adjutant(w: Work, s: PState, actor: str, a: Adjutant) -> None:
    leaders.apply_placement(w, actor, a)
    _resume(w)


_APPLY = {
    OrdersSealed: _apply_sealed, OrdersUnsealed: _apply_unsealed, GameEnded: _apply_ended, GameConceded: _apply_ended,
    Ruling: _apply_ruling, OrdersVoided: _apply_void,
    Activate: _apply_activate, Pass: lambda w, s, actor, a: sequence.pass_turn(w, actor),
    Preempt: lambda w, s, actor, a: sequence.preempt(w, a.wing), NoPreempt: _apply_no_preempt,
    ChangeOrder: lambda w, s, actor, a: sequence.change_order(w, a.wing, a.order),
    Move: lambda w, s, actor, a: movement.apply_move(w, a.unit, a.path),
    Turn: lambda w, s, actor, a: movement.apply_turn(w, a.unit, hexgrid.parse_facing(a.facing)),
    Rally: lambda w, s, actor, a: movement.apply_rally(w, a.unit), Fire: _apply_fire, Melee: _apply_melee,
    EndMoves: lambda w, s, actor, a: _end_moves(w, finish=False), EndActivation: _apply_end_activation,
    Reactivate: lambda w, s, actor, a: sequence.reactivate(w), Intercept: _apply_intercept, React: _apply_react,
    Hold: _apply_hold, Retreat: _apply_retreat, Advance: _apply_advance, NoAdvance: _apply_no_advance,
    Standing: _apply_standing, Adjutant: _apply_adjutant,
}


def apply(s: PState, event: Envelope, dice: Any) -> PState:
    """The state after `event`: a Work copies what the action changes (its apply in _APPLY, as
    validate's check in _CHECKS), then what follows from any action comes after."""
    w = Work(s, dice)
    act = _APPLY.get(type(event.action))
    if act is not None:
        act(w, s, event.actor, event.action)
    if w.phase not in ("orders", "over") and len(w.units) != len(s.units):
        sequence.check_victory(w)  # only a unit leaving the map can bring a victory about
    leaders.regroup(s, w)
    return w.freeze()

"""The reducer: the next state from one event. Pure over (state, event, dice): every roll
is drawn through `dice`, in a fixed order, and the given state is never changed.

Each step writes to a shallow working copy: it assigns the copy's fields and replaces the
pieces it changes (`changed`), so the new state shares everything else with the old one."""

from __future__ import annotations

from msgspec.structs import replace

from events import brigade as ev
from events.core import Envelope, GameConceded, GameEnded, OrdersSealed, OrdersUnsealed, OrdersVoided
from adjudicator.core import concession
from adjudicator.dice import Dice, parse_expr
from adjudicator.rulesets.brigade import army, initiative, orders
from adjudicator.rulesets.brigade.conduct import counts_formed_cavalry_charge
from adjudicator.rulesets.brigade.sequence import STEPS
from adjudicator.rulesets.brigade.state import Brigade, BrigadeState, OpenRoll, Order, changed, dist, working_copy

def apply(state: BrigadeState, event: Envelope, dice: Dice) -> BrigadeState:
    action = event.action
    step = _STEPS.get(type(action))
    if step is None:
        return state  # notes, rulings, seeds, reveals change nothing here
    s = working_copy(state)
    step(s, event, dice)
    return s


# -- setup --------------------------------------------------------------------

def _skills(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    initiative.roll_skills(s, e.actor, dice)
    if all(x.skills_rolled for x in s.sides.values()):
        s.phase = "orders"


def _sealed(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    if s.phase != "orders":
        return
    s.sides = changed(s.sides, e.actor, orders_label=e.action.label, orders_commitment=e.action.commitment)
    if all(x.orders_label for x in s.sides.values()):
        s.phase = "orders-reveal"


def _unsealed(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    side = next((p for p, x in s.sides.items() if x.orders_label == e.action.label), None)
    if side is None or s.phase != "orders-reveal":
        return
    for line in e.action.orders:
        brigade, order = orders.parse_order_line(line)
        s.brigades = changed(s.brigades, brigade, order=order)
    s.sides = changed(s.sides, side, orders_open=True)
    if all(x.orders_open for x in s.sides.values()):
        _new_turn(s)


def _voided(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    """R27: the referee voids a side's sealed written orders. The side seals again while the
    other side's are still sealed; once those are open it may not (it would write knowing them): its
    orders stand as not given, and the referee settles them as R26 says (`set order`, then `done`)."""
    label = e.action.label
    side = next((p for p, x in s.sides.items() if x.orders_label == label and not x.orders_open), None)
    if side is None or s.phase not in ("orders", "orders-reveal"):
        return
    s.sides = changed(s.sides, side, orders_label="", orders_commitment="")
    if not any(x.orders_open for x in s.sides.values()):
        s.phase = "orders"


# -- the turn -----------------------------------------------------------------

def _new_turn(s: BrigadeState) -> None:
    """A turn begins (its dice epoch opens): per-turn bookkeeping is reset."""
    s.turn += 1
    s.phase, s.step = "initiative", 0
    s.phasing = s.initiative_winner = ""
    s.open_rolls = {}
    s.brigade_tested = False
    s.sides = {k: replace(side, auto_replaces_roll=side.auto_declared, auto_declared=False, order_change_used=False,
                          brigadier_initiative_used=False) for k, side in s.sides.items()}
    s.units = {k: replace(u, sx=u.x, sy=u.y, moved="", charged=False, fired=False) for k, u in s.units.items()}
    s.generals = {k: replace(g, moved="") for k, g in s.generals.items()}
    s.brigades = {k: replace(b, formed_cav_charges=0) for k, b in s.brigades.items()}


def _start_command(s: BrigadeState) -> None:
    """§4.2, §5.6, §5.12: what happens by itself at the start of the command phase."""
    # §4.2: wounded generals who left the field return now
    s.generals = {k: replace(g, fate="present") if g.fate == "wounded" else g for k, g in s.generals.items()}
    s.brigades = {k: _orders_at_command(s, b) for k, b in s.brigades.items()}


def _orders_at_command(s: BrigadeState, b: Brigade) -> Brigade:
    """The brigade's order once the pending and automatic changes have taken effect."""
    order, pending, pending_auto, taken = b.order, b.pending, b.pending_auto, b.objective_taken
    if pending is not None:  # §5.12 optional rule: the order changed on an equal roll
        order, pending = pending, None
    if pending_auto is not None:  # §5.6/§5.8 automatic option declared last turn
        order, pending_auto, taken = pending_auto, None, 0
    if order and order.kind == "attack" and 0 < taken < s.turn:
        # §5.6: objective taken -> Hold in the next command phase
        order, taken = Order(kind="hold", objective=order.objective if order.objective in s.places else ""), 0
    return replace(b, order=order, pending=pending, pending_auto=pending_auto, objective_taken=taken)


def _advance(s: BrigadeState) -> None:
    s.step += 1
    if s.step >= len(STEPS):
        if s.turn >= s.max_turns:
            s.over = True
            s.result = (f"the scenario's {s.max_turns} turns are played and no army was defeated: "
                        "the battle is undecided (scenario rule, ours)")
            return
        _new_turn(s)
        return
    phase = STEPS[s.step][0]
    if phase == "command" and s.phase != "command":
        s.phase = phase
        _start_command(s)
    if phase == "morale" and s.phase != "morale":
        s.brigade_tested = False
    s.phase = phase


def _roll_initiative(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    initiative.roll(s, dice)
    s.step = 1


def _choose(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    s.phasing = s.initiative_winner if e.action.take else s.other(s.initiative_winner)
    _advance(s)


def _done(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    if s.phase == "orders-reveal":  # R26: the referee closes the setup
        s.sides = {k: replace(side, orders_open=True) for k, side in s.sides.items()}
        _new_turn(s)
        return
    _advance(s)


def _change(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    b = s.brigades[a.brigade]
    order = Order(kind=a.order, objective=a.objective, flank=a.flank)
    _, _, outcome = orders.roll_change(s, b.side, a.brigade, order, dice)
    s.sides = changed(s.sides, b.side, order_change_used=True)
    if outcome == "changed":
        s.brigades = changed(s.brigades, a.brigade, order=order, pending=None, objective_taken=0)
        _arrive(s, a.brigade)
    elif outcome == "pending":
        s.brigades = changed(s.brigades, a.brigade, pending=order)


def _brig_init(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    b = s.brigades[a.brigade]
    order = Order(kind=a.order, objective=a.objective, flank=a.flank)
    _, _, ok = orders.roll_initiative(s, b.side, a.brigade, order, dice)
    s.sides = changed(s.sides, b.side, brigadier_initiative_used=True)
    if ok:
        s.brigades = changed(s.brigades, a.brigade, order=order, pending=None, objective_taken=0)
        _arrive(s, a.brigade)


def _auto(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    b = s.brigades[a.brigade]
    s.brigades = changed(s.brigades, a.brigade, pending_auto=Order(kind=a.order, objective=a.objective))
    s.sides = changed(s.sides, b.side, auto_declared=True)


def _set_order(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    order = Order(kind=a.order, objective=a.objective, flank=a.flank)
    s.brigades = changed(s.brigades, a.brigade, order=order, pending=None, objective_taken=0)


def _arrive(s: BrigadeState, brigade: str) -> None:
    """§5.9: a brigade under Move becomes Hold as soon as its brigadier reaches the objective (R3)."""
    b = s.brigades[brigade]
    if b.order is None or b.order.kind != "move":
        return
    g = s.generals[b.general]
    obj = b.order.objective
    if obj in s.places:
        tx, ty = s.places[obj].x, s.places[obj].y
    elif obj in s.brigades:
        og = s.generals[s.brigades[obj].general]
        tx, ty = og.x, og.y
    else:
        return
    if dist(g.x, g.y, tx, ty) <= s.tables["areas"]["arrival_inches"]:
        s.brigades = changed(s.brigades, brigade, order=Order(kind="hold", objective=obj if obj in s.places else ""))


def _move(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    if a.piece in s.units:
        s.units = changed(s.units, a.piece, x=a.x, y=a.y, moved=s.phase)
    else:
        s.generals = changed(s.generals, a.piece, x=a.x, y=a.y, moved=s.phase)
    if a.piece in s.generals:
        if s.generals[a.piece].brigade:
            _arrive(s, s.generals[a.piece].brigade)


def _charge(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    if counts_formed_cavalry_charge(s, a):
        brigade = s.units[a.unit].brigade
        s.brigades = changed(s.brigades, brigade, formed_cav_charges=s.brigades[brigade].formed_cav_charges + 1)
    s.units = changed(s.units, a.unit, charged=True)


def _fire(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    u = s.units[a.unit]
    faces = dice.roll(f"fire {u.id} at {a.target} (provisional dice)", s.tables["fire"]["dice"], side=u.side)
    s.units = changed(s.units, a.unit, fired=True)
    roll = OpenRoll(seq=e.seq, side=u.side, unit=a.target, purpose=f"fire by {u.id}", total=sum(faces))
    s.open_rolls = {**s.open_rolls, str(e.seq): roll}


def _roll_for(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    faces = dice.roll(f"{a.purpose} ({a.unit})", a.expr)
    total = parse_expr(a.expr).total(faces)
    roll = OpenRoll(seq=e.seq, side=e.actor, unit=a.unit, purpose=a.purpose, total=total)
    s.open_rolls = {**s.open_rolls, str(e.seq): roll}


# -- results entered by the referee ---------------------------------------------

def _casualties(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    u = s.units[a.unit]
    strength = max(0, u.strength - a.count)
    s.units = changed(s.units, a.unit, strength=strength, status="dispersed" if strength == 0 else u.status)
    army.defeat_check(s, u.side, dice)


def _unit_status(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    u = s.units[a.unit]
    s.units = changed(s.units, a.unit, status=a.status)
    army.defeat_check(s, u.side, dice, unit_routed=a.status == "routed")


def _brigade_morale(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    b = s.brigades[a.brigade]
    broke = a.result in ("broken", "mass-panic") and b.morale != a.result
    s.brigades = changed(s.brigades, a.brigade, morale=a.result)
    s.brigade_tested = True
    army.defeat_check(s, b.side, dice, brigade_broke=broke)


def _general(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    g = s.generals[a.general]
    s.generals = changed(s.generals, a.general, fate=a.fate)
    army.defeat_check(s, g.side, dice)


def _control(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    a = e.action
    side = "" if a.side == "none" else a.side
    s.places = changed(s.places, a.place, holder=side)
    for k, b in list(s.brigades.items()):  # §5.6: the Attack objective is taken
        if side and b.side == side and b.order and b.order.kind == "attack" and b.order.objective == a.place:
            s.brigades = changed(s.brigades, k, objective_taken=b.objective_taken or s.turn)


def _taken(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    b = s.brigades[e.action.brigade]
    s.brigades = changed(s.brigades, e.action.brigade, objective_taken=b.objective_taken or s.turn)


def _ended(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    s.over = True
    s.result = s.result or f"ended by the referee: {e.action.result}"


def _conceded(s: BrigadeState, e: Envelope, dice: Dice) -> None:
    s.over = True
    s.result = concession(e.actor, e.action)


_STEPS = {
    ev.RollSkills: _skills, OrdersSealed: _sealed, OrdersUnsealed: _unsealed, OrdersVoided: _voided,
    ev.RollInitiative: _roll_initiative, ev.ChooseInitiative: _choose, ev.Done: _done,
    ev.ChangeOrder: _change, ev.BrigadierInitiative: _brig_init, ev.AutomaticOrder: _auto, ev.SetOrder: _set_order,
    ev.Move: _move, ev.Charge: _charge, ev.Fire: _fire, ev.RollFor: _roll_for,
    ev.Casualties: _casualties, ev.UnitStatus: _unit_status, ev.BrigadeMorale: _brigade_morale,
    ev.GeneralFate: _general, ev.Control: _control, ev.ObjectiveTaken: _taken, GameEnded: _ended, GameConceded: _conceded,
}

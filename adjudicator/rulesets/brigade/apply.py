"""What each action does: the setup, the steps of the turn, the orders given and changed, the
results the referee enters and what follows from them (army value, Defeat Tests, the end). Each
step changes the draft the engine gives it and says what happened; every roll is drawn through
the draft's dice, in a fixed order."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from events import brigade as ev
from events.core import Envelope, GameConceded, GameEnded, OrdersSealed, OrdersUnsealed, OrdersVoided
from adjudicator.core import concession
from adjudicator.dice import parse_expr
from adjudicator.draft import Draft
from adjudicator.ruleset import Step
from adjudicator.rulesets.brigade import army, decide, initiative, orders
from adjudicator.rulesets.brigade.codes import RULE_CHANGE, RULE_PHASE
from adjudicator.rulesets.brigade.conduct import counts_formed_cavalry_charge
from adjudicator.rulesets.brigade.notation import VERBS
from adjudicator.rulesets.brigade.phases import TURN, TURN_LABELS, label, whose
from adjudicator.rulesets.brigade.setup import needs_skill_roll
from adjudicator.rulesets.brigade.state import BrigadeState, OpenRoll, Order, roll_key
from adjudicator.rulesets.brigade.validate import CHECKS, SEALING
from adjudicator.i18n import Joined, Msg

D = Draft[BrigadeState]


# -- the setup: skills, then written orders sealed and opened (§5.2, §5.3, §5.5) ---------------------

def _sealing_done(s: BrigadeState) -> None:
    """§5.2, §5.3, §5.5: the written orders are opened once every skill is rolled and both sides have
    sealed theirs, in either order (R32)."""
    if all(x.skills_rolled or not needs_skill_roll(s) for x in s.sides.values()):
        s.phase = "orders-reveal" if all(x.orders_label for x in s.sides.values()) else "orders"


def roll_skills(d: D, e: Envelope[ev.RollSkills]) -> None:
    initiative.roll_skills(d, e.actor)
    _sealing_done(d.s)


def seal_orders(d: D, e: Envelope[OrdersSealed]) -> None:
    if d.base.phase not in SEALING:
        return  # other sealed orders are the players' own business
    d.update(d.s.sides, e.actor, orders_label=e.action.label, orders_commitment=e.action.commitment)
    if d.base.phase == "skills":
        d.say("{}'s written orders are sealed; they are opened once every skill is rolled and both sides have "
              "sealed (R32)", e.actor)
    _sealing_done(d.s)


def open_orders(d: D, e: Envelope[OrdersUnsealed]) -> None:
    side = next((p for p, x in d.base.sides.items() if x.orders_label == e.action.label), None)
    if side is None or d.base.phase != "orders-reveal":
        return
    s = d.s
    for line in e.action.orders:
        brigade, order = orders.parse_order_line(line)
        d.update(s.brigades, brigade, order=order)
    d.update(s.sides, side, orders_open=True)
    if all(x.orders_open for x in s.sides.values()):
        d.say("both sides' written orders are open: {}",
              Joined("; ", [Msg("{brigade} {order}",
                                brigade=b.id, order=b.order.shown()) for b in s.brigades.values() if b.order]))
        new_turn(d, e)


def void_orders(d: D, e: Envelope[OrdersVoided]) -> None:
    """R27: the referee voids a side's sealed written orders. The side seals again while the
    other side's are still sealed; once those are open it may not (it would write knowing them): its
    orders stand as not given, and the referee settles them as R26 says (`set order`, then `done`)."""
    base = d.base
    side = next((p for p, x in base.sides.items() if x.orders_label == e.action.label and not x.orders_open), None)
    if side is None or base.phase not in (*SEALING, "orders-reveal"):
        return
    s = d.s
    x = d.update(s.sides, side, orders_label="", orders_commitment="")
    if not any(other.orders_open for other in s.sides.values()):
        if s.phase == "orders-reveal":
            s.phase = "orders"
        d.say("{}'s written orders are void: {} seals them again (R27)", x.name, side)
    else:
        d.say("{}'s written orders are void: they stand as not given; the referee sets its brigades' orders, "
              "then `done` (R26, R27)", x.name)


# -- the turn (chapter IV) ---------------------------------------------------------------------------

def new_turn(d: D, e: Envelope[Any]) -> None:
    """A turn begins (its dice epoch opens), and the steps the standing orders decide are taken."""
    _begin_turn(d)
    _on(d, e)


def _begin_turn(d: D) -> None:
    """Per-turn bookkeeping is reset."""
    s = d.s
    if s.turn:
        d.say("turn {} ends (dice epoch {} closed); turn {} begins", s.turn, s.turn, s.turn + 1)
    s.turn += 1
    s.phase, s.step = "initiative", 0
    s.phasing = s.initiative_winner = ""
    s.open_rolls = {}
    s.brigade_tested = False
    for k, side in s.sides.items():
        d.update(s.sides, k, auto_replaces_roll=side.auto_declared, auto_declared=False, order_change_used=False,
                 brigadier_initiative_used=False)
    for k, u in s.units.items():
        if (u.sx, u.sy, u.moved, u.charged, u.fired) != (u.x, u.y, "", False, False):
            d.update(s.units, k, sx=u.x, sy=u.y, moved="", charged=False, charged_at="", fired=False)
    for k, g in s.generals.items():
        if g.moved:
            d.update(s.generals, k, moved="")
    for k, b in s.brigades.items():
        if b.formed_cav_charges:
            d.update(s.brigades, k, formed_cav_charges=0)


def _next(d: D) -> None:
    d.say("next: {}", TURN[d.s.step].prompt(d.s, ""))


def advance(d: D, e: Envelope[Any]) -> None:
    """The current step of the turn is over: the next one, or the next turn, or the end (R25)."""
    if _step_on(d):
        _on(d, e)


def _on(d: D, e: Envelope[Any]) -> None:
    """Each step a side's standing order decides is taken at once, and the report says so; the game
    then waits for the first step no standing order decides."""
    while _by_standing_order(d, e):
        if not _step_on(d):
            return
    if not d.s.over:
        _next(d)


def _step_on(d: D) -> bool:
    """The next step, or the next turn; False once the scenario's turns are played (R25)."""
    s = d.s
    s.step += 1
    if s.step >= len(TURN):
        if s.turn >= s.max_turns:
            army.end(d, Msg("the scenario's {turns} turns are played and no army was defeated: "
                            "the battle is undecided (scenario rule, ours)", turns=s.max_turns))
            return False
        _begin_turn(d)
        return True
    phase = TURN_LABELS[s.step]
    if phase == "command" and s.phase != "command":
        start_command(d)
    if phase == "morale" and s.phase != "morale":
        s.brigade_tested = False
    s.phase = phase
    return True


# -- standing orders (decide.py): the steps they decide, taken on the side's behalf ------------------

def _by_standing_order(d: D, e: Envelope[Any]) -> bool:
    """Take the current step for its side if a standing order decides it (and say so); False if none does."""
    s = d.s
    if s.over:
        return False
    step = TURN[s.step].name
    if step == "initiative":
        roller = decide.initiative_roller(s)
        if roller:
            d.say("{}: the engine rolls the initiative (R24)", decide.said(roller, "initiative-roll", "auto"))
            initiative.roll(d)
        return bool(roller)
    if step == "initiative/choice":
        m = decide.mode(s, s.initiative_winner, "initiative")
        if m != "ask":
            d.say("{}: the engine chooses for {}", decide.said(s.initiative_winner, "initiative", m), s.initiative_winner)
            initiative.choose(d, m == "take")
        return m != "ask"
    side = whose(s)
    kind, m = decide.step_order(s, step, side)
    if m == "ask":
        return False
    d.say("{}: the engine takes {}'s {} step ({})", decide.said(side, kind, m), side, label(step), RULE_PHASE[label(step)])
    if kind == "compulsory":
        _compulsory(d, e, side)
    elif m == "always":
        pairs = decide.counter_targets(s, side) if kind == "counter-charge" else decide.fire_targets(s, side)
        for u, t in pairs:
            _on_behalf(d, e, side, ev.Charge(unit=u.id, target=t.id, kind="counter") if kind == "counter-charge"
                       else ev.Fire(unit=u.id, target=t.id))
    return True


def _compulsory(d: D, e: Envelope[Any], side: str) -> None:
    """R33: each unit of `side` that must move makes the move `compulsory auto` gives it, in the order of
    the pieces; one the rules allow no move says why it stays."""
    for k in list(d.s.units):
        u = d.s.units[k]
        if u.side != side or not u.on_table or u.moved == "compulsory":  # one the side moved itself stays moved
            continue
        a, why = decide.compulsory_move(d.s, u)
        if a is not None:
            _on_behalf(d, e, side, a)
        elif why:
            d.say("  {} stays: {}", u.id, why)


def _on_behalf(d: D, e: Envelope[Any], side: str, a: Any) -> None:
    """An action the engine takes for `side`, if the rules allow it as they would a posted one: the
    step a posted one runs, said as its line."""
    if CHECKS[type(a)](d.s, side, a):
        return
    STEPS[type(a)](d, replace(e, action=a))
    d.say("  {}", next(v.format(a) for v in VERBS if v.action is type(a)))


def start_command(d: D) -> None:
    """§4.2, §5.6, §5.12: what happens by itself at the start of the command phase: the order changes
    due take effect, and wounded generals who left the field return."""
    s = d.s
    for k, b in s.brigades.items():
        changes = decide.at_command(s, b)
        if changes:
            _by_itself(d, k, **changes)
    for k, g in s.generals.items():
        if g.fate == "wounded":
            d.update(s.generals, k, fate="present")
            d.say("{} returns to the table (§4.2)", g.name)


def _by_itself(d: D, brigade: str, **changes: Any) -> None:
    """An order change the rules make (decide.py), said as such."""
    s = d.s
    old = s.brigades[brigade].order
    b = d.update(s.brigades, brigade, **changes)
    if old is not None and b.order is not None and b.order != old:
        d.say("{}: {} becomes {} automatically", b.name, old.shown(), b.order.shown())


def roll_initiative(d: D, e: Envelope[ev.RollInitiative]) -> None:
    initiative.roll(d)
    advance(d, e)


def choose_initiative(d: D, e: Envelope[ev.ChooseInitiative]) -> None:
    initiative.choose(d, e.action.take)
    advance(d, e)


def done(d: D, e: Envelope[ev.Done]) -> None:
    s = d.s
    if s.phase == "orders-reveal":  # R26: the referee closes the setup
        for k, side in s.sides.items():
            if not side.orders_open:
                d.update(s.sides, k, orders_open=True)
        new_turn(d, e)
        return
    advance(d, e)


# -- orders (chapter V) ------------------------------------------------------------------------------

def _given(a: ev.OrderGiven) -> Order:
    return Order(kind=a.order, objective=a.objective, flank=a.flank)


def _take(d: D, brigade: str, order: Order) -> None:
    """A new order takes effect at once; under Move the brigade may be there already (§5.9)."""
    s = d.s
    d.update(s.brigades, brigade, order=order, pending=None, objective_taken=0)
    hold = decide.arrival(s, brigade)
    if hold is not None:
        d.update(s.brigades, brigade, order=hold)


def change_order(d: D, e: Envelope[ev.ChangeOrder]) -> None:
    """§5.12: the CinC's order change, on 2D6 against the table."""
    a, s = e.action, d.s
    side = s.brigades[a.brigade].side
    order = _given(a)
    d.mark("brigade", a.brigade, "")
    tried, outcome = orders.roll_change(s, side, a.brigade, order, d.dice)
    d.update(s.sides, side, order_change_used=True)
    if outcome == "changed":
        _take(d, a.brigade, order)
    elif outcome == "pending":
        d.update(s.brigades, a.brigade, pending=order)
    b = s.brigades[a.brigade]
    if b.order == order and b.pending is None:
        verdict = Msg("order changed: {order}", order=order.shown())
    elif b.pending == order:
        verdict = Msg("equal: the order is changed but takes effect next command phase (optional rule)")
    else:
        verdict = Msg("the order stands: {order}", order=b.order.shown() if b.order else Msg("none"))
    d.say("order change {}: {}: {} ({})", b.name, tried.shown(), verdict, RULE_CHANGE)


def brigadier_initiative(d: D, e: Envelope[ev.BrigadierInitiative]) -> None:
    """§4.2, §5.3 (R22): a brigadier tries to change his own order."""
    a, s = e.action, d.s
    side = s.brigades[a.brigade].side
    order = _given(a)
    d.mark("brigade", a.brigade, "")
    tried = orders.roll_initiative(s, side, a.brigade, order, d.dice)
    d.update(s.sides, side, brigadier_initiative_used=True)
    if tried.total >= tried.need:
        _take(d, a.brigade, order)
    b = s.brigades[a.brigade]
    d.say("brigadier's initiative {}: {}: now {}", b.name, tried.shown(), b.order.shown() if b.order else Msg("no order"))


def automatic_order(d: D, e: Envelope[ev.AutomaticOrder]) -> None:
    """§5.6, §5.8 (R23): an automatic option, effective in the next command phase."""
    a, s = e.action, d.s
    b = d.update(s.brigades, a.brigade, pending_auto=Order(kind=a.order, objective=a.objective))
    d.update(s.sides, b.side, auto_declared=True)
    d.say("{}: automatic {} from the next command phase; it replaces next turn's brigadier's initiative roll (§5.6)",
          b.name, a.order.capitalize())


def set_order(d: D, e: Envelope[ev.SetOrder]) -> None:
    d.update(d.s.brigades, e.action.brigade, order=_given(e.action), pending=None, objective_taken=0)


# -- what the sides do in their steps ----------------------------------------------------------------

def move(d: D, e: Envelope[ev.Move]) -> None:
    a, s = e.action, d.s
    if a.piece in s.units:
        u = d.update(s.units, a.piece, x=a.x, y=a.y, moved=s.phase)
        d.mark("brigade", u.brigade, "")
        return
    g = d.update(s.generals, a.piece, x=a.x, y=a.y, moved=s.phase)
    if g.brigade:
        d.mark("brigade", g.brigade, "")
    hold = decide.arrival(s, g.brigade) if g.brigade else None
    if hold is not None:
        _by_itself(d, g.brigade, order=hold)


def charge(d: D, e: Envelope[ev.Charge]) -> None:
    a, s = e.action, d.s
    if counts_formed_cavalry_charge(s, a):  # §5.7: one a turn against formed units under Engage or Support
        b = s.brigades[s.units[a.unit].brigade]
        d.update(s.brigades, b.id, formed_cav_charges=b.formed_cav_charges + 1)
    u = d.update(s.units, a.unit, charged=True, charged_at=a.target)
    d.mark("brigade", u.brigade, "")


def fire(d: D, e: Envelope[ev.Fire]) -> None:
    """§4.6: the roll is kept for the referee's result (R12)."""
    a, s = e.action, d.s
    u = s.units[a.unit]
    faces = d.dice.roll(f"fire {u.id} at {a.target} (provisional dice)", s.tables["fire"]["dice"], side=u.side)
    d.update(s.units, a.unit, fired=True)
    d.mark("brigade", u.brigade, "")
    d.put(s.open_rolls, roll_key(s, e.seq), OpenRoll(seq=e.seq, side=u.side, unit=a.target, purpose=f"fire by {u.id}",
                                                     total=sum(faces)))


def roll_for(d: D, e: Envelope[ev.RollFor]) -> None:
    """R12: a roll for a procedure the seeds do not hold, kept for the referee's result."""
    a, s = e.action, d.s
    faces = d.dice.roll(f"{a.purpose} ({a.unit})", a.expr)
    total = parse_expr(a.expr).total(faces)
    d.put(s.open_rolls, str(e.seq), OpenRoll(seq=e.seq, side=e.actor, unit=a.unit, purpose=a.purpose, total=total))


# -- results entered by the referee (R12), and what follows from them --------------------------------

def _entered(d: D, roll_seq: int, piece: str, kind: str) -> None:
    """R12: the roll a result came from (the first of its event's rolls for the piece that has not) has
    given its result of this kind."""
    s = d.s
    for key, r in s.open_rolls.items():
        if roll_seq and r.seq == roll_seq and r.unit == piece and kind not in r.entered:
            d.update(s.open_rolls, key, entered=(*r.entered, kind))
            return


def casualties(d: D, e: Envelope[ev.Casualties]) -> None:
    a, s = e.action, d.s
    _entered(d, a.roll_seq, a.unit, "casualties")
    was = s.units[a.unit]
    strength = max(0, was.strength - a.count)
    u = d.update(s.units, a.unit, strength=strength, status="dispersed" if strength == 0 else was.status)
    army.after_loss(d, u.side, army.unit_loss(s.tables, u) - army.unit_loss(s.tables, was))


def unit_status(d: D, e: Envelope[ev.UnitStatus]) -> None:
    a, s = e.action, d.s
    _entered(d, a.roll_seq, a.unit, "status")
    was = s.units[a.unit]
    u = d.update(s.units, a.unit, status=a.status)
    army.after_loss(d, u.side, army.unit_loss(s.tables, u) - army.unit_loss(s.tables, was),
                    unit_routed=a.status == "routed")


def brigade_morale(d: D, e: Envelope[ev.BrigadeMorale]) -> None:
    a, s = e.action, d.s
    _entered(d, a.roll_seq, a.brigade, "brigade morale")
    b = s.brigades[a.brigade]
    broke = a.result in ("broken", "mass-panic") and b.morale != a.result
    d.update(s.brigades, a.brigade, morale=a.result)
    s.brigade_tested = True
    army.after_loss(d, b.side, 0, brigade_broke=broke)


def general_fate(d: D, e: Envelope[ev.GeneralFate]) -> None:
    s = d.s
    _entered(d, e.action.roll_seq, e.action.general, "fate")
    was = s.generals[e.action.general]
    g = d.update(s.generals, e.action.general, fate=e.action.fate)
    army.after_loss(d, g.side, army.general_loss(s.tables, g) - army.general_loss(s.tables, was))


def control(d: D, e: Envelope[ev.Control]) -> None:
    a, s = e.action, d.s
    side = "" if a.side == "none" else a.side
    d.update(s.places, a.place, holder=side)
    for k, b in s.brigades.items():  # §5.6: the Attack objective is taken
        if side and b.side == side and b.order and b.order.kind == "attack" and b.order.objective == a.place:
            d.update(s.brigades, k, objective_taken=b.objective_taken or s.turn)


def objective_taken(d: D, e: Envelope[ev.ObjectiveTaken]) -> None:
    s = d.s
    b = s.brigades[e.action.brigade]
    d.update(s.brigades, b.id, objective_taken=b.objective_taken or s.turn)


def standing(d: D, e: Envelope[ev.Standing]) -> None:
    """A side's standing order (decide.py); if it decides the step the game waits for, the step is taken."""
    s, a = d.s, e.action
    s.standing = {**s.standing, e.actor: {**s.standing.get(e.actor, {}), a.kind: a.mode}}
    d.say("{}'s standing order: {} {}; the engine will decide on {}'s behalf and say so", e.actor, a.kind, a.mode, e.actor)
    if s.phase in TURN_LABELS and not s.over:
        _on(d, e)


def end_game(d: D, e: Envelope[GameEnded]) -> None:
    if not d.base.over:  # the rules' own result stands
        army.end(d, Msg("ended by the referee: {result}", result=e.action.result))


def concede(d: D, e: Envelope[GameConceded]) -> None:
    army.end(d, concession(e.actor, e.action))


STEPS: dict[type[Any], Step[BrigadeState]] = {
    ev.RollSkills: roll_skills, OrdersSealed: seal_orders, OrdersUnsealed: open_orders, OrdersVoided: void_orders,
    ev.RollInitiative: roll_initiative, ev.ChooseInitiative: choose_initiative, ev.Done: done,
    ev.ChangeOrder: change_order, ev.BrigadierInitiative: brigadier_initiative, ev.AutomaticOrder: automatic_order,
    ev.SetOrder: set_order, ev.Move: move, ev.Charge: charge, ev.Fire: fire, ev.RollFor: roll_for,
    ev.Casualties: casualties, ev.UnitStatus: unit_status, ev.BrigadeMorale: brigade_morale,
    ev.GeneralFate: general_fate, ev.Control: control, ev.ObjectiveTaken: objective_taken,
    GameEnded: end_game, GameConceded: concede, ev.Standing: standing,
}

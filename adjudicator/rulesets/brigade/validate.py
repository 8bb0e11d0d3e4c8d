"""Validators: each posted action against the step of the turn and the rule it must keep."""

from __future__ import annotations

from collections.abc import Callable

from events import brigade as ev
from events.core import REFEREE, Action, GameEnded, Note, OrdersSealed, OrdersUnsealed, OrdersVoided, Ruling, SecretRevealed
from adjudicator.dice import parse_expr
from adjudicator.ruleset import Violation
from adjudicator.rulesets.brigade import conduct, orders
from adjudicator.rulesets.brigade.sequence import RULE, STEPS, step_actor
from adjudicator.rulesets.brigade.state import BRIGADE_RESULTS, FATES, UNIT_STATUSES, BrigadeState, Order

R_SEQ = "seed 003 §4"
R_RESULT = "R12"
TURN_PHASES = {s[0] for s in STEPS}


def _v(code: str, rule: str, message: str) -> list[Violation]:
    return [Violation(code, rule, message)]


def _in_step(state: BrigadeState, actor: str, phases: tuple[str, ...], what: str) -> list[Violation]:
    """The action belongs to one of `phases`, and to the side whose step it is (or the referee)."""
    if state.phase not in phases:
        want = " or ".join(phases)
        return _v("sequence/phase", RULE.get(phases[0], R_SEQ),
                  f"{what} belongs to the {want} phase; it is now {_now(state)}")
    who = step_actor(state)
    if actor != REFEREE and who not in ("*", actor):
        return _v("sequence/not-your-step", RULE.get(state.phase, R_SEQ),
                  f"{_now(state)}: it is {who}'s step ({STEPS[state.step][2]})")
    return []


def _now(state: BrigadeState) -> str:
    if state.phase in TURN_PHASES:
        return f"turn {state.turn}, {state.phase} phase"
    return f"setup ({state.phase})"


def _player(state: BrigadeState, actor: str, side_of: str, what: str) -> list[Violation]:
    if actor not in (REFEREE, side_of):
        return _v("side/not-yours", R_SEQ, f"{what} is {side_of}'s, not {actor}'s")
    return []


def _skills(state: BrigadeState, actor: str, a: ev.RollSkills) -> list[Violation]:
    if state.phase != "skills":
        return _v("skills/phase", "seed 003 §5.2", "skills are rolled before the game, when an option asks for it")
    if actor == REFEREE or state.sides[actor].skills_rolled:
        return _v("skills/twice", "seed 003 §5.2", "each side rolls its own generals' skills once")
    return []


def _roll_initiative(state: BrigadeState, actor: str, a: ev.RollInitiative) -> list[Violation]:
    if state.phase != "initiative" or state.step != 0:
        return _v("initiative/not-now", "seed 003 §4.1", f"initiative is rolled at the start of each turn; it is {_now(state)}")
    return []


def _choose(state: BrigadeState, actor: str, a: ev.ChooseInitiative) -> list[Violation]:
    if state.phase != "initiative" or state.step != 1:
        return _v("initiative/not-now", "seed 003 §4.1", f"nobody has won the initiative yet; it is {_now(state)}")
    if actor not in (REFEREE, state.initiative_winner):
        return _v("initiative/not-winner", "seed 003 §4.1", f"{state.initiative_winner} won the initiative and chooses; "
                  "the opponent may not refuse it")
    return []


def _brigade_of(state: BrigadeState, actor: str, brigade: str, rule: str) -> list[Violation]:
    b = state.brigades.get(brigade)
    if b is None:
        return _v("order/unknown-brigade", rule, f"{brigade!r} is not a brigade")
    return _player(state, actor, b.side, b.name)


def _commanded(state: BrigadeState, brigade: str, rule: str) -> list[Violation]:
    b = state.brigades[brigade]
    g = state.generals[b.general]
    if g.fate != "present":
        return _v("order/leaderless", rule, f"{b.name}'s brigadier {g.name} is {g.fate}: leaderless brigades are "
                  "in rules the seeds do not hold (R15)")
    return []


def _change(state: BrigadeState, actor: str, a: ev.ChangeOrder) -> list[Violation]:
    order = Order(kind=a.order, objective=a.objective, flank=a.flank)
    found = (_in_step(state, actor, ("command",), "an order change") or _brigade_of(state, actor, a.brigade, orders.RULE_CHANGE))
    if found:
        return found
    b = state.brigades[a.brigade]
    if b.side != step_actor(state):
        return _v("order/not-your-step", orders.RULE_ONE_CHANGE, f"{b.name} is not the side whose command step it is")
    side = state.sides[b.side]
    if side.order_change_used:
        return _v("order/one-change", orders.RULE_ONE_CHANGE, "the CinC changes one brigade's order per turn, "
                  "and has tried already this turn")
    cinc = state.generals[side.cinc]
    if cinc.fate != "present":
        return _v("order/cinc-absent", orders.RULE_CHANGE, f"the CinC {cinc.name} is {cinc.fate}")
    return _commanded(state, a.brigade, orders.RULE_CHANGE) or orders.check_order(state, a.brigade, order, "cinc")


def _brig_init(state: BrigadeState, actor: str, a: ev.BrigadierInitiative) -> list[Violation]:
    order = Order(kind=a.order, objective=a.objective, flank=a.flank)
    found = (_in_step(state, actor, ("command",), "a brigadier's initiative")
             or _brigade_of(state, actor, a.brigade, orders.RULE_BRIG_INIT))
    if found:
        return found
    b = state.brigades[a.brigade]
    if b.side != step_actor(state):
        return _v("initiative/not-your-step", orders.RULE_BRIG_INIT, f"{b.name} is not the side whose command step it is")
    side = state.sides[b.side]
    if side.brigadier_initiative_used:
        return _v("initiative/one-per-turn", orders.RULE_BRIG_INIT, "one brigadier per side per turn tries his initiative")
    if side.auto_replaces_roll:
        return _v("initiative/replaced", "seed 003 §5.6", "last turn's automatic option replaces this turn's "
                  "brigadier's initiative roll")
    return _commanded(state, a.brigade, orders.RULE_BRIG_INIT) or orders.check_order(state, a.brigade, order, "brigadier")


def _auto(state: BrigadeState, actor: str, a: ev.AutomaticOrder) -> list[Violation]:
    if state.phase not in TURN_PHASES:
        return _v("auto/setup", "seed 003 §5.6", "automatic options are taken during the game")
    found = _brigade_of(state, actor, a.brigade, "seed 003 §5.6")
    if found:
        return found
    b = state.brigades[a.brigade]
    if state.sides[b.side].auto_declared:
        return _v("auto/one-per-turn", "seed 003 §5.6", "only one automatic option may be taken in a turn")
    order = Order(kind=a.order, objective=a.objective)
    return orders.check_auto(state, a.brigade, order, a.reason) or orders.check_order(state, a.brigade, order, "auto")


def _set_order(state: BrigadeState, actor: str, a: ev.SetOrder) -> list[Violation]:
    if actor != REFEREE:
        return _v("order/referee-only", R_RESULT, "only the referee sets an order outright")
    return orders.check_order(state, a.brigade, Order(kind=a.order, objective=a.objective, flank=a.flank), "referee")


def _done(state: BrigadeState, actor: str, a: ev.Done) -> list[Violation]:
    if state.phase == "orders-reveal" and actor == REFEREE:
        # R26: the referee closes the setup once every brigade has an order (set by him if need be)
        missing = [b.id for b in state.brigades.values() if b.order is None]
        if missing:
            return _v("orders/missing", "seed 003 §5.5", f"every brigade has a written order; missing: {', '.join(missing)} "
                      "(the referee may `set order` them)")
        return []
    if state.phase not in TURN_PHASES or (state.phase == "initiative"):
        return _v("sequence/nothing-to-close", R_SEQ, f"`done` closes a step of the turn; it is {_now(state)}")
    found = _in_step(state, actor, (state.phase,), "done")
    if found:
        return found
    if state.phase == "movement" and actor != REFEREE:
        return conduct.compliance(state, actor)
    return []


def _move(state: BrigadeState, actor: str, a: ev.Move) -> list[Violation]:
    if state.phase not in TURN_PHASES or state.phase in ("initiative", "command"):
        return _v("move/phase", "seed 003 §4.5", f"units move in the compulsory, charge and movement phases; it is {_now(state)}")
    referee_step = step_actor(state) == REFEREE
    if actor != REFEREE:
        found = _in_step(state, actor, ("compulsory", "movement"), "a move")
        if found:
            return found
    return conduct.check_move(state, actor, a, state.phase, referee_step)


def _charge(state: BrigadeState, actor: str, a: ev.Charge) -> list[Violation]:
    return _in_step(state, actor, ("charges",), "a charge declaration") or conduct.check_charge(state, actor, a)


def _fire(state: BrigadeState, actor: str, a: ev.Fire) -> list[Violation]:
    found = _in_step(state, actor, ("firing",), "fire")
    if found:
        return found
    u, t = state.units.get(a.unit), state.units.get(a.target)
    rule = "seed 003 §4.6"
    if u is None:
        return _v("fire/unknown-unit", rule, f"{a.unit!r} is not a unit")
    if u.side != step_actor(state):
        return _v("fire/not-your-step", rule, f"{u.name} is not the side whose fire it is: the phasing player fires first")
    if not u.on_table or u.status in ("retreating", "routed"):
        return _v("fire/unit-state", rule, f"{u.name} is {u.status}: it does not fire (R11)")
    if u.kind not in ("line-infantry", "guard-infantry", "light-infantry", "foot-artillery", "horse-artillery"):
        return _v("fire/cavalry", rule, f"{u.name} is cavalry: cavalry does not fire (R11)")
    if u.fired:
        return _v("fire/twice", rule, f"{u.name} has fired this turn")
    if t is None or t.side == u.side or not t.on_table:
        return _v("fire/target", rule, f"{a.target!r} is not an enemy unit on the table")
    return []


def _roll_for(state: BrigadeState, actor: str, a: ev.RollFor) -> list[Violation]:
    if state.phase not in TURN_PHASES or state.phase == "initiative":
        return _v("roll/phase", R_RESULT, f"rolls for the procedures the seeds do not hold are made during the turn; it is {_now(state)}")
    try:
        parse_expr(a.expr)
    except ValueError as e:
        return _v("roll/bad-expression", R_RESULT, str(e))
    if a.unit not in state.units and a.unit not in state.brigades and a.unit not in state.generals:
        return _v("roll/unknown", R_RESULT, f"{a.unit!r} is not a unit, brigade or general")
    return []


def _result_common(state: BrigadeState, actor: str, piece: str, roll_seq: int) -> list[Violation]:
    if actor != REFEREE:
        return _v("result/referee-only", R_RESULT, "results of fire, melee and morale are entered by the referee")
    if state.phase not in TURN_PHASES or state.phase == "initiative" and state.step == 0:
        return _v("result/phase", R_RESULT, f"results are entered during the turn; it is {_now(state)}")
    if roll_seq:
        r = state.open_rolls.get(str(roll_seq))
        if r is None:
            return _v("result/no-roll", R_RESULT, f"#{roll_seq} is not a roll of this turn")
        if r.unit != piece:
            return _v("result/other-roll", R_RESULT, f"the roll #{roll_seq} was for {r.unit}, not {piece}")
    return []


def _unit_result_common(state: BrigadeState, actor: str, unit: str, roll_seq: int) -> list[Violation]:
    """What every result entered for one unit needs: the common result checks and a unit on the table."""
    found = _result_common(state, actor, unit, roll_seq)
    if found:
        return found
    u = state.units.get(unit)
    if u is None or not u.on_table:
        return _v("result/unit", R_RESULT, f"{unit!r} is not a unit on the table")
    return []


def _casualties(state: BrigadeState, actor: str, a: ev.Casualties) -> list[Violation]:
    found = _unit_result_common(state, actor, a.unit, a.roll_seq)
    if found:
        return found
    if a.count < 0:
        return _v("result/count", R_RESULT, "casualties are a number of figures (guns), 0 or more")
    return []


def _unit_status(state: BrigadeState, actor: str, a: ev.UnitStatus) -> list[Violation]:
    found = _unit_result_common(state, actor, a.unit, a.roll_seq)
    if found:
        return found
    if a.status not in UNIT_STATUSES:
        return _v("result/status", R_RESULT, f"a unit is one of {', '.join(UNIT_STATUSES)}")
    if state.phase == "morale" and state.brigade_tested:
        return _v("morale/units-first", "seed 003 §4.8", "unit morale is tested before brigade morale: a brigade "
                  "result has been entered in this morale phase")
    return []


def _brigade_morale(state: BrigadeState, actor: str, a: ev.BrigadeMorale) -> list[Violation]:
    found = _result_common(state, actor, a.brigade, a.roll_seq)
    if found:
        return found
    if a.brigade not in state.brigades:
        return _v("result/brigade", R_RESULT, f"{a.brigade!r} is not a brigade")
    if a.result not in BRIGADE_RESULTS:
        return _v("result/brigade-result", R_RESULT, f"a brigade morale result is one of {', '.join(BRIGADE_RESULTS)}")
    if state.phase != "morale":
        return _v("morale/brigade-phase", "seed 003 §4.8", f"brigade morale is tested in the morale phase; it is {_now(state)}")
    return []


def _general(state: BrigadeState, actor: str, a: ev.GeneralFate) -> list[Violation]:
    found = _result_common(state, actor, a.general, a.roll_seq)
    if found:
        return found
    g = state.generals.get(a.general)
    if g is None:
        return _v("result/general", R_RESULT, f"{a.general!r} is not a general")
    if a.fate not in FATES:
        return _v("result/fate", R_RESULT, f"a general is one of {', '.join(FATES)}")
    if g.fate == "lost":
        return _v("result/general-lost", "seed 004 §15.4", f"{g.name} is lost for good")
    return []


def _control(state: BrigadeState, actor: str, a: ev.Control) -> list[Violation]:
    found = _result_common(state, actor, a.place, 0)
    if found:
        return found
    if a.place not in state.places:
        return _v("result/place", "seed 003 §5.5", f"{a.place!r} is not a place marked before play")
    if a.side not in state.players and a.side != "none":
        return _v("result/side", R_RESULT, f"a place is held by {', '.join(state.players)} or none")
    return []


def _taken(state: BrigadeState, actor: str, a: ev.ObjectiveTaken) -> list[Violation]:
    found = _result_common(state, actor, a.brigade, 0)
    if found:
        return found
    b = state.brigades.get(a.brigade)
    if b is None or b.order is None or b.order.kind != "attack":
        return _v("result/not-attacking", "seed 003 §5.6", f"{a.brigade!r} is not a brigade under Attack")
    return []


def _sealed(state: BrigadeState, actor: str, a: OrdersSealed) -> list[Violation]:
    if state.phase != "orders":
        return []  # other sealed decisions are the players' own business
    if actor == REFEREE:
        return _v("orders/referee", "seed 003 §5.5", "each side seals its own written orders")
    if state.sides[actor].orders_label:
        return _v("orders/sealed-twice", "seed 003 §5.5", f"{actor} has sealed its written orders already")
    return []


def _unsealed(state: BrigadeState, actor: str, a: OrdersUnsealed) -> list[Violation]:
    side = next((p for p, s in state.sides.items() if s.orders_label == a.label), None)
    if side is None:
        return []
    if state.phase != "orders-reveal":
        return _v("orders/reveal-early", "seed 003 §5.5", "written orders are revealed once both sides have sealed theirs")
    return check_orders(state, side, a.orders)


def check_orders(state: BrigadeState, side: str, lines: tuple[str, ...]) -> list[Violation]:
    """§5.5: what opening `side`'s written orders would meet: the unseal's check, and `adjudicator seal`'s
    before they are sealed. Sealed orders outside the setup are the players' own business."""
    if state.phase not in ("orders", "orders-reveal") or side not in state.sides:
        return []
    return check_written(state, side, lines)


def check_written(state: BrigadeState, side: str, lines: tuple[str, ...]) -> list[Violation]:
    """§5.5: one written order for every brigade of the side, each well formed."""
    seen: dict[str, str] = {}
    for n, line in enumerate(lines, 1):
        try:
            brigade, order = orders.parse_order_line(line)
        except ValueError as e:
            return _v("orders/unreadable", "seed 003 §5.5", f"order line {n}: {e}")
        b = state.brigades.get(brigade)
        if b is None or b.side != side:
            return _v("orders/not-a-brigade", "seed 003 §5.5", f"order line {n}: {brigade!r} is not one of {side}'s brigades")
        if brigade in seen:
            return _v("orders/twice", "seed 003 §5.5", f"order line {n}: {b.name} has an order already (line {seen[brigade]})")
        seen[brigade] = str(n)
        found = orders.check_order(state, brigade, order, "written")
        if found:
            return [Violation(v.code, v.rule, f"order line {n}: {v.message}") for v in found]
    missing = [b.id for b in state.brigades.values() if b.side == side and b.id not in seen]
    if missing:
        return _v("orders/missing", "seed 003 §5.5", f"every brigade has a written order; missing: {', '.join(missing)}")
    return []


CHECKS: dict[type, Callable[[BrigadeState, str, Action], list[Violation]]] = {
    ev.RollSkills: _skills, ev.RollInitiative: _roll_initiative, ev.ChooseInitiative: _choose,
    ev.ChangeOrder: _change, ev.BrigadierInitiative: _brig_init, ev.AutomaticOrder: _auto, ev.SetOrder: _set_order,
    ev.Done: _done, ev.Move: _move, ev.Charge: _charge, ev.Fire: _fire, ev.RollFor: _roll_for,
    ev.Casualties: _casualties, ev.UnitStatus: _unit_status, ev.BrigadeMorale: _brigade_morale,
    ev.GeneralFate: _general, ev.Control: _control, ev.ObjectiveTaken: _taken,
    OrdersSealed: _sealed, OrdersUnsealed: _unsealed,
}
ALWAYS = (Note, Ruling, OrdersVoided, SecretRevealed)


def validate(state: BrigadeState, actor: str, action: Action) -> list[Violation]:
    if state.over and not isinstance(action, ALWAYS + (GameEnded,)):
        return _v("game/over", "seed 004 §15.5", f"the game is over ({state.result}): only notes, rulings and reveals")
    check = CHECKS.get(type(action))
    if check is None:
        return []
    if actor != REFEREE and actor not in state.sides:
        return _v("side/unknown", R_SEQ, f"{actor!r} is not a side")
    return check(state, actor, action)

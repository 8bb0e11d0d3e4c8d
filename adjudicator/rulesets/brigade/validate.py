"""The rules each posted action must keep, once the phase table has let it through (an action of
a step of the turn comes in that step, from the side whose step it is or from the referee)."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from events import brigade as ev
from events.core import REFEREE, OrdersSealed, OrdersUnsealed
from adjudicator.dice import parse_expr
from adjudicator.ruleset import Check, Violation, violation
from adjudicator.rulesets.brigade import conduct, orders
from adjudicator.rulesets.brigade.decide import KINDS
from adjudicator.rulesets.brigade.codes import RULE_BRIG_INIT, RULE_CHANGE, RULE_ONE_CHANGE, RULE_RESULTS, RULE_SEQUENCE
from adjudicator.rulesets.brigade.phases import TURN_PHASES, whose
from adjudicator.rulesets.brigade.state import BRIGADE_RESULTS, FATES, UNIT_STATUSES, BrigadeState, Order, rolls_of
from adjudicator.i18n import Msg, said
from adjudicator.localize import PhaseName


def _now(s: BrigadeState) -> Msg:
    if s.phase in TURN_PHASES:
        return Msg("turn {turn}, {phase} phase", turn=s.turn, phase=PhaseName("brigade", s.phase))
    return Msg("setup ({phase})", phase=PhaseName("brigade", s.phase))


def _in_turn(s: BrigadeState) -> bool:
    """The game is past its setup and the initiative: a step of the turn is under way."""
    return s.phase in TURN_PHASES and s.phase != "initiative"


def _brigade_of(s: BrigadeState, actor: str, brigade: str, rule: str) -> list[Violation]:
    b = s.brigades.get(brigade)
    if b is None:
        return violation("order/unknown-brigade", rule, "{brigade!r} is not a brigade", brigade=brigade)
    if actor not in (REFEREE, b.side):
        return violation("side/not-yours", RULE_SEQUENCE, "{name} is {side}'s, not {actor}'s",
                         name=b.name, side=b.side, actor=actor)
    return []


def _commanded(s: BrigadeState, brigade: str, rule: str) -> list[Violation]:
    b = s.brigades[brigade]
    g = s.generals[b.general]
    if g.fate != "present":
        return violation("order/leaderless", rule, "{name}'s brigadier {name2} is {fate}: leaderless brigades are in rules the "
                                                   "seeds do not hold (R15)", name=b.name, name2=g.name, fate=g.fate)
    return []


def _in_command_step(s: BrigadeState, actor: str, a: ev.OrderGiven) -> list[Violation]:
    """§4.2: a side's one order change and one brigadier's initiative a turn, each for a brigade of the
    side whose command step it is, posted by that side or by the referee for it."""
    change = isinstance(a, ev.ChangeOrder)
    found = _brigade_of(s, actor, a.brigade, RULE_CHANGE if change else RULE_BRIG_INIT)
    if found:
        return found
    b = s.brigades[a.brigade]
    if b.side != whose(s):
        return violation("order/not-your-step" if change else "initiative/not-your-step",
                         RULE_ONE_CHANGE if change else RULE_BRIG_INIT, "{name} is not the side whose command step it "
                                                                        "is", name=b.name)
    side = s.sides[b.side]
    if change and side.order_change_used:
        return violation("order/one-change", RULE_ONE_CHANGE, "the CinC changes one brigade's order per turn, "
                         "and has tried already this turn")
    if not change and side.brigadier_initiative_used:
        return violation("initiative/one-per-turn", RULE_BRIG_INIT, "one brigadier per side per turn tries his initiative")
    return []


def check_change(s: BrigadeState, actor: str, a: ev.ChangeOrder) -> list[Violation]:
    """§5.12: the CinC, if he is on the table, changes the order of a brigade whose brigadier is."""
    found = _in_command_step(s, actor, a)
    if found:
        return found
    cinc = s.generals[s.sides[s.brigades[a.brigade].side].cinc]
    if cinc.fate != "present":
        return violation("order/cinc-absent", RULE_CHANGE, "the CinC {name} is {fate}", name=cinc.name, fate=cinc.fate)
    order = Order(kind=a.order, objective=a.objective, flank=a.flank)
    return _commanded(s, a.brigade, RULE_CHANGE) or orders.check_order(s, a.brigade, order, "cinc")


def check_brigadier_initiative(s: BrigadeState, actor: str, a: ev.BrigadierInitiative) -> list[Violation]:
    """§4.2, §5.3 (R22): a brigadier on the table tries, unless last turn's automatic option replaces it (§5.6)."""
    found = _in_command_step(s, actor, a)
    if found:
        return found
    if s.sides[s.brigades[a.brigade].side].auto_replaces_roll:
        return violation("initiative/replaced", "seed 003 §5.6", "last turn's automatic option replaces this turn's "
                         "brigadier's initiative roll")
    order = Order(kind=a.order, objective=a.objective, flank=a.flank)
    return _commanded(s, a.brigade, RULE_BRIG_INIT) or orders.check_order(s, a.brigade, order, "brigadier")


def check_automatic(s: BrigadeState, actor: str, a: ev.AutomaticOrder) -> list[Violation]:
    """R23: a side declares an automatic option at any time of the turn."""
    if s.phase not in TURN_PHASES:
        return violation("auto/setup", "seed 003 §5.6", "automatic options are taken during the game")
    found = _brigade_of(s, actor, a.brigade, "seed 003 §5.6")
    if found:
        return found
    b = s.brigades[a.brigade]
    if s.sides[b.side].auto_declared:
        return violation("auto/one-per-turn", "seed 003 §5.6", "only one automatic option may be taken in a turn")
    order = Order(kind=a.order, objective=a.objective)
    return orders.check_auto(s, a.brigade, order, a.reason) or orders.check_order(s, a.brigade, order, "auto")


def check_set_order(s: BrigadeState, actor: str, a: ev.SetOrder) -> list[Violation]:
    if actor != REFEREE:
        return violation("order/referee-only", RULE_RESULTS, "only the referee sets an order outright")
    return orders.check_order(s, a.brigade, Order(kind=a.order, objective=a.objective, flank=a.flank), "referee")


def check_done(s: BrigadeState, actor: str, a: ev.Done) -> list[Violation]:
    if s.phase == "orders-reveal":
        if actor != REFEREE:
            return violation("sequence/nothing-to-close", RULE_SEQUENCE, "`done` closes a step of the turn; it is {now}",
                             now=_now(s))
        # R26: the referee closes the setup once every brigade has an order (set by him if need be)
        missing = [b.id for b in s.brigades.values() if b.order is None]
        if missing:
            return violation("orders/missing", "seed 003 "
                                               "§5.5", "every brigade has a written order; missing: {missing} (the referee may "
                                                       "`set order` them)", missing=', '.join(missing))
        return []
    if s.phase == "movement" and actor != REFEREE:
        return conduct.compliance(s, actor)
    return []


def check_move(s: BrigadeState, actor: str, a: ev.Move) -> list[Violation]:
    return conduct.check_move(s, actor, a, s.phase, whose(s) == REFEREE)


def check_charge(s: BrigadeState, actor: str, a: ev.Charge) -> list[Violation]:
    return conduct.check_charge(s, actor, a)


def check_fire(s: BrigadeState, actor: str, a: ev.Fire) -> list[Violation]:
    u, t = s.units.get(a.unit), s.units.get(a.target)
    rule = "seed 003 §4.6"
    if u is None:
        return violation("fire/unknown-unit", rule, "{unit!r} is not a unit", unit=a.unit)
    if u.side != whose(s):
        return violation("fire/not-your-step", rule, "{name} is not the side whose fire it is: the phasing player fires first",
                         name=u.name)
    if not u.on_table or u.status in ("retreating", "routed"):
        return violation("fire/unit-state", rule, "{name} is {status}: it does not fire (R11)", name=u.name, status=u.status)
    if u.kind not in ("line-infantry", "guard-infantry", "light-infantry", "foot-artillery", "horse-artillery"):
        return violation("fire/cavalry", rule, "{name} is cavalry: cavalry does not fire (R11)", name=u.name)
    if u.fired:
        return violation("fire/twice", rule, "{name} has fired this turn", name=u.name)
    if t is None or t.side == u.side or not t.on_table:
        return violation("fire/target", rule, "{target!r} is not an enemy unit on the table", target=a.target)
    return []


def check_roll(s: BrigadeState, actor: str, a: ev.RollFor) -> list[Violation]:
    """R12: either side rolls for a procedure the seeds do not hold, at any step of the turn."""
    if not _in_turn(s):
        return violation("roll/phase", RULE_RESULTS, "rolls for the procedures the seeds do not hold are made during the turn; "
                                                     "it is {now}", now=_now(s))
    try:
        parse_expr(a.expr)
    except ValueError as e:
        return violation("roll/bad-expression", RULE_RESULTS, said(e))
    if a.unit not in s.units and a.unit not in s.brigades and a.unit not in s.generals:
        return violation("roll/unknown", RULE_RESULTS, "{unit!r} is not a unit, brigade or general", unit=a.unit)
    return []


# -- results entered by the referee at any step of the turn (R12) ----------------------------------

def _result(s: BrigadeState, actor: str, piece: str, roll_seq: int, kind: str = "") -> list[Violation]:
    """What every result needs: the referee, a turn under way, and a roll of this turn for the same
    piece (when it names one), from which no result of this `kind` was entered yet (R12)."""
    if actor != REFEREE:
        return violation("result/referee-only", RULE_RESULTS, "results of fire, melee and morale are entered by the referee")
    if s.phase not in TURN_PHASES or s.phase == "initiative" and s.step == 0:
        return violation("result/phase", RULE_RESULTS, "results are entered during the turn; it is {now}", now=_now(s))
    if roll_seq:
        r = s.open_rolls.get(str(roll_seq))
        if r is None:
            return violation("result/no-roll", RULE_RESULTS, "#{roll_seq} is not a roll of this turn", roll_seq=roll_seq)
        mine = rolls_of(s, roll_seq, piece)
        if not mine:
            return violation("result/other-roll", RULE_RESULTS, "the roll #{roll_seq} was for {unit}, not {piece}",
                             roll_seq=roll_seq, unit=r.unit, piece=piece)
        if all(kind in x.entered for x in mine):
            what = f"{len(mine)} rolls" if len(mine) > 1 else "roll"
            return violation("result/entered", RULE_RESULTS, "the {kind} result of the {what} #{roll_seq} ({purpose}, for "
                                                             "{piece}) is entered already: a roll gives each result once (R12)", kind=kind, what=what, roll_seq=roll_seq, purpose=r.purpose, piece=piece)
    return []


def _unit_result(s: BrigadeState, actor: str, unit: str, roll_seq: int, kind: str) -> list[Violation]:
    """What every result entered for one unit needs: the common result checks and a unit on the table."""
    found = _result(s, actor, unit, roll_seq, kind)
    if found:
        return found
    u = s.units.get(unit)
    if u is None or not u.on_table:
        return violation("result/unit", RULE_RESULTS, "{unit!r} is not a unit on the table", unit=unit)
    return []


def check_casualties(s: BrigadeState, actor: str, a: ev.Casualties) -> list[Violation]:
    found = _unit_result(s, actor, a.unit, a.roll_seq, "casualties")
    if found:
        return found
    if a.count < 0:
        return violation("result/count", RULE_RESULTS, "casualties are a number of figures (guns), 0 or more")
    return []


def check_unit_status(s: BrigadeState, actor: str, a: ev.UnitStatus) -> list[Violation]:
    found = _unit_result(s, actor, a.unit, a.roll_seq, "status")
    if found:
        return found
    if a.status not in UNIT_STATUSES:
        return violation("result/status", RULE_RESULTS, "a unit is one of {unit_statuses}",
                         unit_statuses=', '.join(UNIT_STATUSES))
    if s.phase == "morale" and s.brigade_tested:
        return violation("morale/units-first", "seed 003 §4.8", "unit morale is tested before brigade morale: a brigade "
                         "result has been entered in this morale phase")
    return []


def check_brigade_morale(s: BrigadeState, actor: str, a: ev.BrigadeMorale) -> list[Violation]:
    found = _result(s, actor, a.brigade, a.roll_seq, "brigade morale")
    if found:
        return found
    if a.brigade not in s.brigades:
        return violation("result/brigade", RULE_RESULTS, "{brigade!r} is not a brigade", brigade=a.brigade)
    if a.result not in BRIGADE_RESULTS:
        return violation("result/brigade-result", RULE_RESULTS, "a brigade morale result is one of {brigade_results}",
                         brigade_results=', '.join(BRIGADE_RESULTS))
    if s.phase != "morale":
        return violation("morale/brigade-phase", "seed 003 §4.8", "brigade morale is tested in the morale phase; it is {now}",
                         now=_now(s))
    return []


def check_general(s: BrigadeState, actor: str, a: ev.GeneralFate) -> list[Violation]:
    found = _result(s, actor, a.general, a.roll_seq, "fate")
    if found:
        return found
    g = s.generals.get(a.general)
    if g is None:
        return violation("result/general", RULE_RESULTS, "{general!r} is not a general", general=a.general)
    if a.fate not in FATES:
        return violation("result/fate", RULE_RESULTS, "a general is one of {fates}", fates=', '.join(FATES))
    if g.fate == "lost":
        return violation("result/general-lost", "seed 004 §15.4", "{name} is lost for good", name=g.name)
    return []


def check_control(s: BrigadeState, actor: str, a: ev.Control) -> list[Violation]:
    found = _result(s, actor, a.place, 0)
    if found:
        return found
    if a.place not in s.places:
        return violation("result/place", "seed 003 §5.5", "{place!r} is not a place marked before play", place=a.place)
    if a.side not in s.players and a.side != "none":
        return violation("result/side", RULE_RESULTS, "a place is held by {players} or none", players=', '.join(s.players))
    return []


def check_taken(s: BrigadeState, actor: str, a: ev.ObjectiveTaken) -> list[Violation]:
    found = _result(s, actor, a.brigade, 0)
    if found:
        return found
    b = s.brigades.get(a.brigade)
    if b is None or b.order is None or b.order.kind != "attack":
        return violation("result/not-attacking", "seed 003 §5.6", "{brigade!r} is not a brigade under Attack", brigade=a.brigade)
    return []


# -- written orders (§5.5) -------------------------------------------------------------------------

SEALING = ("skills", "orders")  # R32: written orders may be sealed before the skill rolls are all made


def check_sealed(s: BrigadeState, actor: str, a: OrdersSealed) -> list[Violation]:
    if s.phase not in SEALING:
        return []  # other sealed decisions are the players' own business
    if actor == REFEREE:
        return violation("orders/referee", "seed 003 §5.5", "each side seals its own written orders")
    if s.sides[actor].orders_label:
        return violation("orders/sealed-twice", "seed 003 §5.5", "{actor} has sealed its written orders already", actor=actor)
    return []


def check_unsealed(s: BrigadeState, actor: str, a: OrdersUnsealed) -> list[Violation]:
    side = next((p for p, x in s.sides.items() if x.orders_label == a.label), None)
    if side is None:
        return []
    if s.phase != "orders-reveal":
        return violation("orders/reveal-early", "seed 003 §5.5", "written orders are revealed once both sides have sealed theirs")
    return check_orders(s, side, a.orders)


def check_orders(s: BrigadeState, side: str, lines: tuple[str, ...]) -> list[Violation]:
    """§5.5: what opening `side`'s written orders would meet: the unseal's check, and `adjudicator seal`'s
    before they are sealed. Sealed orders outside the setup are the players' own business."""
    if s.phase not in (*SEALING, "orders-reveal") or side not in s.sides:
        return []
    return check_written(s, side, lines)


def check_written(s: BrigadeState, side: str, lines: tuple[str, ...]) -> list[Violation]:
    """§5.5: one written order for every brigade of the side, each well formed."""
    seen: dict[str, str] = {}
    for n, line in enumerate(lines, 1):
        try:
            brigade, order = orders.parse_order_line(line)
        except ValueError as e:
            return violation("orders/unreadable", "seed 003 §5.5", "order line {n}: {e}", n=n, e=said(e))
        b = s.brigades.get(brigade)
        if b is None or b.side != side:
            return violation("orders/not-a-brigade", "seed 003 "
                                                     "§5.5", "order line {n}: {brigade!r} is not one of {side}'s "
                                                             "brigades", n=n, brigade=brigade, side=side)
        if brigade in seen:
            return violation("orders/twice", "seed 003 §5.5", "order line {n}: {name} has an order already (line {brigade})",
                             n=n, name=b.name, brigade=seen[brigade])
        seen[brigade] = str(n)
        found = orders.check_order(s, brigade, order, "written")
        if found:
            return [replace(v, message=f"order line {n}: {v.message}") for v in found]
    missing = [b.id for b in s.brigades.values() if b.side == side and b.id not in seen]
    if missing:
        return violation("orders/missing", "seed 003 §5.5", "every brigade has a written order; missing: {missing}",
                         missing=', '.join(missing))
    return []


def check_standing(s: BrigadeState, actor: str, a: ev.Standing) -> list[Violation]:
    """A side's standing order, at any time: one of the kinds and modes of decide.KINDS."""
    if actor not in s.players:
        return violation("standing/not-a-side", RULE_SEQUENCE, "standing orders are a side's")
    modes = KINDS.get(a.kind)
    if modes is None:
        return violation("standing/kind", RULE_SEQUENCE, "{kind!r} is no standing order; the kinds: {kinds}",
                         kind=a.kind, kinds=', '.join(KINDS))
    if a.mode not in modes:
        return violation("standing/mode", RULE_SEQUENCE, "standing {kind}: {modes}, not {mode!r}",
                         kind=a.kind, modes=' or '.join(modes), mode=a.mode)
    return []


CHECKS: dict[type[Any], Check[BrigadeState]] = {
    ev.ChangeOrder: check_change, ev.BrigadierInitiative: check_brigadier_initiative, ev.AutomaticOrder: check_automatic,
    ev.SetOrder: check_set_order, ev.Done: check_done, ev.Move: check_move, ev.Charge: check_charge, ev.Fire: check_fire,
    ev.RollFor: check_roll, ev.Casualties: check_casualties, ev.UnitStatus: check_unit_status,
    ev.BrigadeMorale: check_brigade_morale, ev.GeneralFate: check_general, ev.Control: check_control,
    ev.ObjectiveTaken: check_taken, OrdersSealed: check_sealed, OrdersUnsealed: check_unsealed,
    ev.Standing: check_standing,
}

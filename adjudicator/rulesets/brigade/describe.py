"""Outcome lines for the report a referee pastes back."""

from __future__ import annotations

from events import brigade as ev
from events.core import Envelope, OrdersUnsealed, OrdersVoided
from adjudicator.rulesets.brigade import army, initiative, orders
from adjudicator.rulesets.brigade.sequence import STEPS
from adjudicator.rulesets.brigade.state import BrigadeState, Order


def _mods(mods: list[tuple[str, int]]) -> str:
    return "".join(f" {m:+d} ({label})" for label, m in mods)


def _rolled(e: Envelope, i: int) -> int:
    return sum(e.rolls[i].dice)


def _voided(before: BrigadeState, after: BrigadeState) -> list[str]:
    """A ruling that voided a side's sealed written orders (R27)."""
    return [f"{x.name}'s written orders are void: " + (
            f"{side} seals them again (R27)" if after.phase == "orders" else
            "they stand as not given; the referee sets its brigades' orders, then `done` (R26, R27)")
            for side, x in after.sides.items() if before.sides[side].orders_label and not x.orders_label]


def describe(before: BrigadeState, after: BrigadeState, e: Envelope) -> list[str]:
    a = e.action
    out: list[str] = []
    if isinstance(a, ev.RollInitiative):
        rolls = e.rolls
        for n in range(0, len(rolls), 2):
            parts = []
            for k, side in enumerate(before.players):
                r = sum(rolls[n + k].dice)
                mods = initiative.modifiers(before, side)
                parts.append(f"{before.sides[side].name} {r}{_mods(mods)} = {r + sum(m for _, m in mods)}")
            out.append("initiative: " + " against ".join(parts) + (" (tie: re-rolled)" if n + 2 < len(rolls) else ""))
        out.append(f"{after.sides[after.initiative_winner].name} wins the initiative and chooses ({initiative.RULE})")
    elif isinstance(a, ev.ChooseInitiative):
        out.append(f"{after.sides[after.phasing].name} is the phasing player in turn {after.turn}")
    elif isinstance(a, ev.ChangeOrder):
        order = Order(kind=a.order, objective=a.objective, flank=a.flank)
        mods = orders.change_modifiers(before, a.brigade)
        r = _rolled(e, 0)
        total, need = r + sum(m for _, m in mods), orders.change_threshold(before, order)
        b = after.brigades[a.brigade]
        verdict = ("order changed: " + b.order.text() if b.order == order and b.pending is None else
                   "equal: the order is changed but takes effect next command phase (optional rule)" if b.pending == order
                   else "the order stands: " + (b.order.text() if b.order else "none"))
        out.append(f"order change {b.name}: 2D6 {r}{_mods(mods)} = {total} against {need} (provisional table): "
                   f"{verdict} ({orders.RULE_CHANGE})")
    elif isinstance(a, ev.BrigadierInitiative):
        mods = orders.initiative_modifiers(before, a.brigade)
        r = _rolled(e, 0)
        b = after.brigades[a.brigade]
        need = before.tables["brigadier_initiative_table"]["threshold"]
        out.append(f"brigadier's initiative {b.name}: 2D6 {r}{_mods(mods)} = {r + sum(m for _, m in mods)} against "
                   f"{need} (provisional table): now {b.order.text() if b.order else 'no order'}")
    elif isinstance(a, ev.AutomaticOrder):
        out.append(f"{after.brigades[a.brigade].name}: automatic {a.order.capitalize()} from the next command phase; "
                   "it replaces next turn's brigadier's initiative roll (§5.6)")
    elif isinstance(a, OrdersUnsealed) and before.phase == "orders-reveal" and after.phase != before.phase:
        out.append("both sides' written orders are open: " + "; ".join(
            f"{b.id} {b.order.text()}" for b in after.brigades.values() if b.order))
    elif isinstance(a, OrdersVoided):
        out += _voided(before, after)
    for b in after.brigades.values():
        old = before.brigades[b.id].order
        if old is not None and b.order != old and not isinstance(a, (ev.ChangeOrder, ev.BrigadierInitiative, ev.SetOrder)):
            out.append(f"{b.name}: {old.text()} becomes {b.order.text()} automatically")
    for g in after.generals.values():
        if before.generals[g.id].fate == "wounded" and g.fate == "present":
            out.append(f"{g.name} returns to the table (§4.2)")
    for side, s in after.sides.items():
        lost_before, lost_after = army.loss(before, side), army.loss(after, side)
        if lost_after != lost_before:
            out.append(f"{s.name}: army value lost {lost_after} of {s.value} (Waver {s.waver}, Break {s.breakpoint})")
    for t in after.defeat_tests[len(before.defeat_tests):]:
        out.append(army.defeat_text(t))
    if after.over and not before.over:
        out.append(f"GAME OVER: {after.result}")
    elif (after.turn, after.step) != (before.turn, before.step) and after.turn:
        if after.turn != before.turn and before.turn:
            out.append(f"turn {before.turn} ends (dice epoch {before.turn} closed); turn {after.turn} begins")
        out.append(f"next: turn {after.turn}, {after.phase}: {STEPS[after.step][2]}")
    return out

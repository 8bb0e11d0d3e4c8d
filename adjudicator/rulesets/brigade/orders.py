"""Chapter V orders (seed 003 §5.5-§5.12): what an order names, and changing it.

An order is KIND [OBJECTIVE] [FLANK]: attack village, engage pack, support kempt left,
move hill, hold ventosa, withdraw. Objectives are the scenario's places (§5.5: marked
before play), brigades and units.
"""

from __future__ import annotations

from typing import NamedTuple

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation, violation
from adjudicator.rulesets.brigade.codes import RULE_AUTO_ORDER, RULE_KIND, RULE_ORDERS
from adjudicator.rulesets.brigade.state import FLANKS, ORDERS, BrigadeState, Order, dist, mods_text, units_of
from adjudicator.i18n import Msg
from adjudicator.localize import Form, Word



def parse_order(words: list[str]) -> Order:
    """KIND [OBJECTIVE] [FLANK] -> Order; ValueError says what is wrong."""
    if not words:
        raise ValueError(Msg("an order is {form}, {kind} one of {orders}", form=Form("brigade", "KIND [OBJECTIVE] [FLANK]"),
                             kind=Form("brigade", "KIND"), orders=Form("brigade", ", ".join(ORDERS))))
    kind = words[0].lower()
    if kind not in ORDERS:
        raise ValueError(Msg("{word!r} is not an order; orders: {orders} (seed 003 §5.5)", word=words[0],
                             orders=Form("brigade", ", ".join(ORDERS))))
    rest = [w.lower() for w in words[1:]]
    flank = ""
    if rest and rest[-1] in FLANKS:
        flank = rest.pop()
    if len(rest) > 1:
        raise ValueError(Msg("an order names one objective (a place, brigade or unit id), not {words!r}", words=" ".join(rest)))
    return Order(kind=kind, objective=rest[0] if rest else "", flank=flank)


def parse_order_line(line: str) -> tuple[str, Order]:
    """A written order line: BRIGADE KIND [OBJECTIVE] [FLANK] (`=` and `:` are allowed as separators)."""
    words = line.replace("=", " ").replace(":", " ").split()
    if len(words) < 2:
        raise ValueError(Msg("{line!r}: write {form}, e.g. `{example}`", line=line, form=Form("brigade", "BRIGADE ORDER [OBJECTIVE] [FLANK]"),
                             example=Word("brigade", "kempt attack ventosa")))
    return words[0].lower(), parse_order(words[1:])


def check_order(state: BrigadeState, brigade: str, order: Order, source: str) -> list[Violation]:
    """Is `order` a well-formed order for `brigade` from `source` (written, cinc, brigadier, auto, referee)?"""
    b = state.brigades.get(brigade)
    if b is None:
        return violation("order/unknown-brigade", RULE_ORDERS, "{brigade!r} is not a brigade", brigade=brigade)
    rule = RULE_KIND[order.kind]
    if order.kind == "withdraw" and source in ("written", "cinc"):
        return violation("order/withdraw-from-cinc", rule, "Withdraw cannot be ordered by the Commander-in-Chief, "
                         "only taken by a brigadier (written orders are the CinC's, R6)")
    obj, side = order.objective, b.side
    place = obj in state.places
    enemy_brigade = obj in state.brigades and state.brigades[obj].side != side
    friend_brigade = obj in state.brigades and state.brigades[obj].side == side and obj != brigade
    enemy_unit = obj in state.units and state.units[obj].side != side
    if order.flank and order.kind != "support":
        return violation("order/flank", rule, "only a Support order names a flank, not {kind}", kind=order.kind)
    if order.kind == "attack" and not (place or enemy_brigade):
        return violation("order/attack-objective", rule, "an Attack order names its objective: a place marked before play or "
                                                         "an enemy brigade, not {obj!r}", obj=obj or Msg("nothing"))
    if order.kind == "engage" and not (place or enemy_brigade or enemy_unit):
        return violation("order/engage-objective", rule, "an Engage order names enemy units, an enemy brigade or a place, not "
                                                         "{obj!r}", obj=obj or Msg("nothing"))
    if order.kind == "support":
        if not friend_brigade:
            return violation("order/support-objective", rule, "a Support order names the friendly brigade it supports, not "
                                                              "{obj!r}", obj=obj or Msg("nothing"))
        if not order.flank:
            return violation("order/support-flank", rule, "support is given by the left flank, the right flank or the rear "
                             "(never from the front): name one")
    if order.kind == "move" and not (place or friend_brigade):
        return violation("order/move-objective", rule, "a Move order names a place or a friendly brigade, not {obj!r}",
                         obj=obj or Msg("nothing"))
    if order.kind in ("hold", "withdraw") and obj and not place:
        return violation("order/area", rule, "{kind}: the objective, if any, is a place marked before play, not {obj!r}",
                         kind=Word("brigade", order.kind.capitalize()), obj=obj)
    return []


# -- §5.12 order change by the CinC ------------------------------------------

def change_modifiers(state: BrigadeState, brigade: str) -> list[tuple[Msg | str, int]]:
    """§5.12: CinC skill, Inept receiving brigadier, base contact +2, distance, nationality."""
    mt, pt = state.tables["order_change_modifiers"], state.tables["order_change_table"]
    b = state.brigades[brigade]
    side = state.sides[b.side]
    cinc, brig = state.generals[side.cinc], state.generals[b.general]
    mods: list[tuple[Msg | str, int]] = []
    skill = mt["cinc_skill"].get(cinc.skill, 0)
    if skill:
        mods.append((Msg("{skill} CinC", skill=Word("brigade", cinc.skill)), skill))
    if brig.skill == "inept":
        mods.append((Msg("Inept brigadier"), mt["inept_brigadier"]))
    d = dist(cinc.x, cinc.y, brig.x, brig.y)
    if d <= pt["base_contact_inches"]:
        mods.append((Msg("brigadier in base contact"), mt["base_contact"]))
    elif d > mt["radius"]:
        bands = int((d - mt["radius"] + 11.999) // 12)  # each 12" or part of it beyond the radius (R8)
        mods.append((Msg("{d:.0f}\" away, beyond {radius}\" (provisional)",
                         d=d, radius=mt["radius"]), bands * pt["beyond_radius_per_12_inches"]))
    nat = pt["nationality"].get(side.nationality, 0)
    if nat:
        mods.append((Msg("{nationality} staff (provisional)", nationality=Word("brigade", side.nationality)), nat))
    return mods


def change_threshold(state: BrigadeState, order: Order) -> int:
    return state.tables["order_change_table"]["threshold"][order.kind]


class Tried(NamedTuple):
    """A roll to change an order: the dice, the modifiers, the total and the number it needed."""

    rolled: int
    mods: list[tuple[Msg | str, int]]
    total: int
    need: int

    def __str__(self) -> str:
        return self.shown().english()

    def shown(self) -> Msg:
        return Msg("2D6 {rolled}{mods} = {total} against {need} (provisional "
                   "table)", rolled=self.rolled, mods=mods_text(self.mods),
                   total=self.total, need=self.need)


def _tried(dice: Dice, purpose: str, expr: str, side: str, mods: list[tuple[Msg | str, int]], need: int) -> Tried:
    rolled = sum(dice.roll(purpose, expr, side=side))
    return Tried(rolled, mods, rolled + sum(m for _, m in mods), need)


def roll_change(state: BrigadeState, actor: str, brigade: str, order: Order, dice: Dice) -> tuple[Tried, str]:
    """§5.12: 2D6 + modifiers >= threshold. Returns the roll and its outcome: changed, pending
    (optional rule: equal, effective next command phase) or failed."""
    tried = _tried(dice, f"order change {brigade} to {order.kind}", state.tables["order_change_modifiers"]["dice"],
                   actor, change_modifiers(state, brigade), change_threshold(state, order))
    if tried.total > tried.need or (tried.total == tried.need and "late-orders" not in state.options):
        return tried, "changed"
    return tried, "pending" if tried.total == tried.need else "failed"


# -- brigadier's initiative (its table is ours) --------------------------------

def initiative_modifiers(state: BrigadeState, brigade: str) -> list[tuple[Msg | str, int]]:
    g = state.generals[state.brigades[brigade].general]
    m = state.tables["brigadier_skill"]["skill"].get(g.skill, 0)
    return [(Msg("{skill} brigadier", skill=Word("brigade", g.skill)), m)] if m else []


def roll_initiative(state: BrigadeState, actor: str, brigade: str, order: Order, dice: Dice) -> Tried:
    """R22: 2D6 + the brigadier's skill against the threshold; the order changes on the threshold or more."""
    t = state.tables["brigadier_initiative_table"]
    return _tried(dice, f"brigadier's initiative {brigade} to {order.kind}", t["dice"], actor,
                  initiative_modifiers(state, brigade), t["threshold"])


# -- automatic changes --------------------------------------------------------

AUTO_REASONS = {
    "repulsed": ("attack", "hold", "half or more of its units retreat, rout or are dispersed"),
    "cavalry-threat": ("attack", "hold", "its infantry is threatened by cavalry"),
    "attack-again": ("attack", "attack", "a cavalry brigade whose attack conditions were all met"),
    "supported-broken": ("support", "hold", "the brigade it supports broke or dispersed"),
}


def check_auto(state: BrigadeState, brigade: str, order: Order, reason: str) -> list[Violation]:
    """§5.6/§5.8: the automatic brigadier's initiative options, with the conditions the state can check."""
    if reason not in AUTO_REASONS:
        return violation("auto/reason", "seed 003 §5.6", "automatic options: {auto_reasons}",
                         auto_reasons=', '.join(AUTO_REASONS))
    b = state.brigades[brigade]
    current, new_kind, why = AUTO_REASONS[reason]
    rule = RULE_AUTO_ORDER[current]
    if b.order is None or b.order.kind != current:
        now = Word("brigade", b.order.kind.capitalize()) if b.order else Msg("no order")
        return violation("auto/wrong-order", rule, "{reason!r} is an option of a brigade under {current} ({name} is under {now})",
                         reason=reason, current=Word("brigade", current.capitalize()), name=b.name, now=now)
    if order.kind != new_kind:
        return violation("auto/wrong-order", rule, "{reason!r} gives {new_kind}, not "
                                                   "{kind}", reason=reason, new_kind=Word("brigade", new_kind.capitalize()), kind=Word("brigade", order.kind.capitalize()))
    units = units_of(state, brigade)
    if reason == "repulsed":
        bad = sum(1 for u in units if u.status in ("retreating", "routed", "dispersed", "removed"))
        if bad * 2 < len(units):
            return violation("auto/not-repulsed", rule, "{name}: only {bad} of {count_units} units retreat, rout or are "
                                                        "dispersed; the option needs half or more", name=b.name, bad=bad, count_units=len(units))
    if reason == "attack-again" and any(u.kind not in ("line-cavalry", "guard-cavalry", "cossacks", "horse-artillery")
                                        for u in units):
        return violation("auto/not-cavalry", rule, "{name} is not a cavalry brigade", name=b.name)
    if reason == "supported-broken":
        sup = state.brigades.get(b.order.objective)
        gone = sup is not None and (sup.morale != "steady" or not any(u.on_table for u in units_of(state, sup.id)))
        if not gone:
            return violation("auto/supported-steady", rule, "the supported brigade {objective} is neither broken nor dispersed",
                             objective=b.order.objective)
    return []

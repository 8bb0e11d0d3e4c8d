"""What each order allows a brigade to do: charges (§4.4, §5.1, §5.3-§5.11) and moves
(§4.3, §4.5, §5.6-§5.11), checked on what the players post."""

from __future__ import annotations

import math
from collections.abc import Iterator

from events.brigade import Charge, Move
from events.core import REFEREE
from adjudicator.i18n import Msg
from adjudicator.localize import Word
from adjudicator.ruleset import Violation, violation
from adjudicator.rulesets.brigade.codes import (
    RULE_CINC, RULE_COMPULSORY, RULE_COUNTER, RULE_KIND, RULE_MOVEMENT, RULE_RADIUS, RULE_STACKING,
)
from adjudicator.rulesets.brigade.state import (
    ARTILLERY, CAVALRY, CONTACT, INFANTRY, OFF_TABLE, BrigadeState, General, Unit, close_order, dist, nearest_enemy,
    units_of,
)

CHARGE_KINDS = ("charge", "counter", "opportunity")
STACKING = {"min_inches": CONTACT}  # the shipped `[stacking]`, for games begun before it was a table
MUST_MOVE_COMPULSORY = ("retreating", "routed", "pursuing")


def nearest_enemy_unit(state: BrigadeState, u: Unit) -> Unit | None:
    """The enemy unit on the table nearest to `u` (the first found of equals); None when there is none."""
    best, found, hypot = math.inf, None, math.hypot
    for t in state.units.values():
        # `on_table` and `dist` written out: this runs for every move checked
        if t.side != u.side and t.status not in OFF_TABLE:
            d = hypot(u.x - t.x, u.y - t.y)
            if d < best:
                best, found = d, t
    return found


def move_rate(state: BrigadeState, kind: str) -> float:
    return float(state.tables["move_rates"][kind])


def formed_target(target: Unit) -> bool:
    """Formed close-order enemy (§5.7): not disordered or worse, and not light infantry."""
    return target.status == "formed" and target.kind != "light-infantry"


def check_charge(state: BrigadeState, actor: str, a: Charge) -> list[Violation]:
    u = state.units.get(a.unit)
    if u is None:
        return violation("charge/unknown-unit", "seed 003 §4.4", "{unit!r} is not a unit", unit=a.unit)
    if actor != REFEREE and u.side != actor:
        return violation("charge/not-yours", "seed 003 §4.4", "{name} is not {actor}'s", name=u.name, actor=actor)
    t = state.units.get(a.target)
    if t is None or t.side == u.side or not t.on_table:
        return violation("charge/target", "seed 003 §4.4", "{target!r} is not an enemy unit on the table", target=a.target)
    if a.kind not in CHARGE_KINDS:
        return violation("charge/kind", "seed 003 §4.4", "a charge is one of {charge_kinds}",
                         charge_kinds=', '.join(CHARGE_KINDS))
    if not u.on_table or u.status in MUST_MOVE_COMPULSORY:
        return violation("charge/unit-state", RULE_COMPULSORY, "{name} is {status}: it cannot declare a charge (R10)",
                         name=u.name, status=u.status)
    if u.moved == "compulsory":
        return violation("charge/moved-compulsory", RULE_MOVEMENT, "{name} moved in the compulsory move phase (R10)", name=u.name)
    if u.charged:
        return violation("charge/twice", "seed 003 §4.4", "{name} has declared a charge this turn already", name=u.name)
    if u.kind in ARTILLERY:
        return violation("charge/artillery", "seed 003 §4.4", "{name} is artillery: artillery does not charge (R11)", name=u.name)
    b = state.brigades[u.brigade]
    radius = state.tables["command_radius"]
    if a.by_cinc:
        cinc = state.generals[state.sides[u.side].cinc]
        if cinc.fate != "present":
            return violation("charge/cinc-absent", RULE_CINC, "the CinC {name} is {fate}", name=cinc.name, fate=cinc.fate)
        d = dist(cinc.x, cinc.y, u.x, u.y)
        if d > radius["cinc_charges"]:
            return violation("charge/cinc-radius", RULE_CINC, '{name} is {d:.1f}" from the CinC {name2}; he orders charges '
                                                              'within {cinc_charges}"', name=u.name, d=d, name2=cinc.name, cinc_charges=radius['cinc_charges'])
        if a.kind == "opportunity":
            return violation("charge/kind", RULE_CINC, "the CinC orders an attack or a counter-attack")
        return answers(t, a.kind)
    g = state.generals[b.general]
    if g.fate != "present":
        return violation("charge/leaderless", RULE_RADIUS, "{name}'s brigadier {name2} is {fate}: no charge without a "
                                                           "commander (the CinC may order one, §5.1)", name=b.name, name2=g.name, fate=g.fate)
    d = dist(g.x, g.y, u.x, u.y)
    if d > radius["brigadier"]:
        return violation("charge/out-of-radius", RULE_RADIUS, '{name} is {d:.1f}" from its brigadier {name2}; charges are '
                                                              'ordered within {brigadier}"', name=u.name, d=d, name2=g.name, brigadier=radius['brigadier'])
    return check_charge_order(state, u, t, a.kind) or answers(t, a.kind)


def answers(target: Unit, kind: str) -> list[Violation]:
    """§4.4, R29: a counter-charge (a counter-attack) answers a charge: its target is an enemy unit that
    declared one this turn. The phasing player declares first, so only the non-phasing player counters."""
    if kind == "counter" and not target.charged:
        return violation("charge/no-enemy-charge", RULE_COUNTER, "a counter-charge answers an enemy charge: {name} has "
                                                                 "declared no charge this turn (R29)", name=target.name)
    return []


def check_charge_order(state: BrigadeState, u: Unit, t: Unit, kind: str) -> list[Violation]:
    b = state.brigades[u.brigade]
    order = b.order.kind if b.order else "hold"
    rule = RULE_KIND[order]
    cav = u.kind in CAVALRY
    if kind == "opportunity" and not (cav and order in ("hold", "move")):
        return violation("charge/opportunity", rule, "only cavalry under Hold or Move declares charges as opportunity (R4)")
    if order == "attack":
        return []
    if order in ("engage", "support"):
        if kind == "counter":
            return []
        if u.kind in INFANTRY:
            if u.kind == "light-infantry" and t.kind == "light-infantry":
                return []
            if formed_target(t):
                return violation("charge/engage-infantry", rule, "under {order} infantry may not charge formed close-order "
                                                                 "enemy ({name} is formed) except as a counter-attack", order=Word("brigade", order.capitalize()), name=t.name)
            return []
        if formed_target(t) and b.formed_cav_charges >= 1:
            return violation("charge/engage-cavalry", rule, "under {order} a brigade declares one cavalry charge per turn "
                                                            "against formed units; {name} has declared it", order=Word("brigade", order.capitalize()), name=b.name)
        return []
    if order in ("hold", "move"):
        if cav and kind in ("counter", "opportunity"):
            return []
        return violation("charge/hold" if order == "hold" else "charge/move", rule,
                         "under {order} units may not charge; cavalry may counter-charge or charge as "
                         "opportunity", order=Word("brigade", order.capitalize()))
    # withdraw
    if kind == "counter":
        return []
    return violation("charge/withdraw", rule, "under Withdraw the brigade retires: no charges but counter-charges (R5)")


def counts_formed_cavalry_charge(state: BrigadeState, a: Charge) -> bool:
    u, t = state.units[a.unit], state.units[a.target]
    b = state.brigades[u.brigade]
    return (not a.by_cinc and a.kind != "counter" and u.kind in CAVALRY and formed_target(t)
            and b.order is not None and b.order.kind in ("engage", "support"))


# -- moves -----------------------------------------------------------------

def check_move(state: BrigadeState, actor: str, a: Move, phase: str, referee_step: bool) -> list[Violation]:
    """A move in the compulsory or movement phase (the phase table lets no other through), or the
    referee's in a step of his own."""
    piece = state.units.get(a.piece) or state.generals.get(a.piece)
    if piece is None:
        return violation("move/unknown", "seed 003 §4.5", "{piece!r} is neither a unit nor a general", piece=a.piece)
    if actor != REFEREE and piece.side != actor:
        return violation("move/not-yours", "seed 003 §4.5", "{name} is not {actor}'s", name=piece.name, actor=actor)
    if not (0 <= a.x <= state.width and 0 <= a.y <= state.height):
        return violation("move/off-table", "scenario", "{x:g},{y:g} is off the {width:g}x{height:g} inch table",
                         x=a.x, y=a.y, width=state.width, height=state.height)
    if isinstance(piece, Unit):
        found = stacked(state, piece, a.x, a.y)
        if found:
            return found
    if actor == REFEREE and referee_step:
        return []  # the referee places units as the resolution of charges and melee demands
    if isinstance(piece, General):
        return _general_move(state, piece, a, phase)
    if not piece.on_table:
        return violation("move/off-table-unit", "seed 003 §4.5", "{name} is {status}", name=piece.name, status=piece.status)
    if piece.moved == phase:
        return violation("move/twice", RULE_MOVEMENT, "{name} has moved in this phase already (R9)", name=piece.name)
    if phase == "compulsory":
        return _compulsory_move(state, piece, a)
    return _free_move(state, piece, a)


def stacked(state: BrigadeState, u: Unit, x: float, y: float) -> list[Violation]:
    """R30: a unit ends no move on another unit on the table, friend or foe: their centres stay at least
    the contact distance apart (1", R7; `[stacking]`, provisional)."""
    gap = float(state.tables.get("stacking", STACKING)["min_inches"])
    hypot = math.hypot
    for t in state.units.values():
        if t.id != u.id and t.status not in OFF_TABLE and hypot(x - t.x, y - t.y) < gap - 1e-9:
            return violation("move/stacked", RULE_STACKING, '{name} would end {distance:.1f}" from {name2} ({id}): units meet '
                                                            'in contact, at least {gap:g}" apart, never on one another', name=u.name, distance=hypot(x - t.x, y - t.y), name2=t.name, id=t.id, gap=gap)
    return []


def _general_move(state: BrigadeState, g: General, a: Move, phase: str) -> list[Violation]:
    if phase != "movement":
        return violation("move/general-phase", RULE_MOVEMENT, "generals move in the movement phase (R9)")
    if g.fate != "present":
        return violation("move/general-absent", "seed 003 §4.2", "{name} is {fate}", name=g.name, fate=g.fate)
    if g.moved == phase:
        return violation("move/twice", RULE_MOVEMENT, "{name} has moved in this phase already", name=g.name)
    rate, d = move_rate(state, "general"), dist(g.x, g.y, a.x, a.y)
    if d > rate:
        return violation("move/too-far", RULE_MOVEMENT, '{name} moves at most {rate:g}" (provisional), not {d:.1f}"',
                         name=g.name, rate=rate, d=d)
    return []


def _compulsory_move(state: BrigadeState, u: Unit, a: Move) -> list[Violation]:
    """§4.3: retreating, routing and pursuing units and broken brigades move; the retreating away from the enemy."""
    here, there = nearest_enemy(state, u.side, u.x, u.y), nearest_enemy(state, u.side, a.x, a.y)
    broken = state.brigades[u.brigade].morale in ("broken", "mass-panic")
    if u.status not in MUST_MOVE_COMPULSORY and not broken:
        return violation("move/not-compulsory", RULE_COMPULSORY, "{name} is {status} in a steady brigade: only retreating, "
                                                                 "routing and pursuing units and broken brigades move now", name=u.name, status=u.status)
    limit = state.tables["broken_brigade"]["retreat_inches"] if broken and u.status not in MUST_MOVE_COMPULSORY \
        else move_rate(state, u.kind)
    d = dist(u.x, u.y, a.x, a.y)
    if d > limit:
        return violation("move/too-far", RULE_COMPULSORY, '{name} moves at most {limit:g}" now, not {d:.1f}"',
                         name=u.name, limit=limit, d=d)
    if u.status != "pursuing" and there < here:
        return violation("move/toward-enemy", RULE_COMPULSORY, '{name} retreats: it may not end nearer the enemy ({there:.1f}" '
                                                               '< {here:.1f}")', name=u.name, there=there, here=here)
    return []


def _free_move(state: BrigadeState, u: Unit, a: Move) -> list[Violation]:
    """§4.5: the units that did not move in the compulsory phase, as their brigade's order allows (§5.6-§5.11)."""
    if u.moved == "compulsory" or u.status in MUST_MOVE_COMPULSORY:
        return violation("move/moved-compulsory", RULE_MOVEMENT, "{name} moves in the compulsory move phase, not now",
                         name=u.name)
    rate, d = move_rate(state, u.kind), dist(u.x, u.y, a.x, a.y)
    if d > rate:
        return violation("move/too-far", RULE_MOVEMENT, '{name} moves at most {rate:g}" (provisional), not {d:.1f}"',
                         name=u.name, rate=rate, d=d)
    b = state.brigades[u.brigade]
    order = b.order.kind if b.order else "hold"
    rule = RULE_KIND[order]
    # advancing and retiring are judged against the enemy unit nearest before the move (R7)
    foe = nearest_enemy_unit(state, u)
    if foe is None:
        here = there = math.inf  # no enemy on the table
    else:
        here, there = dist(u.x, u.y, foe.x, foe.y), dist(a.x, a.y, foe.x, foe.y)
    if order in ("engage", "support") and u.kind in INFANTRY and there > here + 1e-9:
        return violation("move/engage-retreat", rule, 'under {order} infantry may not retreat ({name} would go from '
                                                      '{here:.1f}" to {there:.1f}" of the enemy)', order=Word("brigade", order.capitalize()), name=u.name, here=here, there=there)
    if order == "attack" and u.status == "formed" and close_order(u) and there > here + 1e-9:
        return violation("move/attack-retreat", rule, "under Attack no formed unit retires voluntarily ({name}, R7)", name=u.name)
    if order == "withdraw" and there < here - 1e-9:
        return violation("move/withdraw-advance", rule, "under Withdraw {name} may not move nearer the enemy", name=u.name)
    if order == "hold" and b.order and b.order.objective in state.places:
        p = state.places[b.order.objective]
        reach = state.tables["areas"]["hold_inches"] + (
            state.tables["skirmish_screen"]["ahead_inches"] if u.kind == "light-infantry" else 0)
        if dist(a.x, a.y, p.x, p.y) > reach:
            return violation("move/hold-area", rule, 'under Hold {name} stays within {reach:g}" of {name2} (provisional area, '
                                                     'R3)', name=b.name, reach=reach, name2=p.name)
    return []


# -- at the end of a side's movement: did each brigade do what its order demands? --

def exempt(u: Unit) -> bool:
    """§5.6: skirmishers, disordered units and artillery are free of the Attack condition."""
    return u.kind == "light-infantry" or u.kind in ARTILLERY or u.status != "formed"


def ways(state: BrigadeState, u: Unit, advance: bool) -> Iterator[tuple[float, float]]:
    """R34: the points within `u`'s move from where it began the turn that do what its brigade's order
    asks of it, and end on the table and on no other unit (R30): with `advance` (Attack, §5.6), half a
    move nearer the enemy (contact at the most, R7); else (Withdraw, §5.11), half a move back and no
    nearer the enemy unit that was nearest. Straight at (or away from) that unit first, then turned aside
    by 20 degree steps, at half the move, between, and the whole move."""
    rate = move_rate(state, u.kind)
    start = nearest_enemy(state, u.side, u.sx, u.sy)
    foe = min((t for t in state.units.values() if t.side != u.side and t.status not in OFF_TABLE),
              key=lambda t: dist(u.sx, u.sy, t.x, t.y), default=None)
    if foe is None or start == math.inf:
        return
    need = min(rate / 2, max(start - 1.0, 0.0)) if advance else rate / 2
    here = dist(u.sx, u.sy, foe.x, foe.y)
    heading = math.atan2(foe.y - u.sy, foe.x - u.sx) + (0.0 if advance else math.pi)
    for reach in (need + 0.05, (need + rate) / 2, rate - 0.01):
        for k in range(9):
            turn = heading + (k + 1) // 2 * 0.35 * (1 if k % 2 else -1)
            x, y = round(u.sx + reach * math.cos(turn), 2), round(u.sy + reach * math.sin(turn), 2)
            if not (0.0 <= x <= state.width and 0.0 <= y <= state.height) or dist(u.sx, u.sy, x, y) > rate:
                continue
            done = (start - nearest_enemy(state, u.side, x, y) >= need if advance
                    else dist(u.sx, u.sy, x, y) >= need and dist(x, y, foe.x, foe.y) >= here)
            if done and not stacked(state, u, x, y):
                yield x, y


def compliance(state: BrigadeState, side: str) -> list[Violation]:
    found: list[Violation] = []
    for b in state.brigades.values():
        if b.side != side or b.order is None or b.morale != "steady":
            continue
        units = [u for u in units_of(state, b.id) if u.on_table]
        if b.order.kind == "attack":
            formed = [u for u in units if not exempt(u)]
            # R34: a unit whose way forward was closed by other units (R30) is not held to it
            ok = [u for u in formed if u.charged or _did(state, u, advance=True) or next(ways(state, u, True), None) is None]
            if formed and len(ok) * 2 < len(formed):
                found += violation("attack/half-advance", RULE_KIND["attack"],
                                   "{name} is under Attack: at least half of its {count_formed} formed units must charge or "
                                   "advance half a move towards the enemy (move rates provisional); {count_ok} did", name=b.name, count_formed=len(formed), count_ok=len(ok))
        elif b.order.kind == "withdraw":
            late = [u.name for u in units if u.status not in MUST_MOVE_COMPULSORY and not u.charged
                    and not _did(state, u, advance=False) and next(ways(state, u, False), None) is not None]
            if late:
                found += violation("withdraw/half-move", RULE_KIND["withdraw"],
                                   "{name} is under Withdraw: every unit retires at least half a move (move rates "
                                   "provisional); not yet: {late}", name=b.name, late=', '.join(late))
    return found


def obeyed(state: BrigadeState, u: Unit, advance: bool) -> bool:
    """§5.6, §5.11: `u`, where it stands, has come the half move nearer the enemy an Attack order asks
    (`advance`), or gone back the half move a Withdraw order asks."""
    return _did(state, u, advance)


def _did(state: BrigadeState, u: Unit, advance: bool) -> bool:
    half = move_rate(state, u.kind) / 2
    start = nearest_enemy(state, u.side, u.sx, u.sy)
    if start == float("inf"):
        return True
    if not advance:
        edge = min(u.x, u.y, state.width - u.x, state.height - u.y)
        if edge <= 1.0 or (u.moved == "movement" and edge <= half):
            return True  # retired as far as the table allows (R7)
        # each move was checked not to end nearer the enemy: what counts is how far it went back
        return u.moved == "movement" and dist(u.sx, u.sy, u.x, u.y) >= half - 0.1
    # how much nearer the enemy it ended than it began the turn; a unit already in reach of the
    # enemy cannot close further than contact (R7)
    gained = start - nearest_enemy(state, u.side, u.x, u.y)
    need = min(half, max(start - 1.0, 0.0))
    return gained >= need - 0.1  # positions are kept to 0.01"

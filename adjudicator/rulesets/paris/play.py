"""What a side may post now (`legal_actions`, for `options` and random play), and the turn-1 orders
it may seal (`sealable_orders`): every legal action, in an order that never changes, so that a
simulated game with a given seed is always the same game."""

from __future__ import annotations

import itertools

from events.core import Action
from events.paris import (Activate, Adjutant, Advance, ChangeOrder, EndActivation, EndMoves, Fire, Hold, Intercept, Melee, Move,
                          NoAdvance, NoPreempt, Pass, Preempt, Rally, React, Reactivate, Retreat, Standing, Turn)
from adjudicator.rulesets.paris import aftermath, hexgrid, melee, reach, reactions, sequence
from adjudicator.rulesets.paris.state import ORDERS, Leader, PState, Unit
from adjudicator.rulesets.paris.decide import KINDS
from adjudicator.rulesets.paris.ground import leader_of
from adjudicator.rulesets.paris.morale import can_stack, effective_ma, retreat_paths
from adjudicator.rulesets.paris.movement import acting_check, command_now, mp_now, step_cost
from adjudicator.rulesets.paris.validate import CHECKS

def sealable_orders(s: PState, side: str) -> list[tuple[str, ...]]:
    """§3.1: every set of turn-1 orders `side` may seal now, one line per wing. No commitment is made
    here: only a salt of the side's own (`adjudicator seal`, or random play's generator) keeps its orders
    from whoever tries the few sets."""
    if s.phase != "orders" or side not in s.players or side in s.seals:
        return []
    wings = sorted(w.id for w in s.wings.values() if w.side == side)
    out = []
    for combo in itertools.product(ORDERS, repeat=len(wings)):
        lines = tuple(f"{w} {o}" for w, o in zip(wings, combo))
        if not sequence.parse_orders(s, side, lines)[1]:
            out.append(lines)
    return out


def _valid(s: PState, side: str, acts: list[Action]) -> list[Action]:
    """The actions the rules let `side` take (the phase and the side are right by construction)."""
    return [a for a in acts if not CHECKS[type(a)](s, side, a)]


def _unit_actions(s: PState, side: str) -> list[Action]:
    lay = s.layout
    acts: list[Action] = []
    moves: list[Action] = []  # legal by construction (unit_moves, leader_moves): not validated again
    field = reach.Field(s)
    wing = s.active_wing
    if not s.melees:
        for u in sorted(s.units.values(), key=lambda x: x.id):
            if u.wing != wing or (u.acted and s.acting_unit != u.id) or u.acted == "rally":
                continue
            if not u.artillery and u.level <= 1:
                moves += unit_moves(s, side, u, field)
                acts += [Turn(unit=u.id, facing=hexgrid.VERTICES[(u.facing + d) % 6]) for d in (1, 5)]
            if u.level and not u.artillery and not u.acted:
                acts.append(Rally(unit=u.id))
            if u.artillery and not u.fired:
                acts.append(Turn(unit=u.id, facing=hexgrid.VERTICES[(u.facing + 1) % 6]))
            if (u.fire > 0 or u.artillery) and not u.fired and u.level <= 1:
                fire_range = 10 if u.artillery else 1
                acts += [Fire(unit=u.id, target=t.id) for t in s.units.values()
                         if t.side != side and hexgrid.distance(u.hex, t.hex, lay) <= fire_range]
        for ld in sorted(s.leaders.values(), key=lambda x: x.id):
            moves += leader_moves(s, side, ld, field)
        w = s.wings[wing]
        if not w.order_change_tried and not s.acting_unit:
            acts += [ChangeOrder(wing=wing, order=o) for o in ORDERS if o != w.order]
    acts += _melee_actions(s, side, reactive=False)
    acts = _valid(s, side, acts)
    return moves + acts + [EndMoves(), EndActivation()]


def unit_moves(s: PState, side: str, u: Unit, field: reach.Field | None = None) -> list[Move]:
    """§8.1: one move to every hex the unit can reach by its front hexes with the MP it has left (the
    cheapest path there), under the stacking (§9.1), order (§6.2) and command (§5.1.2) limits that
    `movement.check_move` enforces on each hex entered and on where the move ends."""
    if s.phase != "act" or side != s.active_side or u.artillery or u.level >= 2 or acting_check(s, u.id, "move"):
        return []
    f = field or reach.Field(s)
    lay = s.layout
    order = s.wings[u.wing].order
    in_cmd = command_now(s, u)
    start = u.start_hex if u.acted else u.hex
    start_dist = f.nearest_enemy(side, start)
    ld = leader_of(s, u.wing)
    shy = order == "march" or not in_cmd  # may not come next to the enemy (§6.2 March, §5.1.2)

    def steps(h: str) -> list[str]:
        return [n for n in hexgrid.front_hexes(h, u.facing, lay)
                if f.passable(n) and (n not in f.occupied or can_stack(s, u, n)) and not (shy and f.nearest_enemy(side, n) <= 1)]

    found = reach.cheapest_paths(u.hex, mp_now(s, u), steps, lambda h: step_cost(s, u, h))
    out = []
    for h in sorted(found):
        end = f.nearest_enemy(side, h)
        if order == "attack" and end >= start_dist:
            continue  # §6.2 Attack!: end closer to the nearest enemy (R13)
        if order == "rally" and end < start_dist:
            continue  # §6.2 Rally: not closer
        if not in_cmd and ld is not None and hexgrid.distance(h, ld.hex, lay) >= hexgrid.distance(start, ld.hex, lay):
            continue  # §5.1.2: back toward the leader (R15)
        out.append(Move(unit=u.id, path=found[h][1]))
    return out


def unit_retreats(s: PState, u: Unit, trig: Unit, field: reach.Field | None = None) -> list[React]:
    """§8.2: one reaction retreat to every hex the unit can reach (the cheapest path there), under the
    limits `validate.check_react` puts on it: infantry under Rally or cavalry approached by infantry; hex
    by hex in any direction, keeping its facing and paying terrain (R33), for at most its movement;
    never into a hex it may not stack in nor next to an enemy unit; ending farther from the trigger."""
    if s.window is None or not reactions.may_retreat(s, u, trig, s.window):
        return []
    f = field or reach.Field(s)
    lay = s.layout

    def steps(h: str) -> list[str]:
        return [n for n in hexgrid.neighbours(h, lay)
                if f.passable(n) and (n not in f.occupied or can_stack(s, u, n)) and f.nearest_enemy(u.side, n) > 1]

    found = reach.cheapest_paths(u.hex, effective_ma(u), steps, lambda h: step_cost(s, u, h))
    start = hexgrid.distance(u.hex, trig.hex, lay)
    return [React(unit=u.id, kind="retreat", path=found[h][1]) for h in sorted(found) if hexgrid.distance(h, trig.hex, lay) > start]


def leader_moves(s: PState, side: str, ld: Leader, field: reach.Field | None = None) -> list[Move]:
    """§5.2: one move to every unit of his wing a leader of the active wing can reach (`movement.check_leader_move`)."""
    if s.phase != "act" or side != s.active_side or ld.wing != s.active_wing or ld.helped_rally or s.melees \
            or (ld.acted and s.acting_unit != ld.id):
        return []
    found = reach.leader_moves(s, ld, ld.mp if ld.acted else ld.ma, field)
    return [Move(unit=ld.id, path=found[h]) for h in sorted(found)]


def _melee_actions(s: PState, side: str, reactive: bool) -> list[Action]:
    lay = s.layout
    out: list[Action] = []
    for u in sorted(s.units.values(), key=lambda x: x.id):
        if u.side != side or (not reactive and u.wing != s.active_wing):
            continue
        for h in hexgrid.front_hexes(u.hex, u.facing, lay):
            d = melee.defender_in(s, h, side)
            if d is None:
                continue
            sup = tuple(o.id for o in s.units.values() if o.side == side and o.id != u.id and o.level <= 1
                        and (reactive or o.wing == s.active_wing) and not o.artillery and o.kind != "E"
                        and h in hexgrid.front_hexes(o.hex, o.facing, lay))
            out.append(Melee(lead=u.id, target=d.id))
            if sup:
                out.append(Melee(lead=u.id, supports=sup, target=d.id))
    return out


def _select(s: PState, side: str) -> list[Action]:
    """§4.2: the wings `side` may activate now, or a pass."""
    if side != s.to_play:
        return []
    return [Activate(wing=w.id) for w in sequence.allowed_wings(s, side)] + [Pass()]


def _preempt(s: PState, side: str) -> list[Action]:
    """§4.4: the wings that may try to pre-empt the activation just made, or none."""
    if side != s.other(s.active_side):
        return []
    return [Preempt(wing=w.id) for w in sequence.preempt_candidates(s, side)] + [NoPreempt()]


def _act(s: PState, side: str) -> list[Action]:
    return _unit_actions(s, side) if side == s.active_side else []


def _react(s: PState, side: str) -> list[Action]:
    """§8.2, §8.3, §10.3: the answers the window offers, or `hold`."""
    win = s.window
    if side != s.other(s.active_side) or win is None:
        return []
    acts: list[Action] = [Fire(unit=u, target=win.trigger) for u in win.fire]
    acts += [Intercept(unit=u) for u in win.intercept]
    retreats: list[Action] = []  # legal by construction (unit_retreats): not validated again
    field = reach.Field(s)
    for uid in win.react:
        if uid in s.leaders:
            acts += leader_retreats(s, uid, s.units[win.trigger].hex)  # R41
            continue
        u = s.units[uid]
        for f in range(6):
            if 0 < hexgrid.turn_steps(u.facing, f) <= (2 if u.cavalry else 1):
                acts.append(React(unit=uid, kind="turn", facing=hexgrid.VERTICES[f]))
        retreats += unit_retreats(s, u, s.units[win.trigger], field)
    return _valid(s, side, acts) + retreats + [Hold()]


def _reactive_melee(s: PState, side: str) -> list[Action]:
    if side != s.other(s.active_side):
        return []
    return _valid(s, side, _melee_actions(s, side, reactive=True)) + [Hold()]


def _reactivate(s: PState, side: str) -> list[Action]:
    return _valid(s, side, [Reactivate()]) + [EndActivation()] if side == s.active_side else []


def _melee_result(s: PState, side: str) -> list[Action]:
    """§11.4: every legal path of the retreat asked, or every facing of the advance (and, where it
    is a choice, `no advance`)."""
    st = s.melee_step
    u = s.units.get(st.unit) if st else None
    if st is None or u is None or u.side != side:
        return []
    if s.phase == "retreat":
        return [Retreat(unit=u.id, path=p) for p in retreat_paths(s, u, st.hexes, st.away)]
    acts: list[Action] = [Advance(unit=u.id, facing=hexgrid.VERTICES[f]) for f in aftermath.facings(u)]
    return acts if st.must else acts + [NoAdvance()]


def _placements(s: PState, side: str) -> list[Action]:
    """§5.2.2, ruling R27: every unit each of `side`'s due adjutants may join."""
    return [Adjutant(wing=x.wing, unit=u.id) for x in s.adjutants_due if x.side == side
            for u in sorted(s.units.values(), key=lambda u: u.id) if u.wing == x.wing]


def leader_retreats(s: PState, lid: str, away: str) -> list[Action]:
    """§8.2, ruling R41: every reaction retreat open to a leader, one per end hex (its cheapest path)."""
    found = reach.leader_retreats(s, s.leaders[lid], away)
    return [React(unit=lid, kind="retreat", path=found[h]) for h in sorted(found)]


_OFFERS = {"select": _select, "preempt": _preempt, "act": _act, "react": _react, "reactive-melee": _reactive_melee,
           "reactivate": _reactivate, "retreat": _melee_result, "advance": _melee_result}


def legal_actions(s: PState, side: str) -> list[Action]:
    """Every action `side` may post now, in an order that never changes."""
    if s.phase in ("over", "orders"):
        return []  # sealed orders are the side's own to seal (sealable_orders) and to open: only it holds the salt
    if s.adjutants_due:
        return _placements(s, side)  # §5.2.2, R27: nothing else until they are placed
    offer = _OFFERS.get(s.phase)
    return offer(s, side) if offer is not None else []


def standing_orders(s: PState, side: str) -> list[Action]:
    """Every decision `side` may leave to the engine, left to it (the first mode of each kind that is
    not `ask`): what scripted play and the hand-offs benchmark give before the first turn."""
    return [Standing(kind=kind, mode=next(m for m in modes if m != "ask")) for kind, modes in KINDS.items()]

# What ends or declines (scripted play takes it when nothing else is left, or at times)
RESTS = (Pass, EndMoves, EndActivation, Hold, NoPreempt, NoAdvance)

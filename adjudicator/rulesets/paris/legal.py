"""Who must decide what (`awaiting`) and what they may post (`legal_actions`), for every decision."""

from __future__ import annotations

import itertools

from events.core import Action
from events.paris import (Activate, ChangeOrder, EndActivation, EndMoves, Fire, Hold, Intercept, Melee, Move, NoPreempt,
                          Pass, Preempt, Rally, React, Reactivate, Standing, Turn)
from adjudicator.ruleset import Awaiting
from adjudicator.rulesets.paris import aftermath, hexgrid, leaders, melee, reach, reactions, sequence
from adjudicator.rulesets.paris.model import ORDERS, Leader, PState, Unit
from adjudicator.rulesets.paris.morale import can_stack
from adjudicator.rulesets.paris.movement import acting_check, command_now, mp_now, step_cost
from adjudicator.rulesets.paris.work import effective_ma, leader_of

def awaiting(s: PState) -> list[Awaiting]:
    if s.phase == "over" or s.result:
        return []
    if s.adjutants_due:
        return leaders.awaiting(s)  # §5.2.2, R27: before anything else
    if s.phase == "orders":
        if len(s.seals) < 2:
            return [Awaiting(p, "seal your turn-1 orders, one line per wing: WING attack|march|rally (seed 000 §3.1)")
                    for p in s.players if p not in s.seals]
        return [Awaiting(p, "unseal your turn-1 orders: they are revealed together (seed 000 §3.1)")
                for p in s.players if p not in s.unsealed]
    act = s.active_side
    if s.phase == "select":
        allowed = ", ".join(w.id for w in sequence.allowed_wings(s, s.to_play))
        return [Awaiting(s.to_play, f"turn {s.turn}: activate a wing ({allowed}) or pass (seed 000 §4.2)")]
    if s.phase == "preempt":
        cands = ", ".join(w.id for w in sequence.preempt_candidates(s, s.other(act)))
        return [Awaiting(s.other(act), f"pre-empt {s.active_wing}'s activation with {cands}, or `no preempt` (seed 000 §4.4)")]
    if s.phase == "act":
        return [Awaiting(act, f"act with {s.active_wing} ({s.wings[s.active_wing].order}): move, turn, fire, rally, melee; "
                              "then `end moves` or `end activation` (seed 000 §3.2)")]
    if s.phase == "react":
        win = s.window
        parts = [f"fire ({', '.join(win.fire)})" if win.fire else "", f"intercept ({', '.join(win.intercept)})" if win.intercept else "",
                 f"react ({', '.join(win.react)})" if win.react else ""]
        return [Awaiting(s.other(act), f"answer {win.trigger} ({win.event}): " + ", ".join(p for p in parts if p)
                         + ", or `hold` (seed 000 §8.2, §8.3, §10.3)")]
    if s.phase == "reactive-melee":
        cands = ", ".join(u.id for u in melee.reactive_candidates(s))
        return [Awaiting(s.other(act), f"declare reactive melees ({cands}), then `hold` (seed 000 §11.2)")]
    if s.phase == "reactivate":
        return [Awaiting(act, f"`reactivate` {s.active_wing} or `end activation` (seed 000 §4.3)")]
    if s.phase in ("retreat", "advance"):
        return aftermath.awaiting(s)
    return []


def sealable_orders(s: PState, side: str) -> list[tuple[str, ...]]:
    """§3.1: every set of turn-1 orders `side` may seal now, one line per wing. No commitment is made
    here: only a salt of the side's own (`adjudicator seal`, or random play's generator) keeps its orders
    from whoever tries the few sets."""
    from adjudicator.rulesets.paris.rules import parse_orders

    if s.phase != "orders" or side not in s.players or side in s.seals:
        return []
    wings = sorted(w.id for w in s.wings.values() if w.side == side)
    out = []
    for combo in itertools.product(ORDERS, repeat=len(wings)):
        lines = tuple(f"{w} {o}" for w, o in zip(wings, combo))
        if not parse_orders(s, side, lines)[1]:
            out.append(lines)
    return out


def _valid(s: PState, side: str, acts: list[Action]) -> list[Action]:
    from adjudicator.rulesets.paris.rules import validate

    return [a for a in acts if not validate(s, side, a)]


def _unit_actions(s: PState, side: str) -> list[Action]:
    lay = s.layout
    acts: list[Action] = []
    moves: list[Action] = []  # legal by construction (unit_moves, leader_moves): not validated again
    board = reach.Board(s)
    wing = s.active_wing
    if not s.melees:
        for u in sorted(s.units.values(), key=lambda x: x.id):
            if u.wing != wing or (u.acted and s.acting_unit != u.id) or u.acted == "rally":
                continue
            if not u.artillery and u.level <= 1:
                moves += unit_moves(s, side, u, board)
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
            moves += leader_moves(s, side, ld, board)
        w = s.wings[wing]
        if not w.order_change_tried and not s.acting_unit:
            acts += [ChangeOrder(wing=wing, order=o) for o in ORDERS if o != w.order]
    acts += _melee_actions(s, side, reactive=False)
    acts = _valid(s, side, acts)
    return moves + acts + [EndMoves(), EndActivation()]


def unit_moves(s: PState, side: str, u: Unit, board: reach.Board | None = None) -> list[Move]:
    """§8.1: one move to every hex the unit can reach by its front hexes with the MP it has left (the
    cheapest path there), under the stacking (§9.1), order (§6.2) and command (§5.1.2) limits that
    `movement.check_move` enforces on each hex entered and on where the move ends."""
    if u.artillery or u.level >= 2 or acting_check(s, side, u.id, "move"):
        return []
    b = board or reach.Board(s)
    lay = s.layout
    order = s.wings[u.wing].order
    in_cmd = command_now(s, u)
    start = u.start_hex if u.acted else u.hex
    start_dist = b.nearest_enemy(side, start)
    ld = leader_of(s, u.wing)
    shy = order == "march" or not in_cmd  # may not come next to the enemy (§6.2 March, §5.1.2)

    def steps(h: str) -> list[str]:
        return [n for n in hexgrid.front_hexes(h, u.facing, lay)
                if b.passable(n) and (n not in b.occupied or can_stack(s, u, n)) and not (shy and b.nearest_enemy(side, n) <= 1)]

    found = reach.cheapest_paths(u.hex, mp_now(s, u), steps, lambda h: step_cost(s, u, h))
    out = []
    for h in sorted(found):
        end = b.nearest_enemy(side, h)
        if order == "attack" and end >= start_dist:
            continue  # §6.2 Attack!: end closer to the nearest enemy (R13)
        if order == "rally" and end < start_dist:
            continue  # §6.2 Rally: not closer
        if not in_cmd and ld is not None and hexgrid.distance(h, ld.hex, lay) >= hexgrid.distance(start, ld.hex, lay):
            continue  # §5.1.2: back toward the leader (R15)
        out.append(Move(unit=u.id, path=found[h][1]))
    return out


def unit_retreats(s: PState, u: Unit, trig: Unit, board: reach.Board | None = None) -> list[React]:
    """§8.2: one reaction retreat to every hex the unit can reach (the cheapest path there), under the
    limits `rules._check_react` puts on it: infantry under Rally or cavalry approached by infantry; hex
    by hex in any direction, keeping its facing and paying terrain (R33), for at most its movement;
    never into a hex it may not stack in nor next to an enemy unit; ending farther from the trigger."""
    if not reactions.may_retreat(s, u, trig, s.window):
        return []
    b = board or reach.Board(s)
    lay = s.layout

    def steps(h: str) -> list[str]:
        return [n for n in hexgrid.neighbours(h, lay)
                if b.passable(n) and (n not in b.occupied or can_stack(s, u, n)) and b.nearest_enemy(u.side, n) > 1]

    found = reach.cheapest_paths(u.hex, effective_ma(u), steps, lambda h: step_cost(s, u, h))
    start = hexgrid.distance(u.hex, trig.hex, lay)
    return [React(unit=u.id, kind="retreat", path=found[h][1]) for h in sorted(found) if hexgrid.distance(h, trig.hex, lay) > start]


def leader_moves(s: PState, side: str, ld: Leader, board: reach.Board | None = None) -> list[Move]:
    """§5.2: one move to every unit of his wing a leader of the active wing can reach (`movement.check_leader_move`)."""
    if s.phase != "act" or side != s.active_side or ld.wing != s.active_wing or ld.helped_rally or s.melees \
            or (ld.acted and s.acting_unit != ld.id):
        return []
    found = reach.leader_moves(s, ld, ld.mp if ld.acted else ld.ma, board)
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


def legal_actions(s: PState, side: str) -> list[Action]:
    if s.phase == "over":
        return []
    if s.phase == "orders":
        return []  # sealed orders are the side's own to seal (sealable_orders) and to open: only it holds the salt
    if s.adjutants_due:
        return leaders.placements(s, side)  # §5.2.2, R27: nothing else until they are placed
    acts: list[Action] = []
    if s.phase == "select" and side == s.to_play:
        acts = [Activate(wing=w.id) for w in sequence.allowed_wings(s, side)] + [Pass()]
    elif s.phase == "preempt" and side == s.other(s.active_side):
        acts = [Preempt(wing=w.id) for w in sequence.preempt_candidates(s, side)] + [NoPreempt()]
    elif s.phase == "act" and side == s.active_side:
        acts = _unit_actions(s, side)
    elif s.phase == "react" and side == s.other(s.active_side):
        win = s.window
        acts = [Fire(unit=u, target=win.trigger) for u in win.fire] + [Intercept(unit=u) for u in win.intercept]
        retreats: list[Action] = []  # legal by construction (unit_retreats): not validated again
        board = reach.Board(s)
        for uid in win.react:
            if uid in s.leaders:
                acts += leaders.retreat_options(s, uid, s.units[win.trigger].hex)  # R41
                continue
            u = s.units[uid]
            for f in range(6):
                if 0 < hexgrid.turn_steps(u.facing, f) <= (2 if u.cavalry else 1):
                    acts.append(React(unit=uid, kind="turn", facing=hexgrid.VERTICES[f]))
            retreats += unit_retreats(s, u, s.units[win.trigger], board)
        acts = _valid(s, side, acts) + retreats + [Hold()]
    elif s.phase == "reactive-melee" and side == s.other(s.active_side):
        acts = _valid(s, side, _melee_actions(s, side, reactive=True)) + [Hold()]
    elif s.phase == "reactivate" and side == s.active_side:
        acts = _valid(s, side, [Reactivate()]) + [EndActivation()]
    elif s.phase in ("retreat", "advance"):
        acts = aftermath.options(s, side)
    return acts


STANDING_EXAMPLES = (Standing(kind="defensive-fire", mode="always"), Standing(kind="intercept", mode="never"),
                     Standing(kind="preempt", mode="ask"))

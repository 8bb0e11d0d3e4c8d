"""The turn (seed 000 §3, §4, §6.3): initiative, wing activation by order priority, pre-emption,
order change, re-activation, passing, the rout phase, the end of the turn and victory."""

from __future__ import annotations

from adjudicator.rulesets.paris import decide, hexgrid, melee
from adjudicator.rulesets.paris.state import ORDERS, PState, Wing
from adjudicator.rulesets.paris.morale import can_stack, carry_leaders, destroy, edge_facing, toward_edge
from adjudicator.rulesets.paris.movement import step_cost, turn_cost
from adjudicator.rulesets.paris.work import View, Work, leader_of, manned_wings, units_at

PRIORITY = {o: i for i, o in enumerate(ORDERS)}  # 0 = highest (§1.2)


def parse_orders(s: PState, side: str, lines: tuple[str, ...]) -> tuple[dict[str, str], str]:
    """Turn-1 orders, one line per wing: `WING attack|march|rally` (§3.1, §6.1); the orders by wing,
    or what is wrong with them."""
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


def can_activate(s: View, w: Wing) -> bool:
    return not w.done and not w.barred and w.leader in s.leaders and w.id in manned_wings(s)


def eligible_wings(s: View, side: str) -> list[Wing]:
    manned, leaders = manned_wings(s), s.leaders
    return [w for w in s.wings.values() if w.side == side and not w.done and not w.barred and w.leader in leaders
            and w.id in manned]  # can_activate, for each wing


def top_priority(s: View, sides: list[str]) -> int:
    ps = [PRIORITY[w.order] for side in sides for w in eligible_wings(s, side)]
    return min(ps) if ps else 99


def allowed_wings(s: View, side: str) -> list[Wing]:
    """§4.2: no wing activates before a wing with a higher-priority order; after a pass the
    passer's wings do not hold the other side back (ruling R11)."""
    mine = eligible_wings(s, side)
    if not mine:
        return []
    sides = [side] if s.passes else list(s.players)
    p = top_priority(s, sides)
    return [w for w in mine if PRIORITY[w.order] == p]


def initiative(w: Work) -> None:
    """§4.1: most wings under the highest-priority order; then the better leader; then a roll."""
    sides = list(w.players)
    p = top_priority(w, sides)
    counts = {sd: sum(1 for x in eligible_wings(w, sd) if PRIORITY[x.order] == p) for sd in sides}
    first = ""
    if counts[sides[0]] != counts[sides[1]]:
        first = max(sides, key=lambda sd: counts[sd])
        why = f"{counts[first]} wing(s) under {ORDERS[p] if p < 99 else '-'} against {counts[w.other(first)]}"
    else:
        best = {sd: max((ld.rating for ld in w.leaders.values() if ld.side == sd), default=-1) for sd in sides}
        if best[sides[0]] != best[sides[1]]:
            first = max(sides, key=lambda sd: best[sd])
            why = f"equal wings; better leader (rating {best[first]} against {best[w.other(first)]})"
        else:
            for _ in range(20):
                r = {sd: w.d10(f"initiative {sd}", sd) for sd in sides}
                if r[sides[0]] != r[sides[1]]:
                    first = max(sides, key=lambda sd: r[sd])
                    why = f"equal wings and leaders; d10 {r[sides[0]]} against {r[sides[1]]}"
                    break
            else:
                first, why = sides[0], "equal wings and leaders; twenty tied rolls: the first side"
    w.set(first=first, to_play=first, passes=0, phase="select")
    w.say(f"turn {w.turn}: {first} has the initiative ({why}) (seed 000 §4.1)")
    if not eligible_wings(w, first):
        next_selection(w, first)


def begin_activation(w: Work, wing_id: str, preempting: bool = False, reactivated: bool = False) -> None:
    wing = w.wings[wing_id]
    # each piece is replaced only where a mark is to be cleared: most carry none
    for u in list(w.units.values()):
        if u.side == wing.side:
            if u.acted or u.mp or u.straight or u.charge:
                w.set_unit(u.id, acted="", mp=0, straight=0, charge=False)
        elif u.reacted or u.intercepted:
            w.set_unit(u.id, reacted=False, intercepted=False)  # once per enemy activation (§8.2, §8.3)
    for ld in list(w.leaders.values()):
        if ld.side == wing.side:
            if ld.acted or ld.mp or ld.helped_rally:
                w.set_leader(ld.id, acted="", mp=0, helped_rally=False)
        elif ld.reacted:
            w.set_leader(ld.id, reacted=False)  # leaders react once an enemy activation too (§8.2, R41)
    w.set_wing(wing_id, activations=wing.activations + 1, order_change_tried=False, waiting=False)
    w.set(active_wing=wing_id, acting_unit="", preempting=preempting, reactivated=reactivated, melees=(),
          finish_after_melee=False, passes=0, window=None)
    other = w.other(wing.side)
    if not preempting and preempt_candidates(w, other) and decide.waits_for_preemption(w, other):
        w.set(phase="preempt")
    else:
        w.set(phase="act")


def end_moves(w: Work, finish: bool) -> None:
    """§3.2 Г: the unit actions are over; the other side may declare reactive melees (§11.2), then
    the melees are fought."""
    w.set(finish_after_melee=finish, acting_unit="")
    if melee.reactive_candidates(w) and decide.asks_reactive_melee(w, w.other(w.active_side)):
        w.set(phase="reactive-melee")
        return
    after_melees(w)


def after_melees(w: Work) -> None:
    """§3.2 Г-Е: the melees are fought (§11.2), then the wing may try to re-activate (§4.3) or its
    activation is over."""
    if not melee.resolve_all(w):
        return  # a retreat or an advance waits for its owner (§11.4); this goes on after it
    if w.adjutants_due:
        w.set(resume="melee")  # §5.2.2, R27: what follows the melees waits for the adjutant (his rating counts in it)
        return
    check_victory(w)
    if w.result:
        return
    wing = w.wings.get(w.active_wing)
    can_try = wing is not None and wing.order in ("attack", "march") and not wing.no_reactivation \
        and wing.leader in w.leaders and wing.id in manned_wings(w)
    if w.finish_after_melee or not can_try:
        finish(w)
    else:
        w.set(phase="reactivate", acting_unit="")


def resume(w: Work) -> None:
    """The last due adjutant is placed: the sequence he paused goes on (ruling R27)."""
    if not w.adjutants_due and w.resume == "melee":
        w.set(resume="")
        after_melees(w)


def preempt_candidates(s: View, side: str) -> list[Wing]:
    """§4.4: an Attack! or March wing, not yet activated, whose leader is not 'Sans réactivation'."""
    return [x for x in eligible_wings(s, side) if x.order in ("attack", "march") and not x.no_reactivation
            and x.id != s.active_wing]


def table_roll(w: Work, table: str, need: int, wing: Wing, purpose: str, penalty: int = 0) -> tuple[bool, str]:
    ld = leader_of(w, wing.id)
    rating = ld.rating if ld else 0
    roll = w.d10(purpose, wing.side)
    total = roll - rating + penalty
    ok = total <= need
    text = f"d10 {roll} -{rating} (leader)" + (f" +{penalty} (penalty)" if penalty else "") + f" = {total} vs {need}: " \
        + ("success" if ok else "failure") + w.used(table)
    return ok, text


def preempt(w: Work, wing_id: str) -> None:
    """§4.4: success activates the pre-empting wing now and the pre-empted one waits ("En attente");
    a re-activated wing that is pre-empted is finished instead; failure marks 'Sans réactivation'."""
    wing = w.wings[wing_id]
    need = int(w.table("preemption").get(wing.order, 0))
    ok, text = table_roll(w, "preemption", need, wing, f"pre-emption {wing_id}")
    w.say(f"{wing.side} tries to pre-empt {w.active_wing} with {wing_id}: {text} (seed 000 §4.4)")
    if not ok:
        w.set_wing(wing_id, no_reactivation=True)
        w.say(f"{wing_id} is marked Sans réactivation (seed 000 §4.4)")
        w.set(phase="act")
        return
    pre = w.active_wing
    if w.reactivated:
        w.set_wing(pre, done=True)
        w.say(f"{pre} was re-activated: pre-empted, it is finished (seed 000 §4.4)")
        w.set(preempted_wing="")
    else:
        w.set_wing(pre, waiting=True)
        w.say(f"{pre} is En attente: it activates as soon as {wing_id} is done (seed 000 §4.4)")
        w.set(preempted_wing=pre)
    begin_activation(w, wing_id, preempting=True)


def change_order(w: Work, wing_id: str, order: str) -> None:
    """§6.3: cross-index the current and wished order; success when the roll is at most the number."""
    wing = w.wings[wing_id]
    need = int(w.table("order_change").get(wing.order, {}).get(order, 0))
    penalty = 0
    if "guise" in w.options:
        opt = w.option_data.get("guise") or {}
        if wing_id == opt.get("wing", "guise"):
            pens = opt.get("penalty", [4, 3, 2, 1])
            penalty = int(pens[w.turn - 1]) if w.turn - 1 < len(pens) else 0
    ok, text = table_roll(w, "order_change", need, wing, f"order change {wing_id}", penalty)
    w.set_wing(wing_id, order_change_tried=True)
    w.say(f"{wing_id} tries {wing.order} → {order}: {text} (seed 000 §6.3)")
    if ok:
        w.set_wing(wing_id, order=order)


def reactivate(w: Work) -> None:
    """§4.3: the same table; success is a new activation (which the other side may pre-empt);
    failure flips the leader to 'Activated'."""
    wing = w.wings[w.active_wing]
    need = int(w.table("preemption").get(wing.order, 0))
    ok, text = table_roll(w, "preemption", need, wing, f"re-activation {wing.id}")
    w.say(f"{wing.id} tries to re-activate: {text} (seed 000 §4.3)")
    if ok:
        begin_activation(w, wing.id, reactivated=True)
    else:
        finish(w)


def finish(w: Work) -> None:
    wing_id = w.active_wing
    if wing_id:
        w.set_wing(wing_id, done=True, waiting=False)
        w.say(f"{wing_id}'s activation is over")
    last = w.wings[wing_id].side if wing_id else w.to_play
    w.set(active_wing="", acting_unit="", window=None, melees=(), reactivated=False, preempting=False)
    waiting = w.preempted_wing
    if waiting and can_activate(w, w.wings[waiting]):
        w.set(preempted_wing="")
        w.say(f"{waiting} (En attente) activates now (seed 000 §4.4)")
        begin_activation(w, waiting, preempting=True)
        return
    w.set(preempted_wing="")
    next_selection(w, last)


def next_selection(w: Work, last: str) -> None:
    """§4.2: the other side activates next if it has a wing under the order now due; else the same side."""
    sides = list(w.players)
    if not any(eligible_wings(w, sd) for sd in sides):
        end_phase(w)
        return
    p = top_priority(w, sides)
    other = w.other(last)
    nxt = other if any(PRIORITY[x.order] == p for x in eligible_wings(w, other)) else last
    if not eligible_wings(w, nxt):
        nxt = other
    w.set(to_play=nxt, phase="select", passes=0)


def pass_turn(w: Work, side: str) -> None:
    """§3.2: the phase ends when both players pass in succession."""
    passes = w.passes + 1
    w.say(f"{side} passes")
    other = w.other(side)
    if passes >= 2 or not eligible_wings(w, other):
        end_phase(w)
        return
    w.set(passes=passes, to_play=other)


def rout_phase(w: Work) -> None:
    """§3.3, §13.2: broken units use their full movement toward their own edge, paying for the turn
    to face it; a unit that leaves the map is destroyed and counts for victory."""
    lay = w.s.layout
    for uid in sorted(u.id for u in w.units.values() if u.level == 3):
        u = w.units.get(uid)
        if u is None:
            continue
        mp = u.ma
        want = edge_facing(w, u.side)
        steps = hexgrid.turn_steps(u.facing, want)
        if steps:
            mp -= turn_cost(u, steps)
            w.set_unit(uid, facing=want)
        start = u.hex
        while mp > 0:
            u = w.units[uid]
            if toward_edge(w, u.side, u.hex) <= 1:
                w.mark("move", u.hex, u.hex)
                destroy(w, uid, "routed off its own edge of the map (seed 000 §13.2)")
                break
            options = [h for h in hexgrid.front_hexes(u.hex, u.facing, lay)
                       if can_stack(w, u, h) and not any(o.side != u.side for o in units_at(w, h))
                       and step_cost(w, u, h) <= mp]
            if not options:
                break
            h = min(options, key=lambda x: (step_cost(w, u, x), x))  # the path of least resistance
            mp -= step_cost(w, u, h)
            w.mark("move", u.hex, h)
            w.set_unit(uid, hex=h)
            carry_leaders(w, u, u.hex, h)  # §5.2: a leader stays with the unit he is stacked with (R40)
        if uid in w.units and w.units[uid].hex != start:
            w.say(f"{uid} routs {start}→{w.units[uid].hex} (seed 000 §3.3)")


def end_phase(w: Work) -> None:
    w.say(f"turn {w.turn}: the activation phase is over")
    rout_phase(w)
    check_victory(w)
    if w.result:
        return
    # §3.4: leaders and artillery are turned face up
    for u in list(w.units.values()):
        if u.fired or u.acted or u.mp or u.reacted or u.intercepted or u.charge or u.straight:
            w.set_unit(u.id, fired=False, acted="", mp=0, reacted=False, intercepted=False, charge=False, straight=0)
    for ld in list(w.leaders.values()):
        if ld.acted or ld.helped_rally:
            w.set_leader(ld.id, acted="", helped_rally=False)
    manned = manned_wings(w)
    for x in list(w.wings.values()):
        empty = x.id not in manned or x.leader not in w.leaders
        w.set_wing(x.id, done=False, waiting=False, no_reactivation=False, barred=empty, activations=0)
    w.set(active_wing="", preempted_wing="", acting_unit="", window=None, melees=())
    if w.turn >= w.turns:
        final_victory(w)
        return
    w.set(turn=w.turn + 1)
    w.say(f"turn {w.turn - 1} ends (seed 000 §3.4)")
    initiative(w)


def _gone(w: Work, side: str, kinds: list[str] | None, units: list[str] | None) -> bool:
    if units:
        return all(uid not in w.units for uid in units)
    return not any(u.side == side and u.kind in (kinds or []) for u in w.units.values())


def check_victory(w: Work) -> None:
    """§14: immediate victory when a side has destroyed what its scenario names."""
    if w.result:
        return
    by_name = {v: k for k, v in w.side_names.items()}
    for cond in w.victory.get("immediate", []):
        winner = by_name.get(cond["side"])
        if winner is None:
            continue
        loser = w.other(winner)
        if _gone(w, loser, cond.get("enemy_kinds"), cond.get("units")):
            what = ", ".join(cond.get("units") or []) or "every enemy unit of type " + "/".join(cond.get("enemy_kinds") or [])
            w.set(result=f"{winner} wins immediately: destroyed {what} (seed 000 §14)", phase="over")
            w.say(w.result)
            return


def score(s: View, side: str) -> int:
    """Enemy units destroyed by `side` (Dreux), or enemy cavalry weighted (Ivry, cuirassiers 2)."""
    enemy = s.other(side)
    lost = s.destroyed.get(enemy, ())
    if s.victory.get("count") == "cavalry":
        weights = s.victory.get("weights", {})
        return sum(int(weights.get(x.split(":")[0], 1)) for x in lost if x.split(":")[0] in "GCRA")
    return len(lost)


def final_victory(w: Work) -> None:
    a, b = w.players
    sa, sb = score(w, a), score(w, b)
    if sa == sb:
        res = f"draw after {w.turns} turns: {sa} to {sb} (seed 000 §14)"
    else:
        win = a if sa > sb else b
        res = f"{win} wins after {w.turns} turns: {max(sa, sb)} to {min(sa, sb)} (seed 000 §14)"
    w.set(result=res, phase="over")
    w.say(res)

"""The turn (seed 000 §3, §4, §6.3): initiative, wing activation by order priority, pre-emption,
order change, re-activation, passing, the rout phase, the end of the turn and victory."""

from __future__ import annotations

from adjudicator.draft import Draft
from adjudicator.rulesets.paris import decide, hexgrid, melee
from adjudicator.rulesets.paris.ground import View, leader_of, manned_wings, now, units_at
from adjudicator.rulesets.paris.morale import can_stack, carry_leaders, destroy, edge_facing, toward_edge
from adjudicator.rulesets.paris.movement import step_cost, turn_cost
from adjudicator.rulesets.paris.state import ORDERS, PState, Wing, d10, table
from adjudicator.i18n import Msg
from adjudicator.localize import Word

PRIORITY = {o: i for i, o in enumerate(ORDERS)}  # 0 = highest (§1.2)


def _english(line: str) -> str:
    """An order line written with the Russian orders (`conde атака`) read as its English form."""
    if line.isascii():
        return line
    from adjudicator.rulesets.paris.russian import ALIASES

    return ALIASES.english_words(line)


def parse_orders(s: PState, side: str, lines: tuple[str, ...]) -> tuple[dict[str, str], Msg | str]:
    """Turn-1 orders, one line per wing: `WING attack|march|rally` (§3.1, §6.1); the orders by wing,
    or what is wrong with them ("" when nothing is)."""
    own = {w.id for w in s.wings.values() if w.side == side}
    got: dict[str, str] = {}
    for n, line in enumerate(lines, 1):
        parts = _english(line).lower().replace(":", " ").split()
        if len(parts) != 2 or parts[0] not in own or parts[1].rstrip("!") not in ORDERS:
            return {}, Msg("order line {n} ({line!r}): write `WING ORDER`, WING one of {wings}, ORDER attack, march or rally",
                           n=n, line=line, wings=", ".join(sorted(own)))
        if parts[0] in got:
            return {}, Msg("order line {n}: wing {wing} is given two orders", n=n, wing=parts[0])
        got[parts[0]] = parts[1].rstrip("!")
    missing = own - set(got)
    if missing:
        return {}, Msg("every wing needs an order: missing {wings}", wings=", ".join(sorted(missing)))
    g = s.option_data.get("guise")
    if g and s.side_names.get(side) == s.side_names.get(s.wings[g["wing"]].side) and got.get(g["wing"]) != g["order"]:
        return {}, Msg("Dreux option guise: {wing} starts under {order}", wing=g["wing"], order=Word("paris", g["order"]))
    return got, ""


def can_activate(v: View, w: Wing) -> bool:
    return not w.done and not w.barred and w.leader in now(v).leaders and w.id in manned_wings(v)


def eligible_wings(v: View, side: str) -> list[Wing]:
    s = now(v)
    manned, leaders = manned_wings(v), s.leaders
    return [w for w in s.wings.values() if w.side == side and not w.done and not w.barred and w.leader in leaders
            and w.id in manned]  # can_activate, for each wing


def top_priority(v: View, sides: list[str]) -> int:
    ps = [PRIORITY[w.order] for side in sides for w in eligible_wings(v, side)]
    return min(ps) if ps else 99


def allowed_wings(v: View, side: str) -> list[Wing]:
    """§4.2: no wing activates before a wing with a higher-priority order; after a pass the
    passer's wings do not hold the other side back (ruling R11)."""
    mine = eligible_wings(v, side)
    if not mine:
        return []
    s = now(v)
    sides = [side] if s.passes else list(s.players)
    p = top_priority(v, sides)
    return [w for w in mine if PRIORITY[w.order] == p]


def initiative(d: Draft[PState]) -> None:
    """§4.1: most wings under the highest-priority order; then the better leader; then a roll."""
    sides = list(d.s.players)
    p = top_priority(d, sides)
    counts = {sd: sum(1 for x in eligible_wings(d, sd) if PRIORITY[x.order] == p) for sd in sides}
    first = ""
    if counts[sides[0]] != counts[sides[1]]:
        first = max(sides, key=lambda sd: counts[sd])
        why = Msg("{count} wing(s) under {order} against {other}", count=counts[first],
                  order=Word("paris", ORDERS[p]) if p < 99 else "-", other=counts[d.s.other(first)])
    else:
        best = {sd: max((ld.rating for ld in d.s.leaders.values() if ld.side == sd), default=-1) for sd in sides}
        if best[sides[0]] != best[sides[1]]:
            first = max(sides, key=lambda sd: best[sd])
            why = Msg("equal wings; better leader (rating {rating} against {other})", rating=best[first],
                      other=best[d.s.other(first)])
        else:
            for _ in range(20):
                r = {sd: d10(d, f"initiative {sd}", sd) for sd in sides}
                if r[sides[0]] != r[sides[1]]:
                    first = max(sides, key=lambda sd: r[sd])
                    why = Msg("equal wings and leaders; d10 {roll} against {other}", roll=r[sides[0]], other=r[sides[1]])
                    break
            else:
                first, why = sides[0], Msg("equal wings and leaders; twenty tied rolls: the first side")
    d.s.first = first
    d.s.to_play = first
    d.s.passes = 0
    d.s.phase = "select"
    d.say("turn {turn}: {side} has the initiative ({why}) (seed 000 §4.1)", turn=d.s.turn, side=first, why=why)
    if not eligible_wings(d, first):
        next_selection(d, first)


def begin_activation(d: Draft[PState], wing_id: str, preempting: bool = False, reactivated: bool = False) -> None:
    wing = d.s.wings[wing_id]
    # each piece is replaced only where a mark is to be cleared: most carry none
    for u in list(d.s.units.values()):
        if u.side == wing.side:
            if u.acted or u.mp or u.straight or u.charge:
                d.update(d.s.units, u.id, acted="", mp=0, straight=0, charge=False)
        elif u.reacted or u.intercepted:
            d.update(d.s.units, u.id, reacted=False, intercepted=False)  # once per enemy activation (§8.2, §8.3)
    for ld in list(d.s.leaders.values()):
        if ld.side == wing.side:
            if ld.acted or ld.mp or ld.helped_rally:
                d.update(d.s.leaders, ld.id, acted="", mp=0, helped_rally=False)
        elif ld.reacted:
            d.update(d.s.leaders, ld.id, reacted=False)  # leaders react once an enemy activation too (§8.2, R41)
    d.update(d.s.wings, wing_id, activations=wing.activations + 1, order_change_tried=False, waiting=False)
    d.s.active_wing = wing_id
    d.s.acting_unit = ""
    d.s.preempting = preempting
    d.s.reactivated = reactivated
    d.s.melees = ()
    d.s.finish_after_melee = False
    d.s.passes = 0
    d.s.window = None
    other = d.s.other(wing.side)
    if not preempting and preempt_candidates(d, other) and decide.waits_for_preemption(d, other):
        d.s.phase = "preempt"
    else:
        d.s.phase = "act"


def end_moves(d: Draft[PState], finish: bool) -> None:
    """§3.2 Г: the unit actions are over; the other side may declare reactive melees (§11.2), then
    the melees are fought."""
    d.s.finish_after_melee = finish
    d.s.acting_unit = ""
    if melee.reactive_candidates(d) and decide.asks_reactive_melee(d.s, d.s.other(d.s.active_side)):
        d.s.phase = "reactive-melee"
        return
    after_melees(d)


def after_melees(d: Draft[PState]) -> None:
    """§3.2 Г-Е: the melees are fought (§11.2), then the wing may try to re-activate (§4.3) or its
    activation is over."""
    if not melee.resolve_all(d):
        return  # a retreat or an advance waits for its owner (§11.4); this goes on after it
    if d.s.adjutants_due:
        d.s.resume = "melee"  # §5.2.2, R27: what follows the melees waits for the adjutant (his rating counts in it)
        return
    check_victory(d)
    if d.s.result:
        return
    wing = d.s.wings.get(d.s.active_wing)
    can_try = wing is not None and wing.order in ("attack", "march") and not wing.no_reactivation \
        and wing.leader in d.s.leaders and wing.id in manned_wings(d)
    if d.s.finish_after_melee or not can_try:
        finish(d)
    else:
        d.s.phase = "reactivate"
        d.s.acting_unit = ""


def resume(d: Draft[PState]) -> None:
    """The last due adjutant is placed: the sequence he paused goes on (ruling R27)."""
    if not d.s.adjutants_due and d.s.resume == "melee":
        d.s.resume = ""
        after_melees(d)


def preempt_candidates(v: View, side: str) -> list[Wing]:
    """§4.4: an Attack! or March wing, not yet activated, whose leader is not 'Sans réactivation'."""
    active = now(v).active_wing
    return [x for x in eligible_wings(v, side) if x.order in ("attack", "march") and not x.no_reactivation and x.id != active]


def table_roll(d: Draft[PState], name: str, need: int, wing: Wing, purpose: str, penalty: int = 0) -> tuple[bool, Msg]:
    ld = leader_of(d, wing.id)
    rating = ld.rating if ld else 0
    roll = d10(d, purpose, wing.side)
    total = roll - rating + penalty
    ok = total <= need
    verdict = Msg("success") if ok else Msg("failure")
    tag = d.used(d.s.tables, name)
    if penalty:
        return ok, Msg("d10 {roll} -{rating} (leader) +{penalty} (penalty) = {total} vs {need}: {verdict}{tag}", roll=roll,
                       rating=rating, penalty=penalty, total=total, need=need, verdict=verdict, tag=tag)
    return ok, Msg("d10 {roll} -{rating} (leader) = {total} vs {need}: {verdict}{tag}", roll=roll, rating=rating, total=total,
                   need=need, verdict=verdict, tag=tag)


def preempt(d: Draft[PState], wing_id: str) -> None:
    """§4.4: success activates the pre-empting wing now and the pre-empted one waits ("En attente");
    a re-activated wing that is pre-empted is finished instead; failure marks 'Sans réactivation'."""
    wing = d.s.wings[wing_id]
    need = int(table(d.s, "preemption").get(wing.order, 0))
    ok, text = table_roll(d, "preemption", need, wing, f"pre-emption {wing_id}")
    d.say("{side} tries to pre-empt {active} with {wing}: {result} (seed 000 §4.4)", side=wing.side, active=d.s.active_wing,
          wing=wing_id, result=text)
    if not ok:
        d.update(d.s.wings, wing_id, no_reactivation=True)
        d.say("{wing} is marked Sans réactivation (seed 000 §4.4)", wing=wing_id)
        d.s.phase = "act"
        return
    pre = d.s.active_wing
    if d.s.reactivated:
        d.update(d.s.wings, pre, done=True)
        d.say("{wing} was re-activated: pre-empted, it is finished (seed 000 §4.4)", wing=pre)
        d.s.preempted_wing = ""
    else:
        d.update(d.s.wings, pre, waiting=True)
        d.say("{wing} is En attente: it activates as soon as {other} is done (seed 000 §4.4)", wing=pre, other=wing_id)
        d.s.preempted_wing = pre
    begin_activation(d, wing_id, preempting=True)


def change_order(d: Draft[PState], wing_id: str, order: str) -> None:
    """§6.3: cross-index the current and wished order; success when the roll is at most the number."""
    wing = d.s.wings[wing_id]
    need = int(table(d.s, "order_change").get(wing.order, {}).get(order, 0))
    penalty = 0
    if "guise" in d.s.options:
        opt = d.s.option_data.get("guise") or {}
        if wing_id == opt.get("wing", "guise"):
            pens = opt.get("penalty", [4, 3, 2, 1])
            penalty = int(pens[d.s.turn - 1]) if d.s.turn - 1 < len(pens) else 0
    ok, text = table_roll(d, "order_change", need, wing, f"order change {wing_id}", penalty)
    d.update(d.s.wings, wing_id, order_change_tried=True)
    d.say("{wing} tries {old} → {new}: {result} (seed 000 §6.3)",
          wing=wing_id, old=Word("paris", wing.order), new=Word("paris", order), result=text)
    if ok:
        d.update(d.s.wings, wing_id, order=order)


def reactivate(d: Draft[PState]) -> None:
    """§4.3: the same table; success is a new activation (which the other side may pre-empt);
    failure flips the leader to 'Activated'."""
    wing = d.s.wings[d.s.active_wing]
    need = int(table(d.s, "preemption").get(wing.order, 0))
    ok, text = table_roll(d, "preemption", need, wing, f"re-activation {wing.id}")
    d.say("{wing} tries to re-activate: {result} (seed 000 §4.3)", wing=wing.id, result=text)
    if ok:
        begin_activation(d, wing.id, reactivated=True)
    else:
        finish(d)


def finish(d: Draft[PState]) -> None:
    wing_id = d.s.active_wing
    if wing_id:
        d.update(d.s.wings, wing_id, done=True, waiting=False)
        d.say("{wing}'s activation is over", wing=wing_id)
    last = d.s.wings[wing_id].side if wing_id else d.s.to_play
    d.s.active_wing = ""
    d.s.acting_unit = ""
    d.s.window = None
    d.s.melees = ()
    d.s.reactivated = False
    d.s.preempting = False
    waiting = d.s.preempted_wing
    if waiting and can_activate(d, d.s.wings[waiting]):
        d.s.preempted_wing = ""
        d.say("{wing} (En attente) activates now (seed 000 §4.4)", wing=waiting)
        begin_activation(d, waiting, preempting=True)
        return
    d.s.preempted_wing = ""
    next_selection(d, last)


def next_selection(d: Draft[PState], last: str) -> None:
    """§4.2: the other side activates next if it has a wing under the order now due; else the same side."""
    sides = list(d.s.players)
    if not any(eligible_wings(d, sd) for sd in sides):
        end_phase(d)
        return
    p = top_priority(d, sides)
    other = d.s.other(last)
    nxt = other if any(PRIORITY[x.order] == p for x in eligible_wings(d, other)) else last
    if not eligible_wings(d, nxt):
        nxt = other
    d.s.to_play = nxt
    d.s.phase = "select"
    d.s.passes = 0


def pass_turn(d: Draft[PState], side: str) -> None:
    """§3.2: the phase ends when both players pass in succession."""
    passes = d.s.passes + 1
    d.say("{side} passes", side=side)
    other = d.s.other(side)
    if passes >= 2 or not eligible_wings(d, other):
        end_phase(d)
        return
    d.s.passes = passes
    d.s.to_play = other


def rout_phase(d: Draft[PState]) -> None:
    """§3.3, §13.2: broken units use their full movement toward their own edge, paying for the turn
    to face it; a unit that leaves the map is destroyed and counts for victory."""
    lay = d.s.layout
    for uid in sorted(u.id for u in d.s.units.values() if u.level == 3):
        u = d.s.units.get(uid)
        if u is None:
            continue
        mp = u.ma
        want = edge_facing(d.s, u.side)
        steps = hexgrid.turn_steps(u.facing, want)
        if steps:
            mp -= turn_cost(u, steps)
            d.update(d.s.units, uid, facing=want)
        start = u.hex
        while mp > 0:
            u = d.s.units[uid]
            if toward_edge(d.s, u.side, u.hex) <= 1:
                d.mark("move", u.hex, u.hex)
                destroy(d, uid, Msg("routed off its own edge of the map (seed 000 §13.2)"))
                break
            options = [h for h in hexgrid.front_hexes(u.hex, u.facing, lay)
                       if can_stack(d, u, h) and not any(o.side != u.side for o in units_at(d, h))
                       and step_cost(d.s, u, h) <= mp]
            if not options:
                break
            h = min(options, key=lambda x: (step_cost(d.s, u, x), x))  # the path of least resistance
            mp -= step_cost(d.s, u, h)
            d.mark("move", u.hex, h)
            d.update(d.s.units, uid, hex=h)
            carry_leaders(d, u, u.hex, h)  # §5.2: a leader stays with the unit he is stacked with (R40)
        if uid in d.s.units and d.s.units[uid].hex != start:
            d.say("{unit} routs {start}→{end} (seed 000 §3.3)", unit=uid, start=start, end=d.s.units[uid].hex)


def end_phase(d: Draft[PState]) -> None:
    d.say("turn {turn}: the activation phase is over", turn=d.s.turn)
    rout_phase(d)
    check_victory(d)
    if d.s.result:
        return
    # §3.4: leaders and artillery are turned face up
    for u in list(d.s.units.values()):
        if u.fired or u.acted or u.mp or u.reacted or u.intercepted or u.charge or u.straight:
            d.update(d.s.units, u.id, fired=False, acted="", mp=0, reacted=False, intercepted=False, charge=False, straight=0)
    for ld in list(d.s.leaders.values()):
        if ld.acted or ld.helped_rally:
            d.update(d.s.leaders, ld.id, acted="", helped_rally=False)
    manned = manned_wings(d)
    for x in list(d.s.wings.values()):
        empty = x.id not in manned or x.leader not in d.s.leaders
        d.update(d.s.wings, x.id, done=False, waiting=False, no_reactivation=False, barred=empty, activations=0)
    d.s.active_wing = ""
    d.s.preempted_wing = ""
    d.s.acting_unit = ""
    d.s.window = None
    d.s.melees = ()
    if d.s.turn >= d.s.turns:
        final_victory(d)
        return
    d.s.turn = d.s.turn + 1
    d.say("turn {turn} ends (seed 000 §3.4)", turn=d.s.turn - 1)
    initiative(d)


def _gone(d: Draft[PState], side: str, kinds: list[str] | None, units: list[str] | None) -> bool:
    if units:
        return all(uid not in d.s.units for uid in units)
    return not any(u.side == side and u.kind in (kinds or []) for u in d.s.units.values())


SCENARIO_SECTIONS = {"dreux-1562": "§14.1", "ivry-1590": "§14.2"}  # the seed's scenarios; another is the referee's own


def victory_rule(s: PState) -> str:
    """The section whose victory conditions apply: the scenario's own in the seed, else §14 at large."""
    return f"seed 000 {SCENARIO_SECTIONS.get(s.scenario, '§14')}"


def check_victory(d: Draft[PState]) -> None:
    """§14: immediate victory when a side has destroyed what its scenario names."""
    if d.s.result:
        return
    by_name = {v: k for k, v in d.s.side_names.items()}
    for cond in d.s.victory.get("immediate", []):
        winner = by_name.get(cond["side"])
        if winner is None:
            continue
        loser = d.s.other(winner)
        if _gone(d, loser, cond.get("enemy_kinds"), cond.get("units")):
            units = ", ".join(cond.get("units") or [])
            what = Msg(units) if units else Msg("every enemy unit of type {kinds}", kinds="/".join(cond.get("enemy_kinds") or []))
            said = Msg("{side} wins immediately: destroyed {what} ({rule})", side=winner, what=what, rule=victory_rule(d.s))
            d.s.result = said.english()
            d.s.phase = "over"
            d.say(said)
            return


def score(s: PState, side: str) -> int:
    """Enemy units destroyed by `side` (Dreux), or enemy cavalry weighted (Ivry, cuirassiers 2)."""
    enemy = s.other(side)
    lost = s.destroyed.get(enemy, ())
    if s.victory.get("count") == "cavalry":
        weights = s.victory.get("weights", {})
        return sum(int(weights.get(x.split(":")[0], 1)) for x in lost if x.split(":")[0] in "GCRA")
    return len(lost)


def final_victory(d: Draft[PState]) -> None:
    a, b = d.s.players
    sa, sb = score(d.s, a), score(d.s, b)
    if sa == sb:
        res = Msg("draw after {turns} turns: {score} to {other} ({rule})",
                  turns=d.s.turns, score=sa, other=sb, rule=victory_rule(d.s))
    else:
        win = a if sa > sb else b
        res = Msg("{side} wins after {turns} turns: {score} to {other} ({rule})", side=win, turns=d.s.turns,
                  score=max(sa, sb), other=min(sa, sb), rule=victory_rule(d.s))
    d.s.result = res.english()
    d.s.phase = "over"
    d.say(res)

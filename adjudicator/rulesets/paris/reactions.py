"""The non-active side's answers to what an active unit does (seed 000 §8.2, §8.3, §10.3):
interception, defensive fire and reaction movement, decided by standing orders or in a window."""

from __future__ import annotations

from operator import itemgetter

import msgspec

from adjudicator.draft import Draft
from adjudicator.rulesets.paris import decide, hexgrid, leaders
from adjudicator.rulesets.paris.fire import can_fire_at, resolve
from adjudicator.rulesets.paris.ground import View, leader_of, los, now, others, units_at
from adjudicator.rulesets.paris.morale import can_stack, carry_leaders, effective_ma
from adjudicator.rulesets.paris.state import ARTILLERY, CAVALRY, PState, Unit, Window, d10, table
from adjudicator.i18n import Joined, Msg, N_


def window(s: PState) -> Window:
    """The reaction window open now: the phase table lets its answers be posted only while one is."""
    win = s.window
    if win is None:
        raise ValueError("no reaction window is open")
    return win


def in_intercept_zone(s: PState, cav_hex: str, facing: int, h: str, depth: int) -> bool:
    return hexgrid.in_cone(cav_hex, facing, h, depth, s.layout)


def eligible(v: View, trig_id: str, event: str, fired_on: tuple[str, ...] = ()) -> tuple[list[str], list[str], list[str]]:
    """(defensive fire, interception, reaction movement) candidates for a trigger."""
    s = now(v)
    trig = s.units.get(trig_id)
    if trig is None:
        return [], [], []
    side = s.other(trig.side)
    depth = int(s.tables.get("interception", {}).get("zone_depth", 2))
    fire: list[str] = []
    inter: list[str] = []
    react: list[str] = []
    lay = s.layout
    # how far each may be: artillery fires 10 hexes (§10.4), cavalry intercepts `depth` away (§8.3),
    # any unit reacts within 2 (§8.2); most units are farther, and only those two hexes from the
    # trigger, or artillery and cavalry with a longer reach, need their distance taken
    beyond = {ARTILLERY: 10} | (dict.fromkeys(CAVALRY, depth) if depth > 2 else {})
    here = trig.hex
    near = []
    them = others(v, trig.side)
    close = hexgrid.within(here, 2, lay)
    if depth <= 2 and them.hex_set.isdisjoint(close):
        # none of them within 2 (most often so): only their artillery may reach
        units = s.units
        for i in them.artillery:
            u = units[i]
            d = hexgrid.distance(u.hex, here, lay)
            if d <= beyond[ARTILLERY]:
                near.append((i, d, u))
    else:
        for u in s.units.values():  # one pass over the units costs less than a look into each of the 19 hexes
            if u.side == side and (u.hex in close or u.kind in beyond):
                d = hexgrid.distance(u.hex, here, lay)
                if d <= 2 or d <= beyond.get(u.kind, 2):
                    near.append((u.id, d, u))
    if len(near) > 1:
        near.sort(key=itemgetter(0))  # by id
    for _, d, u in near:
        if (event not in ("fire", "artfire") or u.id in fired_on) and (u.artillery or (d == 1 and u.fire > 0)):
            if not can_fire_at(v, u, trig, defensive=True):
                fire.append(u.id)
        if event == "enter" and u.cavalry and d <= depth and u.level <= 1 and not u.intercepted \
                and in_intercept_zone(s, u.hex, u.facing, trig.hex, depth):
            inter.append(u.id)
        if event != "artfire" and not u.artillery and d <= 2 and u.level <= 1 and not u.reacted \
                and effective_ma(u) >= trig.ma and los(v, u.hex, trig.hex):
            react.append(u.id)
    return fire, inter, react + leaders.reaction_candidates(v, trig, event)  # §8.2 «и их командиры» (R41)


def may_retreat(s: PState, u: Unit, trig: Unit, win: Window) -> bool:
    """§8.2 «Этот выбор доступен только для отрядов пехоты с приказом «Сбор» или кавалерии (с любым
    приказом), к которым приближается пехота» (only infantry under Rally, or cavalry under any order
    that infantry approaches): infantry approaches when it enters a hex nearer the cavalry; its turn,
    rally or fire, or a step that keeps its distance or goes away, does not (ruling R46). A window
    opened before the hex left was recorded says only "enter": that step counts as approaching."""
    if u.infantry:
        return s.wings[u.wing].order == "rally"
    if not (u.cavalry and trig.infantry and win.event == "enter"):
        return False
    lay = s.layout
    return not win.came_from or hexgrid.distance(trig.hex, u.hex, lay) < hexgrid.distance(win.came_from, u.hex, lay)


def attempt_intercept(d: Draft[PState], uid: str, trig_id: str) -> bool:
    """§8.3: d10 - leader rating <= the table number places the interceptor beside the mover and stops it."""
    u = d.s.units[uid]
    trig = d.s.units.get(trig_id)
    if trig is None:
        return False
    d.update(d.s.units, uid, intercepted=True)
    ld = leader_of(d, u.wing)
    rating = ld.rating if ld else 0
    need = int(table(d.s, "interception").get(u.kind, 5))
    roll = d10(d, f"interception {uid}", u.side)
    ok = roll - rating <= need
    d.say("{unit} tries to intercept {target}: d10 {roll}-{rating} = {total} vs {need}: {result}{tag} (seed 000 §8.3)", unit=uid,
          target=trig_id, roll=roll, rating=rating, total=roll - rating, need=need, result=Msg("success") if ok else Msg("fails"),
          tag=d.used(d.s.tables, "interception"))
    if not ok:
        return False
    lay = d.s.layout
    spots = [h for h in hexgrid.neighbours(trig.hex, lay) if can_stack(d, u, h)
             and not any(o.side != u.side for o in units_at(d, h))]
    if not spots:
        d.say("no free hex beside {target}: {unit} cannot be placed, the interception has no effect (ruling R14)",
              target=trig_id, unit=uid)
        return False
    spot = min(spots, key=lambda h: (hexgrid.distance(h, u.hex, lay), h))
    facing = hexgrid.direction_of(spot, trig.hex, lay)
    d.mark("move", u.hex, spot)
    d.update(d.s.units, uid, hex=spot, facing=facing if facing is not None else u.facing)
    d.update(d.s.units, trig_id, mp=0, charge=False, straight=0)
    d.say("{unit} is placed at {hex}; {target} stops and loses any charge bonus (seed 000 §8.3)",
          unit=uid, hex=spot, target=trig_id)
    carry_leaders(d, u, u.hex, spot, own_move=True)  # a leader left alone goes with it (§9.1, ruling R44)
    return True


def defensive_fire(d: Draft[PState], uid: str, trig_id: str, side: str = "") -> None:
    resolve(d, uid, trig_id, 0, side, N_("defensive fire"))


def trigger(d: Draft[PState], trig_id: str, event: str, fired_on: tuple[str, ...] = (), came_from: str = "") -> bool:
    """Offer the non-active side its reactions; True when the active unit's movement must stop
    (it was intercepted, broken or destroyed, or a window awaits the other side's decision).
    `came_from`: for "enter", the hex the trigger has just left."""
    trig = d.s.units.get(trig_id)
    if trig is None:
        return True
    side = d.s.other(trig.side)
    fire, inter, react = eligible(d, trig_id, event, fired_on)
    stopped = False
    if inter:
        auto = decide.answered(d, side, "intercept", inter)
        if auto is not None:
            for uid in auto:
                decide.acting_for(d, side, "intercept")
                if attempt_intercept(d, uid, trig_id):
                    stopped = True
                    break
            inter = []
    if stopped:
        # §8.3 «при перехвате никакие отряды кавалерии ... не могут стрелять»
        fire = [u for u in fire if not d.s.units[u].cavalry] if fire else fire
    if fire:
        auto = decide.answered(d, side, "defensive-fire", fire)
        if auto is not None:
            if auto:
                decide.acting_for(d, side, "defensive-fire")
            for uid in auto:
                if trig_id in d.s.units and uid in d.s.units:
                    defensive_fire(d, uid, trig_id)
            fire = []
    if react and not decide.reacts(d.s, side):
        react = []
    t = d.s.units.get(trig_id)
    if t is None or t.level >= 2:
        return True
    # reacting units and interceptors must still be there and able after the automatic reactions
    fire = [u for u in fire if u in d.s.units]
    inter = [u for u in inter if u in d.s.units and not stopped]
    react = [u for u in react if (u in d.s.units and d.s.units[u].level <= 1) or u in d.s.leaders]
    if fire or inter or react:
        d.s.window = Window(trigger=trig_id, event=event, came_from=came_from, fire=tuple(fire), intercept=tuple(inter),
                            react=tuple(react))
        d.s.phase = "react"
        offers = [Msg("fire: {units}", units=", ".join(fire)) if fire else None,
                  Msg("intercept: {units}", units=", ".join(inter)) if inter else None,
                  Msg("react: {units}", units=", ".join(react)) if react else None]
        d.say("{side} may react to {unit} at {hex}: {offers}", side=side, unit=trig_id, hex=t.hex,
              offers=Joined("; ", [x for x in offers if x is not None]))
        return True
    return stopped or bool(d.s.adjutants_due)  # a fallen leader's adjutant is placed before the unit goes on (R27)


def consume(d: Draft[PState], uid: str) -> None:
    """A unit answered: drop it from the window; close the window when nothing is left to decide."""
    win = d.s.window
    if win is None:
        return
    trig = d.s.units.get(win.trigger)
    if trig is None or trig.level >= 2:
        close(d)
        return

    def keep(xs: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(x for x in xs if x != uid and (x in d.s.units or x in d.s.leaders))

    intercepted = uid in win.intercept and trig.mp == 0 and d.s.units.get(uid) is not None and d.s.units[uid].intercepted
    fire = keep(win.fire)
    if intercepted:
        fire = tuple(x for x in fire if not d.s.units[x].cavalry)  # §8.3: no cavalry fires at an interception
    new = msgspec.structs.replace(win, fire=fire, intercept=() if trig.mp == 0 else keep(win.intercept), react=keep(win.react))
    if new.fire or new.intercept or new.react:
        d.s.window = new
    else:
        close(d)


def close(d: Draft[PState]) -> None:
    d.s.window = None
    d.s.phase = "act"

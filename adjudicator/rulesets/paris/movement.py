"""Facing, movement and rally (seed 000 §7, §8.1, §9, §13), with the order (§6.2) and command
(§5.1.2) restrictions checked on every step."""

from __future__ import annotations

from typing import Literal

from adjudicator.draft import Draft
from adjudicator.ruleset import Violation, violation
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.command import unit_in_command
from adjudicator.rulesets.paris.ground import leader_of, nearest_enemy, on_map, terrain_row, units_at
from adjudicator.rulesets.paris.morale import can_stack, carry_leaders, destroy, effective_ma, morale_check, stacked_leader
from adjudicator.rulesets.paris.reactions import trigger
from adjudicator.rulesets.paris.state import leader_name, LEVELS, PState, Unit
from adjudicator.i18n import Joined, Msg, said
from adjudicator.localize import Word


def step_cost(s: PState, u: Unit, h: str) -> int:
    row = terrain_row(s, h)
    if row.get("impassable"):
        return 99
    return int(row.get("cavalry" if u.cavalry else "infantry", 1))


def turn_cost(u: Unit, steps: int) -> int:
    """§7: cavalry 1 MP a vertex, infantry 2; an about-face costs 2 (cavalry) or 4 (infantry)."""
    if steps == 3:
        return 2 if u.cavalry else 4
    return steps * (1 if u.cavalry else 2)


def mp_now(s: PState, u: Unit) -> int:
    """Movement points left: a unit that has not acted this activation has its full allowance."""
    return effective_ma(u) if not u.acted else u.mp


def command_now(s: PState, u: Unit) -> bool:
    return unit_in_command(s, u.id) if not u.acted else u.in_command


Acting = Literal["move", "turn", "rally", "fire"]  # a unit's own actions, whose codes acting_check gives (codes.ACTING)


def acting_check(s: PState, uid: str, verb: Acting) -> list[Violation]:
    """§3.2 В: only units of the active wing act, one after the other (§8.1), once each (the phase
    table has let only the active side act now)."""
    if s.melees:
        return violation(f"{verb}/after-melee", "seed 000 §3.2 Г, §11.1", "{verb}: melees are declared once every unit has acted",
                         verb=verb)
    u = s.units.get(uid)
    if u is None:
        return violation(f"{verb}/unknown-unit", "seed 000 §2.2", "no unit {uid!r} on the map", uid=uid)
    if u.wing != s.active_wing:
        return violation(f"{verb}/not-in-wing", "seed 000 §3.2 В", "{uid} belongs to {wing}, not the active wing {active_wing}",
                         uid=uid, wing=u.wing, active_wing=s.active_wing)
    if u.acted == "rally":
        return violation(f"{verb}/rallied", "seed 000 §3.2 "
                                            "В", "{uid} rallied in this activation: a unit moves or rallies, not both", uid=uid)
    if u.acted == "move" and s.acting_unit != uid:
        return violation(f"{verb}/finished", "seed 000 "
                                             "§8.1", "{uid} has finished its movement: each unit completes its movement before "
                                                     "another moves", uid=uid)
    return []


def _unmoving(uid: str, level: int) -> Msg:
    """§12.2: why a shaken or broken unit does not move."""
    if level == 2:
        return Msg("{uid} is shaken: movement is zero", uid=uid)
    return Msg("{uid} is broken: it only routs", uid=uid)


def check_move(s: PState, actor: str, uid: str, path: tuple[str, ...]) -> list[Violation]:
    if uid in s.leaders:
        return check_leader_move(s, actor, uid, path)
    found = acting_check(s, uid, "move")
    if found:
        return found
    u = s.units[uid]
    lay = s.layout
    if u.artillery:
        return violation("move/artillery", "seed 000 §8.1", "{uid}: artillery never moves", uid=uid)
    if u.level >= 2:
        return violation("move/state", "seed 000 §12.2", _unmoving(uid, u.level))
    if not path:
        return violation("move/empty", "seed 000 §8.1", "move: name the hexes entered, one after the other")
    mp = mp_now(s, u)
    wing = s.wings[u.wing]
    start = u.start_hex if u.acted else u.hex
    start_dist = nearest_enemy(s, u.side, start)
    in_cmd = command_now(s, u)
    here, cost = u.hex, 0
    for h in path:
        try:
            hexgrid.parse_hex(h)
        except ValueError as e:
            return violation("move/bad-hex", "ruling R2", said(e))
        if not on_map(s, h):
            return violation("move/off-map", "seed 000 §8.1", "{h} is off the map", h=h)
        if h not in hexgrid.front_hexes(here, u.facing, lay):
            return violation("move/not-front", "seed 000 "
                                               "§8.1", "{uid} at {here} facing {facing} may only enter its front hexes "
                                                       "{items}, not {h}", uid=uid, here=here, facing=Word("paris", hexgrid.VERTICES[u.facing]), items=Joined(Msg(" or "), hexgrid.front_hexes(here, u.facing, lay)), h=h)
        cost += step_cost(s, u, h)
        if cost > mp:
            return violation("move/out-of-mp", "seed 000 §8.1", "{uid} has {mp} MP: entering {h} would bring the cost to {cost}",
                             uid=uid, mp=mp, h=h, cost=cost)
        if not can_stack(s, u, h):
            return violation("move/stacking", "seed 000 "
                                              "§9.1", "{uid} cannot enter {h}: one infantry or cavalry unit a hex, no passing "
                                                      "through", uid=uid, h=h)
        if wing.order == "march" and nearest_enemy(s, u.side, h) <= 1:
            return violation("order/march-adjacent", "seed 000 "
                                                     "§6.2", "{uid} is under March: it may not move next to the enemy "
                                                             "({h})", uid=uid, h=h)
        if not in_cmd and nearest_enemy(s, u.side, h) <= 1:
            return violation("command/adjacent-enemy", "seed 000 "
                                                       "§5.1.2", "{uid} is out of command: it may not move next to an enemy "
                                                                 "unit ({h})", uid=uid, h=h)
        here = h
    end_dist = nearest_enemy(s, u.side, here)
    if wing.order == "attack":
        if start_dist <= 1 and end_dist >= start_dist:
            return violation("order/attack-engaged", "seed 000 "
                                                     "§6.2", "{uid} is under Attack! and began next to the enemy: it may turn "
                                                             "or fire, not move away (ruling R13)", uid=uid)
        if end_dist >= start_dist:
            return violation("order/attack-closer", "seed 000 "
                                                    "§6.2", "{uid} is under Attack!: it must end at least one hex closer to "
                                                            "the nearest enemy ({start_dist} hexes at the start, {end_dist} at {here})", uid=uid, start_dist=start_dist, end_dist=end_dist, here=here)
    if wing.order == "rally" and end_dist < start_dist:
        return violation("order/rally-closer", "seed 000 "
                                               "§6.2", "{uid} is under Rally: it may not end closer to the enemy ({start_dist} "
                                                       "→ {end_dist})", uid=uid, start_dist=start_dist, end_dist=end_dist)
    if not in_cmd:
        ld = leader_of(s, u.wing)
        if ld is not None and hexgrid.distance(here, ld.hex, lay) >= hexgrid.distance(start, ld.hex, lay):
            return violation("command/must-return", "seed 000 "
                                                    "§5.1.2", "{uid} is out of command: it must move back toward its leader at "
                                                              "{hex} (ruling R15)", uid=uid, hex=ld.hex)
    return []


def check_leader_move(s: PState, actor: str, lid: str, path: tuple[str, ...]) -> list[Violation]:
    """§5.2, §6.4: a leader moves with his wing and always ends stacked with a unit of it."""
    ld = s.leaders[lid]
    if ld.wing != s.active_wing:
        return violation("move/leader-not-active", "seed 000 §5.2", "{lid} moves only when his wing {wing} is active",
                         lid=lid, wing=ld.wing)
    if ld.helped_rally:
        return violation("move/leader-rallied", "seed 000 §6.4", "{lid} helped a rally in this activation: he may not move",
                         lid=lid)
    if ld.acted and s.acting_unit != lid:
        return violation("move/finished", "seed 000 §8.1", "{lid} has finished his movement", lid=lid)
    if not path:
        return violation("move/empty", "seed 000 §8.1", "move: name the hexes entered")
    lay = s.layout
    here, cost = ld.hex, 0
    mp = ld.ma if not ld.acted else ld.mp
    for h in path:
        try:
            hexgrid.parse_hex(h)
        except ValueError as e:
            return violation("move/bad-hex", "ruling R2", said(e))
        if not on_map(s, h) or h not in hexgrid.neighbours(here, lay) or terrain_row(s, h).get("impassable"):
            return violation("move/leader-path", "seed 000 §8.1", "{lid}: {h} is not a passable hex next to {here}",
                             lid=lid, h=h, here=here)
        if any(u.side != ld.side and not u.artillery for u in units_at(s, h)):
            return violation("move/stacking", "seed 000 §9.1", "{lid} cannot enter {h}: an enemy unit is there", lid=lid, h=h)
        cost += int(terrain_row(s, h).get("cavalry", 1))
        if cost > mp:
            return violation("move/out-of-mp", "seed 000 §8.1", "{lid} has {mp} MP: entering {h} would cost {cost}",
                             lid=lid, mp=mp, h=h, cost=cost)
        here = h
    if not any(u.wing == ld.wing for u in units_at(s, here)):
        return violation("move/leader-alone", "seed 000 §5.2", "{lid} must end his movement stacked with a unit of {wing}",
                         lid=lid, wing=ld.wing)
    return []


def begin(d: Draft[PState], uid: str) -> Unit:
    """The unit starts (or continues) its movement; the previous mover has finished (§8.1)."""
    u = d.s.units[uid]
    if not u.acted:
        u = d.update(d.s.units, uid, acted="move", mp=effective_ma(u), start_hex=u.hex, in_command=unit_in_command(d, uid))
        if not u.in_command:
            d.say("{unit} is out of command (seed 000 §5.1.2)", unit=uid)
    d.s.acting_unit = uid
    return u


def apply_move(d: Draft[PState], uid: str, path: tuple[str, ...]) -> None:
    if uid in d.s.leaders:
        ld = d.s.leaders[uid]
        mp = ld.ma if not ld.acted else ld.mp
        cost = sum(int(terrain_row(d.s, h).get("cavalry", 1)) for h in path)
        d.mark("move", ld.hex, path[-1])
        d.update(d.s.leaders, uid, hex=path[-1], mp=mp - cost, acted="move")
        d.s.acting_unit = uid
        d.say("leader {unit} moves {path} ({cost} MP)", unit=uid, path="→".join((ld.hex,) + path), cost=cost)
        return
    walked = [begin(d, uid).hex]
    carried: list[Msg | str] = []
    for h in path:
        mover = d.s.units.get(uid)
        if mover is None:
            break
        for e in [x for x in units_at(d, h) if x.side != mover.side and x.artillery]:
            destroy(d, e.id, Msg("{unit} entered its hex (seed 000 §9.1)", unit=uid))
        old = mover.hex
        mover = d.update(d.s.units, uid, hex=h, mp=mover.mp - step_cost(d.s, mover, h), straight=mover.straight + 1)
        # a leader left alone goes with his unit (§9.1, ruling R44); said once, where the move ends
        carried += [n for n in carry_leaders(d, mover, old, h, own_move=True, say=False) if n not in carried]
        walked.append(h)
        d.mark("move", old, h)
        if trigger(d, uid, "enter", came_from=old):
            rest = path[len(walked) - 1:]
            if rest and uid in d.s.units:
                d.say("{unit} stops at {hex}; the rest of its path ({rest}) is not walked", unit=uid, hex=h, rest=" ".join(rest))
            break
    u2 = d.s.units.get(uid)
    if u2:
        d.say("{unit} moves {path} ({mp} MP left)", unit=uid, path="→".join(walked), mp=u2.mp)
    else:
        d.say("{unit} moves {path}", unit=uid, path="→".join(walked))
    for name in carried:
        d.say("leader {name} goes with {unit} to {hex} (seed 000 §9.1, ruling R44)", name=name, unit=uid, hex=walked[-1])


def check_turn(s: PState, actor: str, uid: str, facing: int) -> list[Violation]:
    found = acting_check(s, uid, "turn")
    if found:
        return found
    u = s.units[uid]
    if u.artillery:
        if u.fired:
            return violation("turn/artillery-fired", "seed 000 "
                                                     "§7", "{uid} has fired (Tiré) this turn: it turns instead of "
                                                           "firing", uid=uid)
        return []
    if u.level >= 2:
        return violation("turn/state", "seed 000 §12.2", "{uid} is {level}: it cannot turn", uid=uid, level=Msg(LEVELS[u.level]))
    steps = hexgrid.turn_steps(u.facing, facing)
    if steps == 0:
        return violation("turn/same", "seed 000 §7", "{uid} already faces {facing}",
                         uid=uid, facing=Word("paris", hexgrid.VERTICES[facing]))
    cost, mp = turn_cost(u, steps), mp_now(s, u)
    if cost > mp:
        return violation("turn/out-of-mp", "seed 000 §7", "{uid} needs {cost} MP to turn {steps} vertex(es) and has {mp}",
                         uid=uid, cost=cost, steps=steps, mp=mp)
    return []


def apply_turn(d: Draft[PState], uid: str, facing: int) -> None:
    u = d.s.units[uid]
    if u.artillery:
        # §7: artillery turns to any vertex instead of firing, and is flipped to "Tiré"
        d.update(d.s.units, uid, facing=facing, fired=True, acted="move")
        d.say("{unit} turns to {facing} instead of firing (Tiré) (seed 000 §7)",
              unit=uid, facing=Word("paris", hexgrid.VERTICES[facing]))
        return
    u = begin(d, uid)
    steps = hexgrid.turn_steps(u.facing, facing)
    cost = turn_cost(u, steps)
    d.update(d.s.units, uid, facing=facing, mp=u.mp - cost, straight=0)
    d.say("{unit} turns {old}→{new} ({cost} MP, {left} left) (seed 000 "
          "§7)", unit=uid, old=Word("paris", hexgrid.VERTICES[u.facing]),
          new=Word("paris", hexgrid.VERTICES[facing]), cost=cost, left=u.mp - cost)
    trigger(d, uid, "turn")


def check_rally(s: PState, actor: str, uid: str) -> list[Violation]:
    found = acting_check(s, uid, "rally")
    if found:
        return found
    u = s.units[uid]
    if u.acted:
        return violation("rally/moved", "seed 000 §3.2 В", "{uid} has moved in this activation: a unit moves or rallies", uid=uid)
    if u.artillery:
        return violation("rally/artillery", "seed 000 §13.1", "{uid}: artillery has no morale state to rally", uid=uid)
    if u.level == 0:
        return violation("rally/normal", "seed 000 §13", "{uid} is in normal order: nothing to rally", uid=uid)
    if u.lance_lost and u.level == 1:
        return violation("rally/gendarme", "seed 000 "
                                           "§11.5", "{uid} lost a level in melee: a gendarme never rallies back from "
                                                    "disorder", uid=uid)
    order = s.wings[u.wing].order
    if order == "attack":
        return violation("order/attack-rally", "seed 000 §6.2", "{uid}'s wing is under Attack!: no unit may rally", uid=uid)
    ld = leader_of(s, u.wing)
    if order == "march" and (ld is None or hexgrid.distance(u.hex, ld.hex, s.layout) > 1):
        return violation("order/march-rally", "seed 000 "
                                              "§6.2", "{uid}'s wing is under March: only units next to or with their leader "
                                                      "may rally", uid=uid)
    return []


def apply_rally(d: Draft[PState], uid: str) -> None:
    """§13.1: automatic when stacked with the wing leader; otherwise a morale check (with the
    leader's modifier when next to him): pass regains a level, failure loses one."""
    u = d.update(d.s.units, uid, acted="rally", mp=0)
    d.s.acting_unit = uid
    ld = leader_of(d, u.wing)
    if ld is not None and ld.hex == u.hex:
        d.update(d.s.leaders, ld.id, helped_rally=True)
        d.update(d.s.units, uid, level=u.level - 1)
        d.say("{unit} rallies with {name}: automatic, now {level} (seed 000 §13.1)",
              unit=uid, name=leader_name(ld), level=Msg(LEVELS[u.level - 1]))
    else:
        bonus = 0
        if ld is not None and hexgrid.distance(u.hex, ld.hex, d.s.layout) == 1:
            bonus = ld.rating
            d.update(d.s.leaders, ld.id, helped_rally=True)
        elif (stacked := stacked_leader(d, u)) is not None:
            bonus = stacked.rating
        level = u.level
        if morale_check(d, uid, 0, Msg("rally"), leader_bonus=bonus):
            d.update(d.s.units, uid, level=level - 1)
            d.say("{unit} rallies to {level} (seed 000 §13.1)", unit=uid, level=Msg(LEVELS[level - 1]))
    if uid in d.s.units:
        trigger(d, uid, "rally")

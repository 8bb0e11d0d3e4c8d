"""Light artillery: turning and reloading the gun, ball, canister, counter-battery fire.

seed 001 §Artillery; §God of war (the gun starts unloaded; measured from the muzzle); §Crew;
§Ammunition; §Light cannon; §Firing ball; §Canister; §Counter-battery fire. The text breaks off
("Когда по а...") before medium guns, which are not supported.
"""

from __future__ import annotations

import math

import msgspec

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.skirmish import Fire, TurnGun
from shapely.geometry.base import BaseGeometry

from . import actions, damage, geometry as geo, shooting
from .results import Msg, Outcome, Said, Shot, dice_text, range_band, word
from .codes import violation
from .state import OK, OUT, Gun, Point, SkirmishState
from .units import is_officer


def muzzle(state: SkirmishState, g: Gun) -> Point:
    r = state.tables.bases.gun / 2
    return (g.x + r * math.cos(math.radians(g.facing)), g.y + r * math.sin(math.radians(g.facing)))


def turn_limit(state: SkirmishState) -> float:
    """Up to 90° for every 2 actions: 45° a turn action (ruling S26)."""
    a = state.tables.artillery
    return a.turn_degrees / a.turn_actions


def validate_turn_gun(state: SkirmishState, side: str, action: TurnGun) -> list[Violation]:
    return check_turn(state, side, action.gun, action.facing)


def resolve_turn_gun(state: SkirmishState, side: str, action: TurnGun, dice: Dice) -> Outcome:
    return turn(state, action.gun, action.facing)


def check_turn(state: SkirmishState, side: str, gun: str, facing: float) -> list[Violation]:
    out = actions.check_next(state, side, gun, "turn")
    if out:
        return out
    g = state.guns[gun]
    if geo.turn_between(g.facing, facing) > turn_limit(state) + 1e-6:
        return [violation("gun/turn", Msg('{gun} turns at most {turn_limit:g}° an action (90° for 2)', gun=gun, turn_limit=turn_limit(state)))]
    return []


def turn(state: SkirmishState, gun: str, facing: float) -> Outcome:
    g = state.guns[gun]
    guns = {**state.guns, gun: msgspec.structs.replace(g, facing=facing % 360.0)}
    return Outcome(state=actions.step(msgspec.structs.replace(state, guns=guns)), lines=(f"{gun} turns to {facing:g}°",))


def validate_reload(state: SkirmishState, side: str, gun: str, ammo: str) -> list[Violation]:
    out = actions.check_next(state, side, gun, "reload")
    if out:
        return out
    g = state.guns[gun]
    if g.loaded:
        return [violation("gun/loaded", Msg('{gun} is loaded with {loaded}', gun=gun, loaded=g.loaded))]
    if ammo and ammo not in ("ball", "canister"):
        return [violation("gun/ammo", Msg('a light gun loads ball or canister'))]
    if g.reloading + 1 >= state.tables.artillery.reload:
        if not ammo:
            return [violation("gun/ammo", Msg('the last reload action of {gun} names the round: ball or canister', gun=gun))]
        if (g.balls if ammo == "ball" else g.canister) < 1:
            return [violation("gun/no-rounds", Msg('{gun} has no {ammo} left', gun=gun, ammo=ammo))]
    if g.ammo != "ok":
        return [violation("gun/no-rounds", Msg("{gun}'s ammunition has blown up", gun=gun))]
    return []


def reload(state: SkirmishState, gun: str, ammo: str) -> Outcome:
    """6 reload actions, in as many activations as it takes (§Light cannon, §Reloading)."""
    g = state.guns[gun]
    done = g.reloading + 1
    need = state.tables.artillery.reload
    if done >= need:
        g = msgspec.structs.replace(g, reloading=0, loaded=ammo, balls=g.balls - (ammo == "ball"),
                                    canister=g.canister - (ammo == "canister"))
        line = Msg("{gun} is loaded with {ammo}", gun=gun, ammo=word(ammo))
    else:
        g = msgspec.structs.replace(g, reloading=done)
        line = Msg("{gun} reloads ({done} of {need})", gun=gun, done=done, need=need)
    return Outcome(state=actions.step(msgspec.structs.replace(state, guns={**state.guns, gun: g})), lines=(line,))


def _target_point(state: SkirmishState, target: str) -> tuple[Point, float] | None:
    if target in state.figures and state.figures[target].on_table:
        f = state.figures[target]
        return f.pos, geo.diameter(state.tables, f)
    if target in state.guns and state.guns[target].status == OK:
        return state.guns[target].pos, state.tables.bases.gun
    return None


def ball_band(state: SkirmishState, g: Gun, target: str) -> tuple[str, int] | None:
    at = _target_point(state, target)
    if at is None:
        return None
    distance = max(0.0, geo.centre_distance(muzzle(state, g), at[0]) - at[1] / 2)
    return shooting.band(state, distance, state.tables.artillery.effective, extreme=False)


def canister_zone(state: SkirmishState, g: Gun) -> BaseGeometry:
    a = state.tables.artillery
    return geo.wedge(muzzle(state, g), g.facing, a.canister_arc, a.canister_range)


def validate_fire(state: SkirmishState, side: str, action: Fire) -> list[Violation]:
    return check_fire(state, side, action.gun, action.target, action.ordered_by)


def resolve_fire(state: SkirmishState, side: str, action: Fire, dice: Dice) -> Outcome:
    return fire(state, side, action.gun, action.target, dice)


def check_fire(state: SkirmishState, side: str, gun: str, target: str, ordered_by: str) -> list[Violation]:
    out = actions.check_next(state, side, gun, "shoot")
    if out:
        return out
    g = state.guns[gun]
    if not g.loaded:
        return [violation("gun/unloaded", Msg('{gun} is not loaded', gun=gun))]
    t = state.tables
    if g.loaded == "ball":
        at = _target_point(state, target)
        if at is None or (target in state.figures and state.figures[target].side == side) or \
                (target in state.guns and state.guns[target].side == side):
            return [violation("gun/target", Msg('{target} is no enemy figure or gun on the table', target=repr(target)))]
        width = t.bases.gun
        if not geo.corridor(g.pos, g.facing, width).intersects(geo.disc(at[0], at[1])):
            return [violation("gun/front", Msg("{target} is not in {gun}'s frontal projection: turn the gun first", target=target, gun=gun))]
        if ball_band(state, g, target) is None:
            return [violation("gun/range", Msg('{target} is beyond {n:g} cm (a gun has no extreme range)', target=target, n=2 * t.artillery.effective))]
        return []
    zone = canister_zone(state, g)
    friends = [f for f in state.figures.values() if f.side == side and f.on_table and f.gun != gun
               and zone.intersects(geo.base(t, f))]
    if friends:
        officer = state.figures.get(ordered_by)
        if officer is None or officer.side != side or officer.status != OK or not is_officer(state, officer) or \
                geo.centre_distance(officer.pos, g.pos) > t.groups.leader + t.bases.gun:
            return [violation("gun/friends", Msg("{friend} is in the canister's zone: an officer within {leader:g} cm must order the shot (ruling S28)", friend=friends[0].id, leader=t.groups.leader))]
    return []


def _in_hard_cover(state: SkirmishState, fid: str, frm: Point) -> bool:
    f = state.figures[fid]
    return damage.cover(state, f, frm, "close") == "hard"


def _saves(state: SkirmishState, zone: BaseGeometry, frm: Point, dice: Dice, side: str, *, cover: bool,
           skip_gun: str = "") -> Outcome:
    """Everyone the zone touches saves on 4+ (3+ hiding in hard cover) or dies; guns save on 3+,
    their crews on 4+, their ammunition on 5+ or it explodes (§Counter-battery fire)."""
    t, a = state.tables, state.tables.artillery
    lines: list[Said] = []
    figures = dict(state.figures)
    for f in sorted(state.figures.values(), key=lambda f: f.id):
        if not f.on_table or not zone.intersects(geo.base(t, f)):
            continue
        need = a.crew_save if f.role == "crew" else a.save
        if cover and _in_hard_cover(state, f.id, frm):
            need = min(need, a.save_hard)
        (face,) = dice.roll(f"save {f.id} (gunfire)", "1d6", f.side)
        if face >= need:
            lines.append(Msg("{figure} saves on {need}+: {face}", figure=f.id, need=need, face=face))
        else:
            figures[f.id] = msgspec.structs.replace(f, status=OUT, aimed=False)
            lines.append(Msg("{figure} saves on {need}+: {face}: killed", figure=f.id, need=need, face=face))
    state = msgspec.structs.replace(state, figures=figures)
    for g in sorted(state.guns.values(), key=lambda g: g.id):
        if g.id == skip_gun:
            continue
        if g.status == OK and zone.intersects(geo.disc(g.pos, t.bases.gun)):
            (face,) = dice.roll(f"save gun {g.id}", "1d6", g.side)
            ok = face >= a.gun_save
            lines.append(Msg("gun {gun} saves on {need}+: {face}" if ok else "gun {gun} saves on {need}+: {face}: destroyed",
                              gun=g.id, need=a.gun_save, face=face))
            if not ok:
                state = msgspec.structs.replace(state, guns={**state.guns, g.id: msgspec.structs.replace(g, status="destroyed")})
        g = state.guns[g.id]
        if g.ammo == "ok" and zone.intersects(geo.disc((g.ammo_x, g.ammo_y), t.bases.marker)):
            (face,) = dice.roll(f"save ammunition {g.id}", "1d6", g.side)
            if face >= a.ammo_save:
                lines.append(Msg("{gun}'s ammunition saves on {need}+: {face}", gun=g.id, need=a.ammo_save, face=face))
            else:
                lines.append(Msg("{gun}'s ammunition saves on {need}+: {face}: it explodes", gun=g.id, need=a.ammo_save, face=face))
                out = explode(state, g.id, dice)
                state, lines = out.state, lines + list(out.lines)
    return Outcome(state=state, lines=tuple(lines))


def explode(state: SkirmishState, gun: str, dice: Dice) -> Outcome:
    """Everyone within 20 cm of the ammunition takes a small-arms hit; Leaders' saves work."""
    g = state.guns[gun]
    t = state.tables
    at = (g.ammo_x, g.ammo_y)
    state = msgspec.structs.replace(state, guns={**state.guns, gun: msgspec.structs.replace(g, ammo="exploded", loaded="")})
    hit = sorted(f.id for f in state.figures.values() if f.on_table and geo.gap_to_point(t, f, at) <= t.artillery.explosion)
    out = damage.apply_hits(state, hit, shooter_pos=at, band="close", aimed=False, dice=dice, by=f"{gun}'s ammunition")
    return Outcome(state=out.state, lines=(Msg("{gun}'s ammunition explodes: {hit} within {cm:g} cm", gun=gun,
                                               hit=", ".join(hit) or Msg("nobody"), cm=t.artillery.explosion),) + out.lines)


def fire(state: SkirmishState, side: str, gun: str, target: str, dice: Dice) -> Outcome:
    """Ball: 3d6 as a shot (always aimed, cover ignored); a hit rolls 4d6 cm of a 4 cm wide strip
    from the target's base along the line of fire. Canister: everything within 30 cm in a 90° arc."""
    g = state.guns[gun]
    a = state.tables.artillery
    m = muzzle(state, g)
    lines: list[Said] = []
    shots: list[Shot] = []
    if g.loaded == "ball":
        b = ball_band(state, g, target)
        assert b is not None
        faces = dice.roll(f"ball {gun} at {target}", f"{a.ball_dice}d6", side)
        hit = sum(faces) >= b[1]
        lines.append(Msg("{gun} fires ball at {target}, {band} ({need}+): {faces} = {total}: {result}", gun=gun, target=target,
                         band=range_band(b[0]), need=b[1], faces=dice_text(faces), total=sum(faces),
                         result=Msg("hit") if hit else Msg("the ball is wasted")))
        zone: BaseGeometry | None = None
        aim = _target_point(state, target)
        shots.append(("ball", m, aim[0] if aim else m))
        if hit:
            at, width = aim or (m, 0.0)
            heading = geo.bearing(m, at)
            start = (at[0] - width / 2 * math.cos(math.radians(heading)), at[1] - width / 2 * math.sin(math.radians(heading)))
            strip = dice.roll(f"ball strip {gun}", a.strip, side)
            zone = geo.strip(start, heading, float(sum(strip)), a.strip_width)
            lines.append(Msg("the ball ploughs {cm} cm ({faces}), {width:g} cm wide", cm=sum(strip), faces=dice_text(strip), width=a.strip_width))
        state = msgspec.structs.replace(state, guns={**state.guns, gun: msgspec.structs.replace(g, loaded="")})
        if zone is not None:
            out = _saves(state, zone, m, dice, side, cover=True, skip_gun=gun)
            state, lines = out.state, lines + list(out.lines)
    else:
        cone = canister_zone(state, g)
        lines.append(Msg("{gun} fires canister: everything within {cm:g} cm in a {arc:g}° arc", gun=gun, cm=a.canister_range,
                         arc=a.canister_arc))
        reach = (m[0] + a.canister_range * math.cos(math.radians(g.facing)), m[1] + a.canister_range * math.sin(math.radians(g.facing)))
        shots.append(("canister", m, reach))
        state = msgspec.structs.replace(state, guns={**state.guns, gun: msgspec.structs.replace(g, loaded="")})
        crew = {f.id for f in state.figures.values() if f.gun == gun}
        out = _saves(msgspec.structs.replace(state, figures={k: v for k, v in state.figures.items() if k not in crew}),
                     cone, m, dice, side, cover=True, skip_gun=gun)
        state = msgspec.structs.replace(out.state, figures={**state.figures, **out.state.figures})
        lines += list(out.lines)
    return Outcome(state=actions.step(state), lines=tuple(lines), shots=tuple(shots))


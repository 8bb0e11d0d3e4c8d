"""Shooting: range bands, the dice of a shot or volley, hits, and where they fall.

seed 001 §How to shoot; §Shooting modifiers; §Group fire (volley); §Groups and formations (a line's
first two ranks fire, the others may reload); §Aiming; §Reloading; §Special rules: Sniper.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.dice import Dice
from adjudicator.draft import memo
from adjudicator.i18n import Joined
from adjudicator.ruleset import Violation
from events.skirmish import Aim, Allocate, Reload, Shoot

from . import actions, damage, geometry as geo, visibility
from .results import Msg, Outcome, Said, Shot, dice_text, range_band
from .codes import violation
from .state import OK, Figure, Hits, SkirmishState
from .units import figures_of, group_of, is_special

BANDS = ("close", "effective", "long", "extreme")


def band(state: SkirmishState, distance: float, effective: float, *, extreme: bool = True) -> tuple[str, int] | None:
    """Close up to half the effective range (5+), effective (7+), long up to double (9+), extreme up
    to triple (13+); each limit belongs to the nearer band (ruling S11)."""
    s = state.tables.shooting
    for name, (factor, need) in zip(BANDS, (s.close, s.effective, s.long, s.extreme)):
        if name == "extreme" and not extreme:
            break
        if distance <= effective * factor + 1e-9:
            return name, need
    return None


def need_of(state: SkirmishState, name: str) -> int:
    s = state.tables.shooting
    return {"close": s.close, "effective": s.effective, "long": s.long, "extreme": s.extreme}[name][1]


class Plan(msgspec.Struct, frozen=True, kw_only=True):
    """Who fires at whom, at which band and with how many dice."""

    shooters: tuple[str, ...]
    target: str
    band: str
    need: int
    dice: int
    aimed: bool
    volley: bool
    notes: tuple[Said, ...] = ()


def dice_count(state: SkirmishState, shooters: int, *, aimed: bool, moved: bool, running: bool) -> int:
    """2d6 for the first shooter, +1d6 each other one; aimed +1d6, moved -1d6, a running target
    -1d6 (ours, provisional); never fewer than one die (ruling S13)."""
    s = state.tables.shooting
    n = s.dice + s.per_extra_shooter * (shooters - 1)
    n += s.aimed if aimed else 0
    n += s.moved if moved else 0
    n += state.tables.running_target.dice if running else 0
    return max(1, n)


def hits_of(total: int, need: int, volley: bool) -> int:
    """A single shooter hits once on the number; a volley's sum divided by it, rounded down."""
    if volley:
        return total // need
    return 1 if total >= need else 0


def firing_figures(state: SkirmishState, unit: str) -> list[Figure]:
    figs = [f for f in actions.acting_figures(state, unit) if f.status == OK]
    group = state.groups.get(unit)
    if group is not None and group.formation == "line":
        return [f for rank in geo.ranks(state.tables, figs, group.facing)[:2] for f in rank]
    return figs


def plan(state: SkirmishState, unit: str, target_id: str, *, moved: bool, reaction: bool = False,
         charging: bool = False, among: Sequence[str] = (), exclude: Sequence[str] = ()) -> Plan | list[Violation]:
    """Who of the unit can fire at the target now, and the dice. A group needs the target in the 90°
    arc of its figure nearest it; every shooter needs a clear line and range (ruling S11).

    Worked out once a state: the check of a shot and its resolution ask the same state the same."""
    key = ("plan", unit, target_id, moved, reaction, charging, tuple(among), tuple(exclude))
    return memo(state, key, lambda: _plan(state, unit, target_id, moved=moved, charging=charging, among=among,
                                          exclude=exclude))


def _plan(state: SkirmishState, unit: str, target_id: str, *, moved: bool, charging: bool, among: Sequence[str],
          exclude: Sequence[str]) -> Plan | list[Violation]:
    t = state.tables
    target = state.figures.get(target_id)
    if target is None or not target.on_table:
        return [violation("shoot/target", Msg('{target} is not a figure on the table', target=target_id))]
    group = state.groups.get(unit)
    figs = [f for f in firing_figures(state, unit) if f.id not in exclude and (not among or f.id in among)]
    if not figs:
        return [violation("shoot/nobody", Msg('no figure of {unit} can shoot', unit=unit))]
    if target.side == figs[0].side:
        return [violation("shoot/friend", Msg('{target} is a friend', target=target_id))]
    if group is not None and not visibility.group_in_arc(state, figs, group.facing, target):
        return [violation("shoot/arc", Msg("{target} is outside {unit}'s 90° arc", target=target_id, unit=unit))]
    line_ids = tuple(f.id for f in figs) if group is not None and group.formation == "line" else ()
    ground = geo.ground(state)
    fire, worst, notes = [], None, list[Said]()
    for f in figs:
        weapon = t.weapon(f.weapon)
        if weapon is None:
            notes.append(Msg("{figure} has no firearm", figure=f.id))
            continue
        if not f.loaded:
            notes.append(Msg("{figure} is not loaded", figure=f.id))
            continue
        why = visibility.sees(state, f, target, arc_deg=360.0 if group is not None else None, ground=ground)
        if not why:
            blockers = visibility.figures_in_way(state, f, target, line_ids)
            why = Msg("{figure} is in the way", figure=blockers[0].id) if blockers else ""
        if why:
            notes.append(Msg("{figure}: {why}", figure=f.id, why=why))
            continue
        if charging:
            b: tuple[str, int] | None = ("effective", need_of(state, "effective"))
        else:
            b = band(state, geo.gap(t, f, target), weapon.effective)
        if b is None:
            notes.append(Msg("{figure}: {target} is beyond {cm:g} cm", figure=f.id, target=target, cm=3 * weapon.effective))
            continue
        fire.append(f)
        if worst is None or b[1] > worst[1]:
            worst = b
    if not fire or worst is None:
        return [violation("shoot/cannot", Msg("{unit} cannot shoot at {target}: {reasons}", unit=unit, target=target,
                                           reasons=Joined("; ", notes[:3])))]
    aimed = all(f.aimed or f.has("sniper") for f in fire)
    running = target.id in state.ran and not charging
    n = dice_count(state, len(fire), aimed=aimed, moved=moved, running=running)
    return Plan(shooters=tuple(f.id for f in fire), target=target_id, band=worst[0], need=worst[1], dice=n,
                aimed=aimed, volley=len(fire) > 1, notes=tuple(notes))


def roll(state: SkirmishState, p: Plan, dice: Dice, side: str) -> tuple[tuple[int, ...], list[Said]]:
    """The dice of a shot, with a Sniper's re-rolled 1s and the re-rolled 5s against cover."""
    faces = list(dice.roll(f"shoot {','.join(p.shooters)} at {p.target}", f"{p.dice}d6", side))
    fields = dict(count=len(p.shooters), target=p.target, band=range_band(p.band), need=p.need, n=p.dice, faces=dice_text(tuple(faces)))
    lines: list[Said] = [Msg("volley of {count} at {target}, {band} ({need}+): {n}d6 {faces}", **fields) if p.volley
                         else Msg("shot of {count} at {target}, {band} ({need}+): {n}d6 {faces}", **fields)]
    sniper = all(state.figures[s].has("sniper") for s in p.shooters)
    if sniper and 1 in faces:
        idx = [i for i, f in enumerate(faces) if f == 1]
        again = dice.roll(f"sniper re-rolls 1s at {p.target}", f"{len(idx)}d6", side)
        for i, face in zip(idx, again):
            faces[i] = face
        lines.append(Msg("Sniper rolls the 1s again: {faces}", faces=dice_text(again)))
    target = state.figures[p.target]
    shooter = state.figures[p.shooters[0]]
    in_cover = damage.cover(state, target, shooter.pos, p.band) != ""
    if state.tables.cover_fives.enabled and in_cover and not p.aimed and 5 in faces:
        idx = [i for i, f in enumerate(faces) if f == 5]
        again = dice.roll(f"5s again, {p.target} in cover", f"{len(idx)}d6", side)
        for i, face in zip(idx, again):
            faces[i] = face
        lines.append(Msg("{target} is in cover and the shot was not aimed: the 5s again: {faces}", target=p.target,
                         faces=dice_text(again)))
    return tuple(faces), lines


def chain(state: SkirmishState, target: Figure, count: int, include_suppressed: bool = False) -> list[str]:
    """The first hit on the target, the others along a chain of its nearest comrades at most 8 cm
    apart; with nobody left, round again from the target (§Group fire)."""
    t = state.tables
    pool = [f for f in state.figures.values() if f.side == target.side and f.on_table and f.id != target.id
            and (include_suppressed or f.status == OK)]
    hit = [target]
    while len(hit) < count:
        last = hit[-1]
        near = [f for f in pool if f not in hit and geo.gap(t, f, last) <= t.shooting.chain]
        if not near:
            near = [f for f in pool if f not in hit and any(geo.gap(t, f, h) <= t.shooting.chain for h in hit)]
        if not near:
            break
        hit.append(min(near, key=lambda f: (geo.gap(t, f, last), f.id)))
    order = [f.id for f in hit]
    return [order[i % len(order)] for i in range(count)]


def forced_special(state: SkirmishState, faces: Sequence[int]) -> bool:
    n = state.tables.shooting.forced_special
    return faces.count(5) >= n or faces.count(6) >= n


def close_order_group(state: SkirmishState, target: Figure):
    g = group_of(state, target.id)
    return g if g is not None and g.order == "close" and g.side == target.side else None


class ShotResult(msgspec.Struct, frozen=True, kw_only=True):
    state: SkirmishState
    lines: tuple[Said, ...]
    plan: Plan | None = None
    faces: tuple[int, ...] = ()
    total: int = 0
    hits: int = 0
    on: tuple[str, ...] = ()  # where the hits fell; empty while the target's owner places them
    shots: tuple[Shot, ...] = ()  # from each shooter to the target, for the map


def fire(state: SkirmishState, p: Plan, dice: Dice, side: str, include_suppressed: bool = False) -> ShotResult:
    """Roll the shot, count the hits, unload the shooters; hits on a close-order group wait for
    their owner (state.hits), others fall along the chain and are tested at once."""
    faces, lines = roll(state, p, dice, side)
    aim = state.figures[p.target].pos
    shots = tuple(("shot", state.figures[sid].pos, aim) for sid in p.shooters)
    total = sum(faces)
    hits = hits_of(total, p.need, p.volley)
    lines.append(Msg("{total} / {need} = {hits} hit(s)", total=total, need=p.need, hits=hits) if p.volley
                 else Msg("{total} hits", total=total) if hits else Msg("{total} misses", total=total))
    figures = dict(state.figures)
    for sid in p.shooters:
        figures[sid] = msgspec.structs.replace(figures[sid], loaded=False, reloading=0, aimed=False)
    state = msgspec.structs.replace(state, figures=figures)
    if not hits:
        return ShotResult(state=state, lines=tuple(lines), plan=p, faces=faces, total=total, shots=shots)
    target = state.figures[p.target]
    shooter = state.figures[p.shooters[0]]
    group = close_order_group(state, target)
    forced = p.volley and group is not None and forced_special(state, faces)
    if group is not None:
        lines.append(Msg("{side} places {hits} hit(s) on {group} (three 5s or three 6s: one on a Leader or special figure, no save)",
                         side=target.side, hits=hits, group=group.id) if forced
                     else Msg("{side} places {hits} hit(s) on {group}", side=target.side, hits=hits, group=group.id))
        pending = Hits(side=target.side, group=group.id, target=target.id, count=hits, forced=forced, aimed=p.aimed,
                       band=p.band, shooter=shooter.id)
        return ShotResult(state=msgspec.structs.replace(state, hits=(*state.hits, pending)), lines=tuple(lines), plan=p,
                          faces=faces, total=total, hits=hits, shots=shots)
    on = chain(state, target, hits, include_suppressed)
    out = damage.apply_hits(state, on, shooter_pos=shooter.pos, band=p.band, aimed=p.aimed, dice=dice,
                            by=f"shot by {shooter.id}")
    return ShotResult(state=out.state, lines=tuple(lines) + out.lines, plan=p, faces=faces, total=total, hits=hits,
                      on=tuple(on), shots=shots)


def validate_shoot(state: SkirmishState, side: str, action: Shoot) -> list[Violation]:
    return check_shoot(state, side, action.unit, action.target, action.second, action.split, action.reloaders)


def resolve_shoot(state: SkirmishState, side: str, action: Shoot, dice: Dice) -> ShotResult:
    return shoot(state, side, action.unit, action.target, dice, second=action.second, split=action.split,
                 reloaders=action.reloaders, include_suppressed=action.include_suppressed)


def check_shoot(state: SkirmishState, side: str, unit: str, target: str, second: str = "",
                split: Sequence[str] = (), reloaders: Sequence[str] = ()) -> list[Violation]:
    out = actions.check_next(state, side, unit, "shoot")
    if out:
        return out
    if state.hits:
        return [violation("shoot/hits-pending", Msg('{side} has hits to place first', side=state.hits[0].side))]
    if unit in state.guns:
        return [violation("shoot/gun", Msg('a gun fires with the fire action'))]
    group = state.groups.get(unit)
    if (second or split) and group is None:
        return [violation("shoot/split", Msg("only a group's volley may be split between two targets"))]
    if reloaders:
        line = geo.ranks(state.tables, [f for f in figures_of(state, unit) if f.status == OK], group.facing) \
            if group is not None and group.formation == "line" else []
        back = {f.id for r in line[1:] for f in r}
        if not set(reloaders) <= back:
            return [violation("shoot/reloaders", Msg("only a line's second or third rank reloads instead of firing"))]
    moved = actions.moves_declared(state) > 0
    p = plan(state, unit, target, moved=moved, exclude=(*split, *reloaders))
    if isinstance(p, list):
        return p
    if second:
        if not split or second == target:
            return [violation("shoot/split", Msg('a split volley names its second target and who fires at it'))]
        q = plan(state, unit, second, moved=moved, among=split)
        if isinstance(q, list):
            return q
    return []


def shoot(state: SkirmishState, side: str, unit: str, target: str, dice: Dice, *, second: str = "",
          split: Sequence[str] = (), reloaders: Sequence[str] = (), include_suppressed: bool = False) -> ShotResult:
    moved = actions.moves_declared(state) > 0
    p = plan(state, unit, target, moved=moved, exclude=(*split, *reloaders))
    assert not isinstance(p, list)
    result = fire(state, p, dice, side, include_suppressed)
    state, lines, shots = result.state, list[Said](result.lines), result.shots
    if second:
        q = plan(state, unit, second, moved=moved, among=split)
        if not isinstance(q, list):
            r2 = fire(state, q, dice, side, include_suppressed)
            state, lines, shots = r2.state, lines + list(r2.lines), shots + r2.shots
    if reloaders:
        r = reload_figures(state, reloaders)
        state, lines = r.state, lines + list(r.lines)
    return ShotResult(state=actions.step(state), lines=tuple(lines), plan=p, faces=result.faces,
                      total=result.total, hits=result.hits, on=result.on, shots=shots)


# -- placing hits on a close-order group ------------------------------------------------------

def validate_allocate(state: SkirmishState, side: str, action: Allocate) -> list[Violation]:
    """The first hits waiting are placed first (a split volley may leave two lots)."""
    on = action.figures
    h = state.hits[0] if state.hits else None
    if h is None or h.side != side:
        return [violation("hits/none", Msg('{side} has no hits to place', side=side))]
    group = state.groups[h.group]
    members = {m for m in group.members if state.figures[m].on_table}
    if len(on) != h.count:
        return [violation("hits/count", Msg('place exactly {count} hit(s)', count=h.count))]
    if not set(on) <= members:
        return [violation("hits/outside", Msg('the hits fall on figures of {group}', group=h.group))]
    if h.forced and not any(is_special(state, state.figures[f]) for f in on) and \
            any(is_special(state, state.figures[m]) for m in members):
        return [violation("hits/forced", Msg('three 5s or three 6s: at least one hit on a Leader or special figure'))]
    return []


def resolve_allocate(state: SkirmishState, side: str, action: Allocate, dice: Dice) -> Outcome:
    return allocate(state, action.figures, action.pass_to, dice)


def allocate(state: SkirmishState, on: Sequence[str], pass_to: dict[str, str], dice: Dice) -> Outcome:
    """The owner's placing; a forced hit on a Leader or special figure is put first and gets no save."""
    h = state.hits[0]
    order = list(on)
    no_save = 0
    if h.forced:
        first = next((f for f in order if is_special(state, state.figures[f])), None)
        if first is not None:
            order.remove(first)
            order.insert(0, first)
            no_save = 1
    shooter = state.figures[h.shooter]
    state = msgspec.structs.replace(state, hits=state.hits[1:])
    out = damage.apply_hits(state, order, shooter_pos=shooter.pos, band=h.band, aimed=h.aimed, dice=dice,
                            by=f"shot by {shooter.id}", no_save=no_save, pass_to=pass_to)
    return out


# -- aiming and reloading -----------------------------------------------------------------------

def validate_aim(state: SkirmishState, side: str, action: Aim) -> list[Violation]:
    unit = action.unit
    out = actions.check_next(state, side, unit, "aim")
    if out:
        return out
    if not any(f.status == OK and state.tables.weapon(f.weapon) for f in actions.acting_figures(state, unit)):
        return [violation("aim/no-weapon", Msg('{unit} has nobody with a firearm to aim', unit=unit))]
    return []


def resolve_aim(state: SkirmishState, side: str, action: Aim, dice: Dice) -> Outcome:
    return aim(state, action.unit)


def aim(state: SkirmishState, unit: str) -> Outcome:
    """+1d6 when it shoots; lasts to the start of its player's next turn (§Aiming)."""
    figures = dict(state.figures)
    for f in actions.acting_figures(state, unit):
        if f.status == OK:
            figures[f.id] = msgspec.structs.replace(f, aimed=True)
    return Outcome(state=actions.step(msgspec.structs.replace(state, figures=figures)), lines=(Msg("{unit} aims", unit=unit),))


def reload_need(state: SkirmishState, f: Figure) -> int:
    """The weapon's reload actions; a fixed bayonet adds 1 to a muzzle-loader (§*Bayonets)."""
    w = state.tables.weapon(f.weapon)
    if w is None:
        return 0
    return w.reload + (1 if f.bayonet and f.weapon == "muzzle-rifle" else 0)


def validate_reload(state: SkirmishState, side: str, action: Reload) -> list[Violation]:
    unit = action.unit
    if unit in state.guns:
        from . import artillery

        return artillery.validate_reload(state, side, unit, action.ammo)
    out = actions.check_next(state, side, unit, "reload")
    if out:
        return out
    figs = [f for f in actions.acting_figures(state, unit) if f.status == OK]
    if not any(not f.loaded and reload_need(state, f) for f in figs):
        return [violation("reload/loaded", Msg('{unit} has nothing to reload', unit=unit))]
    return []


def reload_figures(state: SkirmishState, ids: Sequence[str]) -> Outcome:
    """One reload action; a weapon needing several may be reloaded in stages (§Reloading)."""
    figures = dict(state.figures)
    lines: list[Said] = []
    for fid in ids:
        f = figures[fid]
        if f.loaded or f.status != OK:
            continue
        done = f.reloading + 1
        if done >= reload_need(state, f):
            figures[fid] = msgspec.structs.replace(f, loaded=True, reloading=0)
            lines.append(Msg("{figure} is loaded", figure=fid))
        else:
            figures[fid] = msgspec.structs.replace(f, reloading=done)
            lines.append(Msg("{figure} reloads ({done} of {need})", figure=fid, done=done, need=reload_need(state, f)))
    return Outcome(state=msgspec.structs.replace(state, figures=figures), lines=tuple(lines))


def resolve_reload(state: SkirmishState, side: str, action: Reload, dice: Dice) -> Outcome:
    if action.unit in state.guns:
        from . import artillery

        return artillery.reload(state, action.unit, action.ammo)
    return reload(state, action.unit)


def reload(state: SkirmishState, unit: str) -> Outcome:
    out = reload_figures(state, [f.id for f in actions.acting_figures(state, unit)])
    return Outcome(state=actions.step(out.state), lines=out.lines)


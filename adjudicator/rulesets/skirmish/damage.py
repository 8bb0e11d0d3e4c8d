"""What a hit does: saves of Leaders and special figures, riders and horses, the damage test.

seed 001 §Damage test; §Group fire (saves, three 5s or 6s); §Suppressed fighters; §Aiming (lost
when suppressed); §Special rules: Veterans, Sniper, *Cuirass, *Armour, *Shields.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.dice import Dice

from . import geometry as geo
from .results import Msg, Outcome, Said
from .state import OUT, SUPPRESSED, Figure, SkirmishState
from .units import friends, is_special


def cover(state: SkirmishState, target: Figure, shooter_pos: tuple[float, float], band: str, firearm: bool = True,
          ground: geo.Ground | None = None) -> str:
    """The target's cover against this shot: terrain it stands in or an obstacle it stands behind,
    a building's windows, the Assault perimeter, a cuirass or armour (at effective range and
    beyond; armour soft at close range), shields (against other than firearms, from the front).
    The best one counts (ruling S22)."""
    t = state.tables
    near = t.bases.contact + geo.diameter(t, target)
    found = geo.cover_between(ground or geo.ground(state), shooter_pos, target.pos, near)
    if target.inside:
        found = geo.better(found, "hard")
    far = band != "close"
    if target.has("cuirass") and far:
        found = geo.better(found, "soft")
    if target.has("armour"):
        found = geo.better(found, "hard" if far else "soft")
    if target.has("shields") and not firearm and geo.turn_between(geo.bearing(target.pos, shooter_pos), target.facing) <= 90:
        found = geo.better(found, "soft")
    return found


def modifier(state: SkirmishState, cover_kind: str, aimed: bool) -> int:
    d = state.tables.damage
    return {"soft": d.soft, "hard": d.hard}.get(cover_kind, 0) + (d.aimed if aimed else 0)


def test(state: SkirmishState, fig: Figure, cover_kind: str, aimed: bool, dice: Dice, by: str) -> tuple[Figure, Msg]:
    """One hit on one figure: a rider's horse first, then the d6 damage test (1-3 suppressed,
    4-6 out; -1 soft, -2 hard cover, +1 aimed). Veterans make the shooter roll an "out" again
    (ruling S23: the owner asks only when it can help)."""
    d = state.tables.damage
    if fig.arm == "horse" and not fig.horse_hit:
        (face,) = dice.roll(f"horse or rider {fig.id}", "1d6", fig.side)
        if face <= d.horse_up_to:
            return (msgspec.structs.replace(fig, horse_hit=True, status=SUPPRESSED if fig.status != OUT else OUT, aimed=False),
                    Msg("{figure}: {face}: the horse is hit; the rider is suppressed", figure=fig.id, face=face))
    mod = modifier(state, cover_kind, aimed)
    (face,) = dice.roll(f"damage {fig.id} ({by})", d.die, fig.side)
    net = face + mod
    text = (Msg("{figure}: damage {face}{mod:+d} = {net}", figure=fig.id, face=face, mod=mod, net=net) if mod
            else Msg("{figure}: damage {face}", figure=fig.id, face=face))
    if net > d.suppressed_up_to and (fig.has("veterans") or fig.has("guard")):
        (again,) = dice.roll(f"damage again {fig.id} (veterans)", d.die, fig.side)
        net = again + mod
        text = (Msg("{test}, veterans roll again: {again}{mod:+d} = {net}", test=text, again=again, mod=mod, net=net) if mod
                else Msg("{test}, veterans roll again: {again}", test=text, again=again))
    if net > d.suppressed_up_to:
        return msgspec.structs.replace(fig, status=OUT, aimed=False), Msg("{test}: out of action", test=text)
    return msgspec.structs.replace(fig, status=SUPPRESSED, aimed=False), Msg("{test}: suppressed", test=text)


def comrade_for(state: SkirmishState, fig: Figure, chosen: str = "") -> Figure | None:
    """Who takes a hit a special figure saves: the one its owner names, or the nearest friend
    within 8 cm who is no special figure (ruling S21)."""
    t = state.tables
    pool = [f for f in friends(state, fig.side) if f.id != fig.id and geo.gap(t, f, fig) <= t.shooting.chain]
    if chosen:
        return next((f for f in pool if f.id == chosen), None)
    plain = [f for f in pool if not is_special(state, f)]
    return min(plain or pool, key=lambda f: (geo.gap(t, f, fig), f.id), default=None)


def save(state: SkirmishState, fig: Figure, dice: Dice) -> tuple[bool, Msg]:
    t = state.tables.saves
    need = t.sniper if fig.has("sniper") else t.special
    (face,) = dice.roll(f"save {fig.id}", "1d6", fig.side)
    return face >= need, Msg("{figure} saves on {need}+: {face}", figure=fig.id, need=need, face=face)


def apply_hits(state: SkirmishState, on: Sequence[str], *, shooter_pos: tuple[float, float], band: str, aimed: bool,
               dice: Dice, by: str, no_save: int = 0, pass_to: dict[str, str] | None = None,
               firearm: bool = True) -> Outcome:
    """Each hit in turn: a Leader or special figure may save it and pass it to a comrade (the first
    `no_save` hits may not be saved), a Sniper's save wards it off; then the damage test."""
    lines: list[Said] = []
    pass_to = pass_to or {}
    ground = geo.ground(state)
    for i, fid in enumerate(on):
        fig = state.figures[fid]
        if not fig.on_table:
            continue
        if i >= no_save and (is_special(state, fig) or fig.has("sniper")):
            ok, text = save(state, fig, dice)
            if ok and fig.has("sniper") and not is_special(state, fig):
                lines.append(Msg("{save}: the hit is warded off", save=text))
                continue
            if ok:
                other = comrade_for(state, fig, pass_to.get(fid, ""))
                if other is not None:
                    lines.append(Msg("{save}: the hit passes to {figure}", save=text, figure=other.id))
                    fig = other
                else:
                    lines.append(Msg("{save}, but no comrade is near to take the hit", save=text))
            else:
                lines.append(Msg("{save}: failed", save=text))
        kind = cover(state, fig, shooter_pos, band, firearm, ground)
        new, tested = test(state, fig, kind, aimed, dice, by)
        lines.append(tested if not kind else Msg("{test} (soft cover)", test=tested) if kind == "soft"
                     else Msg("{test} (hard cover)", test=tested))
        state = msgspec.structs.replace(state, figures={**state.figures, new.id: new})
    return Outcome(state=state, lines=tuple(lines))

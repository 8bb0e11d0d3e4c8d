"""Melee: the charge, the morale test of the charged, evading, and the fights.

seed 001 §Melee; §Attack by a group; §Close and loose order (Skirmishers); §Special rules:
Cavalry, Impulsive, Pike, Melee weapon, Ferocious, Veterans, Guard/Elite, Standard, Fanatics,
*Cavalry lance, *Bayonets, *Chief, *Shaman; §Scenario 4: Assault (the perimeter's re-roll).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import msgspec

from adjudicator.dice import Dice
from adjudicator.i18n import Joined
from adjudicator.ruleset import Violation
from events.skirmish import Charge, Evade, Fight, FigurePath, FixBayonets, Melee

from . import actions, geometry as geo, movement, visibility
from .results import Msg, Outcome, Said, dice_text
from .codes import violation
from .state import OK, OUT, SUPPRESSED, Figure, PendingCharge, SkirmishState
from .units import figures_of, group_of, is_standard


# -- the charge --------------------------------------------------------------------------------

def defenders(state: SkirmishState, target: str) -> list[Figure]:
    """The charged figure, or its whole group."""
    g = group_of(state, target)
    if g is None:
        return [state.figures[target]]
    return [state.figures[m] for m in g.members if state.figures[m].on_table]


def by_group(state: SkirmishState, unit: str, target: str) -> bool:
    """Charged by a group as numerous as it or more: a morale test at once (§Attack by a group)."""
    if unit not in state.groups:
        return False
    attackers = [f for f in figures_of(state, unit) if f.status == OK]
    return len(attackers) >= len(defenders(state, target))


def may_evade(state: SkirmishState, target: str) -> str:
    """"must", "may" or "": Skirmishers must evade (unless Fanatics, Impulsive or Ferocious: they
    may stand), single figures and loose-order groups may; at most once a turn."""
    figs = defenders(state, target)
    g = group_of(state, target)
    if any(f.id in state.evaded for f in figs):
        return ""
    skirmishers = all(f.has("skirmishers") for f in figs if not f.role)
    if skirmishers:
        stubborn = any(f.has(r) for f in figs for r in ("fanatics", "impulsive", "ferocious"))
        return "may" if stubborn else "must"
    if g is None or g.order == "loose":
        return "may"
    return ""


def validate_charge(state: SkirmishState, side: str, action: Charge) -> list[Violation]:
    if state.charge is not None or state.hits:
        return [violation("turn/waiting", Msg('a decision of the other side is awaited first'))]
    return check_charge(state, side, action.unit, action.target, action.paths)


def resolve_charge(state: SkirmishState, side: str, action: Charge, dice: Dice) -> Outcome:
    """A charge whose target may choose to evade waits for that choice (state.charge); any other
    is carried out at once (ruling S18)."""
    a = state.activation
    if a is not None and not a.target and may_evade(state, action.target) == "may":
        target_side = state.figures[action.target].side
        pending = PendingCharge(side=target_side, unit=action.unit, target=action.target,
                                paths=tuple((p.figure, p.points) for p in action.paths))
        return Outcome(state=msgspec.structs.replace(state, charge=pending),
                       lines=(Msg("{unit} charges {target}: {side} evades or stands", unit=action.unit, target=action.target,
                                  side=target_side),))
    return charge(state, side, action.unit, action.target, action.paths, dice)


def validate_evade(state: SkirmishState, side: str, action: Evade) -> list[Violation]:
    c = state.charge
    if c is None or c.side != side:
        return [violation("charge/no-choice", Msg('{side} has no charge to evade or stand against', side=side))]
    g = group_of(state, c.target)
    if action.unit not in (c.target, g.id if g else c.target):
        return [violation("charge/evader", Msg("the charge is against {target} ({group})", target=c.target, group=g.id) if g
                          else Msg("the charge is against {target}", target=c.target))]
    return []


def resolve_evade(state: SkirmishState, side: str, action: Evade, dice: Dice) -> Outcome:
    c = state.charge
    assert c is not None
    paths = tuple(FigurePath(figure=f, points=pts) for f, pts in c.paths)
    attacker = state.figures[paths[0].figure].side if paths else state.commands[state.active].side
    return charge(msgspec.structs.replace(state, charge=None), attacker, c.unit, c.target, paths, dice, evade=action.evade)


def check_charge(state: SkirmishState, side: str, unit: str, target: str, paths: Sequence[FigurePath]) -> list[Violation]:
    """A charge move: straight, closing on an enemy, turning only at one in view (§Melee)."""
    out = actions.check_next(state, side, unit, "charge")
    if out:
        return out
    a = state.activation
    assert a is not None
    foe = state.figures.get(target)
    if foe is None or not foe.on_table or foe.side == side:
        return [violation("charge/target", Msg('{target} is no enemy figure on the table', target=target))]
    if a.target and a.target != target:
        return [violation("charge/target", Msg('{unit} charges {target}: it does nothing else this activation', unit=unit, target=a.target))]
    figs = [state.figures[f] for f in a.figures if state.figures[f].status == OK]
    group = state.groups.get(unit)
    facing = group.facing if group is not None else figs[0].facing
    in_view = (visibility.group_in_arc(state, figs, facing, foe) if group is not None
               else visibility.in_arc(state, figs[0], foe, state.tables.visibility.single_arc)) \
        and not any(visibility.terrain_hides(state, f, foe.pos, foe) for f in figs[:1])
    for p in paths:
        fig = state.figures.get(p.figure)
        if fig is None or not p.points:
            continue
        if not geo.straight(fig.pos, p.points):
            return [violation("charge/straight", Msg('{figure}: a charge goes in a straight line', figure=p.figure))]
        heading = geo.bearing(fig.pos, p.points[-1])
        if not in_view and geo.turn_between(heading, fig.facing) > 1.0:
            return [violation("charge/turn", Msg('{target} was not in view: {figure} charges straight ahead, or turns with a move of its own (ruling S18)', target=target, figure=p.figure))]
        if geo.centre_distance(p.points[-1], foe.pos) >= geo.centre_distance(fig.pos, foe.pos):
            return [violation("charge/away", Msg('{figure} must close on {target}', figure=p.figure, target=target))]
    return movement.check_move(state, side, unit, paths, None, kind="charge")


def flee(state: SkirmishState, figs: Sequence[Figure], chargers: Sequence[Figure], dice: Dice, *, suppress: bool,
         why: str) -> Outcome:
    """15+d6 cm straight away from the nearest charger; off the table is gone (ruling S25)."""
    t = state.tables
    (face,) = dice.roll(f"{why} {figs[0].id}", t.morale.flee_die, figs[0].side)
    distance = t.morale.flee + face
    figures = dict(state.figures)
    ground = geo.ground(state)
    ids = ", ".join(f.id for f in figs)
    lines: list[Said] = [Msg("{figures} evade {cm:g} cm (15+{face})", figures=ids, cm=distance, face=face) if why == "evade"
                         else Msg("{figures} flee {cm:g} cm (15+{face})", figures=ids, cm=distance, face=face)]
    for f in figs:
        near = min(chargers, key=lambda c: (geo.gap(t, c, f), c.id))
        end, gone = geo.flight(ground, f.pos, near.pos, distance)
        status = "fled" if gone else (SUPPRESSED if suppress else f.status)
        figures[f.id] = msgspec.structs.replace(f, x=end[0], y=end[1], status=status,
                                                facing=geo.bearing(near.pos, f.pos), aimed=False if suppress else f.aimed)
        if gone:
            lines.append(Msg("{figure} leaves the table", figure=f.id))
    evaded = state.evaded if suppress else state.evaded + tuple(f.id for f in figs if f.id not in state.evaded)
    return Outcome(state=msgspec.structs.replace(state, figures=figures, evaded=evaded), lines=tuple(lines))


def average_c(figs: Sequence[Figure]) -> float:
    return sum(f.c for f in figs) / len(figs) if figs else 0.0


def inside_perimeter(state: SkirmishState, fig: Figure) -> bool:
    shape = geo.ground(state).area(state.scenario.perimeter) if state.scenario.perimeter else None
    return shape is not None and geo.within(shape, fig.pos)


def standard_helps(state: SkirmishState, figs: Sequence[Figure]) -> Figure | None:
    """An unsuppressed standard of their company with half its figures or more within 40 cm."""
    t = state.tables.morale
    companies = {f.company for f in figs}
    for s in state.figures.values():
        if s.status != OK or not is_standard(state, s) or s.company not in companies or s.side != figs[0].side:
            continue
        company = [f for f in state.figures.values() if f.company == s.company and f.on_table]
        near = [f for f in company if geo.gap(state.tables, f, s) <= t.standard_radius or f.id == s.id]
        if company and len(near) / len(company) >= t.standard_share:
            return s
    return None


def morale_test(state: SkirmishState, figs: Sequence[Figure], attackers: Sequence[Figure], dice: Dice) -> tuple[bool, list[Said]]:
    """d6 below C (the group's average C, rounded down: ruling S19). A failed test is rolled again:
    once for a higher average C than the attackers' or a fortified position, or for Guard/Elite;
    once more for a Standard (even a die re-rolled already); in Scenario 4 once more again when
    most defenders are inside the perimeter (ruling S16)."""
    side = figs[0].side
    c = int(average_c(figs))
    die = state.tables.morale.die
    (face,) = dice.roll(f"morale {figs[0].id}", die, side)
    lines: list[Said] = [Msg("morale test of {figures}: d6 {face} < {c}?", figures=", ".join(f.id for f in figs), face=face, c=c)]
    if face < c:
        return True, lines + [Msg("holds")]
    fortified = any(f.inside for f in figs) or any(inside_perimeter(state, f) for f in figs)
    rerolls: list[Msg] = []  # each shown as the reason in the report, and (in English) in the roll's purpose
    if average_c(figs) > average_c(attackers) or fortified:
        rerolls.append(Msg("higher C") if average_c(figs) > average_c(attackers) else Msg("fortified position"))
    elif all(f.has("guard") for f in figs if not f.role):
        rerolls.append(Msg("Guard/Elite"))
    flag = standard_helps(state, figs)
    if flag is not None:
        rerolls.append(Msg("standard {figure}", figure=flag.id))
    if state.scenario.perimeter and side == state.scenario.defender:
        own = [f for f in state.figures.values() if f.side == side and f.on_table]
        if own and sum(1 for f in own if inside_perimeter(state, f)) * 2 > len(own):
            rerolls.append(Msg("most defenders inside the perimeter (Scenario 4)"))
    for why in rerolls:
        (face,) = dice.roll(f"morale again {figs[0].id} ({why})", die, side)
        lines.append(Msg("rolls again ({why}): {face}", why=why, face=face))
        if face < c:
            return True, lines + [Msg("holds")]
    return False, lines + [Msg("fails")]


def charge(state: SkirmishState, side: str, unit: str, target: str, paths: Sequence[FigurePath], dice: Dice,
           evade: bool = False) -> Outcome:
    """The first charge move of an activation: the charged evade (if they may and chose to) or,
    charged by a group as numerous, test morale and flee if they fail; then the chargers move.
    The charged figures standing in contact are fought with a melee post (fights)."""
    a = state.activation
    assert a is not None
    lines: list[Said] = []
    first = not a.target
    if first:
        state = msgspec.structs.replace(state, activation=msgspec.structs.replace(a, target=target))
        figs = defenders(state, target)
        chargers = [state.figures[f] for f in a.figures if state.figures[f].status == OK]
        option = may_evade(state, target)
        if option == "must" or (option == "may" and evade):
            out = flee(state, figs, chargers, dice, suppress=False, why="evade")
            state, lines = out.state, lines + list(out.lines)
        else:
            g = group_of(state, target)
            if g is not None and g.order == "loose":
                state = msgspec.structs.replace(state, groups={**state.groups, g.id: msgspec.structs.replace(g, order="close")})
                lines.append(Msg("{group} closes ranks to meet the charge", group=g.id))
            if by_group(state, unit, target):
                held, said = morale_test(state, figs, chargers, dice)
                lines += said
                if not held:
                    out = flee(state, figs, chargers, dice, suppress=True, why="flee")
                    state, lines = out.state, lines + list(out.lines)
    moved = movement.move(state, unit, [p for p in paths if state.figures[p.figure].status == OK], None)
    state = msgspec.structs.replace(moved.state, charging=True)
    return Outcome(state=state, lines=tuple(lines) + moved.lines)


# -- the fights --------------------------------------------------------------------------------

def in_melee_reach(state: SkirmishState, a: Figure, d: Figure) -> bool:
    """In base contact; or, for a group in close or loose order, within 8 cm of the enemy. Single
    figures and Skirmishers fight only where the attackers reached them (§Attack by a group)."""
    t = state.tables
    if geo.in_contact(t, a, d):
        return True
    g = group_of(state, d.id)
    if g is None or all(state.figures[m].has("skirmishers") for m in g.members if m != g.leader):
        return False
    return geo.gap(t, a, d) <= t.melee.join


def validate_melee(state: SkirmishState, side: str, action: Melee) -> list[Violation]:
    """A melee follows a charge: the figures of the unit that has just charged fight those they
    reached (ruling S24)."""
    if state.phase != "activation" or state.commands[state.active].side != side:
        return [violation("turn/not-yours", Msg('the side acting fights the melees its charges bring'))]
    if not (state.charging and state.moving):
        return [violation("melee/no-charge", Msg('a melee follows a charge: charge first'))]
    chargers = {f.id for f in figures_of(state, state.moving)}
    stray = next((a for fight in action.fights for a in fight.attackers if a not in chargers), None)
    if stray is not None:
        return [violation("melee/no-charge", Msg('{stray} has not charged: the figures of {moving} attack', stray=stray, moving=state.moving))]
    return check_fights(state, side, action.fights)


def resolve_melee(state: SkirmishState, side: str, action: Melee, dice: Dice) -> Outcome:
    return fight_all(state, side, action.fights, dice)


def check_fights(state: SkirmishState, side: str, fights: Sequence[Fight]) -> list[Violation]:
    if not fights:
        return [violation("melee/none", Msg('name at least one fight'))]
    seen: set[str] = set()
    for fight in fights:
        sizes = sorted((len(fight.attackers), len(fight.defenders)))
        if sizes not in ([1, 1], [1, 2]):
            return [violation("melee/size", Msg('a fight is one against one or one against two'))]
        for fid in (*fight.attackers, *fight.defenders):
            f = state.figures.get(fid)
            if f is None or not f.on_table:
                return [violation("melee/unknown", Msg('{figure} is not a figure on the table', figure=fid))]
            if fid in seen:
                return [violation("melee/twice", Msg('{figure} fights once in a melee (ruling S24)', figure=fid))]
            seen.add(fid)
        if any(state.figures[f].side != side for f in fight.attackers) or any(state.figures[f].side == side for f in fight.defenders):
            return [violation("melee/sides", Msg("attackers are yours, defenders the enemy's"))]
        for d in fight.defenders:
            if not any(in_melee_reach(state, state.figures[x], state.figures[d]) for x in fight.attackers):
                return [violation("melee/contact", Msg("{figure} is not in base contact with its opponent (nor a group's figure within 8 cm of it)", figure=d))]
        for x in fight.attackers:
            if not any(geo.in_contact(state.tables, state.figures[x], state.figures[d]) or
                       in_melee_reach(state, state.figures[x], state.figures[d]) for d in fight.defenders):
                return [violation("melee/contact", Msg('{figure} is not in base contact with its opponent', figure=x))]
    return []


def near_pike(state: SkirmishState, fig: Figure) -> bool:
    return fig.has("pike") or any(f.has("pike") and f.side == fig.side and f.on_table and geo.in_contact(state.tables, f, fig)
                                  for f in state.figures.values())


def dice_for(state: SkirmishState, main: Figure, pair: bool, attacking: bool, foe: Figure) -> tuple[int, list[Msg]]:
    """3d6; +1d6 for a second fighter; -1d6 suppressed; a rider +1d6, +2d6 charging (not both:
    ruling S20) unless its horse is hit or a pike stands against it; Impulsive +1d6 charging
    (not foot against cavalry)."""
    m = state.tables.melee
    n, notes = m.dice, list[Msg]()
    if pair:
        n += m.pair_extra
        notes.append(Msg("+1 pair"))
    if main.status == SUPPRESSED:
        n += m.suppressed
        notes.append(Msg("-1 suppressed"))
    if main.arm == "horse" and not main.horse_hit:
        if attacking and near_pike(state, foe):
            notes.append(Msg("pike: no cavalry dice"))
        else:
            n += m.cavalry_charge if attacking else m.cavalry
            notes.append(Msg("+{n} cavalry", n=m.cavalry_charge if attacking else m.cavalry))
    if attacking and main.has("impulsive") and not (main.arm == "foot" and foe.arm == "horse"):
        n += m.impulsive
        notes.append(Msg("+1 impulsive"))
    return max(1, n), notes


def melee_weapon_rerolls(state: SkirmishState, fig: Figure, attacking: bool) -> int:
    if fig.has("lance") and fig.arm == "horse":
        return state.tables.melee.lance_rerolls if attacking else 1
    if fig.has("melee-weapon") or (fig.has("bayonets") and fig.bayonet) or is_standard(state, fig):
        return 1
    return 0


def _rolls(state: SkirmishState, main: Figure, n: int, need: int, attacking: bool, foe: Figure, dice: Dice,
           label: Msg) -> tuple[list[int], list[Said]]:
    """The dice of one side of a fight; `label` names it in the report and (in English) in the rolls' purposes."""
    faces = list(dice.roll(f"melee {label}", f"{n}d6", main.side))
    lines: list[Said] = [Msg("{label}: {n}d6 {faces} (hits on {need}+)", label=label, n=n, faces=dice_text(tuple(faces)), need=need)]
    again: set[int] = set()
    if main.has("ferocious"):
        idx = [i for i, f in enumerate(faces) if f == 1 and f < need]
        if idx:
            new = dice.roll(f"melee {label}: ferocious 1s", f"{len(idx)}d6", main.side)
            for i, face in zip(idx, new):
                faces[i] = face
            again |= set(idx)
            lines.append(Msg("ferocious: the 1s again {faces}", faces=dice_text(new)))
    k = melee_weapon_rerolls(state, main, attacking)
    misses = sorted((i for i, f in enumerate(faces) if f < need and i not in again), key=lambda i: faces[i])[:k]
    if misses:
        new = dice.roll(f"melee {label}: melee weapon", f"{len(misses)}d6", main.side)
        for i, face in zip(misses, new):
            faces[i] = face
        again |= set(misses)
        lines.append(Msg("melee weapon: rolls {count} miss(es) again {faces}", count=len(misses), faces=dice_text(new)))
    if foe.has("ferocious"):
        idx = [i for i, f in enumerate(faces) if f == 6 and i not in again]
        if idx:
            new = dice.roll(f"melee {label}: 6s again for ferocious {foe.id}", f"{len(idx)}d6", main.side)
            for i, face in zip(idx, new):
                faces[i] = face
            lines.append(Msg("{figure} is ferocious: the 6s again {faces}", figure=foe.id, faces=dice_text(new)))
    return faces, lines


def resolve_fight(state: SkirmishState, fight: Fight, attacking_side: str, dice: Dice) -> Outcome:
    """Both roll; each die at or above the enemy's C hits; more hits wins and the loser dies; a lone
    fighter beating two by one kills one (lowest C first), by more both; a tie parts them 1 cm,
    unless Veterans (or Guard/Elite) win it."""
    t = state.tables
    att = [state.figures[f] for f in fight.attackers]
    dfn = [state.figures[f] for f in fight.defenders]
    if not all(f.on_table for f in (*att, *dfn)):
        return Outcome(state=state, lines=(Msg("the fight does not take place: a fighter is gone"),))
    a_main, d_main = att[0], dfn[0]
    na, a_notes = dice_for(state, a_main, len(att) == 2, True, d_main)
    nd, d_notes = dice_for(state, d_main, len(dfn) == 2, False, a_main)
    a_faces, lines = _rolls(state, a_main, na, d_main.c, True, d_main, dice, _label(fight.attackers, a_notes))
    d_faces, more = _rolls(state, d_main, nd, a_main.c, False, a_main, dice, _label(fight.defenders, d_notes))
    lines += more
    a_hits = sum(1 for f in a_faces if f >= d_main.c)
    d_hits = sum(1 for f in d_faces if f >= a_main.c)
    lines.append(Msg("hits {hits} against {against}", hits=a_hits, against=d_hits))
    if a_hits == d_hits:
        a_vet = any(f.has("veterans") or f.has("guard") for f in att)
        d_vet = any(f.has("veterans") or f.has("guard") for f in dfn)
        if a_vet != d_vet:
            a_hits, d_hits = (a_hits + 1, d_hits) if a_vet else (a_hits, d_hits + 1)
            lines.append(Msg("veterans win the tie"))
    figures = dict(state.figures)
    if a_hits == d_hits:
        for f in att:
            heading = geo.bearing(d_main.pos, f.pos)
            back = geo.point_along(f.pos, [(f.x + 100 * math.cos(math.radians(heading)), f.y + 100 * math.sin(math.radians(heading)))], t.melee.part)
            figures[f.id] = msgspec.structs.replace(f, x=back[0], y=back[1])
        lines.append(Msg("a tie: they part {cm:g} cm", cm=t.melee.part))
        return Outcome(state=msgspec.structs.replace(state, figures=figures), lines=tuple(lines))
    winners, losers = (att, dfn) if a_hits > d_hits else (dfn, att)
    margin = abs(a_hits - d_hits)
    if len(losers) == 2 and len(winners) == 1 and margin == 1:
        dead = [min(losers, key=lambda f: (f.c, losers.index(f)))]
    else:
        dead = list(losers)
    for f in dead:
        figures[f.id] = msgspec.structs.replace(f, status=OUT)
    lines.append(Msg("{winners} win(s): {dead} killed", winners="+".join(w.id for w in winners), dead=", ".join(f.id for f in dead)))
    if fight.occupy and winners is att and len(dead) == len(losers) and len(winners) == 1:  # ruling S48
        w = winners[0]
        figures[w.id] = msgspec.structs.replace(w, x=losers[0].x, y=losers[0].y)
        lines.append(Msg("{figure} takes {other}'s place", figure=w.id, other=losers[0].id))
    return Outcome(state=msgspec.structs.replace(state, figures=figures), lines=tuple(lines))


def _label(fighters: Sequence[str], notes: list[Msg]) -> Msg:
    """A side of a fight as its dice are named: `zulu-1+zulu-2 (+1 pair)`, `zulu-1 (base)`."""
    return Msg("{figures} ({notes})", figures="+".join(fighters), notes=Joined(" ", notes) if notes else Msg("base"))


def fight_all(state: SkirmishState, side: str, fights: Sequence[Fight], dice: Dice) -> Outcome:
    lines: list[Said] = []
    for fight in fights:
        out = resolve_fight(state, fight, side, dice)
        state, lines = out.state, lines + list(out.lines)
    return Outcome(state=msgspec.structs.replace(state, charging=False), lines=tuple(lines))



def validate_fix_bayonets(state: SkirmishState, side: str, action: FixBayonets) -> list[Violation]:
    """*Bayonets: troops start with them unfixed; fixing them is an action."""
    unit = action.unit
    out = actions.check_next(state, side, unit, "bayonets")
    if out:
        return out
    if not any(f.has("bayonets") and not f.bayonet and f.status == OK for f in actions.acting_figures(state, unit)):
        return [violation("melee/bayonets", Msg('{unit} has no bayonets to fix', unit=unit))]
    return []


def resolve_fix_bayonets(state: SkirmishState, side: str, action: FixBayonets, dice: Dice) -> Outcome:
    return fix_bayonets(state, action.unit)


def fix_bayonets(state: SkirmishState, unit: str) -> Outcome:
    figures = dict(state.figures)
    for f in actions.acting_figures(state, unit):
        if f.has("bayonets") and f.status == OK:
            figures[f.id] = msgspec.structs.replace(f, bayonet=True)
    return Outcome(state=actions.step(msgspec.structs.replace(state, figures=figures)), lines=(Msg("{unit} fixes bayonets", unit=unit),))

"""What a side may post now, for `adjudicator options` and random play, apart from the rules.

Every action listed has passed the phase's gate and its check. Moves are short, straight paths (a
group keeps its shape: every figure goes by the same step) toward the nearest enemy, ahead, aside
or half as far; shots are at the nearest enemies; charges go straight at the nearest ones. At set-up
a side may seal the figures of one ambush marker (sealable_orders: simulate seals them with a salt of
its own and opens them when the rules let it), then set the marker up; its figures are placed round
it when it is opened. Random play works no guns and never enters buildings: enough for whole games,
not a player.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from events.core import Action
from events import skirmish as ev
from events.skirmish import Fight, FigurePath, Placement

from . import actions, ambush, decide, forces, geometry as geo, groups, movement, shooting, suppression
from .phases import PHASES, current
from .state import OK, RESERVE, SUPPRESSED, Figure, Point, SkirmishState
from .units import enemies, figures_of
from .validate import CHECKS

NEAREST = 4  # enemies a unit considers shooting or charging
STANDING = (ev.StandingOrder(kind="fire", when="within", value=15.0), ev.StandingOrder(kind="fire", when="chargers"),
            ev.StandingOrder(kind="hits", when="auto"), ev.StandingOrder(kind="evade", when="always"),
            ev.StandingOrder(kind="evade", when="never"), ev.StandingOrder(kind="reroll", when="below", value=3.0))


def legal(s: SkirmishState, side: str, action: Action) -> bool:
    return not (PHASES.gate(s, side, action) or CHECKS[type(action)](s, side, action))


def legal_actions(s: SkirmishState, side: str) -> list[Action]:
    row = PHASES.row(s)
    if row is None:
        return []
    if side not in row.deciders(s):
        return [a for a in _reactions(s, side) if legal(s, side, a)]
    make = {"deployment": _deployment, "initiative": _initiative, "reroll": _reroll, "activation": _activation,
            "melee": _melee, "hits": _hits, "charge": _charged, "ambush": _ambush}.get(current(s))
    found = make(s, side) if make is not None else []
    return [a for a in found if legal(s, side, a)]


# -- set-up and initiative -----------------------------------------------------------------------

def sealable_orders(s: SkirmishState, side: str) -> list[tuple[str, ...]]:
    """At set-up, before a side has sealed anything or set up a marker: the figures one ambush marker
    may hide, in the sealed orders' notation (one figure id a line): up to three of its figures
    waiting off the table, or a decoy."""
    if s.phase != "deployment" or side in s.deployed or side in s.sealed.values() or \
            any(m.side == side for m in s.markers.values()):
        return []
    waiting = [f.id for f in s.figures.values() if f.side == side and f.status == RESERVE]
    sets = [tuple(waiting[:3])] if waiting else []
    return [o for o in [*sets, ("decoy",)] if not ambush.check_orders(s, side, o)]


def _deployment(s: SkirmishState, side: str) -> list[Action]:
    markers = [ev.PlaceAmbush(marker=label, at=p) for label, owner in s.sealed.items() if owner == side
               for p in _marker_spot(s, side)]
    waiting = [f for f in s.figures.values() if f.side == side and f.status == RESERVE]
    spots = _free_spots(s, side, waiting[:s.tables.deployment.per_step]) if waiting else []
    deploy = [ev.Deploy(placements=tuple(Placement(figure=f.id, at=at, facing=face) for f, (at, face) in spots))] if spots else []
    return [*markers, *deploy] if markers or deploy else [ev.EndDeployment()]


def _marker_spot(s: SkirmishState, side: str) -> list[Point]:
    """Where a marker may stand: the first place of the side's zone clear of every base, in cover if any."""
    stand_in = next(f for f in s.figures.values() if f.side == side)
    spots = [at for _, (at, _) in _free_spots(s, side, [stand_in])]
    return spots[:1]


def _ambush(s: SkirmishState, side: str) -> list[Action]:
    """The figures of the side's opened marker, round it on a ring, each clear of every base."""
    m = next((m for m in s.markers.values() if m.side == side and m.status == "opened"), None)
    if m is None:
        return []
    taken = [f.pos for f in s.figures.values() if f.on_table]
    placements = []
    for fid in m.figures:
        ring = [(round(m.x + r * math.cos(math.radians(a)), 1), round(m.y + r * math.sin(math.radians(a)), 1))
                for r in (0.0, 2.6, 4.5) for a in range(0, 360, 30)]
        at = next((p for p in ring if geo.on_table(s.terrain, p) and all(geo.centre_distance(p, q) >= 2.6 for q in taken)), None)
        if at is None:
            return []
        taken.append(at)
        placements.append(Placement(figure=fid, at=at))
    return [ev.RevealAmbush(marker=m.id, placements=tuple(placements))]


def _free_spots(s: SkirmishState, side: str, figs: list[Figure]) -> list[tuple[Figure, tuple[Point, float]]]:
    """Places in the side's zone, on a 5 cm grid, nearest its figures already set up, clear of every base."""
    own = [f for f in s.figures.values() if f.side == side and f.on_table]
    taken = [f.pos for f in s.figures.values() if f.on_table]
    centre = (sum(f.x for f in own) / len(own), sum(f.y for f in own) / len(own)) if own else \
        (s.terrain.width / 2, s.terrain.height / 2)
    grid = [(x + 2.5, y + 2.5) for x in range(0, int(s.terrain.width) - 2, 5) for y in range(0, int(s.terrain.height) - 2, 5)]
    grid.sort(key=lambda p: (geo.centre_distance(p, centre), p))
    foes = [f for f in s.figures.values() if f.side != side and f.on_table]
    out: list[tuple[Figure, tuple[Point, float]]] = []
    for f in figs:
        for p in grid:
            if all(geo.centre_distance(p, q) > s.tables.bases.horse + 1 for q in taken) and \
                    not forces.outside_zone(s, side, p, scouts=f.has("scouts")):
                foe = min(foes, key=lambda e: geo.centre_distance(p, e.pos), default=None)
                face = geo.bearing(p, foe.pos) if foe is not None else f.facing
                out.append((f, (p, float(round(face)))))
                taken.append(p)
                break
    return out


def _initiative(s: SkirmishState, side: str) -> list[Action]:
    orders = [o for o in STANDING if decide.key(side, o.kind, "") not in s.standing]
    return [ev.RollInitiative(), *orders]


def _reroll(s: SkirmishState, side: str) -> list[Action]:
    out: list[Action] = []
    for cid, c in s.commands.items():
        if c.side == side and c.roll and c.rerolls:
            out += [ev.Reroll(command=cid), ev.Reroll(command=cid, faces=(min(c.roll),))]
    return out


def _hits(s: SkirmishState, side: str) -> list[Action]:
    h = s.hits[0]
    members = [s.figures[m] for m in s.groups[h.group].members if s.figures[m].on_table]
    return [ev.Allocate(figures=tuple(decide.auto_hits(s, h, members)))]


def _charged(s: SkirmishState, side: str) -> list[Action]:
    c = s.charge
    assert c is not None
    return [ev.Evade(unit=c.target, evade=True), ev.Evade(unit=c.target, evade=False)]


def _melee(s: SkirmishState, side: str) -> list[Action]:
    t = s.tables
    fights, used = [], set()
    for f in figures_of(s, s.moving):
        if f.status != OK:
            continue
        foe = next((e for e in sorted(s.figures.values(), key=lambda e: (geo.gap(t, f, e), e.id))
                    if e.side != side and e.on_table and e.id not in used and geo.in_contact(t, f, e)), None)
        if foe is not None:
            used.add(foe.id)
            fights.append(Fight(attackers=(f.id,), defenders=(foe.id,)))
    return [ev.Melee(fights=tuple(fights))] if fights else []


def _reactions(s: SkirmishState, side: str) -> list[Action]:
    """Reaction fire at the enemy's last move, by the side not acting (its own post)."""
    movers = [m for m in figures_of(s, s.moving) if m.on_table] if s.moving else []
    if s.phase != "activation" or not movers or movers[0].side == side:
        return []
    out: list[Action] = []
    for unit in _units(s, side, acting=False):
        aim = decide.aim_at_move(s, unit, [m.id for m in movers], None if s.charging else 1000.0)
        if aim is not None:
            out.append(ev.React(unit=unit, target=aim[0], at=aim[1]))
    return out


# -- activations --------------------------------------------------------------------------------

def _units(s: SkirmishState, side: str, acting: bool = True) -> list[str]:
    """The side's groups that can act as one, then its figures outside them; those of the command
    acting now and not yet activated this turn (`acting`), or all of them."""
    out, covered = [], set()
    for g in s.groups.values():
        members = [s.figures[m] for m in g.members if s.figures[m].on_table]
        leader = s.figures.get(g.leader)
        if g.side != side or leader is None or leader.status != OK or groups.validate_group(s, g):
            continue
        if acting and (any(f.id in s.acted for f in members) or any(f.command != s.active for f in members)):
            continue
        out.append(g.id)
        covered |= {f.id for f in members}
    for f in s.figures.values():
        if f.side == side and f.on_table and f.id not in covered and (not acting or (f.command == s.active and f.id not in s.acted)):
            out.append(f.id)
    return out


def _activation(s: SkirmishState, side: str) -> list[Action]:
    a = s.activation
    if a is not None:
        return [*_next_actions(s, a.unit, a.declared[a.done]), ev.Skip(unit=a.unit)]
    out: list[Action] = [ev.Activate(unit=u, actions=kinds) for u in _units(s, side) for kinds in _declarations(s, u)]
    return [*out, ev.EndActivations(command=s.active)]


def _declarations(s: SkirmishState, unit: str) -> list[tuple[str, ...]]:
    figs = [f for f in figures_of(s, unit) if f.on_table]
    if unit in s.figures and figs[0].status == SUPPRESSED:
        need = suppression.actions_needed(s, figs[0])
        return [("recover",) * need, ("recover",) * need + ("move",)]
    out = [("move",), ("move", "move")]
    near = _nearest_gap(s, figs)
    armed = [f for f in figs if f.status == OK and f.loaded and s.tables.weapon(f.weapon)]
    if armed and any(not isinstance(shooting.plan(s, unit, e.id, moved=False), list) for e in _nearest_enemies(s, unit)):
        out += [("shoot",), ("aim", "shoot")]
    if armed and near <= 3 * max(s.tables.weapon(f.weapon).effective for f in armed):  # type: ignore[union-attr]
        out.append(("move", "shoot"))
    if any(not f.loaded and s.tables.weapon(f.weapon) for f in figs if f.status == OK):
        out += [("reload",), ("reload", "shoot")]
    if near <= movement.allowance(s, figs, 0, group=unit in s.groups, charge=True):
        out.append(("charge",))
    if any(f.has("bayonets") and not f.bayonet for f in figs) and near <= 30:
        out.append(("bayonets",))
    if any(f.status == SUPPRESSED for f in figs):
        out.append(("recover",))
    return out


def _nearest_gap(s: SkirmishState, figs: Iterable[Figure]) -> float:
    figs = list(figs)
    foes = enemies(s, figs[0].side) if figs else []
    return min((geo.gap(s.tables, f, e) for f in figs for e in foes), default=math.inf)


def _next_actions(s: SkirmishState, unit: str, kind: str) -> list[Action]:
    if kind == "move":
        return _moves(s, unit)
    if kind == "charge":
        return _charges(s, unit)
    if kind == "shoot":
        return [ev.Shoot(unit=unit, target=e.id) for e in _nearest_enemies(s, unit)]
    simple = {"aim": ev.Aim, "reload": ev.Reload, "recover": ev.Recover, "bayonets": ev.FixBayonets}
    return [simple[kind](unit=unit)] if kind in simple else []


def _nearest_enemies(s: SkirmishState, unit: str) -> list[Figure]:
    figs = [f for f in actions.acting_figures(s, unit) if f.status == OK]
    if not figs:
        return []
    foes = enemies(s, figs[0].side)
    return sorted(foes, key=lambda e: (min(geo.gap(s.tables, f, e) for f in figs), e.id))[:NEAREST]


def _step(figs: list[Figure], v: Point) -> tuple[FigurePath, ...]:
    """Every figure by the same step (rounded to the mm, so that the figures keep their spacing)."""
    dx, dy = round(v[0], 1), round(v[1], 1)
    return tuple(FigurePath(figure=f.id, points=((round(f.x + dx, 2), round(f.y + dy, 2)),)) for f in figs)


def _moves(s: SkirmishState, unit: str) -> list[Action]:
    """Steps toward the nearest enemy, ahead and half-left and half-right of the facing, at the
    whole allowance and half of it; and a turn on the spot to face the nearest enemy."""
    figs = [f for f in actions.acting_figures(s, unit) if f.status == OK or (f.status == SUPPRESSED and f.has("fanatics"))]
    if not figs:
        return []
    group = s.groups.get(unit)
    reach = movement.allowance(s, figs, actions.moves_before(s), group=group is not None,
                               column=bool(group and group.formation == "column"))
    foes = _nearest_enemies(s, unit)
    facing = group.facing if group is not None else figs[0].facing
    centre = (sum(f.x for f in figs) / len(figs), sum(f.y for f in figs) / len(figs))
    toward = geo.bearing(centre, foes[0].pos) if foes else facing
    out: list[Action] = []
    for heading in dict.fromkeys((round(toward), round(facing), round(facing + 40) % 360, round(facing - 40) % 360)):
        for share in (0.9, 0.45):
            d = reach * share
            v = (d * math.cos(math.radians(heading)), d * math.sin(math.radians(heading)))
            out.append(ev.Move(unit=unit, paths=_step(figs, v)))
    if foes and not (group is not None and group.formation):
        out.append(ev.Move(unit=unit, facing=float(round(toward))))
    return out


def _charges(s: SkirmishState, unit: str) -> list[Action]:
    """Straight at each of the nearest enemies: the whole unit by the step that brings its nearest
    figure into contact (or as far as the charge goes), or that figure alone."""
    figs = [f for f in actions.acting_figures(s, unit) if f.status == OK]
    group = s.groups.get(unit)
    reach = movement.allowance(s, figs, actions.moves_before(s), group=group is not None, charge=True) if figs else 0.0
    out: list[Action] = []
    for foe in _nearest_enemies(s, unit)[:2]:
        lead = min(figs, key=lambda f: (geo.gap(s.tables, f, foe), f.id))
        gap = geo.gap(s.tables, lead, foe)
        d = min(reach, gap - 0.2) * 0.999
        if d <= 0:
            continue
        heading = geo.bearing(lead.pos, foe.pos)
        v = (d * math.cos(math.radians(heading)), d * math.sin(math.radians(heading)))
        closing = [f for f in figs if geo.centre_distance((f.x + v[0], f.y + v[1]), foe.pos) < geo.centre_distance(f.pos, foe.pos)]
        out.append(ev.Charge(unit=unit, target=foe.id, paths=_step(closing, v)))
        if len(closing) > 1:
            out.append(ev.Charge(unit=unit, target=foe.id, paths=_step([lead], v)))
    return out

# What ends or declines (scripted play takes it when nothing else is left, or at times)
RESTS = (ev.Skip, ev.EndActivations)

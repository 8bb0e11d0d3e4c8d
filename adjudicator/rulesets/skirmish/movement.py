"""Moves: allowances, difficult ground, obstacles, going backwards, posted paths.

seed 001 §Movement; §Crossing obstacles; §Close and loose order (Fast mob); §Groups and formations
(march column); §Special rules: Familiar territory, Fanatics; §Ambushes (a marker moves as a
rank-and-file fighter); §Light cannon (manhandled 1d6 cm a crewman).
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec
from shapely import LineString

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.skirmish import FigurePath, Move

from . import actions, geometry as geo
from .groups import validate_group
from .results import Msg, Outcome, Said, dice_text
from .codes import violation
from .state import SUPPRESSED, OK, Figure, Line, Point, SkirmishState
from .units import enemies, nearest


def allowance(state: SkirmishState, figs: Sequence[Figure], index: int, *, group: bool, charge: bool = False,
              road: bool = False, column: bool = False) -> float:
    """The cm of the `index`-th move (0 = first) of an activation (§Movement's table)."""
    m = state.tables.movement
    arms = {f.arm for f in figs}
    if "wagon" in arms:
        pair = m.wagon_road if road else m.wagon
    elif "horse" in arms:
        pair = m.cavalry
    elif not group:
        pair = m.single
    elif _fast_mob(figs):
        pair = m.fast_mob
    elif charge or road or column:
        pair = m.group_fast
    else:
        pair = m.group
    return pair[0] if index == 0 else pair[1]


def _fast_mob(figs: Sequence[Figure]) -> bool:
    """A Fast mob (and Fanatics in a group) moves 12 cm each move (§Close and loose order)."""
    rank = [f for f in figs if not f.role]
    return bool(rank) and all(f.has("fast-mob") or f.has("fanatics") for f in rank)


def _path_checks(state: SkirmishState, g: geo.Ground, fig: Figure, points: Sequence[Point], limit: float,
                 facing: float | None, crossing_allowed: bool) -> tuple[list[Violation], bool]:
    """One figure's path: length against the allowance (difficult ground counted double), going
    backwards, impassable ground, buildings, obstacles. Returns the violations and whether it
    crossed an obstacle."""
    t = state.tables
    start = fig.pos
    if fig.inside and points:
        return [violation("move/in-building", Msg('{figure} is inside {inside}: leave it first (1 AP)', figure=fig.id, inside=fig.inside))], False
    if not points:
        return [], False
    if not all(geo.on_table(state.terrain, p) for p in points):
        return [violation("move/off-table", Msg("{figure}'s path leaves the table", figure=fig.id))], False
    open_ground = g.clear((start, *points), pad=geo.diameter(t, fig) / 2)  # no shape need be asked
    path = None if open_ground else geo.path_line(start, points)
    cost = geo.length(start, points) if path is None else geo.move_cost(g, path, familiar=fig.has("familiar-territory"))
    if cost > limit + 1e-6:
        return [violation("move/too-far", Msg('{figure}: the path uses {cost:.1f} cm of a {limit:g} cm move (difficult ground counts double)', figure=fig.id, cost=cost, limit=limit))], False
    back = geo.backwards(start, points, facing) if facing is not None else 0.0
    if back > t.movement.backward + 1e-6:
        return [violation("move/backwards", Msg('{figure} goes {back:.1f} cm backwards: at most {backward:g}', figure=fig.id, back=back, backward=t.movement.backward))], False
    if path is None:
        return [], False
    if geo.through_impassable(g, path):
        return [violation("move/impassable", Msg("{figure}'s path enters impassable ground", figure=fig.id))], False
    for area, shape in g.where(sight="block"):
        if shape.intersects(path) and path.intersection(shape).length > 1e-6:
            return [violation("move/building", Msg('{figure} cannot walk into {area}: enter it (1 AP)', figure=fig.id, area=area.id))], False
    lines = geo.crossed(g, path)
    wall = _perimeter(state, g, fig, path)
    if isinstance(wall, list):
        return wall, False
    if wall is not None:
        lines.append(wall)
    if not lines:
        return [], False
    if fig.arm == "horse":
        high = [l for l in lines if l.level > 1]
        if high:
            return [violation("move/obstacle-high", Msg('{high} is too high for cavalry (level {level})', high=high[0].id, level=high[0].level))], False
        return [], False
    if fig.arm == "wagon":
        return [violation("move/obstacle", Msg('{figure} cannot cross {line}', figure=fig.id, line=lines[0].id))], False
    if not crossing_allowed:
        return [violation("move/obstacle", Msg('{figure} must spend a whole move to cross {line}', figure=fig.id, line=lines[0].id))], False
    if len(lines) > 1:
        return [violation("move/obstacle", Msg('{figure} crosses {count} obstacles in one move', figure=fig.id, count=len(lines)))], False
    l = geo.line(lines[0])
    near = t.bases.contact + geo.diameter(t, fig) / 2
    if geo.to_point(l, start) > near + 1e-6:
        return [violation("move/obstacle-contact", Msg('{figure} must start the move in contact with {line}', figure=fig.id, line=lines[0].id))], False
    if geo.to_point(l, points[-1]) > near + 1e-6:
        return [violation("move/obstacle-whole", Msg('crossing {line} takes the whole move: {figure} ends in contact on the far side (ruling S5)', line=lines[0].id, figure=fig.id))], False
    return [], True


def _perimeter(state: SkirmishState, g: geo.Ground, fig: Figure, path: LineString) -> Line | list[Violation] | None:
    """Scenario 4: for the attacker the position's perimeter is an obstacle (level 1, ruling S42),
    not to be crossed where a defender stands within 10 cm of the crossing point."""
    sc = state.scenario
    shape = g.area(sc.perimeter) if sc.perimeter and fig.side != sc.defender else None
    if shape is None:
        return None
    ring = shape.exterior
    if not path.crosses(ring):
        return None
    where = path.intersection(ring)
    reach = state.tables.assault.guard
    for d in state.figures.values():
        if d.side == sc.defender and d.on_table and geo.to_point(where, d.pos) - geo.diameter(state.tables, d) / 2 <= reach:
            return [violation("move/perimeter", Msg('{figure} guards the perimeter within {reach:g} cm of where {figure2} would cross: win the melee or drive the defenders off first', figure=d.id, reach=reach, figure2=fig.id))]
    return Line(id=sc.perimeter, kind="fort", points=tuple((float(x), float(y)) for x, y in ring.coords), level=1)


def validate_move(state: SkirmishState, side: str, action: Move) -> list[Violation]:
    return check_move(state, side, action.unit, action.paths, action.facing)


def resolve_move(state: SkirmishState, side: str, action: Move, dice: Dice) -> Outcome:
    return move(state, action.unit, action.paths, action.facing, dice)


def check_move(state: SkirmishState, side: str, unit: str, paths: Sequence[FigurePath], facing: float | None,
               *, kind: str = "move") -> list[Violation]:
    """The paths of a move (or of a charge, `kind`) against its allowance and the ground."""
    out = actions.check_next(state, side, unit, kind)
    if out:
        return out
    if unit in state.guns:
        return _validate_gun_move(state, unit, paths)
    if unit in state.markers:
        return _validate_marker_move(state, unit, paths)
    a = state.activation
    assert a is not None
    g = geo.ground(state)
    figs = [state.figures[f] for f in a.figures]
    by_id = {f.id: f for f in figs}
    if any(p.figure not in by_id for p in paths):
        return [violation("move/not-acting", Msg('only the figures of {unit} move in its activation', unit=unit))]
    if len({p.figure for p in paths}) != len(paths):
        return [violation("move/twice", Msg('one path a figure'))]
    group = state.groups.get(unit)
    index = actions.moves_before(state)
    road = any(p.points for p in paths) and all(geo.along_road(g, by_id[p.figure].pos, p.points)
                                                for p in paths if p.points)
    limit = allowance(state, [f for f in figs if f.status == OK] or figs, index, group=group is not None,
                      charge=kind == "charge", road=road, column=bool(group and group.formation == "column"))
    moved: dict[str, Figure] = {}
    for p in paths:
        fig = by_id[p.figure]
        if fig.status == SUPPRESSED and not (fig.has("fanatics") and group is None):
            continue  # a suppressed figure of a group stays where it is
        out, _ = _path_checks(state, g, fig, p.points, limit, fig.facing if group is None else group.facing, True)
        if out:
            return out
        if p.points:
            moved[fig.id] = msgspec.structs.replace(fig, x=p.points[-1][0], y=p.points[-1][1])
    if any(by_id[p.figure].status == SUPPRESSED and p.points and not by_id[p.figure].has("fanatics") for p in paths):
        return [violation("move/suppressed", Msg('a suppressed figure does not move'))]
    out = _clear_of_bases(state, side, list(moved.values()), kind)
    if out:
        return out
    if group is not None and kind == "move":
        after = state.figures | moved
        new_facing = facing if facing is not None else group.facing
        turned = msgspec.structs.replace(group, facing=new_facing)
        out = validate_group(msgspec.structs.replace(state, figures=after), turned)
        if out:
            return out
    for p in paths:
        fig = by_id[p.figure]
        if fig.status == SUPPRESSED and fig.has("fanatics") and p.points:
            foe = nearest(state, fig, enemies(state, side))
            if foe is None or geo.gap(state.tables, moved[fig.id], foe) >= geo.gap(state.tables, fig, foe):
                return [violation("move/fanatics", Msg('{figure} sheds suppression only by a move towards the nearest enemy', figure=fig.id))]
    return []


def _clear_of_bases(state: SkirmishState, side: str, moved: list[Figure], kind: str) -> list[Violation]:
    """Where they end, the moved figures stand on no other base, and a move (not a charge) touches
    no enemy. Only the figures standing near where they end are measured."""
    if not moved:
        return []
    t = state.tables
    pad = 2 * t.bases.wagon + t.bases.contact
    x0, x1 = min(f.x for f in moved) - pad, max(f.x for f in moved) + pad
    y0, y1 = min(f.y for f in moved) - pad, max(f.y for f in moved) + pad
    ids = {f.id for f in moved}
    near = [o for o in state.figures.values() if x0 <= o.x <= x1 and y0 <= o.y <= y1 and o.on_table and o.id not in ids]
    for f in moved:
        others = [*near, *(m for m in moved if m.id != f.id)]
        gaps = geo.gaps(t, f, others)
        if kind == "move" and any(gp <= t.bases.contact for o, gp in zip(others, gaps) if o.side != side):
            return [violation("move/contact", Msg('{figure} would touch an enemy: only a charge goes into contact', figure=f.id))]
        if any(gp < -1e-6 for gp in gaps):
            return [violation("move/overlap", Msg("{figure} would stand on another figure's base", figure=f.id))]
    return []


def move(state: SkirmishState, unit: str, paths: Sequence[FigurePath], facing: float | None,
         dice: Dice | None = None) -> Outcome:
    if unit in state.guns:
        if dice is None:
            raise ValueError("a manhandled gun rolls for its distance")
        return _apply_gun_move(state, unit, paths, dice)
    if unit in state.markers:
        m = state.markers[unit]
        end = paths[0].points[-1] if paths and paths[0].points else m.pos
        markers = {**state.markers, unit: msgspec.structs.replace(m, x=end[0], y=end[1])}
        return Outcome(state=actions.step(msgspec.structs.replace(state, markers=markers), moving=unit),
                       lines=(Msg("marker {marker} moves to ({x:.1f}, {y:.1f})", marker=unit, x=end[0], y=end[1]),))
    figures = dict(state.figures)
    crossed = False
    lines: list[Said] = []
    g = geo.ground(state)
    group = state.groups.get(unit)
    for p in paths:
        fig = figures[p.figure]
        if not p.points:
            continue
        crossed = crossed or (not g.clear((fig.pos, *p.points)) and bool(geo.crossed(g, geo.path_line(fig.pos, p.points))))
        heading = facing if facing is not None and group is None else geo.heading_of(fig.pos, p.points, fig.facing)
        if geo.backwards(fig.pos, p.points, fig.facing) > 0 and facing is None:
            heading = fig.facing
        status = fig.status
        if status == SUPPRESSED and fig.has("fanatics"):
            status = OK
            lines.append(Msg("{figure} (Fanatics) shakes off suppression by closing on the enemy", figure=fig.id))
        end = p.points[-1]
        figures[fig.id] = msgspec.structs.replace(fig, x=end[0], y=end[1], facing=heading, status=status)
        lines.append(Msg("{figure} moves {cm:.1f} cm to ({x:.1f}, {y:.1f})", figure=fig.id, cm=geo.length(fig.pos, p.points),
                         x=end[0], y=end[1]))
    if not paths and facing is not None and unit in figures:
        figures[unit] = msgspec.structs.replace(figures[unit], facing=facing)
        lines.append(Msg("{unit} turns to face {facing:g}°", unit=unit, facing=facing))
    groups = state.groups
    if group is not None and facing is not None:
        groups = {**groups, unit: msgspec.structs.replace(group, facing=facing)}
    a = state.activation
    if a is not None and crossed:
        # §Crossing obstacles: a unit whose moves included a crossing did not run
        state = msgspec.structs.replace(state, activation=msgspec.structs.replace(a, crossed=True),
                                        ran=tuple(f for f in state.ran if f not in a.figures))
    moved = {p.figure: (state.figures[p.figure].pos, *p.points) for p in paths if p.points}
    state = msgspec.structs.replace(state, figures=figures, groups=groups, paths={**state.paths, **moved})
    return Outcome(state=actions.step(state, moving=unit), lines=tuple(lines))


def _validate_marker_move(state: SkirmishState, unit: str, paths: Sequence[FigurePath]) -> list[Violation]:
    m = state.markers[unit]
    if len(paths) != 1 or paths[0].figure != unit:
        return [violation("move/marker", Msg('a marker moves along one path of its own'))]
    stand_in = Figure(id=unit, side=m.side, command=m.command, company="", kind="marker", x=m.x, y=m.y, av=m.av)
    limit = allowance(state, [stand_in], actions.moves_before(state), group=False)
    out, _ = _path_checks(state, geo.ground(state), stand_in, paths[0].points, limit, None, True)
    return out


def _validate_gun_move(state: SkirmishState, unit: str, paths: Sequence[FigurePath]) -> list[Violation]:
    if len(paths) != 1 or paths[0].figure != unit:
        return [violation("move/gun", Msg('a manhandled gun moves along one path of its own'))]
    g = state.guns[unit]
    crew = actions.crew_of(state, unit)
    most = 6 * len(crew)
    stand_in = Figure(id=unit, side=g.side, command=g.command, company="", kind="gun", arm="wagon", x=g.x, y=g.y,
                      facing=g.facing)
    out, _ = _path_checks(state, geo.ground(state), stand_in, paths[0].points, most, None, False)
    return out


def _apply_gun_move(state: SkirmishState, unit: str, paths: Sequence[FigurePath], dice: Dice) -> Outcome:
    """The gun goes 1d6 cm a crewman along its path, as far as the roll takes it (difficult ground
    halves it); its crew and ammunition go with it (§Light cannon; ruling S27)."""
    g = state.guns[unit]
    crew = actions.crew_of(state, unit)
    faces = dice.roll(f"manhandle {unit}", f"{len(crew)}d6", g.side)
    rolled = float(sum(faces))
    points = paths[0].points
    # walk the path until the allowance used reaches the roll
    ground = geo.ground(state)
    lo, hi = 0.0, geo.length(g.pos, points)
    for _ in range(40):
        mid = (lo + hi) / 2
        part = _prefix(g.pos, points, mid)
        if not part or geo.move_cost(ground, geo.path_line(g.pos, part)) <= rolled:
            lo = mid
        else:
            hi = mid
    end = geo.point_along(g.pos, points, lo)
    dx, dy = end[0] - g.x, end[1] - g.y
    figures = dict(state.figures)
    for f in crew:
        figures[f.id] = msgspec.structs.replace(f, x=f.x + dx, y=f.y + dy)
    guns = {**state.guns, unit: msgspec.structs.replace(g, x=end[0], y=end[1], ammo_x=g.ammo_x + dx, ammo_y=g.ammo_y + dy)}
    state = msgspec.structs.replace(state, figures=figures, guns=guns, paths={**state.paths, unit: (g.pos, end)})
    return Outcome(state=actions.step(state, moving=unit),
                   lines=(Msg("{gun} manhandled by {crew}: {faces} = {rolled:g} cm, moves {cm:.1f} cm", gun=unit, crew=len(crew),
                              faces=dice_text(faces), rolled=rolled, cm=lo),))


def _prefix(start: Point, points: Sequence[Point], distance: float) -> list[Point]:
    """The path cut after `distance` cm."""
    out: list[Point] = []
    at, left = start, distance
    for p in points:
        leg = geo.centre_distance(at, p)
        if leg >= left:
            if leg > 0:
                k = left / leg
                out.append((at[0] + (p[0] - at[0]) * k, at[1] + (p[1] - at[1]) * k))
            return out
        out.append(p)
        left -= leg
        at = p
    return out


"""Who sees whom: arcs, lines of sight through terrain and figures, woods and buildings.

seed 001 §Shooting (180° for a single figure, 90° for a group from the figure nearest the target;
no shooting through enemies or friends); §Visibility and spotting (woods 5 cm / 15 cm, hidden in
a building 30 cm); spotting is automatic, costs no AP (ambush markers aside: ambush.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import geometry as geo
from .results import Msg, Said
from .state import Figure, Point, SkirmishState


def in_arc(state: SkirmishState, viewer: Figure, target: Figure, arc_deg: float, facing: float | None = None) -> bool:
    return geo.in_arc(viewer.pos, viewer.facing if facing is None else facing, arc_deg, target.pos,
                      geo.diameter(state.tables, target))


def group_in_arc(state: SkirmishState, figs: Sequence[Figure], facing: float, target: Figure) -> bool:
    """A group sees in a 90° arc from the front of its figure nearest the target (§Shooting)."""
    near = min(figs, key=lambda f: (geo.gap(state.tables, f, target), f.id))
    return geo.in_arc(near.pos, facing, state.tables.visibility.group_arc, target.pos, geo.diameter(state.tables, target))


def terrain_hides(state: SkirmishState, viewer: Figure, at: Point, target: Figure | None = None,
                  ground: geo.Ground | None = None) -> Said:
    """Why terrain hides `at` (a target's centre) from the viewer, or ""."""
    t = state.tables
    g = ground or geo.ground(state)
    gap = geo.gap(t, viewer, target) if target is not None else geo.centre_distance(viewer.pos, at)
    if target is not None and target.inside and target.hidden and gap > t.visibility.building_spot:
        return Msg("{figure} hides in {building}: seen only from {cm:g} cm", figure=target.id, building=target.inside,
                   cm=t.visibility.building_spot)
    if g.clear((viewer.pos, at)):
        return ""  # no area or obstacle near the line
    woods = geo.woods_inside(g, viewer.pos, at)
    if woods > t.visibility.woods_edge + 1e-6 and gap > t.visibility.woods_spot:
        return Msg("the line runs {woods:.1f} cm through woods: seen only within {edge:g} cm of the edge, or from {spot:g} cm",
                   woods=woods, edge=t.visibility.woods_edge, spot=t.visibility.woods_spot)
    area = geo.blocking_area(g, viewer.pos, at)
    if area is not None and not (target is not None and target.inside == area.id and not target.hidden) \
            and viewer.inside != area.id:
        return Msg("{area} ({kind}) blocks the line of sight", area=area.id, kind=area.kind)
    near = t.bases.contact + t.bases.foot
    wall = geo.blocking_wall(g, viewer.pos, at, near)
    if wall is not None:
        return Msg("{wall} (level {level}) blocks the line of sight", wall=wall.id, level=wall.level)
    return ""


def figures_in_way(state: SkirmishState, shooter: Figure, target: Figure, firing_line: Sequence[str] = ()) -> list[Figure]:
    """Figures the line of fire passes through: enemies always block, except that a rider behind a
    man on foot can be shot at; friends block unless in base contact with the shooter or firing
    in the same line (§Shooting). Suppressed figures may be ignored (§Suppressed fighters)."""
    t = state.tables
    others = [f for f in state.figures.values() if f.on_table and f.id not in (shooter.id, target.id)
              and f.status == "ok"]
    out = []
    for f in geo.through_figures(t, shooter.pos, target.pos, others):
        if f.side == shooter.side and (geo.in_contact(t, f, shooter) or f.id in firing_line):
            continue
        if f.side != shooter.side and target.arm == "horse" and f.arm == "foot":
            continue
        out.append(f)
    return out


def sees(state: SkirmishState, viewer: Figure, target: Figure, *, arc_deg: float | None = None,
         facing: float | None = None, ground: geo.Ground | None = None) -> Said:
    """Why the viewer cannot see the target, or "" when it can."""
    if not target.on_table:
        return Msg("{figure} is not on the table", figure=target.id)
    a = state.tables.visibility.single_arc if arc_deg is None else arc_deg
    if a < 360.0 and not in_arc(state, viewer, target, a, facing):
        return Msg("{figure} is outside {viewer}'s {arc:g}° arc", figure=target.id, viewer=viewer.id, arc=a)
    return terrain_hides(state, viewer, target.pos, target, ground)

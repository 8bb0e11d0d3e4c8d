"""Buildings: entering, leaving, moving inside; hidden or at the windows.

seed 001 §Movement in buildings: start the action in contact with the building; 1 AP in or out,
2 AP inside (between floors too), whatever the AV; then the figures hide (unseen) or man the
windows, doors and breaches (seen, in cover). §Visibility and spotting: the hidden are seen from 30 cm.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation
from events.skirmish import Building, FigurePath

from . import actions, geometry as geo
from .results import Msg, Outcome
from .codes import violation
from .state import OK, SkirmishState


def validate_building(state: SkirmishState, side: str, action: Building) -> list[Violation]:
    return check_building(state, side, action.unit, action.building, action.how, action.at)


def resolve_building(state: SkirmishState, side: str, action: Building, dice: Dice) -> Outcome:
    return building(state, action.unit, action.building, action.how, action.hidden, action.at)


def check_building(state: SkirmishState, side: str, unit: str, building: str, how: str,
                   at: Sequence[FigurePath]) -> list[Violation]:
    if how not in ("enter", "leave", "inside"):
        return [violation("building/how", Msg('enter, leave or inside'))]
    out = actions.check_next(state, side, unit, how)
    if out:
        return out
    area = next((a for a in state.terrain.areas if a.id == building and state.tables.kind(a.kind).sight == "block"), None)
    if area is None:
        return [violation("building/unknown", Msg('no building {building}', building=repr(building)))]
    t = state.tables
    shape = geo.polygon(area)
    figs = [f for f in actions.acting_figures(state, unit) if f.status == OK]
    ends = {p.figure: p.points[-1] for p in at if p.points}
    for f in figs:
        if how == "enter":
            if f.inside:
                return [violation("building/inside", Msg('{figure} is inside {inside} already', figure=f.id, inside=f.inside))]
            if geo.to_point(shape, f.pos) > geo.diameter(t, f) / 2 + t.bases.contact:
                return [violation("building/contact", Msg('{figure} must start in contact with {building}', figure=f.id, building=building))]
            if f.id in ends and not geo.within(shape, ends[f.id]):
                return [violation("building/place", Msg('{figure} must stand inside {building}', figure=f.id, building=building))]
        else:
            if f.inside != building:
                return [violation("building/outside", Msg('{figure} is not inside {building}', figure=f.id, building=building))]
            if how == "leave":
                end = ends.get(f.id)
                if end is None or geo.within(shape, end) or geo.to_point(shape, end) > geo.diameter(t, f) / 2 + t.bases.contact:
                    return [violation("building/place", Msg('{figure} leaves to a place in contact with {building}, outside', figure=f.id, building=building))]
            elif f.id in ends and not geo.within(shape, ends[f.id]):
                return [violation("building/place", Msg('{figure} stays inside {building}', figure=f.id, building=building))]
    return []


def building(state: SkirmishState, unit: str, building_id: str, how: str, hidden: bool,
             at: Sequence[FigurePath]) -> Outcome:
    area = next(a for a in state.terrain.areas if a.id == building_id)
    inside_point = geo.polygon(area).representative_point()
    ends = {p.figure: p.points[-1] for p in at if p.points}
    figures = dict(state.figures)
    for f in actions.acting_figures(state, unit):
        if f.status != OK:
            continue
        end = ends.get(f.id, (inside_point.x, inside_point.y) if how == "enter" else f.pos)
        if how == "leave":
            figures[f.id] = msgspec.structs.replace(f, x=end[0], y=end[1], inside="", hidden=False)
        else:
            figures[f.id] = msgspec.structs.replace(f, x=end[0], y=end[1], inside=building_id, hidden=hidden)
    where = Msg("hides") if hidden else Msg("mans the windows")
    text = {"enter": Msg("{unit} enters {building} and {where}", unit=unit, building=building_id, where=where),
            "leave": Msg("{unit} leaves {building}", unit=unit, building=building_id),
            "inside": Msg("{unit} moves inside {building} and {where}", unit=unit, building=building_id, where=where)}[how]
    return Outcome(state=actions.step(msgspec.structs.replace(state, figures=figures)), lines=(text,))

"""Building a force and deploying it: formats, mandatory leaders, extras, guns, zones.

seed 001 §Appendix I (Small 250, Medium 500, Large 1000 points; their leaders; deployment 3
figures at a time within 30 cm of one's edge, Scouts 45 cm); §Special rules (the extras and
their points); §Ambushes (2 markers a full 100 points); §Light cannon (gun, crew, rounds);
§Scenario 1 and §Scenario 4 (their deployments).

A force is plain data, as a scenario file holds it: a side with its format and companies, each
figure with `id`, `profile` (a key of [profiles]), `company` and `extras` (special rules bought
on top: outstanding, stubborn, capable, hero, lance, standard, musician, agitator, scouts...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from adjudicator.dice import Dice
from adjudicator.i18n import Joined
from adjudicator.ruleset import Violation
from events.skirmish import Deploy, EndDeployment

from . import geometry as geo
from .codes import violation
from .results import Msg, Outcome, Said, word
from .state import OK, Point, SkirmishState
from .tables import Tables

EXTRA_ROLES = {"standard": "standard", "musician": "musician", "hero": "hero"}


def figure_points(tables: Tables, fig: dict[str, Any]) -> int:
    p = tables.profile(fig.get("profile", ""))
    extra = sum(getattr(tables.special_points, e, 0) + getattr(tables.extra_points, e, 0) for e in fig.get("extras", ()))
    return (p.points if p else 0) + extra


def gun_points(tables: Tables, gun: dict[str, Any]) -> int:
    a = tables.artillery
    crew = a.crew.get(gun.get("crew_class", "trained"))
    return (a.light_points + len(gun.get("crew", ())) * (crew.points if crew else 0)
            + gun.get("balls", 0) * a.ball_points + gun.get("canister", 0) * a.canister_points)


def points(tables: Tables, side: dict[str, Any]) -> int:
    return (sum(figure_points(tables, f) for f in side.get("figures", ()))
            + sum(gun_points(tables, g) for g in side.get("guns", ())))


def role_of(tables: Tables, fig: dict[str, Any]) -> str:
    for e in fig.get("extras", ()):
        if e in EXTRA_ROLES:
            return EXTRA_ROLES[e]
        if e == "senior-officer":
            return "senior-officer"
    p = tables.profile(fig.get("profile", ""))
    return fig.get("role", "") or (p.role if p else "")


def validate_force(tables: Tables, side: dict[str, Any]) -> list[Violation]:
    """The force rules of the side's format; every problem, not only the first."""
    sid = side.get("id", "?")
    fmt_name = side.get("format", "small")
    fmt = tables.formats.get(fmt_name)
    if fmt is None:
        return [violation("force/format", Msg('{side}: no format {fmt_name} (small, medium or large)', side=sid, fmt_name=repr(fmt_name)))]
    figs = list(side.get("figures", ()))
    ids = [f.get("id", "") for f in figs]
    out: list[Violation] = []
    if len(set(ids)) != len(ids) or not all(ids):
        out.append(violation("force/ids", Msg('{side}: every figure has its own id', side=sid)))
    out += _figure_problems(tables, sid, figs)
    total = points(tables, side)
    if total > fmt.points:
        out.append(violation("force/points", Msg('{side}: {total} points, the {fmt_name} format allows {points}', side=sid, total=total, fmt_name=fmt_name, points=fmt.points)))
    out += _company_problems(tables, side, fmt_name, fmt.core or 0)
    seniors = sum(1 for f in figs if role_of(tables, f) == "senior-officer")
    if fmt_name == "large" and seniors != 1:
        out.append(violation("force/commander", Msg('{side}: the Large format needs one Senior Officer as commander, it has {seniors}', side=sid, seniors=seniors)))
    if fmt_name != "large" and seniors:
        out.append(violation("force/senior", Msg('{side}: a Senior Officer only in the Large format', side=sid)))
    heroes = sum(1 for f in figs if "hero" in f.get("extras", ()))
    if heroes > 1:
        out.append(violation("force/hero", Msg('{side}: one Hero in an army', side=sid)))
    return out + validate_guns(tables, sid, list(side.get("guns", ())), set(ids))


def _figure_problems(tables: Tables, sid: str, figs: list[dict[str, Any]]) -> list[Violation]:
    """Each figure's profile, and the extras its profile or role allows."""
    out = []
    for f in figs:
        p = tables.profile(f.get("profile", ""))
        if p is None:
            out.append(violation("force/profile", Msg('{side}: {figure}: no profile {profile}', side=sid, figure=f.get('id'), profile=repr(f.get('profile')))))
            continue
        for e in f.get("extras", ()):
            if e == "lance" and p.arm != "horse":
                out.append(violation("force/lance", Msg('{figure}: a lance is for riders only', figure=f['id'])))
            if e == "outstanding" and role_of(tables, f) not in ("officer", "chief"):
                out.append(violation("force/outstanding", Msg('{figure}: only an Officer is Outstanding', figure=f['id'])))
            if e in ("stubborn", "capable") and role_of(tables, f) != "senior-officer":
                out.append(violation("force/senior-extra", Msg("{figure}: {extra} is a Senior Officer's", figure=f['id'], extra=e)))
    return out


def _company_problems(tables: Tables, side: dict[str, Any], fmt_name: str, core_least: int) -> list[Violation]:
    """The leaders every company must or may have, and the Medium format's core company."""
    sid = side.get("id", "?")
    companies: dict[str, list[dict[str, Any]]] = {}
    for f in side.get("figures", ()):
        companies.setdefault(f.get("company", "main"), []).append(f)
    core = side.get("core", next(iter(companies), "main"))
    roles = {c: [role_of(tables, f) for f in members] for c, members in companies.items()}
    out = []
    if fmt_name == "small" and len(companies) > 1:
        out.append(violation("force/companies", Msg('{side}: the Small format is one company', side=sid)))
    for c, rs in roles.items():
        sergeants = rs.count("sergeant")
        must = fmt_name != "medium" or c == core
        if must and sergeants != 1:
            out.append(violation("force/sergeant", Msg('{side}: company {c} must have one Sergeant, it has {sergeants}', side=sid, c=c, sergeants=sergeants)))
        if not must and sergeants > 1:
            out.append(violation("force/sergeants", Msg('{side}: company {c} takes one Sergeant at most', side=sid, c=c)))
        officers = rs.count("officer") + rs.count("chief")
        if officers > 1:
            out.append(violation("force/officers", Msg('{side}: company {c} has {officers} Officers; one at most', side=sid, c=c, officers=officers)))
        agitators = sum(1 for f in companies[c] if "agitator" in f.get("extras", ()) or "agitator" in _rules(tables, f))
        if agitators > 1:
            out.append(violation("force/agitators", Msg('{side}: company {c} has {agitators} Agitators; one at most', side=sid, c=c, agitators=agitators)))
    if fmt_name == "medium":
        core_roles = roles.get(core, [])
        if "officer" not in core_roles and "chief" not in core_roles:
            out.append(violation("force/officer", Msg('{side}: the Medium format requires an Officer', side=sid)))
        core_points = sum(figure_points(tables, f) for f in companies.get(core, ()))
        if core_points < core_least:
            out.append(violation("force/core", Msg('{side}: {core_points} points on the main company; at least {core_least}', side=sid, core_points=core_points, core_least=core_least)))
    return out


def _rules(tables: Tables, f: dict[str, Any]) -> tuple[str, ...]:
    p = tables.profile(f.get("profile", ""))
    return p.rules if p else ()


def validate_guns(tables: Tables, sid: str, guns: Sequence[dict[str, Any]], figure_ids: set[str]) -> list[Violation]:
    a = tables.artillery
    out = []
    for g in guns:
        gid = g.get("id", "?")
        if g.get("size", "light") != "light":
            out.append(violation("force/gun-size", Msg('{group}: only light guns (the seed breaks off before medium ones)', group=gid)))
        crew = list(g.get("crew", ()))
        if not a.crew_least <= len(crew) <= a.crew_most:
            out.append(violation("force/crew-size", Msg('{group}: a light gun has {crew_least} to {crew_most} crew, not {count}', group=gid, crew_least=a.crew_least, crew_most=a.crew_most, count=len(crew))))
        if g.get("crew_class", "trained") not in a.crew:
            out.append(violation("force/crew-class", Msg('{group}: crew are elite, trained or irregular', group=gid)))
        if set(crew) & figure_ids:
            out.append(violation("force/crew", Msg('{group}: crewmen are bought with the gun, not as fighters', group=gid)))
        if g.get("canister", 0) * a.balls_per_canister > g.get("balls", 0):
            out.append(violation("force/canister", Msg('{group}: at most 1 canister for every 2 balls', group=gid)))
    return out


def markers_allowed(tables: Tables, side: dict[str, Any]) -> int:
    return points(tables, side) // 100 * tables.ambush.per_hundred


# -- deployment --------------------------------------------------------------------------------

def edge_distance(state: SkirmishState, at: Point, edge: str) -> float:
    w, h = state.terrain.width, state.terrain.height
    return {"south": at[1], "north": h - at[1], "west": at[0], "east": w - at[0]}.get(edge, float("inf"))


def outside_zone(state: SkirmishState, side: str, at: Point, *, scouts: bool) -> Said:
    """Why `at` is outside the side's deployment zone, or ""."""
    t = state.tables
    if not geo.on_table(state.terrain, at):
        return Msg("off the table")
    sc = state.scenario
    if sc.perimeter:
        shape = geo.ground(state).area(sc.perimeter)
        if shape is not None and side == sc.defender:
            if geo.within(shape, at):
                return ""
            if scouts and geo.to_point(shape.exterior, at) <= t.assault.scouts:
                return ""
            return Msg("the defender deploys inside the perimeter (Scouts within 30 cm of it)")
        depth = t.assault.depth
        edges = sc.edges.get(side) or ("north", "south", "east", "west")
        if any(edge_distance(state, at, e) <= depth for e in edges):
            return ""
        return Msg("the attacker deploys within {depth:g} cm of a table edge", depth=depth)
    depth = t.deployment.scouts if scouts else t.deployment.depth
    edges = sc.edges.get(side, ())
    if not any(edge_distance(state, at, e) <= depth for e in edges):
        return Msg("more than {depth:g} cm from {side}'s edge ({edges})", depth=depth, side=side,
                   edges=Joined(", ", map(word, edges)) if edges else Msg("none"))
    for other, their in sc.edges.items():
        if other != side and any(edge_distance(state, at, e) <= t.deployment.depth for e in their):
            return Msg("inside {side}'s deployment zone too", side=other)
    return ""


def validate_deploy(state: SkirmishState, side: str, action: Deploy) -> list[Violation]:
    """Three figures at a time; a whole company at a time in the Large format."""
    large = state.scenario.formats.get(side, state.scenario.format) == "large"
    placements = action.placements
    if large:
        companies = {state.figures[p.figure].company for p in placements if p.figure in state.figures}
        if len(companies) > 1:
            return [violation("deploy/company", Msg('in the Large format a whole company is placed at a time'))]
    return check_deploy(state, side, placements, whole_company=large)


def resolve_deploy(state: SkirmishState, side: str, action: Deploy, dice: Dice) -> Outcome:
    figures = dict(state.figures)
    for p in action.placements:
        figures[p.figure] = msgspec.structs.replace(figures[p.figure], x=p.at[0], y=p.at[1], facing=p.facing, status=OK)
    return Outcome(state=msgspec.structs.replace(state, figures=figures),
                   lines=(Msg("{side} places {figures}", side=side, figures=", ".join(p.figure for p in action.placements)),))


def check_deploy(state: SkirmishState, side: str, placements: Sequence[Any], whole_company: bool = False) -> list[Violation]:
    t = state.tables
    if state.phase != "deployment":
        return [violation("deploy/late", Msg('figures are set up before the battle'))]
    if not placements:
        return [violation("deploy/none", Msg('place at least one figure'))]
    if not whole_company and len(placements) > t.deployment.per_step:
        return [violation("deploy/too-many", Msg('{per_step} figures at a time', per_step=t.deployment.per_step))]
    for p in placements:
        f = state.figures.get(p.figure)
        if f is None or f.side != side or f.status != "reserve":
            return [violation("deploy/figure", Msg('{figure} is not a figure of {side} waiting to be placed', figure=p.figure, side=side))]
        why = outside_zone(state, side, p.at, scouts=f.has("scouts"))
        if why:
            return [violation("deploy/perimeter" if state.scenario.perimeter else "deploy/zone", Msg('{figure}: {why}', figure=p.figure, why=why))]
    return []


def validate_deployment(state: SkirmishState, side: str = "") -> list[Violation]:
    """Every figure on the table stands in its side's zone (a whole set-up, as a scenario gives it),
    and in Scenario 4 the attacker comes from two directions at least; of one side, if named. The
    figures an opened ambush marker hid stand round it instead (ruling S17)."""
    out = []
    hidden = {fid for m in state.markers.values() for fid in m.figures}
    for f in state.figures.values():
        if f.on_table and side in ("", f.side) and f.id not in hidden:
            why = outside_zone(state, f.side, f.pos, scouts=f.has("scouts"))
            if why:
                out.append(violation("deploy/perimeter" if state.scenario.perimeter else "deploy/zone", Msg('{figure}: {why}', figure=f.id, why=why)))
    for g in state.guns.values():
        if side in ("", g.side) and geo.centre_distance(g.pos, (g.ammo_x, g.ammo_y)) > state.tables.artillery.ammo_radius + 1e-6:
            out.append(violation("deploy/ammo", Msg('{gun}: its ammunition marker stands within {ammo_radius:g} cm of it', gun=g.id, ammo_radius=state.tables.artillery.ammo_radius)))
    sc = state.scenario
    if sc.perimeter:
        for attacker in state.sides:
            if attacker == sc.defender or side not in ("", attacker):
                continue
            edges = {e for f in state.figures.values() if f.side == attacker and f.on_table
                     for e in ("north", "south", "east", "west")
                     if edge_distance(state, f.pos, e) <= state.tables.assault.depth}
            edges |= {e for m in state.markers.values() if m.side == attacker
                      for e in ("north", "south", "east", "west") if edge_distance(state, m.pos, e) <= state.tables.assault.depth}
            if len(edges) < state.tables.assault.directions:
                out.append(violation("deploy/directions", Msg('{attacker} must attack from two directions at least', attacker=attacker)))
    if sc.objective is not None and not side:
        for one, mine in sc.edges.items():
            for other, theirs in sc.edges.items():
                if one < other and set(mine) & set(theirs):
                    out.append(violation("deploy/edges", Msg('{one} and {other} share an edge', one=one, other=other)))
    return out


def validate_end_deployment(state: SkirmishState, side: str, action: EndDeployment) -> list[Violation]:
    """A side ends its set-up once what it has placed stands as the scenario says; the figures it
    leaves off the table are those its ambush markers hide (sealed: nobody can tell; ruling S47)."""
    if state.phase != "deployment" or side in state.deployed:
        return [violation("deploy/late", Msg('{side} has no set-up to end', side=side))]
    return validate_deployment(state, side)


def resolve_end_deployment(state: SkirmishState, side: str, action: EndDeployment, dice: Dice) -> Outcome:
    deployed = (*state.deployed, side)
    if all(s in deployed for s in state.sides):
        return Outcome(state=msgspec.structs.replace(state, deployed=deployed, phase="initiative"),
                       lines=(Msg("{side} has set up; the battle begins: turn {turn}, roll initiative", side=side, turn=state.turn),))
    return Outcome(state=msgspec.structs.replace(state, deployed=deployed), lines=(Msg("{side} has set up", side=side),))


def validate_terrain(state: SkirmishState) -> list[Violation]:
    """Scenario 4: the position's perimeter is at most 20% of the table's; terrain giving soft cover
    stands 25 cm or more from it, hard cover 40 cm or more."""
    sc, t = state.scenario, state.tables
    if not sc.perimeter:
        return []
    area = next((a for a in state.terrain.areas if a.id == sc.perimeter), None)
    if area is None:
        return [violation("scenario/perimeter", Msg('no area {perimeter} for the fortified position', perimeter=repr(sc.perimeter)))]
    out = []
    table = 2 * (state.terrain.width + state.terrain.height)
    if geo.perimeter_length(area) > t.assault.perimeter_share * table + 1e-6:
        out.append(violation("scenario/perimeter", Msg("the position's perimeter is {value:g} cm, more than {perimeter_share:.0%} of the table's {table:g}", value=geo.perimeter_length(area), perimeter_share=t.assault.perimeter_share, table=table)))
    shape = geo.polygon(area)
    for a in state.terrain.areas:
        kind = t.kind(a.kind)
        clear = {"soft": t.assault.soft_clear, "hard": t.assault.hard_clear}.get(kind.cover)
        if a.id != area.id and clear is not None and shape.distance(geo.polygon(a)) < clear:
            out.append(violation("scenario/cover-near", Msg('{area} ({cover} cover) is nearer than {clear:g} cm to the position', area=a.id, cover=kind.cover, clear=clear)))
    for l in state.terrain.lines:
        kind = t.kind(l.kind)
        clear = {"soft": t.assault.soft_clear, "hard": t.assault.hard_clear}.get(kind.cover)
        if clear is not None and shape.distance(geo.line(l)) < clear:
            out.append(violation("scenario/cover-near", Msg('{line} ({cover} cover) is nearer than {clear:g} cm to the position', line=l.id, cover=kind.cover, clear=clear)))
    return out

"""A scenario file checked before a game starts: its keys and types, then the table's own rules
(profiles, positions on the table, bases on bases, the forces' leaders, groups), every problem on
its line (see adjudicator/scenariofile.py)."""

from __future__ import annotations

import math
from typing import Any

from adjudicator.i18n import Msg, _, render, said
from adjudicator.localize import cite
from adjudicator.ruleset import Violation
from adjudicator.scenariofile import Path, Problem, Scenario, shape

from .forces import validate_force
from .tables import Tables, decode

XY = (float, float)  # cm from the table's south-west corner
FIGURE = {"id": str, "profile": str, "company?": str, "at?": XY, "facing?": float, "extras?": [str], "role?": str}
GUN = {"id": str, "company?": str, "size?": str, "at": XY, "facing?": float, "ammo?": XY, "balls?": int,
       "canister?": int, "crew?": [str], "crew_at?": [XY], "crew_class?": str}
GROUP = {"id": str, "leader": str, "members": [str], "order?": str, "formation?": str, "facing?": float}
SHAPE = {
    "title?": str, "source?": str, "name?": str, "format?": str, "turns?": int, "objective?": XY,
    "perimeter?": str, "defender?": str, "scale_15mm?": bool,
    "table": {"width": float, "height": float},
    "areas?": [{"id": str, "kind": str, "points": [XY], "level?": int}],
    "lines?": [{"id": str, "kind": str, "points": [XY], "level?": int, "width?": float}],
    "sides": [{"id": str, "name?": str, "format?": str, "core?": str, "edges?": [str], "facing?": float,
               "stubborn?": [str], "figures": [FIGURE], "guns?": [GUN], "groups?": [GROUP]}],
}
EDGES = ("north", "south", "east", "west")


def problems(sc: Scenario, tables: dict[str, Any]) -> list[Problem]:
    found = shape(sc, SHAPE)
    if found:
        return found  # the table's rules read the values these name
    try:
        t = decode(tables)
    except ValueError as e:  # the tables are checked at `new` before the scenario, and named there
        return [Problem(1, render(said(e)))]
    found += _ground(sc, t)
    ids: dict[str, int] = {}
    for s, side in enumerate(sc.data["sides"]):
        found += _side(sc, t, s, side, ids)
    found += _overlaps(sc, t)
    if not found:
        found += _groups(sc, t)
    return found


def _on_table(sc: Scenario, path: Path, xy: list[float], what: str) -> list[Problem]:
    w, h = sc.data["table"]["width"], sc.data["table"]["height"]
    if 0 <= xy[0] <= w and 0 <= xy[1] <= h:
        return []
    return [sc.problem(path, _("{what}: {x:g},{y:g} is off the {width:g} by {height:g} cm table").format(
        what=what, x=xy[0], y=xy[1], width=w, height=h))]


def _ground(sc: Scenario, t: Tables) -> list[Problem]:
    """Terrain of kinds the tables know, on the table; the key point and the perimeter; two sides."""
    data = sc.data
    found: list[Problem] = []
    kinds = [k for k, v in t.terrain.items() if not isinstance(v, (str, bool))]
    for key in ("areas", "lines"):
        for n, piece in enumerate(data.get(key, [])):
            if piece["kind"] not in kinds:
                found.append(sc.problem((key, n, "kind"), _("{id}: unknown terrain {kind!r}; known: {known} "
                                                            "(tables [terrain])").format(
                    id=piece["id"], kind=piece["kind"], known=", ".join(kinds))))
            for i, xy in enumerate(piece["points"]):
                found += _on_table(sc, (key, n, "points", i), xy, piece["id"])
    if "objective" in data:
        found += _on_table(sc, ("objective",), data["objective"], _("the key point"))
    areas = [a["id"] for a in data.get("areas", [])]
    if data.get("perimeter") and data["perimeter"] not in areas:
        found.append(sc.problem(("perimeter",), _("perimeter {perimeter!r} is none of the [[areas]] ({areas})").format(
            perimeter=data["perimeter"], areas=", ".join(areas))))
    sides = [s["id"] for s in data["sides"]]
    if len(sides) != 2 or len(set(sides)) != 2:
        found.append(sc.problem(("sides",), _("a scenario has two sides, each with its own id")))
    if data.get("defender", "") and data["defender"] not in sides:
        found.append(sc.problem(("defender",), _("defender {defender!r} is not a side ({sides})").format(
            defender=data["defender"], sides=", ".join(sides))))
    if t.formats.get(data.get("format", "small")) is None:
        found.append(sc.problem(("format",), _("format is small, medium or large (seed 001 §Appendix I)")))
    return found


def _side(sc: Scenario, t: Tables, s: int, side: dict[str, Any], ids: dict[str, int]) -> list[Problem]:
    """Each figure's profile and place; the force rules of its format (its Sergeant, Officer or
    Senior Officer: seed 001 §Appendix I), each on the side's line."""
    found: list[Problem] = []
    at: Path = ("sides", s)

    def counted(path: Path, pid: str) -> None:
        if pid in ids:
            found.append(sc.problem(path, _("id {id!r} is used twice (first on line {line})").format(id=pid, line=ids[pid])))
        ids.setdefault(pid, sc.line(path))

    known = [k for k, v in t.profiles.items() if not isinstance(v, (str, bool))]
    for n, f in enumerate(side["figures"]):
        path = (*at, "figures", n)
        counted((*path, "id"), f["id"])
        if t.profile(f["profile"]) is None:
            found.append(sc.problem((*path, "profile"), _("{id}: unknown profile {profile!r}; known: {known} "
                                                          "(tables [profiles])").format(
                id=f["id"], profile=f["profile"], known=", ".join(known))))
        if "at" in f:
            found += _on_table(sc, (*path, "at"), f["at"], f["id"])
    for n, g in enumerate(side.get("guns", [])):
        path = (*at, "guns", n)
        counted((*path, "id"), g["id"])
        found += _on_table(sc, (*path, "at"), g["at"], g["id"])
        if len(g.get("crew", [])) != len(g.get("crew_at", [])):
            found.append(sc.problem((*path, "crew_at"), _("{id}: crew_at gives one place for each of its crew").format(id=g["id"])))
        for i, cid in enumerate(g.get("crew", [])):
            counted((*path, "crew", i), cid)
        for i, xy in enumerate(g.get("crew_at", [])):
            found += _on_table(sc, (*path, "crew_at", i), xy, _("{gun}'s crew").format(gun=g["id"]))
    for n, g in enumerate(side.get("groups", [])):
        counted((*at, "groups", n, "id"), g["id"])
    for n, edge in enumerate(side.get("edges", [])):
        if edge not in EDGES:
            found.append(sc.problem((*at, "edges", n), _("side {side}: an edge is {edges}").format(
                side=side["id"], edges=", ".join(EDGES))))
    if not found:  # the force rules read the profiles
        found += [sc.problem(at, _("side {broken}").format(broken=_broken(v))) for v in validate_force(t, side)]
    return found


def _overlaps(sc: Scenario, t: Tables) -> list[Problem]:
    """No base on another's: figures and crew set up on the table stand apart (seed 001 measures
    from the base edge; tables [bases] gives their sizes)."""
    placed: list[tuple[float, float, float, str, Path]] = []  # x, y, diameter, id, where
    for s, side in enumerate(sc.data["sides"]):
        for n, f in enumerate(side["figures"]):
            p = t.profile(f["profile"])
            if "at" in f and p is not None:
                size = {"foot": t.bases.foot, "horse": t.bases.horse}.get(p.arm, t.bases.wagon)
                placed.append((*f["at"], size, f["id"], ("sides", s, "figures", n, "at")))
        for n, g in enumerate(side.get("guns", [])):
            for i, (cid, xy) in enumerate(zip(g.get("crew", []), g.get("crew_at", []))):
                placed.append((*xy, t.bases.foot, cid, ("sides", s, "guns", n, "crew_at", i)))
    found = []
    for i, (x, y, size, fid, path) in enumerate(placed):
        under = next(((o, (size + osize) / 2) for ox, oy, osize, o, _where in placed[:i]
                      if math.dist((x, y), (ox, oy)) < (size + osize) / 2 - 1e-6), None)
        if under is not None:
            found.append(sc.problem(path, _("{id} stands on {other}'s base: their centres are at least {apart:g} cm "
                                            "apart (tables [bases]; S49)").format(id=fid, other=under[0], apart=under[1])))
    return found


def _groups(sc: Scenario, t: Tables) -> list[Problem]:
    """Each group of the side's own figures, one group a figure, in formation as it would be formed
    in play (seed 001 §Groups)."""
    from .groups import validate_group
    from .setup import initial_state

    found: list[Problem] = []
    grouped: set[str] = set()
    for s, side in enumerate(sc.data["sides"]):
        own = {f["id"] for f in side["figures"]}
        for n, g in enumerate(side.get("groups", [])):
            at = ("sides", s, "groups", n)
            strangers = [m for m in g["members"] if m not in own]
            if strangers:
                found.append(sc.problem((*at, "members"), _("group {group}: {members} are not figures of {side}").format(
                    group=g["id"], members=", ".join(strangers), side=side["id"])))
            twice = [m for m in g["members"] if m in grouped]
            if twice:
                found.append(sc.problem((*at, "members"), _("group {group}: {members} are in another group").format(
                    group=g["id"], members=", ".join(twice))))
            grouped |= set(g["members"])
            if g["leader"] not in g["members"]:
                found.append(sc.problem((*at, "leader"), _("group {group}: its leader {leader} is not one of its members").format(
                    group=g["id"], leader=g["leader"])))
    if found:
        return found
    state = initial_state(sc.data, t)
    for s, side in enumerate(sc.data["sides"]):
        for n, g in enumerate(side.get("groups", [])):
            found += [sc.problem(("sides", s, "groups", n), _broken(v)) for v in validate_group(state, state.groups[g["id"]])]
    return found


def _broken(v: Violation) -> str:
    """A broken rule as a scenario's problem names it: what is wrong and the rule, in the reader's
    language (the rule by its section's title in Russian)."""
    shown = v.__dict__.get("said")
    text = shown.text() if isinstance(shown, Msg) else _(v.message)
    return f"{text} ({cite(v.rule)})"

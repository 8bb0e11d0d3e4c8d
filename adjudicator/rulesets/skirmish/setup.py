"""A scenario file and the tables -> the state before the first action.

A scenario holds the table and its terrain, the sides with their forces (forces.py) and, for each
figure with an `at`, where it stands at the start; a figure without one waits off the table
(status reserve) to be deployed or to come out of an ambush marker. The players named as the
scenario's sides take those sides; otherwise the first player takes the first side, and so on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from events.core import GameCreated
from adjudicator.errors import BadInput
from adjudicator.i18n import Msg, _, render, said

from .forces import points, role_of
from .state import OK, RESERVE, Area, Command, Figure, Group, Gun, Line, Scenario, SkirmishState, Terrain
from .tables import Tables, decode
from .victory import starting_morale

if TYPE_CHECKING:
    from adjudicator.scenariofile import Problem


def check_scenario(text: str, tables: dict[str, Any]) -> list[Problem]:
    """What is wrong with a scenario file, each problem on its line (the checks are read only by `new`)."""
    from adjudicator.scenariofile import problems

    from .scenario import problems as table_problems

    return problems(text, table_problems, tables)


def _point(v: Any) -> tuple[float, float]:
    return (float(v[0]), float(v[1]))


def terrain(data: dict[str, Any]) -> Terrain:
    table = data.get("table", {})
    areas = tuple(Area(id=a["id"], kind=a["kind"], points=tuple(_point(p) for p in a["points"]), level=a.get("level", 0))
                  for a in data.get("areas", ()))
    lines = tuple(Line(id=l["id"], kind=l["kind"], points=tuple(_point(p) for p in l["points"]), level=l.get("level", 1),
                       width=float(l.get("width", 0.0))) for l in data.get("lines", ()))
    return Terrain(width=float(table["width"]), height=float(table["height"]), areas=areas, lines=lines)


def figure(tables: Tables, side: dict[str, Any], f: dict[str, Any], command: str) -> Figure:
    p = tables.profile(f["profile"])
    if p is None:
        raise ValueError(Msg("{figure}: no profile {profile!r}", figure=f["id"], profile=f["profile"]))
    role = role_of(tables, f)
    extras = tuple(e for e in f.get("extras", ()) if e not in ("standard", "musician", "hero", "senior-officer"))
    av, c = p.av, p.c
    if "hero" in f.get("extras", ()):
        av, c = tables.roles.hero.av, tables.roles.hero.c
    at = f.get("at")
    return Figure(id=f["id"], side=side["id"], command=command, company=f.get("company", "main"), kind=f["profile"],
                  arm=p.arm, x=float(at[0]) if at else 0.0, y=float(at[1]) if at else 0.0,
                  facing=float(f.get("facing", side.get("facing", 90.0))), av=av, c=c, weapon=p.weapon,
                  rules=p.rules + extras, role=role, status=OK if at else RESERVE)


def initial_state(scenario: dict[str, Any], tables: Tables, name: str = "", game: str = "") -> SkirmishState:
    sides = [s["id"] for s in scenario["sides"]]
    figures: dict[str, Figure] = {}
    commands: dict[str, Command] = {}
    guns: dict[str, Gun] = {}
    groups: dict[str, Group] = {}
    for side in scenario["sides"]:
        large = side.get("format", scenario.get("format", "small")) == "large"
        for f in side.get("figures", ()):
            command = f.get("company", "main") if large else side["id"]
            commands.setdefault(command, Command(id=command, side=side["id"], stubborn=command in side.get("stubborn", ())))
            figures[f["id"]] = figure(tables, side, f, command)
        for g in side.get("guns", ()):
            command = g.get("company", "main") if large else side["id"]
            commands.setdefault(command, Command(id=command, side=side["id"]))
            at, ammo = _point(g["at"]), _point(g.get("ammo", g["at"]))
            guns[g["id"]] = Gun(id=g["id"], side=side["id"], command=command, x=at[0], y=at[1],
                                facing=float(g.get("facing", 90.0)), ammo_x=ammo[0], ammo_y=ammo[1],
                                balls=g.get("balls", 0), canister=g.get("canister", 0))
            crew = tables.artillery.crew[g.get("crew_class", "trained")]
            for i, (cid, cat) in enumerate(zip(g.get("crew", ()), g.get("crew_at", ()))):
                figures[cid] = Figure(id=cid, side=side["id"], command=command, company=g.get("company", "main"),
                                      kind="crew", x=float(cat[0]), y=float(cat[1]), facing=float(g.get("facing", 90.0)),
                                      av=crew.av, c=tables.crew_profile.c, role="crew", gun=g["id"])
        for g in side.get("groups", ()):
            groups[g["id"]] = Group(id=g["id"], side=side["id"], leader=g["leader"], members=tuple(g["members"]),
                                    order=g.get("order", "close"), formation=g.get("formation", ""),
                                    facing=float(g.get("facing", side.get("facing", 90.0))))
    for g in groups.values():
        for m in g.members:
            figures[m] = msgspec.structs.replace(figures[m], group=g.id)
    formats = {s["id"]: s.get("format", scenario.get("format", "small")) for s in scenario["sides"]}
    sc = Scenario(name=name or scenario.get("name", ""), format=scenario.get("format", "small"), formats=formats,
                  objective=_point(scenario["objective"]) if "objective" in scenario else None,
                  perimeter=scenario.get("perimeter", ""), defender=scenario.get("defender", ""),
                  edges={s["id"]: tuple(s.get("edges", ())) for s in scenario["sides"]},
                  points={s["id"]: points(tables, s) for s in scenario["sides"]},
                  scale_15mm=bool(scenario.get("scale_15mm", False)), turns=int(scenario.get("turns", 12)))
    state = SkirmishState(game=game, scenario=sc, tables=tables, sides=tuple(sides), terrain=terrain(scenario), figures=figures,
                          groups=groups, guns=guns, commands=commands,
                          phase="deployment" if any(f.status == RESERVE for f in figures.values()) else "initiative")
    start = starting_morale(state)
    return msgspec.structs.replace(state, morale_start=start, morale=dict(start))


def setup(created: GameCreated) -> SkirmishState:
    """The state before any action, from the scenario and tables the game's first event holds."""
    scenario = created.data.get("scenario") or {}
    if not scenario.get("sides"):
        raise BadInput(_("skirmish needs a scenario: key-point or assault"))
    sides = [side["id"] for side in scenario["sides"]]
    players = list(created.players)
    if len(players) != len(sides):
        raise BadInput(_("skirmish: one player a side ({sides}); got {players}").format(sides=", ".join(sides), players=", ".join(players)))
    try:
        tables = decode(created.data.get("tables") or {})
        if sorted(players) != sorted(sides):
            scenario = renamed(scenario, dict(zip(sides, players)))
        return initial_state(scenario, tables, created.scenario, created.game)
    except (KeyError, TypeError, ValueError) as e:
        raise BadInput(_("skirmish, scenario {scenario!r}: {problem}").format(scenario=created.scenario, problem=render(said(e)))) from None


def renamed(scenario: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The scenario with its sides named after the players who take them."""
    sides = [{**side, "id": names[side["id"]]} for side in scenario["sides"]]
    defender = names.get(scenario.get("defender", ""), scenario.get("defender", ""))
    return {**scenario, "sides": sides, **({"defender": defender} if "defender" in scenario else {})}

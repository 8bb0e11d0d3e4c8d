"""The state before any action, from the scenario and tables embedded in the game's first event."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.errors import BadInput
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.state import ARTILLERY, CAVALRY, INFANTRY, LEVELS, Leader, PState, Unit, Wing
from adjudicator.i18n import _
from events.core import GameCreated

if TYPE_CHECKING:
    from adjudicator.scenariofile import Problem


def check_scenario(text: str, tables: dict[str, Any]) -> list[Problem]:
    """What is wrong with a scenario file, each problem on its line (the checks are read only by `new`)."""
    from adjudicator.rulesets.paris.scenario import problems as map_problems
    from adjudicator.scenariofile import problems

    return problems(text, map_problems, tables)


def _unit(spec: dict, side: str, wing: str, facing: int, scen: dict) -> Unit:
    kind = spec["kind"]
    if kind not in CAVALRY | INFANTRY and kind != ARTILLERY:
        raise BadInput(_("scenario: unit {unit!r} has unknown type {kind!r}").format(unit=spec.get("id"), kind=kind))
    hexgrid.parse_hex(spec["hex"])
    fire = int(scen.get("fire_factors", {}).get(kind, 0)) if kind != ARTILLERY else 1
    morale = spec.get("morale", scen.get("artillery", {}).get("morale", 6))
    if "facing" in spec:  # a unit of a scenario of one's own may face another way than its side
        facing = hexgrid.parse_facing(spec["facing"])
    return Unit(id=spec["id"], name=spec.get("name", spec["id"]), side=side, wing=wing, kind=kind,
                morale=int(morale), ma=int(spec.get("ma", 0)), fire=fire, hex=spec["hex"], facing=facing,
                level=LEVELS.index(spec.get("level", "normal")))


def setup(created: GameCreated) -> PState:
    scen = created.data.get("scenario") or {}
    tables = created.data.get("tables") or {}
    if not scen.get("wings"):
        raise BadInput(_("paris needs a scenario (dreux-1562 or ivry-1590)"))
    sides = list(scen["sides"])
    players = list(created.players)
    if len(players) != 2:
        raise BadInput(_("paris is a two-player game ({first} and {second}); name two --player").format(first=sides[0], second=sides[1]))
    # players named as the scenario's sides take those sides; otherwise the first player takes the first side
    if sorted(players) == sorted(sides):
        players = sides
    to_player = dict(zip(sides, players))
    for opt in created.options:
        if opt not in scen.get("options", {}):
            raise BadInput(_("option {option!r} does not apply to scenario {scenario}").format(option=opt, scenario=created.scenario))
    units: dict[str, Unit] = {}
    leaders: dict[str, Leader] = {}
    wings: dict[str, Wing] = {}
    extra: dict[str, list] = {}
    if "huguenot-artillery" in created.options:
        o = scen["options"]["huguenot-artillery"]
        extra.setdefault(o["wing"], []).extend(o["units"])
    for w in scen["wings"]:
        side = to_player[w["side"]]
        facing = hexgrid.parse_facing(scen.get("facing", {}).get(w["side"], "N"))
        order = "attack"
        if "guise" in created.options and scen["options"]["guise"]["wing"] == w["id"]:
            order = scen["options"]["guise"]["order"]
        for spec in list(w["units"]) + extra.get(w["id"], []):
            if spec["id"] in units:
                raise BadInput(_("scenario: unit id {unit!r} is used twice").format(unit=spec["id"]))
            units[spec["id"]] = _unit(spec, side, w["id"], facing, scen)
        ld = w["leader"]
        leaders[ld["id"]] = Leader(id=ld["id"], name=ld.get("name", ld["id"]), side=side, wing=w["id"],
                                   rating=int(ld.get("rating", 0)), ma=int(ld.get("ma", 12)), hex=ld["hex"])
        wings[w["id"]] = Wing(id=w["id"], name=w.get("name", w["id"]), side=side, leader=ld["id"], order=order)
    terrain: dict[str, str] = {}
    for kind, hexes in (scen.get("map", {}).get("terrain", {}) or {}).items():
        for h in hexes:
            terrain[h] = kind
    m = scen.get("map", {})
    return PState(
        game=created.game, scenario=created.scenario, title=scen.get("title", created.scenario),
        players=tuple(players), side_names={p: s for s, p in to_player.items()},
        edges={to_player[s]: e for s, e in scen.get("edges", {}).items()}, options=tuple(created.options),
        layout=m.get("layout", "odd-r"), rows=int(m.get("rows", 18)), cols=int(m.get("cols", 24)),
        terrain=terrain, tables=tables, victory=scen.get("victory", {}), turns=int(scen.get("turns", 10)),
        units=units, leaders=leaders, wings=wings,
        standing={p: {} for p in players}, option_data={o: scen['options'][o] for o in created.options}, destroyed={p: () for p in players},
    )

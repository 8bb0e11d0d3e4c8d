"""The state before the first action: the scenario's grid, terrain and armies, and the tables
checked for every value the rules read."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from events.core import GameCreated
from adjudicator.errors import BadInput
from adjudicator.i18n import Msg, _, render, said

from .grid import DIRECTIONS, MAX_HEIGHT, MAX_WIDTH, on_board, parse_square
from .state import Army, PortableState, Unit

if TYPE_CHECKING:
    from adjudicator.scenariofile import Problem

CLASSES = ("elite", "average", "poor")
TERRAIN = ("hill", "woods", "village", "river", "ford", "trench")


def exhaustion_point(initial_sp: int, divisor: int) -> int:
    """Initial army SP divided by the divisor, rounded up (seed 002, Exhaustion Point)."""
    return math.ceil(initial_sp / divisor)


REQUIRED = {
    "hit_reaction": ("dice", "lose_on_or_below"),
    "cavalry_vs_line": ("dice", "destroyed_on_or_below"),
    "commander_hit": ("dice", "killed_on", "wounded_on", "wound_sp"),
    "exhaustion": ("divisor", "half_divisor"),
    "initiative": ("dice",),
    "terrain": ("road_bonus", "village_fortify_turns", "woods_range", "horse_artillery_move_after_firing"),
    "horse_artillery": ("move",),
    "small_arms_fire": ("dice", "hit_on", "did_not_move", "commander", "target_in_cover", "target_fortified"),
    "artillery_fire": ("dice", "hit_on", "line_of_sight", "same_target", "commander", "target_in_cover",
                       "target_fortified"),
    "close_combat": ("dice", "hit_on", "commander", "in_woods", "opponent_in_cover", "opponent_fortified",
                     "attacking_uphill", "transport", "in_river", "in_trench"),
}
UNIT_KEYS = ("name", "arm", "sp", "move", "range")
ARMS = ("infantry", "cavalry", "mg", "artillery", "transport", "commander")


def check_tables(tables: dict[str, Any]) -> None:
    """A referee's tables file replaces sections whole: every value the rules read must be there."""
    for section, keys in {**REQUIRED, "units": ()}.items():
        if not isinstance(tables.get(section), dict):
            raise ValueError(Msg("tables: section [{section}] is missing", section=section))
        for key in keys:
            if key not in tables[section]:
                raise ValueError(Msg("tables: [{section}] lacks {key!r}", section=section, key=key))
    for section in ("hit_reaction", "cavalry_vs_line"):
        for cls in CLASSES:
            if not isinstance(tables[section][list(REQUIRED[section])[1]].get(cls), int):
                raise ValueError(Msg("tables: [{section}] needs a whole number for {cls}", section=section, cls=cls))
    for kind, spec in tables["units"].items():
        if isinstance(spec, dict):
            missing = [k for k in UNIT_KEYS if k not in spec]
            if missing or spec["arm"] not in ARMS:
                raise ValueError(Msg("tables: [units] {kind} needs {keys} with arm one of {arms}", kind=kind,
                                     keys=", ".join(UNIT_KEYS), arms=", ".join(ARMS)))


def check_scenario(text: str, tables: dict[str, Any]) -> list[Problem]:
    """What is wrong with a scenario file, each problem on its line (the checks are read only by `new`)."""
    from adjudicator.scenariofile import problems

    from .scenario import problems as board_problems

    return problems(text, board_problems, tables)


def setup(created: GameCreated) -> PortableState:
    scenario = created.data.get("scenario") or {}
    tables = created.data.get("tables") or {}
    if not scenario:
        raise BadInput(_("portable: the game needs a scenario (see `adjudicator rulesets`)"))
    try:
        check_tables(tables)
        return _build(created, scenario, tables)
    except (KeyError, TypeError, ValueError) as e:
        raise BadInput(_("portable, scenario {scenario!r}: {problem}").format(scenario=created.scenario, problem=render(said(e)))) from None


def _build(created: GameCreated, scenario: dict[str, Any], tables: dict[str, Any]) -> PortableState:
    width, height = int(scenario["width"]), int(scenario["height"])
    if not (2 <= width <= MAX_WIDTH and 2 <= height <= MAX_HEIGHT):
        raise ValueError(Msg("the grid is 2 to 26 columns and 2 to 99 rows"))
    armies_data = scenario["armies"]
    if len(created.players) != len(armies_data) or len(armies_data) != 2:
        names = ", ".join(a["name"] for a in armies_data)
        raise ValueError(Msg("two players, one per army in order ({armies}); got {players}", armies=names,
                             players=", ".join(created.players)))

    def square(text: str, what: str) -> str:
        sq = parse_square(text)
        if not on_board(sq, width, height):
            raise ValueError(Msg("{what}: {square} is off the {width}x{height} grid", what=what, square=sq, width=width, height=height))
        return sq

    terrain: dict[str, str] = {}
    for kind, squares in (scenario.get("terrain") or {}).items():
        if kind == "road":
            continue
        if kind not in TERRAIN:
            raise ValueError(Msg("unknown terrain {kind!r}; known: road, {known}", kind=kind, known=", ".join(TERRAIN)))
        for text in squares:
            terrain[square(text, kind)] = kind
    roads = tuple(square(t, "road") for t in (scenario.get("terrain") or {}).get("road", ()))
    class_sp = tables.get("class_sp", {}) if "class-sp" in created.options else {}
    divisor = tables["exhaustion"]["half_divisor" if "half-exhaustion" in created.options else "divisor"]
    units: dict[str, Unit] = {}
    armies: dict[str, Army] = {}
    taken: dict[str, str] = {}
    for player, army in zip(created.players, armies_data):
        total = 0
        for u in army["units"]:
            uid = str(u["id"]).lower()
            if uid in units:
                raise ValueError(Msg("unit id {unit!r} is used twice", unit=uid))
            kind = u["type"]
            if kind not in tables["units"]:
                raise ValueError(Msg("{unit}: unknown unit type {kind!r}", unit=uid, kind=kind))
            spec = tables["units"][kind]
            cls = u.get("class", "average")
            if cls not in CLASSES:
                raise ValueError(Msg("{unit}: class is one of {classes}", unit=uid, classes=", ".join(CLASSES)))
            sq = square(u["square"], uid)
            if terrain.get(sq) == "river":
                raise ValueError(Msg("{unit}: {square} is river (only fords can be entered)", unit=uid, square=sq))
            if spec["arm"] != "commander":
                if sq in taken:
                    raise ValueError(Msg("{unit}: {square} already holds {other} (one unit per square)", unit=uid, square=sq, other=taken[sq]))
                taken[sq] = uid
            sp = int(spec["sp"]) + (int(class_sp.get(cls, 0)) if spec["arm"] != "commander" else 0)
            facing = u.get("facing", "n" if spec["arm"] == "artillery" else "")
            if facing and facing not in DIRECTIONS:
                raise ValueError(Msg("{unit}: facing is n, e, s or w", unit=uid))
            units[uid] = Unit(
                id=uid, side=player, kind=kind, arm=spec["arm"], cls=cls, square=sq, sp=max(sp, 1),
                name=u.get("name", ""), formation=u.get("formation", "line" if spec["arm"] == "infantry" else ""),
                facing=facing if spec["arm"] == "artillery" else "", horse=bool(u.get("horse", False)),
            )
            total += units[uid].sp
        armies[player] = Army(name=army["name"], title=army.get("title", army["name"]), player=player,
                              initial_sp=total, ep=exhaustion_point(total, int(divisor)))
    standing = {p: a.get("standing_order", "ask") for p, a in zip(created.players, armies_data)}
    return PortableState(
        scenario=created.scenario, title=scenario.get("title", created.scenario), width=width, height=height,
        max_turns=int(scenario.get("max_turns", 12)), terrain=terrain, roads=roads, sides=tuple(created.players),
        armies=armies, units=units, tables=tables, options=tuple(created.options), standing=standing,
    )

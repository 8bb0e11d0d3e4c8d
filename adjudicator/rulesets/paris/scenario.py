"""A scenario file checked before a game starts: its keys and types, then the map's own rules,
every problem on its line (see adjudicator/scenariofile.py)."""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.ground import map_hexes
from adjudicator.rulesets.paris.state import ARTILLERY, CAVALRY, INFANTRY
from adjudicator.scenariofile import ANY, Path, Problem, Scenario, shape

PROVENANCE = {"provisional?": bool, "source?": str}
UNIT = {"id": str, "name?": str, "kind": str, "morale?": int, "ma?": int, "hex": str}
LEADER = {"id": str, "name?": str, "rating?": int, "ma?": int, "hex": str, "provisional?": bool}
SHAPE = {
    "title?": str, "source?": str, "turns?": int, "sides": [str],
    "map": {**PROVENANCE, "layout?": str, "rows": int, "cols": int, "terrain?": {"*": [str]}},
    "edges": {"*": str}, "facing?": {"*": str},
    "fire_factors": {**PROVENANCE, "*": int}, "artillery?": {**PROVENANCE, "morale?": int},
    "victory?": {"count?": str, "weights?": {"*": int},
                 "immediate?": [{"side": str, "enemy_kinds?": [str], "units?": [str]}]},
    "options?": ANY,  # the shipped scenarios' optional rules, each read by the code of its name
    "wings": [{"id": str, "name?": str, "side": str, "leader": LEADER, "units": [UNIT]}],
}
KINDS = sorted(CAVALRY | INFANTRY) + [ARTILLERY]
LAYOUTS = ("odd-r", "even-r")
EDGES = ("north", "south")


def problems(sc: Scenario, tables: dict[str, Any]) -> list[Problem]:
    found = shape(sc, SHAPE)
    if found:
        return found  # the map's rules read the values these name
    data = sc.data
    m = data["map"]
    if m.get("layout", "odd-r") not in LAYOUTS:
        found.append(sc.problem(("map", "layout"), f"layout is {' or '.join(LAYOUTS)} (ruling R2)"))
    hexes = map_hexes(m["rows"], m["cols"])
    found += _sides(sc)
    ground = tables.get("terrain", {})
    for kind, listed in m.get("terrain", {}).items():
        if not isinstance(ground.get(kind), dict):
            known = ", ".join(k for k, v in ground.items() if isinstance(v, dict))
            found.append(sc.problem(("map", "terrain", kind), f"unknown terrain {kind!r}; known: {known} (tables [terrain])"))
        found += [p for n, h in enumerate(listed) if (p := _off(sc, ("map", "terrain", kind, n), h, hexes, kind))]
    ids: dict[str, int] = {}
    stacks: dict[str, list[tuple[str, str, str]]] = {}  # hex -> (id, kind, side) of the units in it
    for w, wing in enumerate(data["wings"]):
        found += _wing(sc, w, wing, hexes, ids, stacks)
    return found + _victory(sc, ids)


def _victory(sc: Scenario, ids: dict[str, int]) -> list[Problem]:
    """§14: the count after the last turn, and the immediate victories, naming sides, types and units
    the scenario has."""
    v = sc.data.get("victory", {})
    found = []
    if v.get("count", "units") not in ("units", "cavalry"):
        found.append(sc.problem(("victory", "count"), "count is units (every enemy unit destroyed) or cavalry"))
    for k in v.get("weights", {}):
        if k not in KINDS:
            found.append(sc.problem(("victory", "weights", k), f"weights: unknown type {k!r}; known: {', '.join(KINDS)}"))
    for n, cond in enumerate(v.get("immediate", [])):
        at = ("victory", "immediate", n)
        if cond["side"] not in sc.data["sides"]:
            found.append(sc.problem((*at, "side"), f"unknown side {cond['side']!r}; known: {', '.join(sc.data['sides'])}"))
        found += [sc.problem((*at, "enemy_kinds", i), f"unknown type {k!r}; known: {', '.join(KINDS)}")
                  for i, k in enumerate(cond.get("enemy_kinds", [])) if k not in KINDS]
        found += [sc.problem((*at, "units", i), f"no unit {u!r} in the scenario")
                  for i, u in enumerate(cond.get("units", [])) if u not in ids]
    return found


def _sides(sc: Scenario) -> list[Problem]:
    """Two sides, each with its edge and its facing."""
    data = sc.data
    sides = data["sides"]
    if len(sides) != 2 or sides[0] == sides[1]:
        return [sc.problem(("sides",), "a Paris vaut bien une messe! battle has two sides (seed 000 §14)")]
    found = []
    for key in ("edges", "facing"):
        for side in set(data.get(key, {})) - set(sides):
            found.append(sc.problem((key, side), f"[{key}] names {side!r}, not a side ({', '.join(sides)})"))
    for side in sides:
        if data["edges"].get(side) not in EDGES:
            found.append(sc.problem(("edges",), f"side {side}: its edge is north or south (seed 000 §14)"))
        facing = data.get("facing", {}).get(side, "N")
        if facing.strip().upper() not in hexgrid.VERTICES:
            found.append(sc.problem(("facing", side), f"side {side}: a unit faces a vertex: {', '.join(hexgrid.VERTICES)}"))
    for w, wing in enumerate(data["wings"]):
        if wing["side"] not in sides:
            found.append(sc.problem(("wings", w, "side"), f"wing {wing['id']}: unknown side {wing['side']!r}; "
                                                          f"known: {', '.join(sides)}"))
    return found


def _off(sc: Scenario, path: Path, h: str, hexes: frozenset[str], what: str) -> Problem | None:
    """A hex that is not a four-digit id, or is off the map."""
    try:
        hexgrid.parse_hex(h)
    except ValueError as e:
        return sc.problem(path, f"{what}: {e}")
    if h not in hexes:
        m = sc.data["map"]
        return sc.problem(path, f"{what}: hex {h} is off the map ({m['rows']} rows by {m['cols']} columns)")
    return None


def _wing(sc: Scenario, w: int, wing: dict[str, Any], hexes: frozenset[str], ids: dict[str, int],
          stacks: dict[str, list[tuple[str, str, str]]]) -> list[Problem]:
    """Each unit's type (§2.2), fire factor (§10.5) and hex, stacking as §9.1 allows; the wing's
    leader (§1.2: each leader commands one wing) on the map, stacked with one of its units (§5.2)."""
    found: list[Problem] = []
    factors = sc.data["fire_factors"]
    at: Path = ("wings", w)
    own: set[str] = set()
    for n, u in enumerate(wing["units"]):
        path = (*at, "units", n)
        uid, kind = u["id"], u["kind"]
        if uid in ids:
            found.append(sc.problem((*path, "id"), f"unit id {uid!r} is used twice (first on line {ids[uid]})"))
        ids.setdefault(uid, sc.line((*path, "id")))
        if kind not in KINDS:
            found.append(sc.problem((*path, "kind"), f"unit {uid}: unknown type {kind!r}; known: {', '.join(KINDS)} (seed 000 §2.2)"))
            continue
        if kind != ARTILLERY and kind not in factors:
            found.append(sc.problem((*path, "kind"), f"unit {uid}: type {kind} has no fire factor in [fire_factors] (§10.5, R48)"))
        off = _off(sc, (*path, "hex"), u["hex"], hexes, f"unit {uid}")
        if off is not None:
            found.append(off)
            continue
        own.add(u["hex"])
        clash = _stacking(uid, kind, wing["side"], stacks.setdefault(u["hex"], []))
        if clash:
            found.append(sc.problem((*path, "hex"), f"unit {uid}: {clash} in hex {u['hex']} (§9.1)"))
        stacks[u["hex"]].append((uid, kind, wing["side"]))
    leader = wing["leader"]
    off = _off(sc, (*at, "leader", "hex"), leader["hex"], hexes, f"leader {leader['id']}")
    if off is not None:
        found.append(off)
    elif leader["hex"] not in own:
        found.append(sc.problem((*at, "leader", "hex"), f"leader {leader['id']} stands with no unit of wing {wing['id']} "
                                                        f"in hex {leader['hex']} (a leader is stacked with a unit of his wing: §5.2, R48)"))
    if leader["id"] in ids:
        found.append(sc.problem((*at, "leader", "id"), f"leader id {leader['id']!r} is used twice (first on line {ids[leader['id']]})"))
    ids.setdefault(leader["id"], sc.line((*at, "leader", "id")))
    return found


def _stacking(uid: str, kind: str, side: str, there: list[tuple[str, str, str]]) -> str:
    """Why a unit may not be set up in a hex holding `there` (§9.1: one infantry or cavalry unit a
    hex; artillery shares with anyone; a forlorn hope only with cavalry; never with the enemy)."""
    for other, other_kind, other_side in there:
        if other_side != side:
            return f"stands on the enemy's {other}"
        if kind == ARTILLERY or other_kind == ARTILLERY:
            continue
        if (kind == "E" and other_kind in CAVALRY) or (other_kind == "E" and kind in CAVALRY):
            continue
        return f"stands on {other}: one infantry or cavalry unit a hex"
    return ""

"""A scenario file checked before a game starts: its keys and types, then the map's own rules,
every problem on its line (see adjudicator/scenariofile.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.i18n import _, render, said
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.ground import map_hexes
from adjudicator.rulesets.paris.state import ARTILLERY, CAVALRY, INFANTRY, LEVELS, ORDERS
from adjudicator.scenariofile import Path, Problem, Scenario, shape

PROVENANCE = {"provisional?": bool, "source?": str}
UNIT = {"id": str, "name?": str, "kind": str, "morale?": int, "ma?": int, "hex": str, "facing?": str,
        "level?": str}
LEADER = {"id": str, "name?": str, "rating?": int, "ma?": int, "hex": str, "provisional?": bool}
SHAPE = {
    "title?": str, "source?": str, "turns?": int, "sides": [str],
    "map": {**PROVENANCE, "layout?": str, "rows": int, "cols": int, "terrain?": {"*": [str]}},
    "edges": {"*": str}, "facing?": {"*": str},
    "fire_factors": {**PROVENANCE, "*": int}, "artillery?": {**PROVENANCE, "morale?": int},
    "victory?": {"count?": str, "weights?": {"*": int},
                 "immediate?": [{"side": str, "enemy_kinds?": [str], "units?": [str]}]},
    "options?": {  # the optional rules of Dreux (§14.1), each read by the code of its name
        "huguenot-artillery?": {"wing": str, "units": [UNIT]},
        "coligny-reiters?": {"side": str, "kind": str, "removed_on_or_below": int},
        "guise?": {"wing": str, "order": str, "penalty": [int]},
    },
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
        found.append(sc.problem(("map", "layout"), _("layout is {known} (ruling R2)").format(known=_(" or ").join(LAYOUTS))))
    hexes = map_hexes(m["rows"], m["cols"])
    found += _sides(sc)
    ground = tables.get("terrain", {})
    for kind, listed in m.get("terrain", {}).items():
        if not isinstance(ground.get(kind), dict):
            known = ", ".join(k for k, v in ground.items() if isinstance(v, dict))
            found.append(sc.problem(("map", "terrain", kind), _("unknown terrain {kind!r}; known: {known} (tables [terrain])").format(
                kind=kind, known=known)))
        found += [p for n, h in enumerate(listed) if (p := _off(sc, ("map", "terrain", kind, n), h, hexes, kind))]
    placed = _Placed(sc, hexes)
    for w, wing in enumerate(data["wings"]):
        found += _wing(placed, w, wing)
    return found + _options(placed) + _victory(sc, placed.ids)


def _victory(sc: Scenario, ids: dict[str, int]) -> list[Problem]:
    """§14: the count after the last turn, and the immediate victories, naming sides, types and units
    the scenario has."""
    v = sc.data.get("victory", {})
    found = []
    if v.get("count", "units") not in ("units", "cavalry"):
        found.append(sc.problem(("victory", "count"), _("count is units (every enemy unit destroyed) or cavalry")))
    for k in v.get("weights", {}):
        if k not in KINDS:
            found.append(sc.problem(("victory", "weights", k), _("weights: unknown type {kind!r}; known: {known}").format(
                kind=k, known=", ".join(KINDS))))
    for n, cond in enumerate(v.get("immediate", [])):
        at = ("victory", "immediate", n)
        if cond["side"] not in sc.data["sides"]:
            found.append(sc.problem((*at, "side"), _("unknown side {side!r}; known: {known}").format(
                side=cond["side"], known=", ".join(sc.data["sides"]))))
        found += [sc.problem((*at, "enemy_kinds", i), _("unknown type {kind!r}; known: {known}").format(
                      kind=k, known=", ".join(KINDS)))
                  for i, k in enumerate(cond.get("enemy_kinds", [])) if k not in KINDS]
        found += [sc.problem((*at, "units", i), _("no unit {unit!r} in the scenario").format(unit=u))
                  for i, u in enumerate(cond.get("units", [])) if u not in ids]
    return found


def _sides(sc: Scenario) -> list[Problem]:
    """Two sides, each with its edge and its facing."""
    data = sc.data
    sides = data["sides"]
    if len(sides) != 2 or sides[0] == sides[1]:
        return [sc.problem(("sides",), _("a Paris vaut bien une messe! battle has two sides (seed 000 §14)"))]
    found = []
    for key in ("edges", "facing"):
        for side in set(data.get(key, {})) - set(sides):
            found.append(sc.problem((key, side), _("[{key}] names {side!r}, not a side ({sides})").format(
                key=key, side=side, sides=", ".join(sides))))
    for side in sides:
        if data["edges"].get(side) not in EDGES:
            found.append(sc.problem(("edges",), _("side {side}: its edge is north or south (seed 000 §14)").format(side=side)))
        facing = data.get("facing", {}).get(side, "N")
        if facing.strip().upper() not in hexgrid.VERTICES:
            found.append(sc.problem(("facing", side), _("side {side}: a unit faces a vertex: {vertices}").format(
                side=side, vertices=", ".join(hexgrid.VERTICES))))
    for w, wing in enumerate(data["wings"]):
        if wing["side"] not in sides:
            found.append(sc.problem(("wings", w, "side"), _("wing {wing}: unknown side {side!r}; known: {known}").format(
                wing=wing["id"], side=wing["side"], known=", ".join(sides))))
    return found


def _off(sc: Scenario, path: Path, h: str, hexes: frozenset[str], what: str) -> Problem | None:
    """A hex that is not a four-digit id, or is off the map; `what` names the hex's piece (or its
    terrain), in the reader's language."""
    try:
        hexgrid.parse_hex(h)
    except ValueError as e:
        return sc.problem(path, _("{what}: {error}").format(what=what, error=render(said(e))))
    if h not in hexes:
        m = sc.data["map"]
        return sc.problem(path, _("{what}: hex {hex} is off the map ({rows} rows by {cols} columns)").format(
            what=what, hex=h, rows=m["rows"], cols=m["cols"]))
    return None


@dataclass
class _Placed:
    """What the units set up so far hold: their ids (and lines), and who stands in each hex."""

    sc: Scenario
    hexes: frozenset[str]
    ids: dict[str, int] = field(default_factory=dict)
    stacks: dict[str, list[tuple[str, str, str]]] = field(default_factory=dict)  # hex -> (id, kind, side)

    def units(self, at: Path, units: list[dict[str, Any]], side: str) -> tuple[list[Problem], set[str]]:
        """Each unit's id, type (§2.2), fire factor (§10.5) and hex, stacking as §9.1 allows; the
        problems, and the hexes the units stand in."""
        sc, found, here = self.sc, [], set()
        factors = sc.data["fire_factors"]
        for n, u in enumerate(units):
            path = (*at, n)
            uid, kind = u["id"], u["kind"]
            found += self.counted((*path, "id"), uid, "unit")
            if kind not in KINDS:
                found.append(sc.problem((*path, "kind"), _("unit {unit}: unknown type {kind!r}; known: {known} (seed 000 §2.2)").format(
                    unit=uid, kind=kind, known=", ".join(KINDS))))
                continue
            if kind != ARTILLERY and kind not in factors:
                found.append(sc.problem((*path, "kind"), _("unit {unit}: type {kind} has no fire factor in [fire_factors] "
                                                           "(§10.5, R48)").format(unit=uid, kind=kind)))
            off = _off(sc, (*path, "hex"), u["hex"], self.hexes, _("unit {unit}").format(unit=uid))
            if off is not None:
                found.append(off)
                continue
            if u.get("facing", "N").strip().upper() not in hexgrid.VERTICES:
                found.append(sc.problem((*path, "facing"), _("unit {unit}: a unit faces a vertex: {vertices} (§7)").format(
                    unit=uid, vertices=", ".join(hexgrid.VERTICES))))
            if u.get("level", "normal") not in LEVELS:
                found.append(sc.problem((*path, "level"), _("unit {unit}: its state is one of {known} (§12)").format(
                    unit=uid, known=", ".join(LEVELS))))
            here.add(u["hex"])
            clash = _stacking(uid, kind, side, self.stacks.setdefault(u["hex"], []))
            if clash:
                found.append(sc.problem((*path, "hex"), _("unit {unit}: {clash} in hex {hex} (§9.1)").format(
                    unit=uid, clash=clash, hex=u["hex"])))
            self.stacks[u["hex"]].append((uid, kind, side))
        return found, here

    def counted(self, path: Path, pid: str, what: str) -> list[Problem]:
        """An id the units and leaders use once each (`what`: unit or leader)."""
        if pid in self.ids:
            said_twice = (_("leader id {id!r} is used twice (first on line {line})") if what == "leader"
                          else _("unit id {id!r} is used twice (first on line {line})"))
            return [self.sc.problem(path, said_twice.format(id=pid, line=self.ids[pid]))]
        self.ids[pid] = self.sc.line(path)
        return []


def _wing(placed: _Placed, w: int, wing: dict[str, Any]) -> list[Problem]:
    """The wing's units; its leader (§1.2: each leader commands one wing) on the map, stacked with
    one of its units (§5.2)."""
    sc, at = placed.sc, ("wings", w)
    found, own = placed.units((*at, "units"), wing["units"], wing["side"])
    leader = wing["leader"]
    off = _off(sc, (*at, "leader", "hex"), leader["hex"], placed.hexes, _("leader {leader}").format(leader=leader["id"]))
    if off is not None:
        found.append(off)
    elif leader["hex"] not in own:
        found.append(sc.problem((*at, "leader", "hex"), _("leader {leader} stands with no unit of wing {wing} in hex {hex} "
                                                          "(a leader is stacked with a unit of his wing: §5.2, R48)").format(
            leader=leader["id"], wing=wing["id"], hex=leader["hex"])))
    return found + placed.counted((*at, "leader", "id"), leader["id"], "leader")


def _options(placed: _Placed) -> list[Problem]:
    """The scenario's optional rules name its wings and sides; the units an option adds are set up
    as the wings' are."""
    sc, found = placed.sc, []
    options = sc.data.get("options", {})
    wings = {w["id"]: w["side"] for w in sc.data["wings"]}
    for name, o in options.items():
        if "wing" in o and o["wing"] not in wings:
            found.append(sc.problem(("options", name, "wing"), _("option {name}: no wing {wing!r}").format(name=name, wing=o["wing"])))
        if "side" in o and o["side"] not in sc.data["sides"]:
            found.append(sc.problem(("options", name, "side"), _("option {name}: no side {side!r}").format(name=name, side=o["side"])))
    art = options.get("huguenot-artillery")
    if art is not None and art["wing"] in wings:
        found += placed.units(("options", "huguenot-artillery", "units"), art["units"], wings[art["wing"]])[0]
    guise = options.get("guise")
    if guise is not None and guise["order"] not in ORDERS:
        found.append(sc.problem(("options", "guise", "order"), _("option guise: the order is {orders} (§1.2)").format(
            orders=", ".join(ORDERS))))
    return found


def _stacking(uid: str, kind: str, side: str, there: list[tuple[str, str, str]]) -> str:
    """Why a unit may not be set up in a hex holding `there` (§9.1: one infantry or cavalry unit a
    hex; artillery shares with anyone; a forlorn hope only with cavalry; never with the enemy)."""
    for other, other_kind, other_side in there:
        if other_side != side:
            return _("stands on the enemy's {other}").format(other=other)
        if kind == ARTILLERY or other_kind == ARTILLERY:
            continue
        if (kind == "E" and other_kind in CAVALRY) or (other_kind == "E" and kind in CAVALRY):
            continue
        return _("stands on {other}: one infantry or cavalry unit a hex").format(other=other)
    return ""

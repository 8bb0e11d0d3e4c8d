"""A scenario file checked before a game starts: its keys and types, then the board's own rules,
every problem on its line (see adjudicator/scenariofile.py)."""

from __future__ import annotations

from typing import Any

from adjudicator.i18n import N_, _
from adjudicator.scenariofile import Problem, Scenario, shape

from .grid import DIRECTIONS, MAX_HEIGHT, MAX_WIDTH, is_square, on_board, parse_square
from .setup import CLASSES, TERRAIN

UNIT = {"id": str, "type": str, "square": str, "class?": str, "name?": str, "facing?": str, "horse?": bool,
        "formation?": str}
SHAPE = {
    "title?": str, "source?": str, "width": int, "height": int, "max_turns?": int,
    "terrain?": {f"{kind}?": [str] for kind in ("road", *TERRAIN)},
    "armies": [{"name": str, "title?": str, "standing_order?": str, "units": [UNIT]}],
}
FORMATIONS = ("line", "square")  # infantry (seed 002: in line or in square)
STANDING = ("retreat", "lose", "ask")  # R22, as decide.STANDING


def problems(sc: Scenario, tables: dict[str, Any]) -> list[Problem]:
    found = shape(sc, SHAPE)
    if found:
        return found  # the board's rules read the values these name
    data = sc.data
    width, height = data["width"], data["height"]
    if not (2 <= width <= MAX_WIDTH and 2 <= height <= MAX_HEIGHT):
        found.append(sc.problem(("width",), _("the grid is 2 to {most_wide} columns and 2 to {most_high} rows, "
                                              "not {width}x{height}").format(
            most_wide=MAX_WIDTH, most_high=MAX_HEIGHT, width=width, height=height)))
        return found
    terrain: dict[str, str] = {}
    for kind, squares in data.get("terrain", {}).items():
        for n, text in enumerate(squares):
            where = ("terrain", kind, n)
            why = _off(text, width, height)
            if why:
                found.append(sc.problem(where, _("{what}: {why}").format(what=kind, why=why)))
            elif kind != "road":
                terrain[parse_square(text)] = kind
    if len(data["armies"]) != 2:
        found.append(sc.problem(("armies",), _("a Portable Wargame scenario has two armies, not {count}").format(
            count=len(data["armies"]))))
    ids: dict[str, int] = {}
    taken: dict[str, tuple[str, int]] = {}  # square -> the unit on it and its army
    commanders: list[tuple[str, str, int, int]] = []  # square, id, army, unit
    for a, army in enumerate(data["armies"]):
        if army.get("standing_order", "ask") not in STANDING:
            found.append(sc.problem(("armies", a, "standing_order"),
                                    _("standing_order is {known} (seed 002 hit reaction; R22)").format(
                                        known=", ".join(STANDING))))
        found += _army(sc, a, army, tables, terrain, ids, taken, commanders)
    for sq, uid, a, n in commanders:
        held = taken.get(sq)
        if held is not None and held[1] != a:
            found.append(sc.problem(("armies", a, "units", n, "square"),
                                    _("{unit}: {square} holds the enemy's {other} (a commander never shares a square "
                                      "with the enemy: R12)").format(unit=uid, square=sq, other=held[0])))
    return found


def _off(text: str, width: int, height: int) -> str:
    """Why `text` is not a square of the grid ("" when it is one)."""
    if not is_square(text):
        return _("{text!r} is not a square (a column letter and a row number, e.g. C4)").format(text=text)
    sq = parse_square(text)
    return "" if on_board(sq, width, height) else _("{square} is off the {width}x{height} grid").format(
        square=sq, width=width, height=height)


def _army(sc: Scenario, a: int, army: dict[str, Any], tables: dict[str, Any], terrain: dict[str, str],
          ids: dict[str, int], taken: dict[str, tuple[str, int]], commanders: list[tuple[str, str, int, int]]
          ) -> list[Problem]:
    """Each unit's type, class, square and facing; one unit a square (R18); a commander (seed 002:
    the army's initial SP counts its Commander's 6)."""
    found: list[Problem] = []
    kinds = tables.get("units", {})
    width, height = sc.data["width"], sc.data["height"]
    has_commander = False
    for n, u in enumerate(army["units"]):
        at = ("armies", a, "units", n)
        uid = u["id"].lower()
        if uid in ids:
            found.append(sc.problem((*at, "id"), _("unit id {id!r} is used twice (first on line {line})").format(
                id=uid, line=ids[uid])))
        ids.setdefault(uid, sc.line((*at, "id")))
        spec = kinds.get(u["type"])
        if not isinstance(spec, dict):
            known = ", ".join(k for k, v in kinds.items() if isinstance(v, dict))
            found.append(sc.problem((*at, "type"), _("{unit}: unknown unit type {type!r}; known: {known}").format(
                unit=uid, type=u["type"], known=known)))
            continue
        if u.get("class", "average") not in CLASSES:
            found.append(sc.problem((*at, "class"), _("{unit}: class is one of {known}").format(
                unit=uid, known=", ".join(CLASSES))))
        for key, only in (("facing", N_("{unit}: only artillery takes facing (a gun's arc, PW19C-Squared rule e)")),
                          ("horse", N_("{unit}: only artillery takes horse (horse artillery, R8)"))):
            if key in u and spec["arm"] != "artillery":
                found.append(sc.problem((*at, key), _(only).format(unit=uid)))
        if u.get("facing", "n") not in DIRECTIONS:
            found.append(sc.problem((*at, "facing"), _("{unit}: a gun faces n, e, s or w").format(unit=uid)))
        if u.get("formation", "line") not in FORMATIONS or ("formation" in u and spec["arm"] != "infantry"):
            found.append(sc.problem((*at, "formation"), _("{unit}: infantry is in {formations}; no other arm takes a "
                                                          "formation").format(unit=uid, formations=_(" or ").join(FORMATIONS))))
        has_commander = has_commander or spec["arm"] == "commander"
        why = _off(u["square"], width, height)
        if why:
            found.append(sc.problem((*at, "square"), _("{what}: {why}").format(what=uid, why=why)))
            continue
        sq = parse_square(u["square"])
        if terrain.get(sq) == "river":
            found.append(sc.problem((*at, "square"), _("{unit}: {square} is river (only fords can be entered)").format(
                unit=uid, square=sq)))
        if spec["arm"] == "commander":
            commanders.append((sq, uid, a, n))
        elif sq in taken:
            found.append(sc.problem((*at, "square"), _("{unit}: {square} already holds {other} "
                                                       "(one unit a square, commanders apart: R18)").format(
                unit=uid, square=sq, other=taken[sq][0])))
        else:
            taken[sq] = (uid, a)
    if not has_commander:
        found.append(sc.problem(("armies", a), _("army {name!r} has no commander (a unit of a type whose arm is "
                                                 "commander: seed 002, R26)").format(name=army["name"])))
    return found

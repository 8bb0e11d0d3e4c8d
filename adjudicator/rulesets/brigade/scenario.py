"""A scenario file checked before a game starts: its keys and types, then the table's own rules,
every problem on its line (see adjudicator/scenariofile.py)."""

from __future__ import annotations

import math
from typing import Any

from adjudicator.i18n import N_, _
from adjudicator.scenariofile import Path, Problem, Scenario, shape

from .state import CONTACT, KINDS, SKILLS

AT = (float, float)  # inches from the table's south-west corner
SHAPE = {
    "title?": str, "source?": str, "width?": float, "height?": float, "turns?": int,
    "sides": [{"id": str, "name?": str, "nationality?": str, "cinc": str}],
    "places?": [{"id": str, "name?": str, "at": AT, "key?": bool, "holder?": str}],
    "generals": [{"id": str, "name?": str, "side": str, "role?": str, "skill?": str, "at": AT}],
    "brigades": [{"id": str, "name?": str, "side": str,
                  "general": {"id?": str, "name?": str, "skill?": str, "at": AT},
                  "units": [{"id": str, "name?": str, "kind": str, "strength?": int, "at": AT}]}],
}
APART = CONTACT  # ruling R28: two units closer than this, in inches, stand on each other


def problems(sc: Scenario, tables: dict[str, Any]) -> list[Problem]:
    found = shape(sc, SHAPE)
    if found:
        return found  # the table's rules read the values these name
    data = sc.data
    width, height = float(data.get("width", 72)), float(data.get("height", 48))
    sides = [s["id"] for s in data["sides"]]
    if len(sides) != 2:
        found.append(sc.problem(("sides",), _("a General de Brigade game has two sides, not {count}").format(count=len(sides))))
    ids: dict[str, int] = {}
    placed: list[tuple[tuple[float, float], str, Path]] = []  # where each unit stands

    def piece(path: Path, entry: dict[str, Any], what: str) -> str:
        """The piece's id, counted; its position on the table; its side one of the scenario's. `what`
        names the piece: a template of its id (`N_("unit {id}")`)."""
        pid = entry.get("id", "")
        who = _(what).format(id=pid)
        if pid:
            if pid in ids:
                found.append(sc.problem((*path, "id"), _("{who}: the id is used twice (first on line {line})").format(
                    who=who, line=ids[pid])))
            ids.setdefault(pid, sc.line((*path, "id")))
        x, y = entry.get("at", (0, 0))  # a brigade has no place of its own: its units and brigadier do
        if not (0 <= x <= width and 0 <= y <= height):
            found.append(sc.problem((*path, "at"), _("{who}: {x:g},{y:g} is off the {width:g}x{height:g} inch table").format(
                who=who, x=x, y=y, width=width, height=height)))
        if "side" in entry and entry["side"] not in sides:
            found.append(sc.problem((*path, "side"), _("{who}: unknown side {side!r}; known: {known}").format(
                who=who, side=entry["side"], known=", ".join(sides))))
        return pid

    cincs: dict[str, str] = {}
    for n, g in enumerate(data["generals"]):
        piece(("generals", n), g, N_("general {id}"))
        if g.get("role", "cinc") != "cinc":
            found.append(sc.problem(("generals", n, "role"), _("general {id}: [[generals]] are commanders-in-chief "
                                                               "(role cinc); a brigadier is his brigade's `general`").format(
                id=g["id"])))
        found += _skill(sc, ("generals", n), g)
        cincs[g["id"]] = g["side"]
    for n, s in enumerate(data["sides"]):
        if cincs.get(s["cinc"]) != s["id"]:
            found.append(sc.problem(("sides", n, "cinc"), _("side {side}: its commander-in-chief {cinc!r} is not one of "
                                                            "its [[generals]] (seed 003 §5.1: each army has a CinC)").format(
                side=s["id"], cinc=s["cinc"])))
    for b, brigade in enumerate(data["brigades"]):
        at = ("brigades", b)
        piece(at, brigade, N_("brigade {id}"))
        general = brigade["general"]
        piece((*at, "general"), {**general, "id": general.get("id", f"{brigade['id']}-g")}, N_("brigadier {id}"))
        found += _skill(sc, (*at, "general"), general)
        if not brigade["units"]:
            found.append(sc.problem((*at, "units"), _("brigade {id} has no units").format(id=brigade["id"])))
        for n, u in enumerate(brigade["units"]):
            path = (*at, "units", n)
            piece(path, u, N_("unit {id}"))
            if u["kind"] not in KINDS:
                found.append(sc.problem((*path, "kind"), _("unit {id}: unknown kind {kind!r}; known: {known}").format(
                    id=u["id"], kind=u["kind"], known=", ".join(KINDS))))
            if u.get("strength", 1) < 1:
                found.append(sc.problem((*path, "strength"), _("unit {id}: strength is at least 1").format(id=u["id"])))
            found += _on_another(sc, placed, (float(u["at"][0]), float(u["at"][1])), u["id"], path)
    for n, p in enumerate(data.get("places", [])):
        piece(("places", n), p, N_("place {id}"))
        if p.get("holder") and p["holder"] not in sides:
            found.append(sc.problem(("places", n, "holder"), _("place {id}: unknown side {side!r}; known: {known}, "
                                                               "or \"\" for none").format(
                id=p["id"], side=p["holder"], known=", ".join(sides))))
    return found


def _skill(sc: Scenario, path: Path, general: dict[str, Any]) -> list[Problem]:
    if general.get("skill", "average") in SKILLS:
        return []
    return [sc.problem((*path, "skill"), _("skill is one of {known} (seed 003 §5.2)").format(known=", ".join(SKILLS)))]


def _on_another(sc: Scenario, placed: list[tuple[tuple[float, float], str, Path]], xy: tuple[float, float], uid: str,
                path: Path) -> list[Problem]:
    """A unit set on top of another (ruling R28), then counted among those placed."""
    near = next((other for at, other, _where in placed if math.dist(at, xy) < APART), None)
    placed.append((xy, uid, path))
    if near is None:
        return []
    return [sc.problem((*path, "at"), _("unit {id} stands on {other}: units are at least {apart:g} inch apart (R28)").format(
        id=uid, other=near, apart=APART))]

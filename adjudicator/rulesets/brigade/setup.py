"""The state before the first action: the scenario's armies mapped onto the game's players."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

import msgspec

from events.core import GameCreated
from adjudicator.errors import BadInput
from adjudicator.rulesets.brigade import army
from adjudicator.rulesets.brigade.state import KINDS, SKILLS, BrigadeState, Brigade, General, Place, Side, Unit
from adjudicator.i18n import _

if TYPE_CHECKING:
    from adjudicator.scenariofile import Problem


def check_scenario(text: str, tables: dict[str, Any]) -> list[Problem]:
    """What is wrong with a scenario file, each problem on its line (the checks are read only by `new`)."""
    from adjudicator.rulesets.brigade.scenario import problems as table_problems
    from adjudicator.scenariofile import problems

    return problems(text, table_problems, tables)


def _pos(entry: dict[str, Any], where: str, width: float, height: float) -> tuple[float, float]:
    at = entry.get("at")
    if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, (int, float)) for v in at)):
        raise BadInput(_("scenario: {where}: `at` must be [x, y] in inches").format(where=where))
    x, y = float(at[0]), float(at[1])
    if not (0 <= x <= width and 0 <= y <= height):
        raise BadInput(_("scenario: {where}: {x},{y} is off the {width}x{height} inch table").format(
            where=where, x=x, y=y, width=width, height=height))
    return x, y


def setup(created: GameCreated) -> BrigadeState:
    sc = created.data.get("scenario") or {}
    tables = created.data.get("tables") or {}
    sides_data = sc.get("sides") or []
    if len(sides_data) != 2:
        raise BadInput(_("scenario: a General de Brigade game has exactly two sides"))
    if len(created.players) != 2:
        raise BadInput(_("brigade: two players, one per side ({sides}), in that order").format(
            sides=", ".join(s["id"] for s in sides_data)))
    width, height = float(sc.get("width", 72)), float(sc.get("height", 48))
    # the scenario's side ids are mapped, in order, onto the game's player names
    side_of = {s["id"]: p for s, p in zip(sides_data, created.players)}

    def owner(sid: str, where: str) -> str:
        if sid not in side_of:
            raise BadInput(_("scenario: {where}: unknown side {side!r}").format(where=where, side=sid))
        return side_of[sid]

    generals: dict[str, General] = {}
    for g in sc.get("generals", []):
        skill = g.get("skill", "average")
        if skill not in SKILLS:
            raise BadInput(_("scenario: general {general}: skill is one of {skills}").format(
                general=g.get("id"), skills=", ".join(SKILLS)))
        x, y = _pos(g, f"general {g.get('id')}", width, height)
        generals[g["id"]] = General(id=g["id"], name=g.get("name", g["id"]), side=owner(g["side"], g["id"]),
                                    role=g.get("role", "cinc"), skill=skill, x=x, y=y)
    sides = {}
    for s in sides_data:
        p = side_of[s["id"]]
        if s.get("cinc") not in generals:
            raise BadInput(_("scenario: side {side}: its cinc {cinc!r} is not a general").format(side=s["id"], cinc=s.get("cinc")))
        sides[p] = Side(id=s["id"], name=s.get("name", s["id"]), nationality=s.get("nationality", ""), cinc=s["cinc"])
    brigades: dict[str, Brigade] = {}
    units: dict[str, Unit] = {}
    for b in sc.get("brigades", []):
        side = owner(b["side"], b["id"])
        gd = b.get("general") or {}
        gid = gd.get("id", f"{b['id']}-g")
        x, y = _pos(gd, f"brigadier of {b['id']}", width, height)
        generals[gid] = General(id=gid, name=gd.get("name", gid), side=side, role="brigadier",
                                skill=gd.get("skill", "average"), x=x, y=y, brigade=b["id"])
        brigades[b["id"]] = Brigade(id=b["id"], name=b.get("name", b["id"]), side=side, general=gid)
        for u in b.get("units", []):
            if u.get("kind") not in KINDS:
                raise BadInput(_("scenario: unit {unit}: kind is one of {kinds}").format(unit=u.get("id"), kinds=", ".join(KINDS)))
            x, y = _pos(u, f"unit {u['id']}", width, height)
            strength = int(u.get("strength", 1))
            units[u["id"]] = Unit(id=u["id"], name=u.get("name", u["id"]), side=side, brigade=b["id"],
                                  kind=u["kind"], x=x, y=y, sx=x, sy=y, strength=strength, start_strength=strength)
    places = {}
    for pl in sc.get("places", []):
        x, y = _pos(pl, f"place {pl.get('id')}", width, height)
        holder = owner(pl["holder"], pl["id"]) if pl.get("holder") else ""
        places[pl["id"]] = Place(id=pl["id"], name=pl.get("name", pl["id"]), x=x, y=y, key=bool(pl.get("key")),
                                 holder=holder, start_holder=holder)
    ids = Counter([*generals, *brigades, *units, *places])
    dup = sorted(i for i, n in ids.items() if n > 1)
    if dup:
        raise BadInput(_("scenario: ids must be unique; repeated: {ids}").format(ids=", ".join(dup)))
    state = BrigadeState(
        game=created.game, title=sc.get("title", ""), width=width, height=height,
        max_turns=int(sc.get("turns", 10)), players=(created.players[0], created.players[1]),
        options=tuple(created.options), tables=tables, sides=sides, generals=generals, brigades=brigades, units=units, places=places,
    )
    state.sides = {p: _valued(state, p, side) for p, side in sides.items()}
    state.phase = "skills" if needs_skill_roll(state) else "orders"
    return state


def _valued(state: BrigadeState, p: str, side: Side) -> Side:
    """The side with its army value and its Waver and Break points (§15.2)."""
    value = army.army_value(state, p)
    waver, breakpoint = army.points(state.tables, value)
    return msgspec.structs.replace(side, value=value, waver=waver, breakpoint=breakpoint)


def needs_skill_roll(state: BrigadeState) -> bool:
    return "cinc-skill-roll" in state.options or "brigadier-skills" in state.options

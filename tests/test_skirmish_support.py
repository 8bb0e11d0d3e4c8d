"""What the `skirmish` rule suites share: small tables, scripted dice, one activation at a time.

No tests here; the rule files import these.
"""

from __future__ import annotations

from typing import Any

import msgspec

from adjudicator.rulesets.skirmish import actions, setup
from adjudicator.rulesets.skirmish.state import SkirmishState
from adjudicator.rulesets.skirmish.tables import shipped
from events.skirmish import FigurePath

TABLES = shipped()


class Dice:
    """Scripted dice: each roll takes the next faces; every roll asked for is recorded."""

    def __init__(self, *faces: int):
        self.faces = list(faces)
        self.asked: list[tuple[str, str, str]] = []

    def roll(self, purpose: str, expr: str, side: str = "") -> tuple[int, ...]:
        n = int(expr.split("d")[0] or 1)
        if len(self.faces) < n:
            raise AssertionError(f"no scripted face left for {purpose} ({expr}); asked {self.asked}")
        out = tuple(self.faces[:n])
        del self.faces[:n]
        self.asked.append((purpose, expr, side))
        return out

    def done(self) -> bool:
        return not self.faces


def fig(fid: str, side: str, profile: str, at: tuple[float, float], **extra: Any) -> dict[str, Any]:
    return {"id": fid, "side": side, "profile": profile, "at": list(at), **extra}


def board(*figures: dict[str, Any], groups: tuple[dict[str, Any], ...] = (), areas: tuple[dict[str, Any], ...] = (),
          lines: tuple[dict[str, Any], ...] = (), guns: tuple[dict[str, Any], ...] = (), size: float = 120.0,
          active: str = "red", ap: int = 18, enemy_ap: int = 6, fmt: str = "small", phase: str = "activation",
          **scenario: Any) -> SkirmishState:
    """A table with the figures given; red faces north (90°), blue south (270°) unless told."""
    sides = []
    for side, facing, edges in (("red", 90.0, ["south"]), ("blue", 270.0, ["north"])):
        mine = [{k: v for k, v in f.items() if k != "side"} for f in figures if f["side"] == side]
        sides.append({"id": side, "format": fmt, "facing": facing, "edges": edges, "figures": mine,
                      "groups": [g for g in groups if g.get("side", "red") == side],
                      "guns": [g for g in guns if g.get("side", "red") == side]})
    data = {"table": {"width": size, "height": size}, "sides": sides, "areas": list(areas), "lines": list(lines),
            "format": fmt, **scenario}
    state = setup.initial_state(data, TABLES, "test")
    commands = {cid: msgspec.structs.replace(c, ap=ap if c.side == active else enemy_ap) for cid, c in state.commands.items()}
    if phase == "activation":
        order = tuple(sorted(commands, key=lambda c: commands[c].side != active))
        state = msgspec.structs.replace(state, phase="activation", commands=commands, order=order,
                                        active=order[0] if order else "")
    return state


def path(fid: str, *points: tuple[float, float]) -> FigurePath:
    return FigurePath(figure=fid, points=tuple(points))


def activate(state: SkirmishState, unit: str, *kinds: str) -> SkirmishState:
    side = state.commands[state.active].side
    found = actions.declaration_violations(state, side, unit, kinds)
    assert not found, found
    return actions.activate(state, unit, kinds).state


def codes(violations: list) -> list[str]:
    return [v.code for v in violations]


def put(state: SkirmishState, fid: str, **changes: Any) -> SkirmishState:
    f = msgspec.structs.replace(state.figures[fid], **changes)
    return msgspec.structs.replace(state, figures={**state.figures, fid: f})

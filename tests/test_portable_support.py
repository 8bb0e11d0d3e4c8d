"""Helpers for the `portable` rule suites: small boards, scripted dice, one action at a time.

No tests here; the rule files import these.
"""

from __future__ import annotations

from typing import Any

import msgspec

from events.core import DiceCommitment, Envelope, GameCreated
from adjudicator.rulesets import get
from adjudicator.rulesets.portable.setup import setup
from adjudicator.rulesets.portable.state import PortableState

RS = get("portable")
SIDES = ("red", "blue")


class Dice:
    """Scripted dice: each roll takes the next faces; every roll asked for is recorded."""

    def __init__(self, *faces: int):
        self.faces = list(faces)
        self.asked: list[tuple[str, str, str]] = []

    def roll(self, purpose: str, expr: str, side: str = "") -> tuple[int, ...]:
        n = int(expr.split("d")[0] or 1)
        if len(self.faces) < n:
            raise AssertionError(f"no scripted face left for {purpose} ({expr})")
        out = tuple(self.faces[:n])
        del self.faces[:n]
        self.asked.append((purpose, expr, side))
        return out


def unit(uid: str, side: int, kind: str, square: str, cls: str = "average", **extra: Any) -> tuple:
    return (uid, side, kind, square, cls, extra)


def board(*units: tuple, terrain: dict[str, list[str]] | None = None, width: int = 8, height: int = 8,
          options: tuple[str, ...] = (), tables: dict[str, Any] | None = None, max_turns: int = 12,
          phase: str = "activation", active: str = "red") -> PortableState:
    armies = []
    for i, side in enumerate(SIDES):
        mine = [dict(id=u[0], type=u[2], square=u[3], **{"class": u[4]}, **u[5]) for u in units if u[1] == i]
        armies.append({"name": f"army-{side}", "units": mine})
    scenario = {"title": "test", "width": width, "height": height, "max_turns": max_turns,
                "terrain": terrain or {}, "armies": armies}
    created = GameCreated(game="t", ruleset="portable", players=SIDES, scenario="test", options=options,
                          data={"scenario": scenario, "tables": tables or RS.tables},
                          dice=DiceCommitment(mode="committed", epochs=10, anchor=""))
    state = setup(created)
    if phase == "activation":
        state = msgspec.structs.replace(state, phase="activation", first=active, active=active)
    return state


def event(actor: str, action) -> Envelope:
    return Envelope(game="t", seq=2, actor=actor, turn=1, phase="x", epoch=1, action=action, prev="0" * 64)


def refused(state: PortableState, actor: str, action) -> list:
    """What the ruleset says of an action: the phase table's gate, then the action's own rules."""
    return RS.check(state, actor, action)


def refused_by_the_engine(state: PortableState, actor: str, action) -> list:
    """What the engine says of an action: its own rules first (the players, the game's end), then the
    ruleset's, as for a post."""
    from adjudicator import core, engine

    created = GameCreated(game="t", ruleset="portable", players=SIDES,
                          dice=DiceCommitment(mode="committed", epochs=10, anchor=""))
    game = engine.Game(created, RS)
    return engine.violations(game, core.GameState(core=core.initial_core(created), rules=state), actor, action)


def told(state: PortableState, actor: str, action, *faces: int) -> tuple[PortableState, tuple[str, ...]]:
    """Post one legal action with scripted dice (every scripted face must be used): the state after it,
    and what it says it did."""
    found = RS.check(state, actor, action)
    assert not found, found
    dice = Dice(*faces)
    after, draft = RS.apply(state, event(actor, action), dice)
    assert not dice.faces, f"unused faces {dice.faces}; asked {dice.asked}"
    return after, (draft.outcome().lines if draft is not None else ())


def act(state: PortableState, actor: str, action, *faces: int) -> PortableState:
    """Post one legal action with scripted dice; every scripted face must be used."""
    return told(state, actor, action, *faces)[0]


def codes(violations: list) -> list[str]:
    return [v.code for v in violations]


def with_units(state: PortableState, **changes: dict[str, Any]) -> PortableState:
    units = dict(state.units)
    for uid, c in changes.items():
        units[uid] = msgspec.structs.replace(units[uid], **c)
    return msgspec.structs.replace(state, units=units)

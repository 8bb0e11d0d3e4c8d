"""Helpers for the `paris` rule suites: build a state from a scenario, set units up, post actions
with chosen dice. (No tests here.)"""

from __future__ import annotations

import msgspec

from events.core import DiceCommitment, Envelope, GameCreated
from adjudicator.draft import NOTHING, Outcome
from adjudicator.rulesets import get
from adjudicator.rulesets.paris.state import PState

RS = get("paris")


class FixedDice:
    """Dice whose faces the test chooses, in order; every roll asked for is recorded."""

    def __init__(self, faces=()):
        self.faces = list(faces)
        self.asked: list[str] = []

    def roll(self, purpose, expr, side=""):
        self.asked.append(purpose)
        if not self.faces:
            raise AssertionError(f"an unexpected roll: {purpose}")
        return (self.faces.pop(0),)


def new_state(scenario: str = "dreux-1562", options: tuple[str, ...] = (), tables: dict | None = None,
              players: tuple[str, ...] | None = None) -> PState:
    scen = RS.scenarios[scenario]
    data = {"scenario": scen.data, "tables": {**RS.tables, **(tables or {})}}
    players = players or tuple(scen.data["sides"])
    created = GameCreated(game="t", ruleset="paris", players=players, scenario=scenario, options=options, data=data,
                          dice=DiceCommitment(mode="committed", epochs=20, anchor="00" * 32))
    return RS.setup(created)


def refuse(state: PState, actor: str, action) -> list:
    return RS.check(state, actor, action)


def codes(state: PState, actor: str, action) -> list[str]:
    return [v.code for v in refuse(state, actor, action)]


def posted(state: PState, actor: str, action, faces=(), check: bool = True) -> tuple[PState, Outcome]:
    """The state after `action`, and what it did (the report's lines, the map's marks, the
    provisional tables that decided it)."""
    if check:
        found = refuse(state, actor, action)
        assert not found, found
    dice = FixedDice(faces)
    env = Envelope(game="t", seq=2, actor=actor, turn=state.turn, phase=state.phase, epoch=state.turn,
                   action=action, prev="0" * 64)
    after, said = RS.apply(state, env, dice)
    assert not dice.faces, f"dice left unused: {dice.faces} (asked: {dice.asked})"
    return after, said.outcome() if said is not None else NOTHING


def post(state: PState, actor: str, action, faces=(), check: bool = True) -> PState:
    return posted(state, actor, action, faces, check)[0]


def only(state: PState, *keep: str) -> PState:
    """Keep only the named units (and every leader): an empty field for a rule case, where the
    scenario's immediate victory (every enemy cavalry unit gone) is switched off."""
    return msgspec.structs.replace(state, units={k: v for k, v in state.units.items() if k in keep},
                                   victory={"count": state.victory.get("count", "units")})


def place(state: PState, uid: str, hex: str, facing: str | None = None, **kw) -> PState:
    from adjudicator.rulesets.paris.hexgrid import parse_facing

    changes = {"hex": hex, **kw}
    if facing is not None:
        changes["facing"] = parse_facing(facing)
    if uid in state.leaders:
        return msgspec.structs.replace(state, leaders={**state.leaders, uid: msgspec.structs.replace(state.leaders[uid], **changes)})
    return msgspec.structs.replace(state, units={**state.units, uid: msgspec.structs.replace(state.units[uid], **changes)})


def acting(state: PState, wing: str, order: str | None = None, **kw) -> PState:
    """The state with `wing` active, in its unit-actions step."""
    wings = dict(state.wings)
    if order:
        wings[wing] = msgspec.structs.replace(wings[wing], order=order)
    return msgspec.structs.replace(state, wings=wings, phase="act", active_wing=wing, first=wings[wing].side,
                                   to_play=wings[wing].side, **kw)


def standing(state: PState, side: str, **modes: str) -> PState:
    return msgspec.structs.replace(state, standing={**state.standing, side: {k.replace("_", "-"): v for k, v in modes.items()}})


def engine_decides_melee(state: PState) -> PState:
    """Both sides leave the melee retreats and advances to the engine (rulings R20-R22), for cases
    about something else."""
    for side in state.players:
        state = standing(state, side, retreat="auto", advance="always")
    return state

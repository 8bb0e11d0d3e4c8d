"""`portable`: Bob Cordery's Portable Wargame, European and colonial wars 1860-1900 (seed 002).

A squared grid, d6 dice, strength points and an army Exhaustion Point. The seed breaks off at
the artillery phase: artillery fire, small-arms fire and close combat are provisional tables
(tables.toml) a referee can replace. Each game turn is one dice epoch.
"""

from __future__ import annotations

from pathlib import Path

from events.portable import ACTIONS
from adjudicator.ruledata import load_scenarios, load_tables, tables_template
from adjudicator.legacy import legacy
from adjudicator.ruleset import Awaiting

from .legal import legal_actions
from .notation import VERBS
from .rules import apply, validate
from .state import PortableState, initial_state
from .svg import render_svg
from .turn import can_bombard

HERE = Path(__file__).parent


def awaiting(state: PortableState) -> list[Awaiting]:
    if state.phase == "over":
        return []
    if state.pending:
        seen: dict[str, Awaiting] = {}
        for d in state.pending:
            seen.setdefault(d.side, Awaiting(d.side, f"hit on {d.unit} (by {d.by}): react {d.unit} retreat [SQUARE] "
                                                     f"or react {d.unit} lose (seed 002 hit reaction)"))
        return list(seen.values())
    if state.phase == "artillery":
        left = [s for s in state.sides if s not in state.art_done]
        firing = [s for s in left if can_bombard(state, s)]
        if firing:
            return [Awaiting(s, f"turn {state.turn} artillery phase: bombard GUN at TARGET, then end artillery")
                    for s in firing]
        return [Awaiting(s, f"turn {state.turn} artillery phase: no gun can fire; end artillery to roll for initiative")
                for s in left]
    return [Awaiting(state.active, f"turn {state.turn}: activate units (move; move and fire; move and melee), "
                                   "then end activation")]


def describe(before: PortableState, after: PortableState, event) -> list[str]:
    return list(after.said) if type(event.action) in ACTIONS else []


def epoch(state: PortableState) -> int:
    """The dice epoch is the game turn; once the battle is over, the last turn's epoch is closed too."""
    return state.turn + (1 if state.phase == "over" else 0)


RULESET = legacy(
    name="portable",
    title="The Portable Wargame: rifle and Gatling, 1860-1900 (Bob Cordery)",
    source="seed 002 (Russian text of Bob Cordery's Portable Wargame); missing procedures provisional, see tables.toml",
    state_type=PortableState,
    actions=ACTIONS,
    verbs=VERBS,
    initial_state=initial_state,
    validate=validate,
    apply=apply,
    awaiting=awaiting,
    legal_actions=legal_actions,
    describe=describe,
    turn=lambda s: s.turn,
    phase=lambda s: s.phase,
    epoch=epoch,
    result=lambda s: s.result if s.phase == "over" else "",
    scenarios=load_scenarios(HERE),
    tables=load_tables(HERE),
    options={
        "half-exhaustion": "Exhaustion Point = half the initial army SP, rounded up (Cordery's Nov 2014 revision) "
                           "instead of the seed's third",
        "class-sp": "Elite units +1 SP, Poor units -1 SP (the seed's example of an agreed adjustment)",
    },
    render_svg=render_svg,
    tables_template=tables_template(HERE),
    default_epochs=200,
)

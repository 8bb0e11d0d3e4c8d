"""Chapter IV (seed 003 §4.1-§4.8): the turn, step by step, and who must act in each step.

A step belongs to the phasing player (P), the non-phasing player (N), the initiative
winner (W), anyone (*) or the referee (R). The referee enters the outcomes of the
procedures the seeds do not hold (charge resolution, fire, melee, morale).
"""

from __future__ import annotations

from events.core import REFEREE
from adjudicator.ruleset import Awaiting
from adjudicator.rulesets.brigade.state import BrigadeState

STEPS: tuple[tuple[str, str, str], ...] = (
    ("initiative", "*", "roll initiative (either side or the referee)"),
    ("initiative", "W", "take initiative or give initiative"),
    ("command", "N", "order changes first, as non-phasing player: change order, brigadier initiative, then done"),
    ("command", "P", "order changes, as phasing player: change order, brigadier initiative, then done"),
    ("compulsory", "P", "compulsory moves of retreating, routing, pursuing units and broken brigades, then done"),
    ("compulsory", "N", "compulsory moves of retreating, routing, pursuing units and broken brigades, then done"),
    ("charges", "P", "declare charges, then done"),
    ("charges", "N", "declare charges, then done"),
    ("charge-results", "R", "resolve the charges (moves and results), then done"),
    ("movement", "P", "move, then done"),
    ("movement", "N", "move, then done"),
    ("firing", "P", "fire, then done"),
    ("fire-results", "R", "enter the casualties of the phasing player's fire, then done"),
    ("firing", "N", "fire, then done"),
    ("fire-results", "R", "enter the casualties of the non-phasing player's fire, then done"),
    ("melee", "R", "resolve every melee (results), then done"),
    ("morale", "R", "unit morale results first, then brigade morale results, then done"),
)
RULE = {"initiative": "seed 003 §4.1", "command": "seed 003 §4.2", "compulsory": "seed 003 §4.3",
        "charges": "seed 003 §4.4", "charge-results": "seed 003 §4.4", "movement": "seed 003 §4.5",
        "firing": "seed 003 §4.6", "fire-results": "seed 003 §4.6", "melee": "seed 003 §4.7",
        "morale": "seed 003 §4.8"}
SETUP_PHASES = ("skills", "orders", "orders-reveal")


def step_actor(state: BrigadeState) -> str:
    """The side (or referee, or * for anyone) the current step belongs to."""
    role = STEPS[state.step][1]
    if role == "P":
        return state.phasing
    if role == "N":
        return state.other(state.phasing)
    if role == "W":
        return state.initiative_winner
    return REFEREE if role == "R" else "*"


def awaiting(state: BrigadeState) -> list[Awaiting]:
    if state.over:
        return []
    if state.phase == "skills":
        return [Awaiting(p, "roll skills (§5.2, §5.3)") for p in state.players if not state.sides[p].skills_rolled]
    if state.phase == "orders":
        return [Awaiting(p, "seal your written brigade orders: seal LABEL COMMITMENT (§5.5)")
                for p in state.players if not state.sides[p].orders_label]
    if state.phase == "orders-reveal":
        waiting = [p for p in state.players if not state.sides[p].orders_open]
        return [Awaiting(p, "reveal your written brigade orders: unseal LABEL SALT with | BRIGADE ORDER lines (§5.5)")
                if state.sides[p].orders_label else
                Awaiting(REFEREE, f"{p}'s written orders are void and stand as not given: `set order` each of its "
                                  "brigades, then `done` (§5.5, R26, R27)")
                for p in waiting]
    who = step_actor(state)
    text = f"turn {state.turn}, {state.phase}: {STEPS[state.step][2]}"
    return [Awaiting(state.players[0] if who == "*" else who, text)]


def phase_label(state: BrigadeState) -> str:
    return "over" if state.over else state.phase

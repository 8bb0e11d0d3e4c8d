"""`brigade`: General de Brigade (David C. R. Brown), command and control and army morale.

Seeds 003 (chapter IV, sequence of play; chapter V, command and control) and 004
(chapter XV, deciding the winner). The chapters on charges, movement, firing, melee and
morale are not in the seeds: their outcomes are entered by the referee as result events,
and the ruleset tracks what follows from them (army value, Defeat Tests, order changes).
"""

from __future__ import annotations

from pathlib import Path

from events.brigade import ACTIONS
from adjudicator.ruledata import load_scenarios, load_tables, tables_template
from adjudicator.legacy import legacy
from adjudicator.rulesets.brigade.describe import describe
from adjudicator.rulesets.brigade.legal import legal_actions, sealable_orders
from adjudicator.rulesets.brigade.notation import VERBS
from adjudicator.rulesets.brigade.reducer import apply
from adjudicator.rulesets.brigade.sequence import awaiting, phase_label
from adjudicator.rulesets.brigade.setup import initial_state
from adjudicator.rulesets.brigade.state import BrigadeState
from adjudicator.rulesets.brigade.svg import render_svg
from adjudicator.rulesets.brigade.validate import check_orders, validate

HERE = Path(__file__).parent


def epoch(state: BrigadeState) -> int:
    """The game turn (setup rolls share turn 1's epoch); past the end, so the last turn is closed."""
    return state.turn + 1 if state.over else max(1, state.turn)


OPTIONS = {
    "cinc-skill-roll": "§5.2: roll each CinC's skill on 1d6 instead of the scenario's historical rating",
    "brigadier-skills": "§5.3 optional rule: brigadiers have skills, rolled on 1d6 (else all are Average)",
    "late-orders": "§5.12 optional rule: an order-change roll equal to the threshold takes effect next turn",
    "literal-defeat-triggers": "§15.3 read literally: every broken brigade and every routing unit "
                               "triggers a Defeat Test, not only once the Waver point is reached (R1)",
}

RULESET = legacy(
    name="brigade",
    title="General de Brigade: command, orders and army morale",
    source="seeds 003 (ch. IV sequence of play, ch. V command and control) and 004 (ch. XV deciding the winner)",
    state_type=BrigadeState,
    actions=ACTIONS,
    verbs=VERBS,
    initial_state=initial_state,
    validate=validate,
    apply=apply,
    awaiting=awaiting,
    legal_actions=legal_actions,
    describe=describe,
    turn=lambda s: s.turn,
    phase=phase_label,
    epoch=epoch,
    result=lambda s: s.result if s.over else "",
    scenarios=load_scenarios(HERE),
    tables=load_tables(HERE),
    options=OPTIONS,
    render_svg=render_svg,
    tables_template=tables_template(HERE),
    default_epochs=200,
    check_orders=check_orders,
    sealable_orders=sealable_orders,
)

"""`paris`: "Paris vaut bien une messe !" (Vae Victis n°50), seed 000, with Dreux 1562 and Ivry 1590.

Modules: hexgrid (geometry, sight), command (§5.1), sequence (§3-§4, §6.3, §14), movement (§7-§9,
§13), fire (§10), reactions (§8.2, §8.3, §10.3), melee (§11), morale (§12-§13), rules (validate,
apply), legal (awaiting, legal actions), notation (verbs), render (the SVG map).
"""

from __future__ import annotations

from pathlib import Path

from events.core import Envelope
from events.paris import ACTIONS
from adjudicator.ruledata import load_scenarios, load_tables, tables_template
from adjudicator.legacy import legacy
from adjudicator.rulesets.paris.legal import awaiting, legal_actions, sealable_orders
from adjudicator.rulesets.paris.model import PState
from adjudicator.rulesets.paris.notation import VERBS
from adjudicator.rulesets.paris.render import render_svg
from adjudicator.rulesets.paris.rules import apply, check_orders, validate
from adjudicator.rulesets.paris.setup import initial_state

HERE = Path(__file__).parent


def describe(before: PState, after: PState, event: Envelope) -> list[str]:
    lines = list(after.last)
    if after.provisional_used:
        lines.append("decided with provisional table(s): " + ", ".join(after.provisional_used)
                     + " (ours, not the printed game's; see `adjudicator tables --ruleset paris`)")
    return lines


RULESET = legacy(
    name="paris",
    title='"Paris vaut bien une messe !" (Vae Victis n°50): Dreux 1562, Ivry 1590',
    source="seed 000 (Russian translation of the rules, §1-§14); tables ours where the seed lacks them",
    state_type=PState,
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
    # a dice epoch is a game turn; once the game is over the last turn's epoch is closed too, so it can be revealed
    epoch=lambda s: s.turn + (1 if s.phase == "over" else 0),
    result=lambda s: s.result if s.phase == "over" else "",
    scenarios=load_scenarios(HERE),
    tables=load_tables(HERE),
    options={
        "huguenot-artillery": "Dreux: the heavy guns were not left behind: a second Huguenot artillery at 1115 (helps the Huguenots)",
        "coligny-reiters": "Dreux: a reiter unit that destroys an enemy unit leaves to plunder on a d10 of 0-4 (helps the Catholics)",
        "guise": "Dreux: Guise starts under Rally, with +4/+3/+2/+1 to order change on turns 1-4 (helps the Huguenots)",
    },
    render_svg=render_svg,
    tables_template=tables_template(HERE),
    default_epochs=64,
    check_orders=check_orders,
    sealable_orders=sealable_orders,
)

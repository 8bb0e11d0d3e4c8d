"""`paris`: "Paris vaut bien une messe !" (Vae Victis n°50), seed 000, with Dreux 1562 and Ivry 1590.

The modules every ruleset has: state (the state, the board of units), setup, phases (the sequence
of play as a table, §3), validate (the checks), apply (the steps), decide (standing orders: what the
engine decides on a side's behalf), notation (the verbs), render (the SVG map), codes (the
violation codes), play (legal actions and random play). The rules by area: hexgrid (geometry,
sight), ground (the map and who stands on it), command (§5.1), sequence (§3-§4, §6.3, §14),
movement (§7-§9, §13), reach (where a move can end), fire (§10), reactions (§8.2, §8.3, §10.3),
melee (§11), aftermath (§11.4, §11.5: what follows a melee result), morale (§12-§13), leaders
(§5.2), override (the referee's rulings).
"""

from __future__ import annotations

from adjudicator.ruleset import assemble

RULESET = assemble(
    __name__,
    title='"Paris vaut bien une messe !" (Vae Victis n°50): Dreux 1562, Ivry 1590',
    source="seed 000 (Russian translation of the rules, §1-§14); tables ours where the seed lacks them",
    options={
        "huguenot-artillery": "Dreux: the heavy guns were not left behind: a second Huguenot artillery at 1115 (helps the Huguenots)",
        "coligny-reiters": "Dreux: a reiter unit that destroys an enemy unit leaves to plunder on a d10 of 0-4 (helps the Catholics)",
        "guise": "Dreux: Guise starts under Rally, with +4/+3/+2/+1 to order change on turns 1-4 (helps the Huguenots)",
    },
    default_epochs=64,
)

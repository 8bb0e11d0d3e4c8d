"""`brigade`: General de Brigade (David C. R. Brown), command and control and army morale.

Seeds 003 (chapter IV, sequence of play; chapter V, command and control) and 004
(chapter XV, deciding the winner). The chapters on charges, movement, firing, melee and
morale are not in the seeds: their outcomes are entered by the referee as result events,
and the ruleset tracks what follows from them (army value, Defeat Tests, order changes).

The modules every ruleset has, and its rule areas: `initiative` (§4.1, §5.2, §5.3), `orders`
(what an order names, changing it: §5.5-§5.12), `conduct` (what an order allows: charges and
moves), `army` (army value, the Defeat Test, the end: chapter XV); `decide` holds the order changes
the rules make by themselves.
"""

from __future__ import annotations

from adjudicator.ruleset import assemble

RULESET = assemble(
    __name__,
    title="General de Brigade: command, orders and army morale",
    source="seeds 003 (ch. IV sequence of play, ch. V command and control) and 004 (ch. XV deciding the winner)",
    options={
        "cinc-skill-roll": "§5.2: roll each CinC's skill on 1d6 instead of the scenario's historical rating",
        "brigadier-skills": "§5.3 optional rule: brigadiers have skills, rolled on 1d6 (else all are Average)",
        "late-orders": "§5.12 optional rule: an order-change roll equal to the threshold takes effect next turn",
        "literal-defeat-triggers": "§15.3 read literally: every broken brigade and every routing unit "
                                   "triggers a Defeat Test, not only once the Waver point is reached (R1)",
    },
    default_epochs=200,
)

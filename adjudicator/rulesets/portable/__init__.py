"""`portable`: Bob Cordery's Portable Wargame, European and colonial wars 1860-1900 (seed 002).

A squared grid, d6 dice, strength points and an army Exhaustion Point. The seed breaks off at
the artillery phase: artillery fire, small-arms fire and close combat are provisional tables
(tables.toml) a referee can replace. Each game turn is one dice epoch.

The modules every ruleset has, each with something to hold here: state, setup, phases, validate
(CHECKS), apply (STEPS), decide (the owner's choice after a hit, and the standing orders that make
it), notation (VERBS), render (the SVG map), codes (the rule sections and every violation code),
play (legal_actions; random play picks among them, and there are no sealed orders). The rules by
area: grid (the squared grid), board (who stands where), movement, combat, hits (the hit tables),
losses (strength points and retreats), turn (the turn sequence and the end of the battle).
"""

from __future__ import annotations

from adjudicator.ruleset import assemble

RULESET = assemble(
    __name__,
    title="The Portable Wargame: rifle and Gatling, 1860-1900 (Bob Cordery)",
    source="seed 002 (Russian text of Bob Cordery's Portable Wargame); missing procedures provisional, see tables.toml",
    options={
        "half-exhaustion": "Exhaustion Point = half the initial army SP, rounded up (Cordery's Nov 2014 revision) "
                           "instead of the seed's third",
        "class-sp": "Elite units +1 SP, Poor units -1 SP (the seed's example of an agreed adjustment)",
    },
    default_epochs=200,
)

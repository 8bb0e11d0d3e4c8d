"""`skirmish`: a 1:1 horse-and-musket skirmish game, seed 001 (its title is not known).

Every figure is a fighter on a round base, measured in centimetres on the table; a side's
initiative dice are its Action Points for the turn, spent by figures and groups on up to three
declared actions each; reaction fire, evasion, the Officer's re-roll and the placing of hits wait
for the other side unless its standing orders settle them (decide.py). Ambush markers hide sealed
orders (ambush.py). Scenarios: Scenario 1, Key point, and Scenario 4, Assault, with forces of our
own; where the seed lacks a table (troop profiles, saves, army Morale Points) the values are ours,
marked provisional.
"""

from __future__ import annotations

from adjudicator.ruleset import assemble

RULESET = assemble(
    __name__,
    title="a 1:1 horse-and-musket skirmish game, seed 001",
    source="seed 001 (title unknown); an English digest in seed-systems §3; our rulings in RULINGS.md",
    default_epochs=64,
)

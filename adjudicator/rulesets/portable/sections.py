"""The rule sections violations cite: the seed's headings, and our provisional tables."""

from __future__ import annotations

from adjudicator.ruleset import Violation

UNITS = "seed 002 Unit types"
STRENGTH = "seed 002 Strength Points"
EXHAUSTION = "seed 002 Exhaustion Point"
SEQUENCE = "seed 002 Turn sequence"
HITS = "seed 002 Hit reaction"
CAVALRY = "seed 002 Hit reaction: infantry in line attacked by cavalry"
COMMANDER = "seed 002 Commander in the hit unit's square"
VILLAGE = "seed 002 Special rules: Village"
HORSE = "seed 002 Special rules: Horse artillery"
HILLS = "seed 002 Special rules: Hills"
ROAD = "seed 002 Special rules: Road"
RIVER = "seed 002 Special rules: Rivers"
WOODS = "seed 002 Special rules: Woods"
TRENCHES = "seed 002 Special rules: Trenches"
ARTILLERY = "artillery fire, provisional (tables.toml [artillery_fire])"
FIRE = "small-arms fire, provisional (tables.toml [small_arms_fire])"
MELEE = "close combat, provisional (tables.toml [close_combat])"
MOVEMENT = "movement, rulings R2 R4 (RULINGS.md)"
SCENARIO = "the scenario file"


def v(code: str, rule: str, message: str) -> list[Violation]:
    return [Violation(code, rule, message)]

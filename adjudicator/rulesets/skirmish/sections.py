"""The rule sections that violations and results cite.

The seed numbers nothing: a section is cited by its own heading, glossed in English, as
"seed 001 §Heading" (RULINGS.md lists each gloss with the Russian heading). Rules of our own
cite the table or ruling they come from.
"""

from __future__ import annotations

from adjudicator.ruleset import Violation

SEED = "seed 001"

SCALE = f"{SEED} §Scale and measurement"
GROUPS = f"{SEED} §Fighters and groups"
FORMATIONS = f"{SEED} §Groups and formations"
ORDER = f"{SEED} §Close and loose order"
PROFILE = f"{SEED} §Characteristics"
INITIATIVE = f"{SEED} §Initiative"
ACTIONS = f"{SEED} §Actions and Action Points"
MOVEMENT = f"{SEED} §Movement"
OBSTACLES = f"{SEED} §Crossing obstacles"
BUILDINGS = f"{SEED} §Movement in buildings"
SHOOTING = f"{SEED} §Shooting"
HOW_TO_SHOOT = f"{SEED} §How to shoot"
SHOOTING_MODIFIERS = f"{SEED} §Shooting modifiers"
VOLLEY = f"{SEED} §Group fire (volley)"
REACTION = f"{SEED} §Fire in the enemy's turn"
DAMAGE = f"{SEED} §Damage test"
SUPPRESSED = f"{SEED} §Suppressed fighters"
SPOTTING = f"{SEED} §Visibility and spotting"
AMBUSH = f"{SEED} §Ambushes"
AIMING = f"{SEED} §Aiming"
RELOADING = f"{SEED} §Reloading"
MELEE = f"{SEED} §Melee"
GROUP_ATTACK = f"{SEED} §Attack by a group"
SPECIAL = f"{SEED} §Special rules"
FORMATS = f"{SEED} §Appendix I: formats"
DEPLOYMENT = f"{SEED} §Appendix I: deployment before the battle"
KEY_POINT = f"{SEED} §Scenario 1: Key point"
ASSAULT = f"{SEED} §Scenario 4: Assault"
ARTILLERY = f"{SEED} §Artillery"
CREW = f"{SEED} §Artillery: crew"
AMMUNITION = f"{SEED} §Artillery: ammunition"
LIGHT_GUN = f"{SEED} §Light cannon"
BALL = f"{SEED} §Firing ball"
CANISTER = f"{SEED} §Canister"
COUNTER_BATTERY = f"{SEED} §Counter-battery fire"
VICTORY = "ours: army Morale Points (tables.toml [morale_points], ruling S30)"
TURN = "ours: the sequence of a turn (rulings S1, S2)"


def special(rule: str) -> str:
    """A special rule's own paragraph, e.g. special("Pike")."""
    return f"{SPECIAL}: {rule}"


def violation(code: str, message: str) -> Violation:
    """The one way this package makes a violation: the section comes from the catalogue
    (codes.py), so an uncatalogued code is a bug that shows at once."""
    from .codes import CODES

    return Violation(code, CODES[code], message)

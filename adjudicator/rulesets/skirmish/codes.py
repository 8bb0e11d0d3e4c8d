"""Every violation code of the ruleset, the rule section it enforces, and the sections themselves.

The seed numbers nothing: a section is cited by its own heading, glossed in English, as
"seed 001 §Heading" (RULINGS.md lists each gloss with the Russian heading). Rules of our own
cite the table or ruling they come from. violation(code, message) takes the section from the
catalogue, so a code cannot be emitted without being catalogued; tests/test_skirmish_codes.py
checks that every code the package emits is here and every code here is emitted.
"""

from __future__ import annotations

from adjudicator.i18n import Msg
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
STANDING = "ours: standing orders, decisions given in advance (ruling S46)"


def special(rule: str) -> str:
    """A special rule's own paragraph, e.g. special("Pike")."""
    return f"{SPECIAL}: {rule}"


CODES: dict[str, str] = {
    "activation/again": ACTIONS,
    "activation/ap": ACTIONS,
    "activation/busy": ACTIONS,
    "activation/count": ACTIONS,
    "activation/gun": CREW,
    "activation/kind": ACTIONS,
    "activation/marker": ACTIONS,
    "activation/no-crew": CREW,
    "activation/none": ACTIONS,
    "activation/not-on-table": ACTIONS,
    "activation/not-yours": ACTIONS,
    "activation/order": ACTIONS,
    "activation/spent": ACTIONS,
    "activation/suppressed": SUPPRESSED,
    "activation/unknown": ACTIONS,
    "aim/no-weapon": AIMING,
    "ambush/figure": AMBUSH,
    "ambush/id": AMBUSH,
    "ambush/late": AMBUSH,
    "ambush/not-opened": AMBUSH,
    "ambush/open": AMBUSH,
    "ambush/place": AMBUSH,
    "ambush/size": AMBUSH,
    "ambush/too-many": AMBUSH,
    "ambush/unknown": AMBUSH,
    "ambush/unplaced": AMBUSH,
    "ambush/unsealed": AMBUSH,
    "ambush/zone": DEPLOYMENT,
    "building/contact": BUILDINGS,
    "building/how": BUILDINGS,
    "building/inside": BUILDINGS,
    "building/outside": BUILDINGS,
    "building/place": BUILDINGS,
    "building/unknown": BUILDINGS,
    "charge/away": MELEE,
    "charge/evader": GROUP_ATTACK,
    "charge/loose": GROUP_ATTACK,
    "charge/no-choice": GROUP_ATTACK,
    "charge/only": MELEE,
    "charge/skirmishers": GROUP_ATTACK,
    "charge/straight": MELEE,
    "charge/target": MELEE,
    "charge/turn": MELEE,
    "deploy/directions": ASSAULT,
    "deploy/edges": KEY_POINT,
    "deploy/ammo": AMMUNITION,
    "deploy/company": DEPLOYMENT,
    "deploy/figure": DEPLOYMENT,
    "deploy/late": DEPLOYMENT,
    "deploy/none": DEPLOYMENT,
    "deploy/perimeter": ASSAULT,
    "deploy/too-many": DEPLOYMENT,
    "deploy/zone": DEPLOYMENT,
    "force/agitators": special("*Agitators"),
    "force/canister": LIGHT_GUN,
    "force/commander": FORMATS,
    "force/companies": FORMATS,
    "force/core": FORMATS,
    "force/crew": CREW,
    "force/crew-class": CREW,
    "force/crew-size": LIGHT_GUN,
    "force/format": FORMATS,
    "force/gun-size": ARTILLERY,
    "force/hero": special("Hero"),
    "force/ids": FORMATS,
    "force/lance": special("*Cavalry lance"),
    "force/officer": FORMATS,
    "force/officers": special("Officer"),
    "force/outstanding": special("Officer"),
    "force/points": FORMATS,
    "force/profile": FORMATS,
    "force/senior": special("Senior Officer"),
    "force/senior-extra": special("Senior Officer"),
    "force/sergeant": special("Sergeant"),
    "force/sergeants": FORMATS,
    "group/apart": GROUPS,
    "group/apart-loose": ORDER,
    "group/column": FORMATIONS,
    "group/fast-mob": ORDER,
    "group/formation": FORMATIONS,
    "group/id": GROUPS,
    "group/leader": GROUPS,
    "group/leader-far": GROUPS,
    "group/line": FORMATIONS,
    "group/loose": ORDER,
    "group/mixed": GROUPS,
    "group/no-leader": special("Leader"),
    "group/not-group": ORDER,
    "group/not-yours": GROUPS,
    "group/order": ORDER,
    "group/size": GROUPS,
    "group/skirmishers-close": ORDER,
    "group/sniper": special("Sniper"),
    "group/unknown": GROUPS,
    "gun/ammo": LIGHT_GUN,
    "gun/friends": CANISTER,
    "gun/front": BALL,
    "gun/loaded": LIGHT_GUN,
    "gun/no-rounds": LIGHT_GUN,
    "gun/range": BALL,
    "gun/target": BALL,
    "gun/turn": LIGHT_GUN,
    "gun/unloaded": LIGHT_GUN,
    "hits/count": VOLLEY,
    "hits/forced": VOLLEY,
    "hits/none": VOLLEY,
    "hits/outside": VOLLEY,
    "initiative/bad-die": INITIATIVE,
    "initiative/no-reroll": special("Officer"),
    "initiative/no-roll": INITIATIVE,
    "initiative/not-now": INITIATIVE,
    "initiative/not-yours": INITIATIVE,
    "initiative/nothing-to-share": special("Senior Officer"),
    "initiative/share-not-yours": special("Senior Officer"),
    "initiative/too-many": special("Senior Officer"),
    "melee/bayonets": special("*Bayonets"),
    "melee/contact": MELEE,
    "melee/no-charge": MELEE,
    "melee/none": MELEE,
    "melee/sides": MELEE,
    "melee/size": MELEE,
    "melee/twice": MELEE,
    "melee/unknown": MELEE,
    "move/backwards": MOVEMENT,
    "move/building": BUILDINGS,
    "move/contact": MELEE,
    "move/fanatics": special("Fanatics"),
    "move/gun": LIGHT_GUN,
    "move/impassable": MOVEMENT,
    "move/in-building": BUILDINGS,
    "move/marker": MOVEMENT,
    "move/not-acting": MOVEMENT,
    "move/obstacle": OBSTACLES,
    "move/obstacle-contact": OBSTACLES,
    "move/obstacle-high": OBSTACLES,
    "move/obstacle-whole": OBSTACLES,
    "move/off-table": MOVEMENT,
    "move/overlap": MOVEMENT,
    "move/perimeter": ASSAULT,
    "move/suppressed": MOVEMENT,
    "move/too-far": MOVEMENT,
    "move/twice": MOVEMENT,
    "react/active": REACTION,
    "react/ap": REACTION,
    "react/at": REACTION,
    "react/leader": REACTION,
    "react/no-move": REACTION,
    "react/own": REACTION,
    "react/suppressed": REACTION,
    "react/target": REACTION,
    "react/twice": REACTION,
    "react/unknown": REACTION,
    "recover/nothing": SUPPRESSED,
    "reload/loaded": RELOADING,
    "scenario/cover-near": ASSAULT,
    "scenario/perimeter": ASSAULT,
    "shoot/arc": SHOOTING,
    "shoot/cannot": SHOOTING,
    "shoot/friend": SHOOTING,
    "shoot/gun": SHOOTING,
    "shoot/hits-pending": VOLLEY,
    "shoot/no-weapon": CREW,
    "shoot/nobody": SHOOTING,
    "shoot/reloaders": GROUPS,
    "shoot/split": VOLLEY,
    "shoot/target": SHOOTING,
    "shoot/two-moves": SHOOTING_MODIFIERS,
    "spot/marker": AMBUSH,
    "standing/kind": STANDING,
    "standing/side": STANDING,
    "standing/unit": STANDING,
    "standing/value": STANDING,
    "standing/when": STANDING,
    "spot/range": AMBUSH,
    "turn/not-activation": ACTIONS,
    "turn/not-yours": ACTIONS,
    "turn/waiting": TURN,
}


def violation(code: str, message: str | Msg) -> Violation:
    """The one way this package makes a violation: the section comes from CODES, so an
    uncatalogued code is a bug that shows at once. A message (a template with its fields) is
    held in English and kept beside to be shown in the reader's language."""
    if isinstance(message, str):
        return Violation(code, CODES[code], message)
    found = Violation(code, CODES[code], message.english())
    found.__dict__["said"] = message
    return found

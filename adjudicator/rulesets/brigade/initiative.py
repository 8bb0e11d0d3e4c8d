"""§4.1 Initiative, and §5.2/§5.3 skill generation by d6."""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.rulesets.brigade.state import BrigadeState, changed

RULE = "seed 003 §4.1"
RULE_SKILL = "seed 003 §5.2"
RULE_BRIG_SKILL = "seed 003 §5.3"
MAX_ROUNDS = 50  # ties are re-rolled; 50 ties in a row has odds of about 1e-40


def modifiers(state: BrigadeState, side: str) -> list[tuple[str, int]]:
    """§4.1: nationality of the CinC, his skill, and -1 when he has been lost."""
    t = state.tables["initiative"]
    s = state.sides[side]
    cinc = state.generals[s.cinc]
    mods = []
    if s.nationality in t["plus_one_nationalities"]:
        mods.append((f"{s.nationality} CinC", 1))
    skill = t["cinc_skill"].get(cinc.skill, 0)
    if skill:
        mods.append((f"{cinc.skill} CinC", skill))
    if cinc.fate == "lost":
        mods.append(("CinC lost (abandoned army)", t["cinc_lost"]))
    return mods


def roll(state: BrigadeState, dice: Dice) -> None:
    """Both sides roll 2D6 plus modifiers, in player order; a tie is re-rolled (§4.1).
    `state` is the reducer's working copy."""
    expr = state.tables["initiative"]["dice"]
    for _ in range(MAX_ROUNDS):
        results = []
        for side in state.players:
            faces = dice.roll(f"initiative ({state.sides[side].name})", expr, side=side)
            total = sum(faces) + sum(m for _, m in modifiers(state, side))
            results.append((side, sum(faces), total))
        state.initiative_rolls = results
        (a, _, ta), (b, _, tb) = results
        if ta != tb:
            state.initiative_winner = a if ta > tb else b
            return
    raise ValueError(f"initiative tied {MAX_ROUNDS} times in a row ({RULE})")


def skill_of(tables: dict, face: int) -> str:
    t = tables["skill_roll"]
    for skill in ("inept", "average", "gifted"):
        if face in t[skill]:
            return skill
    raise ValueError(f"skill roll {face} is in no row of the skill table ({RULE_SKILL})")


def roll_skills(state: BrigadeState, side: str, dice: Dice) -> None:
    """§5.2: the CinC's skill by 1d6 (cinc-skill-roll); §5.3: each brigadier's (brigadier-skills).
    `state` is the reducer's working copy."""
    expr = state.tables["skill_roll"]["dice"]
    for g in sorted(state.generals.values(), key=lambda g: (g.role != "cinc", g.id)):
        if g.side != side:
            continue
        if (g.role == "cinc" and "cinc-skill-roll" in state.options) or (
                g.role == "brigadier" and "brigadier-skills" in state.options):
            face = dice.roll(f"skill of {g.name}", expr, side=side)[0]
            state.generals = changed(state.generals, g.id, skill=skill_of(state.tables, face))
    state.sides = changed(state.sides, side, skills_rolled=True)

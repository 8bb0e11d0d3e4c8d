"""§4.1 Initiative, and §5.2/§5.3 skill generation by d6."""

from __future__ import annotations

from typing import Any

from adjudicator.draft import Draft
from adjudicator.rulesets.brigade.codes import RULE_INITIATIVE, RULE_SKILL
from adjudicator.rulesets.brigade.state import BrigadeState, mods_text
from adjudicator.i18n import Msg
from adjudicator.localize import Word

MAX_ROUNDS = 50  # ties are re-rolled; 50 ties in a row has odds of about 1e-40


def modifiers(state: BrigadeState, side: str) -> list[tuple[Msg | str, int]]:
    """§4.1: nationality of the CinC and his skill; a CinC removed from the game gives none of his own,
    only the -1 of the abandoned army (R31)."""
    t = state.tables["initiative"]
    s = state.sides[side]
    cinc = state.generals[s.cinc]
    if cinc.fate == "lost":
        return [(Msg("CinC lost (abandoned army)"), t["cinc_lost"])]
    mods: list[tuple[Msg | str, int]] = []
    if s.nationality in t["plus_one_nationalities"]:
        mods.append((Msg("{nationality} CinC", nationality=Word("brigade", s.nationality)), 1))
    skill = t["cinc_skill"].get(cinc.skill, 0)
    if skill:
        mods.append((Msg("{skill} CinC", skill=Word("brigade", cinc.skill)), skill))
    return mods


def roll(d: Draft[BrigadeState]) -> None:
    """Both sides roll 2D6 plus modifiers, in player order; a tie is re-rolled (§4.1). The winner
    chooses next."""
    s = d.s
    expr = s.tables["initiative"]["dice"]
    mods = {side: modifiers(s, side) for side in s.players}
    for _ in range(MAX_ROUNDS):
        totals, parts = {}, []
        for side in s.players:
            rolled = sum(d.dice.roll(f"initiative ({s.sides[side].name})", expr, side=side))
            totals[side] = rolled + sum(m for _, m in mods[side])
            parts.append(Msg("{name} {rolled}{mods} = "
                             "{total}", name=s.sides[side].name, rolled=rolled, mods=mods_text(mods[side]),
                             total=totals[side]))
        first, second = s.players
        tied = totals[first] == totals[second]
        d.say("initiative: {} against {}{}", parts[0], parts[1], Msg(" (tie: re-rolled)") if tied else "")
        if not tied:
            s.initiative_winner = first if totals[first] > totals[second] else second
            d.say("{} wins the initiative and chooses ({})", s.sides[s.initiative_winner].name, RULE_INITIATIVE)
            return
    raise ValueError(f"initiative tied {MAX_ROUNDS} times in a row ({RULE_INITIATIVE})")


def choose(d: Draft[BrigadeState], take: bool) -> None:
    """§4.1: the winner takes the initiative or hands it to the opponent, who may not refuse."""
    s = d.s
    s.phasing = s.initiative_winner if take else s.other(s.initiative_winner)
    d.say("{} is the phasing player in turn {}", s.sides[s.phasing].name, s.turn)


def skill_of(tables: dict[str, Any], face: int) -> str:
    t = tables["skill_roll"]
    for skill in ("inept", "average", "gifted"):
        if face in t[skill]:
            return skill
    raise ValueError(f"skill roll {face} is in no row of the skill table ({RULE_SKILL})")


def roll_skills(d: Draft[BrigadeState], side: str) -> None:
    """§5.2: the CinC's skill by 1d6 (cinc-skill-roll); §5.3: each brigadier's (brigadier-skills)."""
    s = d.s
    expr = s.tables["skill_roll"]["dice"]
    for g in sorted(s.generals.values(), key=lambda g: (g.role != "cinc", g.id)):
        if g.side != side:
            continue
        if (g.role == "cinc" and "cinc-skill-roll" in s.options) or (
                g.role == "brigadier" and "brigadier-skills" in s.options):
            face = d.dice.roll(f"skill of {g.name}", expr, side=side)[0]
            d.update(s.generals, g.id, skill=skill_of(s.tables, face))
    d.update(s.sides, side, skills_rolled=True)

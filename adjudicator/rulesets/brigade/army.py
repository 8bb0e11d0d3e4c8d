"""Chapter XV (seed 004): army value, Waver and Break points, the Army Defeat Test.

Pure arithmetic over the state; `defeat_check` is the one place that rolls, and it is
called by the reducer right after the result event that may trigger a test (§15.3).
"""

from __future__ import annotations

from typing import Any

from adjudicator.dice import Dice
from adjudicator.rulesets.brigade.state import ARTILLERY, CAVALRY, OFF_TABLE, BrigadeState, DefeatTest, changed

RULE_VALUE = "seed 004 §15.2"
RULE_WHEN = "seed 004 §15.3"
RULE_MODS = "seed 004 §15.4"
RULE_RESULT = "seed 004 §15.5"
RULE_AUTO = "seed 004 §15.6"


def unit_value(tables: dict[str, Any], kind: str, guns: int) -> int:
    """§15.2: a battery is worth one per gun model; unlisted kinds per `army_value_unlisted` (R14)."""
    values = tables["army_value"]
    if kind in ARTILLERY:
        return values["gun"] * guns
    if kind in values:
        return values[kind]
    return tables.get("army_value_unlisted", {}).get(kind, 0)


def army_value(state: BrigadeState, side: str) -> int:
    """§15.2: every unit and general of the army at the start."""
    t = state.tables["army_value"]
    total = 0
    for g in state.generals.values():
        if g.side == side:
            total += t["cinc"] if g.role == "cinc" else t["brigadier"]
    for u in state.units.values():
        if u.side == side:
            total += unit_value(state.tables, u.kind, u.start_strength)
    return total


def points(tables: dict[str, Any], value: int) -> tuple[int, int]:
    """§15.2: Waver 25 %, Break 50 % of the army value, fractions rounded down."""
    p = tables["army_points"]
    return value * p["waver_percent"] // 100, value * p["break_percent"] // 100


def loss(state: BrigadeState, side: str) -> int:
    """§15.2/§15.3: value lost through dispersal and removal from the table (R13: guns one by one)."""
    t = state.tables["army_value"]
    lost = 0
    for g in state.generals.values():
        if g.side == side and g.fate == "lost":
            lost += t["cinc"] if g.role == "cinc" else t["brigadier"]
    for u in state.units.values():
        if u.side != side:
            continue
        if u.status in OFF_TABLE:  # not `on_table`: this runs after every casualty and status result
            lost += unit_value(state.tables, u.kind, u.start_strength)
        elif u.kind in ARTILLERY:
            lost += unit_value(state.tables, u.kind, u.start_strength - u.strength)
    return lost


def automatic_defeat(state: BrigadeState, side: str, lost: int | None = None) -> bool:
    """§15.6 (R2): the army value reduced by 75 %: loss * 100 >= 75 * value, exactly (67 -> 51).
    `lost`: the side's loss, when the caller has it already."""
    s = state.sides[side]
    if lost is None:
        lost = loss(state, side)
    return lost * 100 >= state.tables["army_points"]["automatic_defeat_percent"] * s.value


def modifiers(state: BrigadeState, side: str) -> list[tuple[str, int]]:
    """§15.4: the nine modifiers, each listed once with its total (zero ones left out)."""
    t = state.tables["defeat_test"]
    s = state.sides[side]
    enemy = state.other(side)
    own_brigades = [b for b in state.brigades.values() if b.side == side]
    mods: list[tuple[str, int]] = []

    def add(label: str, count: int, each: int) -> None:
        if count:
            mods.append((label if count == 1 else f"{label} x{count}", count * each))

    add("Break point reached", int(loss(state, side) >= s.breakpoint), t["break_point"])
    add("brigadier lost", sum(1 for g in state.generals.values()
                              if g.side == side and g.role == "brigadier" and g.fate == "lost"), t["brigadier_lost"])
    add("own brigade in Mass Panic", sum(1 for b in own_brigades if b.morale == "mass-panic"), t["mass_panic"])
    add("CinC lost", int(state.generals[s.cinc].fate == "lost"), t["cinc_lost"])
    add("own brigade Broken", sum(1 for b in own_brigades if b.morale == "broken"), t["own_brigade_broken"])
    keys = [p for p in state.places.values() if p.key]
    add("key point lost", sum(1 for p in keys if p.start_holder == side and p.holder == enemy), t["key_point_lost"])
    add("key point captured or held", sum(1 for p in keys if p.holder == side), t["key_point_held"])
    add("cavalry unit at 75 % or more", sum(1 for u in state.units.values()
                                            if u.side == side and u.kind in CAVALRY and u.on_table
                                            and u.strength * 4 >= u.start_strength * 3), t["cavalry_at_75_percent"])
    add("enemy brigade Broken", sum(1 for b in state.brigades.values()
                                    if b.side == enemy and b.morale in ("broken", "mass-panic")), t["enemy_brigade_broken"])
    return mods


def triggers(state: BrigadeState, side: str, *, brigade_broke: bool = False, unit_routed: bool = False,
             lost: int | None = None) -> str:
    """§15.3 (R1): why the army must test now, or "" when it need not.

    (a) each of the Waver and Break points, the first time the loss reaches it;
    (b) a brigade broken and (c) a unit routing, once the army is at or past its Waver
    point (or at any time with the `literal-defeat-triggers` option). `lost`: as in automatic_defeat.
    """
    s = state.sides[side]
    if lost is None:
        lost = loss(state, side)
    reasons = []
    if lost >= s.breakpoint and not s.break_tested:
        reasons.append(f"Break point reached (loss {lost} >= {s.breakpoint})")
    elif lost >= s.waver and not s.waver_tested:
        reasons.append(f"Waver point reached (loss {lost} >= {s.waver})")
    literal = "literal-defeat-triggers" in state.options
    if brigade_broke and (literal or lost >= s.waver):
        reasons.append("a brigade broke")
    if unit_routed and (literal or lost >= s.waver):
        reasons.append("a unit routs")
    return "; ".join(reasons)


def defeat_check(state: BrigadeState, side: str, dice: Dice, **why: bool) -> None:
    """After a loss: automatic defeat (§15.6), else the Defeat Test if §15.3 calls for one.
    `state` is the reducer's working copy."""
    if state.over:
        return
    s = state.sides[side]
    lost = loss(state, side)
    if automatic_defeat(state, side, lost):
        state.sides = changed(state.sides, side, defeated=True)
        state.over = True
        state.result = (f"{s.name} defeated automatically: the army lost {lost} of {s.value} points, "
                        f"75 % or more ({RULE_AUTO})")
        return
    reason = triggers(state, side, lost=lost, **why)
    if not reason:
        return
    if lost >= s.waver:
        state.sides = changed(state.sides, side, waver_tested=True)
    if lost >= s.breakpoint:
        state.sides = changed(state.sides, side, break_tested=True)
    t = state.tables["defeat_test"]
    faces = dice.roll(f"army defeat test ({s.name})", t["dice"], side=side)
    mods = modifiers(state, side)
    total = sum(faces) + sum(m for _, m in mods)
    defeated = total < t["fights_on"]
    test = DefeatTest(turn=state.turn, side=side, reason=reason, roll=sum(faces), modifiers=mods, total=total,
                      defeated=defeated)
    state.defeat_tests = [*state.defeat_tests, test]
    if defeated:
        state.sides = changed(state.sides, side, defeated=True)
        state.over = True
        state.result = (f"{s.name} defeated: Army Defeat Test {sum(faces)}{_mods_text(mods)} = {total}, "
                        f"5 or less ({RULE_RESULT}); the army leaves the field")


def _mods_text(mods: list[tuple[str, int]]) -> str:
    return "".join(f" {m:+d} ({label})" for label, m in mods)


def defeat_text(test: DefeatTest) -> str:
    verdict = "DEFEAT, the game ends" if test.defeated else "the army fights on"
    return (f"Army Defeat Test for {test.side} ({test.reason}): 2D6 {test.roll}{_mods_text(test.modifiers)} "
            f"= {test.total}: {verdict} ({RULE_RESULT})")

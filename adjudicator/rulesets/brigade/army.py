"""Chapter XV (seed 004): army value, Waver and Break points, the Army Defeat Test.

Pure arithmetic over the state; `after_loss` is the one place that rolls, and the steps call it
right after the result event that may trigger a test (§15.3).
"""

from __future__ import annotations

import re
from typing import Any

from adjudicator.draft import Draft
from adjudicator.rulesets.brigade.codes import RULE_AUTO_DEFEAT, RULE_DEFEAT
from adjudicator.rulesets.brigade.state import ARTILLERY, CAVALRY, OFF_TABLE, BrigadeState, DefeatTest, General, Unit, mods_text
from adjudicator.i18n import Msg, N_


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
    t = state.tables
    lost = 0
    for g in state.generals.values():
        if g.side == side and g.fate == "lost":
            lost += general_loss(t, g)
    for u in state.units.values():
        # `on_table` written out: this runs after every casualty and status result
        if u.side == side and (u.status in OFF_TABLE or u.kind in ARTILLERY):
            lost += unit_loss(t, u)
    return lost


def general_loss(tables: dict[str, Any], g: General) -> int:
    """What a general has cost his army (§15.2): his value once he is lost."""
    if g.fate != "lost":
        return 0
    return tables["army_value"]["cinc" if g.role == "cinc" else "brigadier"]


def unit_loss(tables: dict[str, Any], u: Unit) -> int:
    """What a unit has cost its army (§15.2): its value once dispersed or removed; a battery's, gun by
    gun as they are lost (R13)."""
    if u.status in OFF_TABLE:
        return unit_value(tables, u.kind, u.start_strength)
    if u.kind in ARTILLERY:
        return unit_value(tables, u.kind, u.start_strength - u.strength)
    return 0


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

    add(N_("Break point reached"), int(loss(state, side) >= s.breakpoint), t["break_point"])
    add(N_("brigadier lost"), sum(1 for g in state.generals.values()
                              if g.side == side and g.role == "brigadier" and g.fate == "lost"), t["brigadier_lost"])
    add(N_("own brigade in Mass Panic"), sum(1 for b in own_brigades if b.morale == "mass-panic"), t["mass_panic"])
    add(N_("CinC lost"), int(state.generals[s.cinc].fate == "lost"), t["cinc_lost"])
    add(N_("own brigade Broken"), sum(1 for b in own_brigades if b.morale == "broken"), t["own_brigade_broken"])
    keys = [p for p in state.places.values() if p.key]
    add(N_("key point lost"), sum(1 for p in keys if p.start_holder == side and p.holder == enemy), t["key_point_lost"])
    add(N_("key point captured or held"), sum(1 for p in keys if p.holder == side), t["key_point_held"])
    add(N_("cavalry unit at 75 % or more"), sum(1 for u in state.units.values()
                                            if u.side == side and u.kind in CAVALRY and u.on_table
                                            and u.strength * 4 >= u.start_strength * 3), t["cavalry_at_75_percent"])
    add(N_("enemy brigade Broken"), sum(1 for b in state.brigades.values()
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
        reasons.append(Msg("Break point reached (loss {lost} >= {point})", lost=lost, point=s.breakpoint).english())
    elif lost >= s.waver and not s.waver_tested:
        reasons.append(Msg("Waver point reached (loss {lost} >= {point})", lost=lost, point=s.waver).english())
    literal = "literal-defeat-triggers" in state.options
    if brigade_broke and (literal or lost >= s.waver):
        reasons.append(N_("a brigade broke"))
    if unit_routed and (literal or lost >= s.waver):
        reasons.append(N_("a unit routs"))
    return "; ".join(reasons)


_REASON = re.compile(r"^(Break|Waver) point reached \(loss (\d+) >= (\d+)\)$")


class Reasons(Msg):
    """Why an army tested (§15.3), as the state keeps it (in English), in the reader's language."""

    def text(self) -> str:
        return "; ".join(_reason(part).text() for part in self.template.split("; "))

    def english(self) -> str:
        return self.template


def _reason(part: str) -> Msg:
    m = _REASON.match(part)
    if m is None:
        return Msg(part)
    template = "Break point reached (loss {lost} >= {point})" if m.group(1) == "Break" else \
        "Waver point reached (loss {lost} >= {point})"
    return Msg(template, lost=int(m.group(2)), point=int(m.group(3)))


def after_loss(d: Draft[BrigadeState], side: str, cost: int, **why: bool) -> None:
    """After a result that cost `side` army value, or might have (§15.2): the value lost, said when
    the result cost some; then the automatic defeat (§15.6), else the Defeat Test if §15.3 calls for one."""
    s = d.s
    lost = loss(s, side)
    if cost:
        x = s.sides[side]
        d.say("{}: army value lost {} of {} (Waver {}, Break {})", x.name, lost, x.value, x.waver, x.breakpoint)
    if not s.over:
        _defeat_check(d, side, lost, **why)


def _defeat_check(d: Draft[BrigadeState], side: str, lost: int, **why: bool) -> None:
    s = d.s
    x = s.sides[side]
    if automatic_defeat(s, side, lost):
        d.update(s.sides, side, defeated=True)
        end(d, Msg("{army} defeated automatically: the army lost {lost} of {points} points, 75 % or more ({rule})",
                   army=x.name, lost=lost, points=x.value, rule=RULE_AUTO_DEFEAT))
        return
    reason = triggers(s, side, lost=lost, **why)
    if not reason:
        return
    if lost >= x.waver:
        d.update(s.sides, side, waver_tested=True)
    if lost >= x.breakpoint:
        d.update(s.sides, side, break_tested=True)
    t = s.tables["defeat_test"]
    rolled = sum(d.dice.roll(f"army defeat test ({x.name})", t["dice"], side=side))
    mods = modifiers(s, side)
    total = rolled + sum(m for _, m in mods)
    test = DefeatTest(turn=s.turn, side=side, reason=reason, roll=rolled, modifiers=mods, total=total,
                      defeated=total < t["fights_on"])
    s.defeat_tests = [*s.defeat_tests, test]
    d.say(defeat_text(test))
    if test.defeated:
        d.update(s.sides, side, defeated=True)
        end(d, Msg("{army} defeated: Army Defeat Test {rolled}{mods} = {total}, 5 or less ({rule}); the army leaves the field",
                   army=x.name, rolled=rolled, mods=mods_text(mods), total=total, rule=RULE_DEFEAT))


def end(d: Draft[BrigadeState], result: str | Msg) -> None:
    """The game is over (§15.5, §15.6, the scenario's turn limit, the referee, a concession)."""
    d.s.over, d.s.result = True, str(result)  # the state's, in English
    d.say("GAME OVER: {}", result)


def defeat_text(test: DefeatTest) -> Msg:
    verdict = Msg("DEFEAT, the game ends") if test.defeated else Msg("the army fights on")
    return Msg("Army Defeat Test for {side} ({reason}): 2D6 {rolled}{mods} = {total}: {verdict} ({rule})", side=test.side,
               reason=Reasons(test.reason), rolled=test.roll, mods=mods_text(test.modifiers), total=test.total, verdict=verdict,
               rule=RULE_DEFEAT)

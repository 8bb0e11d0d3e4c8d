"""Victory: army Morale Points and the rout. Missing from the seed: ours, provisional.

The seed says only that the side that routs its enemy wins (§Scenario 1, §Scenario 4), that a
Chief or Shaman is worth 5 Morale Points (§Special rules), that holding Scenario 1's key point
is worth 10 (Small) or 20 (Medium) and that Scenario 4's defender has 20 more for its perimeter,
less 1 for every enemy inside it. How many Morale Points an army has and when it routs is ours
(tables.toml [morale_points], ruling S30): each figure is worth its role's value; a side whose
Morale Points now fall to half its starting total or below is routed, checked at the end of a turn.
"""

from __future__ import annotations

import msgspec

from adjudicator.i18n import Joined

from . import geometry as geo
from .results import Msg, Outcome, Said
from .state import RESERVE, Figure, SkirmishState


def value(state: SkirmishState, fig: Figure) -> float:
    t = state.tables
    role = fig.role if fig.role not in ("", "crew") else "fighter"
    return t.mp(role) or t.mp("fighter")


def key_point_holder(state: SkirmishState) -> str:
    """Scenario 1: someone within 3 cm of the key point and no enemy within 25 cm (15 cm with 15 mm
    figures, ruling S4); not before turn 3."""
    sc, t = state.scenario, state.tables.key_point
    if sc.objective is None or state.turn < t.from_turn:
        return ""
    enemy_reach = t.enemy_15mm if sc.scale_15mm else t.enemy
    for side in state.sides:
        guard = [f for f in state.figures.values() if f.side == side and f.status == "ok"
                 and geo.gap_to_point(state.tables, f, sc.objective) <= t.guard]
        foes = [f for f in state.figures.values() if f.side != side and f.on_table
                and geo.gap_to_point(state.tables, f, sc.objective) <= enemy_reach]
        if guard and not foes:
            return side
    return ""


def intruders(state: SkirmishState) -> int:
    """Scenario 4: enemies inside the perimeter."""
    sc = state.scenario
    shape = geo.ground(state).area(sc.perimeter)
    if shape is None:
        return 0
    return sum(1 for f in state.figures.values() if f.side != sc.defender and f.on_table and geo.within(shape, f.pos))


def bonus(state: SkirmishState, side: str) -> float:
    sc, kp, a = state.scenario, state.tables.key_point, state.tables.assault
    extra = 0.0
    if sc.objective is not None and key_point_holder(state) == side:
        extra += kp.medium if sc.formats.get(side, sc.format) == "medium" else kp.small
    if sc.perimeter and side == sc.defender:
        extra += a.morale - a.per_intruder * intruders(state)
    return extra


def morale(state: SkirmishState, side: str) -> float:
    """A side's Morale Points now: its figures still in the fight (or still off the table) and guns,
    and its scenario points."""
    t = state.tables
    figs = sum(value(state, f) for f in state.figures.values() if f.side == side and (f.on_table or f.status == RESERVE))
    guns = sum(t.mp("gun") for g in state.guns.values() if g.side == side and g.status == "ok")
    return figs + guns + bonus(state, side)


def starting_morale(state: SkirmishState) -> dict[str, float]:
    """Before the battle: every figure and gun, and the perimeter's 20 (the key point is not held yet)."""
    return {side: morale(state, side) for side in state.sides}


def check(state: SkirmishState) -> Outcome:
    """At the end of a turn: the Morale Points now, and the rout of a side at half or below (ours).
    Both routed at once: the one with the smaller share left loses; equal shares, a draw."""
    now = {side: morale(state, side) for side in state.sides}
    share = {s: now[s] / state.morale_start[s] if state.morale_start.get(s) else 0.0 for s in state.sides}
    rout = state.tables.mp("rout")
    routed = [s for s in state.sides if share[s] <= rout]
    points = [Msg("{side} {now:g} of {start:g}", side=s, now=now[s], start=state.morale_start.get(s, 0)) for s in state.sides]
    lines: list[Said] = [Msg("Morale Points: {sides}", sides=Joined(", ", points))]
    said: Msg | None = None
    if len(routed) == 1:
        winner = next(s for s in state.sides if s not in routed)
        said = Msg("{winner} wins: {loser} is routed", winner=winner, loser=routed[0])
    elif len(routed) > 1:
        low = min(share.values())
        losers = [s for s in routed if share[s] == low]
        said = Msg("draw: both armies are routed") if len(losers) > 1 else \
            Msg("{winner} wins: both rout, {loser} the worse", winner=next(s for s in state.sides if s not in losers), loser=losers[0])
    elif state.turn > state.scenario.turns:
        said = Msg("draw: the last turn has ended")
    result = said.english() if said else ""  # the state holds it in English, as the log
    if said:
        lines.append(said)
    phase = "over" if result else state.phase
    return Outcome(state=msgspec.structs.replace(state, morale=now, result=result, phase=phase), lines=tuple(lines))

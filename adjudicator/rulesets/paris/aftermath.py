"""After the melee roll (seed 000 §11.4, §11.5): the retreats, the advance into the vacated hex with
its one-vertex turn, and the fate of the leaders in the melee (§5.2.1).

Where the seed leaves a choice to a player (the path of a retreat, whether the defender advances,
the facing of an advancing unit) the game waits for the unit's owner: phase "retreat" or "advance",
with the melee kept in `PState.melee_step` at the stage it reached; the owner's standing order
(`standing retreat auto`, `standing advance always|never`) may decide instead, and the report says
so. What the seed leaves to no one (a retreat with one legal path or none, §9.3) the engine does.
"""

from __future__ import annotations

import msgspec

from events.paris import Advance, NoAdvance, Retreat
from adjudicator.draft import Draft
from adjudicator.ruleset import Violation, violation
from adjudicator.rulesets.paris import decide, hexgrid
from adjudicator.rulesets.paris.ground import View, units_at
from adjudicator.rulesets.paris.morale import (can_stack, carry_leaders, destroy, kill_leader, retreat, retreat_impossible,
                                               retreat_paths, retreat_problem, step_back)
from adjudicator.rulesets.paris.state import d10, leader_name, MeleeStep, PState, table, Unit
from adjudicator.i18n import said, Joined, Msg, N_
from adjudicator.localize import Word

STAGES = ("attacker-retreat", "defender-retreat", "advance", "leaders")


def _next(st: MeleeStep) -> MeleeStep:
    """The step after a decision: the next stage, with nothing asked."""
    return msgspec.structs.replace(st, stage=STAGES[STAGES.index(st.stage) + 1], unit="", hexes=0, away="", into="",
                                   must=False)


def run(d: Draft[PState], st: MeleeStep) -> bool:
    """Carry a melee result on from `st.stage`. False when a player must decide first: the phase
    and `melee_step` then say who and what; True when the melee is over."""
    for stage in STAGES[STAGES.index(st.stage):]:
        st = msgspec.structs.replace(st, stage=stage)
        if not _STAGE[stage](d, st):
            return False
    d.s.melee_step = None
    return True


# -- retreats (§11.4, §9.3) ------------------------------------------------------------

def _attacker_retreat(d: Draft[PState], st: MeleeStep) -> bool:
    u = d.s.units.get(st.lead)
    if not st.attacker_retreat or u is None or u.hex != st.lead_hex or u.level == 3:
        return True  # no R for the attacker, or it is gone, or broken and already routed (§13.2)
    return _retreat(d, st, u, st.attacker_retreat, away=st.defender_hex)


def _defender_retreat(d: Draft[PState], st: MeleeStep) -> bool:
    defender = d.s.units.get(st.defender)
    if not st.defender_retreat or defender is None or defender.hex != st.defender_hex or defender.level == 3:
        return True
    return _retreat(d, st, defender, st.defender_retreat, away=st.lead_hex)


def _retreat(d: Draft[PState], st: MeleeStep, u: Unit, n: int, away: str) -> bool:
    """§11.4: the owner chooses the path; with none the engine goes as far as it can and rolls on the
    retreat-impossible table (§9.3); with one, or under `standing retreat auto`, the engine takes
    its own choice (ruling R20)."""
    paths = retreat_paths(d, u, n, away)
    if not paths:
        retreat(d, u.id, n, away)
        return True
    if len(paths) == 1:
        follow(d, u.id, paths[0], Msg("the only legal path"))
        return True
    how = decide.retreat_by_order(d.s, u)
    if how:
        follow(d, u.id, paths[0], how)
        return True
    d.s.phase = "retreat"
    d.s.melee_step = msgspec.structs.replace(st, unit=u.id, hexes=n, away=away)
    d.say(Msg("{unit} must retreat {count} hex from {hex}, away from {away}: {side} chooses the path ({paths} legal) (seed 000 "
              "§11.4)",
              plural="{unit} must retreat {count} hexes from {hex}, away from {away}: {side} chooses the path ({paths} legal) "
              "(seed 000 §11.4)", unit=u.id, count=n, hex=u.hex, away=away, side=u.side, paths=len(paths)))
    return False


def follow(d: Draft[PState], uid: str, path: tuple[str, ...], how: Msg | str) -> None:
    u = d.s.units[uid]
    d.say("{unit} retreats {path}, keeping its facing ({how}) (seed 000 §11.4)",
          unit=uid, path="→".join((u.hex,) + path), how=how)
    for h in path:
        step_back(d, uid, h)


# -- the advance (§11.4, §11.5) ----------------------------------------------------------

def _can_advance_into(s: View, u: Unit, h: str) -> bool:
    """§9.1: stacking allows it and no enemy but artillery (which the advance destroys) is there."""
    return can_stack(s, u, h) and not any(o.side != u.side and not o.artillery for o in units_at(s, h))


def _fate_of_stack(d: Draft[PState], h: str, side: str) -> None:
    """§9.2: forlorn hopes and artillery share the fate of the unit they are stacked with (ruling R23)."""
    for o in [x for x in units_at(d, h) if x.side == side and x.kind in ("E", "ART")]:
        destroy(d, o.id, Msg("shares the fate of the unit it was stacked with (seed 000 §9.2)"))


def beyond(s: PState, st: MeleeStep) -> str:
    """Passage à travers (§11.5): the hex past the defender's, straight on from the lead unit."""
    lay = s.layout
    d = hexgrid.direction_of(st.lead_hex, st.defender_hex, lay)
    return hexgrid.neighbour(st.defender_hex, d, lay) if d is not None else ""


def _advance(d: Draft[PState], st: MeleeStep) -> bool:
    lead, defender = d.s.units.get(st.lead), d.s.units.get(st.defender)
    lead_stays = lead is not None and lead.hex == st.lead_hex
    if not lead_stays:
        _fate_of_stack(d, st.lead_hex, st.side)  # the lead attacker's stack shares its fate too (§9.2, R23)
    if st.ride_through and defender is not None and defender.hex == st.defender_hex:
        into = beyond(d.s, st)
        if lead is not None and lead_stays and into and can_stack(d, lead, into) \
                and not any(o.side != lead.side for o in units_at(d, into)):
            d.say("Passage à travers: {defender} does not retreat; {lead} rides through {hex} (seed 000 §11.5)",
                  defender=st.defender, lead=st.lead, hex=st.defender_hex)
            return _offer(d, st, lead, into, must=True)
        d.say("{lead} cannot pass through: the hex beyond is taken or closed; it stays (seed 000 §11.5)", lead=st.lead)
        if defender.infantry:
            retreat_impossible(d, defender.id, Msg("Passage à travers blocked"))
        return True
    if defender is None or defender.hex != st.defender_hex:
        _fate_of_stack(d, st.defender_hex, d.s.other(st.side))
        # §11.4 the attacker must advance into the vacated hex (ruling R21: destroyed counts as vacated)
        if lead is not None and lead_stays and lead.level < 3 and _can_advance_into(d, lead, st.defender_hex):
            return _offer(d, st, lead, st.defender_hex, must=True)
        return True
    # §11.4 the defender may advance into the hex the lead attacker left (ruling R21)
    if not lead_stays and defender.level < 3 and _can_advance_into(d, defender, st.lead_hex):
        return _offer(d, st, defender, st.lead_hex, must=False)
    return True


def _offer(d: Draft[PState], st: MeleeStep, u: Unit, into: str, must: bool) -> bool:
    """Ask the owner (advance or not, and the facing), unless a standing order decides (R21, R22)."""
    choice, why = decide.advance_by_order(d.s, u, must)
    if choice == "ask":
        d.s.phase = "advance"
        d.s.melee_step = msgspec.structs.replace(st, unit=u.id, into=into, must=must)
        rule = "§11.5" if st.ride_through else "§11.4"
        if must:
            d.say("{unit} must advance into {hex}: {side} chooses its facing (seed 000 {rule})", unit=u.id, hex=into, side=u.side,
                  rule=rule)
        else:
            d.say("{unit} may advance into {hex}: {side} chooses whether, and its facing (seed 000 {rule})", unit=u.id, hex=into,
                  side=u.side, rule=rule)
        return False
    if choice == "advance":
        advance(d, st, u.id, into, u.facing, why)
    else:
        d.say("{unit} stays in {hex} ({why}) (seed 000 §11.4)", unit=u.id, hex=u.hex, why=why)
    return True


def advance(d: Draft[PState], st: MeleeStep, uid: str, into: str, facing: int, how: Msg | str) -> None:
    """§11.4: enter the hex, turning at most one vertex; enemy artillery there is destroyed (§9.1);
    the leaders stacked with the unit go with it (§5.2)."""
    u = d.s.units[uid]
    for e in [x for x in units_at(d, into) if x.side != u.side and x.artillery]:
        destroy(d, e.id, Msg("{unit} advanced into its hex (seed 000 §9.1)", unit=uid))
    d.mark("move", u.hex, into)
    d.update(d.s.units, uid, hex=into, facing=facing)
    turn = Msg("keeps its facing") if facing == u.facing else Msg(
        "turns {old}→{new}", old=Word("paris", hexgrid.VERTICES[u.facing]), new=Word("paris", hexgrid.VERTICES[facing]))
    if st.ride_through:
        d.say("{unit} passes through {hex} to {into} and {turn} ({how}) (seed 000 §11.5)", unit=uid, hex=st.defender_hex,
              into=into, turn=turn, how=how)
    else:
        d.say("{unit} advances {hex}→{into} and {turn} ({how}) (seed 000 §11.4)",
              unit=uid, hex=u.hex, into=into, turn=turn, how=how)
    carry_leaders(d, u, u.hex, into)


# -- the leaders (§5.2.1) ------------------------------------------------------------------

def _leaders(d: Draft[PState], st: MeleeStep) -> bool:
    """§5.2.1: a leader stacked with a unit destroyed in melee is removed; every leader in the melee rolls."""
    on = int(table(d.s, "leader_death").get("killed_on", 9))
    for lid in st.leaders:
        ld = d.s.leaders.get(lid)
        if ld is None:
            continue
        if not any(u.side == ld.side for u in units_at(d, ld.hex)):
            kill_leader(d, lid, Msg("his unit was destroyed in melee"))
            continue
        if not st.roll_leaders:
            continue
        r = d10(d, f"leader {lid}: casualty check (after melee)", ld.side)
        if r == on:
            kill_leader(d, lid, Msg("rolled {roll} after the melee", roll=r))
        else:
            d.say("leader {name} survives the melee: d10 {roll} (dies on {on}) (seed 000 §5.2.1)",
                  name=leader_name(ld), roll=r, on=on)
    return True


_STAGE = {"attacker-retreat": _attacker_retreat, "defender-retreat": _defender_retreat, "advance": _advance,
          "leaders": _leaders}


# -- the decisions: who, what may be posted, checks, effects ---------------------------------

def decider(s: PState) -> str:
    """The side that decides the pending retreat or advance: the unit's owner."""
    st = s.melee_step
    u = s.units.get(st.unit) if st else None
    return u.side if u else ""


def pending(s: PState) -> MeleeStep:
    """The melee result waiting for its owner's retreat or advance: the phase table lets one be posted
    only while one waits (phase retreat or advance)."""
    st = s.melee_step
    if st is None:
        raise ValueError("no melee result waits for a retreat or an advance")
    return st


def facings(u: Unit) -> tuple[int, int, int]:
    """§11.4: keep the facing or turn one vertex either way."""
    return u.facing, (u.facing + 1) % 6, (u.facing + 5) % 6


def check_retreat(s: PState, a: Retreat) -> list[Violation]:
    """After the phase table's gate: the unit asked, the length, then every step (§11.4, §9.1, R20)."""
    st = pending(s)
    if a.unit != st.unit:
        return violation("retreat/unit", "seed 000 §11.4", "{unit} is the unit that retreats now, not {unit2}",
                         unit=st.unit, unit2=a.unit)
    if len(a.path) != st.hexes:
        return violation("retreat/length", "seed 000 "
                                           "§11.4", Msg("{unit} retreats exactly {count} hex (the number after R), not {asked}",
                         plural="{unit} retreats exactly {count} hexes (the number after R), not "
                                "{asked}", unit=st.unit, count=st.hexes,
                         asked=len(a.path)))
    u = s.units[st.unit]
    here = u.hex
    for h in a.path:
        found = retreat_problem(s, u, here, h, st.away)
        if found:
            return found
        here = h
    return []


def check_advance(s: PState, a: Advance) -> list[Violation]:
    st = pending(s)
    if a.unit != st.unit:
        who = "the lead unit advances (§11.2)" if st.unit == st.lead else "the defender advances"
        return violation("advance/unit", "seed 000 §11.4", "{unit} is the unit that may advance now, not {unit2}: {who}",
                         unit=st.unit, unit2=a.unit, who=who)
    if a.facing:
        try:
            f = hexgrid.parse_facing(a.facing)
        except ValueError as e:
            return violation("advance/bad-facing", "seed 000 §7", said(e))
        if f not in facings(s.units[st.unit]):
            return violation("advance/turn", "seed 000 "
                                             "§11.4", "a unit advancing may turn one vertex on entering the hex, no more "
                             "({steps} asked)", steps=hexgrid.turn_steps(s.units[st.unit].facing, f))
    return []


def check_no_advance(s: PState, a: NoAdvance) -> list[Violation]:
    st = pending(s)
    if st.must:
        rule, why = ("seed 000 §11.5", Msg("the winner of a Passage à travers rides on into the next hex")) if st.ride_through \
            else ("seed 000 §11.4", Msg("when the defender retreats the attacker must advance into the vacated hex"))
        return violation("advance/compulsory", rule, "{unit} must advance: {why}", unit=st.unit, why=why)
    return []


def apply_retreat(d: Draft[PState], actor: str, a: Retreat) -> None:
    st = pending(d.s)
    follow(d, a.unit, a.path, Msg("chosen by {side}", side=actor))
    d.s.melee_step = _next(st)


def apply_advance(d: Draft[PState], actor: str, a: Advance) -> None:
    st = pending(d.s)
    u = d.s.units[a.unit]
    facing = hexgrid.parse_facing(a.facing) if a.facing else u.facing
    advance(d, st, a.unit, st.into, facing, Msg("chosen by {side}", side=actor))
    d.s.melee_step = _next(st)


def apply_no_advance(d: Draft[PState], actor: str) -> None:
    st = pending(d.s)
    d.say("{unit} stays in {hex}: {side} does not advance (seed 000 §11.4)", unit=st.unit, hex=d.s.units[st.unit].hex, side=actor)
    d.s.melee_step = _next(st)

"""Leaders (seed 000 §5.2, §8.2): the adjutant who replaces a fallen wing leader and where his
owner places him (§5.2.2), a leader's own reaction movement (§8.2), and a leader whose unit is gone.

A leader going with the unit he is stacked with when it retreats, routs or advances (§5.2) is
`morale.carry_leaders`, which every such path calls.
"""

from __future__ import annotations

import msgspec

from events.paris import Adjutant, React
from adjudicator.draft import Draft
from adjudicator.ruleset import Violation, violation
from adjudicator.rulesets.paris import decide, hexgrid, reach
from adjudicator.rulesets.paris.ground import View, los, nearest_enemy, now, units_at
from adjudicator.rulesets.paris.state import Leader, leader_name, PState, table, Unit
from adjudicator.i18n import Joined, Msg
from adjudicator.localize import Command, Word

RULE_ADJUTANT = "§5.2.2"


# -- the adjutant (§5.2.2, ruling R27) -------------------------------------------------------


def _adjutant_for(s: PState, fallen: Leader) -> Leader:
    """The counter that replaces `fallen`: the next adjutant of the wing, with the table's rating
    (ours, R27) and the fallen leader's movement; not yet on the map (hex "")."""
    n = int(fallen.id.rsplit("-", 1)[1]) + 1 if fallen.adjutant else 1
    rating = int(table(s, "leader_death").get("adjutant_rating", 0))
    name = fallen.name if fallen.adjutant else f"adjutant of {fallen.name}"
    return Leader(id=f"{fallen.wing}-adjutant-{n}", name=name, side=fallen.side, wing=fallen.wing, rating=rating,
                  ma=fallen.ma, hex="", adjutant=True)


def replace_fallen(d: Draft[PState], fallen: Leader) -> None:
    """§5.2.2: an adjutant with the same order replaces a fallen wing leader, placed with any unit of
    the wing by its owner; the game waits for that choice (R27) unless his standing order is auto.
    A wing whose leader falls before it activated cannot activate this turn (R28)."""
    s = d.s
    wing = s.wings[fallen.wing]
    if decide.adjutant_unit(s, wing.id) is None:
        d.update(s.wings, wing.id, barred=True)  # no unit left: no replacement (§5.2.2)
        return
    adj = _adjutant_for(s, fallen)
    barred = not wing.done and s.active_wing != wing.id
    d.update(s.wings, wing.id, leader=adj.id, barred=wing.barred or barred)
    if barred:
        d.say("{wing}'s leader fell before it activated: it cannot activate this turn (seed 000 §5.2.2, ruling R28)",
              wing=wing.id)
    unit = decide.adjutant_unit(s, wing.id) if decide.places_adjutant(s, fallen.side) else None
    if unit is not None:
        place(d, adj, unit.id, decide.placed_by_order(fallen.side))
        return
    s.adjutants_due = s.adjutants_due + (adj,)
    d.say("{adjutant} (rating {rating}, ruling R27) replaces {name} under the same order ({order}); the game waits for {side} "
          "to place him with a unit of {wing}: `{command}` (seed 000 {rule}, ruling R27)", adjutant=adj.id, rating=adj.rating,
          name=leader_name(fallen), order=Word("paris", wing.order), side=fallen.side, wing=wing.id,
          command=Command("paris", f"adjutant {wing.id} UNIT"), rule=RULE_ADJUTANT)


def place(d: Draft[PState], adj: Leader, unit_id: str, how: Msg | str) -> None:
    s = d.s
    u = s.units[unit_id]
    d.put(s.leaders, adj.id, msgspec.structs.replace(adj, hex=u.hex))
    s.adjutants_due = tuple(x for x in s.adjutants_due if x.id != adj.id)
    d.say("{adjutant} (rating {rating}, ruling R27) takes command of {wing} with {unit} at {hex}, under the same order ({order}) "
          "({how}) (seed 000 {rule})", adjutant=adj.id, rating=adj.rating, wing=adj.wing, unit=unit_id, hex=u.hex,
          order=Word("paris", s.wings[adj.wing].order), how=how, rule=RULE_ADJUTANT)


def drop_due(d: Draft[PState], wing: str) -> None:
    """§5.2.2 «Если все отряды крыла уничтожены, тогда замены быть не может»: a wing destroyed before
    its adjutant was placed gets none."""
    s = d.s
    if any(x.wing == wing for x in s.adjutants_due):
        s.adjutants_due = tuple(x for x in s.adjutants_due if x.wing != wing)
        d.say("{wing} has no unit left: its adjutant is not placed (seed 000 {rule})", wing=wing, rule=RULE_ADJUTANT)


def due(s: PState, wing: str) -> Leader | None:
    return next((x for x in s.adjutants_due if x.wing == wing), None)


def waiting_for(s: PState) -> Joined:
    """What the game waits for while an adjutant is due, for messages."""
    return Joined("; ", [Msg("{side} to place the adjutant of {wing} (`{command}`)", side=x.side, wing=x.wing,
                             command=Command("paris", f"adjutant {x.wing} UNIT")) for x in s.adjutants_due])


def check_placement(s: PState, actor: str, a: Adjutant) -> list[Violation]:
    adj = due(s, a.wing)
    if adj is None:
        return violation("adjutant/wing", "seed 000 "
                                          "§5.2.2", "{wing!r} has no adjutant to place; the game waits for "
                                                    "{waiting}", wing=a.wing,
                         waiting=waiting_for(s))
    if actor != adj.side:
        return violation("adjutant/wrong-side", "seed 000 §5.2.2", "the adjutant of {wing} is {side}'s to place, not {actor}'s",
                         wing=a.wing, side=adj.side, actor=actor)
    u = s.units.get(a.unit)
    if u is None:
        return violation("adjutant/unknown-unit", "seed 000 "
                                                  "§5.2.2", "no unit {unit!r} on the map: the adjutant joins a unit of {wing} "
                                                            "still in play", unit=a.unit, wing=a.wing)
    if u.wing != a.wing:
        return violation("adjutant/not-in-wing", "seed 000 "
                                                 "§5.2.2", "{unit} belongs to {wing}: the adjutant «ставится с любым отрядом "
                                                           "этого крыла», with a unit of {wing2}", unit=a.unit, wing=u.wing, wing2=a.wing)
    return []


def apply_placement(d: Draft[PState], actor: str, a: Adjutant) -> None:
    adj = due(d.s, a.wing)
    if adj is not None:
        place(d, adj, a.unit, Msg("placed by {side}", side=actor))


def place_by_standing_order(d: Draft[PState], side: str) -> None:
    """A side that sets `standing adjutant auto` while its adjutants wait has them placed at once."""
    for adj in [x for x in d.s.adjutants_due if x.side == side]:
        unit = decide.adjutant_unit(d.s, adj.wing)
        if unit is not None:
            place(d, adj, unit.id, decide.placed_by_order(side))


# -- a leader's reaction movement (§5.2, §8.2, ruling R41) -----------------------------------

def reaction_candidates(v: View, trig: Unit, event: str) -> list[str]:
    """§8.2 «Только отряды в нормальном состоянии или в беспорядке и их командиры могут делать попытку
    реагирующего движения»: leaders of the other side within 2 hexes of the trigger that see it,
    whose movement is at least its own, once an enemy activation, with a retreat open to them (R41)."""
    if event == "artfire":
        return []  # artillery fire spends no movement points (R34)
    s = now(v)
    lay = s.layout
    near = hexgrid.within(trig.hex, 2, lay)
    out = []
    field = None
    for ld in s.leaders.values():
        if ld.hex not in near or ld.side == trig.side or ld.reacted or ld.ma < trig.ma:
            continue
        if not los(v, ld.hex, trig.hex):
            continue
        field = field or reach.Field(v)
        if reach.leader_can_retreat(v, ld, trig.hex, field):
            out.append(ld.id)
    return sorted(out)


def check_reaction(s: PState, a: React, trig: Unit) -> list[Violation]:
    """R41: a leader has no facing, so his reaction is a retreat: hex by hex, on the map, never into
    an enemy unit nor next to one, for at most his movement, to end with a unit of his wing (§5.2)
    farther from the unit he reacts to."""
    ld = s.leaders[a.unit]
    if a.kind != "retreat":
        return violation("react/leader-turn", "seed 000 "
                                              "§8.2", "{unit} is a leader: he has no facing to turn; his reaction is a retreat "
                                                      "(`react LEADER retreat HEX...`, ruling R41)", unit=a.unit)
    lay = s.layout
    here, cost = ld.hex, 0
    for h in a.path:
        if not reach.passable(s, h) or h not in hexgrid.neighbours(here, lay):
            return violation("react/retreat-path", "seed 000 §8.2", "{h} is not a passable hex on the map next to {here}",
                             h=h, here=here)
        if nearest_enemy(s, ld.side, h) <= 1:
            return violation("react/retreat-adjacent", "seed 000 "
                                                       "§8.2", "{unit} may not enter {h}: a reaction retreat never comes next "
                                                               "to an enemy unit («Он не может оказываться рядом с вражеским отрядом»)", unit=a.unit, h=h)
        cost += reach.leader_cost(s, h)
        if cost > ld.ma:
            return violation("react/retreat-mp", "seed 000 §8.2", "the retreat costs more than {unit}'s {ma} MP",
                             unit=a.unit, ma=ld.ma)
        here = h
    if not a.path or hexgrid.distance(here, trig.hex, lay) <= hexgrid.distance(ld.hex, trig.hex, lay):
        return violation("react/retreat-farther", "seed 000 §8.2", "a reaction retreat must end farther from the enemy unit")
    if not any(u.wing == ld.wing for u in units_at(s, here)):
        return violation("react/leader-alone", "seed 000 "
                                               "§5.2", "{unit} must end his movement stacked with a unit of {wing} («Он должен "
                                                       "всегда заканчивать свое движение сгруппированным с отрядом», ruling R41)", unit=a.unit, wing=ld.wing)
    return []


def apply_reaction(d: Draft[PState], a: React) -> None:
    ld = d.s.leaders[a.unit]
    d.mark("move", ld.hex, a.path[-1])
    d.update(d.s.leaders, a.unit, hex=a.path[-1], reacted=True)
    d.say("leader {name} reacts: retreats {path} (seed 000 §5.2, §8.2, ruling R41)",
          name=leader_name(ld), path="→".join((ld.hex,) + a.path))


# -- a leader whose unit is gone (§5.2, §9.1, ruling R42) ------------------------------------

def regroup(d: Draft[PState]) -> None:
    """§9.1 «Командиры: они должны группироваться с отрядом своего крыла». A leader whose units of
    his wing in his hex have all left the map in this event (routed off it, or destroyed other than
    in melee, where he would have been removed, §5.2.1) joins the nearest unit of his wing (R42)."""
    before, s = d.base, d.s
    if len(s.units) == len(before.units):
        return  # no unit left the map
    lay = s.layout
    for ld in list(s.leaders.values()):
        old = before.leaders.get(ld.id)
        if old is None:
            continue
        mates = [u.id for u in before.units.values() if u.hex == old.hex and u.wing == ld.wing]
        if not mates or any(m in s.units for m in mates):
            continue  # he was alone already, or a unit he was with is still on the map
        if any(u.wing == ld.wing for u in units_at(d, ld.hex)):
            continue
        members = [u for u in s.units.values() if u.wing == ld.wing]
        if not members:
            continue  # the wing is gone: morale.destroy removed him
        to = min(members, key=lambda u: (hexgrid.distance(ld.hex, u.hex, lay), u.artillery, u.id))
        d.mark("move", ld.hex, to.hex)
        d.update(s.leaders, ld.id, hex=to.hex)
        d.say("leader {name}, whose unit has left the map, joins {unit} at {hex}, the nearest unit of {wing} (seed 000 §9.1, "
              "ruling R42)",
              name=leader_name(ld), unit=to.id, hex=to.hex, wing=ld.wing)

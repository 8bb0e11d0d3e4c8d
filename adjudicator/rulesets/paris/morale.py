"""Morale (seed 000 §12), losses, destruction, retreats (§9.3, §11.4, §13.2) and leader loss (§5.2)."""

from __future__ import annotations

from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.model import LEVELS, Leader, Unit
from adjudicator.rulesets.paris.work import Work, effective_morale, on_map, terrain_row

RULE_MORALE = "seed 000 §12.1"


def can_stack(w: Work, u: Unit, h: str) -> bool:
    """§9.1: one infantry or cavalry unit a hex; anyone may share with artillery; only cavalry
    with a forlorn hope (E). Enemy combat units can never be entered."""
    if not on_map(w, h) or terrain_row(w, h).get("impassable"):
        return False
    for o in w.units.values():
        if o.hex != h or o.id == u.id:
            continue
        if o.side != u.side:
            if o.artillery:
                continue  # entering enemy artillery destroys it (§9.1)
            return False
        if o.artillery or (o.kind == "E" and u.cavalry) or (u.kind == "E" and o.cavalry):
            continue
        return False
    return True


def edge_facing(w: Work, side: str) -> int:
    return hexgrid.NORTH if w.edges.get(side) == "north" else hexgrid.SOUTH


def toward_edge(w: Work, side: str, h: str) -> int:
    """Rows still to cross to leave the map by the side's own edge."""
    row, _ = hexgrid.parse_hex(h)
    return row if w.edges.get(side) == "north" else w.rows + 1 - row


def destroy(w: Work, uid: str, why: str, counts: bool = True) -> None:
    u = w.units.pop(uid)
    if counts:
        w.set(destroyed={**w.destroyed, u.side: w.destroyed[u.side] + (f"{u.kind}:{u.id}",)})
    else:
        w.set(removed=w.removed + (u.id,))
    w.say(f"{u.id} is destroyed ({why})")
    if not any(o.wing == u.wing for o in w.units.values()):
        wing = w.wings[u.wing]
        w.set_wing(u.wing, barred=True)
        if wing.leader in w.leaders:
            w.leaders.pop(wing.leader)
            w.say(f"wing {u.wing} has no unit left: it can never activate again (seed 000 §5.2.2)")


def kill_leader(w: Work, lid: str, why: str) -> None:
    """§5.2.1, §5.2.2: the leader goes; an adjutant with the same order takes his place with a unit
    of the wing; a wing whose leader dies before it activates cannot activate this turn."""
    ld = w.leaders.pop(lid)
    w.say(f"leader {ld.name} is killed ({why}) (seed 000 §5.2.1)")
    members = sorted((u for u in w.units.values() if u.wing == ld.wing), key=lambda u: (u.artillery, u.id))
    if not members:
        w.set_wing(ld.wing, barred=True)
        return
    n = sum(1 for x in w.s.leaders.values() if x.adjutant) + sum(1 for x in w.leaders.values() if x.adjutant) + 1
    new_id = f"{ld.wing}-adjutant-{n}"
    while new_id in w.leaders:
        n += 1
        new_id = f"{ld.wing}-adjutant-{n}"
    rating = int(w.table("leader_death").get("adjutant_rating", 0))
    w.leaders[new_id] = Leader(id=new_id, name=f"adjutant of {ld.name}", side=ld.side, wing=ld.wing,
                               rating=rating, ma=ld.ma, hex=members[0].hex, adjutant=True)
    wing = w.wings[ld.wing]
    barred = not wing.done and w.active_wing != ld.wing
    w.set_wing(ld.wing, leader=new_id, barred=wing.barred or barred)
    w.say(f"{new_id} (rating {rating}, provisional) takes command of {ld.wing} at {members[0].hex} with the same order"
          + ("; the wing cannot activate this turn (seed 000 §5.2.2)" if barred else "") + " (seed 000 §5.2.2)")


def leader_risk(w: Work, h: str, why: str) -> None:
    """§5.2.1: a leader in a hex hit by fire, or in a melee, dies on a 9."""
    on = int(w.table("leader_death").get("killed_on", 9))
    for ld in [x for x in w.leaders.values() if x.hex == h]:
        r = w.d10(f"leader {ld.id} survives {why}", ld.side)
        if r == on:
            kill_leader(w, ld.id, f"rolled {r} after {why}")
        else:
            w.say(f"leader {ld.name} survives {why}: d10 {r} (dies on {on})")


def lose_levels(w: Work, uid: str, n: int, why: str, away: str = "") -> bool:
    """A unit drops `n` levels; more than it has destroys it (§11.4). A unit that becomes broken
    retreats 2 hexes toward its edge (§13.2). Artillery has no levels: any loss destroys it (§13)."""
    u = w.units.get(uid)
    if u is None or n <= 0:
        return u is not None
    if u.artillery:
        destroy(w, uid, why)
        return False
    new = u.level + n
    if new > 3:
        destroy(w, uid, f"{why}: it had no level left to lose")
        return False
    w.set_unit(uid, level=new)
    w.say(f"{uid} drops to {LEVELS[new]} ({why})")
    if new == 3 and u.level < 3:
        w.set_unit(uid, facing=edge_facing(w, u.side))
        retreat(w, uid, 2, away or u.hex, broken=True)
    return uid in w.units


def stacked_leader(w: Work, u: Unit) -> Leader | None:
    best = None
    for ld in w.leaders.values():
        if ld.hex == u.hex and ld.side == u.side and (best is None or ld.rating > best.rating):
            best = ld
    return best


def morale_check(w: Work, uid: str, plus: int, why: str, leader_bonus: int | None = None) -> bool:
    """§12.1: d10 (+ modifiers, - the rating of a leader stacked with it) <= morale passes; a
    failure costs one level; a broken unit that fails is destroyed."""
    u = w.units[uid]
    if leader_bonus is None:
        ld = stacked_leader(w, u)
        leader_bonus = ld.rating if ld else 0
    roll = w.d10(f"morale {uid} ({why})", u.side)
    total = roll + plus - leader_bonus
    target = effective_morale(w, u)
    ok = total <= target
    w.say(f"{uid} morale check ({why}): d10 {roll}{plus:+d}{-leader_bonus:+d} = {total} vs {target}: "
          + ("passes" if ok else "fails") + f" ({RULE_MORALE})")
    if not ok:
        lose_levels(w, uid, 1, f"failed morale check, {why}")
    return ok


def retreat_impossible(w: Work, uid: str, why: str) -> None:
    """§9.3: a unit that cannot retreat rolls on the retreat-impossible table."""
    u = w.units.get(uid)
    if u is None:
        return
    roll = w.d10(f"retreat impossible {uid}", u.side)
    total = roll + (1 if u.level == 3 else 0)
    levels = w.table("retreat_impossible").get("levels", [1])
    n = int(levels[min(total, len(levels) - 1)])
    w.say(f"{uid} cannot retreat ({why}): d10 {roll} → loses {n} level(s){w.used('retreat_impossible')} (seed 000 §9.3)")
    if n:
        # a unit that cannot retreat does not retreat again on becoming broken
        if u.level + n > 3:
            destroy(w, uid, "retreat impossible")
        else:
            w.set_unit(uid, level=u.level + n)
            w.say(f"{uid} drops to {LEVELS[u.level + n]}")


def retreat(w: Work, uid: str, n: int, away: str, broken: bool = False) -> bool:
    """Retreat `n` hexes, each farther from `away` (or, for a broken unit, toward its own edge,
    §13.2); facing is kept (§11.4). Returns False when it could not (the table is rolled)."""
    lay = w.s.layout
    for step in range(n):
        u = w.units.get(uid)
        if u is None:
            return True
        if broken and toward_edge(w, u.side, u.hex) <= 1:
            w.mark("move", u.hex, u.hex)
            destroy(w, uid, "routed off the map (seed 000 §13.2)")
            return True
        best = None
        for h in hexgrid.neighbours(u.hex, lay):
            if not can_stack(w, u, h) or any(o.hex == h and o.side != u.side for o in w.units.values()):
                continue
            farther = hexgrid.distance(h, away, lay) - hexgrid.distance(u.hex, away, lay)
            edge = toward_edge(w, u.side, h) - toward_edge(w, u.side, u.hex)
            if broken and edge >= 0:
                continue
            if not broken and farther <= 0:
                continue
            key = (edge, -farther, h)
            if best is None or key < best[0]:
                best = (key, h)
        if best is None:
            retreat_impossible(w, uid, f"no hex to retreat into after {step} of {n}")
            return False
        w.mark("retreat", u.hex, best[1])
        w.set_unit(uid, hex=best[1])
        for ld in list(w.leaders.values()):
            if ld.hex == u.hex and ld.wing == u.wing and not any(o.hex == u.hex and o.wing == u.wing and o.id != uid for o in w.units.values()):
                w.set_leader(ld.id, hex=best[1])  # §5.2: he stays with the unit he is stacked with
        w.say(f"{uid} retreats {u.hex}→{best[1]}")
    return True

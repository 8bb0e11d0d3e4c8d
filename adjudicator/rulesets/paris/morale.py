"""Morale (seed 000 §12), losses, destruction, retreats (§9.3, §11.4, §13.2) and leader loss (§5.2)."""

from __future__ import annotations

from adjudicator.ruleset import Violation, violation
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.leaders import drop_due, replace_fallen
from adjudicator.rulesets.paris.state import LEVELS, Leader, Unit
from adjudicator.rulesets.paris.work import View, Work, effective_morale, manned_wings, on_map, terrain_row, units_at

RULE_MORALE = "seed 000 §12.1"


def can_stack(w: Work, u: Unit, h: str) -> bool:
    """§9.1: one infantry or cavalry unit a hex; anyone may share with artillery; only cavalry
    with a forlorn hope (E). Enemy combat units can never be entered."""
    if not on_map(w, h) or terrain_row(w, h).get("impassable"):
        return False
    for o in units_at(w, h):
        if o.id == u.id:
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
    u = w.remove_unit(uid)
    if counts:
        w.set(destroyed={**w.destroyed, u.side: w.destroyed[u.side] + (f"{u.kind}:{u.id}",)})
    else:
        w.set(removed=w.removed + (u.id,))
    w.say(f"{u.id} is destroyed ({why})")
    if u.wing not in manned_wings(w):
        wing = w.wings[u.wing]
        w.set_wing(u.wing, barred=True)
        if wing.leader in w.leaders:
            w.leaders.pop(wing.leader)
            w.say(f"wing {u.wing} has no unit left: it can never activate again (seed 000 §5.2.2)")
        drop_due(w, u.wing)


def kill_leader(w: Work, lid: str, why: str) -> None:
    """§5.2.1: the leader goes; an adjutant replaces him (§5.2.2, leaders.replace_fallen)."""
    ld = w.leaders.pop(lid)
    w.say(f"leader {ld.name} is killed ({why}) (seed 000 §5.2.1)")
    replace_fallen(w, ld)


def leader_risk(w: Work, present: list[str], why: str) -> None:
    """§5.2.1: a leader in a hex hit by fire dies on a 9. `present` are the leaders who stood in the
    hex when the fire fell: they roll after the morale checks, wherever those took them (ruling R43)."""
    on = int(w.table("leader_death").get("killed_on", 9))
    for ld in [w.leaders[x] for x in present if x in w.leaders]:  # one whose wing was wiped out has left (§5.2.2)
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


def _step_key(s: View, u: Unit, here: str, h: str, away: str) -> tuple[int, int, str]:
    """The engine's preference among retreat steps (ruling R20): toward the unit's own edge, then
    farther from `away`, then the lowest hex id."""
    edge = toward_edge(s, u.side, h) - toward_edge(s, u.side, here)
    farther = hexgrid.distance(h, away, s.layout) - hexgrid.distance(here, away, s.layout)
    return edge, -farther, h


def retreat_problem(s: View, u: Unit, here: str, h: str, away: str) -> list[Violation]:
    """Why `u` may not step from `here` into `h` on a melee retreat away from `away` (none if it
    may): next to the hex it leaves, on the map, passable, no enemy in it, the stacking limits of
    §9.1 (which also bar passing through), farther from `away` at every step (R20)."""
    lay = s.layout
    if not on_map(s, h):
        return violation("retreat/off-map", "seed 000 §11.4", f"{h} is off the map")
    if h not in hexgrid.neighbours(here, lay):
        return violation("retreat/not-adjacent", "seed 000 §11.4", f"{h} is not next to {here}: a retreat goes hex by hex")
    if terrain_row(s, h).get("impassable"):
        return violation("retreat/impassable", "seed 000 §8.1", f"{h} is impassable terrain (ruling R20)")
    if any(o.side != u.side for o in units_at(s, h)):
        return violation("retreat/enemy", "seed 000 §9.1", f"{h} holds an enemy unit (ruling R20)")
    if not can_stack(s, u, h):
        return violation("retreat/stacking", "seed 000 §9.1", f"{u.id} may not enter or pass through {h}: one infantry or "
                         "cavalry unit a hex, and only cavalry with a forlorn hope")
    if hexgrid.distance(h, away, lay) <= hexgrid.distance(here, away, lay):
        return violation("retreat/not-away", "seed 000 §11.4", f"{h} is no farther than {here} from the enemy at {away}: "
                         "every step of a retreat leads away from it (ruling R20)")
    return []


def retreat_paths(s: View, u: Unit, n: int, away: str) -> list[tuple[str, ...]]:
    """Every legal melee retreat of exactly `n` hexes (§11.4), the engine's preference first (R20).
    Each step is strictly farther from `away`, so a path never doubles back: at most 3**n paths."""
    lay = s.layout
    found: list[tuple[tuple, tuple[str, ...]]] = []

    def walk(here: str, path: tuple[str, ...], keys: tuple) -> None:
        if len(path) == n:
            found.append((keys, path))
            return
        for h in hexgrid.neighbours(here, lay):
            if not retreat_problem(s, u, here, h, away):
                walk(h, path + (h,), keys + (_step_key(s, u, here, h, away),))

    walk(u.hex, (), ())
    return [p for _, p in sorted(found)]


def carry_leaders(w: Work, u: Unit, old: str, new: str, own_move: bool = False) -> None:
    """§5.2: a leader stays with the unit he is stacked with when it advances or retreats (§11.4);
    a leader of another wing stays with his own wing's unit if one remains in the hex (§9.1).

    With `own_move` (the unit's own move, or its interception, §8.3: neither binds him, §5.2) only a
    leader of the unit's wing goes, and only if no other unit of his wing is left in the hex (§9.1),
    and not if he has moved himself in this activation (ruling R44)."""
    for ld in list(w.leaders.values()):
        if ld.hex != old or ld.side != u.side:
            continue
        own_stays = any(o.id != u.id and o.wing == ld.wing for o in units_at(w, old))
        if own_move:  # only his own wing's unit: one passing through his hex does not pick him up
            goes = ld.wing == u.wing and not own_stays and not (ld.acted == "move" and ld.wing == w.active_wing)
        else:
            goes = ld.wing == u.wing or not own_stays
        if goes:
            w.set_leader(ld.id, hex=new)
            w.say(f"leader {ld.name} goes with {u.id} to {new} (seed 000 {'§9.1, ruling R44' if own_move else '§5.2'})")


def step_back(w: Work, uid: str, h: str) -> None:
    """One retreat step: the unit keeps its facing (§11.4) and its leaders go with it (§5.2)."""
    u = w.units[uid]
    w.mark("retreat", u.hex, h)
    w.set_unit(uid, hex=h)
    carry_leaders(w, u, u.hex, h)


def retreat(w: Work, uid: str, n: int, away: str, broken: bool = False) -> bool:
    """The engine's retreat of `n` hexes (ruling R20): each step farther from `away`, or for a broken
    unit toward its own edge (§13.2, ruling R19); facing is kept (§11.4). Used for a broken unit's
    retreat and for a melee retreat that has no full legal path: it goes as far as it can, then
    rolls on the retreat-impossible table (§9.3); returns False then."""
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
            if not can_stack(w, u, h) or any(o.side != u.side for o in units_at(w, h)):
                continue
            key = _step_key(w, u, u.hex, h, away)
            edge, farther = key[0], -key[1]
            if broken and edge >= 0:
                continue
            if not broken and farther <= 0:
                continue
            if best is None or key < best[0]:
                best = (key, h)
        if best is None:
            retreat_impossible(w, uid, f"no hex to retreat into after {step} of {n}")
            return False
        w.say(f"{uid} retreats {u.hex}→{best[1]}")
        step_back(w, uid, best[1])
    return True

"""Morale (seed 000 §12), losses, destruction, retreats (§9.3, §11.4, §13.2) and leader loss (§5.2)."""

from __future__ import annotations

from adjudicator.draft import Draft
from adjudicator.ruleset import Violation, violation
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.ground import View, manned_wings, now, on_map, terrain_row, units_at
from adjudicator.rulesets.paris.leaders import drop_due, replace_fallen
from adjudicator.rulesets.paris.state import d10, Leader, leader_name, LEVELS, PState, table, Unit
from adjudicator.i18n import Msg

RULE_MORALE = "seed 000 §12.1"


def effective_ma(u: Unit) -> int:
    """§12.2: disorder halves movement, shaken has none, broken only routs."""
    if u.level == 0:
        return u.ma
    if u.level == 1:
        return u.ma // 2
    return 0


def effective_morale(s: PState, u: Unit) -> int:
    """§12.2: the morale of a unit in its state (disorder -1, shaken -2, broken -5)."""
    pen = table(s, "morale").get("penalty", [0, 1, 2, 5])
    return u.morale - int(pen[min(u.level, 3)])


def can_stack(v: View, u: Unit, h: str) -> bool:
    """§9.1: one infantry or cavalry unit a hex; anyone may share with artillery; only cavalry
    with a forlorn hope (E). Enemy combat units can never be entered."""
    s = now(v)
    if not on_map(s, h) or terrain_row(s, h).get("impassable"):
        return False
    for o in units_at(v, h):
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


def edge_facing(s: PState, side: str) -> int:
    return hexgrid.NORTH if s.edges.get(side) == "north" else hexgrid.SOUTH


def toward_edge(s: PState, side: str, h: str) -> int:
    """Rows still to cross to leave the map by the side's own edge."""
    row, _ = hexgrid.parse_hex(h)
    return row if s.edges.get(side) == "north" else s.rows + 1 - row


def destroy(d: Draft[PState], uid: str, why: Msg | str, counts: bool = True) -> None:
    s = d.s
    u = d.remove(s.units, uid)
    if counts:
        s.destroyed = {**s.destroyed, u.side: s.destroyed[u.side] + (f"{u.kind}:{u.id}",)}
    else:
        s.removed = s.removed + (u.id,)
    d.say("{unit} is destroyed ({why})", unit=u.id, why=why)
    if u.wing not in manned_wings(d):
        wing = s.wings[u.wing]
        d.update(s.wings, u.wing, barred=True)
        if wing.leader in s.leaders:
            d.remove(s.leaders, wing.leader)
            d.say("wing {wing} has no unit left: it can never activate again (seed 000 §5.2.2)", wing=u.wing)
        drop_due(d, u.wing)


def kill_leader(d: Draft[PState], lid: str, why: Msg | str) -> None:
    """§5.2.1: the leader goes; an adjutant replaces him (§5.2.2, leaders.replace_fallen)."""
    ld = d.remove(d.s.leaders, lid)
    d.say("leader {name} is killed ({why}) (seed 000 §5.2.1)", name=leader_name(ld), why=why)
    replace_fallen(d, ld)


def leader_risk(d: Draft[PState], present: list[str], why: Msg | str) -> None:
    """§5.2.1: a leader in a hex hit by fire dies on a 9. `present` are the leaders who stood in the
    hex when the fire fell: they roll after the morale checks, wherever those took them (ruling R43)."""
    s = d.s
    on = int(table(s, "leader_death").get("killed_on", 9))
    for ld in [s.leaders[x] for x in present if x in s.leaders]:  # one whose wing was wiped out has left (§5.2.2)
        r = d10(d, f"leader {ld.id}: casualty check ({why})", ld.side)  # what is rolled for, never its outcome
        if r == on:
            kill_leader(d, ld.id, Msg("rolled {roll} after {why}", roll=r, why=why))
        else:
            d.say("leader {name} survives {why}: d10 {roll} (dies on {on})", name=leader_name(ld), why=why, roll=r, on=on)


def lose_levels(d: Draft[PState], uid: str, n: int, why: Msg | str, away: str = "") -> bool:
    """A unit drops `n` levels; more than it has destroys it (§11.4). A unit that becomes broken
    retreats 2 hexes toward its edge (§13.2). Artillery has no levels: any loss destroys it (§13.1)."""
    s = d.s
    u = s.units.get(uid)
    if u is None or n <= 0:
        return u is not None
    if u.artillery:
        destroy(d, uid, why)
        return False
    new = u.level + n
    if new > 3:
        destroy(d, uid, Msg("{why}: it had no level left to lose", why=why))
        return False
    d.update(s.units, uid, level=new)
    d.say("{unit} drops to {level} ({why})", unit=uid, level=Msg(LEVELS[new]), why=why)
    if new == 3 and u.level < 3:
        d.update(s.units, uid, facing=edge_facing(s, u.side))
        retreat(d, uid, 2, away or u.hex, broken=True)
    return uid in s.units


def stacked_leader(v: View, u: Unit) -> Leader | None:
    best = None
    for ld in now(v).leaders.values():
        if ld.hex == u.hex and ld.side == u.side and (best is None or ld.rating > best.rating):
            best = ld
    return best


def morale_check(d: Draft[PState], uid: str, plus: int, why: Msg | str, leader_bonus: int | None = None) -> bool:
    """§12.1: d10 (+ modifiers, - the rating of a leader stacked with it) <= morale passes; a
    failure costs one level; a broken unit that fails is destroyed."""
    s = d.s
    u = s.units[uid]
    if leader_bonus is None:
        ld = stacked_leader(d, u)
        leader_bonus = ld.rating if ld else 0
    roll = d10(d, f"morale {uid} ({why})", u.side)
    total = roll + plus - leader_bonus
    target = effective_morale(s, u)
    ok = total <= target
    d.say("{unit} morale check ({why}): d10 {roll}{plus}{bonus} = {total} vs {target}: {result} ({rule})", unit=uid, why=why,
          roll=roll, plus=f"{plus:+d}", bonus=f"{-leader_bonus:+d}", total=total, target=target,
          result=Msg("passes") if ok else Msg("fails"), rule=RULE_MORALE)
    if not ok:
        lose_levels(d, uid, 1, Msg("failed morale check, {why}", why=why))
    return ok


def retreat_impossible(d: Draft[PState], uid: str, why: Msg | str) -> None:
    """§9.3: a unit that cannot retreat rolls on the retreat-impossible table."""
    s = d.s
    u = s.units.get(uid)
    if u is None:
        return
    roll = d10(d, f"retreat impossible {uid}", u.side)
    total = roll + (1 if u.level == 3 else 0)
    levels = table(s, "retreat_impossible").get("levels", [1])
    n = int(levels[min(total, len(levels) - 1)])
    d.say("{unit} cannot retreat ({why}): d10 {roll} → loses {count} level(s){tag} (seed 000 §9.3)", unit=uid, why=why, roll=roll,
          count=n, tag=d.used(s.tables, "retreat_impossible"))
    if n:
        # a unit that cannot retreat does not retreat again on becoming broken
        if u.level + n > 3:
            destroy(d, uid, Msg("retreat impossible"))
        else:
            d.update(s.units, uid, level=u.level + n)
            d.say("{unit} drops to {level}", unit=uid, level=Msg(LEVELS[u.level + n]))


def _step_key(s: PState, u: Unit, here: str, h: str, away: str) -> tuple[int, int, str]:
    """The engine's preference among retreat steps (ruling R20): toward the unit's own edge, then
    farther from `away`, then the lowest hex id."""
    edge = toward_edge(s, u.side, h) - toward_edge(s, u.side, here)
    farther = hexgrid.distance(h, away, s.layout) - hexgrid.distance(here, away, s.layout)
    return edge, -farther, h


def retreat_problem(v: View, u: Unit, here: str, h: str, away: str) -> list[Violation]:
    """Why `u` may not step from `here` into `h` on a melee retreat away from `away` (none if it
    may): next to the hex it leaves, on the map, passable, no enemy in it, the stacking limits of
    §9.1 (which also bar passing through), farther from `away` at every step (R20)."""
    s = now(v)
    lay = s.layout
    if not on_map(s, h):
        return violation("retreat/off-map", "seed 000 §11.4", "{h} is off the map", h=h)
    if h not in hexgrid.neighbours(here, lay):
        return violation("retreat/not-adjacent", "seed 000 §11.4", "{h} is not next to {here}: a retreat goes hex by hex",
                         h=h, here=here)
    if terrain_row(s, h).get("impassable"):
        return violation("retreat/impassable", "seed 000 §8.1", "{h} is impassable terrain (ruling R20)", h=h)
    if any(o.side != u.side for o in units_at(v, h)):
        return violation("retreat/enemy", "seed 000 §9.1", "{h} holds an enemy unit (ruling R20)", h=h)
    if not can_stack(v, u, h):
        return violation("retreat/stacking", "seed 000 "
                                             "§9.1", "{id} may not enter or pass through {h}: one infantry or cavalry unit a "
                                                     "hex, and only cavalry with a forlorn hope", id=u.id, h=h)
    if hexgrid.distance(h, away, lay) <= hexgrid.distance(here, away, lay):
        return violation("retreat/not-away", "seed 000 "
                                             "§11.4", "{h} is no farther than {here} from the enemy at {away}: every step of a "
                                                      "retreat leads away from it (ruling R20)", h=h, here=here, away=away)
    return []


def retreat_paths(v: View, u: Unit, n: int, away: str) -> list[tuple[str, ...]]:
    """Every legal melee retreat of exactly `n` hexes (§11.4), the engine's preference first (R20).
    Each step is strictly farther from `away`, so a path never doubles back: at most 3**n paths."""
    s = now(v)
    lay = s.layout
    found: list[tuple[tuple[tuple[int, int, str], ...], tuple[str, ...]]] = []

    def walk(here: str, path: tuple[str, ...], keys: tuple[tuple[int, int, str], ...]) -> None:
        if len(path) == n:
            found.append((keys, path))
            return
        for h in hexgrid.neighbours(here, lay):
            if not retreat_problem(v, u, here, h, away):
                walk(h, path + (h,), keys + (_step_key(s, u, here, h, away),))

    walk(u.hex, (), ())
    return [p for _, p in sorted(found)]


def carry_leaders(d: Draft[PState], u: Unit, old: str, new: str, own_move: bool = False, say: bool = True) -> list[Msg | str]:
    """§5.2: a leader stays with the unit he is stacked with when it advances or retreats (§11.4);
    a leader of another wing stays with his own wing's unit if one remains in the hex (§9.1).

    With `own_move` (the unit's own move, or its interception, §8.3: neither binds him, §5.2) only a
    leader of the unit's wing goes, and only if no other unit of his wing is left in the hex (§9.1),
    and not if he has moved himself in this activation (ruling R44). Returns the names of the
    leaders carried; `say=False` leaves telling it to the caller (a move says it once, not a hex)."""
    s = d.s
    carried: list[Msg | str] = []
    for ld in list(s.leaders.values()):
        if ld.hex != old or ld.side != u.side:
            continue
        own_stays = any(o.id != u.id and o.wing == ld.wing for o in units_at(d, old))
        if own_move:  # only his own wing's unit: one passing through his hex does not pick him up
            goes = ld.wing == u.wing and not own_stays and not (ld.acted == "move" and ld.wing == s.active_wing)
        else:
            goes = ld.wing == u.wing or not own_stays
        if goes:
            d.update(s.leaders, ld.id, hex=new)
            carried.append(leader_name(ld))
            if say:
                d.say("leader {name} goes with {unit} to {hex} (seed 000 {rule})", name=leader_name(ld), unit=u.id, hex=new,
                      rule="§9.1, ruling R44" if own_move else "§5.2")
    return carried


def step_back(d: Draft[PState], uid: str, h: str) -> None:
    """One retreat step: the unit keeps its facing (§11.4) and its leaders go with it (§5.2)."""
    u = d.s.units[uid]
    d.mark("retreat", u.hex, h)
    d.update(d.s.units, uid, hex=h)
    carry_leaders(d, u, u.hex, h)


def retreat(d: Draft[PState], uid: str, n: int, away: str, broken: bool = False) -> bool:
    """The engine's retreat of `n` hexes (ruling R20): each step farther from `away`, or for a broken
    unit toward its own edge (§13.2, ruling R19); facing is kept (§11.4). Used for a broken unit's
    retreat and for a melee retreat that has no full legal path: it goes as far as it can, then
    rolls on the retreat-impossible table (§9.3); returns False then."""
    s = d.s
    lay = s.layout
    for step in range(n):
        u = s.units.get(uid)
        if u is None:
            return True
        if broken and toward_edge(s, u.side, u.hex) <= 1:
            d.mark("move", u.hex, u.hex)
            destroy(d, uid, Msg("routed off the map (seed 000 §13.2)"))
            return True
        best: tuple[tuple[int, int, str], str] | None = None
        for h in hexgrid.neighbours(u.hex, lay):
            if not can_stack(d, u, h) or any(o.side != u.side for o in units_at(d, h)):
                continue
            key = _step_key(s, u, u.hex, h, away)
            edge, farther = key[0], -key[1]
            if broken and edge >= 0:
                continue
            if not broken and farther <= 0:
                continue
            if best is None or key < best[0]:
                best = (key, h)
        if best is None:
            retreat_impossible(d, uid, Msg("no hex to retreat into after {step} of {count}", step=step, count=n))
            return False
        d.say("{unit} retreats {hex}→{to}", unit=uid, hex=u.hex, to=best[1])
        step_back(d, uid, best[1])
    return True

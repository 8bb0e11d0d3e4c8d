"""Artillery fire, small-arms fire and close combat: who may attack whom, and the dice.

The seed breaks off before these procedures; the to-hit numbers and modifiers are the
provisional tables of tables.toml (see their `source`). Seed terrain rules that touch
combat (woods range, no firing in a river, hills, river and trench penalties) are applied.
"""

from __future__ import annotations

from adjudicator.dice import Dice
from adjudicator.ruleset import Violation

from . import sections as S
from .board import exhausted, fortified, has_commander, in_cover, occupancy, terrain
from .grid import FACING_NAMES, adjacent, clear_path, distance, in_arc, is_square, parse_square
from .hits import resolve_hit
from .state import PortableState, Unit

FIRING_ARMS = ("infantry", "cavalry", "mg")
MELEE_ARMS = ("infantry", "cavalry", "transport")


def find_target(state: PortableState, actor: str, text: str) -> tuple[Unit | None, list[Violation]]:
    """The enemy unit named by id, or standing in the named square."""
    if is_square(text) and text.lower() not in state.units:
        sq = parse_square(text)
        u = occupancy(state).get(sq)
        if u is None:
            return None, S.v("target/empty", S.SEQUENCE, f"no unit stands in {sq}")
    else:
        u = state.units.get(text.lower())
        if u is None:
            return None, S.v("target/unknown", S.SCENARIO, f"no unit {text!r}")
    if u.side == actor:
        return None, S.v("target/friendly", S.SEQUENCE, f"{u.id} is your own unit")
    if u.arm == "commander":
        return None, S.v("target/commander", S.COMMANDER, f"{u.id} is a commander: commanders are hit only with their unit (R12)")
    return u, []


def fire_range(state: PortableState, u: Unit) -> int:
    """The unit table's range; from inside woods at most 2 (seed 002, woods)."""
    r = int(state.tables["units"][u.kind]["range"])
    if terrain(state, u.square) == "woods":
        r = min(r, int(state.tables["terrain"]["woods_range"]))
    return r


def _range_violations(state: PortableState, u: Unit, t: Unit) -> list[Violation]:
    r = fire_range(state, u)
    d = distance(u.square, t.square)
    if d > r:
        rule = S.WOODS if terrain(state, u.square) == "woods" and r < int(state.tables["units"][u.kind]["range"]) else S.UNITS
        return S.v("fire/out-of-range", rule, f"{t.id} at {t.square} is {d} squares from {u.id} at {u.square}; its range is {r}")
    return []


def _common_attack(state: PortableState, u: Unit, what: str) -> list[Violation]:
    if exhausted(state, u.side):
        return S.v("exhausted/attack", S.EXHAUSTION, f"{state.armies[u.side].name} is exhausted: it may take no aggressive action ({what})")
    if terrain(state, u.square) == "ford" and what != "melee":
        return S.v("fire/in-river", S.RIVER, f"{u.id} stands in the river at {u.square} and may not fire")
    return []


def _sight_blocker(state: PortableState, occ: dict[str, Unit]):
    return lambda sq: sq in occ or terrain(state, sq) in ("woods", "village")


# -- artillery phase ---------------------------------------------------------

def bombard_violations(state: PortableState, gun: Unit, target: Unit) -> list[Violation]:
    found = _common_attack(state, gun, "artillery fire")
    if found:
        return found
    if gun.id in state.bombarded:
        return S.v("artillery/fired", S.ARTILLERY, f"{gun.id} has fired this turn already: each gun fires once a turn")
    if not in_arc(gun.square, gun.facing, target.square):
        return S.v("artillery/arc", S.ARTILLERY,
                   f"{target.id} at {target.square} is outside the 90-degree forward arc of {gun.id} at {gun.square} "
                   f"facing {FACING_NAMES[gun.facing]} (R17)")
    found = _range_violations(state, gun, target)
    if found:
        return found
    occ = occupancy(state)
    on_hill = terrain(state, gun.square) == "hill"

    def friend_in_way(sq: str) -> bool:
        o = occ.get(sq)
        return o is not None and o.side == gun.side and not (on_hill and terrain(state, sq) != "hill")

    if not clear_path(gun.square, target.square, friend_in_way):
        return S.v("artillery/friends-in-way", S.HILLS,
                   f"friendly units stand between {gun.id} and {target.id}: only a gun on a hill fires over friends below it (R6)")
    return []


def bombard_roll(state: PortableState, gun: Unit, target: Unit, dice: Dice, said: list[str]) -> bool:
    t = state.tables["artillery_fire"]
    occ = occupancy(state)
    mods: list[tuple[str, int]] = []
    if clear_path(gun.square, target.square, _sight_blocker(state, occ)):
        mods.append(("line of sight", int(t["line_of_sight"])))
    if state.last_targets.get(gun.id) == target.id:
        mods.append(("same target as last turn", int(t["same_target"])))
    if has_commander(state, gun):
        mods.append(("commander", int(t["commander"])))
    behind_woods = not clear_path(gun.square, target.square, lambda sq: terrain(state, sq) == "woods")
    if fortified(state, target.square):
        mods.append(("target fortified", int(t["target_fortified"])))
    elif in_cover(state, target.square) or behind_woods:
        mods.append(("target in cover", int(t["target_in_cover"])))
    return _to_hit(f"artillery {gun.id} at {target.id}", t, mods, gun.side, dice, said)


def _to_hit(purpose: str, t: dict, mods: list[tuple[str, int]], side: str, dice: Dice, said: list[str]) -> bool:
    roll = dice.roll(purpose, t["dice"], side=side)[0]
    total = roll + sum(m for _, m in mods)
    text = " ".join(f"{m:+d} {why}" for why, m in mods)
    hit = total >= int(t["hit_on"])
    said.append(f"{purpose}: {roll}{(' ' + text) if text else ''} = {total}, {'HIT' if hit else 'miss'} on {t['hit_on']}+ (provisional table)")
    return hit


# -- small-arms fire -----------------------------------------------------------

def fire_violations(state: PortableState, u: Unit, target: Unit) -> list[Violation]:
    spec = state.tables["units"][u.kind]
    if u.arm not in FIRING_ARMS:
        rule = S.ARTILLERY if u.arm == "artillery" else S.UNITS
        why = "artillery fires in the artillery phase: bombard" if u.arm == "artillery" else f"{spec['name']} does not fire"
        return S.v("fire/cannot-fire", rule, f"{u.id}: {why}")
    if int(spec["range"]) <= 0:
        return S.v("fire/adjacent-only", S.UNITS, f"{u.id} ({spec['name']}) attacks only the adjacent square: use melee")
    found = _common_attack(state, u, "fire")
    if found:
        return found
    found = _range_violations(state, u, target)
    if found:
        return found
    occ = occupancy(state)
    if not clear_path(u.square, target.square, _sight_blocker(state, occ)):
        return S.v("fire/no-line", S.FIRE, f"no clear line from {u.id} at {u.square} to {target.id} at {target.square}: units, woods and villages block it (R3)")
    return []


def fire_roll(state: PortableState, u: Unit, target: Unit, dice: Dice, said: list[str]) -> bool:
    t = state.tables["small_arms_fire"]
    mods: list[tuple[str, int]] = []
    if state.moved <= 0:
        mods.append(("did not move", int(t["did_not_move"])))
    if has_commander(state, u):
        mods.append(("commander", int(t["commander"])))
    if fortified(state, target.square):
        mods.append(("target fortified", int(t["target_fortified"])))
    elif in_cover(state, target.square):
        mods.append(("target in cover", int(t["target_in_cover"])))
    return _to_hit(f"fire {u.id} at {target.id}", t, mods, u.side, dice, said)


# -- close combat ---------------------------------------------------------------

def melee_violations(state: PortableState, u: Unit, target: Unit) -> list[Violation]:
    spec = state.tables["units"][u.kind]
    if u.arm not in MELEE_ARMS:
        return S.v("melee/cannot", S.MELEE, f"{u.id} ({spec['name']}) does not start close combat (R14)")
    if u.arm == "infantry" and u.formation == "square":
        return S.v("melee/in-square", S.MELEE, f"{u.id} is in square and does not start close combat (R14)")
    found = _common_attack(state, u, "melee")
    if found:
        return found
    if not adjacent(u.square, target.square):
        return S.v("melee/not-adjacent", S.MELEE, f"{target.id} at {target.square} is not orthogonally next to {u.id} at {u.square}")
    return []


def _melee_mods(state: PortableState, r: Unit, o: Unit, attacking: bool) -> list[tuple[str, int]]:
    t = state.tables["close_combat"]
    mods: list[tuple[str, int]] = []
    if has_commander(state, r):
        mods.append(("commander", int(t["commander"])))
    if terrain(state, r.square) == "woods":
        mods.append(("in woods", int(t["in_woods"])))
    if fortified(state, o.square):
        mods.append(("opponent fortified", int(t["opponent_fortified"])))
    elif terrain(state, o.square) in ("village", "woods"):
        mods.append(("opponent in cover", int(t["opponent_in_cover"])))
    if attacking and terrain(state, o.square) == "hill" and terrain(state, r.square) != "hill":
        mods.append(("attacking uphill", int(t["attacking_uphill"])))
    if r.arm == "transport":
        mods.append(("transport", int(t["transport"])))
    if not attacking and terrain(state, r.square) == "ford":
        mods.append(("attacked in the river", int(t["in_river"])))
    if not attacking and terrain(state, r.square) == "trench":
        mods.append(("attacked in trenches", int(t["in_trench"])))
    return mods


def melee(state: PortableState, u: Unit, target: Unit, dice: Dice, said: list[str]) -> PortableState:
    """Both roll at once; each score at or above the number hits the other (Nov 2014 draft, R15)."""
    t = state.tables["close_combat"]
    attacker_hits = _to_hit(f"melee {u.id} attacks {target.id}", t, _melee_mods(state, u, target, True), u.side, dice, said)
    defender_hits = _to_hit(f"melee {target.id} defends", t, _melee_mods(state, target, u, False), target.side, dice, said)
    origin_u, origin_t = u.square, target.square
    if attacker_hits:
        state = resolve_hit(state, target.id, origin_u, u.id, dice, said, cavalry_charge=u.arm == "cavalry")
    if defender_hits:
        state = resolve_hit(state, u.id, origin_t, target.id, dice, said)
    return state

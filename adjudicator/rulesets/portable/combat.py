"""Artillery fire, small-arms fire and close combat: who may attack whom, and the dice.

The seed breaks off before these procedures; the to-hit numbers and modifiers are the
provisional tables of tables.toml (see their `source`). Seed terrain rules that touch
combat (woods range, no firing in a river, hills, river and trench penalties) are applied.
The checks read a state; the rolls read the draft of the event that makes them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from adjudicator.draft import Draft, Index
from adjudicator.ruleset import Violation, violation
from adjudicator.i18n import Joined, Msg, N_
from adjudicator.localize import Purpose, Word

from . import codes as C
from .board import exhausted, fortified, has_commander, in_cover, occupant, terrain, where
from .grid import FACING_NAMES, adjacent, clear_path, distance, in_arc, is_square, parse_square
from .hits import resolve_hit
from .state import PortableState, Unit

FIRING_ARMS = ("infantry", "cavalry", "mg")
MELEE_ARMS = ("infantry", "cavalry", "transport")
Mods = list[tuple[str, int]]


def find_target(s: PortableState, actor: str, text: str) -> tuple[Unit | None, list[Violation]]:
    """The enemy unit named by id, or standing in the named square."""
    if is_square(text) and text.lower() not in s.units:
        sq = parse_square(text)
        u = occupant(s, where(s), sq)
        if u is None:
            return None, violation("target/empty", C.SEQUENCE, "no unit stands in {sq}", sq=sq)
    else:
        u = s.units.get(text.lower())
        if u is None:
            return None, violation("target/unknown", C.SCENARIO, "no unit {text!r}", text=text)
    if u.side == actor:
        return None, violation("target/friendly", C.SEQUENCE, "{id} is your own unit", id=u.id)
    if u.arm == "commander":
        return None, violation("target/commander", C.COMMANDER, "{id} is a commander: commanders are hit only with their unit "
                                                                "(R12)", id=u.id)
    return u, []


def accepted_target(s: PortableState, actor: str, text: str) -> Unit:
    """The target of an action its check has accepted."""
    u, _ = find_target(s, actor, text)
    if u is None:
        raise ValueError(f"portable: {text!r} is no target for {actor}, but the action was accepted")
    return u


def fire_range(s: PortableState, u: Unit) -> int:
    """The unit table's range; from inside woods at most 2 (seed 002, woods)."""
    r = int(s.tables["units"][u.kind]["range"])
    if terrain(s, u.square) == "woods":
        r = min(r, int(s.tables["terrain"]["woods_range"]))
    return r


def _range_violations(s: PortableState, u: Unit, t: Unit) -> list[Violation]:
    r = fire_range(s, u)
    d = distance(u.square, t.square)
    if d > r:
        rule = C.WOODS if terrain(s, u.square) == "woods" and r < int(s.tables["units"][u.kind]["range"]) else C.UNITS
        return violation("fire/out-of-range", rule, "{id} at {square} is {d} squares from {id2} at {square2}; its range is {r}",
                         id=t.id, square=t.square, d=d, id2=u.id, square2=u.square, r=r)
    return []


def _common_attack(s: PortableState, u: Unit, what: str) -> list[Violation]:
    if exhausted(s, u.side):
        return violation("exhausted/attack", C.EXHAUSTION, "{name} is exhausted: it may take no aggressive action ({what})",
                         name=s.armies[u.side].name, what=what)
    if terrain(s, u.square) == "ford" and what != "melee":
        return violation("fire/in-river", C.RIVER, "{id} stands in the river at {square} and may not fire",
                         id=u.id, square=u.square)
    return []


def _sight_blocker(s: PortableState, ix: Index) -> Callable[[str], bool]:
    return lambda sq: occupant(s, ix, sq) is not None or terrain(s, sq) in ("woods", "village")


# -- artillery phase ---------------------------------------------------------

def bombard_violations(s: PortableState, gun: Unit, target: Unit) -> list[Violation]:
    found = _common_attack(s, gun, "artillery fire")
    if found:
        return found
    if gun.id in s.bombarded:
        return violation("artillery/fired", C.ARTILLERY, "{id} has fired this turn already: each gun fires once a turn",
                         id=gun.id)
    if not in_arc(gun.square, gun.facing, target.square):
        return violation("artillery/arc", C.ARTILLERY,
                         "{id} at {square} is outside the 90-degree forward arc of {id2} at {square2} facing {facing} "
                         "(R17)", id=target.id, square=target.square, id2=gun.id, square2=gun.square, facing=Word("portable", FACING_NAMES[gun.facing]))
    found = _range_violations(s, gun, target)
    if found:
        return found
    ix = where(s)
    on_hill = terrain(s, gun.square) == "hill"

    def friend_in_way(sq: str) -> bool:
        o = occupant(s, ix, sq)
        return o is not None and o.side == gun.side and not (on_hill and terrain(s, sq) != "hill")

    if not clear_path(gun.square, target.square, friend_in_way):
        return violation("artillery/friends-in-way", C.HILLS,
                         "friendly units stand between {id} and {id2}: only a gun on a hill fires over friends below it "
                         "(R6)", id=gun.id, id2=target.id)
    return []


def bombard_roll(d: Draft[PortableState], gun: Unit, target: Unit) -> bool:
    s, ix = d.s, d.index()
    t = s.tables["artillery_fire"]
    mods: Mods = []
    if clear_path(gun.square, target.square, _sight_blocker(s, ix)):
        mods.append((N_("line of sight"), int(t["line_of_sight"])))
    if s.last_targets.get(gun.id) == target.id:
        mods.append((N_("same target as last turn"), int(t["same_target"])))
    if has_commander(s, ix, gun):
        mods.append((N_("commander"), int(t["commander"])))
    behind_woods = not clear_path(gun.square, target.square, lambda sq: terrain(s, sq) == "woods")
    if fortified(s, target.square):
        mods.append((N_("target fortified"), int(t["target_fortified"])))
    elif in_cover(s, target.square) or behind_woods:
        mods.append((N_("target in cover"), int(t["target_in_cover"])))
    return _to_hit(d, f"artillery {gun.id} at {target.id}", t, mods, gun.side)


def _to_hit(d: Draft[PortableState], purpose: str, t: dict[str, Any], mods: Mods, side: str) -> bool:
    roll = d.dice.roll(purpose, t["dice"], side=side)[0]
    total = roll + sum(m for _, m in mods)
    text = Joined("", [Msg(" {value} {why}", value=f"{m:+d}", why=Msg(why)) for why, m in mods])
    hit = total >= int(t["hit_on"])
    d.say("{}: {}{} = {}, {} on {}+ (provisional table)", Purpose("portable", purpose), roll, text, total,
          Msg("HIT") if hit else Msg("miss"), t["hit_on"])
    return hit


# -- small-arms fire -----------------------------------------------------------

def fire_violations(s: PortableState, u: Unit, target: Unit) -> list[Violation]:
    spec = s.tables["units"][u.kind]
    if u.arm not in FIRING_ARMS:
        rule = C.ARTILLERY if u.arm == "artillery" else C.UNITS
        why = Msg("artillery fires in the artillery phase: bombard") if u.arm == "artillery" else Msg(
            "{name} does not fire", name=Word("portable", spec["name"]))
        return violation("fire/cannot-fire", rule, "{id}: {why}", id=u.id, why=why)
    if int(spec["range"]) <= 0:
        return violation("fire/adjacent-only", C.UNITS, "{id} ({name}) attacks only the adjacent square: use melee", id=u.id,
                         name=Word("portable", spec["name"]))
    found = _common_attack(s, u, "fire")
    if found:
        return found
    found = _range_violations(s, u, target)
    if found:
        return found
    if not clear_path(u.square, target.square, _sight_blocker(s, where(s))):
        return violation("fire/no-line", C.FIRE, "no clear line from {id} at {square} to {id2} at {square2}: units, woods and "
                                                 "villages block it (R3)", id=u.id, square=u.square, id2=target.id, square2=target.square)
    return []


def fire_roll(d: Draft[PortableState], u: Unit, target: Unit) -> bool:
    s = d.s
    t = s.tables["small_arms_fire"]
    mods: Mods = []
    if s.moved <= 0:
        mods.append((N_("did not move"), int(t["did_not_move"])))
    if has_commander(s, d.index(), u):
        mods.append((N_("commander"), int(t["commander"])))
    if fortified(s, target.square):
        mods.append((N_("target fortified"), int(t["target_fortified"])))
    elif in_cover(s, target.square):
        mods.append((N_("target in cover"), int(t["target_in_cover"])))
    return _to_hit(d, f"fire {u.id} at {target.id}", t, mods, u.side)


# -- close combat ---------------------------------------------------------------

def melee_violations(s: PortableState, u: Unit, target: Unit) -> list[Violation]:
    spec = s.tables["units"][u.kind]
    if u.arm not in MELEE_ARMS:
        return violation("melee/cannot", C.MELEE, "{id} ({name}) does not start close combat (R14)", id=u.id,
                         name=Word("portable", spec["name"]))
    if u.arm == "infantry" and u.formation == "square":
        return violation("melee/in-square", C.MELEE, "{id} is in square and does not start close combat (R14)", id=u.id)
    found = _common_attack(s, u, "melee")
    if found:
        return found
    if not adjacent(u.square, target.square):
        return violation("melee/not-adjacent", C.MELEE, "{id} at {square} is not orthogonally next to {id2} at {square2}",
                         id=target.id, square=target.square, id2=u.id, square2=u.square)
    return []


def _melee_mods(s: PortableState, ix: Index, r: Unit, o: Unit, attacking: bool) -> Mods:
    t = s.tables["close_combat"]
    mods: Mods = []
    if has_commander(s, ix, r):
        mods.append((N_("commander"), int(t["commander"])))
    if terrain(s, r.square) == "woods":
        mods.append((N_("in woods"), int(t["in_woods"])))
    if fortified(s, o.square):
        mods.append((N_("opponent fortified"), int(t["opponent_fortified"])))
    elif terrain(s, o.square) in ("village", "woods"):
        mods.append((N_("opponent in cover"), int(t["opponent_in_cover"])))
    if attacking and terrain(s, o.square) == "hill" and terrain(s, r.square) != "hill":
        mods.append((N_("attacking uphill"), int(t["attacking_uphill"])))
    if r.arm == "transport":
        mods.append((N_("transport"), int(t["transport"])))
    if not attacking and terrain(s, r.square) == "ford":
        mods.append((N_("attacked in the river"), int(t["in_river"])))
    if not attacking and terrain(s, r.square) == "trench":
        mods.append((N_("attacked in trenches"), int(t["in_trench"])))
    return mods


def melee(d: Draft[PortableState], u: Unit, target: Unit) -> None:
    """Both roll at once; each score at or above the number hits the other (Nov 2014 draft, R15)."""
    s, ix = d.s, d.index()
    t = s.tables["close_combat"]
    attacker_hits = _to_hit(d, f"melee {u.id} attacks {target.id}", t, _melee_mods(s, ix, u, target, True), u.side)
    defender_hits = _to_hit(d, f"melee {target.id} defends", t, _melee_mods(s, ix, target, u, False), target.side)
    if attacker_hits:
        resolve_hit(d, target.id, u.square, u.id, cavalry_charge=u.arm == "cavalry")
    if defender_hits:
        resolve_hit(d, u.id, target.square, target.id)

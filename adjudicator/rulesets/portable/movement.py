"""Movement: how far a unit may go, and along which squares (seed 002 unit table and special rules).

A move is a path of orthogonal steps. Rulings (RULINGS.md): R2 steps are orthogonal only;
R4 a unit that enters a square next to an enemy unit stops there; one combat unit per
square, friends may be passed through but not shared; commanders stand with their units.
"""

from __future__ import annotations

from adjudicator.ruleset import Violation

from . import sections as S
from .board import exhausted, nearest_enemy, occupancy, terrain
from .grid import adjacent, neighbours, on_board
from .state import PortableState, Unit


def base_allowance(state: PortableState, u: Unit, tow: Unit | None) -> tuple[int, list[Violation]]:
    """Squares the unit may move before terrain, or why it may not move at all."""
    spec = state.tables["units"][u.kind]
    if u.arm == "infantry" and u.formation == "square":
        return 0, S.v("move/in-square", S.HITS, f"{u.id} is in square and cannot move (form line first)")
    if u.id in state.engaged and terrain(state, u.square) == "trench":
        return 0, S.v("move/trench-after-firing", S.TRENCHES, f"{u.id} fired this turn from trenches and may not leave them")
    if u.arm == "artillery":
        if u.id in state.bombarded:
            if not u.horse:
                return 0, S.v("move/fired-gun", S.HORSE, f"{u.id} fired this turn: only horse artillery moves and fires in one turn (R8)")
            limit = int(state.tables["terrain"]["horse_artillery_move_after_firing"])
        else:
            limit = int(state.tables["horse_artillery"]["move"]) if u.horse else int(spec["move"])
        if tow is not None:
            return min(int(state.tables["units"][tow.kind]["move"]), limit if u.id in state.bombarded else 99), []
        if spec.get("needs_transport"):
            return 0, S.v("move/needs-transport", S.UNITS, f"{u.id} ({spec['name']}) moves only towed: move {u.id} ... with TRANSPORT")
        return limit, []
    if tow is not None:
        return 0, S.v("move/tow-not-gun", S.UNITS, f"only artillery is towed by a Transport; {u.id} is {spec['name']}")
    return int(spec["move"]), []


def tow_violations(state: PortableState, actor: str, gun: Unit, tow_id: str) -> tuple[Unit | None, list[Violation]]:
    t = state.units.get(tow_id)
    if t is None or t.side != actor or t.arm != "transport":
        return None, S.v("move/bad-tow", S.UNITS, f"{tow_id!r} is not one of your Transport units")
    if t.id in state.activated:
        return None, S.v("move/tow-activated", S.SEQUENCE, f"{t.id} has already been activated this turn (R19)")
    if not adjacent(t.square, gun.square):
        return None, S.v("move/tow-not-adjacent", S.UNITS, f"{t.id} at {t.square} is not next to {gun.id} at {gun.square} (R19)")
    return t, []


def path_violations(state: PortableState, u: Unit, path: tuple[str, ...], allowance: int,
                    occ: dict[str, Unit] | None = None) -> list[Violation]:
    occ = occupancy(state) if occ is None else occ
    start = u.square
    seen = {start}
    prev = start
    enemy_commanders = {c.square for c in state.units.values() if c.arm == "commander" and c.side != u.side}
    woods_to_woods = False
    for i, sq in enumerate(path):
        last = i == len(path) - 1
        if not on_board(sq, state.width, state.height):
            return S.v("move/off-board", S.MOVEMENT, f"{sq} is off the {state.width}x{state.height} grid")
        if not adjacent(prev, sq):
            return S.v("move/not-adjacent", S.MOVEMENT, f"{sq} is not orthogonally next to {prev} (R2: no diagonal steps)")
        if sq in seen:
            return S.v("move/revisits", S.MOVEMENT, f"the path enters {sq} twice")
        seen.add(sq)
        kind = terrain(state, sq)
        if kind == "river":
            return S.v("move/river", S.RIVER, f"{sq} is river: it can be crossed only at a ford")
        other = occ.get(sq)
        if other is not None and other.side != u.side:
            return S.v("move/enemy-square", S.MOVEMENT, f"{sq} is held by the enemy {other.id}")
        if u.arm != "commander":
            if sq in enemy_commanders:
                return S.v("move/enemy-square", S.MOVEMENT, f"{sq} is held by an enemy commander (R12)")
            if other is not None and last:
                return S.v("move/occupied", S.MOVEMENT, f"{sq} already holds {other.id}: one unit per square (R18)")
        prev_kind = terrain(state, prev)
        if kind == "woods" and prev_kind == "woods":
            woods_to_woods = True
        if not last:
            if kind == "woods" and prev_kind != "woods":
                return S.v("move/woods-stop", S.WOODS, f"a unit entering woods stops: {sq} must end the move")
            if kind == "ford":
                return S.v("move/ford-stop", S.RIVER, f"a unit entering a river stops: {sq} must end the move; it leaves next turn")
            if kind == "trench":
                return S.v("move/trench-stop", S.TRENCHES, f"a unit entering trenches stops: {sq} must end the move")
            foe = next((n for n in neighbours(sq, state.width, state.height)
                        if (o := occ.get(n)) is not None and o.side != u.side), None)
            if foe is not None:
                return S.v("move/enemy-contact", S.MOVEMENT, f"{sq} is next to the enemy in {foe}: the move stops there (R4)")
        prev = sq
    limit, why, rule = allowance, f"{u.id} moves {allowance}", S.UNITS
    if all(s in state.roads for s in (start, *path)):
        limit, why, rule = allowance + int(state.tables["terrain"]["road_bonus"]), f"{u.id} moves {allowance} +1 on road (R25)", S.ROAD
    if terrain(state, start) == "ford" and limit > 1:
        limit, why, rule = 1, "a unit starting in a river moves 1 square", S.RIVER
    if woods_to_woods and limit > 1:
        limit, why, rule = 1, "a unit moving from woods to woods moves 1 square (R24)", S.WOODS
    if len(path) > limit:
        return S.v("move/too-far", rule, f"{len(path)} squares is too far: {why}")
    return []


def exhausted_violations(state: PortableState, u: Unit, final: str) -> list[Violation]:
    """An exhausted army may hold, not move towards the enemy (R5: nearer the nearest enemy unit)."""
    if exhausted(state, u.side) and nearest_enemy(state, u.side, final) < nearest_enemy(state, u.side, u.square):
        return S.v("exhausted/advance", S.EXHAUSTION,
                   f"{state.armies[u.side].name} is exhausted: {u.id} may not move towards the enemy ({u.square} -> {final}, R5)")
    return []


def move_violations(state: PortableState, u: Unit, path: tuple[str, ...], tow: Unit | None) -> list[Violation]:
    allowance, found = base_allowance(state, u, tow)
    if found:
        return found
    if allowance <= 0:
        return S.v("move/cannot-move", S.UNITS, f"{u.id} cannot move")
    occ = occupancy(state)
    if tow is not None:
        occ = {k: x for k, x in occ.items() if x.id != tow.id}
    return path_violations(state, u, path, allowance, occ) or exhausted_violations(state, u, path[-1])


def destinations(state: PortableState, u: Unit, tow: Unit | None = None) -> list[tuple[str, ...]]:
    """One legal path to every square the unit can reach now, shortest first.

    The same rules as path_violations, walked square by square (the test suite checks that every
    path listed here validates)."""
    allowance, found = base_allowance(state, u, tow)
    if found or allowance <= 0:
        return []
    occ = {k: x for k, x in occupancy(state).items() if tow is None or x.id != tow.id}
    foes = [x for x in occ.values() if x.side != u.side]
    w, h = state.width, state.height
    contact = {n for f in foes for n in neighbours(f.square, w, h)}
    enemy_commanders = {c.square for c in state.units.values() if c.arm == "commander" and c.side != u.side}
    roads = set(state.roads)
    bonus = int(state.tables["terrain"]["road_bonus"])
    start_ford = terrain(state, u.square) == "ford"
    tired = exhausted(state, u.side)
    start_gap = nearest_enemy(state, u.side, u.square, foes) if tired else 0
    best: dict[str, tuple[str, ...]] = {}
    frontier = [((), u.square in roads, False)]
    for _ in range(allowance + bonus):
        grown = []
        for path, on_road, w2w in frontier:
            here = path[-1] if path else u.square
            here_kind = terrain(state, here)
            for n in neighbours(here, w, h):
                kind = terrain(state, n)
                if n == u.square or n in path or kind == "river":
                    continue
                o = occ.get(n)
                if (o is not None and o.side != u.side) or (u.arm != "commander" and n in enemy_commanders):
                    continue
                road = on_road and n in roads
                woods = w2w or (kind == "woods" and here_kind == "woods")
                limit = allowance + (bonus if road else 0)
                if start_ford:
                    limit = min(limit, 1)
                if woods:
                    limit = min(limit, 1)
                cand = path + (n,)
                if len(cand) > limit:
                    continue
                if n not in best and (o is None or u.arm == "commander") \
                        and not (tired and nearest_enemy(state, u.side, n, foes) < start_gap):
                    best[n] = cand
                stops = kind in ("ford", "trench") or (kind == "woods" and here_kind != "woods") or n in contact
                if not stops:
                    grown.append((cand, road, woods))
        frontier = grown
    return list(best.values())

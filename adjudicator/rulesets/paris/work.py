"""A working copy of the state for one event: what changed, the rolls, the report lines.

`apply` builds one, lets the rule modules change it, and freezes it back into a new PState;
the state it came from is never touched, so apply stays pure.
"""

from __future__ import annotations

from collections.abc import KeysView
from functools import lru_cache
from itertools import repeat
from typing import Any

import msgspec

from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.state import ARTILLERY, Leader, Mark, PState, Unit, Wing


# the Work's own attributes: never shadowed by a field of the state
_OWN = frozenset({"s", "dice", "units", "leaders", "wings", "changes", "lines", "marks", "prov", "_where", "_count", "_moved_sides"})


class Work:
    def __init__(self, s: PState, dice: Any = None):
        # every field of the state, read as a plain attribute (`set` keeps it current); the Work's
        # own attributes below take the place of the state's units, leaders, wings and marks.
        # Copied at once rather than fetched by a __getattr__: a class with one cannot have its
        # attribute reads specialised by the interpreter, and a Work is read at every step
        self.__dict__ = msgspec.structs.asdict(s)
        self.s = s
        self.dice = dice
        self.units: dict[str, Unit] = dict(s.units)
        self.leaders: dict[str, Leader] = dict(s.leaders)
        self.wings: dict[str, Wing] = dict(s.wings)
        self.changes: dict[str, Any] = {}
        self.lines: list[str] = []
        self.marks: list[Mark] = []
        self.prov: list[str] = []
        # who stands where: the ids by hex of the state it began from (hex_index), shared until this
        # event moves a unit, then the Work's own copy, kept current by set_unit and remove_unit;
        # freeze hands it on to the next state
        self._where: dict[str, tuple[str, ...]] | None = None
        self._count = len(self.units)
        self._moved_sides: set[str] = set()  # the sides a unit of which has moved or left the map

    # -- reading -------------------------------------------------------------
    def set(self, **kw: Any) -> None:
        """Change fields of the state. The units, leaders, wings and marks are the Work's own, changed
        through set_unit, set_leader, set_wing and mark: freeze writes them, so set refuses them."""
        if not _OWN.isdisjoint(kw):
            raise ValueError(f"Work.set cannot change {', '.join(sorted(_OWN.intersection(kw)))}: the Work keeps its own")
        self.changes.update(kw)
        self.__dict__.update(kw)

    def other(self, side: str) -> str:
        players = self.players  # PState.other, without the second call
        return players[1] if side == players[0] else players[0]

    @property
    def active_side(self) -> str:
        w = self.wings.get(self.active_wing)
        return w.side if w else ""

    def table(self, name: str) -> dict:
        return self.s.tables.get(name, {})

    def used(self, name: str) -> str:
        """Note that table `name` decided something; returns a tag for the report line."""
        if self.table(name).get("provisional"):
            if name not in self.prov:
                self.prov.append(name)
            return f" [provisional table: {name}]"
        return ""

    def units_here(self, h: str) -> list[Unit]:
        """The units in hex h, in the order of the units (as a scan of them would find them)."""
        units = self.units
        return [units[i] for i in self.where().get(h, ())]

    def positions_unchanged(self) -> bool:
        """No unit has moved or left the map in this event: every unit stands where the state has it."""
        return not self._moved_sides and len(self.units) == len(self.s.units)

    def stood_still(self, side: str) -> bool:
        """No unit but those of `side` has moved or left the map in this event."""
        return len(self.units) == self._count and self._moved_sides <= {side}

    def where(self) -> dict[str, tuple[str, ...]]:
        """The ids of the units by hex, in the order of the units (a hex may map to no id)."""
        if len(self.units) != self._count:  # a unit was popped behind the index's back: index afresh
            return _ids_by("hex", self.units)
        where = self._where
        if where is None:
            where = self._where = hex_index(self.s)
        return where

    def _writable_where(self) -> dict[str, tuple[str, ...]]:
        """The index, to change: called before the move or loss is noted in _moved_sides."""
        if not self._moved_sides:
            self._where = dict(self.where())  # the state's index is shared: copy it before the first change
        return self._where

    # -- writing ---------------------------------------------------------------
    def set_unit(self, uid: str, **kw: Any) -> Unit:
        old = self.units[uid]
        u = msgspec.structs.replace(old, **kw)
        self.units[uid] = u
        if u.hex != old.hex:
            where = self._writable_where()
            self._moved_sides.add(u.side)
            where[old.hex] = tuple([x for x in where.get(old.hex, ()) if x != uid])
            there = where.get(u.hex, ()) + (uid,)
            if len(there) > 1:  # a stack: in the order of the units, as a scan finds them
                order = {x: i for i, x in enumerate(self.units)}
                there = tuple(sorted(there, key=order.__getitem__))
            where[u.hex] = there
        return u

    def remove_unit(self, uid: str) -> Unit:
        """Take a unit off the map (destroyed, or removed by a ruling)."""
        where = self._writable_where()
        u = self.units.pop(uid)
        self._moved_sides.add(u.side)
        where[u.hex] = tuple([x for x in where.get(u.hex, ()) if x != uid])
        self._count -= 1
        return u

    def set_leader(self, lid: str, **kw: Any) -> Leader:
        ld = msgspec.structs.replace(self.leaders[lid], **kw)
        self.leaders[lid] = ld
        return ld

    def set_wing(self, wid: str, **kw: Any) -> Wing:
        w = msgspec.structs.replace(self.wings[wid], **kw)
        self.wings[wid] = w
        return w

    def say(self, text: str) -> None:
        self.lines.append(text)

    def mark(self, kind: str, src: str, dst: str) -> None:
        self.marks.append(Mark(kind, src, dst))

    def d10(self, purpose: str, side: str = "") -> int:
        expr = self.table("dice").get("d10", "1d10z")
        return sum(self.dice.roll(purpose, expr, side))

    def freeze(self) -> PState:
        s = msgspec.structs.replace(
            self.s, units=self.units, leaders=self.leaders, wings=self.wings, last=tuple(self.lines),
            marks=tuple(self.marks), provisional_used=tuple(self.prov), **self.changes)
        if len(self.units) == self._count:  # the index is whole: what is kept of the units may go on
            was, now = self.s.__dict__, s.__dict__
            where = self._where if self._where is not None else was.get("where")
            if where is not None:
                now["where"] = where
            if "members" in was and len(self.units) == len(self.s.units):  # no unit left the map
                now["members"] = was["members"]
            kept = was.get("others")
            if kept is not None:  # the units not of a side, for each side whose others stood still
                now["others"] = {side: them for side, them in kept.items() if self._moved_sides <= {side}}
        return s

    # -- geometry helpers --------------------------------------------------------
    def dist(self, a: str, b: str) -> int:
        return hexgrid.distance(a, b, self.s.layout)


View = Work | PState
"""Read-only helpers below take either a PState or a Work: a Work has every field of its state."""


def on_map(s: View, h: str) -> bool:
    return h in map_hexes(s.rows, s.cols)


def inside(h: str, rows: int, cols: int) -> bool:
    """Whether h is the id of a hex on a map of `rows` by `cols` hexes."""
    return h in map_hexes(rows, cols)


@lru_cache(maxsize=16)
def map_hexes(rows: int, cols: int) -> frozenset[str]:
    """The ids of every hex of a map of `rows` by `cols` hexes (asked at every step of every move)."""
    return frozenset(hexgrid.hex_id(row, col) for row in range(1, rows + 1) for col in range(1, cols + 1))


def terrain_of(s: View, h: str) -> str:
    return s.terrain.get(h, "clear")


def terrain_row(s: View, h: str) -> dict:
    t = s.tables.get("terrain", {})
    return t.get(s.terrain.get(h, "clear"), t.get("clear", {}))  # the row of terrain_of(s, h)


def hex_index(s: PState) -> dict[str, tuple[str, ...]]:
    """The ids of a frozen state's units by hex, in the order of the units (a hex may map to no id).
    Kept by the state; the state a Work freezes into is given the index the Work kept, so most
    states never need one made."""
    kept = s.__dict__
    where = kept.get("where")
    if where is None:
        where = kept["where"] = _ids_by("hex", s.units)
    return where


def _ids_by(field: str, units: dict[str, Unit]) -> dict[str, tuple[str, ...]]:
    """The ids of the units grouped by one of their fields (hex, wing), in the order of the units."""
    groups: dict[str, list[str]] = {}
    for uid, u in units.items():
        groups.setdefault(getattr(u, field), []).append(uid)
    return {value: tuple(ids) for value, ids in groups.items()}


def units_at(s: View, h: str) -> list[Unit]:
    """The units in hex h, in the order of the units, from the index of who stands where."""
    if isinstance(s, Work):
        return s.units_here(h)
    units = s.units
    return [units[i] for i in hex_index(s).get(h, ())]


def wing_members(s: View) -> dict[str, tuple[str, ...]]:
    """The ids of each wing's units on the map, in the order of the units; a wing with none is not
    in it. Units never change wing and only ever leave the map, so a Work that has lost none has its
    state's; kept by the state, and handed on by freeze while no unit leaves the map."""
    if isinstance(s, Work):
        if len(s.units) != len(s.s.units):
            return _ids_by("wing", s.units)
        s = s.s
    kept = s.__dict__
    members = kept.get("members")
    if members is None:
        members = kept["members"] = _ids_by("wing", s.units)
    return members


def manned_wings(s: View) -> KeysView[str]:
    """The wings with a unit on the map."""
    return wing_members(s).keys()


def leaders_at(s: View, h: str) -> list[Leader]:
    return [ld for ld in s.leaders.values() if ld.hex == h]


def enemies(s: View, side: str) -> list[Unit]:
    return [u for u in s.units.values() if u.side != side]


_NEAREST: dict[tuple[str, tuple[str, ...]], dict[str, int]] = {}


def _nearest(hexes: tuple[str, ...], h: str, lay: str) -> int:
    return min(map(hexgrid.distance, repeat(h), hexes, repeat(lay)), default=99)


class Others:
    """The units not of a side: where they stand and which are artillery, in the order of the
    units, and the set of those hexes. Shared by the states in which they stand still."""

    __slots__ = ("hexes", "artillery", "hex_set")

    def __init__(self, units: dict[str, Unit], side: str):
        them = [u for u in units.values() if u.side != side]
        self.hexes = tuple([u.hex for u in them])
        self.artillery = tuple([u.id for u in them if u.kind == ARTILLERY])
        self.hex_set = frozenset(self.hexes)


def others(s: View, side: str) -> Others:
    """The units not of `side` (Others). Kept by the state; a Work in which none of them has moved
    or left asks its state's, and freeze hands them on while they stand still: the side not
    moving does so event after event."""
    if isinstance(s, Work):
        if not s.stood_still(side):
            return Others(s.units, side)
        s = s.s
    kept = s.__dict__
    by_side = kept.get("others")
    if by_side is None:
        by_side = kept["others"] = {}
    them = by_side.get(side)
    if them is None:
        them = by_side[side] = Others(s.units, side)
    return them


def enemy_hexes(s: View, side: str) -> tuple[str, ...]:
    """Where the units not of `side` stand, in the order of the units."""
    return others(s, side).hexes


def nearest_enemy(s: View, side: str, h: str) -> int:
    """Hexes from h to the nearest enemy unit. Memoised by where the enemy stands, not by state:
    while one side moves the other stands still, so the memo serves event after event."""
    lay = s.layout
    key = (lay, enemy_hexes(s, side))
    memo = _NEAREST.get(key)
    if memo is None:
        if len(_NEAREST) > 256:
            _NEAREST.clear()
        memo = _NEAREST[key] = {}
    d = memo.get(h)
    if d is None:
        d = memo[h] = _nearest(key[1], h, lay)
    return d


def adjacent_to_enemy(s: View, side: str, h: str) -> bool:
    return nearest_enemy(s, side, h) <= 1


def leader_of(s: View, wing: str) -> Leader | None:
    w = s.wings.get(wing)
    return s.leaders.get(w.leader) if w else None


def effective_ma(u: Unit) -> int:
    """§12.2: disorder halves movement, shaken has none, broken only routs."""
    if u.level == 0:
        return u.ma
    if u.level == 1:
        return u.ma // 2
    return 0


def effective_morale(s: View, u: Unit) -> int:
    pen = s.tables.get("morale", {}).get("penalty", [0, 1, 2, 5])
    return u.morale - pen[min(u.level, 3)]


def blocks_los(s: View, h: str) -> bool:
    """§10.2: units block sight, except leaders, forlorn hopes (E) and artillery; so does blocking terrain."""
    if terrain_row(s, h).get("blocks"):
        return True
    return any(u.kind not in ("E", "ART") for u in units_at(s, h))


def los(s: View, a: str, b: str) -> bool:
    """§10.2, hex by hex as blocks_los says: the terrain from its memo, the units from the index
    of who stands where, for the few hexes the line crosses."""
    lay = s.layout
    if hexgrid.distance(a, b, lay) <= 1:
        return True  # adjacent hexes always see each other
    terrain, clear = terrain_with(s, "blocks")
    mapped = s.terrain

    def blocks(h: str) -> bool:
        return h in terrain or (clear and h not in mapped) or any(u.kind not in ("E", "ART") for u in units_at(s, h))

    return hexgrid.has_los(a, b, blocks, lay)


_TERRAIN: dict[tuple[int, int, str], tuple[object, object, tuple[frozenset[str], bool]]] = {}


def terrain_with(s: View, flag: str) -> tuple[frozenset[str], bool]:
    """The hexes the map lists whose terrain has `flag` (impassable, blocks), and whether clear
    ground has it: terrain_row's answer for every hex at once. Memoised per terrain map and
    terrain table, both held so that their ids cannot be reused while cached."""
    terrain, table = s.terrain, s.tables.get("terrain")
    key = (id(terrain), id(table), flag)
    hit = _TERRAIN.get(key)
    if hit is None or hit[0] is not terrain or hit[1] is not table:
        if len(_TERRAIN) > 64:
            _TERRAIN.clear()
        flagged = frozenset(h for h in terrain if terrain_row(s, h).get(flag))
        clear = bool(s.tables.get("terrain", {}).get("clear", {}).get(flag))  # terrain_row of an unlisted hex
        hit = _TERRAIN[key] = (terrain, table, (flagged, clear))
    return hit[2]

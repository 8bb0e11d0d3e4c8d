"""A working copy of the state for one event: what changed, the rolls, the report lines.

`apply` builds one, lets the rule modules change it, and freezes it back into a new PState;
the state it came from is never touched, so apply stays pure.
"""

from __future__ import annotations

from itertools import repeat
from operator import eq, is_
from typing import Any

import msgspec

from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.model import Leader, Mark, PState, Unit, Wing


# the Work's own attributes: never shadowed by a field of the state
_OWN = frozenset({"s", "dice", "units", "leaders", "wings", "changes", "lines", "marks", "prov"})


class Work:
    def __init__(self, s: PState, dice: Any = None):
        self.s = s
        self.dice = dice
        self.units: dict[str, Unit] = dict(s.units)
        self.leaders: dict[str, Leader] = dict(s.leaders)
        self.wings: dict[str, Wing] = dict(s.wings)
        self.changes: dict[str, Any] = {}
        self.lines: list[str] = []
        self.marks: list[Mark] = []
        self.prov: list[str] = []

    # -- reading -------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        """A field of the state, as this event has changed it so far. Reached only on the first
        read of a name: the value is then kept on the instance, and `set` keeps that copy current."""
        d = self.__dict__
        changes = d.get("changes", {})
        value = changes[name] if name in changes else getattr(d["s"], name)
        if "changes" in d:
            d[name] = value
        return value

    def set(self, **kw: Any) -> None:
        self.changes.update(kw)
        if _OWN.isdisjoint(kw):
            self.__dict__.update(kw)
        else:
            self.__dict__.update((name, value) for name, value in kw.items() if name not in _OWN)

    def other(self, side: str) -> str:
        return self.s.other(side)

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

    # -- writing ---------------------------------------------------------------
    def set_unit(self, uid: str, **kw: Any) -> Unit:
        u = msgspec.structs.replace(self.units[uid], **kw)
        self.units[uid] = u
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

    def untouched(self) -> bool:
        """No unit, leader or wing has changed yet: the work still shows the state it began from."""
        s = self.s
        return _same(self.units, s.units) and _same(self.leaders, s.leaders) and _same(self.wings, s.wings)

    def freeze(self) -> PState:
        return msgspec.structs.replace(
            self.s, units=self.units, leaders=self.leaders, wings=self.wings, last=tuple(self.lines),
            marks=tuple(self.marks), provisional_used=tuple(self.prov), **self.changes)

    # -- geometry helpers --------------------------------------------------------
    def dist(self, a: str, b: str) -> int:
        return hexgrid.distance(a, b, self.s.layout)


def _same(a: dict, b: dict) -> bool:
    """The same keys in the same order, holding the very same (frozen) pieces."""
    return len(a) == len(b) and all(map(is_, a.values(), b.values())) and all(map(eq, a, b))


View = Work | PState
"""Read-only helpers below take either a PState or a Work (both expose units, leaders, wings)."""


def standing_mode(s: View, side: str, kind: str) -> str:
    """How `side`'s standing order decides `kind` on its behalf; "ask" when it posted none."""
    return s.standing.get(side, {}).get(kind, "ask")


def layout(s: View) -> str:
    return s.s.layout if isinstance(s, Work) else s.layout


def on_map(s: View, h: str) -> bool:
    if not h:
        return False
    row, col = hexgrid.parse_hex(h)
    st = s.s if isinstance(s, Work) else s
    return 1 <= row <= st.rows and 1 <= col <= st.cols


def terrain_of(s: View, h: str) -> str:
    st = s.s if isinstance(s, Work) else s
    return st.terrain.get(h, "clear")


def terrain_row(s: View, h: str) -> dict:
    st = s.s if isinstance(s, Work) else s
    t = st.tables.get("terrain", {})
    return t.get(st.terrain.get(h, "clear"), t.get("clear", {}))  # the row of terrain_of(s, h)


_BY_HEX: dict[int, tuple[object, dict[str, list[Unit]]]] = {}


def units_at(s: View, h: str) -> list[Unit]:
    """The units in hex h, in the order of the units. A frozen state's are looked up in an index of
    it made once (memoised as enemy_hexes); a Work, which changes as it goes, is searched."""
    if isinstance(s, Work):
        return [u for u in s.units.values() if u.hex == h]
    hit = _BY_HEX.get(id(s.units))
    if hit is None or hit[0] is not s.units:
        if len(_BY_HEX) > 64:
            _BY_HEX.clear()
        index: dict[str, list[Unit]] = {}
        for u in s.units.values():
            index.setdefault(u.hex, []).append(u)
        hit = _BY_HEX[id(s.units)] = (s.units, index)
    return list(hit[1].get(h, ()))


def leaders_at(s: View, h: str) -> list[Leader]:
    return [ld for ld in s.leaders.values() if ld.hex == h]


def enemies(s: View, side: str) -> list[Unit]:
    return [u for u in s.units.values() if u.side != side]


_ENEMY_HEXES: dict[tuple[int, str], tuple[object, tuple[str, ...]]] = {}
_NEAREST: dict[tuple[str, tuple[str, ...]], dict[str, int]] = {}


def _nearest(hexes: tuple[str, ...], h: str, lay: str) -> int:
    return min(map(hexgrid.distance, repeat(h), hexes, repeat(lay)), default=99)


def enemy_hexes(s: View, side: str) -> tuple[str, ...]:
    """Where the units not of `side` stand, in the order of the units; memoised per frozen state
    (its units dict is held, so an id is never reused while cached)."""
    if isinstance(s, Work):
        return tuple([u.hex for u in s.units.values() if u.side != side])
    key = (id(s.units), side)
    hit = _ENEMY_HEXES.get(key)
    if hit is None or hit[0] is not s.units:
        if len(_ENEMY_HEXES) > 64:
            _ENEMY_HEXES.clear()
        hit = _ENEMY_HEXES[key] = (s.units, tuple([u.hex for u in s.units.values() if u.side != side]))
    return hit[1]


def nearest_enemy(s: View, side: str, h: str) -> int:
    """Hexes from h to the nearest enemy unit. Memoised by where the enemy stands, not by state:
    while one side moves the other stands still, so the memo serves event after event."""
    lay = layout(s)
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
    st = s.s if isinstance(s, Work) else s
    pen = st.tables.get("morale", {}).get("penalty", [0, 1, 2, 5])
    return u.morale - pen[min(u.level, 3)]


def blocks_los(s: View, h: str) -> bool:
    """§10.2: units block sight, except leaders, forlorn hopes (E) and artillery; so does blocking terrain."""
    if terrain_row(s, h).get("blocks"):
        return True
    return any(u.kind not in ("E", "ART") for u in units_at(s, h))


def los(s: View, a: str, b: str) -> bool:
    """§10.2, hex by hex as blocks_los says, with the blocking units gathered once for the line."""
    lay = layout(s)
    if hexgrid.distance(a, b, lay) <= 1:
        return True  # adjacent hexes always see each other
    units = {u.hex for u in s.units.values() if u.kind not in ("E", "ART")}
    terrain, clear = terrain_with(s, "blocks")
    mapped = s.terrain
    return hexgrid.has_los(a, b, lambda h: h in units or h in terrain or (clear and h not in mapped), lay)


_TERRAIN: dict[tuple[int, int, str], tuple[object, object, tuple[frozenset[str], bool]]] = {}


def terrain_with(s: View, flag: str) -> tuple[frozenset[str], bool]:
    """The hexes the map lists whose terrain has `flag` (impassable, blocks), and whether clear
    ground has it: terrain_row's answer for every hex at once. Memoised per terrain map and
    terrain table, both held so that their ids cannot be reused while cached."""
    st = s.s if isinstance(s, Work) else s
    terrain, table = st.terrain, st.tables.get("terrain")
    key = (id(terrain), id(table), flag)
    hit = _TERRAIN.get(key)
    if hit is None or hit[0] is not terrain or hit[1] is not table:
        if len(_TERRAIN) > 64:
            _TERRAIN.clear()
        flagged = frozenset(h for h in terrain if terrain_row(st, h).get(flag))
        clear = bool(st.tables.get("terrain", {}).get("clear", {}).get(flag))  # terrain_row of an unlisted hex
        hit = _TERRAIN[key] = (terrain, table, (flagged, clear))
    return hit[2]

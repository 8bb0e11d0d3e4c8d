"""Hex geometry (seed 000 §7, §10.2, §10.4): ids, facing, distance, lines of sight, fire zones.

Hex ids are the game's four digits RRCC: RR counts rows from the top (north) edge, CC the
hexes along the row (ruling R2). Hexes are pointy-topped, so a vertex points north and a
unit facing it has two front hexes ahead; the scenario says which rows are shifted right
("odd-r" or "even-r"). Directions are numbered counter-clockwise from east; vertex k lies
between directions k and k+1.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from adjudicator.i18n import Msg
from adjudicator.localize import Form

# axial (q, r) steps: E, NE, NW, W, SW, SE
DIRS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
VERTICES: tuple[str, ...] = ("NE", "N", "NW", "SW", "S", "SE")
NORTH, SOUTH = 1, 4  # facing a map edge: the vertex pointing at it


def parse_facing(text: str) -> int:
    name = text.strip().upper()
    if name not in VERTICES:
        raise ValueError(Msg("{text!r} is not a facing; a unit faces a vertex: {vertices}",
                             text=text, vertices=Form("paris", ", ".join(VERTICES))))
    return VERTICES.index(name)


def hex_id(row: int, col: int) -> str:
    return f"{row:02d}{col:02d}"


@lru_cache(maxsize=8192)
def parse_hex(text: str) -> tuple[int, int]:
    """(row, col) of a four-digit hex id; ValueError names the bad id."""
    t = text.strip()
    if len(t) != 4 or not t.isdigit():
        raise ValueError(Msg("{text!r} is not a hex: four digits RRCC (row, then column)", text=text))
    return int(t[:2]), int(t[2:])


@lru_cache(maxsize=8192)
def axial(h: str, layout: str = "odd-r") -> tuple[int, int]:
    row, col = parse_hex(h)
    shift = (row - (row & 1)) // 2 if layout == "odd-r" else (row + (row & 1)) // 2
    return col - shift, row


@lru_cache(maxsize=8192)
def from_axial(q: int, r: int, layout: str = "odd-r") -> str:
    shift = (r - (r & 1)) // 2 if layout == "odd-r" else (r + (r & 1)) // 2
    col = q + shift
    if r < 0 or col < 0 or r > 99 or col > 99:
        return ""
    return hex_id(r, col)


@lru_cache(maxsize=65536)
def neighbour(h: str, d: int, layout: str = "odd-r") -> str:
    q, r = axial(h, layout)
    dq, dr = DIRS[d % 6]
    return from_axial(q + dq, r + dr, layout)


def neighbours(h: str, layout: str = "odd-r") -> tuple[str, ...]:
    """The hexes next to h (on the grid of ids; on_map says which are on the map)."""
    return ring(h, layout)


@lru_cache(maxsize=16384)
def ring(h: str, layout: str = "odd-r") -> tuple[str, ...]:
    return tuple(n for n in (neighbour(h, d, layout) for d in range(6)) if n)


@lru_cache(maxsize=65536)
def distance(a: str, b: str, layout: str = "odd-r") -> int:
    aq, ar = axial(a, layout)
    bq, br = axial(b, layout)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@lru_cache(maxsize=16384)
def within(h: str, reach: int, layout: str = "odd-r") -> frozenset[str]:
    """Every hex at most `reach` hexes from h (h too): `distance(h, x) <= reach` as a set."""
    q, r = axial(h, layout)
    out = (from_axial(q + dq, r + dr, layout) for dq in range(-reach, reach + 1)
           for dr in range(max(-reach, -dq - reach), min(reach, -dq + reach) + 1))
    return frozenset(x for x in out if x)


def direction_of(a: str, b: str, layout: str = "odd-r") -> int | None:
    """The direction from a to an adjacent b, or None."""
    aq, ar = axial(a, layout)
    bq, br = axial(b, layout)
    try:
        return DIRS.index((bq - aq, br - ar))
    except ValueError:
        return None


def front_dirs(facing: int) -> tuple[int, int]:
    return facing % 6, (facing + 1) % 6


def flank_dirs(facing: int) -> tuple[int, int]:
    return (facing + 5) % 6, (facing + 2) % 6


def rear_dirs(facing: int) -> tuple[int, int]:
    return (facing + 3) % 6, (facing + 4) % 6


# The hexes around a unit, as shared tuples (memoised: asked at every step of every move).

@lru_cache(maxsize=65536)
def front_hexes(h: str, facing: int, layout: str = "odd-r") -> tuple[str, ...]:
    return tuple(x for x in (neighbour(h, d, layout) for d in front_dirs(facing)) if x)


@lru_cache(maxsize=16384)
def flank_hexes(h: str, facing: int, layout: str = "odd-r") -> tuple[str, ...]:
    return tuple(x for x in (neighbour(h, d, layout) for d in flank_dirs(facing)) if x)


def rear_hexes(h: str, facing: int, layout: str = "odd-r") -> tuple[str, ...]:
    return tuple(x for x in (neighbour(h, d, layout) for d in rear_dirs(facing)) if x)


@lru_cache(maxsize=16384)
def fire_zone(h: str, facing: int, layout: str = "odd-r") -> tuple[str, ...]:
    """§10.4: the front and flank hexes of infantry and cavalry."""
    return front_hexes(h, facing, layout) + flank_hexes(h, facing, layout)


def aspect(defender_hex: str, defender_facing: int, attacker_hex: str, layout: str = "odd-r") -> str:
    """Where an adjacent attacker stands relative to the defender: front, flank or rear."""
    d = direction_of(defender_hex, attacker_hex, layout)
    if d is None:
        return "none"
    if d in front_dirs(defender_facing):
        return "front"
    return "flank" if d in flank_dirs(defender_facing) else "rear"


def turn_steps(a: int, b: int) -> int:
    """Vertices between two facings (0..3)."""
    d = (b - a) % 6
    return min(d, 6 - d)


@lru_cache(maxsize=65536)
def in_cone(src: str, facing: int, target: str, reach: int, layout: str = "odd-r") -> bool:
    """§10.4 (ruling R9): the artillery cone is the 60° wedge between its two front directions,
    `reach` hexes deep: every hex a·d1 + b·d2 with a, b ≥ 0 and a + b ≤ reach."""
    if target == src:
        return False
    sq, sr = axial(src, layout)
    tq, tr = axial(target, layout)
    vq, vr = tq - sq, tr - sr
    d1, d2 = (DIRS[d] for d in front_dirs(facing))
    det = d1[0] * d2[1] - d1[1] * d2[0]
    a = (vq * d2[1] - vr * d2[0]) / det
    b = (d1[0] * vr - d1[1] * vq) / det
    return a >= 0 and b >= 0 and distance(src, target, layout) <= reach


def _cube_round(x: float, z: float) -> tuple[int, int]:
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return rx, rz


def line_pairs(a: str, b: str, layout: str = "odd-r") -> list[tuple[str, str]]:
    """The hexes a sight line from a to b passes, step by step, as pairs: the same hex twice
    when the line crosses its middle, the two hexes either side when it runs along their edge."""
    return list(_line(a, b, layout))


@lru_cache(maxsize=16384)
def _line(a: str, b: str, layout: str) -> tuple[tuple[str, str], ...]:
    n = distance(a, b, layout)
    aq, ar = axial(a, layout)
    bq, br = axial(b, layout)
    out: list[tuple[str, str]] = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        x, z = aq + (bq - aq) * t, ar + (br - ar) * t
        p = _cube_round(x + 1e-6, z + 2e-6)
        m = _cube_round(x - 1e-6, z - 2e-6)
        out.append((from_axial(*p, layout), from_axial(*m, layout)))
    return tuple(out)


def has_los(a: str, b: str, blocks: Callable[[str], bool], layout: str = "odd-r") -> bool:
    """§10.2: adjacent hexes always see each other; a hex between them blocks if `blocks` says so;
    along an edge, both hexes must block for the line to be blocked."""
    if distance(a, b, layout) <= 1:
        return True
    for left, right in _line(a, b, layout)[1:-1]:
        if left == right:
            if blocks(left):
                return False
        elif blocks(left) and blocks(right):
            return False
    return True


def line_hexes(a: str, b: str, side: str = "left", layout: str = "odd-r") -> list[str]:
    """The hexes of the line from a to b (a excluded), taking `side` of any edge it runs along (§10.5)."""
    pick = 0 if side != "right" else 1
    return [pair[pick] for pair in _line(a, b, layout)[1:]]

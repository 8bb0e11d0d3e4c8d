"""The squared grid: square names, orthogonal distance, neighbours, the gun arc and lines of fire.

A square is a column letter and a row number, `C4`; row 1 is the top of the map (north).
Distances and ranges are counted orthogonally, through square edges and never across a
corner (PW19C-Squared, artillery rule a; ruling R2 applies it to every unit).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator.i18n import Msg

_SQUARE = re.compile(r"^([A-Za-z])(\d{1,2})$")
DIRECTIONS = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
FACING_NAMES = {"n": "north", "e": "east", "s": "south", "w": "west"}
MAX_WIDTH, MAX_HEIGHT = 26, 99  # columns A to Z, rows 1 to 99: the largest grid a scenario may have


def parse_square(text: str) -> str:
    """The canonical name of a square; ValueError for anything else."""
    m = _SQUARE.match(text.strip())
    if not m or int(m.group(2)) < 1:
        raise ValueError(Msg("{text!r} is not a square (a column letter and a row number, e.g. C4)", text=text))
    return f"{m.group(1).upper()}{int(m.group(2))}"


def is_square(text: str) -> bool:
    return bool(_SQUARE.match(text.strip()))


def coords(square: str) -> tuple[int, int]:
    """(column, row), both from 0."""
    found = _COORDS.get(square)
    return found if found is not None else (ord(square[0]) - ord("A"), int(square[1:]) - 1)


def name(col: int, row: int) -> str:
    return f"{chr(ord('A') + col)}{row + 1}"


def on_board(square: str, width: int, height: int) -> bool:
    c, r = coords(square)
    return 0 <= c < width and 0 <= r < height


def distance(a: str, b: str) -> int:
    (ac, ar), (bc, br) = coords(a), coords(b)
    return abs(ac - bc) + abs(ar - br)


def neighbours(square: str, width: int, height: int) -> tuple[str, ...]:
    """The orthogonally adjacent squares on the board, in the order N, E, S, W."""
    c, r = coords(square)
    out = []
    for dc, dr in DIRECTIONS.values():
        nc, nr = c + dc, r + dr
        if 0 <= nc < width and 0 <= nr < height:
            out.append(name(nc, nr))
    return tuple(out)


def adjacent(a: str, b: str) -> bool:
    return distance(a, b) == 1


def direction(a: str, b: str) -> str:
    """The facing of a step from a to an adjacent b."""
    (ac, ar), (bc, br) = coords(a), coords(b)
    for key, (dc, dr) in DIRECTIONS.items():
        if (ac + dc, ar + dr) == (bc, br):
            return key
    raise ValueError(Msg("{b} is not next to {a}", a=a, b=b))


def in_arc(gun: str, facing: str, target: str) -> bool:
    """The 90-degree forward arc: between the two 45-degree diagonals ahead (PW19C-Squared rule e)."""
    (gc, gr), (tc, tr) = coords(gun), coords(target)
    dc, dr = DIRECTIONS[facing]
    forward = (tc - gc) * dc + (tr - gr) * dr
    lateral = abs((tc - gc) * dr - (tr - gr) * dc)
    return forward > 0 and forward >= lateral


def clear_path(a: str, b: str, blocked: Callable[[str], bool]) -> bool:
    """Is there a shortest orthogonal path from a to b whose squares between them are all open?

    Ranges are orthogonal, so a line of fire is read as a shortest orthogonal path (ruling R3).
    """
    (ac, ar), (bc, br) = coords(a), coords(b)
    sc = 1 if bc >= ac else -1
    sr = 1 if br >= ar else -1
    nc, nr = abs(bc - ac), abs(br - ar)
    reach = [[False] * (nr + 1) for _ in range(nc + 1)]
    reach[0][0] = True
    for i in range(nc + 1):
        for j in range(nr + 1):
            if i == j == 0:
                continue
            if not (reach[i - 1][j] if i else False) and not (reach[i][j - 1] if j else False):
                continue
            if (i, j) == (nc, nr):
                return True
            reach[i][j] = not blocked(name(ac + sc * i, ar + sr * j))
    return nc == nr == 0


# The coordinates of every square of the largest grid, worked out once: squares are read thousands
# of times a game, and a lookup costs a fraction of parsing the name again.
_COORDS: dict[str, tuple[int, int]] = {f"{chr(65 + c)}{r + 1}": (c, r) for c in range(MAX_WIDTH) for r in range(MAX_HEIGHT)}

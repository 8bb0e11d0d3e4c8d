"""Measurement on the table with shapely: distances, sight, arcs, coherency, paths, zones.

Every figure is a round base (tables.toml [bases]); the seed measures from the edge of the base
(§Scale and measurement), so distances between figures are between the edges of their bases.
Shapely objects are made here from the state's plain numbers and never encoded with it: a Ground
holds the terrain's shapes, made once a game. Lines, polygons, arcs and many-figure distances go through
shapely; the distance between two single centres is plain Euclid, which shapely would only slow.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import TYPE_CHECKING

import shapely
from shapely import LineString, Point as ShapelyPoint, Polygon, unary_union
from shapely.ops import nearest_points
from shapely.geometry.base import BaseGeometry

from adjudicator.draft import memo

from .state import Area, Figure, Line, Point, Terrain
from .tables import Tables, TerrainKind

if TYPE_CHECKING:
    from .state import SkirmishState

HALF_PLANE = 180.0
FAR = 10_000.0  # farther than any table


# -- bases and distances --------------------------------------------------------------------

def diameter(tables: Tables, fig: Figure) -> float:
    if fig.arm == "foot":
        return tables.bases.foot
    return tables.bases.horse if fig.arm == "horse" else tables.bases.wagon


def disc(at: Point, width: float) -> Polygon:
    return ShapelyPoint(at).buffer(width / 2, quad_segs=8)


def base(tables: Tables, fig: Figure, at: Point | None = None) -> Polygon:
    return disc(at or fig.pos, diameter(tables, fig))


def centre_distance(a: Point, b: Point) -> float:
    """Between two points: the plain Euclidean distance (a shapely Point a side would cost 50 times
    as much, and nothing of a polygon or line is involved)."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


def gap(tables: Tables, a: Figure, b: Figure) -> float:
    """Edge-to-edge distance between two figures' bases."""
    return max(0.0, centre_distance(a.pos, b.pos) - (diameter(tables, a) + diameter(tables, b)) / 2)


def gap_to_point(tables: Tables, fig: Figure, at: Point, width: float = 0.0) -> float:
    """From a figure's base edge to a point (or to the edge of a disc of `width` round it)."""
    return max(0.0, centre_distance(fig.pos, at) - (diameter(tables, fig) + width) / 2)


def gaps(tables: Tables, fig: Figure, others: Sequence[Figure]) -> list[float]:
    """Edge-to-edge distances from one figure to many (negative where bases overlap)."""
    x, y, mine = fig.x, fig.y, diameter(tables, fig)
    hypot = math.hypot
    return [hypot(o.x - x, o.y - y) - (mine + diameter(tables, o)) / 2 for o in others]


def in_contact(tables: Tables, a: Figure, b: Figure) -> bool:
    return gap(tables, a, b) <= tables.bases.contact


# -- angles and arcs ------------------------------------------------------------------------

def bearing(frm: Point, to: Point) -> float:
    """Degrees counter-clockwise from the x axis, in [0, 360)."""
    return math.degrees(math.atan2(to[1] - frm[1], to[0] - frm[0])) % 360.0


def turn_between(a: float, b: float) -> float:
    """The smaller angle between two headings, in [0, 180]."""
    d = abs(a - b) % 360.0
    return 360.0 - d if d > 180.0 else d


def wedge(apex: Point, facing: float, arc: float, radius: float = FAR) -> Polygon:
    """The sector of `arc` degrees centred on `facing`, `radius` deep (a half-plane for 180°)."""
    half = arc / 2
    # the rim of a sector as deep as FAR lies far off any table: a few points draw it well enough
    steps = max(2, math.ceil(arc / (45.0 if radius >= FAR else 5.0)))
    rim = [(apex[0] + radius * math.cos(math.radians(facing - half + arc * i / steps)),
            apex[1] + radius * math.sin(math.radians(facing - half + arc * i / steps))) for i in range(steps + 1)]
    return Polygon([apex, *rim])


def in_arc(apex: Point, facing: float, arc: float, at: Point, width: float) -> bool:
    """Is any part of the base of `width` at `at` inside the arc? (a figure seen in part is seen)

    The arc reaches as far as the table: the centre within half the arc of the facing, or the base
    across one of its two edges (rays from the apex)."""
    if arc > HALF_PLANE:
        return bool(shapely.dwithin(wedge(apex, facing, arc), ShapelyPoint(at), width / 2 + 1e-9))
    dx, dy = at[0] - apex[0], at[1] - apex[1]
    reach = width / 2 + 1e-9
    if math.hypot(dx, dy) <= reach or turn_between(bearing(apex, at), facing) <= arc / 2:
        return True
    for edge in (facing - arc / 2, facing + arc / 2):
        ux, uy = math.cos(math.radians(edge)), math.sin(math.radians(edge))
        along = dx * ux + dy * uy
        if along > 0 and abs(dx * uy - dy * ux) <= reach:
            return True
    return False


# -- terrain --------------------------------------------------------------------------------

def polygon(area: Area) -> Polygon:
    return Polygon(area.points)


def line(l: Line) -> LineString:
    return LineString(l.points)


class Ground:
    """The terrain's shapes with what is asked of them: made once a game (ground()), never encoded
    with the state."""

    def __init__(self, tables: Tables, terrain: Terrain):
        self.tables, self.terrain = tables, terrain

    @cached_property
    def areas(self) -> list[tuple[Area, TerrainKind, Polygon]]:
        out = []
        for a in self.terrain.areas:
            shape = polygon(a)
            shapely.prepare(shape)
            out.append((a, self.tables.kind(a.kind), shape))
        return out

    @cached_property
    def obstacles(self) -> list[tuple[Line, TerrainKind, LineString]]:
        return [(l, k, line(l)) for l in self.terrain.lines if (k := self.tables.kind(l.kind)).obstacle]

    def where(self, **flags: bool | str) -> list[tuple[Area, Polygon]]:
        """The areas whose kind has every given attribute (difficult=True, sight="woods", ...)."""
        return [(a, shape) for a, kind, shape in self.areas if all(getattr(kind, k) == v for k, v in flags.items())]

    def _union(self, **flags: bool | str) -> BaseGeometry | None:
        shapes = [shape for _, shape in self.where(**flags)]
        if not shapes:
            return None
        union = unary_union(shapes)
        shapely.prepare(union)
        return union

    @cached_property
    def difficult(self) -> BaseGeometry | None:
        return self._union(difficult=True)

    @cached_property
    def impassable(self) -> BaseGeometry | None:
        return self._union(impassable=True)

    @cached_property
    def woods(self) -> BaseGeometry | None:
        return self._union(sight="woods")

    @cached_property
    def roads(self) -> BaseGeometry | None:
        shapes = [line(l).buffer(max(l.width, 0.1) / 2 + 1e-6) for l in self.terrain.lines if self.tables.kind(l.kind).road]
        shapes += [shape for _, shape in self.where(road=True)]
        return unary_union(shapes) if shapes else None

    def area(self, area_id: str) -> Polygon | None:
        return next((shape for a, _, shape in self.areas if a.id == area_id), None)

    @cached_property
    def boxes(self) -> list[tuple[float, float, float, float]]:
        """The bounds of every area and obstacle: what a path or a line of sight may meet."""
        return [shape.bounds for _, _, shape in self.areas] + [shape.bounds for _, _, shape in self.obstacles]

    def near_areas(self, points: Sequence[Point], **flags: bool | str) -> list[tuple[Area, TerrainKind, Polygon]]:
        """The areas (with every given attribute of their kind) whose bounds meet the box round the points."""
        box = _box(points)
        return [(a, kind, shape) for (a, kind, shape), b in zip(self.areas, self.boxes)
                if _meet(box, b) and all(getattr(kind, k) == v for k, v in flags.items())]

    def near_obstacles(self, points: Sequence[Point]) -> list[tuple[Line, TerrainKind, LineString]]:
        box, skip = _box(points), len(self.areas)
        return [o for o, b in zip(self.obstacles, self.boxes[skip:]) if _meet(box, b)]

    @cached_property
    def road_boxes(self) -> list[tuple[float, float, float, float]]:
        return list(shapely.bounds(self.roads.geoms if hasattr(self.roads, "geoms") else [self.roads])) \
            if self.roads is not None else []

    def clear(self, points: Sequence[Point], pad: float = 0.0, roads: bool = False) -> bool:
        """Whether the box round these points (`pad` cm out) meets no area or obstacle (or, with
        `roads`, no road): then no shape need be asked about them, which most paths and lines of
        sight in the open spare."""
        box = _box(points, pad)
        return not any(_meet(box, b) for b in (self.road_boxes if roads else self.boxes))


def _box(points: Sequence[Point], pad: float = 0.0) -> tuple[float, float, float, float]:
    return (min(p[0] for p in points) - pad, min(p[1] for p in points) - pad,
            max(p[0] for p in points) + pad, max(p[1] for p in points) + pad)


def _meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def ground(state: SkirmishState) -> Ground:
    """The terrain's shapes, made once a game: kept by the terrain the state holds from setup,
    which never changes (adjudicator.draft.memo)."""
    return memo(state.terrain, "ground", lambda: Ground(state.tables, state.terrain))


def on_table(terrain: Terrain, at: Point) -> bool:
    return 0.0 <= at[0] <= terrain.width and 0.0 <= at[1] <= terrain.height


# -- paths ----------------------------------------------------------------------------------

def path_line(start: Point, points: Sequence[Point]) -> LineString:
    return LineString([start, *points])


def length(start: Point, points: Sequence[Point]) -> float:
    total, at = 0.0, start
    for p in points:
        total += math.hypot(p[0] - at[0], p[1] - at[1])
        at = p
    return total


def difficult_length(g: Ground, path: LineString) -> float:
    """How much of the path runs through difficult ground."""
    return path.intersection(g.difficult).length if g.difficult is not None and g.difficult.intersects(path) else 0.0


def move_cost(g: Ground, path: LineString, familiar: bool = False) -> float:
    """The allowance a path uses: difficult ground counts double, halving movement (§Movement)."""
    if familiar or g.difficult is None:
        return path.length
    hard = difficult_length(g, path)
    return path.length - hard + hard / g.tables.movement.difficult


def crossed(g: Ground, path: LineString) -> list[Line]:
    """The obstacles the path crosses (an obstacle only touched is not crossed)."""
    return [l for l, _, shape in g.obstacles if path.crosses(shape)]


def through_impassable(g: Ground, path: LineString) -> bool:
    return g.impassable is not None and g.impassable.intersects(path)


def along_road(g: Ground, start: Point, points: Sequence[Point]) -> bool:
    if g.roads is None or g.clear((start, *points), roads=True):
        return False
    return bool(g.roads.covers(path_line(start, points)))


def backwards(start: Point, points: Sequence[Point], facing: float) -> float:
    """The length of the path's legs that head more than 90° away from the facing."""
    total, at = 0.0, start
    for p in points:
        leg = centre_distance(at, p)
        if leg > 1e-9 and turn_between(bearing(at, p), facing) > 90.0 + 1e-9:
            total += leg
        at = p
    return total


def point_along(start: Point, points: Sequence[Point], distance: float) -> Point:
    """Where a figure stands after `distance` cm of its path (its end, past that)."""
    at, left = start, max(0.0, distance)
    for p in points:
        leg = math.hypot(p[0] - at[0], p[1] - at[1])
        if leg >= left and leg > 0:
            k = left / leg
            return (at[0] + (p[0] - at[0]) * k, at[1] + (p[1] - at[1]) * k)
        left -= leg
        at = p
    return at


def straight(start: Point, points: Sequence[Point]) -> bool:
    """A path that keeps one heading (a charge, §Melee)."""
    if len(points) <= 1:
        return True
    heading = bearing(start, points[-1])
    at = start
    for p in points:
        if centre_distance(at, p) > 1e-6 and turn_between(bearing(at, p), heading) > 0.5:
            return False
        at = p
    return True


def heading_of(start: Point, points: Sequence[Point], default: float) -> float:
    """A figure faces along the last leg of its path."""
    at, heading = start, default
    for p in points:
        if centre_distance(at, p) > 1e-6:
            heading = bearing(at, p)
        at = p
    return heading


# -- groups ---------------------------------------------------------------------------------

def chained(tables: Tables, figs: Sequence[Figure], spacing: float) -> bool:
    """Do the figures form one chain with at most `spacing` between neighbouring bases?"""
    if len(figs) <= 1:
        return True
    widths = [diameter(tables, f) for f in figs]
    reached, todo = {0}, [0]
    while todo:
        i = todo.pop()
        a = figs[i]
        for j, b in enumerate(figs):
            if j not in reached and math.hypot(a.x - b.x, a.y - b.y) - (widths[i] + widths[j]) / 2 <= spacing + 1e-9:
                reached.add(j)
                todo.append(j)
    return len(reached) == len(figs)


def nearest_gap(tables: Tables, fig: Figure, others: Iterable[Figure]) -> float:
    return min((gap(tables, fig, o) for o in others if o.id != fig.id), default=0.0)


def projections(figs: Sequence[Figure], facing: float) -> tuple[list[float], list[float]]:
    """Each figure's depth along the facing and offset across it."""
    c, s = math.cos(math.radians(facing)), math.sin(math.radians(facing))
    depth = [f.x * c + f.y * s for f in figs]
    across = [-f.x * s + f.y * c for f in figs]
    return depth, across


def ranks(tables: Tables, figs: Sequence[Figure], facing: float) -> list[list[Figure]]:
    """The figures by rank, front rank first: a new rank starts a base's depth behind the last."""
    if not figs:
        return []
    depth, _ = projections(figs, facing)
    order = sorted(range(len(figs)), key=lambda i: -depth[i])
    out: list[list[Figure]] = [[figs[order[0]]]]
    last = depth[order[0]]
    for i in order[1:]:
        if last - depth[i] > diameter(tables, figs[i]) / 2:
            out.append([])
        out[-1].append(figs[i])
        last = depth[i]
    return out


def hull(points: Sequence[Point], pad: float) -> tuple[Point, ...]:
    """The outline round the points, `pad` out (a group drawn on the map)."""
    shape = shapely.MultiPoint(list(points)).convex_hull.buffer(pad, quad_segs=4)
    return tuple((float(x), float(y)) for x, y in shape.exterior.coords)


def extent(figs: Sequence[Figure], facing: float) -> tuple[float, float]:
    """(depth, width) of the figures' centres seen along the facing."""
    depth, across = projections(figs, facing)
    return max(depth) - min(depth), max(across) - min(across)


# -- sight ----------------------------------------------------------------------------------

def sight_line(a: Point, b: Point) -> LineString:
    return LineString([a, b])


def woods_inside(g: Ground, a: Point, b: Point) -> float:
    """How far the line between two points runs inside woods."""
    if g.woods is None or not g.near_areas((a, b), sight="woods"):
        return 0.0
    return float(sight_line(a, b).intersection(g.woods).length)


def blocking_area(g: Ground, a: Point, b: Point) -> Area | None:
    """A building or hill between the points that neither stands in or on (ruling S14)."""
    near = [(area, shape) for area, kind, shape in g.near_areas((a, b)) if kind.sight in ("block", "hill")]
    if not near:
        return None
    sl = sight_line(a, b)
    for area, shape in near:
        if not shape.intersects(sl) or within(shape, a) or within(shape, b):
            continue
        if sl.intersection(shape).length > 1e-6:
            return area
    return None


def blocking_wall(g: Ground, a: Point, b: Point, near: float) -> Line | None:
    """An obstacle above level 1 on the line that neither end stands within `near` of."""
    walls = [(l, shape) for l, _, shape in g.near_obstacles((a, b)) if l.level >= 2]
    if not walls:
        return None
    sl = sight_line(a, b)
    for l, shape in walls:
        if sl.intersects(shape) and shape.distance(ShapelyPoint(a)) > near and shape.distance(ShapelyPoint(b)) > near:
            return l
    return None


def cover_between(g: Ground, shooter: Point, target: Point, near: float) -> str:
    """The cover of terrain the target stands in, or of an obstacle it stands behind (within
    `near` of it, on the line of fire): "", "soft" or "hard"; the better one counts (ruling S22)."""
    found = ""
    if g.clear((target,), pad=near):
        return found
    pt = ShapelyPoint(target)
    for _, kind, area in g.areas:
        if kind.cover and area.covers(pt):
            found = better(found, kind.cover)
    sl = sight_line(shooter, target)
    for _, kind, wall in g.obstacles:
        if sl.intersects(wall) and wall.distance(pt) <= near:
            found = better(found, kind.cover)
    return found


def better(a: str, b: str) -> str:
    rank = {"": 0, "soft": 1, "hard": 2}
    return a if rank.get(a, 0) >= rank.get(b, 0) else b


def through_figures(tables: Tables, a: Point, b: Point, figs: Iterable[Figure]) -> list[Figure]:
    """The figures whose bases the line between two points passes through."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    span = dx * dx + dy * dy
    x0, x1, y0, y1 = min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])
    out = []
    for f in figs:
        r = diameter(tables, f) / 2
        if f.x < x0 - r or f.x > x1 + r or f.y < y0 - r or f.y > y1 + r:
            continue
        k = 0.0 if span == 0 else max(0.0, min(1.0, ((f.x - a[0]) * dx + (f.y - a[1]) * dy) / span))
        if math.hypot(f.x - a[0] - k * dx, f.y - a[1] - k * dy) <= r:
            out.append(f)
    return out


# -- zones ----------------------------------------------------------------------------------

def strip(start: Point, heading: float, length_cm: float, width: float) -> Polygon:
    """A rectangle `length_cm` long and `width` wide from `start` along `heading` (a ball's path)."""
    c, s = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    hw = width / 2
    far = (start[0] + c * length_cm, start[1] + s * length_cm)
    return Polygon([(start[0] - s * hw, start[1] + c * hw), (far[0] - s * hw, far[1] + c * hw),
                    (far[0] + s * hw, far[1] - c * hw), (start[0] + s * hw, start[1] - c * hw)])


def corridor(apex: Point, heading: float, width: float) -> Polygon:
    """The frontal projection of a gun: its own width, straight ahead."""
    return strip(apex, heading, FAR, width)


def flight(g: Ground, start: Point, away_from: Point, distance: float) -> tuple[Point, bool]:
    """Where a figure fleeing straight away from a point stops, and whether it left the table.

    It stops short of impassable ground (ruling S25)."""
    heading = bearing(away_from, start) if centre_distance(away_from, start) > 1e-9 else 270.0
    c, s = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    end = (start[0] + c * distance, start[1] + s * distance)
    if g.impassable is not None:
        path = LineString([start, end])
        hit = path.intersection(g.impassable)
        if not hit.is_empty:
            cut = path.project(nearest_points(ShapelyPoint(start), hit)[1])
            back = max(0.0, cut - 0.1)
            end = (start[0] + c * back, start[1] + s * back)
    return end, not on_table(g.terrain, end)


def perimeter_length(area: Area) -> float:
    return polygon(area).length


def to_point(shape: BaseGeometry, at: Point) -> float:
    return shape.distance(ShapelyPoint(at))


def within(shape: BaseGeometry, at: Point) -> bool:
    """Whether the point lies in the shape or on its edge (no shapely Point made for it)."""
    return bool(shapely.intersects_xy(shape, at[0], at[1]))

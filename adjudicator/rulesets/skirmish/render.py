"""The map as SVG (`adjudicator map`): the table and its terrain, every figure on its base with its
id, facing and state, groups outlined, guns and hidden ambush markers, the arcs of the last
event's shooters, and its moves and shots as arrows.

Labels are placed one after another where their box overlaps no other label, base or marker: each
tries the places around its figure, nearest first, then farther out with a leader line.
"""

from __future__ import annotations

import math
from html import escape

from adjudicator import localize
from adjudicator.draft import Outcome
from adjudicator.i18n import N_, _
from adjudicator.maplabels import Labels

from . import geometry as geo
from .state import FLED, OK, OUT, SUPPRESSED, Figure, Point, SkirmishState
from .units import figures_of

SCALE = 10.0  # px a cm
MARGIN = 24.0
HEADER = 44.0
FONT = 7.5  # px of a figure's label
CHAR = 0.56  # a character's width, in font sizes
SIDES = ("#1f4e9c", "#9c1f1f", "#2d7a2d", "#8a5a00")
TERRAIN = {"woods": "#9bc48a", "building": "#b59a7a", "rough": "#e0d5a6", "rocks": "#c8c2b4", "marsh": "#b7d3c4",
           "water": "#a9cfe8", "hill": "#e3d7a3", "fort": "#e8d9b5", "field": "#eee6c4"}
LINES = {"hedge": ("#4f7f3a", 3.0, ""), "wall": ("#6d6d6d", 3.0, ""), "fence": ("#8b6b3e", 2.0, "4,2")}
MARKS = {"move": ("#222222", "4,3"), "shot": ("#d40000", ""), "ball": ("#e06000", ""), "canister": ("#e06000", "2,2")}


class Canvas:
    def __init__(self, s: SkirmishState):
        self.s = s
        self.height_cm = s.terrain.height
        self.width = s.terrain.width * SCALE + 2 * MARGIN
        self.height = s.terrain.height * SCALE + 2 * MARGIN + HEADER

    def xy(self, p: Point) -> tuple[float, float]:
        return MARGIN + p[0] * SCALE, HEADER + MARGIN + (self.height_cm - p[1]) * SCALE

    def points(self, pts: tuple[Point, ...]) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in map(self.xy, pts))


def render(s: SkirmishState, outcome: Outcome) -> str:
    c = Canvas(s)
    labels = Labels(c.width, c.height)
    colours = {side: SIDES[i % len(SIDES)] for i, side in enumerate(s.sides)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{c.width:.0f}" height="{c.height:.0f}" '
           f'viewBox="0 0 {c.width:.0f} {c.height:.0f}" font-family="Helvetica,Arial,sans-serif">',
           '<defs><marker id="ah" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto">'
           '<path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>',
           '<rect width="100%" height="100%" fill="#ffffff"/>']
    x0, y0 = c.xy((0.0, s.terrain.height))
    out.append(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{s.terrain.width * SCALE:.1f}" height="{s.terrain.height * SCALE:.1f}" '
               'fill="#f4efe1" stroke="#555" stroke-width="1"/>')
    _header(s, labels, colours)
    names = _terrain(s, c, out, labels)
    _bases(s, c, labels)
    if s.scenario.objective is not None:
        labels.place(_("key point"), c.xy(s.scenario.objective), 6, size=9, colour="#8a6500")
    for name, at in names:
        labels.place(name, at, 0, size=9, colour="#555")
    out += _arcs(s, c, outcome)
    out += _groups(s, c, colours, labels)
    out += _pieces(s, c, colours, labels)
    out += _marks(c, outcome)
    out += labels.out
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _header(s: SkirmishState, labels: Labels, colours: dict[str, str]) -> None:
    state = localize.result("skirmish", s.result) if s.result else localize.phase("skirmish", s.phase)
    title = _("{title} · turn {turn} · {phase}").format(title=s.scenario.name or "skirmish", turn=s.turn, phase=state)
    if s.active and not s.result:
        title = _("{title} · {side} acting").format(title=title, side=localize.side("skirmish", s.active))
    labels.out.append(f'<text x="{MARGIN:.1f}" y="{MARGIN:.1f}" font-size="13" font-weight="bold">{escape(title)}</text>')
    labels.block((MARGIN, MARGIN - 13, MARGIN + len(title) * 13 * CHAR, MARGIN + 3))
    x = MARGIN
    for side in s.sides:
        fields = {"side": localize.side("skirmish", side), "now": s.morale.get(side, 0), "start": s.morale_start.get(side, 0)}
        if side in s.commands:
            text = _("{side}: {now:g} of {start:g} Morale Points, {ap} AP").format(ap=s.commands[side].ap, **fields)
        else:
            text = _("{side}: {now:g} of {start:g} Morale Points").format(**fields)
        labels.out.append(f'<text x="{x:.1f}" y="{MARGIN + 18:.1f}" font-size="10" fill="{colours[side]}">{escape(text)}</text>')
        labels.block((x, MARGIN + 8, x + len(text) * 10 * CHAR, MARGIN + 21))
        x += len(text) * 10 * CHAR + 16


def _terrain(s: SkirmishState, c: Canvas, out: list[str], labels: Labels) -> list[tuple[str, tuple[float, float]]]:
    """Draws the terrain; returns the names to label and where."""
    for a in s.terrain.areas:
        fill = TERRAIN.get(a.kind, "#dddddd")
        edge = "#7a5a2a" if a.kind in ("fort", "building") else "#999"
        out.append(f'<polygon points="{c.points(a.points)}" fill="{fill}" stroke="{edge}" stroke-width="1.2"/>')
    for line in s.terrain.lines:
        if s.tables.kind(line.kind).road:
            out.append(f'<polyline points="{c.points(line.points)}" fill="none" stroke="#d8c79a" '
                       f'stroke-width="{max(line.width, 1.0) * SCALE:.1f}" stroke-linecap="butt"/>')
            continue
        colour, width, dash = LINES.get(line.kind, ("#555", 2.0, ""))
        out.append(f'<polyline points="{c.points(line.points)}" fill="none" stroke="{colour}" stroke-width="{width:g}"'
                   + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
    if s.scenario.objective is not None:
        x, y = c.xy(s.scenario.objective)
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s.tables.key_point.guard * SCALE:.1f}" fill="none" '
                   'stroke="#b8860b" stroke-width="1.5" stroke-dasharray="3,2"/>')
        out.append(f'<path d="M{x - 5:.1f},{y:.1f} L{x:.1f},{y - 5:.1f} L{x + 5:.1f},{y:.1f} L{x:.1f},{y + 5:.1f} Z" fill="#b8860b"/>')
        labels.block((x - 5, y - 5, x + 5, y + 5))
    names = [(a.id, c.xy((sum(p[0] for p in a.points) / len(a.points), sum(p[1] for p in a.points) / len(a.points))))
             for a in s.terrain.areas]
    return names + [(line.id, c.xy(line.points[(len(line.points) - 1) // 2])) for line in s.terrain.lines]


def _bases(s: SkirmishState, c: Canvas, labels: Labels) -> None:
    """Every base and marker keeps the labels off it."""
    for f in s.figures.values():
        if f.on_table:
            x, y = c.xy(f.pos)
            r = geo.diameter(s.tables, f) / 2 * SCALE
            labels.block((x - r, y - r, x + r, y + r))
    for g in s.guns.values():
        x, y = c.xy(g.pos)
        r = s.tables.bases.gun / 2 * SCALE
        labels.block((x - r, y - r, x + r, y + r))
    for m in s.markers.values():
        if m.status != "revealed":
            x, y = c.xy(m.pos)
            r = s.tables.bases.marker / 2 * SCALE
            labels.block((x - r, y - r, x + r, y + r))


def _arcs(s: SkirmishState, c: Canvas, outcome: Outcome) -> list[str]:
    """The arc of each figure that shot in the last event: 180° alone, 90° in a group (§Shooting)."""
    shooters = {m.src for m in outcome.marks if m.kind == "shot"}
    out = []
    for f in s.figures.values():
        if not f.on_table or f"{f.x:.1f},{f.y:.1f}" not in shooters:
            continue
        group = s.groups.get(f.group)
        arc = s.tables.visibility.group_arc if group is not None else s.tables.visibility.single_arc
        facing = group.facing if group is not None else f.facing
        wedge = geo.wedge(f.pos, facing, arc, 12.0)
        pts = tuple((float(x), float(y)) for x, y in wedge.exterior.coords)
        out.append(f'<polygon points="{c.points(pts)}" fill="#d40000" fill-opacity="0.06" stroke="#d40000" '
                   'stroke-opacity="0.3" stroke-width="0.6"/>')
    return out


def _groups(s: SkirmishState, c: Canvas, colours: dict[str, str], labels: Labels) -> list[str]:
    out = []
    for g in s.groups.values():
        figs = [f for f in figures_of(s, g.id) if f.on_table]
        if len(figs) < 2:
            continue
        hull = geo.hull([f.pos for f in figs], geo.diameter(s.tables, figs[0]) / 2 + 1.0)
        out.append(f'<polygon points="{c.points(hull)}" fill="{colours[g.side]}" fill-opacity="0.07" '
                   f'stroke="{colours[g.side]}" stroke-width="0.8" stroke-dasharray="5,3"/>')
        lead = s.figures.get(g.leader)
        anchor = lead.pos if lead is not None and lead.on_table else figs[0].pos
        shape = ", ".join(localize.words("skirmish", w) for w in (g.order, g.formation) if w)
        text = f"{g.id} ({shape})"
        labels.place(text, c.xy(anchor), 14, size=9, colour=colours[g.side])
    return out


def _pieces(s: SkirmishState, c: Canvas, colours: dict[str, str], labels: Labels) -> list[str]:
    out = []
    for f in s.figures.values():
        if f.on_table:
            out += _figure(s, c, f, colours[f.side], labels)
        elif f.status not in ("reserve",):
            x, y = c.xy(f.pos)
            out.append(f'<path d="M{x - 3:.1f},{y - 3:.1f} L{x + 3:.1f},{y + 3:.1f} M{x - 3:.1f},{y + 3:.1f} L{x + 3:.1f},{y - 3:.1f}" '
                       'stroke="#999" stroke-width="1"><title>' + escape(f"{f.id}: {_(STATUS.get(f.status, f.status))}") + "</title></path>")
    for g in s.guns.values():
        x, y = c.xy(g.pos)
        r = s.tables.bases.gun / 2 * SCALE
        fill = colours[g.side] if g.status == OK else "#999"
        out.append(f'<rect x="{x - r:.1f}" y="{y - r / 2:.1f}" width="{2 * r:.1f}" height="{r:.1f}" fill="{fill}" '
                   f'transform="rotate({-g.facing:.1f} {x:.1f} {y:.1f})"/>')
        labels.place(f"{g.id}" + (f" ({g.loaded})" if g.loaded else ""), (x, y), r + 2, colour=colours[g.side])
    for m in s.markers.values():
        if m.status == "revealed":
            continue
        x, y = c.xy(m.pos)
        r = s.tables.bases.marker / 2 * SCALE
        out.append(f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" fill="#fff" '
                   f'stroke="{colours[m.side]}" stroke-width="1.5" stroke-dasharray="3,2"/>')
        out.append(f'<text x="{x:.1f}" y="{y + 3:.1f}" font-size="9" text-anchor="middle" fill="{colours[m.side]}">?</text>')
        labels.place(f"{m.id} ({m.status})", (x, y), r + 2, colour=colours[m.side])
    return out


def _figure(s: SkirmishState, c: Canvas, f: Figure, colour: str, labels: Labels) -> list[str]:
    x, y = c.xy(f.pos)
    r = geo.diameter(s.tables, f) / 2 * SCALE
    suppressed = f.status == SUPPRESSED
    out = [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}" fill-opacity="{0.35 if suppressed else 0.9}" '
           f'stroke="#000" stroke-width="{1.4 if f.role else 0.6}"' + (' stroke-dasharray="2,1.5"' if suppressed else "")
           + f"><title>{escape(_tooltip(f))}</title></circle>"]
    tip = (x + math.cos(math.radians(f.facing)) * r * 1.5, y - math.sin(math.radians(f.facing)) * r * 1.5)
    out.append(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{tip[0]:.1f}" y2="{tip[1]:.1f}" stroke="#000" stroke-width="1"/>')
    labels.place(f.id + (_(" (S)") if suppressed else ""), (x, y), r + 1, colour=colour)
    return out


# a figure's state as its tooltip names it
STATUS = {"ok": N_("ok"), "suppressed": N_("suppressed"), "out": N_("out"), "fled": N_("fled"), "reserve": N_("reserve")}


def _tooltip(f: Figure) -> str:
    text = _("{figure}: {kind}, AV {av}, C {c}, {status}").format(figure=f.id, kind=f.kind, av="/".join(map(str, f.av)), c=f.c,
                                                                  status=_(STATUS.get(f.status, f.status)))
    return text + ("" if f.loaded else _(", unloaded")) + (_(", aimed") if f.aimed else "")


def _marks(c: Canvas, outcome: Outcome) -> list[str]:
    out = []
    for m in outcome.marks:
        colour, dash = MARKS.get(m.kind, ("#444", ""))
        (x1, y1), (x2, y2) = c.xy(_point(m.src)), c.xy(_point(m.dst))
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" stroke-width="1.3"'
                   + (f' stroke-dasharray="{dash}"' if dash else "") + ' marker-end="url(#ah)"/>')
    return out


def _point(text: str) -> Point:
    x, y = text.split(",")
    return (float(x), float(y))


def losses(s: SkirmishState) -> dict[str, int]:
    """Figures out of action or fled, per side (a figure in reserve is not lost)."""
    lost = {side: 0 for side in s.sides}
    for f in s.figures.values():
        if f.status in (OUT, FLED):
            lost[f.side] = lost.get(f.side, 0) + 1
    return lost

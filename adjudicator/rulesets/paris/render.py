"""The map as SVG (`adjudicator map`): terrain, every unit as a counter (type letter, morale-movement,
facing, morale state), leaders, wings by colour, and the last action's moves and fire as arrows."""

from __future__ import annotations

import math
from html import escape

from adjudicator.draft import Outcome
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.state import LEVELS, PState

R = 20.0  # hex radius in px
W3 = math.sqrt(3)
TERRAIN = {"woods": "#9bc48a", "village": "#d9b38c", "hill": "#e3d7a3", "stream": "#a9cfe8", "marsh": "#b7d3c4",
           "impassable": "#777777"}
PALETTES = (("#1f4e9c", "#3a78c9", "#5fa0e0", "#1b6f8a", "#6b5bd1"), ("#9c1f1f", "#c9553a", "#b8860b", "#8a1b5b", "#d16b5b"))
MARK = {"move": ("#111111", ""), "retreat": ("#666666", "4,3"), "fire": ("#d40000", "6,3"), "melee": ("#ff8c00", "")}
STATE_TAG = {1: "D", 2: "Sh", 3: "Br"}


def centre(h: str, layout: str) -> tuple[float, float]:
    row, col = hexgrid.parse_hex(h)
    shifted = (row & 1) if layout == "odd-r" else 1 - (row & 1)
    return R * W3 * (col + 0.5 * shifted), R * 1.5 * row


def _hex_path(x: float, y: float) -> str:
    pts = [(x + R * math.cos(math.radians(60 * i - 30)), y + R * math.sin(math.radians(60 * i - 30))) for i in range(6)]
    return "M" + " L".join(f"{px:.1f},{py:.1f}" for px, py in pts) + " Z"


def _facing_point(x: float, y: float, facing: int, dist: float) -> tuple[float, float]:
    ang = math.radians(30 + 60 * facing)  # vertex k sits at 30° + 60°·k, counter-clockwise from east
    return x + dist * math.cos(ang), y - dist * math.sin(ang)


def render(s: PState, outcome: Outcome) -> str:
    """The map after an event, with what the event did drawn on it (its moves, fire and melees)."""
    width = R * W3 * (s.cols + 1.5)
    height = R * 1.5 * (s.rows + 1) + 70
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="Helvetica,Arial,sans-serif">',
           '<defs><marker id="ah" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto">'
           '<path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>',
           f'<rect width="100%" height="100%" fill="#f4efe1"/>']
    for row in range(1, s.rows + 1):
        for col in range(1, s.cols + 1):
            h = hexgrid.hex_id(row, col)
            x, y = centre(h, s.layout)
            fill = TERRAIN.get(s.terrain.get(h, ""), "#fbf7ea")
            out.append(f'<path d="{_hex_path(x, y)}" fill="{fill}" stroke="#c8bfa6" stroke-width="0.6"/>')
            out.append(f'<text x="{x:.1f}" y="{y - R * 0.62:.1f}" font-size="5" text-anchor="middle" fill="#a89f86">{h}</text>')
    colours: dict[str, str] = {}
    for i, side in enumerate(s.players):
        for j, w in enumerate(sorted(x.id for x in s.wings.values() if x.side == side)):
            colours[w] = PALETTES[i % 2][j % 5]
    seen: dict[str, int] = {}
    for u in sorted(s.units.values(), key=lambda u: (u.artillery, u.id)):
        x, y = centre(u.hex, s.layout)
        k = seen.get(u.hex, 0)
        seen[u.hex] = k + 1
        x, y = x + 4 * k, y + 4 * k
        colour = colours.get(u.wing, "#444")
        opacity = ("1", "0.75", "0.55", "0.4")[u.level]
        size = R * 1.1
        out.append(f'<g><title>{escape(u.id)}: {escape(u.name)}, {u.kind}-{u.morale}-{u.ma}, {LEVELS[u.level]}, '
                   f'faces {hexgrid.VERTICES[u.facing]}, wing {escape(u.wing)}</title>')
        out.append(f'<rect x="{x - size / 2:.1f}" y="{y - size / 2:.1f}" width="{size:.1f}" height="{size:.1f}" rx="2" '
                   f'fill="{colour}" fill-opacity="{opacity}" stroke="#000" stroke-width="{1.6 if u.level else 0.8}"'
                   + (' stroke-dasharray="2,1"' if u.level >= 2 else "") + "/>")
        fx, fy = _facing_point(x, y, u.facing, size * 0.72)
        bx, by = _facing_point(x, y, u.facing, size * 0.42)
        out.append(f'<line x1="{bx:.1f}" y1="{by:.1f}" x2="{fx:.1f}" y2="{fy:.1f}" stroke="#fff" stroke-width="2.2" marker-end="url(#ah)"/>')
        label = "Art" if u.artillery else u.kind
        out.append(f'<text x="{x:.1f}" y="{y + 1:.1f}" font-size="9" font-weight="bold" text-anchor="middle" fill="#fff">{label}</text>')
        if not u.artillery:
            out.append(f'<text x="{x:.1f}" y="{y + 9:.1f}" font-size="6" text-anchor="middle" fill="#fff">{u.morale}-{u.ma}</text>')
        if u.level:
            out.append(f'<text x="{x + size / 2:.1f}" y="{y - size / 2 + 2:.1f}" font-size="7" font-weight="bold" '
                       f'fill="#000" stroke="#fff" stroke-width="0.4">{STATE_TAG[u.level]}</text>')
        out.append("</g>")
    for ld in s.leaders.values():
        x, y = centre(ld.hex, s.layout)
        colour = colours.get(ld.wing, "#444")
        out.append(f'<g><title>{escape(ld.name)} ({escape(ld.wing)}), rating {ld.rating}</title>'
                   f'<circle cx="{x - R * 0.55:.1f}" cy="{y - R * 0.45:.1f}" r="5.5" fill="#fff" stroke="{colour}" stroke-width="2"/>'
                   f'<text x="{x - R * 0.55:.1f}" y="{y - R * 0.45 + 2.5:.1f}" font-size="7" text-anchor="middle" '
                   f'font-weight="bold" fill="{colour}">{ld.rating}</text></g>')
    for m in outcome.marks:
        stroke, dash = MARK.get(m.kind, ("#000", ""))
        x1, y1 = centre(m.src, s.layout)
        x2, y2 = centre(m.dst, s.layout) if m.dst != m.src else (x1, y1 - R)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}" stroke-width="2.5" '
                   'stroke-opacity="0.85"' + (f' stroke-dasharray="{dash}"' if dash else "") + ' marker-end="url(#ah)"/>')
    y0 = R * 1.5 * (s.rows + 1) + 14
    status = s.result or f"turn {s.turn} of {s.turns} · phase {s.phase}" + (f" · active wing {s.active_wing}" if s.active_wing else "")
    out.append(f'<text x="8" y="{y0:.0f}" font-size="13" font-weight="bold">{escape(s.title)} · {escape(status)}</text>')
    legend = []
    for i, side in enumerate(s.players):
        wings = ", ".join(f'{w.id} ({w.order}{", done" if w.done else ""})' for w in s.wings.values() if w.side == side)
        legend.append(f'<tspan x="8" dy="15" fill="{PALETTES[i % 2][0]}">{escape(s.side_names.get(side, side))}: {escape(wings)}; '
                      f'lost {len(s.destroyed.get(side, ()))}</tspan>')
    out.append(f'<text x="8" y="{y0:.0f}" font-size="10">{"".join(legend)}</text>')
    out.append(f'<text x="8" y="{y0 + 44:.0f}" font-size="8" fill="#555">counter: type, morale-movement, arrow = facing; '
               'D disorder, Sh shaken, Br broken; circle = leader (rating); arrows: black move, red fire, orange melee, grey retreat</text>')
    out.append("</svg>")
    return "\n".join(out)

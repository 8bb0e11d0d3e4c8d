"""The map as SVG (`adjudicator map`): terrain, every unit as a counter (type letter, morale-movement,
its id as the notation writes it, its morale state), a triangle at the vertex it faces, leaders,
wings by colour, and the last action's moves and fire as arrows.

A player writes his posts from this map, so every label keeps its own place in its hex: the hex
number at the top left, the counter in the middle, the facing triangle outside the counter toward
its vertex (hexes are pointy-topped, so no facing points at the top-left edge, where the number
is), a leader's circle at the bottom left. Stacked units share the counter, one band each.
"""

from __future__ import annotations

import math
import re
from html import escape

from adjudicator.draft import Outcome
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.state import LEVELS, Leader, PState, Unit
from adjudicator import localize
from adjudicator.i18n import N_, _

R = 32.0  # hex radius in px
W3 = math.sqrt(3)
CW, CTOP, CBOT = 38.0, -15.0, 17.0  # the counter: its width, and its top and bottom from the hex centre
CHAR = 0.6  # a character's width in font sizes (a sans-serif's average), to fit a label in the counter
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


def _text(x: float, y: float, size: float, words: str, anchor: str = "middle", fill: str = "#000", bold: bool = False) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="{anchor}" fill="{fill}"'
            + (' font-weight="bold"' if bold else "") + f">{escape(words)}</text>")


def _fit(words: str, width: float, largest: float) -> float:
    """The font size that fits `words` in `width`, at most `largest`."""
    return min(largest, width / (CHAR * max(len(words), 1)))


def id_lines(uid: str, room: int = 10) -> list[str]:
    """A unit id on two lines when it is long, broken after a hyphen (kept, so the id reads whole)."""
    if len(uid) <= room or "-" not in uid:
        return [uid]
    cuts = [i + 1 for i, c in enumerate(uid) if c == "-"]
    cut = min(cuts, key=lambda i: max(i, len(uid) - i))
    return [uid[:cut], uid[cut:]]


def _facing(x: float, y: float, facing: int) -> str:
    """A triangle just outside the counter, pointing at the vertex the unit faces (§7)."""
    ang = math.radians(30 + 60 * facing)  # vertex k sits at 30° + 60°·k, counter-clockwise from east
    dx, dy = math.cos(ang), -math.sin(ang)
    # where the ray leaves the counter, then a little farther
    edge = min(CW / 2 / abs(dx) if dx else 1e9, (-CTOP if dy < 0 else CBOT) / abs(dy) if dy else 1e9) + 1.0
    bx, by, tx, ty = x + edge * dx, y + edge * dy, x + (R - 3.5) * dx, y + (R - 3.5) * dy
    px, py = -dy * 3.5, dx * 3.5
    pts = ((bx + px, by + py), (tx, ty), (bx - px, by - py))
    return '<path d="M' + " L".join(f"{a:.1f},{b:.1f}" for a, b in pts) + ' Z" fill="#111" stroke="#fff" stroke-width="0.6"/>'


def _label(u: Unit) -> str:
    return "Art" if u.artillery else f"{u.kind} {u.morale}-{u.ma}"


def _counter(x: float, y: float, stack: list[Unit], colours: dict[str, str]) -> list[str]:
    """The counter of a hex: one unit whole, or a band for each unit of a stack."""
    out = []
    band = (CBOT - CTOP) / len(stack)
    for i, u in enumerate(stack):
        top = y + CTOP + i * band
        title = (f"{u.id}: {u.name}, {u.kind}-{u.morale}-{u.ma}, {LEVELS[u.level]}, faces {hexgrid.VERTICES[u.facing]}, "
                 f"wing {u.wing}")
        out.append(f'<g><title>{escape(title)}</title>'
                   f'<rect x="{x - CW / 2:.1f}" y="{top:.1f}" width="{CW:.1f}" height="{band:.1f}" rx="2" '
                   f'fill="{colours.get(u.wing, "#444")}" fill-opacity="{("1", "0.8", "0.65", "0.5")[u.level]}" stroke="#000" '
                   f'stroke-width="{1.6 if u.level else 0.8}"' + (' stroke-dasharray="2,1"' if u.level >= 2 else "") + "/></g>")
        tag = f" {STATE_TAG[u.level]}" if u.level else ""
        if len(stack) == 1:
            out.append(_text(x, y - 6, _fit(_label(u) + tag, CW - 3, 8), _label(u) + tag, fill="#fff", bold=True))
            lines = id_lines(u.id)
            size = min(_fit(line, CW - 3, 6.5) for line in lines)
            for j, line in enumerate(lines):
                out.append(_text(x, y + (4 if len(lines) == 2 else 7) + 7 * j, size, line, fill="#fff"))
        elif len(stack) == 2:  # a band of 16 px: the values, then the id
            out.append(_text(x, top + 6.6, _fit(_label(u) + tag, CW - 3, 5.5), _label(u) + tag, fill="#fff", bold=True))
            out.append(_text(x, top + 13.6, _fit(u.id, CW - 3, 5.5), u.id, fill="#fff"))
        else:
            words = f"{'Art' if u.artillery else u.kind} {u.id}{tag}"
            size = _fit(words, CW - 3, min(6.5, band * 0.62))
            out.append(_text(x, top + band / 2 + size * 0.3, size, words, fill="#fff"))
    out += [_facing(x, y, u.facing) for u in stack]
    return out


def _leader(x: float, y: float, ld: Leader, colour: str) -> str:
    return (f'<g><title>{escape(ld.id)}: {escape(ld.name)} ({escape(ld.wing)}), rating {ld.rating}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="#fff" stroke="{colour}" stroke-width="2"/>'
            + _text(x, y + 2.5, 7, str(ld.rating), fill=colour, bold=True) + "</g>")


def _pack(head: str, items: list[str], size: float, room: float) -> list[str]:
    """`head` and the items, "; " between them, in as few lines as fit in `room` px."""
    lines, line = [], head
    for item in items:
        if line != head and (len(line) + 2 + len(item)) * size * CHAR > room:
            lines.append(line + ";")
            line = "    " + item
        else:
            line += ("" if line == head else "; ") + item
    return lines + [line]


def _legend(s: PState, y0: float, width: float) -> list[str]:
    """The title, who holds which side, the wings and their leaders, the terrain and the key."""
    if s.result:
        status = localize.result("paris", s.result)
    elif s.active_wing:
        status = _("turn {turn} of {turns} · phase {phase} · active wing {wing}").format(
            turn=s.turn, turns=s.turns, phase=localize.phase("paris", s.phase), wing=s.active_wing)
    else:
        status = _("turn {turn} of {turns} · phase "
                   "{phase}").format(turn=s.turn, turns=s.turns, phase=localize.phase("paris", s.phase))
    out = [_text(8, y0, 13, f"{s.title} · {status}", anchor="start", bold=True)]
    y = y0
    for i, side in enumerate(s.players):
        wings = []
        for w in s.wings.values():
            if w.side == side:
                ld = s.leaders.get(w.leader)
                where = _(", leader {leader} at {hex}").format(leader=ld.id, hex=ld.hex) if ld and ld.hex else ""
                done = _(", done") if w.done else ""
                wings.append(f"{w.id} ({localize.words('paris', w.order)}{done}{where})")
        head = _("{name} side, held by player {side}, from the {edge} edge, lost {lost}: ").format(
            name=localize.side("paris", side) if localize.language() != "en" else s.side_names.get(side, side).capitalize(),
            side=localize.side("paris", side), edge=_(s.edges.get(side, "?")), lost=len(s.destroyed.get(side, ())))
        for line in _pack(head, wings, 9.5, width - 16):
            y += 15
            out.append(_text(8, y, 9.5, line, anchor="start", fill=PALETTES[i % 2][0], bold=True))
    kinds = sorted(set(s.terrain.values()))
    if kinds:
        y += 14
        x = 8.0
        out.append(_text(x, y, 9, _("terrain (ours, provisional):"), anchor="start"))
        x += 9 * CHAR * 29
        for k in kinds:
            out.append(f'<rect x="{x:.1f}" y="{y - 8:.1f}" width="10" height="9" fill="{TERRAIN.get(k, "#ccc")}" stroke="#888"/>')
            name = _(k)
            out.append(_text(x + 13, y, 9, name, anchor="start"))
            x += 13 + 9 * CHAR * len(name) + 10
    for line in _pack("", [_(k) for k in KEY], 8, width - 16):
        y += 12
        out.append(_text(8, y, 8, line, anchor="start", fill="#555"))
    return out


KEY = (N_("counter: type morale-movement, the unit's id as posts write it"), N_("triangle = the vertex it faces"),
       N_("D disorder, Sh shaken, Br broken"), N_("stacked units share a counter"), N_("circle = leader (rating)"),
       N_("arrows: black move, red fire, orange melee, grey retreat"))
# the edges a side comes from and the kinds of terrain (scenario data), as the legend names them
_NAMES = (N_("north"), N_("south"), N_("east"), N_("west"), N_("woods"), N_("village"), N_("hill"), N_("stream"), N_("marsh"),
          N_("impassable"))


def render(s: PState, outcome: Outcome) -> str:
    """The map after an event, with what the event did drawn on it (its moves, fire and melees)."""
    width = R * W3 * (s.cols + 1.5)
    top = R * 1.5 * (s.rows + 1) + 14
    legend = _legend(s, top, width)
    height = float(re.findall(r' y="([\d.]+)"', legend[-1])[-1]) + 8
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="Helvetica,Arial,sans-serif">',
           '<defs><marker id="ah" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto">'
           '<path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker></defs>',
           '<rect width="100%" height="100%" fill="#f4efe1"/>']
    for row in range(1, s.rows + 1):
        for col in range(1, s.cols + 1):
            h = hexgrid.hex_id(row, col)
            x, y = centre(h, s.layout)
            fill = TERRAIN.get(s.terrain.get(h, ""), "#fbf7ea")
            out.append(f'<path d="{_hex_path(x, y)}" fill="{fill}" stroke="#c8bfa6" stroke-width="0.6"/>')
            out.append(_text(x - 11.5, y - 17.6, 5.5, h, fill="#8f866d"))
    colours: dict[str, str] = {}
    for i, side in enumerate(s.players):
        for j, w in enumerate(sorted(x.id for x in s.wings.values() if x.side == side)):
            colours[w] = PALETTES[i % 2][j % 5]
    stacks: dict[str, list[Unit]] = {}
    for u in sorted(s.units.values(), key=lambda u: (u.artillery, u.kind == "E", u.id)):
        stacks.setdefault(u.hex, []).append(u)
    for h, stack in stacks.items():
        out += _counter(*centre(h, s.layout), stack, colours)
    placed: dict[str, int] = {}
    for ld in s.leaders.values():
        if not ld.hex:
            continue  # an adjutant not yet placed (§5.2.2)
        x, y = centre(ld.hex, s.layout)
        k = placed[ld.hex] = placed.get(ld.hex, -1) + 1
        out.append(_leader(x - 10 + 20 * k, y + 23, ld, colours.get(ld.wing, "#444")))
    for m in outcome.marks:
        stroke, dash = MARK.get(m.kind, ("#000", ""))
        x1, y1 = centre(m.src, s.layout)
        x2, y2 = centre(m.dst, s.layout) if m.dst != m.src else (x1, y1 - R)
        out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}" stroke-width="2.5" '
                   'stroke-opacity="0.85"' + (f' stroke-dasharray="{dash}"' if dash else "") + ' marker-end="url(#ah)"/>')
    out += legend
    out.append("</svg>")
    return "\n".join(out)


def losses(s: PState) -> dict[str, int]:
    """Units destroyed per side, the count of the victory conditions (§14)."""
    return {side: len(s.destroyed.get(side, ())) for side in s.players}

"""`adjudicator map`: the table in inches, with units, brigades, generals, command radii,
places and each side's army morale, as one SVG readable at a glance on a forum. Nothing an
event does is marked on it: the map is the state."""

from __future__ import annotations

from html import escape

from adjudicator.draft import Outcome
from adjudicator.rulesets.brigade import army
from adjudicator.rulesets.brigade.state import ARTILLERY, CAVALRY, BrigadeState, General, Unit

PX = 12  # pixels per inch
COLOURS = ("#c0392b", "#1f4e9c")  # first player red, second blue
STATUS_MARK = {"disordered": "D", "wavering": "W", "retreating": "R", "routed": "ROUT", "pursuing": "P"}


class _Table:
    """The table's scale: inches to pixels, y growing up the table (the first side's base edge is at
    the bottom), below a 30-pixel title band."""

    def __init__(self, state: BrigadeState):
        self.w, self.h = state.width * PX, state.height * PX
        self.colour = {p: COLOURS[i] for i, p in enumerate(state.players)}

    def x(self, x: float) -> float:
        return round(x * PX, 1)

    def y(self, y: float) -> float:
        return round(self.h - y * PX + 30, 1)


def render(state: BrigadeState, outcome: Outcome) -> str:
    t = _Table(state)
    legend_h = 56 + 16 * (len(state.brigades) // 2 + 6)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{t.w:g}" height="{t.h + 30 + legend_h:g}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect x="0" y="30" width="{t.w:g}" height="{t.h:g}" fill="#e9e4c9" stroke="#555"/>']
    phase = "game over" if state.over else f"turn {state.turn}, {state.phase}"
    out.append(f'<text x="4" y="18" font-size="14" font-weight="bold">{escape(state.title)} · {escape(phase)}'
               + (f' · phasing: {escape(state.phasing)}' if state.phasing and not state.over else "") + "</text>")
    out += _grid(state, t) + _places(state, t) + _radii(state, t) + _objectives(state, t) + _units(state, t)
    out += _generals(state, t) + _legend(state, t, legend_h)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _grid(state: BrigadeState, t: _Table) -> list[str]:
    """A foot grid, labelled in inches."""
    out = []
    for i in range(0, int(state.width) + 1, 12):
        out.append(f'<line x1="{t.x(i)}" y1="30" x2="{t.x(i)}" y2="{t.h + 30:g}" stroke="#cfc8a8"/>')
        out.append(f'<text x="{t.x(i) + 2}" y="{t.h + 28:g}" fill="#888">{i}"</text>')
    for j in range(0, int(state.height) + 1, 12):
        out.append(f'<line x1="0" y1="{t.y(j)}" x2="{t.w:g}" y2="{t.y(j)}" stroke="#cfc8a8"/>')
        out.append(f'<text x="2" y="{t.y(j) - 2}" fill="#888">{j}"</text>')
    return out


def _places(state: BrigadeState, t: _Table) -> list[str]:
    out = []
    for p in state.places.values():
        x, y = t.x(p.x), t.y(p.y)
        if p.key:
            fill, s = t.colour.get(p.holder, "#999"), 9
            out.append(f'<polygon points="{x},{y - s} {x + s},{y} {x},{y + s} {x - s},{y}" fill="{fill}" '
                       'fill-opacity="0.5" stroke="#333"/>')
        else:
            out.append(f'<circle cx="{x}" cy="{y}" r="30" fill="#7a9a5a" fill-opacity="0.35"/>')
        out.append(f'<text x="{x + 11}" y="{y + 4}" font-style="italic">{escape(p.name)}'
                   + (" (key point)" if p.key else "") + "</text>")
    return out


def _present(state: BrigadeState) -> list[General]:
    """The generals on the table: neither wounded (off it until the next command phase) nor lost."""
    return [g for g in state.generals.values() if g.fate == "present"]


def _radii(state: BrigadeState, t: _Table) -> list[str]:
    """Each present general's 12" command radius; the CinC's 24" order radius too."""
    out = []
    for g in _present(state):
        for r in (12, 24) if g.role == "cinc" else (12,):
            out.append(f'<circle cx="{t.x(g.x)}" cy="{t.y(g.y)}" r="{r * PX}" fill="none" stroke="{t.colour[g.side]}" '
                       f'stroke-opacity="0.35" stroke-dasharray="{"8 4" if r == 24 else "3 3"}"/>')
    return out


def _objectives(state: BrigadeState, t: _Table) -> list[str]:
    """Each brigade's order objective, as a dashed arrow from its brigadier."""
    out = ['<defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="7" refY="4" orient="auto">'
           '<path d="M0,0 L8,4 L0,8 z" fill="#333"/></marker></defs>']
    for b in state.brigades.values():
        g = state.generals[b.general]
        if b.order is None or g.fate != "present" or b.morale != "steady":
            continue
        obj = b.order.objective
        target = state.places.get(obj) or (state.generals[state.brigades[obj].general] if obj in state.brigades
                                           else state.units.get(obj))
        if target is None:
            continue
        out.append(f'<line x1="{t.x(g.x)}" y1="{t.y(g.y)}" x2="{t.x(target.x)}" y2="{t.y(target.y)}" '
                   f'stroke="{t.colour[b.side]}" stroke-width="1.5" stroke-dasharray="6 4" marker-end="url(#arrow)">'
                   f'<title>{escape(b.name)}: {escape(b.order.text())}</title></line>')
    return out


def _units(state: BrigadeState, t: _Table) -> list[str]:
    out = []
    for u in state.units.values():  # a faint line ties each unit to its brigadier
        g = state.generals[state.brigades[u.brigade].general]
        if u.on_table and g.fate == "present":
            out.append(f'<line x1="{t.x(u.x)}" y1="{t.y(u.y)}" x2="{t.x(g.x)}" y2="{t.y(g.y)}" '
                       f'stroke="{t.colour[u.side]}" stroke-opacity="0.3"/>')
    for u in state.units.values():
        if u.on_table:
            out += _unit(u, t)
    return out


def _unit(u: Unit, t: _Table) -> list[str]:
    """A bar for a battalion, barred for cavalry, small for a battery; its id, figures and status below."""
    x, y = t.x(u.x), t.y(u.y)
    bw, bh = (30, 12) if u.kind not in CAVALRY else (24, 10)
    if u.kind in ARTILLERY:
        bw, bh = 16, 10
    dash = ' stroke-dasharray="3 2"' if u.status in ("retreating", "routed") else ""
    op = "0.45" if u.status != "formed" else "0.85"
    out = [f'<rect x="{x - bw / 2}" y="{y - bh / 2}" width="{bw}" height="{bh}" fill="{t.colour[u.side]}" '
           f'fill-opacity="{op}" stroke="#000"{dash}><title>{escape(u.name)}: {u.kind}, {u.strength}/'
           f'{u.start_strength}, {u.status}</title></rect>']
    if u.kind in CAVALRY:
        out.append(f'<line x1="{x - bw / 2}" y1="{y + bh / 2}" x2="{x + bw / 2}" y2="{y - bh / 2}" stroke="#fff"/>')
    mark = STATUS_MARK.get(u.status, "")
    out.append(f'<text x="{x}" y="{y + bh / 2 + 10}" text-anchor="middle" font-size="9">'
               f'{escape(u.id)} {u.strength}{(" " + mark) if mark else ""}</text>')
    return out


def _generals(state: BrigadeState, t: _Table) -> list[str]:
    out = []
    for g in _present(state):
        c = t.colour[g.side]
        out.append(f'<circle cx="{t.x(g.x)}" cy="{t.y(g.y)}" r="{7 if g.role == "cinc" else 5}" fill="#fff" '
                   f'stroke="{c}" stroke-width="2"/>')
        out.append(f'<text x="{t.x(g.x) + 8}" y="{t.y(g.y) - 6}" font-weight="bold" fill="{c}">{escape(g.name)}'
                   + (" (CinC)" if g.role == "cinc" else "") + "</text>")
    return out


def _legend(state: BrigadeState, t: _Table, legend_h: int) -> list[str]:
    """Each side's army value and loss (§15.2) and its brigades' orders; the key; the result."""
    out = []
    y = t.h + 48
    for i, p in enumerate(state.players):
        side = state.sides[p]
        x0 = 4 + i * t.w / 2
        out.append(f'<text x="{x0:g}" y="{y:g}" font-weight="bold" fill="{t.colour[p]}">{escape(side.name)}: army value '
                   f'{side.value}, lost {army.loss(state, p)} (Waver {side.waver}, Break {side.breakpoint})'
                   + (" DEFEATED" if side.defeated else "") + "</text>")
        line = y + 16
        for b in state.brigades.values():
            if b.side != p:
                continue
            order = b.order.text() if b.order else "orders sealed"
            extra = (f", next: {b.pending.text()}" if b.pending else "") + (
                f", {b.morale.upper()}" if b.morale != "steady" else "")
            out.append(f'<text x="{x0 + 8:g}" y="{line:g}">{escape(b.name)}: {escape(order)}{escape(extra)}</text>')
            line += 15
    bottom = t.h + 30 + legend_h
    out.append(f'<text x="4" y="{bottom - 38:g}" fill="#444" font-size="10">key: bar = battalion, '
               'barred = cavalry, small = battery; label: id, figures (guns), D/W/R/ROUT = disordered, wavering, '
               'retreating, routed</text>')
    out.append(f'<text x="4" y="{bottom - 24:g}" fill="#444" font-size="10">circle = general, dotted '
               'ring = 12" command radius, dashed ring = the CinC\'s 24" order radius; diamond = key point; '
               'dashed arrow = order objective</text>')
    if state.over:
        out.append(f'<text x="4" y="{bottom - 8:g}" font-weight="bold">{escape(state.result)}</text>')
    return out

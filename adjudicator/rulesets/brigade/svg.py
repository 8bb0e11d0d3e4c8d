"""`adjudicator map`: the table in inches, with units, brigades, generals, command radii,
places and each side's army morale, as one SVG readable at a glance on a forum."""

from __future__ import annotations

from html import escape

from adjudicator.rulesets.brigade import army
from adjudicator.rulesets.brigade.state import ARTILLERY, CAVALRY, BrigadeState

PX = 12  # pixels per inch
COLOURS = ("#c0392b", "#1f4e9c")  # first player red, second blue
STATUS_MARK = {"disordered": "D", "wavering": "W", "retreating": "R", "routed": "ROUT", "pursuing": "P"}


def render_svg(state: BrigadeState) -> str:
    w, h = state.width * PX, state.height * PX
    legend_h = 56 + 16 * (len(state.brigades) // 2 + 6)
    colour = {p: COLOURS[i] for i, p in enumerate(state.players)}

    def X(x: float) -> float:
        return round(x * PX, 1)

    def Y(y: float) -> float:  # y grows up the table: the first side's base edge is at the bottom
        return round(h - y * PX + 30, 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h + 30 + legend_h:g}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect x="0" y="30" width="{w:g}" height="{h:g}" fill="#e9e4c9" stroke="#555"/>']
    phase = "game over" if state.over else f"turn {state.turn}, {state.phase}"
    out.append(f'<text x="4" y="18" font-size="14" font-weight="bold">{escape(state.title)} · {escape(phase)}'
               + (f' · phasing: {escape(state.phasing)}' if state.phasing and not state.over else "") + "</text>")
    for i in range(0, int(state.width) + 1, 12):  # a foot grid, labelled in inches
        out.append(f'<line x1="{X(i)}" y1="30" x2="{X(i)}" y2="{h + 30:g}" stroke="#cfc8a8"/>')
        out.append(f'<text x="{X(i) + 2}" y="{h + 28:g}" fill="#888">{i}"</text>')
    for j in range(0, int(state.height) + 1, 12):
        out.append(f'<line x1="0" y1="{Y(j)}" x2="{w:g}" y2="{Y(j)}" stroke="#cfc8a8"/>')
        out.append(f'<text x="2" y="{Y(j) - 2}" fill="#888">{j}"</text>')
    for p in state.places.values():
        fill = colour.get(p.holder, "#999")
        if p.key:
            s = 9
            out.append(f'<polygon points="{X(p.x)},{Y(p.y) - s} {X(p.x) + s},{Y(p.y)} {X(p.x)},{Y(p.y) + s} '
                       f'{X(p.x) - s},{Y(p.y)}" fill="{fill}" fill-opacity="0.5" stroke="#333"/>')
        else:
            out.append(f'<circle cx="{X(p.x)}" cy="{Y(p.y)}" r="30" fill="#7a9a5a" fill-opacity="0.35"/>')
        out.append(f'<text x="{X(p.x) + 11}" y="{Y(p.y) + 4}" font-style="italic">{escape(p.name)}'
                   + (" (key point)" if p.key else "") + "</text>")
    for g in state.generals.values():
        if g.fate != "present":
            continue
        c = colour[g.side]
        radii = (12, 24) if g.role == "cinc" else (12,)
        for r in radii:
            out.append(f'<circle cx="{X(g.x)}" cy="{Y(g.y)}" r="{r * PX}" fill="none" stroke="{c}" '
                       f'stroke-opacity="0.35" stroke-dasharray="{"8 4" if r == 24 else "3 3"}"/>')
    out.append('<defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="7" refY="4" orient="auto">'
               '<path d="M0,0 L8,4 L0,8 z" fill="#333"/></marker></defs>')
    for b in state.brigades.values():  # each brigade's order objective, as a dashed arrow from its brigadier
        g = state.generals[b.general]
        if b.order is None or g.fate != "present" or b.morale != "steady":
            continue
        obj = b.order.objective
        target = state.places.get(obj) or (state.generals[state.brigades[obj].general] if obj in state.brigades
                                           else state.units.get(obj))
        if target is None:
            continue
        out.append(f'<line x1="{X(g.x)}" y1="{Y(g.y)}" x2="{X(target.x)}" y2="{Y(target.y)}" stroke="{colour[b.side]}" '
                   f'stroke-width="1.5" stroke-dasharray="6 4" marker-end="url(#arrow)"><title>{escape(b.name)}: '
                   f'{escape(b.order.text())}</title></line>')
    for u in state.units.values():  # a faint line ties each unit to its brigadier
        g = state.generals[state.brigades[u.brigade].general]
        if u.on_table and g.fate == "present":
            out.append(f'<line x1="{X(u.x)}" y1="{Y(u.y)}" x2="{X(g.x)}" y2="{Y(g.y)}" stroke="{colour[u.side]}" '
                       f'stroke-opacity="0.3"/>')
    for u in state.units.values():
        if not u.on_table:
            continue
        c = colour[u.side]
        bw, bh = (30, 12) if u.kind not in CAVALRY else (24, 10)
        if u.kind in ARTILLERY:
            bw, bh = 16, 10
        dash = ' stroke-dasharray="3 2"' if u.status in ("retreating", "routed") else ""
        op = "0.45" if u.status != "formed" else "0.85"
        out.append(f'<rect x="{X(u.x) - bw / 2}" y="{Y(u.y) - bh / 2}" width="{bw}" height="{bh}" fill="{c}" '
                   f'fill-opacity="{op}" stroke="#000"{dash}><title>{escape(u.name)}: {u.kind}, {u.strength}/'
                   f'{u.start_strength}, {u.status}</title></rect>')
        if u.kind in CAVALRY:
            out.append(f'<line x1="{X(u.x) - bw / 2}" y1="{Y(u.y) + bh / 2}" x2="{X(u.x) + bw / 2}" '
                       f'y2="{Y(u.y) - bh / 2}" stroke="#fff"/>')
        mark = STATUS_MARK.get(u.status, "")
        out.append(f'<text x="{X(u.x)}" y="{Y(u.y) + bh / 2 + 10}" text-anchor="middle" font-size="9">'
                   f'{escape(u.id)} {u.strength}{(" " + mark) if mark else ""}</text>')
    for g in state.generals.values():
        if g.fate != "present":
            continue
        c = colour[g.side]
        out.append(f'<circle cx="{X(g.x)}" cy="{Y(g.y)}" r="{7 if g.role == "cinc" else 5}" fill="#fff" '
                   f'stroke="{c}" stroke-width="2"/>')
        out.append(f'<text x="{X(g.x) + 8}" y="{Y(g.y) - 6}" font-weight="bold" fill="{c}">{escape(g.name)}'
                   + (" (CinC)" if g.role == "cinc" else "") + "</text>")
    y = h + 48
    for i, p in enumerate(state.players):
        s = state.sides[p]
        x0 = 4 + i * w / 2
        lost = army.loss(state, p)
        out.append(f'<text x="{x0:g}" y="{y:g}" font-weight="bold" fill="{colour[p]}">{escape(s.name)}: army value '
                   f'{s.value}, lost {lost} (Waver {s.waver}, Break {s.breakpoint})'
                   + (" DEFEATED" if s.defeated else "") + "</text>")
        line = y + 16
        for b in state.brigades.values():
            if b.side != p:
                continue
            order = b.order.text() if b.order else "orders sealed"
            extra = (f", next: {b.pending.text()}" if b.pending else "") + (
                f", {b.morale.upper()}" if b.morale != "steady" else "")
            out.append(f'<text x="{x0 + 8:g}" y="{line:g}">{escape(b.name)}: {escape(order)}{escape(extra)}</text>')
            line += 15
    out.append(f'<text x="4" y="{h + 30 + legend_h - 38:g}" fill="#444" font-size="10">key: bar = battalion, '
               'barred = cavalry, small = battery; label: id, figures (guns), D/W/R/ROUT = disordered, wavering, '
               'retreating, routed</text>')
    out.append(f'<text x="4" y="{h + 30 + legend_h - 24:g}" fill="#444" font-size="10">circle = general, dotted '
               'ring = 12" command radius, dashed ring = the CinC\'s 24" order radius; diamond = key point; '
               'dashed arrow = order objective</text>')
    if state.over:
        out.append(f'<text x="4" y="{h + 30 + legend_h - 8:g}" font-weight="bold">{escape(state.result)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"

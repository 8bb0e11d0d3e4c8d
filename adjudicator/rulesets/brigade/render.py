"""`adjudicator map`: the table in inches, with units, brigades, generals, places and each side's army
morale, as one SVG readable at a glance on a forum. Command radii are drawn only where they matter now
(the brigade the last event acted for; the CinC's order radius in a command step; the brigadiers' and
the CinC's charge radius in a charge step), every one of them with the `radii` layer (`map --radii`).
Labels are placed where none hides another (adjudicator/maplabels.py)."""

from __future__ import annotations

import textwrap
from html import escape

from adjudicator.draft import Outcome
from adjudicator.maplabels import Labels
from adjudicator.rulesets.brigade import army
from adjudicator.rulesets.brigade.phases import TURN, whose
from adjudicator.rulesets.brigade.state import ARTILLERY, CAVALRY, BrigadeState, General, Unit
from adjudicator import localize
from adjudicator.i18n import _

PX = 12  # pixels per inch
TOP = 44  # the title band: the scenario's title, then the turn and step
CHAR = 0.6  # a character's width in font sizes, as a sans-serif sets it on average
COLOURS = ("#c0392b", "#1f4e9c")  # first player red, second blue
STATUS_MARK = {"disordered": "D", "wavering": "W", "retreating": "R", "routed": "ROUT", "pursuing": "P"}
LAYERS = {"radii": "every present general's command radius, not only those that matter now (seed 003 §5.1, §5.4)"}


class _Table:
    """The table's scale: inches to pixels, y growing up the table (the first side's base edge is at
    the bottom), below the title band."""

    def __init__(self, state: BrigadeState):
        self.w, self.h = state.width * PX, state.height * PX
        self.colour = {p: COLOURS[i] for i, p in enumerate(state.players)}

    def x(self, x: float) -> float:
        return round(x * PX, 1)

    def y(self, y: float) -> float:
        return round(self.h - y * PX + TOP, 1)


def render(state: BrigadeState, outcome: Outcome, layers: frozenset[str] = frozenset()) -> str:
    t = _Table(state)
    labels = Labels(t.w, t.h + TOP, char=CHAR, top=TOP)
    legend = _legend(state, t)
    height = t.h + TOP + 16 * len(legend) + 12
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{t.w:g}" height="{height:g}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect x="0" y="{TOP}" width="{t.w:g}" height="{t.h:g}" fill="#e9e4c9" stroke="#555"/>']
    out += _title(state, t)
    out += _grid(state, t, labels) + _places(state, t, labels) + _radii(state, t, outcome, layers)
    out += _objectives(state, t) + _units(state, t, labels) + _generals(state, t, labels)
    _labels(state, t, labels)
    out += labels.out
    y = t.h + TOP + 18
    for text, attrs in legend:
        out.append(f'<text x="4" y="{y:g}"{attrs}>{escape(text)}</text>')
        y += 16
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _fit(text: str, size: float, room: float) -> float:
    """The font size (at most `size`) at which `text` fits in `room` px."""
    return round(min(size, room / (len(text) * CHAR)), 1)


def _title(state: BrigadeState, t: _Table) -> list[str]:
    """The scenario's title, then where the turn stands, each shrunk to the table's width."""
    if state.over:
        now = _("game over")
    elif state.phasing:
        now = _("turn {turn}, {phase} · phasing: {side}").format(turn=state.turn, phase=localize.phase("brigade", state.phase),
                                                                 side=localize.side("brigade", state.phasing))
    else:
        now = _("turn {turn}, {phase}").format(turn=state.turn, phase=localize.phase("brigade", state.phase))
    return [f'<text x="4" y="17" font-size="{_fit(state.title, 14, t.w - 8):g}" font-weight="bold">'
            f'{escape(state.title)}</text>',
            f'<text x="4" y="36" font-size="{_fit(now, 12, t.w - 8):g}">{escape(now)}</text>']


def _grid(state: BrigadeState, t: _Table, labels: Labels) -> list[str]:
    """A foot grid, labelled in inches along the bottom and the left edge (each label below its line)."""
    out = []
    for i in range(0, int(state.width) + 1, 12):
        out.append(f'<line x1="{t.x(i)}" y1="{TOP}" x2="{t.x(i)}" y2="{t.h + TOP:g}" stroke="#cfc8a8"/>')
        if i < state.width:
            out.append(_fixed(labels, f'{i}"', t.x(i) + 2, t.h + TOP - 3, 10, ' fill="#888"'))
    for j in range(12, int(state.height) + 1, 12):  # 0" is the bottom edge, labelled by the first column's
        out.append(f'<line x1="0" y1="{t.y(j)}" x2="{t.w:g}" y2="{t.y(j)}" stroke="#cfc8a8"/>')
        out.append(_fixed(labels, f'{j}"', 2, t.y(j) + 11, 10, ' fill="#888"'))
    return out


def _fixed(labels: Labels, text: str, x: float, y: float, size: float, attrs: str = "") -> str:
    """A label set where it must stand, its box kept from the labels placed after it."""
    labels.block(labels.text_box(text, x, y, size))
    return f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{attrs}>{escape(text)}</text>'


def _places(state: BrigadeState, t: _Table, labels: Labels) -> list[str]:
    out = []
    for p in state.places.values():
        x, y = t.x(p.x), t.y(p.y)
        if p.key:
            fill, s = t.colour.get(p.holder, "#999"), 9
            out.append(f'<polygon points="{x},{y - s} {x + s},{y} {x},{y + s} {x - s},{y}" fill="{fill}" '
                       'fill-opacity="0.5" stroke="#333"/>')
            labels.block((x - s, y - s, x + s, y + s))
        else:
            out.append(f'<circle cx="{x}" cy="{y}" r="30" fill="#7a9a5a" fill-opacity="0.35"/>')
    return out


def _present(state: BrigadeState) -> list[General]:
    """The generals on the table: neither wounded (off it until the next command phase) nor lost."""
    return [g for g in state.generals.values() if g.fate == "present"]


def _rings(state: BrigadeState, outcome: Outcome, layers: frozenset[str]) -> set[tuple[str, int]]:
    """The command radii that matter now (§5.1, §5.4), as (general, inches): the brigadier's 12" of the
    brigade the last event acted for; in a command step the CinC's 24" order radius of the side whose
    step it is; in a charge step that side's brigadiers' and CinC's 12" charge radius. All of them with
    the `radii` layer."""
    if "radii" in layers:
        return {(g.id, r) for g in _present(state) for r in ((12, 24) if g.role == "cinc" else (12,))}
    rings = {(state.generals[state.brigades[m.src].general].id, 12) for m in outcome.marks
             if m.kind == "brigade" and m.src in state.brigades}
    if not state.over and state.phase in ("command", "charges"):
        side = whose(state)
        if side in state.sides:
            cinc = state.sides[side].cinc
            rings.add((cinc, 24 if state.phase == "command" else 12))
            if state.phase == "charges":
                rings |= {(b.general, 12) for b in state.brigades.values() if b.side == side}
    return rings


def _radii(state: BrigadeState, t: _Table, outcome: Outcome, layers: frozenset[str]) -> list[str]:
    out = []
    for gid, r in sorted(_rings(state, outcome, layers)):
        g = state.generals[gid]
        if g.fate == "present":
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


def _units(state: BrigadeState, t: _Table, labels: Labels) -> list[str]:
    out = []
    for u in state.units.values():  # a faint line ties each unit to its brigadier
        g = state.generals[state.brigades[u.brigade].general]
        if u.on_table and g.fate == "present":
            out.append(f'<line x1="{t.x(u.x)}" y1="{t.y(u.y)}" x2="{t.x(g.x)}" y2="{t.y(g.y)}" '
                       f'stroke="{t.colour[u.side]}" stroke-opacity="0.3"/>')
    for u in state.units.values():
        if u.on_table:
            out += _unit(u, t, labels)
    return out


def _bar(u: Unit) -> tuple[int, int]:
    """A bar for a battalion, a narrower one for cavalry, a small one for a battery (px)."""
    return (16, 10) if u.kind in ARTILLERY else (24, 10) if u.kind in CAVALRY else (30, 12)


def _unit(u: Unit, t: _Table, labels: Labels) -> list[str]:
    """A bar for a battalion, barred for cavalry, small for a battery; its label is placed later."""
    x, y = t.x(u.x), t.y(u.y)
    bw, bh = _bar(u)
    dash = ' stroke-dasharray="3 2"' if u.status in ("retreating", "routed") else ""
    op = "0.45" if u.status != "formed" else "0.85"
    labels.block((x - bw / 2, y - bh / 2, x + bw / 2, y + bh / 2))
    out = [f'<rect x="{x - bw / 2}" y="{y - bh / 2}" width="{bw}" height="{bh}" fill="{t.colour[u.side]}" '
           f'fill-opacity="{op}" stroke="#000"{dash}><title>{escape(u.name)}: {u.kind}, {u.strength}/'
           f'{u.start_strength}, {u.status}</title></rect>']
    if u.kind in CAVALRY:
        out.append(f'<line x1="{x - bw / 2}" y1="{y + bh / 2}" x2="{x + bw / 2}" y2="{y - bh / 2}" stroke="#fff"/>')
    return out


def _generals(state: BrigadeState, t: _Table, labels: Labels) -> list[str]:
    out = []
    for g in _present(state):
        r = 7 if g.role == "cinc" else 5
        x, y = t.x(g.x), t.y(g.y)
        labels.block((x - r, y - r, x + r, y + r))
        out.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="#fff" stroke="{t.colour[g.side]}" stroke-width="2"/>')
    return out


def _labels(state: BrigadeState, t: _Table, labels: Labels) -> None:
    """Every label, where it hides no other: the units' (id, figures or guns, status) first, nearest
    their bars, then the generals', then the places'."""
    for u in state.units.values():
        if u.on_table:
            mark = STATUS_MARK.get(u.status, "")
            labels.place(f"{u.id} {u.strength}" + (f" {mark}" if mark else ""), (t.x(u.x), t.y(u.y)),
                         _bar(u)[1] / 2 + 1, size=9)
    for g in _present(state):
        labels.place(g.name + (" (CinC)" if g.role == "cinc" else ""), (t.x(g.x), t.y(g.y)), 8, size=10,
                     colour=t.colour[g.side], style=' font-weight="bold"')
    for p in state.places.values():
        labels.place(p.name + (_(" (key point)") if p.key else ""), (t.x(p.x), t.y(p.y)), 10, size=10,
                     colour="#333", style=' font-style="italic"')


def _legend(state: BrigadeState, t: _Table) -> list[tuple[str, str]]:
    """Below the table, one line each: each side's army value and loss (§15.2) and its brigades' orders;
    the key; the result."""
    out = []
    for p in state.players:
        side = state.sides[p]
        said = _("{army}: army value {value}, lost {lost} (Waver {waver}, Break {breakpoint})").format(
            army=side.name, value=side.value, lost=army.loss(state, p), waver=side.waver, breakpoint=side.breakpoint)
        out.append((said + (_(" DEFEATED") if side.defeated else ""), f' font-weight="bold" fill="{t.colour[p]}"'))
        orders = []
        for b in state.brigades.values():
            if b.side == p:
                orders.append(f"{b.name}: {b.order.shown().text() if b.order else _('orders sealed')}"
                              + (_(", next: {order}").format(order=b.pending.shown().text()) if b.pending else "")
                              + (f", {localize.words('brigade', b.morale).upper()}" if b.morale != "steady" else ""))
        out += [("   " + line, "") for line in _wrap(orders, t.w - 12, 11)]
    key = _("key: bar = battalion, barred = cavalry, small = battery; label: id, figures (guns), D/W/R/ROUT = "
            "disordered, wavering, retreating, routed; circle = general; diamond = key point; dashed arrow = order "
            "objective; dotted ring = a 12\" command radius, dashed ring = the CinC's 24\" order radius (drawn where "
            "they matter now; `map --radii` draws them all)")
    out += [(line, ' fill="#444" font-size="10"') for line in _wrap(key.split("; "), t.w - 12, 10)]
    if state.over:
        out += [(line, ' font-weight="bold"') for line in _wrap([state.result], t.w - 12, 11)]
    return out


def _wrap(parts: list[str], room: float, size: float) -> list[str]:
    """`parts` joined by "; " into lines no wider than `room` px at font `size`."""
    return textwrap.wrap("; ".join(parts), max(20, int(room / (size * CHAR))), break_on_hyphens=False)


def losses(s: BrigadeState) -> dict[str, int]:
    """Units off the table per side (dispersed or removed)."""
    lost = {side: 0 for side in s.players}
    for u in s.units.values():
        if not u.on_table:
            lost[u.side] = lost.get(u.side, 0) + 1
    return lost

"""The battlefield as SVG for `adjudicator map`: grid, terrain, roads, and every unit with its SP and class.

The map shows the state; it draws nothing of what the last event did (its outcome). Every label
carries its own font size, and the picture is as wide as its longest line of text, so that nothing
is clipped and no label runs over another."""

from __future__ import annotations

from html import escape

from adjudicator.draft import Outcome
from adjudicator import localize
from adjudicator.i18n import N_, _

from .grid import coords, name
from .state import PortableState, Unit

CELL = 56
TOP = 64
LEFT = 28
FILL = {"open": "#eef3df", "hill": "#d9c38f", "woods": "#7fae6b", "village": "#c9a27e", "river": "#7fb4e0",
        "ford": "#a9d0ee", "trench": "#b49a7a"}
SIDE_COLOURS = ("#c0392b", "#1f4e9c")
_KINDS = (N_("hill"), N_("woods"), N_("village"), N_("river"), N_("ford"), N_("trench"))  # the legend names them
ARM_MARK = {"infantry": "INF", "cavalry": "CAV", "mg": "MG", "artillery": "ART", "transport": "TRN"}
CLASS_MARK = {"elite": "E", "average": "A", "poor": "P"}
ARROW = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}
CHAR = 0.6  # a character's width in font sizes (a sans-serif's average): how wide a line of text is


def _wide(text: str, size: float) -> float:
    return len(text) * size * CHAR


def _xy(square: str) -> tuple[int, int]:
    c, r = coords(square)
    return LEFT + c * CELL, TOP + r * CELL


def _unit(u: Unit, colour: str) -> list[str]:
    x, y = _xy(u.square)
    out = []
    border = 'stroke="#000" stroke-width="4"' if u.formation == "square" else 'stroke="#222" stroke-width="1"'
    out.append(f'<rect x="{x + 5}" y="{y + 9}" width="{CELL - 10}" height="{CELL - 18}" rx="3" fill="{colour}" {border}/>')
    out.append(f'<text x="{x + CELL / 2}" y="{y + 22}" font-size="10" class="u" text-anchor="middle">{ARM_MARK.get(u.arm, "?")}{" H" if u.horse else ""}'
               f'{" SQ" if u.formation == "square" else ""}</text>')
    out.append(f'<text x="{x + CELL / 2}" y="{y + 33}" font-size="10" class="u" text-anchor="middle">{u.sp} SP {CLASS_MARK[u.cls]}</text>')
    size = min(8.0, (CELL - 12) / _wide(u.id, 1))
    out.append(f'<text x="{x + CELL / 2}" y="{y + 43}" font-size="{size:.1f}" class="id" text-anchor="middle">{escape(u.id)}</text>')
    if u.arm == "artillery" and u.facing:
        dx, dy = ARROW[u.facing]
        cx, cy = x + CELL / 2 + dx * (CELL / 2 - 4), y + CELL / 2 + dy * (CELL / 2 - 4)
        out.append(f'<circle cx="{cx}" cy="{cy}" r="4" fill="#000"/>')
    return out


def render(state: PortableState, outcome: Outcome) -> str:
    phase = localize.phase("portable", state.phase) if state.phase != "activation" else _("activation: {side}").format(
        side=localize.side("portable", state.active))
    title = _("{title} · turn {turn} · {phase}").format(title=state.title, turn=state.turn, phase=phase)
    line = "   ".join((_("{army} ({side}): lost {lost} of EP {ep} EXHAUSTED") if a.exhausted else
                       _("{army} ({side}): lost {lost} of EP {ep}")).format(army=a.name, side=localize.side("portable", s),
                                                                            lost=a.lost, ep=a.ep)
                      for s, a in state.armies.items())
    key = _("SP = strength points, E/A/P = elite/average/poor, thick border = square, dot = gun facing, "
            "C = commander (gold), H = horse artillery")
    sides = "".join(f"{state.armies[s].title} ({s})" + " " * 7 for s in state.sides)  # each with its swatch and a gap
    texts = ((title, 14), (line, 11), (key, 10), (state.result, 11), (sides, 11))
    w = round(max(LEFT + state.width * CELL + 8, *(16 + _wide(text, size) for text, size in texts)))
    h = TOP + state.height * CELL + 74
    colour = {s: SIDE_COLOURS[i % 2] for i, s in enumerate(state.sides)}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">',
           "<style>.u{fill:#fff;font-weight:bold}"
           ".id{fill:#fff}.lab{fill:#333}"
           ".t{fill:#333}.h{font-weight:bold}</style>",
           f'<rect width="{w}" height="{h}" fill="#fff"/>']
    out.append(f'<text x="8" y="20" font-size="14" class="h">{escape(title)}</text>')
    out.append(f'<text x="8" y="40" font-size="11">{escape(line)}</text>')
    for c in range(state.width):
        out.append(f'<text x="{LEFT + c * CELL + CELL / 2}" y="{TOP - 6}" font-size="11" class="lab" text-anchor="middle">{chr(65 + c)}</text>')
    for r in range(state.height):
        out.append(f'<text x="{LEFT / 2}" y="{TOP + r * CELL + CELL / 2 + 4}" font-size="11" class="lab" text-anchor="middle">{r + 1}</text>')
        for c in range(state.width):
            sq = name(c, r)
            kind = state.terrain.get(sq, "open")
            x, y = _xy(sq)
            out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{FILL[kind]}" stroke="#999" stroke-width="0.5"/>')
            if kind != "open":
                label = _(kind) + (_(" (fort)") if sq in state.fortified else "")
                out.append(f'<text x="{x + 2}" y="{y + CELL - 3}" font-size="{min(9.0, (CELL - 4) / _wide(label, 1)):.1f}" '
                           f'class="t">{label}</text>')
    roads = set(state.roads)
    for sq in sorted(roads):
        x, y = _xy(sq)
        c, r = coords(sq)
        for n in (name(c + 1, r), name(c, r + 1)):
            if n in roads:
                nx, ny = _xy(n)
                out.append(f'<line x1="{x + CELL / 2}" y1="{y + CELL / 2}" x2="{nx + CELL / 2}" y2="{ny + CELL / 2}" '
                           'stroke="#8a6d3b" stroke-width="5" stroke-linecap="round"/>')
        out.append(f'<circle cx="{x + CELL / 2}" cy="{y + CELL / 2}" r="3" fill="#8a6d3b"/>')
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.arm != "commander":
            out += _unit(u, colour[u.side])
    for u in sorted(state.units.values(), key=lambda u: u.id):
        if u.arm == "commander":
            x, y = _xy(u.square)
            out.append(f'<circle cx="{x + CELL - 9}" cy="{y + 9}" r="8" fill="#f1c40f" stroke="{colour[u.side]}" stroke-width="3"/>')
            out.append(f'<text x="{x + CELL - 9}" y="{y + 12}" font-size="8" text-anchor="middle">C</text>')
            out.append(f'<text x="{x + 3}" y="{y + 8}" font-size="7" fill="#000">{escape(u.id)}</text>')
    ly = TOP + state.height * CELL + 18
    at = 8.0  # where the next side's swatch goes
    for s in state.sides:
        label = f"{state.armies[s].title} ({s})"
        out.append(f'<rect x="{at:.0f}" y="{ly - 10}" width="12" height="12" fill="{colour[s]}"/>')
        out.append(f'<text x="{at + 16:.0f}" y="{ly}" font-size="11">{escape(label)}</text>')
        at += 16 + _wide(label, 11) + 24
    out.append(f'<text x="8" y="{ly + 18}" font-size="10">{key}</text>')
    if state.result:
        out.append(f'<text x="8" y="{ly + 36}" font-size="11" font-weight="bold">{escape(state.result)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def losses(s: PortableState) -> dict[str, int]:
    """Strength points lost per side, the count that exhausts an army."""
    lost = {side: 0 for side in s.sides}
    for army in s.armies.values():
        lost[army.player] = lost.get(army.player, 0) + army.lost
    return lost

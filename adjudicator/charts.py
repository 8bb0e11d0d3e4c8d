"""The after-action report's charts as inline SVG: losses per side over the game, and the luck of
each player's dice (audit's table: how far each mean lies from the expected one, and how likely)."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from adjudicator.audit import LuckRow
from adjudicator.i18n import N_, _

COLOURS = ("#1f4e9c", "#9c1f1f", "#2d7a2d", "#8a5a00", "#6b5bd1", "#1b6f8a")
FONT = 'font-family="Helvetica,Arial,sans-serif"'
MEAN_TITLE = N_("mean {mean:.3f}, expected {expected:.3f}, z {z:.2f}, p {p:.3f}")
MEAN_LABEL = N_("mean {mean:.2f} / {expected:.2f}, p {p:.2f}")


def losses_chart(points: list[tuple[int, dict[str, int]]], sides: list[str], what: str, last_seq: int,
                 named: Callable[[str], str] = str) -> str:
    """A step line per side: its losses (`what` says what is counted) after each event, by seq up to `last_seq`;
    `named` gives a side's name for the reader."""
    width, height, left, bottom, top = 640, 240, 44, 30, 24
    last_seq = max(last_seq, 1)
    peak = max((n for _seq, lost in points for n in lost.values()), default=0)
    high = max(peak, 1)

    def x(seq: int) -> float:
        return left + (width - left - 10) * seq / last_seq

    def y(n: int) -> float:
        return height - bottom - (height - bottom - top) * n / high

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" {FONT} font-size="11" role="img" aria-label="{escape(_("losses per side"))}">',
           f'<text x="{left}" y="14" font-weight="bold">{escape(_("losses by event: {what}").format(what=what))}</text>',
           f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - 10}" y2="{y(0):.1f}" stroke="#888"/>',
           f'<line x1="{left}" y1="{top}" x2="{left}" y2="{y(0):.1f}" stroke="#888"/>']
    for n in sorted({0, high // 2, high}):
        out.append(f'<text x="{left - 6}" y="{y(n) + 4:.1f}" text-anchor="end">{n}</text>')
    out.append(f'<text x="{width - 10}" y="{height - 8}" text-anchor="end">#{last_seq}</text>')
    for i, side in enumerate(sides):
        colour = COLOURS[i % len(COLOURS)]
        path, prev = [f"M{x(0):.1f},{y(0):.1f}"], 0
        for seq, lost in points:
            n = lost.get(side, 0)
            if n != prev:
                path.append(f"H{x(seq):.1f}V{y(n):.1f}")
                prev = n
        path.append(f"H{x(last_seq):.1f}")
        out.append(f'<path d="{"".join(path)}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out.append(f'<text x="{left + 8 + 150 * i}" y="{height - 8}" fill="{colour}">{escape(named(side))}: {prev}</text>')
    out.append("</svg>")
    return "\n".join(out)


def luck_chart(rows: list[LuckRow], named: Callable[[str], str] = str) -> str:
    """One bar per player and die: its z score (mean against expected), the band |z| < 2 shaded."""
    width, row_h, left, right = 640, 22, 150, 150
    height = 40 + row_h * max(len(rows), 1)
    span = max([3.0] + [abs(r.z) + 0.5 for r in rows])
    mid = left + (width - left - right) / 2
    scale = (width - left - right) / 2 / span

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" {FONT} font-size="11" role="img" aria-label="{escape(_("luck per player"))}">',
           f'<text x="4" y="14" font-weight="bold">{escape(_("luck: z of the mean die against the expected (shaded: |z| < 2)"))}</text>',
           f'<rect x="{mid - 2 * scale:.1f}" y="22" width="{4 * scale:.1f}" height="{height - 30}" fill="#eeeeee"/>',
           f'<line x1="{mid:.1f}" y1="22" x2="{mid:.1f}" y2="{height - 8}" stroke="#888"/>']
    for i, r in enumerate(rows):
        top = 26 + row_h * i
        bar = r.z * scale
        colour = "#b03030" if r.p < 0.05 else "#3a78c9"
        out.append(f'<text x="{left - 6}" y="{top + 12}" text-anchor="end">{escape(named(r.player))} {escape(r.die)} ×{r.dice}</text>')
        out.append(f'<rect x="{min(mid, mid + bar):.1f}" y="{top + 2}" width="{max(abs(bar), 1):.1f}" height="{row_h - 8}" '
                   f'fill="{colour}"><title>{_(MEAN_TITLE).format(mean=r.mean, expected=r.expected, z=r.z, p=r.p)}</title></rect>')
        out.append(f'<text x="{width - right + 6}" y="{top + 12}">{_(MEAN_LABEL).format(mean=r.mean, expected=r.expected, p=r.p)}</text>')
    if not rows:
        out.append(f'<text x="{mid:.1f}" y="40" text-anchor="middle">{escape(_("no dice rolled"))}</text>')
    out.append("</svg>")
    return "\n".join(out)

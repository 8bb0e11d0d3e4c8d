"""A map's labels placed so that none hides another: each goes where its box overlaps no label, piece
or marker placed before it, trying the places around its point nearest first, then farther out with a
leader line. The boxes are measured as the text is set: a character `char` font sizes wide."""

from __future__ import annotations

import math
from html import escape

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in px


class Labels:
    """Text boxes placed so that no two overlap, nor a box a piece or marker blocked before; all within
    the `width` by `height` area (below `top`)."""

    def __init__(self, width: float, height: float, char: float = 0.56, top: float = 0.0):
        self.width, self.height, self.char, self.top = width, height, char, top
        self.taken: list[Box] = []
        self.out: list[str] = []

    def block(self, box: Box) -> None:
        self.taken.append(box)

    def text_box(self, text: str, x: float, y: float, size: float, anchor: str = "start") -> Box:
        """The box of `text` set at (x, y) (its baseline), `anchor` as SVG's text-anchor."""
        w = len(text) * size * self.char
        x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
        return x0, y - size * 0.8, x0 + w, y + size * 0.25

    def _free(self, box: Box) -> bool:
        x0, y0, x1, y1 = box
        if x0 < 1 or y0 < self.top + 1 or x1 > self.width - 1 or y1 > self.height - 1:
            return False
        return not any(x0 < b[2] and b[0] < x1 and y0 < b[3] and b[1] < y1 for b in self.taken)

    def place(self, text: str, at: tuple[float, float], near: float, size: float = 7.5, colour: str = "#111",
              style: str = "") -> None:
        """`text` next to the point `at` (px), at least `near` px from it; `style`: more SVG attributes."""
        w, h = len(text) * size * self.char + 2, size + 2
        for ring in range(40):
            reach = near + ring * size * 0.9
            for k in range(16 if ring else 8):
                ang = math.radians(90 + k * (360 / (16 if ring else 8)))
                cx, cy = at[0] + math.cos(ang) * (reach + w / 2 * abs(math.cos(ang))), \
                    at[1] - math.sin(ang) * (reach + h / 2 * abs(math.sin(ang)))
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                if self._free(box):
                    self.taken.append(box)
                    if ring > 1:
                        self.out.append(f'<line x1="{at[0]:.1f}" y1="{at[1]:.1f}" x2="{cx:.1f}" y2="{cy:.1f}" '
                                        'stroke="#888" stroke-width="0.5"/>')
                    self.out.append(f'<text x="{cx:.1f}" y="{cy + size * 0.35:.1f}" font-size="{size:g}" '
                                    f'text-anchor="middle" fill="{colour}"{style}>{escape(text)}</text>')
                    return
        raise ValueError(f"no room on the map for the label {text!r}")

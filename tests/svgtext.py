"""The boxes of a map's text, measured as our maps set text (font size times characters), to check
that no two labels of a map overlap: a label a player cannot read is a label he cannot write from."""

from __future__ import annotations

import re
from html import unescape

CHAR = 0.6  # the width of a character, in font sizes: a sans-serif's average
_TEXT = re.compile(r"<text\b([^>]*)>(.*?)</text>", re.S)
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')

Box = tuple[float, float, float, float]


def text_boxes(svg: str, default_size: float = 16.0) -> list[tuple[str, Box]]:
    """Each text element's words and box (x0, y0, x1, y1), from its x, y, font-size and text-anchor;
    a text inherits the font size of the svg element or of the group it is in only through
    `default_size` (our maps give every label its own)."""
    root = re.search(r"<svg\b[^>]*font-size=\"([\d.]+)\"", svg)
    default = float(root.group(1)) if root else default_size
    out = []
    for m in _TEXT.finditer(svg):
        attrs = dict(_ATTR.findall(m.group(1)))
        words = unescape(re.sub(r"<[^>]+>", "", m.group(2))).strip()
        if not words or "transform" in attrs:
            continue
        x, y = float(attrs.get("x", 0)), float(attrs.get("y", 0))
        size = float(attrs.get("font-size", default))
        width = len(words) * size * CHAR
        anchor = attrs.get("text-anchor", "start")
        x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
        out.append((words, (x0, y - size * 0.75, x0 + width, y + size * 0.2)))
    return out


def overlaps(boxes: list[tuple[str, Box]], slack: float = 0.5) -> list[tuple[str, str]]:
    """Every pair of labels whose boxes overlap by more than `slack` each way."""
    found = []
    for i, (a, p) in enumerate(boxes):
        for b, q in boxes[i + 1:]:
            if p[0] < q[2] - slack and q[0] < p[2] - slack and p[1] < q[3] - slack and q[1] < p[3] - slack:
                found.append((a, b))
    return found

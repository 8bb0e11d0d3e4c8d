"""A map as the file a player asked for: SVG as drawn, or PNG rendered from it.

PNG is rendered by resvg (the resvg-py wheel: a self-contained renderer, no browser and no system
library needed), imported only when a PNG is asked for."""

from __future__ import annotations

from pathlib import Path

from adjudicator.errors import BadInput
from adjudicator.i18n import _

FORMATS = (".svg", ".png")
PNG_ZOOM = 2  # a PNG is read on a screen or a phone, not zoomed like an SVG: hex numbers and ids stay legible


def encoded(svg: str, out: Path) -> bytes:
    """The bytes of the file `out` names: its extension says SVG or PNG; any other is refused."""
    kind = out.suffix.lower()
    if kind == ".svg":
        return svg.encode("utf-8")
    if kind == ".png":
        import resvg_py

        return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=PNG_ZOOM))
    raise BadInput(_("{out}: a map is written as .svg or .png, not {kind}").format(out=out, kind=kind) if kind
                   else _("{out}: a map is written as .svg or .png, not a file without an extension").format(out=out))

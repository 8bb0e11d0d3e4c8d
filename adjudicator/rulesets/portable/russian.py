"""`portable` in Russian (seed 002): the notation's Russian verbs and fixed words."""

from __future__ import annotations

from adjudicator.aliases import Aliases

SEEDS = ("002",)
SECTIONS: dict[str, str] = {}
SIDES: dict[str, str] = {}

ALIASES = Aliases(
    verbs={
        "bombard": "обстрел", "end artillery": "конец артиллерии", "move": "двигать", "fire": "огонь",
        "melee": "схватка", "occupy": "занять", "form": "построить", "face": "развернуть", "react": "реагировать",
        "standing order": "постоянный приказ", "end activation": "конец активации",
    },
    words={
        "at": "по", "with": "с", "square": "каре", "line": "линия",
        "north": "север", "east": "восток", "south": "юг", "west": "запад",
        "retreat": "отход", "lose": "потеря", "ask": "спрашивать",
    },
)

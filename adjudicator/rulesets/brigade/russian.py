"""`brigade` in Russian (seeds 003, 004): the notation's Russian verbs and fixed words (the brigade
orders among them)."""

from __future__ import annotations

from adjudicator.aliases import Aliases

SEEDS = ("003", "004")
SECTIONS: dict[str, str] = {}
SIDES: dict[str, str] = {}

ALIASES = Aliases(
    verbs={
        "roll skills": "бросок навыков", "roll initiative": "бросок инициативы", "take initiative": "взять инициативу",
        "give initiative": "отдать инициативу", "change order": "сменить приказ",
        "brigadier initiative": "инициатива бригадира", "automatic": "автоматически", "set order": "установить приказ",
        "done": "готово", "move": "двигать", "charge": "атака", "fire": "огонь", "roll": "бросок",
        "casualties": "потери", "status": "состояние", "brigade": "бригада", "general": "генерал",
        "control": "контроль", "objective taken": "цель взята",
    },
    words={
        # the brigade orders (§5.5): Атака, Вступить в бой, Поддержка, Марш, Оборона, Отход
        "attack": "атака", "engage": "бой", "support": "поддержка", "move": "марш", "hold": "оборона",
        "withdraw": "отход", "left": "левый", "right": "правый", "rear": "тыл",
        "to": "на", "at": "по", "for": "для", "from": "от", "by": "силами", "cinc": "главнокомандующего",
        "counter": "встречная", "opportunity": "попутная", "because": "потому-что",
        "formed": "строй", "disordered": "расстроен", "wavering": "колеблется", "retreating": "отступает",
        "routed": "бежит", "pursuing": "преследует", "dispersed": "рассеян", "removed": "снят",
        "steady": "стойкая", "broken": "сломлена", "mass-panic": "паника",
        "present": "в-строю", "wounded": "ранен", "lost": "потерян", "none": "никто",
    },
)

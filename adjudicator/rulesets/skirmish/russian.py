"""`skirmish` in Russian (seed 001): the notation's Russian verbs and fixed words."""

from __future__ import annotations

from adjudicator.aliases import Aliases

SEEDS = ("001",)
SECTIONS: dict[str, str] = {}  # the rules cite seed 001's sections by their (English) names: not yet in Russian

SIDES = {"british": "британцы", "zulus": "зулусы", "prussians": "пруссаки", "french": "французы"}

PURPOSES = {
    "damage {figure} (shot by {by})": "урон {figure} (стрелял {by})",
    "shoot {units} at {target}": "стрельба {units} по {target}",
    "melee {figure} (base)": "рукопашная {figure} (база)",
    "melee {figure} (base): melee weapon": "рукопашная {figure} (база): холодное оружие",
    "melee {figure} (+{n} impulsive)": "рукопашная {figure} (+{n} порыв)",
    "melee {figure} (+{n} impulsive): melee weapon": "рукопашная {figure} (+{n} порыв): холодное оружие",
    "initiative {command} {side}": "инициатива {command} {side}",
    "initiative {side}": "инициатива {side}",
    "morale {figure}": "мораль {figure}",
}

ALIASES = Aliases(
    verbs={
        "deploy": "расставить", "ambush": "засада", "end deployment": "конец расстановки", "place": "поставить",
        "roll initiative": "бросок инициативы", "reroll": "перебросить", "keep": "оставить", "distribute": "распределить",
        "form": "сформировать", "activate": "активировать", "move": "двигать", "charge": "атака", "shoot": "стрелять",
        "fire": "огонь", "aim": "целиться", "reload": "зарядить", "recover": "оправиться", "spot": "заметить",
        "enter": "войти", "leave": "выйти", "move inside": "двигать внутри", "order": "порядок",
        "fix bayonets": "примкнуть штыки", "turn": "повернуть", "react": "реагировать", "evade": "уклониться",
        "stand": "стоять", "hits": "попадания", "melee": "схватка", "skip": "пропустить",
        "end actions": "конец действий", "standing": "постоянно",
    },
    words={
        "at": "по", "facing": "лицом", "under": "под", "with": "из", "close": "сомкнутый", "loose": "рассыпной",
        "line": "линия", "column": "колонна", "and": "и", "reloading": "перезаряжая", "through": "сквозь",
        "suppressed": "подавленных", "ordered": "приказ", "by": "от", "ball": "ядро", "canister": "картечь",
        "hidden": "скрытно", "to": "к", "after": "после", "pass": "передать", "vs": "против", "occupy": "занять",
        "all": "все", "within": "ближе", "chargers": "атакующих", "never": "никогда", "always": "всегда",
        "below": "ниже", "auto": "сам", "ask": "спрашивать", "inside": "внутри", "bayonets": "штыки",
        "shoot": "стрельба", "aim": "прицел", "reload": "заряжание", "recover": "восстановление", "spot": "обнаружение",
        "enter": "вход", "leave": "выход", "charge": "атака", "move": "движение", "order": "порядок",
        "fire": "огонь", "evade": "уклонение", "reroll": "переброс", "hits": "попадания",
        "north": "север", "south": "юг", "east": "восток", "west": "запад", "north-east": "северо-восток",
        "north-west": "северо-запад", "south-east": "юго-восток", "south-west": "юго-запад",
        "n": "с", "s": "ю", "e": "в", "w": "з", "ne": "св", "nw": "сз", "se": "юв", "sw": "юз",
    },
)

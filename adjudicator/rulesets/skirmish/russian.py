"""`skirmish` in Russian (seed 001): the notation's Russian verbs and fixed words."""

from __future__ import annotations

from adjudicator.aliases import Aliases

SEEDS = ("001",)
SECTIONS: dict[str, str] = {}

PHASES = {"deployment": "расстановка", "initiative": "инициатива", "activation": "активация", "over": "игра окончена"}

# The results the rules write into the state (victory.py), as a Russian reader is shown them
RESULTS = {
    "{winner} wins: {loser} is routed": "побеждают {winner}: {loser} обращены в бегство",
    "draw: both armies are routed": "ничья: обе армии обращены в бегство",
    "{winner} wins: both rout, {loser} the worse": "побеждают {winner}: бегут обе армии, {loser} — хуже",
    "draw: the last turn has ended": "ничья: последний тур окончен",
}

# words of the rules that are no words of the notation, as a report line shows them
TERMS = {"turn": "поворот"}  # the rules cite seed 001's sections by their (English) names: not yet in Russian

SIDES = {"british": "британцы", "zulus": "зулусы", "prussians": "пруссаки", "french": "французы"}

# the first that matches is taken: the longer forms of a purpose come before the shorter
PURPOSES = {
    "damage again {figure} (veterans)": "урон заново {figure} (ветераны)",
    "damage {figure} (shot by {by})": "урон {figure} (стрелял {by})",
    "damage {figure} ({gun}'s ammunition)": "урон {figure} (боеприпасы {gun})",
    "5s again, {target} in cover": "пятёрки заново, {target} в укрытии",
    "sniper re-rolls 1s at {target}": "снайпер перебрасывает единицы по {target}",
    "melee {figure} (base): ferocious 1s": "рукопашная {figure} (база): яростные, единицы заново",
    "melee {figure} (base): 6s again for ferocious {foe}": "рукопашная {figure} (база): шестёрки заново против яростного {foe}",
    "melee {figure} (+1 pair)": "рукопашная {figure} (+1 пара)",
    "melee {figure} (-1 suppressed)": "рукопашная {figure} (-1 подавлен)",
    "melee {figure} (+{n} cavalry)": "рукопашная {figure} (+{n} кавалерия)",
    "shoot {units} at {target}": "стрельба {units} по {target}",
    "melee {figure} (base)": "рукопашная {figure} (база)",
    "melee {figure} (base): melee weapon": "рукопашная {figure} (база): холодное оружие",
    "melee {figure} (+{n} impulsive)": "рукопашная {figure} (+{n} порыв)",
    "melee {figure} (+{n} impulsive): melee weapon": "рукопашная {figure} (+{n} порыв): холодное оружие",
    "initiative re-roll {command}": "переброс инициативы {command}",
    "initiative tie {command}": "инициатива заново при ничьей {command}",
    "initiative {command} {side}": "инициатива {command} {side}",
    "initiative {side}": "инициатива {side}",
    "morale again {figure} (fortified position)": "мораль заново {figure} (укреплённая позиция)",
    "morale again {figure} (higher C)": "мораль заново {figure} (выше Б)",
    "morale again {figure} (Guard/Elite)": "мораль заново {figure} (Гвардия/Элита)",
    "morale again {figure} (standard {standard})": "мораль заново {figure} (знамя {standard})",
    "morale again {figure} (most defenders inside the perimeter (Scenario 4))":
        "мораль заново {figure} (большинство защитников внутри периметра (Сценарий 4))",
    "morale {figure}": "мораль {figure}",
    "reaction test again {unit} (aimed)": "проверка реакции заново {unit} (прицеливался)",
    "reaction test {unit}": "проверка реакции {unit}",
    "spot again {marker} by {unit} (scouts)": "обнаружение заново {marker}, ищет {unit} (разведчики)",
    "spot {marker} by {unit}": "обнаружение {marker}, ищет {unit}",
    "save {figure} (gunfire)": "спасбросок {figure} (артиллерийский огонь)",
    "save gun {gun}": "спасбросок орудия {gun}",
    "save ammunition {gun}": "спасбросок боеприпасов {gun}",
    "save {figure}": "спасбросок {figure}",
    "horse or rider {figure}": "лошадь или всадник {figure}",
    "capable {figure}": "Способный {figure}",
    "evade {figure}": "уклонение {figure}",
    "flee {figure}": "бегство {figure}",
    "ball strip {gun}": "полоса ядра {gun}",
    "ball {gun} at {target}": "ядро {gun} по {target}",
    "manhandle {gun}": "орудие вручную {gun}",
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

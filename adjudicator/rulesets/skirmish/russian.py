"""`skirmish` in Russian (seed 001): the notation's Russian verbs and fixed words."""

from __future__ import annotations

from adjudicator.aliases import Aliases

SEEDS = ("001",)
SECTIONS: dict[str, str] = {}  # seed 001's sections have no numbers: they are cited by heading (CITATIONS)

# The rules cite seed 001 by its headings (codes.py); a Russian reader gets the rule text's own heading,
# a subheading after its section («Артиллерия»: «Расчет»)
CITATIONS = {
    "seed 001 §Scale and measurement": "«Масштаб и измерения»",
    "seed 001 §Fighters and groups": "«Бойцы и группы»",
    "seed 001 §Groups and formations": "«Бойцы и группы»: «Группы и Формации»",
    "seed 001 §Close and loose order": "«Бойцы и группы»: «Плотный и Рассыпной строй»",
    "seed 001 §Characteristics": "«Характеристики бойцов»",
    "seed 001 §Initiative": "«Инициатива»",
    "seed 001 §Actions and Action Points": "«Действия и очки действий (ОД)»",
    "seed 001 §Movement in buildings": "«Движение»: «Перемещения в зданиях»",
    "seed 001 §Movement": "«Движение»",
    "seed 001 §Crossing obstacles": "«Движение»: «Пересечение препятствий»",
    "seed 001 §Shooting modifiers": "«Стрельба»: «Модификаторы при стрельбе»",
    "seed 001 §Shooting": "«Стрельба»",
    "seed 001 §How to shoot": "«Стрельба»: «Как стрелять-то?»",
    "seed 001 §Group fire (volley)": "«Стрельба»: «Групповая стрельба (залп)»",
    "seed 001 §Fire in the enemy's turn": "«Стрельба»: «Стрельба в ход противника»",
    "seed 001 §Damage test": "«Стрельба»: «Тест на повреждения»",
    "seed 001 §Suppressed fighters": "«Стрельба»: «Подавленные бойцы»",
    "seed 001 §Visibility and spotting": "«Видимость и обнаружение»",
    "seed 001 §Ambushes": "«Видимость и обнаружение»: «Засады»",
    "seed 001 §Aiming": "«Прицеливание»",
    "seed 001 §Reloading": "«Перезарядка оружия»",
    "seed 001 §Melee": "«Рукопашный бой»",
    "seed 001 §Attack by a group": "«Рукопашный бой»: «Атака группой»",
    "seed 001 §Special rules: Officer": "«Специальные правила»: «Офицер»",
    "seed 001 §Special rules: Leader": "«Специальные правила»: «Лидер»",
    "seed 001 §Special rules: Sergeant": "«Специальные правила»: «Сержант»",
    "seed 001 §Special rules: Senior Officer": "«Специальные правила»: «Старший Офицер»",
    "seed 001 §Special rules: Sniper": "«Специальные правила»: «Снайпер»",
    "seed 001 §Special rules: Fanatics": "«Специальные правила»: «Фанатики»",
    "seed 001 §Special rules: Hero": "«Специальные правила»: «Герой»",
    "seed 001 §Special rules: *Cavalry lance": "«Специальные правила»: «*Кавалерийская пика»",
    "seed 001 §Special rules: *Agitators": "«Специальные правила»: «*Агитаторы»",
    "seed 001 §Special rules: *Bayonets": "«Специальные правила»: «*Штыки»",
    "seed 001 §Special rules": "«Специальные правила»",
    "seed 001 §Appendix I: formats": "«Дополнение I. Подготовка к сражению»: «Маленький формат», «Средний формат», «Большой формат»",
    "seed 001 §Appendix I: deployment before the battle": "«Дополнение I. Подготовка к сражению»: «Расстановка перед боем»",
    "seed 001 §Scenario 1: Key point": "«Сценарий 1. Ключевая точка»",
    "seed 001 §Scenario 4: Assault": "«Сценарий 4. Штурм»",
    "seed 001 §Artillery: crew": "«Артиллерия»: «Расчет»",
    "seed 001 §Artillery: ammunition": "«Артиллерия»: «Амуниция»",
    "seed 001 §Artillery": "«Артиллерия»",
    "seed 001 §Light cannon": "«Артиллерия»: «Легкая пушка»",
    "seed 001 §Firing ball": "«Легкая пушка»: «Стрельба ядрами»",
    "seed 001 §Canister": "«Легкая пушка»: «Картечь»",
    "seed 001 §Counter-battery fire": "«Легкая пушка»: «Контрбатарейная стрельба»",
    "ours: army Morale Points (tables.toml [morale_points], ruling S30)": "наше: Очки Морали армии (tables.toml [morale_points], разъяснение S30)",
    "ours: the sequence of a turn (rulings S1, S2)": "наше: порядок тура (разъяснения S1, S2)",
    "ours: standing orders, decisions given in advance (ruling S46)": "наше: постоянные приказы, решения, данные заранее (разъяснение S46)",
}

# The game's and the battles' titles for a Russian reader (`rulesets`, `help`, the report page)
TITLE = "игра-стычка 1:1 эпохи конницы и мушкета, seed 001"
SCENARIOS = {"assault": "Штурм: зулусы против британского поста, 1879 (seed 001, сценарий 4; войска наши)",
             "key-point": "Ключевая точка: зуавы против пруссаков, 1870 (seed 001, сценарий 1; войска наши)"}

PHASES = {"deployment": "расстановка", "initiative": "инициатива", "activation": "активация", "over": "игра окончена"}

# The results the rules write into the state (victory.py), as a Russian reader is shown them
RESULTS = {
    "{winner} wins: {loser} is routed": "побеждают {winner}: {loser} обращены в бегство",
    "draw: both armies are routed": "ничья: обе армии обращены в бегство",
    "{winner} wins: both rout, {loser} the worse": "побеждают {winner}: бегут обе армии, {loser} — хуже",
    "draw: the last turn has ended": "ничья: последний тур окончен",
}

# words of the rules that are no words of the notation, as a report line shows them
TERMS = {"turn": "поворот"}

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
        # the last of an activation's actions (`activate gun-1 turn`), a gun's
        "turn": "поворот",
    },
    # the placeholders of the notation's forms (help, usage errors); UNIT (ОТРЯД: a figure or a group), TARGET
    # and KIND are the engine's. F is a facing, CM a distance; X,Y stay as the rules' own coordinates
    names={
        "FIGURE": "БОЕЦ", "MARKER": "МАРКЕР", "GROUP": "ГРУППА", "LEADER": "ЛИДЕР", "GUN": "ОРУДИЕ",
        "OFFICER": "ОФИЦЕР", "COMMAND": "КОМАНДОВАНИЕ", "BUILDING": "ЗДАНИЕ", "COMRADE": "ТОВАРИЩ",
        "ATTACKER": "АТАКУЮЩИЙ", "DEFENDER": "ЗАЩИТНИК", "SECOND": "ВТОРАЯ-ЦЕЛЬ", "ACTION": "ДЕЙСТВИЕ",
        "CM": "СМ", "FACE": "ГРАНЬ", "N": "ЧИСЛО", "F": "НАПРАВЛЕНИЕ",
    },
)

# What `rulesets` and `tables` show of the ruleset's own data, for a Russian reader: where its rules
# come from, and where each shipped table comes from (by the table's name)
SOURCE = "текст 001 (название неизвестно); английский конспект — seed-systems §3; наши разъяснения — RULINGS.md"
TABLES = {
    "bases": "наша: текст меряет от края подставки («Все измерения идут от края подставки», «Масштаб и измерения»), "
             "но размеров подставок не даёт; круглые подставки этих диаметров",
    "groups": "«Бойцы и группы»; «Плотный и Рассыпной строй»",
    "formations": "«Группы и Формации»: колонна не шире 2 фигур и длиннее, чем шире; линия шире, чем длиннее, "
                  "от 1 до 3 шеренг",
    "actions": "«Действия и очки действий (ОД)»: не больше 3 действий за активацию; «Перемещения в зданиях»: "
               "1 ОД войти или выйти, 2 ОД внутри, какова бы ни была СД",
    "movement": "«Движение»: первое / второе или третье перемещение за активацию (см); «Плотный и Рассыпной "
                "строй»: быстрая толпа — 12 см за каждое",
    "initiative": "«Инициатива»; «Специальные правила»: Офицер, Старший Офицер (Упрямый, Способный)",
    "shooting": "«Стрельба»: как стрелять; модификаторы; групповая стрельба (залп); лидеры в плотном строю",
    "running_target": "наша: текст говорит о штрафе за стрельбу по бежавшей цели (три перемещения, «Движение»; "
                      "«Стрельба в ход противника»), но значения не даёт",
    "cover_fives": "наша, прочитано из «Прицеливание» «не обязан перебрасывать «5» при стрельбе по врагу в "
                   "укрытии»: при стрельбе по цели в укрытии без прицеливания каждая 5 перебрасывается один раз "
                   "(разъяснение S12)",
    "saves": "наша: текст даёт спасбросок лидерам и особым фигурам («Стрельба») и снайперам («Специальные правила»), "
             "но без значения; к6 не меньше него",
    "reaction": "«Стрельба в ход противника»: выбросить больше последней цифры СД (к6, как показывает прусский "
                "пример: СД 1/2/3 требует 4+)",
    "damage": "«Тест на повреждения»",
    "recovery": "«Подавленные бойцы»",
    "visibility": "«Стрельба» (секторы); «Видимость и обнаружение»",
    "ambush": "«Засады»",
    "ambush_reveal": "наша: текст не говорит, где стоят фигуры раскрытого маркера; в пределах этого расстояния от "
                     "маркера (разъяснение S17)",
    "melee": "«Рукопашный бой»; «Специальные правила»: кавалерия, порыв, пика, холодное оружие, ярость, "
             "ветераны",
    "morale": "«Атака группой»: к6 меньше Б; бегство и уклонение 15+к6 см",
    "formats": "«Дополнение I»: маленький, средний и большой формат (очки; таблицы в см для 28 мм)",
    "deployment": "«Дополнение I»: расстановка перед боем",
    "special_points": "«Специальные правила»: Выдающийся +5, Упрямый +30, Способный +40, Герой +40, "
                      "*кавалерийская пика +3",
    "extra_points": "наша: текст не оценивает знамя, музыканта и агитатора",
    "weapons": "наша, для 1870 и 1879, записано так, как «Характеристики бойцов» записывает оружие "
               "(дальность эффективного огня, см / действий на перезарядку); из текста только дульнозарядная "
               "винтовка (30/2)",
    "profiles": "наша: в тексте нет профилей войск и очков (seed-systems §3.3); СД, Б, оружие, специальные правила и "
                "очки наши для зуавов и пруссаков (1870), британцев и зулусов (1879)",
    "roles": "«Специальные правила»: лидер (сержант, офицер, старший офицер), знамя, музыкант, герой, *вождь, "
             "*шаман; «Лёгкая пушка»: расчёт",
    "terrain": "наша: какая местность труднопроходима или закрывает обзор; укрытия — по «Тест на "
               "повреждения» (лёгкое: изгородь, забор, разбросанные камни; тяжёлое: каменная стена, дом, лес), "
               "препятствия — по «Пересечение препятствий»",
    "artillery": "«Артиллерия»: расчёт, амуниция, лёгкая пушка, ядро, картечь, контрбатарейная стрельба",
    "crew_profile": "наша: текст даёт расчёту СД («Расчет»), но не Б; артиллеристы сражаются так",
    "morale_points": "наша: Очков Морали армии и бегства армии в тексте нет (seed-systems §3.3); из текста только вождь "
                     "и шаман (5), ключевая точка (10 или 20) и периметр (+20, -1 за каждого вошедшего)",
    "key_point": "«Сценарий 1. Ключевая точка»",
    "assault": "«Сценарий 4. Штурм»",
}

# `replay`'s lines for a Russian reader: the state's members (FIELDS) and the words its values are
# made of (VALUES); ids, positions and numbers are shown as they are
FIELDS = {
    "scenario": "сценарий", "title": "название", "commands": "командования", "figures": "бойцы",
    "groups": "группы", "markers": "маркеры", "command": "командование", "company": "рота", "kind": "профиль",
    "arm": "род", "x": "x", "y": "y", "facing": "направление", "c": "Б", "weapon": "оружие", "role": "роль",
    "group": "группа", "status": "состояние", "loaded": "заряжено", "reloading": "перезарядка", "ap": "ОД",
    "leader": "лидер", "order": "строй", "formation": "формация",
}
VALUES = {
    "foot": "пеший", "horse": "конный", "sergeant": "сержант", "officer": "офицер", "musician": "музыкант",
    "standard": "знамя", "chief": "вождь", "ok": "в строю", "out": "выбыл", "suppressed": "подавлен",
    "fled": "бежал", "reserve": "в резерве", "revealed": "раскрыт", "hidden": "скрыт", "spotted": "обнаружен",
    "opened": "открыт", "close": "плотный", "loose": "рассыпной", "line": "линия", "column": "колонна",
    "destroyed": "уничтожено", "ball": "ядро", "canister": "картечь", "hero": "герой", "shaman": "шаман",
    "agitator": "агитатор",
}

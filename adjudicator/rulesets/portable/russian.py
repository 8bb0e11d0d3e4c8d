"""`portable` in Russian (seed 002, «Портативный варгейм: винтовка и гатлинг»): the headings a
citation names, the notation's Russian verbs and fixed words, the sides', the rolls' and the rules'
own words as the Russian text gives them. Read only when a post holds a Russian word or the output
is Russian."""

from __future__ import annotations

from adjudicator.aliases import Aliases

SEEDS = ("002",)
SECTIONS: dict[str, str] = {}  # the text numbers no section: its rules are cited by their headings

# The headings of seed 002 as codes.py cites them (in English), as the Russian text writes them
CITATIONS = {
    "seed 002 Hit reaction: infantry in line attacked by cavalry": "«Правила реакции на попадания»: пехота в линии, атакованная кавалерией",
    "seed 002 Commander in the hit unit's square": "«Если на клетке с отрядом стоит командир»",
    "seed 002 Special rules: Horse artillery": "«Особые правила»: «Конная артиллерия»",
    "seed 002 Special rules: Trenches": "«Особые правила»: «Окопы»",
    "seed 002 Special rules: Village": "«Особые правила»: «Деревня»",
    "seed 002 Special rules: Rivers": "«Особые правила»: «Реки»",
    "seed 002 Special rules: Woods": "«Особые правила»: «Леса»",
    "seed 002 Special rules: Hills": "«Особые правила»: «Холмы»",
    "seed 002 Special rules: Road": "«Особые правила»: «Дорога»",
    "seed 002 Strength Points": "«Очки силы»",
    "seed 002 Exhaustion Point": "«Точка истощения»",
    "seed 002 Turn sequence": "«Процедура хода»",
    "seed 002 Hit reaction": "«Правила реакции на попадания»",
    "seed 002 Unit types": "«Типы отрядов»",
    "artillery fire, provisional (tables.toml [artillery_fire])": "огонь артиллерии, временная таблица (tables.toml [artillery_fire])",
    "small-arms fire, provisional (tables.toml [small_arms_fire])": "стрелковый огонь, временная таблица (tables.toml [small_arms_fire])",
    "close combat, provisional (tables.toml [close_combat])": "рукопашная, временная таблица (tables.toml [close_combat])",
    "movement, rulings R2 R4 (RULINGS.md)": "движение, разъяснения R2 R4 (RULINGS.md)",
    "the scenario file": "файл сценария",
}

SIDES = {"egypt": "Египет", "mahdi": "махдисты", "prussia": "Пруссия", "austria": "Австрия"}

PHASES = {"artillery": "фаза артиллерии", "activation": "активация", "hit": "выбор после попадания", "over": "игра окончена"}

PURPOSES = {
    "artillery {gun} at {target}": "артиллерия {gun} по {target}",
    "fire {unit} at {target}": "огонь {unit} по {target}",
    "melee {unit} attacks {target}": "рукопашная: {unit} атакует {target}",
    "melee {unit} defends": "рукопашная: {unit} обороняется",
    "hit reaction {unit}": "реакция на попадание {unit}",
    "commander {commander} with hit {unit}": "командир {commander} при попадании по {unit}",
    "infantry in line {unit} charged by cavalry": "пехота в линии {unit} атакована кавалерией",
    "initiative {side}": "инициатива {side}",
}

# The rules' own words that are no words of the notation: the unit classes (seed 002: Отличный,
# Обычный, Плохой), the arms, and the unit types of its table
TERMS = {
    "elite": "отличный", "average": "обычный", "poor": "плохой",
    "infantry": "пехота", "cavalry": "кавалерия", "mg": "пулемёт", "artillery": "артиллерия", "transport": "транспорт",
    "commander": "командир",
    "Infantry with rifles": "Пехота с винтовками", "Infantry with muskets": "Пехота с мушкетами",
    "Infantry with spears, swords etc.": "Пехота с копьями, мечами и т. п.",
    "Cavalry with rifled carbines": "Кавалерия с нарезными карабинами",
    "Cavalry with smoothbore carbines": "Кавалерия с гладкоствольными карабинами",
    "Cavalry with lances, sabres etc.": "Кавалерия с пиками, саблями и т. п.", "Machine gun": "Пулемёт",
    "Rifled heavy artillery": "Нарезная тяжёлая артиллерия", "Smoothbore heavy artillery": "Гладкоствольная тяжёлая артиллерия",
    "Rifled medium artillery": "Нарезная средняя артиллерия", "Smoothbore medium artillery": "Гладкоствольная средняя артиллерия",
    "Rifled field artillery": "Нарезная полевая артиллерия", "Smoothbore field artillery": "Гладкоствольная полевая артиллерия",
    "Rifled mountain artillery": "Нарезная горная артиллерия", "Smoothbore mountain artillery": "Гладкоствольная горная артиллерия",
    "Transport": "Транспорт", "Commander": "Командир",
}

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
        # the second choice of `react UNIT retreat [SQUARE] | react UNIT lose`, as its form writes it
        "react": "реагировать",
    },
    # the placeholders of the notation's forms (help, usage errors): a square is the text's «клетка»,
    # a Transport its «Транспорт»
    names={"SQUARE": "КЛЕТКА", "GUN": "ОРУДИЕ", "TRANSPORT": "ТРАНСПОРТ"},
)

# The game's and the battles' titles for a Russian reader (`rulesets`, `help`, the report page)
TITLE = "Портативный варгейм: винтовка и гатлинг, 1860-1900 (Боб Кордери)"
SCENARIOS = {"bohemia": "Богемский перекрёсток, 1866: пруссаки против австрийцев (наш)",
             "mahdist": "Махдисты окружают египетскую колонну (наш)"}

# The result the rules write into the state (turn.py, ruling R9), as a Russian reader is shown it: why
# the battle ended, who holds the field, each army's losses (its parts are matched in their turn; a
# longer form comes before the shorter one it would also match)
RESULTS = {
    "{why}: {outcome}; {losses}": "{why}: {outcome}; {losses}",
    "{first}; {second}": "{first}; {second}",
    "both armies exhausted after turn {turn}": "обе армии истощены после хода {turn}",
    "{army} ({side}) has no units left after turn {turn}": "у армии {army} ({side}) не осталось отрядов после хода {turn}",
    "the scenario's {turns} turns are played (R9)": "все {turns} ходов сценария сыграны (R9)",
    "{army} ({side}) holds the field": "поле боя за армией {army} ({side})",
    "drawn": "ничья",
    "{army} lost {lost} SP (EP {ep}, exhausted)": "{army}: потеряно {lost} ОС (ТИ {ep}, истощена)",
    "{army} lost {lost} SP (EP {ep})": "{army}: потеряно {lost} ОС (ТИ {ep})",
}

# What `rulesets` and `tables` show of the ruleset's own data, for a Russian reader: where its rules
# come from, its options, and where each shipped table comes from (by the table's name)
SOURCE = ("текст 002 (русский текст «Портативного варгейма» Боба Кордери); недостающие процедуры — временные, "
          "см. tables.toml")
OPTIONS = {
    "half-exhaustion": "Точка истощения = половина начальных ОС армии с округлением вверх (редакция Кордери, ноябрь "
                       "2014) вместо трети из текста",
    "class-sp": "Элитные отряды +1 ОС, плохие -1 ОС (пример договорной поправки из текста)",
}
TABLES = {
    "units": "«Типы отрядов»: очки силы, движение и дальность атаки в клетках",
    "class_sp": "«Очки силы»: «по договорённости ... Элита +1, Плохие -1»; с опцией class-sp",
    "hit_reaction": "«Правила реакции на попадания»: к6 по классу; выше числа владелец отступает на 1 клетку "
                    "или теряет 1 ОС",
    "cavalry_vs_line": "вторая таблица попаданий (пехота в линии, атакованная кавалерией): к6 по классу; "
                       "выше числа -1 ОС и сразу строится каре",
    "commander_hit": "«Если на клетке с отрядом стоит командир»: 2к6",
    "exhaustion": "«Точка истощения»: начальные ОС армии / 3 с округлением вверх; опция half-exhaustion — "
                  "колониальная редакция ноября 2014, ОС / 2 с округлением вверх "
                  "(wargamingmiscellany.blogspot.com/2014/11/making-them-pay-play-test-of-revised.html)",
    "initiative": "«Процедура хода», п. 2: оба бросают к6, больший ходит первым; при равенстве бросают снова "
                  "(разъяснение R7)",
    "terrain": "«Особые правила»: дорога, деревня, леса, реки, окопы, холмы, конная артиллерия",
    "horse_artillery": "наша: текст говорит только, что конная артиллерия в ход, когда стреляла, движется на 1 клетку, "
                       "значит, полный ход у неё больше; 2 клетки — наше значение",
    "small_arms_fire": "в тексте нет; значения книжной версии из стороннего конспекта «Notes on Bob Cordery's The "
                       "Portable Wargame» (T. Farrington, 2023), см. seed-systems.md §4.4",
    "artillery_fire": "в тексте нет; дальности по прямым, сектор 90 градусов вперёд, можно стрелять через отряды "
                      "(PW19C-Squared, scribd 465349096); значения к6 из конспекта книжной версии (T. Farrington, "
                      "2023), см. seed-systems.md §4.4",
    "close_combat": "в тексте нет; обе стороны бросают одновременно (черновик ноября 2014, "
                    "wargamingmiscellany.blogspot.com/2014/11/changes-to-latest-draft-of-portable.html); значения к6 из "
                    "конспекта книжной версии (T. Farrington, 2023); штрафы за подъём, реку и окопы — из особых правил текста",
}

# `replay`'s lines for a Russian reader: the state's members (FIELDS) and the words its values are
# made of (VALUES); ids, squares and numbers are shown as they are
FIELDS = {
    "scenario": "сценарий", "title": "название", "width": "ширина", "height": "высота", "max_turns": "ходов",
    "moved": "прошёл клеток", "units": "отряды", "kind": "тип", "arm": "род войск", "cls": "класс",
    "square": "клетка", "sp": "ОС", "name": "имя", "formation": "строй", "facing": "фронт",
    "horse": "конная", "village_turns": "ходов в деревне",
}
VALUES = {
    "infantry": "пехота", "cavalry": "кавалерия", "artillery": "артиллерия", "commander": "командир",
    "transport": "обоз", "elite": "элита", "average": "средний", "poor": "плохой", "line": "линия", "square": "каре",
    "n": "С", "e": "В", "s": "Ю", "w": "З",
    "rifle_infantry": "пехота с винтовками", "spear_infantry": "пехота с копьями", "lance_cavalry": "кавалерия с пиками",
    "smoothbore_cavalry": "кавалерия с гладкостволками", "rifled_field": "нарезная полевая пушка",
    "rifled_heavy": "нарезная тяжёлая пушка", "rifled_mountain": "нарезная горная пушка",
}

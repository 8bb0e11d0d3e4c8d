"""`brigade` in Russian (seeds 003, 004): the notation's Russian verbs and fixed words (the brigade
orders among them)."""

from __future__ import annotations

import re

from adjudicator.aliases import Aliases

SEEDS = ("003", "004")

# The titles of seeds 003 (chapters IV-V) and 004 (chapter XV) as the texts give them
SECTIONS = {
    "4": "Последовательность хода", "4.1": "Фаза Инициативы", "4.2": "Командование", "4.3": "Обязательные передвижения",
    "4.4": "Объявление атак и их отыгрыш", "4.5": "Фаза Передвижения", "4.6": "Фаза Стрельбы",
    "4.7": "Фаза Рукопашной Схватки", "4.8": "Проверка Морали",
    "5.1": "Роль Главнокомандующего", "5.2": "Навыки Главнокомандующего", "5.3": "Роль Бригадного Генерала",
    "5.4": "Командный радиус", "5.5": "Приказы Бригадам", "5.6": "Атака", "5.7": "Соприкосновение", "5.8": "Поддержка",
    "5.9": "Движение", "5.10": "Удерживать Позиции", "5.11": "Отступление", "5.12": "Смена приказа Бригады",
    "15.1": "Определение точки Опрокидывания или «Колебания» Армии", "15.2": "Таблица стоимости подразделений",
    "15.3": "В какой момент Армия проходит Тест на Поражение?", "15.4": "Модификаторы, применяемы при прохождении Теста на Поражение",
    "15.5": "Результаты прохождения Теста на Поражение", "15.6": "Автоматическое поражение",
}

SIDES = {"british": "британцы", "french": "французы"}

# The result the rules write into the state (army.py, apply.py), as a Russian reader is shown it. The
# defeat test's modifiers follow its roll with no word between: patterns say where each ends, and a
# modifier's label is a message of the catalogue (its count, `x3`, after it)
RESULTS = {
    re.compile(r"(?P<army>.+?) defeated: Army Defeat Test (?P<rolled>\d+)(?P<mods>(?: [-+]\d+ \([^()]+\))*) = "
               r"(?P<total>-?\d+), 5 or less \((?P<rule>[^()]+)\); the army leaves the field$"):
        "{army} разбита: тест армии на поражение {rolled}{mods} = {total}, 5 или меньше ({rule}); армия покидает поле",
    re.compile(r" (?P<value>[-+]\d+) \((?P<label>[^()]+)\)(?P<rest>.*)$"): " {value} ({label}){rest}",
    re.compile(r"(?P<label>.+) x(?P<count>\d+)$"): "{label} x{count}",
    "{army} defeated automatically: the army lost {lost} of {points} points, 75 % or more ({rule})":
        "{army} разбита автоматически: армия потеряла {lost} из {points} очков, 75 % или больше ({rule})",
    "the scenario's {turns} turns are played and no army was defeated: the battle is undecided (scenario rule, ours)":
        "все {turns} ходов сценария сыграны, и ни одна армия не разбита: сражение не решено (правило сценария, наше)",
    "ended by the referee: {result}": "игра окончена судьёй: {result}",
}

# The steps of the turn (§4.1-§4.8) as the text names them
PHASES = {"initiative": "инициатива", "command": "командование", "compulsory": "обязательные передвижения",
          "charges": "объявление атак", "charge-results": "отыгрыш атак", "movement": "передвижение",
          "firing": "стрельба", "fire-results": "результаты стрельбы", "melee": "рукопашная", "morale": "мораль",
          "setup": "подготовка", "skills": "навыки", "orders": "приказы", "orders-reveal": "вскрытие приказов",
          "over": "игра окончена"}

PURPOSES = {
    "initiative ({side})": "инициатива ({side})",
    "fire {unit} at {target} (provisional dice)": "огонь {unit} по {target} (временные кости)",
    "order change {brigade} to {order}": "смена приказа {brigade} на {order}",
    "brigadier's initiative {brigade} to {order}": "инициатива бригадира {brigade} на {order}",
    "army defeat test ({side})": "тест армии на поражение ({side})",
}

# The rules' own words that are no words of the notation: nationalities, skills (§5.2), the purposes'
# orders
TERMS = {"british": "британский", "french": "французский", "inept": "неумелый", "gifted": "одарённый",
         "engage": "соприкосновение"}

ALIASES = Aliases(
    verbs={
        "roll skills": "бросок навыков", "roll initiative": "бросок инициативы", "take initiative": "взять инициативу",
        "give initiative": "отдать инициативу", "change order": "сменить приказ",
        "brigadier initiative": "инициатива бригадира", "automatic": "автоматически", "set order": "установить приказ",
        "done": "готово", "move": "двигать", "charge": "атака", "fire": "огонь", "roll": "бросок",
        "casualties": "потери", "status": "состояние", "brigade": "бригада", "general": "генерал",
        "control": "контроль", "objective taken": "цель взята", "standing": "постоянно",
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
        # standing orders (R32): kinds and modes
        "initiative-roll": "бросок-инициативы", "initiative": "инициатива", "command": "командование",
        "compulsory": "обязательное", "counter-charge": "встречная-атака", "fire": "огонь",
        "ask": "спрашивать", "auto": "сам", "take": "взять", "give": "отдать", "pass": "пропуск", "always": "всегда",
        "never": "никогда",
        # the automatic options (§5.6, §5.8) `automatic ... because REASON` names
        "repulsed": "отбита", "cavalry-threat": "угроза-кавалерии", "attack-again": "снова-в-атаку",
        "supported-broken": "поддерживаемая-сломлена",
    },
    # the placeholders of the notation's forms (help, usage errors); OBJECTIVE is what an order names (§5.5)
    names={"BRIGADE": "БРИГАДА", "OBJECTIVE": "ОБЪЕКТ", "FLANK": "ФЛАНГ", "PIECE": "ФИГУРА", "GENERAL": "ГЕНЕРАЛ",
           "PLACE": "МЕСТО", "N": "ЧИСЛО"},
)

# The game's and the battle's titles for a Russian reader (`rulesets`, `help`, the report page)
TITLE = "General de Brigade: командование, приказы и боевой дух армии"
SCENARIOS = {"peninsula": "Вентоса, 1812: Пиктон против Фуа (пиренейская встреча нашего сочинения)"}

# What `rulesets` and `tables` show of the ruleset's own data, for a Russian reader: where its rules
# come from, its options, and where each shipped table comes from (by the table's name)
SOURCE = ("тексты 003 (гл. IV, последовательность хода; гл. V, командование и управление) и 004 (гл. XV, "
          "определение победителя)")
OPTIONS = {
    "cinc-skill-roll": "§5.2: навык каждого главнокомандующего бросается на 1к6 вместо исторического из сценария",
    "brigadier-skills": "§5.3, дополнительное правило: у бригадных генералов есть навыки, бросаемые на 1к6 (иначе все "
                        "«средние»)",
    "late-orders": "§5.12, дополнительное правило: бросок смены приказа, равный порогу, действует со следующего хода",
    "literal-defeat-triggers": "буквальное прочтение: каждая сломленная бригада и каждое бегущее подразделение "
                               "вызывают Тест на Поражение, а не только после точки «Колебания» (§15.3; R1)",
}
TABLES = {
    "initiative": "§4.1",
    "skill_roll": "§5.2 (главнокомандующий), §5.3 (бригадные генералы, дополнительное правило)",
    "order_change_modifiers": "§5.12",
    "order_change_table": "наша: текст обрывается на заголовке таблицы смены приказа главнокомандующим (§5.12); "
                          "значений для расстояния и национальности тоже нет",
    "brigadier_skill": "§5.3",
    "brigadier_initiative_table": "наша: процедуры и таблицы инициативы бригадного генерала в текстах нет (§4.2, §5.3)",
    "command_radius": "§5.1, §5.4 (основа — дюймы; сантиметры в тексте — пересчёт переводчика)",
    "broken_brigade": "§4.3",
    "skirmish_screen": "§5.10",
    "move_rates": "наша: скорости движения — в главе VII, её нет в текстах; нужны для «половины хода» (§5.6, "
                  "§5.11) и для предела движения",
    "stacking": "наша (R30): главы VII нет в текстах; подразделения сходятся до соприкосновения (R7: 1\"), но "
                "никогда не встают друг на друга",
    "areas": "наша: насколько близко считается «прибыл» (§5.9) и размер района удержания (§5.10) текст оставляет "
             "на суждение игроков",
    "fire": "наша: главы IX нет в текстах; обзор правил говорит о броске огня на 2к6 "
            "(https://stefanov.no-ip.org/MagWeb/mwan/90/mw90gene.htm)",
    "army_value": "§15.2",
    "army_value_unlisted": "наша (R14): §15.2 перечисляет только батальоны сомкнутого строя; стрелковые (лёгкие) "
                           "батальоны получают это значение",
    "army_points": "§15.2, §15.6 (процент стоимости армии; «колебание» и «слом» округляются вниз)",
    "defeat_test": "§15.4, §15.5",
}

# `replay`'s lines for a Russian reader: the state's members (FIELDS) and the words its values are
# made of (VALUES); ids, positions and numbers are shown as they are
FIELDS = {
    "scenario": "сценарий", "title": "название", "width": "ширина", "height": "глубина", "max_turns": "ходов",
    "step": "шаг хода", "phasing": "ходит", "initiative_winner": "инициатива у", "over": "игра окончена",
    "sides": "стороны", "generals": "генералы", "brigades": "бригады", "units": "подразделения", "places": "места",
    "name": "имя", "nationality": "национальность", "cinc": "главнокомандующий", "value": "стоимость армии",
    "waver": "точка колебания", "breakpoint": "точка слома", "waver_tested": "тест на поражение пройден",
    "orders_label": "метка приказов", "orders_commitment": "обязательство приказов", "orders_open": "приказы открыты",
    "defeated": "разбита", "role": "роль", "skill": "навык", "x": "x", "y": "y", "fate": "судьба",
    "moved": "двигался", "brigade": "бригада", "general": "генерал", "morale": "мораль", "kind": "тип",
    "strength": "сила", "start_strength": "начальная сила", "status": "состояние", "sx": "x в начале хода",
    "sy": "y в начале хода", "charged": "атаковал", "charged_at": "атаковал", "fired": "стрелял",
    "key": "ключевое", "holder": "владеет", "start_holder": "владел в начале",
}
VALUES = {
    "cinc": "главнокомандующий", "brigadier": "бригадный генерал", "average": "средний", "gifted": "одарённый",
    "present": "в строю", "wounded": "ранен", "lost": "потерян", "movement": "фаза передвижения",
    "compulsory": "обязательные передвижения", "steady": "стойкая", "broken": "сломлена",
    "mass-panic": "массовая паника", "formed": "в порядке", "disordered": "в беспорядке",
    "wavering": "колеблется", "retreating": "отступает", "routed": "бежит", "pursuing": "преследует",
    "dispersed": "рассеяно", "removed": "снято", "british": "британская", "french": "французская",
}

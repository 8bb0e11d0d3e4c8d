"""`brigade` in Russian (seeds 003, 004): the notation's Russian verbs and fixed words (the brigade
orders among them)."""

from __future__ import annotations

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
    },
)

# The game's and the battle's titles for a Russian reader (`rulesets`, `help`, the report page)
TITLE = "General de Brigade: командование, приказы и боевой дух армии"
SCENARIOS = {"peninsula": "Вентоса, 1812: Пиктон против Фуа (пиренейская встреча нашего сочинения)"}

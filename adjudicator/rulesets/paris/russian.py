"""`paris` in Russian, the language of its rule text (seed 000): the section titles a citation
names, the notation's Russian verbs and fixed words, and the sides' names. Read only when a post
holds a Russian word or the output is Russian."""

from __future__ import annotations

from adjudicator.aliases import Aliases

SEEDS = ("000",)

# The titles of seed 000's sections as the text gives them ("Заголовок: ..." of each post); the text
# numbers two sections 3.2 ("Инициатива", "Фаза активации"): the rules cite the second.
SECTIONS = {
    "1": "Общее", "1.1": "Масштаб игры", "1.2": "Определения",
    "2": "Фишки", "2.1": "Лидеры", "2.2": "Боевые отряды", "2.3": "Маркеры",
    "3": "Последовательность тура", "3.1": "Фаза приказов", "3.2": "Фаза активации",
    "3.3": "Движение беспорядочного бегства", "3.4": "Конец тура",
    "4": "Инициатива и активация", "4.1": "Инициатива", "4.2": "Активация", "4.3": "Повторная активация",
    "4.4": "Упреждение",
    "5": "Командование", "5.1": "Командование", "5.1.1": "Линия командования", "5.1.2": "Отряд вне командования",
    "5.2": "Командиры", "5.2.1": "Смерть командиров", "5.2.2": "Замена",
    "6": "Приказы", "6.1": "Общее", "6.2": "Разные приказы", "6.3": "Смена приказов", "6.4": "Командиры и приказы",
    "7": "Равнение",
    "8": "Движение", "8.1": "Общее", "8.2": "Реагирующее движение", "8.3": "Перехват", "8.4": "Огонь, функция движения",
    "9": "Группирование", "9.1": "Общее", "9.2": "Группирование и бой", "9.3": "Группирование и отступление",
    "10": "Огонь", "10.1": "Общее", "10.2": "Линия видимости", "10.3": "Типы огня", "10.4": "Зона и дальность огня",
    "10.5": "Определение результатов огня",
    "11": "Рукопашная схватка", "11.1": "Общее", "11.2": "Процедура", "11.3": "Модификаторы",
    "11.4": "Результат рукопашной схватки", "11.5": "Особые случаи",
    "12": "Моральное состояние отряда", "12.1": "Проверка морального состояния", "12.2": "Эффекты морального состояния",
    "13": "Сбор", "13.1": "Процедура", "13.2": "Движение беспорядочного бегства",
    "14": "Сценарии", "14.1": "Дрё, 19 декабря 1562 г.", "14.2": "Иври, 15 марта 1590 г.",
}

# The sides of the shipped scenarios, as the Russian text names them.
SIDES = {"huguenot": "гугеноты", "catholic": "католики", "royalist": "роялисты", "league": "Лига"}

# The purposes of the rolls as the log holds them (in English, made by the rules: paris/*.py), and as
# a Russian report shows them; a field is one id, hex or number.
PURPOSES = {
    "initiative {side}": "инициатива {side}",
    "pre-emption {wing}": "упреждение {wing}",
    "order change {wing}": "смена приказа {wing}",
    "re-activation {wing}": "повторная активация {wing}",
    "fire {unit} at {hex}": "огонь {unit} по {hex}",
    "interception {unit}": "перехват {unit}",
    "morale {unit} (under fire from {by})": "мораль {unit} (под огнём {by})",
    "morale {unit} (rally)": "мораль {unit} (сбор)",
    "leader {leader} survives fire on {hex}": "командир {leader} переживёт огонь по {hex}",
    "leader {leader}: casualty check (fire on {hex})": "командир {leader}: проверка потерь (огонь по {hex})",
    "leader {leader}: casualty check (after melee)": "командир {leader}: проверка потерь (после схватки)",
    "leader {leader} after melee": "командир {leader} после схватки",
    "melee {unit} vs {target}": "схватка {unit} против {target}",
    "reiters {unit} plunder": "рейтары {unit} грабят",
    "reiters {unit}: plunder check (Dreux option)": "рейтары {unit}: проверка грабежа (вариант Дрё)",
    "retreat impossible {unit}": "отступление невозможно {unit}",
}

# The phases of the turn (paris/phases.py) as the text names them (§3)
PHASES = {"orders": "фаза приказов", "select": "выбор крыла", "preempt": "упреждение", "act": "действия отрядов",
          "react": "реакция", "reactive-melee": "ответные схватки", "retreat": "отступление", "advance": "продвижение",
          "reactivate": "повторная активация", "over": "игра окончена", "setup": "подготовка"}

# The results the rules write into the state (sequence.py), as a Russian reader is shown them
RESULTS = {
    "{side} wins after {turns} turns: {score} to {other} ({rule})": "победа: {side} после {turns} туров, {score} на {other} ({rule})",
    "draw after {turns} turns: {score} to {other} ({rule})": "ничья после {turns} туров: {score} на {other} ({rule})",
    "{side} wins immediately: destroyed {what} ({rule})": "немедленная победа: {side}, уничтожено: {what} ({rule})",
}

# Words the Russian text keeps in French (its markers and a melee result), and the codes of the melee
# results table as it writes them (A1, D2R2): shown as they are
KEPT = ("En attente", "Sans réactivation", "Passage à travers", "Tiré")
KEPT_CODES = r"\b(?:A\d(?:-D\d)?(?:R\d)?P?|D\d(?:R\d)?P?)\b"

# The ids the rules give pieces made during play: a fallen leader's adjutant (ruling R27)
MADE_IDS = r"\b[a-z][a-z-]*-adjutant-\d+\b"

ALIASES = Aliases(
    verbs={
        "activate": "активировать", "pass": "пас", "preempt": "упредить", "no preempt": "без упреждения",
        "change order": "сменить приказ", "move": "двигать", "turn": "повернуть", "fire": "огонь",
        "rally": "собрать", "melee": "схватка", "end moves": "конец движения",
        "end activation": "конец активации", "reactivate": "повторная активация", "intercept": "перехват",
        "react": "реагировать", "hold": "стоять", "retreat": "отступить", "advance": "продвинуть",
        "no advance": "без продвижения", "standing": "постоянно", "adjutant": "адъютант",
    },
    words={
        # orders (§6.2): Атака!, Марш, Сбор
        "attack": "атака", "march": "марш", "rally": "сбор", "to": "на",
        # facings (§7): the vertices, by the compass
        "n": "с", "ne": "св", "se": "юв", "s": "ю", "sw": "юз", "nw": "сз",
        # fire (§10) and melee (§11.2)
        "at": "по", "left": "слева", "right": "справа",
        # reaction movement (§8.2)
        "turn": "поворот", "retreat": "отход",
        # standing orders: kinds and modes
        "preempt": "упреждение", "defensive-fire": "ответный-огонь", "intercept": "перехват", "react": "реакция",
        "reactive-melee": "ответная-схватка", "advance": "продвижение", "adjutant": "адъютант",
        "ask": "спрашивать", "always": "всегда", "never": "никогда", "auto": "сам",
    },
    # the placeholders of the notation's forms (help, usage errors); FACING is the text's «равнение» (§7)
    names={"WING": "КРЫЛО", "HEX": "ГЕКС", "FACING": "РАВНЕНИЕ", "LEAD": "ВЕДУЩИЙ", "SUPPORT": "ПОДДЕРЖКА",
           "LEADER": "КОМАНДИР"},
)

# The game's and the battles' titles as a Russian reader knows them (`rulesets`, `help`, the report page)
TITLE = "«Paris vaut bien une messe !» (Vae Victis №50): Дрё 1562, Иври 1590"
SCENARIOS = {"dreux-1562": "Дрё, 19 декабря 1562 г.", "ivry-1590": "Иври, 14 марта 1590 г."}

# What `rulesets` and `tables` show of the ruleset's own data, for a Russian reader: where its rules
# come from, its options, and where each shipped table comes from (by the table's name)
SOURCE = "текст 000 (русский перевод правил, разделы 1-14); таблицы наши там, где их нет в тексте"
OPTIONS = {
    "huguenot-artillery": "Дрё: тяжёлые орудия не бросили: вторая артиллерия гугенотов в 1115 (на пользу гугенотам)",
    "coligny-reiters": "Дрё: рейтары, уничтожившие вражеский отряд, уходят грабить при 0-4 на к10 (на пользу католикам)",
    "guise": "Дрё: Гиз начинает с приказом «Сбор», +4/+3/+2/+1 к смене приказа на турах 1-4 (на пользу гугенотам)",
}
TABLES = {
    "dice": "§14.1 («на счет от 0 до 4» — равные шансы только на кубике 0-9): разъяснение R1",
    "morale": "§12.2",
    "leader_death": "§5.2.1",
    "preemption": "наша: таблицы реакции и упреждения нет в тексте (§4.3, §4.4)",
    "order_change": "наша: таблицы смены приказа нет в тексте (§6.3)",
    "interception": "наша: таблицы перехвата и размера зоны нет в тексте (§8.3)",
    "fire": "наша: таблицы результатов огня нет в тексте (§10.5); правило +(бросок - сила) и +1 за каждое "
            "дополнительное ОД (§10.3) — из текста",
    "interaction": "§11.3, пример (G против F = -1); остальное наше",
    "melee_results": "наша: таблицы результатов схватки нет в тексте (§11.4); форма результата — из текста",
    "terrain": "наша: таблицы влияния местности нет в тексте",
    "retreat_impossible": "наша: таблицы невозможного отступления нет в тексте (§9.3)",
}

# `replay`'s lines for a Russian reader: the state's members (FIELDS) and the words its values are
# made of (VALUES); ids, hexes and numbers are shown as they are
FIELDS = {
    "scenario": "сценарий", "title": "название", "layout": "сетка", "rows": "рядов", "cols": "гексов в ряду",
    "turns": "туров", "first": "первой ходит", "to_play": "выбирает", "finish_after_melee": "закончить после схватки",
    "units": "отряды", "leaders": "командиры", "wings": "крылья",
    "name": "имя", "wing": "крыло", "kind": "тип", "morale": "мораль", "ma": "ОД", "fire": "огонь", "hex": "гекс",
    "facing": "равнение", "level": "уровень морали", "start_hex": "начальный гекс", "lance_lost": "потерял копьё",
    "in_command": "в командовании", "leader": "командир", "rating": "рейтинг", "adjutant": "адъютант",
    "order": "приказ", "barred": "не может активироваться",
}
VALUES = {"attack": "атака", "march": "марш", "rally": "сбор", "odd-r": "нечётные ряды сдвинуты",
          "even-r": "чётные ряды сдвинуты"}

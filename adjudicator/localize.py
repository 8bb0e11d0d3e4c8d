"""What a ruleset's Russian module (adjudicator/rulesets/NAME/russian.py) gives the printing of a
game in Russian: rule citations with the seed's own section titles ("§10.5 Определение результатов
огня"), the sides' Russian names, the rolls' purposes, the actions in the Russian notation. Every
function here returns its English input as it is when the language is English, and imports
nothing until it is asked for Russian."""

from __future__ import annotations

import re
from functools import cache
from types import ModuleType

from adjudicator.i18n import Msg, _, language

RULESETS = ("paris", "portable", "brigade", "skirmish", "freeform")
# patterns, as text: compiled at the first Russian line (English start-up compiles nothing here)
_CITATION = r"seed (\d{3}) ?|§(\d+(?:\.\d+)*)|\b(rulings?) (?=R\d)"
_TEMPLATE_FIELD = r"\\\{(\w+)\\\}"
REFEREE = "судья"
_CONCEDED = r"^(\S+) concedes(?:: (.*))?$"  # core.concession's form
_PROVISIONAL = r"\[provisional table: ([\w-]+)\]"  # Draft.used's tag


@cache
def russian(ruleset: str) -> ModuleType | None:
    """The ruleset's Russian module, None for a ruleset without one."""
    from adjudicator.aliases import russian_module

    return russian_module(ruleset)


@cache
def _titles() -> dict[str, dict[str, str]]:
    """The section titles of every seed, by seed number."""
    found: dict[str, dict[str, str]] = {}
    for name in RULESETS:
        module = russian(name)
        for seed in getattr(module, "SEEDS", ()):
            found[seed] = module.SECTIONS  # type: ignore[union-attr]
    return found


@cache
def _citations() -> dict[str, str]:
    """The rule citations that name a section by its heading (portable's `seed 002 Unit types`), each
    ruleset's CITATIONS, longest first."""
    found: dict[str, str] = {}
    for name in RULESETS:
        found.update(getattr(russian(name), "CITATIONS", {}))
    return dict(sorted(found.items(), key=lambda kv: -len(kv[0])))


def cite(text: str, seed: str = "") -> str:
    """`text` with its rule citations as a Russian reader finds them in his rules: `seed 000 §10.5`
    becomes `§10.5 Определение результатов огня`, `ruling R25` `разъяснение R25`. `seed` is the seed
    a bare `§` refers to."""
    if language() == "en" or ("§" not in text and "seed " not in text and "ruling" not in text):
        return text
    for english, russian_title in _citations().items():
        text = text.replace(english, russian_title)
    titles = _titles()
    current = [seed]

    def one(m: re.Match[str]) -> str:
        if m.group(1):
            current[0] = m.group(1)
            return ""
        if m.group(2):
            title = titles.get(current[0], {}).get(m.group(2))
            if not title or text.startswith(" " + title, m.end()):  # untitled, or cited in Russian already
                return m.group(0)
            return f"§{m.group(2)} {title}"
        return "разъяснения " if m.group(3) == "rulings" else "разъяснение "

    out = re.sub(_CITATION, one, text)
    return out.replace("( (", "(").replace("()", "").replace(" )", ")")


def side(ruleset: str, sid: str) -> str:
    """A side's name for the reader: its id in English, the Russian text's name in Russian."""
    if language() == "en":
        return sid
    if sid == "referee":
        return REFEREE
    module = russian(ruleset)
    return getattr(module, "SIDES", {}).get(sid, sid)


@cache
def _side_words(ruleset: str) -> tuple[re.Pattern[str], dict[str, str]] | None:
    names = {**getattr(russian(ruleset), "SIDES", {}), "referee": REFEREE}
    return re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, names)) + r")(?![\w-])"), names


def line(ruleset: str, text: str, seed: str = "") -> str:
    """A line of a report in the reader's language: its citations, and the sides by their names."""
    if language() == "en":
        return text
    found = _side_words(ruleset)
    if found is not None:
        pattern, names = found
        text = pattern.sub(lambda m: names[m.group(1)], text)
    text = re.sub(_PROVISIONAL, r"[временная таблица: \1]", text)
    return cite(text, seed or _default_seed(ruleset))


def own(ruleset: str, what: str, english: str, key: str = "") -> str:
    """A text of the ruleset's own data for the reader: its rules' SOURCE, an option's text (OPTIONS)
    or a shipped table's source (TABLES), by `key`, as its Russian module gives it; else the English,
    its citations in Russian."""
    if language() == "en":
        return english
    found = getattr(russian(ruleset), what, None)
    text = found.get(key) if isinstance(found, dict) else found
    return cite(text or english, _default_seed(ruleset))


def _default_seed(ruleset: str) -> str:
    seeds = getattr(russian(ruleset), "SEEDS", ())
    return seeds[0] if seeds else ""


def action(ruleset: str, english: str) -> str:
    """An action as the notation prints it, in the reader's language."""
    if language() == "en":
        return english
    from adjudicator.aliases import aliases

    table = aliases(ruleset)
    return "\n".join(f"| {table.russian_words(part[2:])}" if part.startswith("| ") else table.russian(part)
                     for part in english.split("\n"))


def form(ruleset: str, english: str) -> str:
    """A form of the notation (`fire UNIT at TARGET [left|right]`) in the reader's language; a
    ruleset of "" has only the verbs every game has."""
    if language() == "en":
        return english
    from adjudicator.aliases import CORE, aliases

    return (aliases(ruleset) if ruleset else CORE).russian_form(english)


def fixed_words(ruleset: str) -> dict[str, str]:
    """The notation's fixed words of a ruleset, English -> Russian."""
    from adjudicator.aliases import aliases

    return dict(aliases(ruleset).words)


def core_action(english: str) -> str:
    """A line of a verb every game has (seal, unseal), in the reader's language."""
    if language() == "en":
        return english
    from adjudicator.aliases import CORE

    return CORE.russian(english)


@cache
def _templates(ruleset: str, name: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The ruleset's English templates `name` as patterns, each with its Russian; a key may be a
    pattern itself, its groups named, where a template cannot say where a field ends (a number
    followed by a list)."""
    table = getattr(russian(ruleset), name, {})
    return tuple((en if isinstance(en, re.Pattern) else re.compile(re.sub(_TEMPLATE_FIELD, r"(?P<\1>.+?)", re.escape(en)) + "$"), ru)
                 for en, ru in table.items())


def _matched(ruleset: str, name: str, text: str) -> str:
    """`text` by the first of the ruleset's templates `name` it matches, in Russian; a field is
    itself matched (a result made of results: portable's `{why}: {outcome}; {losses}`), else shown
    as a side or the notation's words."""
    for pattern, ru in _templates(ruleset, name):
        m = pattern.match(text)
        if m:
            return ru.format(**{k: _field(ruleset, name, v) for k, v in m.groupdict().items()})
    return text


def _field(ruleset: str, name: str, value: str) -> str:
    """A field of a matched text: matched in its turn, or a message of the catalogue (a modifier's
    label), else a side or the notation's words."""
    found = _matched(ruleset, name, value)
    if found == value and value:
        found = _(value)
    return found if found != value else words(ruleset, side(ruleset, value))


def purpose(ruleset: str, text: str) -> str:
    """A roll's purpose (stored in the log in English) in the reader's language, when the ruleset's
    Russian module knows its form (PURPOSES); a player's own purpose (freeform) is shown as written."""
    return text if language() == "en" else _matched(ruleset, "PURPOSES", text)


def result(ruleset: str, text: str) -> str:
    """A game's result as the rules wrote it into the state (RESULTS), or a side's concession
    (core.concession: `SIDE concedes[: TEXT]`, the text as he wrote it), in the reader's language."""
    if language() == "en":
        return text
    conceded = re.match(_CONCEDED, text)
    if conceded:
        said = _("{side} concedes: {text}") if conceded.group(2) is not None else _("{side} concedes")
        return said.format(side=side(ruleset, conceded.group(1)), text=conceded.group(2))
    return line(ruleset, _matched(ruleset, "RESULTS", text))


def title(ruleset: str, english: str) -> str:
    """A game system's title for the reader (the ruleset's Russian module's TITLE)."""
    return english if language() == "en" else getattr(russian(ruleset), "TITLE", english)


def scenario_title(ruleset: str, name: str, english: str) -> str:
    """A shipped scenario's title for the reader (SCENARIOS of the ruleset's Russian module, by the
    scenario's name); a battle of the players' own keeps the title its file gives."""
    return english if language() == "en" else getattr(russian(ruleset), "SCENARIOS", {}).get(name, english)


def phase(ruleset: str, name: str) -> str:
    """A phase of the turn by the ruleset's Russian name of it (PHASES)."""
    return name if language() == "en" else getattr(russian(ruleset), "PHASES", {}).get(name, name)


def words(ruleset: str, text: str) -> str:
    """The fixed words of an order line (`conde attack`) in the reader's language."""
    if language() == "en":
        return text
    from adjudicator.aliases import aliases

    terms = getattr(russian(ruleset), "TERMS", {})
    if text in terms:  # a word of the rules' own that is no word of the notation (a unit class, a type's name)
        return str(terms[text])
    return aliases(ruleset).russian_words(text)


class Word(Msg):
    """A fixed word of a ruleset's notation (an order, a facing, a kind of standing order) inside a
    message: the word itself in English, the ruleset's Russian form of it in Russian."""

    __slots__ = ("ruleset",)

    def __init__(self, ruleset: str, word: str):
        super().__init__(word)
        self.ruleset = ruleset

    def text(self) -> str:
        return words(self.ruleset, self.template)

    def english(self) -> str:
        return self.template


class Command(Msg):
    """A line of the notation quoted in a message (`adjutant conde UNIT`), in the reader's language."""

    __slots__ = ("ruleset",)

    def __init__(self, ruleset: str, line: str):
        super().__init__(line)
        self.ruleset = ruleset

    def text(self) -> str:
        return action(self.ruleset, self.template)

    def english(self) -> str:
        return self.template


class Form(Command):
    """A form of the notation inside a message (`usage: {form}`), in the reader's language."""

    def text(self) -> str:
        return form(self.ruleset, self.template)


class PhaseName(Word):
    """A phase of the turn inside a message, by the ruleset's Russian name of it (PHASES)."""

    def text(self) -> str:
        return phase(self.ruleset, self.template)


class Purpose(Msg):
    """A roll's purpose inside a message (as the log holds it), shown as a report shows the roll's."""

    __slots__ = ("ruleset",)

    def __init__(self, ruleset: str, text: str):
        super().__init__(text)
        self.ruleset = ruleset

    def text(self) -> str:
        return purpose(self.ruleset, self.template)

    def english(self) -> str:
        return self.template


class Tag(Msg):
    """An action's tag (`activate`, `end-moves`) in a message that does not know its ruleset (the
    phase table's gate): its verb, in the reader's language by the first ruleset that has it."""

    def text(self) -> str:
        if language() == "en":
            return self.template
        from adjudicator.aliases import aliases

        words = self.template.replace("-", " ")
        for name in ("paris", *RULESETS):
            found = aliases(name).verbs.get(words)
            if found:
                return found
        return self.template

    def english(self) -> str:
        return self.template

"""The Russian forms of the post notation: every verb and every fixed word (sides, facings,
orders...) has one, declared by each ruleset in its `russian.py` (`ALIASES`), and by the engine for
the verbs every game has (`CORE` below). Unit ids stay as they are (Latin), so a Cyrillic word in a
post is never an id: a post may mix both forms freely, and is read as its English form.

    aliases(ruleset).english(line)   the line with its Russian verb and words put in English
    aliases(ruleset).russian(line)   the English line (as the notation prints it) in Russian
    aliases(ruleset).russian_form(f) a form of the notation (`fire UNIT at TARGET [left|right]`) in
                                     Russian: its verb, fixed words and placeholders (`names`)
"""

from __future__ import annotations

import importlib.util
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import ModuleType


def _lower_words(text: str) -> list[str]:
    return text.lower().split()


@dataclass(frozen=True)
class Aliases:
    """verbs: English verb words -> Russian; words: English fixed word -> Russian, one a token
    (lower case); free: the English verbs whose arguments are a person's own text, left as written;
    phrases: the fixed words inside a free verb's text (`ruling ... because ...`); names: the
    placeholders of the notation's forms (`UNIT`, `HEX`), as its help and its usage errors write them."""

    verbs: dict[str, str]
    words: dict[str, str] = field(default_factory=dict)
    free: frozenset[str] = frozenset()
    phrases: dict[str, dict[str, str]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)

    def merged(self, other: Aliases) -> Aliases:
        return Aliases({**self.verbs, **other.verbs}, {**self.words, **other.words}, self.free | other.free,
                       {**self.phrases, **other.phrases}, {**self.names, **other.names})

    @property
    def _ru_verbs(self) -> dict[tuple[str, ...], str]:
        return {tuple(_lower_words(ru)): en for en, ru in self.verbs.items()}

    @property
    def _ru_words(self) -> dict[str, str]:
        return {ru.lower(): en for en, ru in self.words.items()}

    def english(self, line: str) -> str:
        """The line with a Russian verb at its start and every Russian fixed word after it in English;
        a line already in English is returned as it is."""
        if line.isascii():
            return line
        words = line.split()
        lowered = [w.lower() for w in words]
        verb, n = _longest(self._ru_verbs, lowered)
        if verb is None:
            verb, n = _longest({tuple(v.split()): v for v in self.verbs}, lowered)
        rest = words[n:]
        if verb is None:
            return line
        if verb in self.free:  # a person's text: kept as written, its own spacing too
            text = _after_words(line, n)
            for en, ru in self.phrases.get(verb, {}).items():
                text = text.replace(ru, en, 1) if en not in text else text
            return f"{verb} {text}" if text else verb
        return " ".join([verb, *self.english_words(" ".join(rest)).split()])

    def english_words(self, text: str) -> str:
        """Every Russian fixed word of `text` in English (an order line: `conde атака`)."""
        if text.isascii():
            return text
        table = self._ru_words
        out = []
        for w in text.split():
            bare, tail = _tail(w)
            out.append(table.get(bare.lower(), bare) + tail)
        return " ".join(out)

    def russian(self, line: str) -> str:
        """An English line, as the notation prints it, in Russian: its verb, then its fixed words."""
        words = line.split(" ")
        lowered = [w.lower() for w in words]
        verb, n = _longest({tuple(v.split()): v for v in self.verbs}, lowered)
        if verb is None:
            return line
        rest = words[n:]
        if verb not in self.free:
            rest = [self.russian_word(w) for w in rest]
        text = " ".join(rest)
        for en, ru in self.phrases.get(verb, {}).items() if verb in self.free else ():
            text = text.replace(en, ru, 1)
        return f"{self.verbs[verb]} {text}" if text else self.verbs[verb]

    def russian_form(self, form: str) -> str:
        """A form of the notation in Russian: the verb it starts with, then every fixed word and
        placeholder, whatever brackets and bars surround them (`[left|right]` -> `[слева|справа]`). A word
        in capitals is a placeholder, never the verb (`BRIGADE ORDER`, where `brigade` is a verb)."""
        words = form.split(" ")
        verb, n = _longest({tuple(v.split()): v for v in self.verbs}, [w if w.isupper() else w.lower() for w in words])
        text = " ".join(words[n:]) if verb is not None else form
        for en, ru in self.phrases.get(verb or "", {}).items():
            text = text.replace(en, ru)
        text = _TOKEN.sub(lambda m: self.names.get(m.group()) or self.russian_word(m.group()), text)
        return (f"{self.verbs[verb]} {text}" if text else self.verbs[verb]) if verb is not None else text

    def russian_words(self, text: str) -> str:
        """Every fixed word of `text` (an order line) in Russian, the rest as it is."""
        return " ".join(self.russian_word(w) for w in text.split(" "))

    def russian_word(self, word: str) -> str:
        bare, tail = _tail(word)
        ru = self.words.get(bare.lower())
        if ru is None:
            return word
        return (ru.upper() if bare.isupper() else ru) + tail


def _tail(word: str) -> tuple[str, str]:
    """A word and the mark that ends it, if any: an order's `!` (`атака!`), or the `;` or `,` that
    parts a line's clauses (skirmish's `... facing west; rifle-2 ...`)."""
    if len(word) > 1 and word[-1] in "!;,":
        return word[:-1], word[-1]
    return word, ""


_TOKEN = re.compile(r"(?<![\w-])[A-Za-z][\w-]*")


def _after_words(line: str, n: int) -> str:
    """What follows the first `n` words of `line`, as it is written."""
    rest = line.strip()
    for _ in range(n):
        rest = rest[len(rest.split(None, 1)[0]):].lstrip()
    return rest


def _longest(table: dict[tuple[str, ...], str], lowered: list[str]) -> tuple[str | None, int]:
    best, size = None, 0
    for key, value in table.items():
        if len(key) > size and tuple(lowered[: len(key)]) == key:
            best, size = value, len(key)
    return best, size


# The verbs every game has (adjudicator.core), and the freeform ruleset's own.
CORE = Aliases(
    verbs={
        "seed": "зерно", "note": "заметка", "seal": "запечатать", "unseal": "распечатать", "reveal": "раскрыть",
        "ruling": "решение", "void": "аннулировать", "end game": "конец игры", "concede": "сдаться",
        "key": "ключ",
    },
    free=frozenset({"seed", "note", "ruling", "void", "end game", "concede", "seal", "unseal"}),
    phrases={"ruling": {" because ": " потому что "}, "void": {" because ": " потому что "}},
    # the placeholders of the forms every ruleset writes (a ruleset adds its own)
    names={
        "TEXT": "ТЕКСТ", "LABEL": "МЕТКА", "COMMITMENT": "ОБЯЗАТЕЛЬСТВО", "SALT": "СОЛЬ", "ORDER": "ПРИКАЗ",
        "EPOCH": "ЭПОХА", "SECRET": "СЕКРЕТ", "DECISION": "РЕШЕНИЕ", "REASON": "ПРИЧИНА", "RESULT": "ИТОГ",
        "PLAYER": "ИГРОК", "KEYTYPE": "ТИП-КЛЮЧА", "BASE64": "КЛЮЧ-BASE64", "SEQ": "НОМЕР", "HASH": "ХЕШ",
        "FACES": "ГРАНИ", "SIDE": "СТОРОНА", "UNIT": "ОТРЯД", "TARGET": "ЦЕЛЬ", "EXPR": "КУБИКИ",
        "PURPOSE": "ЦЕЛЬ-БРОСКА", "KIND": "ВИД", "MODE": "РЕЖИМ", "ID": "ИД", "GAME": "ИГРА",
    },
)


@cache
def aliases(ruleset: str) -> Aliases:
    """The engine's aliases and the ruleset's (its `russian.ALIASES`), read at the first use."""
    module = russian_module(ruleset)
    if module is None:
        raise ModuleNotFoundError(f"adjudicator.rulesets.{ruleset}.russian")
    return CORE.merged(module.ALIASES)


@cache
def russian_module(ruleset: str) -> ModuleType | None:
    """A ruleset's Russian module (rulesets/NAME/russian.py: plain data), None where it has none. It is
    read on its own, not through its package: a Russian line that cites every seed's titles must not
    import every game system's rules (skirmish's geometry alone costs some 70 ms of start-up)."""
    name = f"adjudicator.rulesets.{ruleset}.russian"
    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parent / "rulesets" / ruleset / "russian.py"
    if not re.fullmatch(r"[a-z][a-z0-9_]*", ruleset) or not path.is_file():  # a name from a log: never a path
        return None
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module

"""The language of what a person reads: English, or Russian (the language of the forum the rule
texts come from). Only printing is translated: the log, its hashes and JSON output never are.

The language is, in this order: `adjudicator --lang ru|en`, the ADJUDICATOR_LANG environment
variable, the locale (LC_ALL, LC_MESSAGES, LANG: `ru_RU.UTF-8` is Russian), else English.

Messages are gettext catalogues (adjudicator/locale/ru/LC_MESSAGES/adjudicator.po, compiled to .mo),
extracted and compiled with Babel (babel.cfg). In English nothing is loaded, not even the gettext
module: a message is its own English text.

    _(msgid)                          the message in the current language
    N_(msgid)                         marks a message for extraction, translated later where it is shown
    ngettext(singular, plural, n)     the form for n (1 кубик, 2 кубика, 5 кубиков)
    Msg(template, **fields)           a message kept whole until it is shown: a report line, a rule's
                                      complaint; its fields may be Msgs themselves
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ru")
DOMAIN = "adjudicator"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_chosen: str | None = None  # the --lang option's, once given
_resolved: str | None = None
_catalogue: Any = None  # gettext.GNUTranslations, loaded at the first Russian message


def from_locale(value: str) -> str:
    """The language a locale name (ru_RU.UTF-8, ru, en_GB, C) or a language code stands for."""
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else "en"


def set_language(code: str | None) -> None:
    """The language asked for on the command line (None: as the environment says)."""
    global _chosen, _resolved
    if code is not None and code not in LANGUAGES:
        raise ValueError(f"--lang: one of {', '.join(LANGUAGES)}, not {code!r}")
    _chosen, _resolved = code, None


def language() -> str:
    """The language of what is printed now: 'en' or 'ru'."""
    global _resolved
    if _resolved is None:
        _resolved = _chosen or _from_environment()
    return _resolved


def _from_environment() -> str:
    explicit = os.environ.get("ADJUDICATOR_LANG", "").strip()
    if explicit:
        return from_locale(explicit)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):  # POSIX order: the first one set decides
        value = os.environ.get(name, "").strip()
        if value:
            return from_locale(value)
    return "en"


def catalogue() -> Any:
    """The Russian catalogue, read once (the compiled .mo)."""
    global _catalogue
    if _catalogue is None:
        import gettext

        _catalogue = gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=["ru"])
    return _catalogue


def _(msgid: str) -> str:
    if language() == "en" or not msgid:
        return msgid
    return str(catalogue().gettext(msgid))


def N_(msgid: str) -> str:
    return msgid


def ngettext(singular: str, plural: str, n: int) -> str:
    if language() == "en":
        return singular if n == 1 else plural
    return str(catalogue().ngettext(singular, plural, n))


def render(value: object) -> str:
    """A field of a message as text: a Msg in the current language, anything else as str() gives it."""
    return value.text() if isinstance(value, Msg) else str(value)


def _field(value: object) -> object:
    """A field as a template formats it: a Msg as text, a number as itself (`{rate:g}`)."""
    return value.text() if isinstance(value, Msg) else value


def _english_field(value: object) -> object:
    return value.english() if isinstance(value, Msg) else value


def english(value: object) -> str:
    return value.english() if isinstance(value, Msg) else str(value)


def said(error: Exception) -> Msg | str:
    """What an error says: the message it was raised with (shown in the reader's language), or its text."""
    first = error.args[0] if error.args else None
    return first if isinstance(first, Msg) else str(error)


class Msg:
    """A message kept as its template and fields until it is shown, so that it is shown in the
    language of whoever reads it: `Msg("{unit} moves to {hex}", unit="u1", hex="0202")`. Positional
    arguments fill `{}` (a translation may reorder them as `{0}`, `{1}`); `count=` picks the plural
    form when `plural` is given."""

    __slots__ = ("template", "args", "fields", "plural")

    def __init__(self, template: str, *args: object, **fields: Any):
        plural = fields.pop("plural", "")
        self.template, self.args, self.fields, self.plural = template, args, fields, str(plural)

    def text(self) -> str:
        if self.plural:
            count = self.fields["count"]
            assert isinstance(count, int)
            template = ngettext(self.template, self.plural, count)
        else:
            template = _(self.template)
        if not self.args and not self.fields:
            return template
        return template.format(*[_field(a) for a in self.args], **{k: _field(v) for k, v in self.fields.items()})

    def english(self) -> str:
        """The message in English, whatever the reader's language."""
        if self.plural:
            template = self.template if self.fields["count"] == 1 else self.plural
        else:
            template = self.template
        if not self.args and not self.fields:
            return template
        return template.format(*[_english_field(a) for a in self.args], **{k: _english_field(v) for k, v in self.fields.items()})

    def __str__(self) -> str:
        """English: a message that finds its way into an f-string (a roll's purpose) or into the
        state is the log's, and the log never depends on who reads it."""
        return self.english()

    def __repr__(self) -> str:
        return f"Msg({self.template!r}, {self.args!r}, {self.fields!r})"

    def __eq__(self, other: object) -> bool:
        """A message equals its English text (as the log and the state would hold it), and a message
        with the same template and fields."""
        if isinstance(other, str):
            return self.english() == other
        return isinstance(other, Msg) and self.english() == other.english()

    def __hash__(self) -> int:
        return hash(self.english())


class Joined(Msg):
    """Messages (or plain values) shown one after the other with `sep` between them (itself a
    message when it is a word: `Joined(Msg(" or "), hexes)`)."""

    __slots__ = ("items", "sep")

    def __init__(self, sep: str | Msg, items: Any):
        super().__init__(english(sep))
        self.sep = sep
        self.items = tuple(items)

    def text(self) -> str:
        return render(self.sep).join(render(i) for i in self.items)

    def english(self) -> str:
        return self.template.join(english(i) for i in self.items)

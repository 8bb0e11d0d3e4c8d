"""Issue 21: a Russian player reads the notation in Russian. `adjudicator --lang ru help RULESET`
and the errors of a line its verb cannot read hold no English word: the forms of the notation
are shown with the ruleset's Russian verbs, fixed words and placeholders (adjudicator.aliases),
what a verb does comes from the catalogue. Latin letters stay only in ids, in the English fixed
words the help pairs with their Russian forms, and in commands quoted in backticks."""

from __future__ import annotations

import re

import pytest

from adjudicator import rulesets, views
from adjudicator.aliases import CORE, aliases
from adjudicator.core import VERBS
from adjudicator.i18n import render, said, set_language
from adjudicator.ruleset import help_parts

RULESETS = ("paris", "brigade", "portable", "freeform", "skirmish")
_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z'’]*(?![\w-])")
# ids and numbers of the examples, coordinates, dice, hashes, commands in backticks, and the few
# Latin names the Russian text itself writes (SSH keys, the README, the coordinates' X and Y, skirmish's
# «Дополнение I»), and the dice expressions' shapes as the notation writes them (NdM+K)
_ALLOWED = re.compile(r"`[^`]*`|\b[0-9a-f]{4,64}\b|\b\d*[dD]\d+\b|\bNdMz?(?:[+-]K)?\b|[\w-]*\d[\w-]*"
                      r"|\b(?:SSH|BASE64|README|X|Y|F|N)\b"
                      r"|\.pub\b|\bR\d+\b|Дополнение I\b")


@pytest.fixture(autouse=True)
def _russian():
    set_language("ru")
    yield
    set_language(None)


def _latin(text: str, allowed: set[str]) -> list[str]:
    text = _ALLOWED.sub(" ", text)
    words = (w.strip("'’") for w in _WORD.findall(text))
    return [w for w in words if w not in allowed and w.lower() not in allowed]


# the ids the engine verbs' examples name
_CORE_IDS = {"montmorency"}


def _ids(name: str) -> set[str]:
    """The Latin words of the ruleset's examples that are not notation: the ids they name."""
    rs = rulesets.get(name)
    table = aliases(name)
    words = {w for e in rs.examples.values() for w in re.findall(r"[A-Za-z][\w-]*", e)}
    return {w for w in words if w.lower() not in table.words and w not in table.names} | {name} | _CORE_IDS


@pytest.mark.parametrize("name", RULESETS)
def test_every_form_has_its_russian_words(name):
    """Every word of every verb's form is a Russian verb, a fixed word or a placeholder: the help
    and the usage errors show no English form."""
    table = aliases(name)
    for verb in (*rulesets.get(name).verbs, *VERBS):
        form = help_parts(verb.help)[0]
        left = _latin(table.russian_form(form), set())
        assert not left, f"{name}: `{form}` keeps {left} (add them to russian.ALIASES: verbs, words or names)"


@pytest.mark.parametrize("name", RULESETS)
def test_help_in_russian_has_no_english_word(name):
    rs = rulesets.get(name)
    lines = [line for line in views.notation(rs, VERBS) if not line.startswith("русские формы")]
    kept = set(getattr(__import__(f"adjudicator.rulesets.{name}.russian", fromlist=["KEPT"]), "TITLE", "").split())
    allowed = _ids(name) | {w.strip("«»!()") for w in kept}
    left = [(line, _latin(line, allowed)) for line in lines if _latin(line, allowed)]
    assert not left, left


@pytest.mark.parametrize("name", RULESETS)
def test_usage_errors_in_russian(name):
    """A verb given nothing it needs (or nonsense) says how it is written, in Russian."""
    rs = rulesets.get(name)
    for verb in (*rs.verbs, *VERBS):
        for args in ("", "zzz", "zzz zzz zzz zzz zzz zzz zzz"):
            try:
                verb.parse(args, rs.name, ())
            except ValueError as e:
                shown = render(said(e))
                assert not _latin(shown, {"zzz"} | _ids(name)), (verb.words, args, shown)


def test_a_placeholder_is_never_taken_for_a_verb():
    """brigade's `brigade` is a verb, its BRIGADE a placeholder (an order line: `BRIGADE ORDER`)."""
    assert aliases("brigade").russian_form("BRIGADE ORDER [OBJECTIVE] [FLANK]") == "БРИГАДА ПРИКАЗ [ОБЪЕКТ] [ФЛАНГ]"
    assert aliases("brigade").russian_form("brigade BRIGADE steady") == "бригада БРИГАДА стойкая"


def test_the_engine_verbs_have_russian_forms():
    assert {v.words for v in VERBS} <= set(CORE.verbs)

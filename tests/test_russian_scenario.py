"""Issue 21: a referee's own scenario file checked in Russian (`adjudicator --lang ru scenario --check
FILE`, `new --scenario FILE`): every problem a ruleset's own checks find is named on its line in
Russian, its rule cited as the Russian text cites it (§x, разъяснение Rn, the headings of the text).
Latin words stay only where the file itself wrote them (its keys, ids and values), in the values the
file may write (the types, states, sides the check lists as known), in the tables' names, and in the
games' own titles; the English problems are the same, on the same lines."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

from adjudicator import rulesets
from adjudicator.i18n import set_language
from adjudicator.rulesets.brigade import scenario as brigade
from adjudicator.rulesets.paris import hexgrid, scenario as paris
from adjudicator.rulesets.portable import scenario as portable
from adjudicator.scenariofile import Problem

_WORD = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z'’]*(?![\w-])")
# quoted values of the file, ids with digits, backticked keys, rulings, the tables' [sections] and
# skirmish's Appendix I
_ALLOWED = re.compile(r"'[^']*'|`[^`]*`|\[\[?[\w.-]+\]\]?|[\w-]*\d[\w-]*|\b[RS]\d+\b|\bI\b")
# the games' own titles, as their Russian texts write them
_TITLES = {"General", "de", "Brigade", "Paris", "vaut", "bien", "une", "messe"}
# the values a file may write that the checks list as known
_VALUES = {
    "paris": {*paris.KINDS, *paris.LAYOUTS, *paris.EDGES, *hexgrid.VERTICES, "normal", "disorder", "shaken", "broken",
              "attack", "march", "rally", "units", "cavalry", "odd", "even", "r"},
    "brigade": {*brigade.KINDS, *brigade.SKILLS, "cinc", "role"},
    "portable": {*portable.FORMATIONS, *portable.STANDING, "n", "e", "s", "w", "elite", "average", "poor"},
    "skirmish": {"small", "medium", "large", "north", "south", "east", "west", "main"},  # main: a force's one company
}

# (ruleset, the template's text, what the bad file says instead, or CUT: nothing from there on): each
# file holds several problems
CUT = None
BAD: list[tuple[str, list[tuple[str, str | None]]]] = [
    ("brigade", [
        ('cinc = "gale"', 'cinc = "wells"'),
        ('holder = ""', 'holder = "west"'),
        ('skill = "average"\nat = [36, 6]', 'skill = "brilliant"\nat = [80, 6]'),
        ('skill = "average"\nat = [36, 42]', 'skill = "average"\nat = [36, 42]\nrole = "brigadier"'),
        ("at = [30, 12]", "at = [26.5, 12]"),
        ('kind = "line-cavalry", strength = 12, at = [50, 10]', 'kind = "hussars", strength = 12, at = [50, 10]'),
        ('kind = "foot-artillery", strength = 4, at = [34, 14]', 'kind = "foot-artillery", strength = 0, at = [34, 14]'),
        ('id = "s1"', 'id = "n1"'),
        ('id = "horse"\nname = "Light horse"\nside = "north"', 'id = "horse"\nname = "Light horse"\nside = "east"'),
    ]),
    ("brigade", [
        ('[[sides]]\nid = "south"\nname = "The southern army"\nnationality = "french"\ncinc = "gale"\n', ""),
        ('{ id = "s4", name = "5e Chasseurs", kind = "line-cavalry", strength = 12, at = [20, 38] },', ""),
    ]),
    ("paris", [
        ('layout = "odd-r"', 'layout = "odd-q"'),
        ("woods = [", "forest = ["),
        ('village = ["0610"]', 'village = ["1610"]'),
        ("hill = []", 'hill = ["x1"]'),
        ('count = "units"\n[[victory', 'count = "kills"\nweights = { Z = 2 }\n[[victory'),
        ('side = "royal"\nenemy_kinds = ["G"', 'side = "crown"\nunits = ["ghost"]\nenemy_kinds = ["Q"'),
        ('league = "north"', 'league = "west"\nspain = "north"'),
        ('league = "S"', 'league = "Q"'),
        ('id = "nevers"\nname = "Nevers (right)"\nside = "royal"', 'id = "nevers"\nname = "Nevers (right)"\nside = "crown"'),
        ('kind = "G", morale = 8, ma = 10, hex = "1005"', 'kind = "X", morale = 8, ma = 10, hex = "1005"'),
        ("E = 5\n", ""),
        ('facing = "SW"', 'facing = "W"'),
        ('level = "disorder"', 'level = "routed"'),
        ('kind = "F", morale = 7, ma = 4, hex = "1009"', 'kind = "F", morale = 7, ma = 4, hex = "1010"'),
        ('kind = "E", morale = 6, ma = 4, hex = "0306"', 'kind = "E", morale = 6, ma = 4, hex = "1011"'),
        ('{ id = "egmont-t"', '{ id = "biron-g2"'),
        ('leader = { id = "egmont"', 'leader = { id = "mayenne"'),
        ('leader = { id = "nevers", name = "Nevers", rating = 1, ma = 12, hex = "1010" }',
         'leader = { id = "nevers", name = "Nevers", rating = 1, ma = 12, hex = "2010" }'),
        ("[artillery]", '[options.guise]\nwing = "nowing"\norder = "hold"\npenalty = [4, 3]\n\n'
                        '[options.coligny-reiters]\nside = "nobody"\nkind = "R"\nremoved_on_or_below = 1\n\n[artillery]'),
    ]),
    ("paris", [('sides = ["royal", "league"]', 'sides = ["royal"]')]),
    ("portable", [
        ('hill = ["F4"]', 'hill = ["F14", "X"]\nriver = ["A7"]'),
        ('standing_order = "ask"', 'standing_order = "panic"'),
        ('class = "average"\nsquare = "C2"', 'class = "veteran"\nsquare = "C2"\nfacing = "n"'),
        ('square = "E2"', 'square = "C2"'),
        ('name = "Dragoons"', 'name = "Dragoons"\nhorse = true\nformation = "square"'),
        ('facing = "s"', 'facing = "x"'),
        ('type = "rifle_infantry"\nclass = "average"\nsquare = "C7"', 'type = "lancers"\nclass = "average"\nsquare = "C7"'),
        ('id = "s-inf2"', 'id = "n-inf1"'),
        ('square = "B7"', 'square = "A7"'),
        ('id = "s-cmd"\ntype = "commander"\nsquare = "D8"', 'id = "s-cmd"\ntype = "commander"\nsquare = "C2"'),
    ]),
    ("portable", [
        ('[[armies.units]]\nid = "n-cmd"\ntype = "commander"\nsquare = "D1"\n', ""),
        ('[[armies]]\nname = "south"', CUT),
    ]),
    ("portable", [("width = 8 ", "width = 30 ")]),
    ("skirmish", [
        ('kind = "building"', 'kind = "castle"'),
        ("points = [[20.0, 30.0]", "points = [[200.0, 30.0]"),
        ("objective = [45.0, 45.0]", 'objective = [145.0, 45.0]\nperimeter = "moat"\ndefender = "austrians"'),
        ('format = "small"', 'format = "huge"'),
        ('edges = ["south"]', 'edges = ["up"]\nguns = [ { id = "gun1", at = [10.0, 10.0], crew = ["c1", "c2"], '
                              'crew_at = [[100.0, 5.0]] } ]'),
        ('profile = "zouave", at = [29.0, 15.0]', 'profile = "zuave", at = [29.0, 15.0]'),
        ('{ id = "musketeer-1"', '{ id = "zouave-1"'),
        ("at = [37.0, 15.0]", "at = [34.5, 15.0]"),
    ]),
    ("skirmish", [('{ id = "fr-sgt", profile = "zouave-sergeant"', '{ id = "fr-sgt", profile = "zouave"')]),
    ("skirmish", [('edges = ["south"]', 'edges = ["south"]\ngroups = [ { id = "g1", leader = "zouave-9", '
                                        'members = ["zouave-1", "musketeer-1"] }, { id = "g2", leader = "zouave-1", '
                                        'members = ["zouave-1"] } ]')]),
    ("skirmish", [('edges = ["south"]', 'edges = ["south"]\ngroups = [ { id = "g1", leader = "zouave-1", '
                                        'members = ["zouave-1", "zouave-5"] } ]')]),
    ("skirmish", [('id = "prussians"', 'id = "french"')]),
]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language(None)


def _bad(ruleset: str, changes: list[tuple[str, str | None]]) -> str:
    text = rulesets.get(ruleset).scenario_template
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text[:text.index(old)] if new is None else text.replace(old, new)
    assert tomllib.loads(text)
    return text


def _checked(ruleset: str, text: str, language: str) -> list[Problem]:
    set_language(language)
    rs = rulesets.get(ruleset)
    assert rs.check_scenario is not None
    return rs.check_scenario(text, rs.tables)


def _words(value: Any, skip: frozenset[str] = frozenset({"title", "source", "name"})) -> set[str]:
    """The words of the keys and values a file or a table writes (a title, a source or a name apart)."""
    if isinstance(value, dict):
        return {w for k, v in value.items() for w in {*_WORD.findall(k), *(() if k in skip else _words(v))}}
    if isinstance(value, list):
        return {w for v in value for w in _words(v)}
    return set(_WORD.findall(value)) if isinstance(value, str) else set()


def _latin(ruleset: str, text: str, message: str) -> list[str]:
    allowed = _words(tomllib.loads(text)) | _words(rulesets.get(ruleset).tables) | _TITLES | _VALUES[ruleset]
    return [w for w in _WORD.findall(_ALLOWED.sub(" ", message)) if w not in allowed]


@pytest.mark.parametrize("ruleset,changes", BAD, ids=[f"{b[0]}-{n}" for n, b in enumerate(BAD)])
def test_a_bad_scenarios_problems_are_named_in_russian_on_the_lines_english_names(ruleset, changes):
    text = _bad(ruleset, changes)
    english = _checked(ruleset, text, "en")
    russian = _checked(ruleset, text, "ru")
    assert english and [p.line for p in russian] == [p.line for p in english]
    for en, ru in zip(english, russian, strict=True):
        assert ru.message != en.message, en.message
        assert str(ru).startswith(f"строка {ru.line}: ")
        assert not _latin(ruleset, text, ru.message), (ru.message, en.message)


def _all(ruleset: str, language: str) -> str:
    return "\n".join(str(p) for r, changes in BAD if r == ruleset for p in _checked(r, _bad(r, changes), language))


def test_every_check_of_every_ruleset_is_met_by_a_bad_file():
    """The bad files above meet each message of the rulesets' checks (each differs in its words)."""
    shown = {name: _all(name, "en") for name in ("brigade", "paris", "portable", "skirmish")}
    for name, needles in {
        "brigade": ["two sides, not 1", "the id is used twice", "inch table", "unknown side 'east'",
                    "are commanders-in-chief", "is not one of its [[generals]]", "has no units", "unknown kind",
                    "strength is at least 1", 'or "" for none', "skill is one of", "units are at least"],
        "paris": ["layout is", "unknown terrain", "count is units", "weights: unknown type", "unknown side 'crown'",
                  "unknown type 'Q'", "no unit 'ghost'", "two sides (seed 000 §14)", "[edges] names 'spain'",
                  "its edge is north or south", "side league: a unit faces a vertex", "wing nevers: unknown side",
                  "is not a hex", "is off the map", "unknown type 'X'", "has no fire factor", "(§7)", "(§12)",
                  "stands on nevers-f1: one infantry", "stands on the enemy's", "unit id 'biron-g2' is used twice",
                  "leader id 'mayenne' is used twice", "stands with no unit of wing", "option guise: no wing",
                  "option coligny-reiters: no side", "option guise: the order is"],
        "portable": ["is not a square", "off the 8x8 grid", "standing_order is", "holds the enemy's",
                     "unit id 'n-inf1' is used twice", "unknown unit type", "class is one of",
                     "only artillery takes facing", "only artillery takes horse", "a gun faces", "infantry is in",
                     "is river", "already holds", "has no commander", "two armies, not 1", "the grid is 2 to"],
        "skirmish": ["unknown terrain 'castle'", "is off the 90 by 90 cm table", "the key point:", "perimeter 'moat'",
                     "defender 'austrians'", "format is small", "id 'zouave-1' is used twice", "unknown profile",
                     "crew_at gives one place", "gun1's crew", "an edge is", "side french: company main",
                     "stands on zouave-3's base", "are not figures of french", "are in another group",
                     "its leader zouave-9 is not one of its members", "the Leader zouave-1 is more than",
                     "two sides, each"],
    }.items():
        missed = [n for n in needles if n not in shown[name]]
        assert not missed, (name, missed, shown[name])


def test_the_russian_problems_cite_the_rules_as_the_russian_texts_do():
    set_language("ru")
    shown = {name: _all(name, "ru") for name in ("brigade", "paris", "portable", "skirmish")}
    assert "(§5.1 Роль Главнокомандующего: у каждой армии есть главнокомандующий)" in shown["brigade"]
    assert "отряды стоят не ближе 1 дюйма друг к другу (R28)" in shown["brigade"]
    assert "layout: odd-r или even-r (разъяснение R2)" in shown["paris"]
    assert "гекс 1610 за пределами карты (рядов: 12, столбцов: 16)" in shown["paris"]
    assert "отряд nevers-f2 в гексе 1010: стоит на nevers-f1, а в гексе может быть только один отряд пехоты или " \
           "кавалерии (§9.1)" in shown["paris"]
    assert "standing_order — одно из: retreat, lose, ask («Правила реакции на попадания»; R22)" in shown["portable"]
    assert "format: small, medium или large («Дополнение I. Подготовка к сражению»)" in shown["skirmish"]
    assert "(таблицы [bases]; разъяснение S49)" in shown["skirmish"]
    assert "сторона french: " in shown["skirmish"]


def test_a_skirmish_tables_error_is_named_in_russian():
    set_language("ru")
    found = _checked("skirmish", rulesets.get("skirmish").scenario_template, "ru")
    assert found == []
    rs = rulesets.get("skirmish")
    assert rs.check_scenario is not None
    broken = rs.check_scenario(rs.scenario_template, {**rs.tables, "bases": {}})
    assert len(broken) == 1 and broken[0].message.startswith("таблицы skirmish: ")

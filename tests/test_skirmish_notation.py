"""The post notation of `skirmish`: every verb's documented example parses, prints back as it was
meant and parses again to the same action; unreadable lines name their line."""

from __future__ import annotations

import pytest

from adjudicator.errors import BadInput
from adjudicator.notation import format_action, parse
from adjudicator.rulesets.skirmish.notation import EXAMPLES, VERBS, facing
from events import skirmish as ev
from events.skirmish import Fight, FigurePath, Placement


def example(verb) -> str:
    """The line of the verb `adjudicator help skirmish` shows (notation.EXAMPLES)."""
    return EXAMPLES[verb.words]


@pytest.mark.parametrize("verb", VERBS, ids=lambda v: v.words)
def test_every_verb_has_an_example_that_reads_back_the_same(verb):
    text = example(verb)
    assert text.lower().startswith(verb.words)
    (line,) = parse(text, VERBS, "french").lines
    assert isinstance(line.action, verb.action)
    again = format_action(line.action, VERBS)
    assert parse(again, VERBS, "french").lines[0].action == line.action


def one(text: str):
    return parse(text, VERBS, "french").lines[0].action


def test_a_group_moves_figure_by_figure_and_a_figure_along_its_own_path():
    assert one("move zug musketeer-1 25,66; musketeer-2 29.5,66 28,60 facing south") == ev.Move(
        unit="zug", paths=(FigurePath(figure="musketeer-1", points=((25.0, 66.0),)),
                           FigurePath(figure="musketeer-2", points=((29.5, 66.0), (28.0, 60.0)))), facing=270.0)
    assert one("move jaeger-1 62,50 60,46") == ev.Move(unit="jaeger-1", paths=(
        FigurePath(figure="jaeger-1", points=((62.0, 50.0), (60.0, 46.0))),))
    assert one("move jaeger-1 facing ne") == ev.Move(unit="jaeger-1", facing=45.0)
    assert format_action(one("move jaeger-1 62,50 60,46"), VERBS) == "move jaeger-1 62,50 60,46"


def test_facings_are_degrees_from_east_or_compass_words():
    assert [facing(w) for w in ("north", "N", "west", "south-east", "45", "-90", "450")] == [90, 90, 180, 315, 45, 270, 90]
    with pytest.raises(ValueError, match="no facing"):
        facing("up")


def test_the_other_sides_decisions_and_the_melee():
    assert one("hits musketeer-3 musketeer-4 pr-sgt pass pr-sgt to musketeer-5") == ev.Allocate(
        figures=("musketeer-3", "musketeer-4", "pr-sgt"), pass_to={"pr-sgt": "musketeer-5"})
    assert one("melee warrior-3 vs private-2 occupy; warrior-4+warrior-5 vs private-3") == ev.Melee(fights=(
        Fight(attackers=("warrior-3",), defenders=("private-2",), occupy=True),
        Fight(attackers=("warrior-4", "warrior-5"), defenders=("private-3",))))
    assert one("shoot zug at zouave-4 and at zouave-5 with musketeer-1 musketeer-2 reloading musketeer-7 through suppressed") \
        == ev.Shoot(unit="zug", target="zouave-4", second="zouave-5", split=("musketeer-1", "musketeer-2"),
                    reloaders=("musketeer-7",), include_suppressed=True)
    assert one("keep french") == ev.Reroll(command="french") and one("reroll french 1 2") == ev.Reroll(command="french", faces=(1, 2))
    assert one("stand jaeger-1") == ev.Evade(unit="jaeger-1", evade=False)
    assert one("place m1 rifle-1 at 114,31 facing west; rifle-2 at 116,33") == ev.RevealAmbush(marker="m1", placements=(
        Placement(figure="rifle-1", at=(114.0, 31.0), facing=180.0), Placement(figure="rifle-2", at=(116.0, 33.0))))


def test_standing_orders_read_as_they_are_said():
    assert one("standing fire all within 20") == ev.StandingOrder(kind="fire", when="within", value=20.0)
    assert one("standing fire jaeger-2 at chargers") == ev.StandingOrder(kind="fire", unit="jaeger-2", when="chargers")
    assert one("standing reroll prussians below 3") == ev.StandingOrder(kind="reroll", unit="prussians", when="below", value=3.0)
    assert format_action(one("standing evade all never"), VERBS) == "standing evade all never"


UNREADABLE = {
    "move zug musketeer-1 25:66": "line 2: move: '25:66' is not a position X,Y",
    "shoot zug zouave-4": "line 2: shoot: usage: shoot UNIT at TARGET",
    "activate zug": "line 2: activate: usage: activate UNIT ACTION",
    "hits a pass b": "line 2: hits: usage: hits FIGURE",
    "melee a b c": "line 2: melee: usage: melee ATTACKER",
    "standing fire zug within far": "line 2: standing: standing: 'far' is not a number",
    "deploy z1 10,10": "line 2: deploy: 'z1 10,10': write FIGURE at X,Y",
    "turn gun-1 90": "line 2: turn: usage: turn GUN to F",
    "end deployment now": "line 2: end deployment: `end deployment` takes nothing after it",
}


def test_an_unreadable_line_is_named_with_its_usage():
    for text, said in UNREADABLE.items():
        with pytest.raises(BadInput) as e:
            parse("roll initiative\n" + text, VERBS, "french")
        assert str(e.value).startswith(said), (text, str(e.value))


def test_the_readme_documents_every_verb_with_its_example():
    from pathlib import Path

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    for verb in VERBS:
        assert f"`{example(verb)}`" in readme, verb.words


@pytest.mark.parametrize("verb", VERBS, ids=lambda v: v.words)
def test_every_example_in_russian_reads_as_the_same_action(verb):
    """Issue 21: the example `adjudicator --lang ru help skirmish` shows (its verb and fixed words in
    Russian, the words before a `;` too) is read as the English line it stands for."""
    from adjudicator.aliases import aliases

    text = example(verb)
    russian = aliases("skirmish").russian(text)
    assert not any(w in russian.split() for w in ("west", "west;", "occupy;", "facing", "at")), russian
    (line,) = parse(russian, VERBS, "french", "skirmish").lines
    assert line.action == parse(text, VERBS, "french").lines[0].action


def test_a_russian_unreadable_line_is_named_with_its_usage_in_russian():
    from adjudicator.i18n import set_language

    set_language("ru")
    try:
        for text, said in {"активировать zug": "строка 2: активировать: как писать: активировать ОТРЯД ДЕЙСТВИЕ",
                           "двигать zug musketeer-1 25:66": "строка 2: двигать: '25:66' — не позиция X,Y в см",
                           "расставить z1 10,10": "строка 2: расставить: 'z1 10,10': пишите БОЕЦ по X,Y",
                           "постоянно огонь zug ближе далеко": "строка 2: постоянно: постоянно: 'далеко' — не число"}.items():
            with pytest.raises(BadInput) as e:
                parse("бросок инициативы\n" + text, VERBS, "french", "skirmish")
            assert str(e.value).startswith(said), (text, str(e.value))
    finally:
        set_language(None)

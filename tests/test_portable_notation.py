"""The post notation of `portable`: what a player types, what it means, and what it refuses to read."""

from __future__ import annotations

import pytest

from adjudicator import core
from adjudicator.errors import BadInput
from adjudicator.notation import format_action, parse
from adjudicator.rulesets.portable import RULESET
from events.portable import (
    Bombard, EndActivation, EndArtillery, Face, Fire, Form, Melee, Move, Occupy, React, StandingOrder,
)

VERBS = core.VERBS + RULESET.verbs


def _one(text: str):
    return parse(text, VERBS, "red").lines[0].action


@pytest.mark.parametrize("text,action", [
    ("bombard egy-gun1 at mah-sp1", Bombard(gun="egy-gun1", target="mah-sp1")),
    ("Bombard EGY-GUN1 at f4", Bombard(gun="egy-gun1", target="F4")),
    ("end artillery", EndArtillery()),
    ("move egy-inf1 C4 C5", Move(unit="egy-inf1", path=("C4", "C5"))),
    ("move egy-inf1 c4-c5", Move(unit="egy-inf1", path=("C4", "C5"))),
    ("move egy-inf1 C4>C5", Move(unit="egy-inf1", path=("C4", "C5"))),
    ("move aus-gun2 J9 with aus-tr1", Move(unit="aus-gun2", path=("J9",), tow="aus-tr1")),
    ("fire egy-mg1 at mah-rf1", Fire(unit="egy-mg1", target="mah-rf1")),
    ("melee mah-sp1 at egy-inf1", Melee(unit="mah-sp1", target="egy-inf1")),
    ("occupy mah-sp1", Occupy(unit="mah-sp1")),
    ("form egy-inf1 square", Form(unit="egy-inf1", formation="square")),
    ("face egy-gun1 East", Face(unit="egy-gun1", facing="e")),
    ("react egy-inf1 retreat E5", React(unit="egy-inf1", choice="retreat", square="E5")),
    ("react egy-inf1 lose", React(unit="egy-inf1", choice="lose")),
    ("standing order retreat", StandingOrder(choice="retreat")),
    ("standing order egy-gun1 ask", StandingOrder(unit="egy-gun1", choice="ask")),
    ("end activation", EndActivation()),
])
def test_each_verb_reads_and_prints_back(text, action):
    assert _one(text) == action
    assert _one(format_action(action, VERBS)) == action


@pytest.mark.parametrize("text,says", [
    ("move egy-inf1", "usage: move UNIT"),
    ("move egy-inf1 C4 Z9Z", "is not a square"),
    ("fire egy-inf1 mah-sp1", "usage: fire UNIT at"),
    ("react egy-inf1 run", "usage: react"),
    ("form egy-inf1 column", "usage: form"),
    ("face egy-gun1 up", "usage: face"),
    ("end activation now", "takes nothing"),
    ("standing order maybe", "usage: standing order"),
])
def test_unreadable_lines_name_the_line_and_the_usage(text, says):
    with pytest.raises(BadInput) as e:
        parse("# turn 1\n" + text, VERBS, "red")
    assert "line 2" in str(e.value) and says in str(e.value)

"""The brigade post notation: every action prints back to text that parses to the same action,
and unreadable lines are refused with their usage."""

from __future__ import annotations

import pytest

from events import brigade as ev
from adjudicator.errors import BadInput
from adjudicator.notation import format_action, parse
from adjudicator.rulesets.brigade import RULESET
from adjudicator import core

VERBS = core.VERBS + RULESET.verbs
SAMPLES = [
    ev.RollSkills(), ev.RollInitiative(), ev.ChooseInitiative(take=True), ev.ChooseInitiative(take=False),
    ev.ChangeOrder(brigade="kempt", order="attack", objective="ventosa"),
    ev.ChangeOrder(brigade="anson", order="support", objective="stopford", flank="left"),
    ev.BrigadierInitiative(brigade="pack", order="withdraw"),
    ev.AutomaticOrder(brigade="kempt", order="hold", reason="repulsed"),
    ev.SetOrder(brigade="kempt", order="hold", objective="hill"), ev.Done(),
    ev.Move(piece="b45", x=16.5, y=18.25), ev.Charge(unit="b3d", target="f6l", kind="counter", by_cinc=True),
    ev.Charge(unit="b3d", target="f6l"), ev.Fire(unit="bros", target="f1a"),
    ev.RollFor(expr="2d6", unit="b45", purpose="morale test"),
    ev.Casualties(unit="b45", count=3, roll_seq=57), ev.Casualties(unit="b45", count=1),
    ev.UnitStatus(unit="b45", status="wavering", roll_seq=12), ev.BrigadeMorale(brigade="kempt", result="mass-panic"),
    ev.GeneralFate(general="picton", fate="wounded"), ev.Control(place="bridge", side="none"),
    ev.ObjectiveTaken(brigade="kempt"),
]


@pytest.mark.parametrize("action", SAMPLES, ids=lambda a: type(a).__name__)
def test_format_then_parse_gives_the_same_action(action):
    text = format_action(action, VERBS)
    assert parse(text, VERBS, "british").lines[0].action == action


@pytest.mark.parametrize("line, words", [
    ("change order kempt hold", "usage: change order"),
    ("change order kempt to charge", "is not an order"),
    ("move b45 16,18", "usage: move"),
    ("move b45 to 16,north", "is not a number"),
    ("charge b45 f6l", "usage: charge"),
    ("casualties b45 many", "not a number of figures"),
    ("casualties b45 99999999999999999999", "not a number of figures"),
    ("status b45 routed from 99999999999999999999", "no game has that many events"),
    ("roll 2d6 for b45", "usage: roll EXPR for UNIT PURPOSE"),
    ("automatic kempt hold", "usage: automatic"),
])
def test_unreadable_lines_name_their_line(line, words):
    with pytest.raises(BadInput) as e:
        parse(f"# a comment\n{line}\n", VERBS, "british")
    assert "line 2" in str(e.value) and words in str(e.value)

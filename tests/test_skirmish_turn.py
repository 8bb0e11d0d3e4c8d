"""A whole turn of Scenario 1 through the rule functions, as the engine's glue will call them:
§Initiative, §Actions, §Movement, §Fire in the enemy's turn, §Shooting, §Suppressed fighters, the end
of the turn and the Morale Points check."""

from __future__ import annotations

import tomllib
from pathlib import Path

from adjudicator.rulesets.skirmish import actions, initiative, movement, reaction, setup, shooting, suppression, victory
from events.skirmish import Allocate
from test_skirmish_support import TABLES, Dice, path

SCENARIO = Path(__file__).resolve().parent.parent / "adjudicator" / "rulesets" / "skirmish" / "scenarios" / "key-point.toml"


def test_a_turn_of_the_key_point():
    """«После того, как инициативный игрок закончил все свои действия, игрок без инициативы может
    потратить свои ОД ... Как только он закончил свои манипуляции с ОД, ход заканчивается»."""
    s = setup.initial_state(tomllib.loads(SCENARIO.read_text(encoding="utf-8")), TABLES, "key-point")
    s = initiative.roll(s, Dice(6, 5, 3, 2, 2, 3)).state  # French 14, Prussians 7
    # the Zouave lieutenant may roll one die again; the French keep theirs
    s = initiative.settle(s, Dice()).state
    assert s.order == ("french", "prussians") and s.active == "french"
    assert (s.commands["french"].ap, s.commands["prussians"].ap) == (14, 7)

    # the first section (a line of a sergeant and seven Zouaves) advances 8 cm
    assert actions.declaration_violations(s, "french", "first-section", ["move"]) == []
    s = actions.activate(s, "first-section", ["move"]).state
    assert s.commands["french"].ap == 14 - (1 - 1)  # AV 1/2/3, a Musician in the section
    members = s.groups["first-section"].members
    step = [path(m, (s.figures[m].x, s.figures[m].y + 8)) for m in members]
    assert movement.check_move(s, "french", "first-section", step, None) == []
    s = movement.move(s, "first-section", step, None).state

    # the Prussian Zug, not yet acting, fires at the moving Zouaves from its whole pool (ruling S29)
    assert reaction.check_react(s, "prussians", "zug", "zouave-4", 8.0) == []
    dice = Dice(5, *([4] * 9))  # the test 5 > 3; 9d6 = 36 at long range (9+): 4 hits
    shot = reaction.react(s, "prussians", "zug", "zouave-4", 8.0, dice)
    assert dice.done()
    s = shot.state
    assert s.commands["prussians"].ap == 6 and shot.hits == 4
    assert [h.side for h in s.hits] == ["french"]  # a close-order group: its owner places the hits
    assert shooting.validate_allocate(s, "french", Allocate(figures=("zouave-4", "zouave-3", "zouave-5", "zouave-2"))) == []
    s = shooting.allocate(s, ["zouave-4", "zouave-3", "zouave-5", "zouave-2"], {}, Dice(2, 5, 1, 3)).state
    assert [s.figures[f].status for f in ("zouave-4", "zouave-3", "zouave-5", "zouave-2")] == \
        ["suppressed", "out", "suppressed", "suppressed"]

    # a Zouave is gone from the middle of the line: the section is no longer one group
    assert s.activation is None
    from adjudicator.rulesets.skirmish import groups
    assert [v.code for v in groups.validate_group(s, s.groups["first-section"])] == ["group/apart"]

    # the suppressed Zouaves acted with their group this turn: they recover next turn; the French pass
    assert [v.code for v in actions.declaration_violations(s, "french", "zouave-2", ["recover"])] == ["activation/again"]
    s = initiative.end_actions(s, "french").state
    assert s.active == "prussians" and s.commands["french"].ap == 6  # 14 kept down to 6

    # the Prussians spend nothing more; the turn ends and the Morale Points are counted
    s = initiative.end_actions(s, "prussians").state
    assert s.phase == "initiative" and s.turn == 2
    out = victory.check(s)
    assert out.state.morale["french"] == s.morale_start["french"] - 1 and out.state.result == ""
    assert suppression.actions_needed(s, s.figures["zouave-2"]) == 1

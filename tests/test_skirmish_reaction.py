"""Seed 001 §Fire in the enemy's turn (Стрельба в ход противника), §Initiative (AP kept for Reaction
Actions), §Aiming."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.skirmish import melee, movement, reaction
from test_skirmish_support import Dice, activate, board, codes, fig, path, put


def zouave_leaves_the_bushes(**kw):
    """A Prussian (AV 1/2/3) watching; a Zouave moves out 12 cm in the open."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("z2", "red", "zouave", (40, 20)),
              fig("p", "blue", "prussian", (20, 70)), enemy_ap=4, **kw)
    s = activate(s, "z", "move")
    return movement.move(s, "z", [path("z", (20, 32))], None).state


def test_the_prussian_example_one_ap_spent_on_a_failed_test_and_no_second_try():
    """«Чтобы выстрелить, нужно пройти тест (выкинуть больше, чем последняя цифра СД) и потратить ОД,
    как если бы это было первое действие в ходу. В любом случае ОД тратятся даже при провале теста.
    Боец/Группа может пытаться стрелять во вражеский ход только один раз! ... пруссак (СД 1/2/3) ...
    тратит 1 ОД и кидает тест. Ему нужно выкинуть 4+ ... Увы, он выкинул 3 – неудача. В этот момент
    рядом выходит группа из еще трех зуавов, но ... второй такой возможности ему не дано» — T001-05."""
    s = zouave_leaves_the_bushes()
    assert s.moving == "z"
    assert reaction.check_react(s, "blue", "p", "z", 6.0) == []
    result = reaction.react(s, "blue", "p", "z", 6.0, Dice(3))
    assert result.state.commands["blue"].ap == 3 and result.hits == 0 and result.plan is None
    s = result.state
    s = activate(s, "z2", "move")
    s = movement.move(s, "z2", [path("z2", (40, 32))], None).state
    assert codes(reaction.check_react(s, "blue", "p", "z2", 0.0)) == ["react/twice"]


def test_a_passed_test_shoots_at_the_mover_where_it_was_interrupted():
    """«вы можете прервать это движение в любой удобный вам момент и пострелять» (ruling S15: a figure
    the shot suppresses stops there)."""
    s = zouave_leaves_the_bushes()
    dice = Dice(4, 5, 5, 3)  # test 4 > 3; 2d6 = 10 at long range (9+): a hit; damage 3: suppressed
    result = reaction.react(s, "blue", "p", "z", 6.0, dice)
    assert dice.done() and result.hits == 1
    z = result.state.figures["z"]
    assert z.status == "suppressed" and z.y == pytest.approx(26.0)


def test_a_missed_mover_finishes_its_move():
    s = zouave_leaves_the_bushes()
    result = reaction.react(s, "blue", "p", "z", 6.0, Dice(5, 1, 1))
    assert result.hits == 0 and result.state.figures["z"].y == pytest.approx(32.0)


def test_an_aimed_unit_may_roll_the_test_again_and_loses_its_aim_either_way():
    """«Прицеливаться нельзя, но если последним предыдущим действием бойца/Группы было Прицеливание,
    то он считается прицеливавшимся, а также может перекинуть неудачный тест ... Прицеливание
    пропадает в любом случае, даже если выстрела не состоялось»."""
    s = put(zouave_leaves_the_bushes(), "p", aimed=True)
    failed = reaction.react(s, "blue", "p", "z", 6.0, Dice(2, 1))
    assert not failed.state.figures["p"].aimed and failed.hits == 0
    dice = Dice(2, 5, 4, 4, 1, 3)  # fails, again 5 passes; aimed 3d6 = 9 at long range: a hit; 3 + 1 = 4
    shot = reaction.react(s, "blue", "p", "z", 6.0, dice)
    assert dice.done() and shot.plan is not None and shot.plan.aimed and shot.plan.dice == 3 and shot.hits == 1
    assert shot.state.figures["z"].status == "out"


def test_only_the_player_not_acting_reacts_and_only_to_a_move():
    s = board(fig("z", "red", "zouave", (20, 20)), fig("p", "blue", "prussian", (20, 70)), enemy_ap=4)
    assert codes(reaction.check_react(s, "blue", "p", "z", 0.0)) == ["react/no-move"]
    s = zouave_leaves_the_bushes()
    assert codes(reaction.check_react(s, "red", "z2", "z", 0.0)) == ["react/own"]
    later = activate(s, "z2", "aim")  # another activation: the move can no longer be interrupted
    assert codes(reaction.check_react(later, "blue", "p", "z", 6.0)) == ["react/no-move"]
    assert codes(reaction.check_react(s, "blue", "p", "z2", 0.0)) == ["react/target"]
    assert codes(reaction.check_react(s, "blue", "p", "z", 13.0)) == ["react/at"]
    poor = zouave_leaves_the_bushes()
    import msgspec
    poor = msgspec.structs.replace(poor, commands={**poor.commands, "blue": msgspec.structs.replace(poor.commands["blue"], ap=0)})
    assert codes(reaction.check_react(poor, "blue", "p", "z", 6.0)) == ["react/ap"]
    unloaded = put(zouave_leaves_the_bushes(), "p", loaded=False)
    assert codes(reaction.check_react(unloaded, "blue", "p", "z", 6.0)) == ["shoot/cannot"]


def test_fire_at_chargers_is_always_at_effective_range_without_the_running_penalty():
    """«Если боец/Группа стреляют по врагу, атакующему их врукопашную, дистанция всегда считается
    Эффективной без пенальти за бегущую цель»."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("p", "blue", "prussian", (20, 34.5)), enemy_ap=4)
    s = activate(s, "z", "charge")
    s = melee.charge(s, "red", "z", "p", [path("z", (20, 32))], Dice()).state
    assert s.charging
    p = reaction.react(s, "blue", "p", "z", 0.0, Dice(4, 3, 3, 1)).plan
    assert p is not None and p.band == "effective" and p.need == 7  # 12 cm away: close, read as effective

"""Seed 001 §Initiative (ИНИЦИАТИВА), §Appendix I: Large format, §Special rules: Officer, Senior
Officer, *Agitators."""

from __future__ import annotations

import msgspec

from adjudicator.rulesets.skirmish import initiative
from events.skirmish import Distribute, Reroll
from test_skirmish_support import Dice, board, codes, fig


def two_sides(**extra):
    return board(fig("r1", "red", "zouave", (10, 10)), fig("b1", "blue", "prussian", (10, 100)), phase="initiative", **extra)


def test_the_higher_roll_wins_and_each_roll_is_that_players_ap():
    """«В начале каждого хода каждый игрок кидает 3d6. Выкинувший большую сумму выиграл и ходит
    первым ... Пример: игрок А бросил 12, а игрок Б – 5. Игрок А выиграл инициативу, и у него 12 ОД,
    а игрок Б имеет всего 5 ОД» (each player rolls 3d6; the higher total moves first; the totals are
    their AP: A 12, B 5) — T001-01."""
    s = initiative.roll(two_sides(), Dice(4, 4, 4, 1, 2, 2)).state
    out = initiative.settle(s, Dice())
    assert out.state.order == ("red", "blue")
    assert out.state.commands["red"].ap == 12 and out.state.commands["blue"].ap == 5
    assert out.state.phase == "activation" and out.state.active == "red"


def test_ties_are_rolled_again():
    """«Ничьи перебрасываются» (ties are rolled again); the new totals are the AP (ruling S2)."""
    s = initiative.roll(two_sides(), Dice(3, 3, 3, 2, 3, 4)).state
    dice = Dice(1, 1, 1, 6, 6, 6)
    out = initiative.settle(s, dice)
    assert dice.done() and out.state.order == ("blue", "red")
    assert out.state.commands["blue"].ap == 18 and out.state.commands["red"].ap == 3


def test_banked_ap_are_at_most_six_and_join_the_next_roll():
    """«До 6 ОД можно отложить, чтобы использовать их на Ответные Действия ... если вы их не
    потратили до своей следующей инициативы, то они добавляются ... Пример: игрок А сохранил 4 ОД
    из своих 12 ... потратил 2 из отложенных ... выкинув 8 (допустим, игрок Б выкинул 9) ... он
    добавил те отложенные и сохраненные 2 ОД к своим 8-ми, получив 10» — T001-02."""
    s = initiative.settle(initiative.roll(two_sides(), Dice(4, 4, 4, 1, 2, 2)).state, Dice()).state
    s = msgspec.structs.replace(s, commands={**s.commands, "red": msgspec.structs.replace(s.commands["red"], ap=4)})
    s = initiative.end_actions(s, "red").state  # A keeps 4 of 12 and hands over
    assert s.commands["red"].ap == 4 and s.active == "blue"
    s = msgspec.structs.replace(s, commands={**s.commands, "red": msgspec.structs.replace(s.commands["red"], ap=2)})  # two reactions at 1 AP
    s = initiative.end_actions(s, "blue").state
    assert s.phase == "initiative" and s.turn == 2
    s = initiative.roll(s, Dice(2, 3, 3, 3, 3, 3)).state  # A 8, B 9
    out = initiative.settle(s, Dice()).state
    assert out.order == ("blue", "red") and out.commands["red"].ap == 10


def test_more_than_six_unspent_ap_are_lost_when_passing():
    s = initiative.settle(initiative.roll(two_sides(), Dice(6, 6, 5, 1, 1, 1)).state, Dice()).state
    out = initiative.end_actions(s, "red")
    assert out.state.commands["red"].ap == 6 and "11 lost" in str(out.lines[0])


def test_large_format_companies_act_in_order_of_their_rolls_ties_to_the_greater_side_total():
    """«У каждого Отряда свой бросок на Инициативу ... Если у разных отрядов одинаковые значения –
    первыми ходят те, чья сторона в сумме имеет больший результат ... британская пехота (12),
    хайлендеры (8), гусары (14) ... зусулов (6), второй такой же отряд (14), отряд старых зусулов
    (10) ... Гусары (ибо у англичан общая сумма больше – 34 против 30), молодые зусулы, британская
    пехота, старые зусулы, хайлендеры и в конце – первый отряд молодых непокорных зусулов» — T001-08."""
    figures = []
    for side, companies in (("red", ("infantry", "highlanders", "hussars")), ("blue", ("young-1", "young-2", "old"))):
        for i, c in enumerate(companies):
            figures.append(fig(f"{c}-sgt", side, "british-sergeant" if side == "red" else "induna",
                               (10 + 20 * i, 10 if side == "red" else 100), company=c))
    s = board(*figures, fmt="large", phase="initiative")
    assert list(s.commands) == ["infantry", "highlanders", "hussars", "young-1", "young-2", "old"]
    dice = Dice(4, 4, 4, 2, 3, 3, 5, 5, 4, 2, 2, 2, 5, 5, 4, 3, 3, 4)
    s = initiative.roll(s, dice).state
    out = initiative.settle(s, Dice()).state
    assert out.order == ("hussars", "young-2", "infantry", "old", "highlanders", "young-1")
    assert out.commands["hussars"].ap == 14 and out.commands["young-1"].ap == 6


def test_an_officer_lets_his_company_roll_one_initiative_die_again_two_if_outstanding():
    """§Special rules: Officer «Пока он жив и не подавлен, отряд может перебрасывать один d6 при
    тестах на Инициативу. Офицер может быть Выдающимся (+5 очков стоимости), в таком случае позволяет
    перебросить до двух кубиков»."""
    s = board(fig("lt", "red", "zouave-officer", (10, 10)), fig("b1", "blue", "prussian", (10, 100)),
              fig("cpt", "blue", "prussian-officer", (20, 100), extras=["outstanding"]), phase="initiative")
    s = initiative.roll(s, Dice(1, 5, 5, 1, 1, 6)).state
    assert s.commands["red"].rerolls == 1 and s.commands["blue"].rerolls == 2
    assert codes(initiative.validate_reroll(s, "red", Reroll(command="red", faces=(1, 5)))) == ["initiative/no-reroll"]
    assert codes(initiative.validate_reroll(s, "red", Reroll(command="blue", faces=(1,)))) == ["initiative/not-yours"]
    assert codes(initiative.validate_reroll(s, "red", Reroll(command="red", faces=(3,)))) == ["initiative/bad-die"]
    assert codes(initiative.validate_reroll(s, "blue", Reroll(command="blue", faces=(6, 6)))) == ["initiative/bad-die"]
    assert initiative.validate_reroll(s, "red", Reroll(command="red", faces=(1,))) == []
    s = initiative.resolve_reroll(s, "red", Reroll(command="red", faces=(1,)), Dice(6)).state
    assert s.commands["red"].roll == (6, 5, 5) and s.commands["red"].rerolls == 0
    assert s.phase == "initiative"  # blue has still to decide
    s = initiative.resolve_reroll(s, "blue", Reroll(command="blue", faces=(1, 1)), Dice(6, 6)).state
    assert s.phase == "activation" and s.commands["blue"].ap == 18 and s.order == ("blue", "red")


def test_a_suppressed_officer_gives_no_reroll():
    s = board(fig("lt", "red", "zouave-officer", (10, 10), ), fig("b1", "blue", "prussian", (10, 100)), phase="initiative")
    s = msgspec.structs.replace(s, figures={**s.figures, "lt": msgspec.structs.replace(s.figures["lt"], status="suppressed")})
    assert initiative.roll(s, Dice(1, 1, 1, 2, 2, 2)).state.commands["red"].rerolls == 0


def test_agitators_three_alike_and_winning_make_the_company_av_1_1_1_losing_suppresses_it():
    """*Agitators «Если вы выкинули три одинаковых значения при броске на инициативу и при этом
    выиграли инициативу, то СД всех бойцов отряда на этот ход становится 1/1/1. Но если инициатива
    проиграна, то все бойцы Отряда становятся Подавленными»."""
    s = board(fig("r1", "red", "zouave", (10, 10), extras=["agitator"]), fig("r2", "red", "zouave", (20, 10)),
              fig("b1", "blue", "prussian", (10, 100)), phase="initiative")
    won = initiative.settle(initiative.roll(s, Dice(5, 5, 5, 1, 2, 3)).state, Dice()).state
    assert won.commands["red"].turn_av == (1, 1, 1)
    lost = initiative.settle(initiative.roll(s, Dice(2, 2, 2, 6, 6, 1)).state, Dice()).state
    assert lost.figures["r1"].status == lost.figures["r2"].status == "suppressed"


def test_a_stubborn_senior_officer_gives_a_company_in_reach_a_fourth_die_and_a_bank_of_twelve():
    """Senior Officer: Stubborn «Позволяет одному Отряду получать дополнительно d6 при броске на
    Инициативу. Таким образом, этот отряд кидает 4d6 и может сохранять до 12 ОД» (his Leader within
    60 cm; the company named in the force: ruling S32)."""
    s = board(fig("gen", "red", "british-officer", (30, 10), company="staff", extras=["senior-officer", "stubborn"]),
              fig("sgt", "red", "british-sergeant", (50, 10), company="line"),
              fig("b1", "blue", "induna", (10, 100), company="impi"), fmt="large", phase="initiative",
              )
    s = msgspec.structs.replace(s, commands={**s.commands, "line": msgspec.structs.replace(s.commands["line"], stubborn=True)})
    s = initiative.roll(s, Dice(1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3)).state
    assert len(s.commands["line"].roll) == 4
    s = initiative.settle(s, Dice()).state
    s = msgspec.structs.replace(s, commands={**s.commands, "line": msgspec.structs.replace(s.commands["line"], ap=15)})
    assert initiative.end_actions(s, "line").state.commands["line"].ap == 12


def test_a_capable_senior_officer_shares_3d6_points_among_companies():
    """Senior Officer: Capable «Каждую фазу Инициативы получает 3d6 очков, которые может раздать
    любым Отрядам»."""
    s = board(fig("gen", "red", "british-officer", (30, 10), company="staff", extras=["senior-officer", "capable"]),
              fig("sgt", "red", "british-sergeant", (50, 10), company="line"),
              fig("b1", "blue", "induna", (10, 100), company="impi"), fmt="large", phase="initiative")
    s = initiative.roll(s, Dice(1, 1, 1, 2, 2, 2, 6, 6, 6)).state
    s = initiative.settle(s, Dice(4, 4, 4)).state
    assert s.commands["staff"].to_share == 12
    assert codes(initiative.validate_distribute(s, "red", Distribute(shares={"line": 13}))) == ["initiative/too-many"]
    assert codes(initiative.validate_distribute(s, "red", Distribute(shares={"impi": 1}))) == ["initiative/share-not-yours"]
    s = initiative.resolve_distribute(s, "red", Distribute(shares={"line": 12}), Dice()).state
    assert s.commands["line"].ap == 6 + 12 and s.commands["staff"].to_share == 0

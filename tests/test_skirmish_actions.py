"""Seed 001 §Actions and Action Points (ДЕЙСТВИЯ И ОЧКИ ДЕЙСТВИЙ), §Characteristics (AV), §Fighters
and groups, §Movement in buildings, §Special rules: Musician, Hero."""

from __future__ import annotations

from adjudicator.rulesets.skirmish import actions, suppression
from test_skirmish_support import activate, board, codes, fig, put


def group_of_three(**extra):
    return board(fig("sgt", "red", "zouave-sergeant", (20, 20)), fig("z1", "red", "zouave", (24.5, 20)),
                 fig("z2", "red", "zouave", (29, 20)), fig("b1", "blue", "prussian", (20, 100)),
                 groups=({"id": "g", "leader": "sgt", "members": ["sgt", "z1", "z2"]},), **extra)


def test_the_av_gives_the_cost_of_the_first_second_and_third_action():
    """«Боец с СД 1/2/3 первое действие в активацию делает за 1 ОД, второе за 2 ОД, третье – за 3 ОД»
    (AV 1/2/3: 1 AP, then 2, then 3) — T001-07: three actions cost 6; AV 2/3/4 costs 9; a Hero's
    1/1/1 costs 3."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("hero", "red", "zouave", (40, 20), extras=["hero"]),
              fig("b1", "blue", "prussian", (20, 100)))
    assert actions.cost(s, "z", ["move", "move", "move"]) == 6
    assert actions.cost(s, "z", ["move", "aim"]) == 3
    assert actions.cost(s, "hero", ["move", "move", "move"]) == 3
    assert s.figures["hero"].av == (1, 1, 1) and s.figures["hero"].c == 6
    s = put(s, "z", av=(2, 3, 4))
    assert actions.cost(s, "z", ["move", "move", "move"]) == 9


def test_a_group_pays_as_one_figure():
    """«Когда Группа совершает какое-либо действие, то она тратит Очки Действия, как если бы была
    одним бойцом» (a group pays as one figure) — T001-07: a group of AV 1/2/3 pays 6 for three; its
    dearest AV counts (ruling S7)."""
    s = group_of_three()
    assert actions.cost(s, "g", ["move", "move", "move"]) == 6
    s = activate(s, "g", "move", "move", "move")
    assert s.commands["red"].ap == 18 - 6
    assert set(s.acted) == {"sgt", "z1", "z2"}


def test_a_musician_makes_a_groups_first_order_one_ap_cheaper():
    """§Musician «первый приказ, отдаваемый Лидером Группе, стоит на 1 ОД дешевле (т.е. иногда не
    стоит вообще ничего)»."""
    s = board(fig("sgt", "red", "zouave-sergeant", (20, 20)), fig("z1", "red", "zouave", (24.5, 20), extras=["musician"]),
              fig("b1", "blue", "prussian", (20, 100)),
              groups=({"id": "g", "leader": "sgt", "members": ["sgt", "z1"]},))
    assert actions.cost(s, "g", ["aim"]) == 0
    assert actions.cost(s, "g", ["aim", "move"]) == 2


def test_at_most_three_actions_declared_up_front_and_affordable():
    """«В свою активацию боец/группа бойцов не может сделать более 3-х действий. Заявлять все
    запланированные действия бойца/Группы надо сразу перед активацией»."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("b1", "blue", "prussian", (20, 100)), ap=5)
    assert codes(actions.declaration_violations(s, "red", "z", ["move"] * 4)) == ["activation/count"]
    assert codes(actions.declaration_violations(s, "red", "z", ["move", "move", "move"])) == ["activation/ap"]
    assert codes(actions.declaration_violations(s, "red", "z", ["dance"])) == ["activation/kind"]
    assert codes(actions.declaration_violations(s, "blue", "b1", ["move"])) == ["turn/not-yours"]
    s = activate(s, "z", "move", "aim")
    assert codes(actions.check_next(s, "red", "z", "aim")) == ["activation/order"]
    assert actions.check_next(s, "red", "z", "move") == []
    assert codes(actions.declaration_violations(s, "red", "z", ["aim"])) == ["activation/busy"]


def test_a_figure_activates_once_a_turn():
    """Ruling S1: the AV's rising cost would mean nothing if a figure could activate again."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("b1", "blue", "prussian", (20, 100)))
    s = activate(s, "z", "aim")
    s = actions.step(s)
    assert codes(actions.declaration_violations(s, "red", "z", ["aim"])) == ["activation/again"]


def test_two_moves_declared_forbid_shooting():
    """§Shooting modifiers «Если боец/Группа запланировали два движения, то стрелять они в эту
    активацию не могут»."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("b1", "blue", "prussian", (20, 100)))
    assert codes(actions.declaration_violations(s, "red", "z", ["move", "shoot", "move"])) == ["shoot/two-moves"]
    assert actions.declaration_violations(s, "red", "z", ["move", "shoot"]) == []


def test_a_charging_unit_does_nothing_else():
    """§Melee «В ту активацию, когда боец/группа решают атаковать врага, они не могут делать ничего
    больше, кроме как пытаться дойти до этой самой рукопашной схватки»."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("b1", "blue", "prussian", (20, 100)))
    assert codes(actions.declaration_violations(s, "red", "z", ["charge", "shoot"])) == ["charge/only"]
    assert actions.declaration_violations(s, "red", "z", ["charge", "charge"]) == []


def test_buildings_cost_one_ap_in_or_out_and_two_inside_whatever_the_av():
    """§Movement in buildings «нужно ... потратить 1 ОД вне зависимости от характеристик бойцов.
    Чтобы перемещаться по зданию, нужно потратить 2 ОД»."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("b1", "blue", "prussian", (20, 100)))
    s = put(s, "z", av=(2, 3, 4))
    assert actions.cost(s, "z", ["enter", "inside", "leave"]) == 1 + 2 + 1
    assert actions.cost(s, "z", ["move", "enter"]) == 2 + 1


def test_a_suppressed_figure_declares_its_recovery_first():
    """§Suppressed fighters «Подавленный боец не может предпринимать никаких действий ... Чтобы
    восстановиться, боец должен, активировавшись, потратить на восстановление 2 действия. Если в 20см
    от бойца есть не подавленный Лидер, Знаменосец или Герой, то он должен потратить только 1»."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("b1", "blue", "prussian", (20, 100)))
    s = put(s, "z", status="suppressed")
    assert codes(actions.declaration_violations(s, "red", "z", ["move"])) == ["activation/suppressed"]
    assert codes(actions.declaration_violations(s, "red", "z", ["recover", "move"])) == ["activation/suppressed"]
    s2 = activate(s, "z", "recover", "recover", "move")
    s2 = suppression.recover(s2, "z").state
    assert s2.figures["z"].status == "suppressed"
    s2 = suppression.recover(s2, "z").state
    assert s2.figures["z"].status == "ok"
    near = board(fig("z", "red", "zouave", (20, 20)), fig("sgt", "red", "zouave-sergeant", (35, 20)),
                 fig("b1", "blue", "prussian", (20, 100)))
    near = put(near, "z", status="suppressed")
    assert suppression.actions_needed(near, near.figures["z"]) == 1
    near = activate(near, "z", "recover", "move")
    assert suppression.recover(near, "z").state.figures["z"].status == "ok"
    far = put(near, "sgt", x=80.0)
    assert suppression.actions_needed(far, far.figures["z"]) == 2


def test_a_group_acts_only_under_an_unsuppressed_leader():
    """§Fighters and groups «Группа может действовать как группа, только повинуясь приказам Лидера»."""
    s = put(group_of_three(), "sgt", status="suppressed")
    assert codes(actions.declaration_violations(s, "red", "g", ["move"])) == ["group/leader"]

"""Seed 001 §Melee (РУКОПАШНЫЙ БОЙ), §Attack by a group (Атака группой), §Special rules: Cavalry,
Impulsive, Pike, Melee weapon, Ferocious, Veterans, Guard/Elite, Standard, Fanatics, *Cavalry lance,
*Bayonets; §Scenario 4 (the perimeter's re-roll)."""

from __future__ import annotations

import msgspec
import pytest

from adjudicator.rulesets.skirmish import melee
from events.skirmish import Fight, FixBayonets
from test_skirmish_support import Dice, activate, board, codes, fig, path, put


def duel(a="zouave", d="prussian", **kw):
    """Two figures in base contact, no special rules unless given."""
    s = board(fig("a", "red", a, (20, 20)), fig("d", "blue", d, (20, 22.5)), **kw)
    s = put(s, "a", rules=())
    return put(s, "d", rules=())


def fight(s, attackers=("a",), defenders=("d",), dice=(), occupy=False):
    script = Dice(*dice)
    out = melee.resolve_fight(s, Fight(attackers=attackers, defenders=defenders, occupy=occupy), "red", script)
    assert script.done(), script.faces
    return out.state


def test_each_die_at_or_above_the_enemys_c_hits_more_hits_wins_a_tie_parts_them():
    """«Оба участника кидают по 3d6 ... Чтобы попасть по врагу, надо выкинуть больше или равно его
    значению Б. Выкинувший больше попаданий победил – его враг гибнет ... При ничьей участники
    расходятся на 1см» — T001-09: C4 rolls 5 2 6 against C3 (2 hits), C3 rolls 4 4 1 against C4
    (2 hits): a tie."""
    s = put(duel(), "a", c=4)
    tie = fight(s, dice=(5, 2, 6, 4, 4, 1))
    assert tie.figures["a"].status == "ok" and tie.figures["d"].status == "ok"
    assert tie.figures["a"].y == pytest.approx(19.0)
    won = fight(s, dice=(5, 3, 6, 4, 1, 1), occupy=True)
    assert won.figures["d"].status == "out" and won.figures["a"].pos == (20.0, 22.5)
    lost = fight(s, dice=(1, 1, 2, 4, 4, 1), occupy=True)  # the defender wins: it stays (ruling S48)
    assert lost.figures["a"].status == "out" and lost.figures["d"].pos == s.figures["d"].pos


def test_veterans_win_ties():
    """§Veterans «Выигрывают ничьи в рукопашном бою»."""
    s = put(put(duel(), "a", c=4), "d", rules=("veterans",))
    out = fight(s, dice=(5, 2, 6, 4, 4, 1))
    assert out.figures["a"].status == "out"


def test_one_against_two_the_pair_adds_a_die_the_lone_winner_kills_one_or_both():
    """«Один на двоих: ... выберите основного (его параметры используются для боя) и добавляйте один d6
    за дополнительного бойца. Если боец в меньшинстве победил с разницей в одно попадание, он убивает
    одного врага (сначала погибает боец с наименьшим параметром Б ...), если разница выше – убивает обоих»."""
    s = board(fig("a", "red", "zouave", (20, 20)), fig("d1", "blue", "prussian-sergeant", (18.5, 22.2)),
              fig("d2", "blue", "prussian", (21.5, 22.2)))
    s = put(s, "a", rules=())
    # the lone Zouave (C4) against the pair led by the sergeant (C4): 3d6 against 4d6
    by_one = melee.resolve_fight(s, Fight(attackers=("a",), defenders=("d1", "d2")), "red", Dice(4, 4, 1, 4, 1, 1, 1)).state
    assert by_one.figures["d2"].status == "out" and by_one.figures["d1"].status == "ok"  # the lower C dies first
    by_two = melee.resolve_fight(s, Fight(attackers=("a",), defenders=("d1", "d2")), "red", Dice(4, 4, 4, 4, 1, 1, 1)).state
    assert by_two.figures["d1"].status == by_two.figures["d2"].status == "out"
    lost = melee.resolve_fight(s, Fight(attackers=("a",), defenders=("d1", "d2")), "red", Dice(1, 1, 4, 4, 4, 1, 1)).state
    assert lost.figures["a"].status == "out"


def test_cavalry_add_a_die_in_melee_two_when_charging_not_both():
    """§Cavalry «Получает бонус +1d6 в рукопашном бою, +2d6 если атакует» (ruling S20: 5d6 charging,
    4d6 defending); Pike «Лишает кавалеристов, атакующих пикинера или любого бойца в базовом контакте
    с пикинером бонусных кубиков за атаку и за лошадь»."""
    s = duel(a="mounted-infantry")
    assert melee.dice_for(s, s.figures["a"], False, True, s.figures["d"])[0] == 5
    assert melee.dice_for(s, s.figures["a"], False, False, s.figures["d"])[0] == 4
    pike = put(s, "d", rules=("pike",))
    assert melee.dice_for(pike, pike.figures["a"], False, True, pike.figures["d"])[0] == 3
    lame = put(s, "a", horse_hit=True)
    assert melee.dice_for(lame, lame.figures["a"], False, True, lame.figures["d"])[0] == 3


def test_impulsive_add_a_die_when_charging_but_not_foot_against_horse():
    """§Impulsive «Получают бонус +1d6 при атаке. Пехота не получает этот бонус против кавалерии»."""
    s = put(duel(), "a", rules=("impulsive",))
    assert melee.dice_for(s, s.figures["a"], False, True, s.figures["d"])[0] == 4
    assert melee.dice_for(s, s.figures["a"], False, False, s.figures["d"])[0] == 3
    horse = put(s, "d", arm="horse")
    assert melee.dice_for(horse, horse.figures["a"], False, True, horse.figures["d"])[0] == 3


def test_suppressed_fighters_roll_a_die_fewer():
    """§Suppressed fighters «в рукопашной кидает на 1d6 меньше»."""
    s = put(duel(), "d", status="suppressed")
    assert melee.dice_for(s, s.figures["d"], False, False, s.figures["a"])[0] == 2


def test_a_melee_weapon_rolls_one_die_again_ferocious_their_1s_and_the_enemys_6s():
    """§Melee weapon «Позволяет перебросить 1 кубик»; §Ferocious «Могут перебрасывать «1» в рукопашном
    бою и заставлять противника перебрасывать «6»» (ruling S23: the re-rolls that help are taken)."""
    s = put(put(duel(), "a", rules=("melee-weapon",), c=4), "d", c=3)
    # a: 1 2 3 -> its lowest miss (1) again: 5; d: 1 1 1 — a wins 2 to 0
    out = fight(s, dice=(1, 2, 3, 5, 1, 1, 1))
    assert out.figures["d"].status == "out"
    fero = put(put(duel(), "a", rules=("ferocious",), c=4), "d", c=3)
    # a: 1 1 2 -> the 1s again: 6 5; d: 6 6 1 -> a forces the 6s again: 1 1; a wins 2 to 0
    out = fight(fero, dice=(1, 1, 2, 6, 5, 6, 6, 1, 1, 1))
    assert out.figures["d"].status == "out"


def test_a_lance_rolls_two_dice_again_when_charging():
    """*Cavalry lance «при атаке позволяет кавалеристу перебрасывать не 1, а 2 кубика»."""
    s = put(duel(a="mounted-infantry"), "a", rules=("lance",))
    assert melee.melee_weapon_rerolls(s, s.figures["a"], True) == 2
    assert melee.melee_weapon_rerolls(s, s.figures["a"], False) == 1


def test_fixed_bayonets_are_a_melee_weapon_and_fixing_them_is_an_action():
    """*Bayonets «Считаются оружием ближнего боя, если примкнуты ... Войска начинают игру с
    отомкнутыми штыками, примкнуть их – отдельное действие, требующее ОД»."""
    s = duel()
    s = put(s, "a", rules=("bayonets",))
    assert melee.melee_weapon_rerolls(s, s.figures["a"], True) == 0
    s = activate(s, "a", "bayonets")
    assert melee.validate_fix_bayonets(s, "red", FixBayonets(unit="a")) == []
    s = melee.fix_bayonets(s, "a").state
    assert s.figures["a"].bayonet and melee.melee_weapon_rerolls(s, s.figures["a"], True) == 1


def charge_setup(defender_group=True, n_attackers=3, **kw):
    red = [fig("sgt", "red", "zouave-sergeant", (20, 20))] + [fig(f"z{i}", "red", "zouave", (20 + 4.5 * i, 20))
                                                             for i in range(1, n_attackers)]
    blue = [fig("psgt", "blue", "prussian-sergeant", (22, 34)), fig("p1", "blue", "prussian", (26.5, 34))]
    groups = ({"id": "g", "leader": "sgt", "members": ["sgt"] + [f"z{i}" for i in range(1, n_attackers)]},)
    if defender_group:
        groups += ({"id": "pg", "side": "blue", "leader": "psgt", "members": ["psgt", "p1"], **kw},)
    return board(*red, *blue, groups=groups)


def test_charged_by_an_equal_or_greater_group_the_defenders_test_morale_and_flee_on_failing():
    """«Если боец/Группа атакован Группой, равной превосходящей его по численности, необходимо немедленно
    пройти тест на Мораль. Нужно выбросить на d6 меньше параметра Б ... При провале теста защитники
    немедленно становятся подавленными и бегут прочь на 15+d6см»."""
    s = activate(charge_setup(), "g", "charge")
    paths = [path("sgt", (20, 31)), path("z1", (24.5, 31)), path("z2", (29, 31))]
    assert melee.check_charge(s, "red", "g", "psgt", paths) == []
    # average C of the Prussians 3.5 -> 3; the Zouaves 4.33 average: no re-roll for a higher C
    out = melee.charge(s, "red", "g", "psgt", paths, Dice(3, 4))
    st = out.state
    assert st.figures["psgt"].status == "suppressed" and st.figures["p1"].status == "suppressed"
    moved = ((st.figures["psgt"].x - 22) ** 2 + (st.figures["psgt"].y - 34) ** 2) ** 0.5
    assert moved == pytest.approx(19) and st.figures["psgt"].y > 50  # 15 + 4, away from the nearest charger
    held = melee.charge(s, "red", "g", "psgt", paths, Dice(2)).state
    assert held.figures["psgt"].status == "ok" and held.figures["psgt"].y == 34


def test_a_smaller_group_charging_brings_no_morale_test():
    s = activate(charge_setup(n_attackers=1, defender_group=True), "sgt", "charge")
    assert not melee.by_group(s, "sgt", "psgt")


def test_a_failed_test_is_rolled_again_for_a_higher_average_c_guard_and_a_standard():
    """«Проваленный тест можно перебросить, если атакованный боец/Группа имеет в среднем больший Б, чем
    противник, или если обороняет укрепленную позицию»; Guard/Elite «Могут перебрасывать тест на
    Мораль»; Standard «также позволяет перебросить тест (это уникальный случай, когда можно перебросить
    кубик уже переброшенный за Гвардию/Элиту), но только если 50% и более бойцов отряда находятся в 40см
    от знамени» (ruling S16)."""
    s = charge_setup()
    figs = melee.defenders(s, "psgt")
    chargers = [s.figures[f] for f in ("sgt", "z1", "z2")]
    held, lines = melee.morale_test(s, figs, chargers, Dice(5))
    assert not held
    guard = put(s, "p1", rules=("guard",))
    guard = put(guard, "psgt", rules=("guard",))
    held, lines = melee.morale_test(guard, melee.defenders(guard, "psgt"), chargers, Dice(5, 2))
    assert held and "Guard/Elite" in str(lines[1])
    flag = put(guard, "p1", role="standard")
    held, lines = melee.morale_test(flag, melee.defenders(flag, "psgt"), chargers, Dice(5, 6, 1))
    assert held and "standard p1" in str(lines[2])
    stronger = put(put(s, "psgt", c=6), "p1", c=6)
    held, _ = melee.morale_test(stronger, melee.defenders(stronger, "psgt"), chargers, Dice(6, 5))
    assert held


def test_single_figures_and_loose_groups_may_evade_skirmishers_must():
    """«Если Застрельщики, одиночные бойцы или Группа в Рассыпном строю атакованы, они могут
    (Застрельщики обязаны) уклониться от атаки. Уклоняющиеся бойцы также отходят на 15+d6см, но не
    становятся Подавленными при этом. Нельзя уклоняться чаще 1 раза в ход»."""
    s = charge_setup(defender_group=False)
    assert melee.may_evade(s, "p1") == "may"
    assert melee.may_evade(charge_setup(order="close"), "p1") == ""
    skirmishers = put(put(s, "p1", rules=("skirmishers",)), "psgt", rules=("skirmishers",))
    assert melee.may_evade(skirmishers, "p1") == "must"
    fanatics = put(skirmishers, "p1", rules=("skirmishers", "fanatics"))
    assert melee.may_evade(fanatics, "p1") == "may"
    s = activate(s, "g", "charge")
    paths = [path("sgt", (20, 31)), path("z1", (24.5, 31)), path("z2", (29, 31))]
    out = melee.charge(s, "red", "g", "p1", paths, Dice(1), evade=True).state
    assert out.figures["p1"].status == "ok" and "p1" in out.evaded and out.figures["p1"].y > 45
    assert melee.may_evade(out, "p1") == ""


def test_a_loose_group_charged_closes_ranks_and_cannot_charge_itself():
    """«Группа в Рассыпном строю не может атаковать – сперва надо сомкнуть ряды. Если же Группа в
    Рассыпном строю атакована, то она может бесплатно сомкнуть ряды и встретить атаку по общим правилам»."""
    s = charge_setup(order="loose")
    s = put(put(s, "p1", rules=("light",)), "psgt", rules=("light",))
    s = activate(s, "g", "charge")
    paths = [path("sgt", (20, 31)), path("z1", (24.5, 31)), path("z2", (29, 31))]
    out = melee.charge(s, "red", "g", "psgt", paths, Dice(1)).state
    assert out.groups["pg"].order == "close"
    loose_red = charge_setup()
    loose_red = msgspec.structs.replace(loose_red, groups={**loose_red.groups, "g": msgspec.structs.replace(loose_red.groups["g"], order="loose")})
    from adjudicator.rulesets.skirmish import actions
    assert codes(actions.declaration_violations(loose_red, "red", "g", ["charge"])) == ["charge/loose"]


def test_a_charge_goes_straight_and_turns_only_at_a_target_in_view():
    """«Такое движение всегда проводится строго по прямой линии. Если враг на момент начала этого
    движения находится в поле зрения, то можно повернуться бесплатно. Если нет, то поворот будет
    требовать отдельного действия» (ruling S18)."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("p", "blue", "prussian", (30, 30)), fig("q", "blue", "prussian", (20, 5)))
    s = activate(s, "z", "charge")
    assert codes(melee.check_charge(s, "red", "z", "p", [path("z", (20, 25), (28, 28))])) == ["charge/straight"]
    assert melee.check_charge(s, "red", "z", "p", [path("z", (28.2, 28.2))]) == []
    assert codes(melee.check_charge(s, "red", "z", "q", [path("z", (20, 7.6))])) == ["charge/turn"]


def test_fights_are_one_against_one_or_one_against_two_each_figure_once():
    """«Бой Группы всегда разбивается на схватки двух типов ...: «один на один» или «один на двоих».
    Лишние бойцы ждут своей очереди» (ruling S24)."""
    s = board(fig("a", "red", "zouave", (20, 20)), fig("b", "red", "zouave", (24.5, 20)),
              fig("d", "blue", "prussian", (22.25, 21.9)), fig("e", "blue", "prussian", (40, 40)))
    ok = [Fight(attackers=("a", "b"), defenders=("d",))]
    assert melee.check_fights(s, "red", ok) == []
    assert codes(melee.check_fights(s, "red", [Fight(attackers=("a", "b"), defenders=("d", "e"))])) == ["melee/size"]
    assert codes(melee.check_fights(s, "red", [Fight(attackers=("a",), defenders=("e",))])) == ["melee/contact"]
    assert codes(melee.check_fights(s, "red", [Fight(attackers=("a",), defenders=("d",)),
                                                 Fight(attackers=("a",), defenders=("d",))])) == ["melee/twice"]


def test_cavalry_with_a_pistol_volley_fire_as_a_group_before_charging_twice_with_pistols():
    """*Pistol volley «Кавалерия с таким правилом может стрелять как Группа в ту же активацию, когда
    собирается атаковать. Если пистолетов более одного, то можно выстрелить дважды, а третьей активацией
    атаковать. Прицеливаться перед этим запрещается»."""
    from adjudicator.rulesets.skirmish import actions

    s = board(fig("a", "red", "mounted-infantry", (20, 20)), fig("b", "red", "mounted-infantry", (25.5, 20)),
              fig("p", "blue", "prussian", (20, 60)), groups=({"id": "g", "leader": "a", "members": ["a", "b"]},))
    s = put(put(s, "a", role="sergeant", rules=("pistol-volley",)), "b", rules=("pistol-volley",))
    assert actions.declaration_violations(s, "red", "g", ["shoot", "charge"]) == []
    assert codes(actions.declaration_violations(s, "red", "g", ["shoot", "shoot", "charge"])) == ["charge/only"]
    assert codes(actions.declaration_violations(s, "red", "g", ["aim", "shoot", "charge"])) == ["charge/only"]
    two = put(put(s, "a", rules=("pistol-volley", "pistols")), "b", rules=("pistol-volley", "pistols"))
    assert actions.declaration_violations(two, "red", "g", ["shoot", "shoot", "charge"]) == []
    plain = put(put(s, "a", rules=()), "b", rules=())
    assert codes(actions.declaration_violations(plain, "red", "g", ["shoot", "charge"])) == ["charge/only"]


def test_a_group_pulls_in_figures_within_8_cm_skirmishers_and_singles_fight_only_where_reached():
    """«Когда Группа атакует одиночек или Застрельщиков, с вражеской стороны участвуют только те, до
    кого добежали бойцы группы. Если атакована Группа в Плотном или Разомкнутом строю, она может
    подтянуть в схватку всех бойцов, оказавшихся в 8см от противника» (ruling S34)."""
    s = board(fig("a", "red", "zouave", (20, 20)), fig("d", "blue", "prussian-sergeant", (20, 22.5)),
              fig("e", "blue", "prussian", (26, 24)),
              groups=({"id": "pg", "side": "blue", "leader": "d", "members": ["d", "e"]},))
    pair = [Fight(attackers=("a",), defenders=("d", "e"))]
    assert melee.check_fights(s, "red", pair) == []
    skirm = put(s, "e", rules=("skirmishers",))
    assert codes(melee.check_fights(skirm, "red", pair)) == ["melee/contact"]
    alone = board(fig("a", "red", "zouave", (20, 20)), fig("d", "blue", "prussian", (20, 22.5)),
                  fig("e", "blue", "prussian", (26, 24)))
    assert codes(melee.check_fights(alone, "red", pair)) == ["melee/contact"]

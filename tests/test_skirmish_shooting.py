"""Seed 001 §How to shoot (Как стрелять-то?), §Shooting modifiers, §Group fire (volley), §Aiming,
§Reloading, §Special rules: Sniper."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.skirmish import groups, shooting
from events.skirmish import Aim, Allocate, Reload
from test_skirmish_support import Dice, activate, board, codes, fig, put


def zouaves(target_at=(26.75, 60.0), *, extra=(), groups=True, **kw):
    """A sergeant and three Zouaves with muzzle-loading rifles (30/2), 36-40 cm from a Prussian."""
    s = board(fig("sgt", "red", "zouave-sergeant", (20, 20)), fig("z1", "red", "zouave", (24.5, 20)),
              fig("z2", "red", "zouave", (29, 20)), fig("z3", "red", "zouave", (33.5, 20)),
              fig("p1", "blue", "prussian", target_at), *extra,
              groups=({"id": "g", "leader": "sgt", "members": ["sgt", "z1", "z2", "z3"]},) if groups else (), **kw)
    for f in ("sgt", "z1", "z2", "z3"):
        s = put(s, f, weapon="muzzle-rifle")
    return s


def test_range_bands_from_the_effective_range():
    """«5+ на Ближней ... 7+ на Эффективной ... 9+ на Дальней ... 13+ на Предельной ... Ближняя дистанция
    равна половине от Эффективной, Дальняя – удвоенной Эффективной, Предельная – утроенной. Пример:
    суровый французский зуав стреляет из дульнозарядной винтовки (30/2) в пруссака ... в 36см от него.
    Это больше 30см ... но меньше удвоенной ... 60см, стало быть, дистанция Дальняя. Поэтому нужно
    выкинуть 9+» — T001-03 (a limit belongs to the nearer band: ruling S11)."""
    s = zouaves()
    assert shooting.band(s, 36, 30) == ("long", 9)
    assert shooting.band(s, 15, 30) == ("close", 5)
    assert shooting.band(s, 15.1, 30) == ("effective", 7)
    assert shooting.band(s, 30, 30) == ("effective", 7)
    assert shooting.band(s, 60, 30) == ("long", 9)
    assert shooting.band(s, 90, 30) == ("extreme", 13)
    assert shooting.band(s, 90.1, 30) is None
    assert shooting.band(s, 90, 30, extreme=False) is None


def test_dice_two_for_one_plus_one_a_shooter_aim_adds_moving_takes_away():
    """«Боец-одиночка бросает 2d6 ... 5 бойцов бросят 6d6 ... Прицеливание перед стрельбой дает ...
    дополнительный кубик d6 ... Если боец/Группа двигались до, или заявили, что будут двигаться после
    стрельбы, то теряется один кубик d6 ... движение и прицеливание позволяют все равно кидать 2d6»."""
    s = zouaves()
    assert shooting.dice_count(s, 1, aimed=False, moved=False, running=False) == 2
    assert shooting.dice_count(s, 5, aimed=False, moved=False, running=False) == 6
    assert shooting.dice_count(s, 1, aimed=True, moved=True, running=False) == 2
    assert shooting.dice_count(s, 1, aimed=False, moved=True, running=False) == 1
    assert shooting.dice_count(s, 1, aimed=False, moved=True, running=True) == 1  # never fewer than one (S13)


def test_the_volley_example_21_over_9_is_2_hits_27_would_be_3():
    """«зуав перед выстрелом позвал на подмогу еще трех товарищей. Они кинули 5d6 и в сумме выбросили 21!
    Им требовалось 9 для попадания. Делим 21 на 9, округляя вниз, и получаем 2 попадания. А если бы
    зуавы выбросили 27, то нанесли бы 3 попадания» — T001-04."""
    s = activate(zouaves(extra=(fig("p2", "blue", "prussian", (33, 61)),)), "g", "shoot")
    p = shooting.plan(s, "g", "p1", moved=False)
    assert not isinstance(p, list)
    assert p.band == "long" and p.need == 9 and p.dice == 5 and p.volley
    dice = Dice(5, 4, 4, 4, 4, 2, 5)  # the volley, then p1's and p2's damage tests
    result = shooting.shoot(s, "red", "g", "p1", dice)
    assert dice.done() and result.total == 21 and result.hits == 2
    assert result.on == ("p1", "p2")  # the first on the target, the next along the 8 cm chain
    assert result.state.figures["p1"].status == "suppressed" and result.state.figures["p2"].status == "out"
    assert all(not result.state.figures[f].loaded for f in ("sgt", "z1", "z2", "z3"))
    assert shooting.hits_of(27, 9, True) == 3 and shooting.hits_of(26, 9, True) == 2


def test_a_single_shooter_hits_once_on_the_number():
    """«Боец-одиночка бросает 2d6 и должен выкинуть ...» (ruling S13: one hit at most)."""
    assert shooting.hits_of(12, 5, False) == 1
    assert shooting.hits_of(8, 9, False) == 0


def test_with_nobody_left_on_the_chain_a_target_takes_more_than_one_hit():
    """«Если подходящих целей нет, то некоторые цели могут получить более одного попадания»."""
    s = zouaves()
    assert shooting.chain(s, s.figures["p1"], 3) == ["p1", "p1", "p1"]
    far = zouaves(extra=(fig("p2", "blue", "prussian", (45, 61)),))
    assert shooting.chain(far, far.figures["p1"], 2) == ["p1", "p1"]  # 8 cm and more apart: no chain


def test_a_shot_out_of_sight_or_range_is_refused():
    s = activate(zouaves(target_at=(26.75, 115.0)), "g", "shoot")  # beyond 90 cm for everyone
    assert codes(shooting.check_shoot(s, "red", "g", "p1")) == ["shoot/cannot"]
    s = activate(zouaves(target_at=(26.75, 60.0), groups=False), "z1", "shoot")
    s = put(s, "z1", facing=270.0)  # a single figure sees 180° in front of it
    assert codes(shooting.check_shoot(s, "red", "z1", "p1")) == ["shoot/cannot"]


def test_no_shooting_through_enemies_but_at_a_rider_behind_a_man_on_foot():
    """«Нельзя стрелять сквозь врагов (в кавалериста, прячущегося за пехотинцем - можно) и сквозь
    друзей (если они не стоят в базовом контакте со стрелком ...)»."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("p1", "blue", "prussian", (20, 40)),
              fig("p2", "blue", "prussian", (20, 60)), fig("h", "blue", "mounted-infantry", (22, 80)))
    s = activate(s, "z", "shoot")
    assert codes(shooting.check_shoot(s, "red", "z", "p2")) == ["shoot/cannot"]
    assert shooting.check_shoot(s, "red", "z", "h") == []
    friend = board(fig("z", "red", "zouave", (20, 20)), fig("z2", "red", "zouave", (20, 35)),
                   fig("p1", "blue", "prussian", (20, 60)))
    assert codes(shooting.check_shoot(activate(friend, "z", "shoot"), "red", "z", "p1")) == ["shoot/cannot"]
    touching = put(friend, "z2", y=22.6)
    assert shooting.check_shoot(activate(touching, "z", "shoot"), "red", "z", "p1") == []


def test_aiming_adds_a_die_and_is_lost_on_firing():
    """§Aiming «получает дополнительный 1d6 при стрельбе ... Оно теряется, если боец выстрелил»."""
    s = activate(zouaves(groups=False), "z1", "aim", "shoot")
    assert shooting.validate_aim(s, "red", Aim(unit="z1")) == []
    s = shooting.aim(s, "z1").state
    p = shooting.plan(s, "z1", "p1", moved=False)
    assert not isinstance(p, list) and p.dice == 3 and p.aimed
    result = shooting.shoot(s, "red", "z1", "p1", Dice(1, 2, 3))
    assert not result.state.figures["z1"].aimed and result.hits == 0


def test_unaimed_fire_at_a_target_in_cover_rolls_its_5s_again():
    """§Aiming «не обязан перебрасывать «5» при стрельбе по врагу в укрытии» (ruling S12, ours)."""
    woods = ({"id": "wood", "kind": "woods", "points": [[20, 57], [34, 57], [34, 64], [20, 64]]},)
    s = activate(zouaves(groups=False, areas=woods), "z1", "shoot")
    dice = Dice(5, 3, 6, 2)  # 5 and 3; the 5 again: 6; then the damage test 2 - 2 (hard cover)
    result = shooting.shoot(s, "red", "z1", "p1", dice)
    assert dice.done() and result.total == 9 and result.hits == 1
    assert result.state.figures["p1"].status == "suppressed"


def test_a_sniper_rolls_his_1s_again_and_always_counts_as_aimed():
    """§Sniper «Могут перебрасывать «1» при стрельбе. Всегда считаются Прицеливавшимися»."""
    s = activate(put(zouaves(groups=False), "z1", rules=("sniper",)), "z1", "shoot")
    p = shooting.plan(s, "z1", "p1", moved=False)
    assert not isinstance(p, list) and p.aimed and p.dice == 3
    dice = Dice(1, 1, 4, 6, 6, 3)  # 1 1 4; the 1s again: 6 6 -> 16; damage 3 + 1 (aimed) = 4: out
    result = shooting.shoot(s, "red", "z1", "p1", dice)
    assert dice.done() and result.total == 16 and result.state.figures["p1"].status == "out"


def test_three_6s_at_a_close_order_group_put_a_hit_on_its_leader_without_save():
    """«Если стрельба идет по группе в Плотном строю, то противник сам решает, в кого прилетели
    попадания. Однако, если при залпе было минимум три кубика со значениями «5» или минимум три кубика
    со значением «6», то противник обязан положить минимум одно попадание на Лидера ... без спасброска!»"""
    prussians = (fig("psgt", "blue", "prussian-sergeant", (22, 61)), fig("p2", "blue", "prussian", (31.5, 61)))
    s = zouaves(target_at=(26.75, 61.0), extra=prussians)
    s = groups.apply_form(s, "blue", "pg", "psgt", ["p1", "p2"], "close", "", None).state
    s = activate(s, "g", "shoot")
    result = shooting.shoot(s, "red", "g", "p1", Dice(6, 6, 6, 1, 1))
    assert result.hits == 2 and result.on == ()  # 20 / 9: the owner places them
    (h,) = result.state.hits
    assert h.forced and h.count == 2 and h.side == "blue"
    st = result.state
    assert codes(shooting.validate_allocate(st, "blue", Allocate(figures=("p1", "p2")))) == ["hits/forced"]
    assert codes(shooting.validate_allocate(st, "blue", Allocate(figures=("p1",)))) == ["hits/count"]
    assert codes(shooting.validate_allocate(st, "red", Allocate(figures=("p1", "psgt")))) == ["hits/none"]
    assert shooting.validate_allocate(st, "blue", Allocate(figures=("p1", "psgt"))) == []
    dice = Dice(4, 2)  # psgt first, no save: 4 out; p1: 2 suppressed
    out = shooting.allocate(st, ["p1", "psgt"], {}, dice).state
    assert dice.done() and out.figures["psgt"].status == "out" and out.figures["p1"].status == "suppressed"
    assert out.hits == ()


def test_a_leader_may_save_a_hit_and_pass_it_to_a_comrade():
    """«Если жертвой попадания оказался Лидер или другая особая миниатюра ... то она может кинуть
    спасбросок и при успехе переложить попадание на любого товарища» (save 5+, ours: ruling S21)."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("psgt", "blue", "prussian-sergeant", (20, 50)),
              fig("p2", "blue", "prussian", (25, 50)))
    s = activate(s, "z", "shoot")
    dice = Dice(6, 6, 5, 1)  # hit; save 5: passes to p2; p2's damage 1: suppressed
    result = shooting.shoot(s, "red", "z", "psgt", dice)
    assert dice.done() and result.state.figures["psgt"].status == "ok" and result.state.figures["p2"].status == "suppressed"


def test_reloading_takes_the_weapons_actions_in_stages():
    """§Reloading «Перезарядку, требующую 2 и более действий, можно проводить в несколько этапов, не
    обязательно подряд»; the rifle (30/2) takes 2."""
    s = put(zouaves(groups=False), "z1", loaded=False)
    s = activate(s, "z1", "reload")
    assert shooting.validate_reload(s, "red", Reload(unit="z1")) == []
    s = shooting.reload(s, "z1").state
    assert not s.figures["z1"].loaded and s.figures["z1"].reloading == 1
    s = activate(s, "z2", "reload")
    assert codes(shooting.validate_reload(s, "red", Reload(unit="z2"))) == ["reload/loaded"]


def test_a_line_fires_its_first_two_ranks_and_its_rear_ranks_may_reload():
    """§Groups and formations «Первые две шеренги могут стрелять одновременно, не блокируя обзор друг
    другу. Кроме того, когда линия получает групповой приказ «Стрелять», то вторая или третья шеренги
    могут вместо этого перезаряжаться» (ruling S36)."""
    members = [fig("sgt", "red", "zouave-sergeant", (20, 25)), fig("a", "red", "zouave", (24.5, 25)),
               fig("b", "red", "zouave", (29, 25)), fig("c", "red", "zouave", (20, 21)), fig("d", "red", "zouave", (24.5, 21)),
               fig("e", "red", "zouave", (24.5, 17)), fig("p1", "blue", "prussian", (24.5, 60))]
    s = board(*members, groups=({"id": "g", "leader": "sgt", "members": ["sgt", "a", "b", "c", "d", "e"],
                                 "formation": "line", "facing": 90.0},))
    s = put(s, "e", loaded=False)
    s = activate(s, "g", "shoot")
    p = shooting.plan(s, "g", "p1", moved=False)
    assert not isinstance(p, list) and set(p.shooters) == {"sgt", "a", "b", "c", "d"}
    assert codes(shooting.check_shoot(s, "red", "g", "p1", reloaders=["a"])) == ["shoot/reloaders"]
    assert shooting.check_shoot(s, "red", "g", "p1", reloaders=["c", "e"]) == []
    result = shooting.shoot(s, "red", "g", "p1", Dice(1, 1, 1, 1, 1), reloaders=["c", "e"])
    assert result.state.figures["e"].loaded and result.plan is not None and len(result.plan.shooters) == 4


@pytest.mark.parametrize("faces,forced", [((5, 5, 5, 1, 2), True), ((6, 6, 6, 1, 2), True), ((5, 5, 6, 6, 2), False)])
def test_forced_special_needs_three_5s_or_three_6s(faces, forced):
    assert shooting.forced_special(zouaves(), faces) is forced


def test_a_groups_volley_may_be_split_between_two_targets_as_one_action():
    """«Если это сложно определить, то залп Группы можно разделить на два, выбрав две разные цели, все
    равно считая это одним действием»."""
    s = activate(zouaves(extra=(fig("p2", "blue", "prussian", (60, 60)),)), "g", "shoot")
    assert codes(shooting.check_shoot(s, "red", "g", "p1", second="p2")) == ["shoot/split"]
    assert shooting.check_shoot(s, "red", "g", "p1", second="p2", split=("z2", "z3")) == []
    dice = Dice(1, 1, 1, 1, 1, 1)  # two volleys of 3d6 each, both missing
    result = shooting.shoot(s, "red", "g", "p1", dice, second="p2", split=("z2", "z3"))
    assert dice.done() and result.plan is not None and set(result.plan.shooters) == {"sgt", "z1"}
    assert result.state.activation is None  # one action for both
    single = activate(zouaves(groups=False), "z1", "shoot")
    assert codes(shooting.check_shoot(single, "red", "z1", "p1", second="p2", split=("z1",))) == ["shoot/split"]

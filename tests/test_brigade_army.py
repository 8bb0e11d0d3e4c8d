"""Seed 004, chapter XV (deciding the winner): each case quotes the rule."""

from __future__ import annotations

from events import brigade as ev
from adjudicator.rulesets.brigade import army
from test_brigade_helpers import FakeDice, NoDice, apply, edit, engine_codes, turn_to, with_orders

FRENCH_INFANTRY = ["f6l", "f69a", "f69b", "f39a", "f39b", "f76", "f25a", "f25b", "f1a", "f1b", "f36a", "f36b"]
FRENCH_GUNS = ["fbt1", "fbt2", "fbth"]
FRENCH_CAVALRY = ["fc3", "fc22", "fc26"]


def fresh():
    return turn_to(with_orders(), "melee")


def test_french_army_of_the_example_is_worth_67_waver_16_break_33():
    """§15.2: «Одного Главкома = 5, Шести бригадных генералов = 6, Двенадцати батальонов пехоты = 36, Трех
    полков кавалерии = 9, Двух пеших батарей по 4 моделей оружия каждый = 8, Одна конная батарея в 3 модели
    орудия = 3 ... 67 очков, что дает точку «Колебания» Армии 16 очков и точку Опрокидывания Армии 33 очка.»
    (CinC 5, six brigadiers 6, twelve battalions 36, three cavalry regiments 9, two foot batteries of 4 guns
    8, one horse battery of 3 guns 3: 67 points, Waver 16, Break 33.)"""
    s = with_orders()
    f = s.sides["french"]
    assert (f.value, f.waver, f.breakpoint) == (67, 16, 33)
    assert army.points(s.tables, 67) == (16, 33)  # 16.75 and 33.5, rounded down


def test_british_army_value():
    """§15.2 values applied to our British army: Guard battalions 5, line 3, cavalry 3, each gun 1,
    the 95th (skirmishers, not a close-order battalion) 0 (R14)."""
    s = with_orders()
    b = s.sides["british"]
    assert b.value == 5 + 6 + 9 * 3 + 2 * 5 + 3 * 3 + 4 + 2 == 63
    assert (b.waver, b.breakpoint) == (b.value // 4, b.value // 2)


def test_losing_six_battalions_reaches_waver_and_the_test_is_taken():
    """§15.2: «Если бы французы потеряют 6 батальонов пехоты (18 очков), то Армия достигнет точки
    «Колебания».» §15.3: «проходит Тест на Поражение в тот момент, когда «стоимость» ее армии уменьшится
    ... до уровня точки «Колебания»» (losing 6 battalions, 18 points, reaches the Waver point; the test is
    taken at that moment)."""
    s = fresh()
    for u in FRENCH_INFANTRY[:5]:
        s = apply(s, "referee", ev.UnitStatus(unit=u, status="dispersed"))
    assert army.loss(s, "french") == 15 and not s.defeat_tests
    s = apply(s, "referee", ev.UnitStatus(unit=FRENCH_INFANTRY[5], status="dispersed"), FakeDice((6, 6)))
    assert army.loss(s, "french") == 18
    t = s.defeat_tests[-1]
    assert "Waver point reached" in t.reason and t.roll == 12 and not t.defeated
    # the point is reached once: the next dispersal below Break takes no test
    s = apply(s, "referee", ev.UnitStatus(unit=FRENCH_INFANTRY[6], status="dispersed"))
    assert len(s.defeat_tests) == 1


def test_losing_38_points_reaches_break_with_minus_3():
    """§15.2: «Если бы французы потеряют, в дополнение к пехоте, всю артиллерию (11 очков) и все полки
    кавалерии (9 очков), что даст им потерю 38 очков (18+11+9) и они достигнут точки Опрокидывания Армии.»
    §15.4: «Достигнута точка Опрокидывания Армии -3» (losing also all guns, 11, and all cavalry, 9: a loss
    of 38 reaches the Break point; the test then takes -3)."""
    s = fresh()
    for u in FRENCH_INFANTRY[:6]:
        s = apply(s, "referee", ev.UnitStatus(unit=u, status="dispersed"), FakeDice((6, 6)))
    for u in FRENCH_GUNS:
        s = apply(s, "referee", ev.UnitStatus(unit=u, status="dispersed"))
    assert army.loss(s, "french") == 29
    s = apply(s, "referee", ev.UnitStatus(unit="fc3", status="dispersed"))
    s = apply(s, "referee", ev.UnitStatus(unit="fc22", status="dispersed"), FakeDice((4, 4)))
    assert army.loss(s, "french") == 35 and len(s.defeat_tests) == 2  # 35 >= 33: the Break test came
    assert ("Break point reached", -3) in s.defeat_tests[-1].modifiers
    s2 = fresh()
    for u in FRENCH_INFANTRY[:6] + FRENCH_GUNS + FRENCH_CAVALRY:
        s2 = apply(s2, "referee", ev.UnitStatus(unit=u, status="dispersed"), FakeDice((6, 6)))
    assert army.loss(s2, "french") == 38


def test_guns_are_lost_one_by_one():
    """§15.2: «Каждая модель артиллерийских орудий 1» (each gun model is worth 1; R13)."""
    s = fresh()
    s = apply(s, "referee", ev.Casualties(unit="fbt1", count=1))
    assert army.loss(s, "french") == 1
    s = apply(s, "referee", ev.Casualties(unit="fbt1", count=3))
    assert s.units["fbt1"].status == "dispersed" and army.loss(s, "french") == 4


def test_generals_count_in_the_value_lost():
    """§15.2: «вычитая потерянные в бою подразделений/Генералов из суммы стоимостей» (subtract the units and
    generals lost)."""
    s = fresh()
    s = apply(s, "referee", ev.GeneralFate(general="foy", fate="lost"))
    s = apply(s, "referee", ev.GeneralFate(general="menne-g", fate="lost"))
    assert army.loss(s, "french") == 6
    s = apply(s, "referee", ev.GeneralFate(general="curto-g", fate="wounded"))
    assert army.loss(s, "french") == 6  # wounded generals come back (§4.2)


def test_all_nine_modifiers():
    """§15.4: Break -3; each brigadier lost -1; each brigade in Mass Panic -2; CinC lost -2; each own brigade
    Broken -1; each key point lost -1; each key point captured or held +1; each cavalry unit at 75 % or more
    +1; each enemy brigade Broken +1."""
    s = fresh()
    s = edit(s, "generals", "menne-g", fate="lost")
    s = edit(s, "generals", "foy", fate="lost")
    s = edit(s, "brigades", "berlier", morale="mass-panic")
    s = edit(s, "brigades", "thomieres", morale="broken")
    s = edit(s, "brigades", "kempt", morale="broken")
    s = edit(s, "places", "bridge", holder="british")  # the French held it at the start: lost
    s = edit(s, "places", "ventosa", holder="french")
    s = edit(s, "units", "fc3", strength=9)  # 9 of 12 = 75 %: counts
    s = edit(s, "units", "fc22", strength=8)  # below 75 %: does not
    s = edit(s, "units", "f6l", status="dispersed")
    for u in FRENCH_INFANTRY[1:12]:
        s = edit(s, "units", u, status="dispersed")
    mods = dict(army.modifiers(s, "french"))
    assert mods == {
        "Break point reached": -3, "brigadier lost": -1, "own brigade in Mass Panic": -2, "CinC lost": -2,
        "own brigade Broken": -1, "key point lost": -1, "key point captured or held": 1,
        "cavalry unit at 75 % or more x2": 2, "enemy brigade Broken": 1,
    }


def test_derived_example_7_minus_3_minus_1_plus_1_plus_2_fights_on_with_6():
    """§15.5: «6+ Армия продолжает сражение; 5 и менее Поражение! ... Игра заканчивается.» Break reached (-3),
    one brigadier lost (-1), one key point held (+1), two cavalry regiments at 75 % (+2): 2D6 7 gives 6 and
    the army fights on; 2D6 6 gives 5: defeat, and the game ends."""
    def setup():
        s = fresh()
        s = edit(s, "places", "bridge", holder="french")  # held: +1
        s = edit(s, "places", "ventosa", holder="")
        s = edit(s, "units", "fc26", strength=5)  # only two regiments at 75 %
        for u in FRENCH_INFANTRY[:11]:
            s = edit(s, "units", u, status="dispersed")  # loss 33: Break
        s = edit(s, "sides", "french", waver_tested=True)
        return s
    s = apply(setup(), "referee", ev.GeneralFate(general="menne-g", fate="lost"), FakeDice((3, 4)))
    t = s.defeat_tests[-1]
    assert t.total == 6 and not t.defeated and not s.over
    s = apply(setup(), "referee", ev.GeneralFate(general="menne-g", fate="lost"), FakeDice((3, 3)))
    assert s.defeat_tests[-1].total == 5 and s.over and s.sides["french"].defeated
    assert s.result.startswith("French (Foy) defeated")
    assert engine_codes(s, "french", ev.Done()) == ["game/over"]
    assert not s.result or s.over


def test_automatic_defeat_at_75_percent_is_51_of_67():
    """§15.6: «Армия игрока считается автоматически проигравшей сражение в тот момент, когда «стоимость» ее
    армии уменьшится ... на 75%» (an army whose value is reduced by 75 % loses automatically). R2: 75 % of 67
    is 50.25, so a loss of 51 defeats and 50 does not."""
    s = fresh()
    s = edit(s, "sides", "french", waver_tested=True, break_tested=True)
    for u in FRENCH_INFANTRY + FRENCH_CAVALRY:
        s = edit(s, "units", u, status="dispersed")
    s = edit(s, "units", "fbt1", strength=2)  # 36 + 9 + 2 guns + 3 = 50 lost so far below
    s = edit(s, "units", "fbth", strength=0, status="dispersed")
    assert army.loss(s, "french") == 50 and not army.automatic_defeat(s, "french")
    s = apply(s, "referee", ev.Casualties(unit="fbt1", count=1), NoDice())
    assert army.loss(s, "french") == 51 and s.over and "automatically" in s.result


def test_a_broken_brigade_triggers_a_test_past_the_waver_point():
    """§15.3: «Каждый раз, когда Опрокинута Бригада игрока, Армия считается достигнувшей точки «Колебания»
    ... и проходит Тест на Поражение» (each time a brigade breaks the army tests). R1: once the army is at or
    past its Waver point; with the literal-defeat-triggers option, at any time."""
    s = turn_to(with_orders(), "morale")
    s = apply(s, "referee", ev.BrigadeMorale(brigade="menne", result="broken"))
    assert not s.defeat_tests
    s = turn_to(with_orders(("literal-defeat-triggers",)), "morale")
    s = apply(s, "referee", ev.BrigadeMorale(brigade="menne", result="broken"), FakeDice((5, 5)))
    assert s.defeat_tests[-1].reason == "a brigade broke"
    assert dict(s.defeat_tests[-1].modifiers)["own brigade Broken"] == -1


def test_a_routing_unit_triggers_a_test_past_the_waver_point():
    """§15.3: «Каждый раз, когда любое подразделение игрока «Бежит» ... проходит Тест на Поражение»
    (each time any unit routs, the army tests; R1 as above)."""
    s = fresh()
    for u in FRENCH_INFANTRY[:6]:
        s = apply(s, "referee", ev.UnitStatus(unit=u, status="dispersed"), FakeDice((6, 6)))
    s = apply(s, "referee", ev.UnitStatus(unit="f1a", status="routed"), FakeDice((6, 5)))
    assert s.defeat_tests[-1].reason == "a unit routs"


def test_the_scenario_french_army_is_the_example_army():
    """§15.2 example, unit by unit: one CinC, six brigadiers, twelve line battalions, three (regular)
    cavalry regiments, two foot batteries of four guns, one horse battery of three."""
    s = with_orders()
    units = [u for u in s.units.values() if u.side == "french"]
    gens = [g for g in s.generals.values() if g.side == "french"]
    assert sorted(g.role for g in gens) == ["brigadier"] * 6 + ["cinc"]
    assert sorted(u.id for u in units if u.kind == "line-infantry") == sorted(FRENCH_INFANTRY)
    assert sorted(u.id for u in units if u.kind == "line-cavalry") == sorted(FRENCH_CAVALRY)
    assert sorted((u.kind, u.strength) for u in units if u.id in FRENCH_GUNS) == [
        ("foot-artillery", 4), ("foot-artillery", 4), ("horse-artillery", 3)]
    assert len(units) == 18

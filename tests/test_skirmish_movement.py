"""Seed 001 §Movement (ДВИЖЕНИЕ), §Crossing obstacles, §Close and loose order (Fast mob), §Groups
and formations (march column), §Special rules: Familiar territory, Fanatics."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.skirmish import movement
from test_skirmish_support import Dice, activate, board, codes, fig, path, put


def single(**extra):
    return board(fig("z", "red", "zouave", (20, 20)), fig("b1", "blue", "prussian", (100, 110)), **extra)


def go(state, unit, *paths, facing=None):
    side = state.commands[state.active].side
    found = movement.check_move(state, side, unit, paths, facing)
    return found, (movement.move(state, unit, paths, facing).state if not found else state)


def test_a_single_foot_figure_moves_12_then_8_then_8():
    """«Пехотинец – 12/8 ... Т.е. пехотинец за две активации проходит 20см, а за три – 28» (a foot
    soldier goes 20 cm with two moves and 28 with three; ruling S1) — T001-06."""
    s = activate(single(), "z", "move", "move", "move")
    bad, _ = go(s, "z", path("z", (20, 32.1)))
    assert codes(bad) == ["move/too-far"]
    ok, s = go(s, "z", path("z", (20, 32)))
    assert ok == []
    bad, _ = go(s, "z", path("z", (20, 40.1)))
    assert codes(bad) == ["move/too-far"]
    _, s = go(s, "z", path("z", (20, 40)))
    _, s = go(s, "z", path("z", (20, 48)))
    assert s.figures["z"].y == 48 and s.activation is None  # 12 + 8 + 8 = 28
    assert "z" in s.ran  # «все три действия потратили на движение, считается, что они бежали»


@pytest.mark.parametrize("profile,first,second", [("zouave", 8.0, 5.0), ("mounted-infantry", 20.0, 12.0)])
def test_groups_move_8_then_5_cavalry_20_then_12(profile, first, second):
    """«Группа пехотинцев – 8/5 ... Кавалерия (в группе и поодиночке) – 20/12»."""
    leader = "zouave-sergeant" if profile == "zouave" else "mounted-infantry"
    s = board(fig("sgt", "red", leader, (20, 20), **({"extras": []} if profile == "zouave" else {})),
              fig("a", "red", profile, (26, 20)), fig("b1", "blue", "prussian", (100, 110)),
              groups=({"id": "g", "leader": "sgt", "members": ["sgt", "a"]},))
    if profile != "zouave":  # no mounted Leader profile of ours: make the first rider the Leader
        s = put(s, "sgt", role="sergeant")
    s = activate(s, "g", "move", "move")
    bad, _ = go(s, "g", path("sgt", (20, 20 + first + 0.1)), path("a", (26, 20 + first)))
    assert codes(bad) == ["move/too-far"]
    ok, s = go(s, "g", path("sgt", (20, 20 + first)), path("a", (26, 20 + first)))
    assert ok == []
    bad, _ = go(s, "g", path("sgt", (20, 20 + first + second + 0.1)), path("a", (26, 20 + first + second)))
    assert codes(bad) == ["move/too-far"]


def test_a_group_in_march_column_or_on_a_road_moves_12_then_8():
    """«Группа пехотинцев в атаке, на дороге или в Походной колонне – 12/8»; the column's «без потери
    скорости» is read with the table (ruling S3)."""
    members = [fig("sgt", "red", "zouave-sergeant", (20, 30)), fig("a", "red", "zouave", (20, 25.5)),
               fig("b", "red", "zouave", (20, 21)), fig("b1", "blue", "prussian", (100, 110))]
    column = board(*members, groups=({"id": "g", "leader": "sgt", "members": ["sgt", "a", "b"], "formation": "column",
                                      "facing": 90.0},))
    s = activate(column, "g", "move", "move")
    ok, s = go(s, "g", path("sgt", (20, 42)), path("a", (20, 37.5)), path("b", (20, 33)))
    assert ok == []
    bad, _ = go(s, "g", path("sgt", (20, 50.1)), path("a", (20, 45.5)), path("b", (20, 41)))
    assert codes(bad) == ["move/too-far"]
    road = board(*members, groups=({"id": "g", "leader": "sgt", "members": ["sgt", "a", "b"]},),
                 lines=({"id": "road", "kind": "road", "width": 4.0, "points": [[20, 0], [20, 120]]},))
    s = activate(road, "g", "move")
    ok, _ = go(s, "g", path("sgt", (20, 42)), path("a", (20, 37.5)), path("b", (20, 33)))
    assert ok == []


def test_a_fast_mob_moves_12_every_move():
    """§Close and loose order «Быстрая толпа ... передвигаются ... со скоростью 12см вне зависимости от
    того, сколько раз они двигаются за активацию»."""
    s = board(fig("ind", "red", "induna", (20, 20)), fig("w1", "red", "zulu", (24.5, 20)), fig("w2", "red", "zulu", (29, 20)),
              fig("b1", "blue", "prussian", (100, 110)),
              groups=({"id": "g", "leader": "ind", "members": ["ind", "w1", "w2"]},))
    s = activate(s, "g", "move", "move", "move")
    for y in (32, 44, 56):
        ok, s = go(s, "g", path("ind", (20, y)), path("w1", (24.5, y)), path("w2", (29, y)))
        assert ok == []


def test_wagons_move_6_then_4_off_road_and_16_then_10_on_it():
    """«Повозки на бездорожье – 6/4. Повозки на дороге – 16/10»."""
    s = single()
    wagon = s.figures["z"]
    import msgspec
    w = msgspec.structs.replace(wagon, arm="wagon")
    assert movement.allowance(s, [w], 0, group=False) == 6.0
    assert movement.allowance(s, [w], 1, group=False) == 4.0
    assert movement.allowance(s, [w], 0, group=False, road=True) == 16.0
    assert movement.allowance(s, [w], 2, group=False, road=True) == 10.0


def test_difficult_ground_halves_movement_familiar_territory_does_not():
    """«В сложном ландшафте скорость передвижения падает вдвое»; Familiar territory «Нет пенальти к
    движению по сложному ландшафту»."""
    marsh = ({"id": "marsh", "kind": "marsh", "points": [[0, 25], [120, 25], [120, 60], [0, 60]]},)
    s = activate(single(areas=marsh), "z", "move")
    bad, _ = go(s, "z", path("z", (20, 30)))  # 5 clear + 5 in the marsh counting 10 = 15 > 12
    assert codes(bad) == ["move/too-far"]
    ok, _ = go(s, "z", path("z", (20, 28.5)))  # 5 + 3.5 x 2 = 12
    assert ok == []
    s = activate(put(single(areas=marsh), "z", rules=("familiar-territory",)), "z", "move")
    ok, _ = go(s, "z", path("z", (20, 32)))
    assert ok == []


def test_backwards_at_most_3_cm():
    """«Бойцы могут двигаться в любую сторону, но спиной вперед можно пройти не более 3см»."""
    s = activate(single(), "z", "move")
    bad, _ = go(s, "z", path("z", (20, 16.9)))
    assert codes(bad) == ["move/backwards"]
    ok, after = go(s, "z", path("z", (20, 17)))
    assert ok == [] and after.figures["z"].facing == 90.0  # it stepped back, still facing the enemy


def test_foot_cross_an_obstacle_with_a_whole_move_from_contact():
    """§Crossing obstacles «Пехотинец должен начать движение в контакте с препятствием и потратить
    полностью одно движение, чтобы пересечь оное, оказавшись на противоположной стороне» (ruling S5)."""
    hedge = ({"id": "hedge", "kind": "hedge", "points": [[0, 30], [120, 30]]},)
    s = activate(single(lines=hedge), "z", "move", "move", "move")
    bad, _ = go(s, "z", path("z", (20, 31)))
    assert codes(bad) == ["move/obstacle-contact"]
    ok, s = go(s, "z", path("z", (20, 28.5)))  # up to the hedge
    assert ok == []
    bad, _ = go(s, "z", path("z", (20, 36)))
    assert codes(bad) == ["move/obstacle-whole"]
    ok, s = go(s, "z", path("z", (20, 31.5)))
    assert ok == [] and s.activation is not None and s.activation.crossed
    _, s = go(s, "z", path("z", (20, 39)))
    assert "z" not in s.ran  # «не считаются бежавшими, если одно из их трех движений включало пересечение»


def test_cavalry_jump_level_1_obstacles_freely_higher_ones_are_impassable():
    """«Конница может спокойно перепрыгивать невысокие препятствия (1-го уровня), не замедляясь при
    этом, остальные препятствия для них неприступны»."""
    for level, expected in ((1, []), (2, ["move/obstacle-high"])):
        wall = ({"id": "wall", "kind": "wall", "level": level, "points": [[0, 30], [120, 30]]},)
        s = board(fig("h", "red", "mounted-infantry", (20, 20)), fig("b1", "blue", "prussian", (100, 110)), lines=wall)
        s = activate(s, "h", "move")
        found, _ = go(s, "h", path("h", (20, 40)))
        assert codes(found) == expected


def test_a_move_never_ends_in_contact_with_an_enemy():
    """§Melee: contact comes only from an attacking move (ruling S39)."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("b1", "blue", "prussian", (20, 30)))
    s = activate(s, "z", "move")
    bad, _ = go(s, "z", path("z", (20, 27)))
    assert codes(bad) == ["move/contact"]


def test_a_group_must_stay_together():
    """«Чтобы оставаться группой, бойцы должны сохранять промеж собой дистанцию не более 3см и чтобы
    Лидер находился не далее 10см от них»."""
    s = board(fig("sgt", "red", "zouave-sergeant", (20, 20)), fig("a", "red", "zouave", (24.5, 20)),
              fig("b", "red", "zouave", (29, 20)), fig("b1", "blue", "prussian", (100, 110)),
              groups=({"id": "g", "leader": "sgt", "members": ["sgt", "a", "b"]},))
    s = activate(s, "g", "move")
    bad, _ = go(s, "g", path("b", (29, 28)))
    assert codes(bad) == ["group/apart"]
    bad, _ = go(s, "g", path("sgt", (20, 16)))
    assert codes(bad) == ["move/backwards"]


def test_a_manhandled_gun_goes_1d6_cm_a_crewman():
    """§Light cannon «Если пушка передвигается «на руках», она проезжает 1d6см за каждого
    артиллериста» (its crew and ammunition go with it: ruling S27)."""
    s = board(fig("b1", "blue", "prussian", (100, 110)),
              guns=({"id": "gun", "at": [40, 20], "ammo": [40, 14], "facing": 90.0, "crew": ["c1", "c2", "c3"],
                     "crew_at": [[36, 20], [44, 20], [40, 16.5]], "balls": 2},))
    s = activate(s, "gun", "move")
    assert codes(movement.check_move(s, "red", "gun", [path("gun", (40, 38.1))], None)) == ["move/too-far"]
    found = movement.check_move(s, "red", "gun", [path("gun", (40, 38))], None)  # 3 crew: 18 cm at most
    assert found == []
    after = movement.move(s, "gun", [path("gun", (40, 38))], None, Dice(2, 3, 4)).state
    assert after.guns["gun"].y == pytest.approx(29.0) and after.guns["gun"].ammo_y == pytest.approx(23.0)
    assert after.figures["c3"].y == pytest.approx(25.5)


def test_scenario_4_the_perimeter_stops_attackers_where_a_defender_is_within_10_cm():
    """§Scenario 4 «для атакующей стороны он считается препятствием, которое нельзя пересекать, если в
    10см от точки пересечения есть защитник» (ruling S42: elsewhere it is crossed as an obstacle)."""
    fort = ({"id": "fort", "kind": "fort", "points": [[40, 40], [80, 40], [80, 80], [40, 80]]},)
    s = board(fig("z", "red", "zulu", (30, 38.5)), fig("d", "blue", "british", (45, 45)), areas=fort,
              perimeter="fort", defender="blue")
    s = activate(s, "z", "move")
    bad, _ = go(s, "z", path("z", (30, 41.5)))
    assert codes(bad) == []  # (30, 40) is the corner's outside: nothing crossed
    s = put(s, "z", x=45.0, y=38.6)
    bad, _ = go(s, "z", path("z", (45, 41.4)))
    assert codes(bad) == ["move/perimeter"]
    far = put(s, "d", x=70.0, y=70.0)
    ok, after = go(far, "z", path("z", (45, 41.4)))
    assert ok == [] and after.activation is None
    defender = activate(board(fig("d", "blue", "british", (45, 41.4)), fig("z", "red", "zulu", (10, 10)), areas=fort,
                              perimeter="fort", defender="blue", active="blue"), "d", "move")
    ok, _ = go(defender, "d", path("d", (45, 30)))
    assert ok == []  # for the defender it is no obstacle

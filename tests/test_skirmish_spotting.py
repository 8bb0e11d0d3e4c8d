"""Seed 001 §Visibility and spotting (ВИДИМОСТЬ И ОБНАРУЖЕНИЕ), §Ambushes (Засады), §Shooting (arcs),
§Movement in buildings (hidden or at the windows)."""

from __future__ import annotations

import msgspec

from adjudicator.rulesets.skirmish import ambush, buildings, visibility
from events.core import OrdersSealed, OrdersUnsealed
from events.skirmish import Placement, Spot
from test_skirmish_support import Dice, activate, board, codes, fig, path, put

def test_a_single_figure_sees_180_degrees_a_group_90_from_the_figure_nearest_the_target():
    """«одиночные бойцы имеют линию обзора 180 градусов. Группы – 90 градусов во фронтальной проекции
    (т.е. 45 градусов в каждую сторону от края подставки) бойца, ближайшего к обстреливаемому врагу»."""
    s = board(fig("z", "red", "zouave", (50, 50)), fig("side", "blue", "prussian", (80, 52)),
              fig("behind", "blue", "prussian", (50, 30)), fig("ahead", "blue", "prussian", (52, 80)))
    z = s.figures["z"]
    assert visibility.sees(s, z, s.figures["side"]) == ""
    assert visibility.sees(s, z, s.figures["behind"]) != ""
    figs = [z]
    assert not visibility.group_in_arc(s, figs, 90.0, s.figures["side"])
    assert visibility.group_in_arc(s, figs, 90.0, s.figures["ahead"])


def test_a_figure_in_woods_is_seen_within_5_cm_of_the_edge_or_from_15_cm():
    """«Бойца в лесу видно, только если он находится в пределах 5см от кромки леса. Иначе его можно
    заметить только с 15см»."""
    wood = ({"id": "wood", "kind": "woods", "points": [[0, 60], [120, 60], [120, 100], [0, 100]]},)
    s = board(fig("z", "red", "zouave", (50, 30)), fig("edge", "blue", "prussian", (50, 64)),
              fig("deep", "blue", "prussian", (60, 75)), areas=wood)
    z = s.figures["z"]
    assert visibility.sees(s, z, s.figures["edge"]) == ""
    assert "woods" in str(visibility.sees(s, z, s.figures["deep"]))
    close = put(s, "z", x=60.0, y=58.0)
    assert visibility.sees(close, close.figures["z"], close.figures["deep"]) == ""  # 17 - 2.5 = 14.5 cm
    farther = put(s, "z", x=60.0, y=57.0)
    assert "woods" in str(visibility.sees(farther, farther.figures["z"], farther.figures["deep"]))  # 15.5 cm


def test_figures_hiding_in_a_house_are_seen_from_30_cm_those_at_the_windows_always():
    """«Бойцов, прячущихся в домах, можно заметить только подойдя на 30см»; at the windows «считаются
    видимыми, но в частичном укрытии» (ruling S22: the house's hard cover)."""
    house = ({"id": "house", "kind": "building", "points": [[45, 70], [55, 70], [55, 80], [45, 80]]},)
    s = board(fig("z", "red", "zouave", (50, 20)), fig("p", "blue", "prussian", (50, 75)), areas=house)
    s = put(s, "p", inside="house", hidden=True)
    assert "hides" in str(visibility.sees(s, s.figures["z"], s.figures["p"]))
    near = put(s, "z", y=44.0)
    assert visibility.sees(near, near.figures["z"], near.figures["p"]) == ""
    windows = put(s, "p", hidden=False)
    assert visibility.sees(windows, windows.figures["z"], windows.figures["p"]) == ""


def test_entering_a_building_starts_in_contact_and_ends_hidden_or_at_the_windows():
    """«Чтобы войти в здание или выйти из него нужно начать действие в контакте с оным ... В конце
    каждого такого действия игрок обязан заявить, что делают его бойцы: полностью прячутся в доме ...
    или занимают удобные оборонительные позиции напротив окон»."""
    house = ({"id": "house", "kind": "building", "points": [[45, 30], [55, 30], [55, 40], [45, 40]]},)
    s = board(fig("z", "red", "zouave", (50, 28.6)), fig("far", "red", "zouave", (80, 10)),
              fig("p", "blue", "prussian", (50, 110)), areas=house)
    s = activate(s, "z", "enter")
    assert buildings.check_building(s, "red", "z", "house", "enter", ()) == []
    s = buildings.building(s, "z", "house", "enter", True, ()).state
    assert s.figures["z"].inside == "house" and s.figures["z"].hidden
    s = activate(s, "far", "enter")
    assert codes(buildings.check_building(s, "red", "far", "house", "enter", ())) == ["building/contact"]


def test_two_ambush_markers_for_every_full_100_points():
    """«За каждые полные 100 очков войск игрок получает 2 маркера засады» — T001-11: 250 points give 4,
    499 give 8, 500 give 10."""
    s = board(fig("z", "red", "zouave", (10, 10)), fig("p", "blue", "prussian", (10, 110)))
    assert [ambush.allowed(s, n) for n in (99, 250, 499, 500)] == [0, 4, 8, 10]


def deployment():
    s = board(fig("z1", "red", "zouave", (10, 10)), fig("sgt", "red", "zouave-sergeant", (14, 10)),
              {"id": "z2", "side": "red", "profile": "zouave"}, {"id": "z3", "side": "red", "profile": "zouave"},
              fig("p", "blue", "prussian", (10, 110)), fig("j", "blue", "jaeger", (60, 110)), phase="deployment")
    return msgspec.structs.replace(s, phase="deployment")


def sealed(s, side, marker):
    """The engine's `seal MARKER COMMITMENT`, as the rules keep it."""
    return ambush.resolve_orders_sealed(s, side, OrdersSealed(label=marker, commitment="0" * 64), Dice()).state


def test_a_marker_stands_for_sealed_orders_opened_then_placed():
    """«Пронумеруйте их. Каждый маркер может обозначать от 0 до 10 бойцов. Запишите, какой что
    обозначает. Маркер выставляется вместе с войсками»: the figures stay secret (the engine's sealed
    orders) until the marker is opened; they then stand within 5 cm of it (ruling S17)."""
    s = deployment()
    assert codes(ambush.check_place(s, "red", "m1", (30, 20), 250)) == ["ambush/unsealed"]
    s = sealed(s, "red", "m1")
    assert codes(ambush.check_place(s, "blue", "m1", (30, 100), 250)) == ["ambush/unsealed"]
    assert codes(ambush.check_place(s, "red", "m1", (30, 20), 99)) == ["ambush/too-many"]
    assert codes(ambush.check_place(s, "red", "m1", (30, 50), 250)) == ["ambush/zone"]
    assert ambush.check_place(s, "red", "m1", (30, 20), 250) == []
    s = ambush.place(s, "red", "m1", (30, 20)).state
    assert "z2" not in str(s.markers["m1"])
    placements = [Placement(figure="z2", at=(32, 20)), Placement(figure="z3", at=(28, 20))]
    assert codes(ambush.check_reveal(s, "red", "m1", placements)) == ["ambush/not-opened"]
    opened = OrdersUnsealed(label="m1", salt="00" * 32, orders=("z2", "z3", "p", "z1"))
    assert ambush.validate_orders_unsealed(s, "red", opened) == []
    out = ambush.resolve_orders_unsealed(s, "red", opened, Dice())
    s = out.state
    assert s.markers["m1"].status == "opened" and s.markers["m1"].figures == ("z2", "z3") and "m1" not in s.sealed
    assert [line for line in out.lines if "left out" in str(line)] == [
        "marker m1: 'p' is no figure of red waiting off the table: left out",
        "marker m1: 'z1' is no figure of red waiting off the table: left out"]
    assert codes(ambush.validate_orders_unsealed(s, "red", opened)) == ["ambush/open"]
    assert codes(ambush.check_reveal(s, "red", "m1", placements[:1])) == ["ambush/figure"]
    far = [Placement(figure="z2", at=(40, 20)), Placement(figure="z3", at=(28, 20))]
    assert codes(ambush.check_reveal(s, "red", "m1", far)) == ["ambush/place"]
    assert ambush.check_reveal(s, "red", "m1", placements) == []
    s = ambush.reveal(s, "m1", placements).state
    assert s.figures["z2"].status == "ok" and s.markers["m1"].status == "revealed"


def test_a_marker_that_hid_nobody_is_a_decoy_and_a_figure_comes_out_of_one_marker_only():
    s = sealed(sealed(deployment(), "red", "m1"), "red", "m2")
    s = ambush.place(ambush.place(s, "red", "m1", (30, 20)).state, "red", "m2", (50, 20)).state
    s = ambush.resolve_orders_unsealed(s, "red", OrdersUnsealed(label="m1", salt="00" * 32, orders=("z2",)), Dice()).state
    out = ambush.resolve_orders_unsealed(s, "red", OrdersUnsealed(label="m2", salt="00" * 32, orders=("z2",)), Dice())
    assert out.state.markers["m2"].status == "revealed" and out.lines[-1] == "marker m2 is opened: nobody, a decoy"
    decoy = ambush.resolve_orders_unsealed(s, "red", OrdersUnsealed(label="m2", salt="00" * 32, orders=("decoy",)), Dice())
    assert decoy.lines == ("marker m2 is opened: nobody, a decoy",)


def test_a_marker_is_discovered_by_an_enemy_within_15_cm_or_seeing_it_in_the_open():
    """«Засада вскрывается ... если маркер оказался в поле зрения противника не скрытый хотя бы частично
    ландшафтом или препятствием. Также противник в 15см автоматически раскрывает засаду» (ruling S17)."""
    wood = ({"id": "wood", "kind": "woods", "points": [[20, 50], [40, 50], [40, 70], [20, 70]]},)
    s = board(fig("z", "red", "zouave", (10, 10)), fig("p", "blue", "prussian", (80, 110)), areas=wood)
    s = msgspec.structs.replace(s, markers={"m1": ambush.place(s, "red", "m1", (30, 60)).state.markers["m1"]})
    assert ambush.exposed(s, s.markers["m1"]) == ""  # in the woods
    near = put(s, "p", x=30.0, y=77.0)
    assert "within 15 cm" in str(ambush.exposed(near, near.markers["m1"]))
    open_ground = msgspec.structs.replace(s, markers={"m1": msgspec.structs.replace(s.markers["m1"], x=70.0, y=60.0)})
    assert "in the open" in str(ambush.exposed(open_ground, open_ground.markers["m1"]))
    assert ambush.mark_exposed(open_ground).state.markers["m1"].status == "spotted"
    hedge = ({"id": "hedge", "kind": "hedge", "points": [[60, 66], [80, 66]]},)
    behind = msgspec.structs.replace(open_ground, terrain=msgspec.structs.replace(open_ground.terrain, lines=tuple(
        __import__("adjudicator.rulesets.skirmish.setup", fromlist=["x"]).terrain({"table": {"width": 120, "height": 120},
                                                                                   "lines": list(hedge)}).lines)))
    assert ambush.exposed(behind, behind.markers["m1"]) == ""


def test_spotting_a_marker_from_30_cm_needs_more_than_the_last_av_figure_scouts_45_cm_and_again():
    """«Чтобы вскрыть засаду, бойцу/Группе надо подобраться на 30см, выбрать действие Обнаружение, и
    пройти тест (выкинуть больше, чем последняя цифра СД) ... Разведчики могут пытаться обнаружить
    засаду с 45см и перебрасывают неудачные тесты на обнаружение»."""
    s = board(fig("p", "blue", "prussian", (30, 30)), fig("j", "blue", "jaeger", (60, 30)),
              fig("z", "red", "zouave", (10, 110)), active="blue")
    marker = ambush.place(s, "red", "m1", (40, 70)).state.markers["m1"]
    s = msgspec.structs.replace(s, markers={"m1": marker})
    s1 = activate(s, "p", "spot")
    assert codes(ambush.validate_spot(s1, "blue", Spot(unit="p", marker="m1"))) == ["spot/range"]  # 41 cm off
    s2 = activate(s, "j", "spot")
    assert ambush.validate_spot(s2, "blue", Spot(unit="j", marker="m1")) == []
    out = ambush.spot(s2, "blue", "j", "m1", Dice(3, 4))  # 3 fails, the scout rolls again: 4 > 3
    assert out.state.markers["m1"].status == "spotted"
    out = ambush.spot(s2, "blue", "j", "m1", Dice(2, 3))
    assert out.state.markers["m1"].status == "hidden"


def test_a_marker_moves_as_a_rank_and_file_fighter():
    """«может двигаться, как если бы он был рядовым бойцом (используйте параметры рядового бойца
    основного Отряда)»."""
    s = board(fig("sgt", "red", "zouave-sergeant", (10, 10)), fig("z", "red", "zouave", (14, 10)),
              fig("p", "blue", "prussian", (10, 110)))
    marker = ambush.place(s, "red", "m1", (40, 20)).state.markers["m1"]
    s = msgspec.structs.replace(s, markers={"m1": marker})
    assert marker.av == (1, 2, 3)
    s = activate(s, "m1", "move")
    from adjudicator.rulesets.skirmish import movement
    assert codes(movement.check_move(s, "red", "m1", [path("m1", (40, 32.5))], None)) == ["move/too-far"]
    assert movement.check_move(s, "red", "m1", [path("m1", (40, 32))], None) == []


def test_what_a_marker_may_hide_is_checked_before_it_is_sealed_and_opened_only_once_it_is_set_up():
    """«Каждый маркер может обозначать от 0 до 10 бойцов» (ruling S47): `adjudicator seal` asks
    check_orders first; the orders are opened once their marker is set up."""
    s = deployment()
    assert ambush.check_orders(s, "red", ("z2", "z3")) == [] and ambush.check_orders(s, "red", ("decoy",)) == []
    assert codes(ambush.check_orders(s, "red", ("z2", "z2"))) == ["ambush/size"]
    assert codes(ambush.check_orders(s, "red", ("z1",))) == ["ambush/figure"]  # on the table already
    assert codes(ambush.check_orders(s, "red", ("p",))) == ["ambush/figure"]  # the enemy's
    s = sealed(s, "red", "m1")
    opened = OrdersUnsealed(label="m1", salt="00" * 32, orders=("z2",))
    assert codes(ambush.validate_orders_unsealed(s, "red", opened)) == ["ambush/unplaced"]
    s = ambush.place(s, "red", "m1", (30, 20)).state
    assert ambush.validate_orders_unsealed(s, "red", opened) == []


def test_the_figures_of_a_marker_stand_clear_of_every_base_and_may_stand_outside_the_zone():
    s = sealed(deployment(), "red", "m1")
    s = ambush.place(s, "red", "m1", (30, 28)).state  # the zone is 30 cm deep: the marker at its edge
    s = ambush.resolve_orders_unsealed(s, "red", OrdersUnsealed(label="m1", salt="00" * 32, orders=("z2", "z3")), Dice()).state
    crowded = [Placement(figure="z2", at=(30, 30)), Placement(figure="z3", at=(31, 31))]
    assert codes(ambush.check_reveal(s, "red", "m1", crowded)) == ["ambush/place"]
    apart = [Placement(figure="z2", at=(30, 31)), Placement(figure="z3", at=(33, 28))]
    s = ambush.reveal(s, "m1", apart).state
    from adjudicator.rulesets.skirmish import forces
    assert forces.validate_deployment(s, "red") == []  # z2 stands 31 cm from the edge, round its marker

"""Seed 001 §Fighters and groups (БОЙЦЫ И ГРУППЫ), §Groups and formations, §Close and loose order,
§Special rules: Leader, Musician, Skirmishers; and the geometry they are measured with."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.skirmish import geometry as geo, groups
from events.skirmish import ChangeOrder
from test_skirmish_support import TABLES, Dice, activate, board, codes, fig, put


def squad(spacing=4.5, leader_at=(20, 16), profile="zouave", **kw):
    return board(fig("sgt", "red", "zouave-sergeant", leader_at), fig("a", "red", profile, (20, 20)),
                 fig("b", "red", profile, (20 + spacing, 20)), fig("c", "red", profile, (20 + 2 * spacing, 20)),
                 fig("p", "blue", "prussian", (60, 110)), **kw)


def form(s, members=("a", "b", "c"), order="close", shape="", facing=None, leader="sgt"):
    return groups.validate_form(s, "red", "g", leader, members, order, shape, facing)


def test_a_group_is_two_or_more_within_3_cm_under_a_leader_within_10_cm():
    """«Группа – это временное объединение двух и более бойцов под командованием сержанта или офицера
    ... бойцы должны сохранять промеж собой дистанцию не более 3см и чтобы Лидер находился не далее 10см
    от них» (ruling S6: of the nearest)."""
    assert form(squad()) == []  # 2 cm between bases
    assert codes(form(squad(spacing=5.6))) == ["group/apart"]  # 3.1 cm
    assert codes(form(squad(leader_at=(20, 6.2)))) == ["group/leader-far"]  # 13.8 - 2.5 = 11.3 cm
    assert form(squad(leader_at=(20, 8))) == []  # 12 - 2.5 = 9.5 cm
    assert codes(form(squad(), leader="a")) == ["group/no-leader"]


def test_a_musician_doubles_the_leaders_distance():
    """§Musician «Удваивает радиус командной дистанции Лидера»."""
    s = put(squad(leader_at=(20, 3)), "a", role="musician")
    assert form(s) == []
    assert codes(form(squad(leader_at=(20, 3)))) == ["group/leader-far"]


def test_light_troops_stand_in_loose_order_within_8_cm_skirmishers_never_close():
    """«Легкие войска могут составлять Группу, если находятся в пределах 8см друг от друга ... Группы
    застрельщиков всегда считаются в Рассыпном строю и НЕ МОГУТ вставать в Плотный строй»."""
    light = squad(spacing=9.0, profile="jaeger")
    assert form(light, order="loose") == []
    assert codes(form(light, order="close")) == ["group/apart"]
    assert codes(form(squad(spacing=9.0), order="loose")) == ["group/loose"]
    skirm = squad(profile="jaeger")
    for f in "abc":
        skirm = put(skirm, f, rules=("skirmishers",))
    assert codes(form(skirm, order="close")) == ["group/skirmishers-close"]


def test_horse_and_foot_form_no_group_together():
    """«Конница и пехота не могут образовывать совместных Групп»."""
    s = put(squad(), "c", arm="horse")
    assert codes(form(s)) == ["group/mixed"]


def test_a_march_column_is_longer_than_wide_at_most_two_wide_a_line_wider_than_long_in_three_ranks():
    """«Походная колонна. Должна быть в длину больше чем в ширину. Максимальная ширина – 2 миниатюры ...
    Линия. Должна быть в ширину больше чем в длину. Может быть построена в 1, 2 или 3 шеренги»."""
    s = squad()
    assert form(s, shape="line", facing=90.0) == []
    assert codes(form(s, shape="column", facing=90.0)) == ["group/column"]
    assert form(s, shape="column", facing=0.0) == []  # the same figures marching east
    wide = board(fig("sgt", "red", "zouave-sergeant", (20, 36)),
                 *[fig(f"f{i}", "red", "zouave", (20 + 4.5 * (i % 3), 20 + 4.5 * (i // 3))) for i in range(9)],
                 fig("p", "blue", "prussian", (60, 110)))
    assert codes(groups.validate_form(wide, "red", "g", "sgt", [f"f{i}" for i in range(9)], "close", "column", 90.0)) \
        == ["group/column"]
    deep = board(fig("sgt", "red", "zouave-sergeant", (30, 20)),
                 *[fig(f"f{i}", "red", "zouave", (20 + 4.5 * (i % 2), 20 + 4.5 * (i // 2))) for i in range(8)],
                 fig("p", "blue", "prussian", (60, 110)))
    assert codes(groups.validate_form(deep, "red", "g", "sgt", [f"f{i}" for i in range(8)], "close", "line", 90.0)) \
        == ["group/line"]


def test_changing_order_is_a_group_action():
    """«Поменять строй с Плотного на Рассыпной или обратно – Групповое действие»."""
    s = squad(profile="jaeger", groups=({"id": "g", "leader": "sgt", "members": ["sgt", "a", "b", "c"]},))
    s = activate(s, "g", "order")
    assert groups.validate_change_order(s, "red", ChangeOrder(unit="g", order="loose")) == []
    assert groups.resolve_change_order(s, "red", ChangeOrder(unit="g", order="loose"), Dice()).state.groups["g"].order == "loose"
    assert codes(groups.validate_change_order(s, "red", ChangeOrder(unit="g", order="close"))) == ["group/order"]


def test_forming_a_group_takes_its_figures_out_of_their_old_one():
    s = squad(groups=({"id": "old", "leader": "sgt", "members": ["sgt", "a", "b", "c"]},))
    out = groups.apply_form(s, "red", "new", "sgt", ["a", "b"], "close", "", None).state
    assert set(out.groups) == {"new"}  # the old group kept only c: no group


@pytest.mark.parametrize("a,b,gap", [((0, 0), (5, 0), 2.5), ((0, 0), (2, 0), 0.0), ((0, 0), (3, 4), 2.5)])
def test_distances_are_between_the_edges_of_the_bases(a, b, gap):
    """§Scale and measurement «Все измерения идут от края подставки модели»."""
    s = board(fig("x", "red", "zouave", (10 + a[0], 10 + a[1])), fig("y", "blue", "prussian", (10 + b[0], 10 + b[1])))
    assert geo.gap(TABLES, s.figures["x"], s.figures["y"]) == pytest.approx(gap)


def test_difficult_ground_counted_double_along_a_path():
    s = board(fig("x", "red", "zouave", (10, 10)), fig("y", "blue", "prussian", (100, 100)),
              areas=({"id": "m", "kind": "marsh", "points": [[0, 15], [50, 15], [50, 20], [0, 20]]},))
    g = geo.Ground(TABLES, s.terrain)
    path = geo.path_line((10, 10), [(10, 25)])
    assert geo.move_cost(g, path) == pytest.approx(20.0)
    assert geo.difficult_length(g, path) == pytest.approx(5.0)

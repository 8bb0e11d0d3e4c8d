"""seed 002, ОЧКИ СИЛЫ (strength points): SP per unit, adjusted by agreement for class, lost to the
enemy, and a unit at 0 SP is destroyed and removed."""

from __future__ import annotations

from events.portable import Fire
from test_portable_support import act, board, told, unit


def test_each_unit_starts_with_its_table_sp():
    """«Перед сражением каждому отряду начисляется определенное количество Очков Силы»
    (before the battle every unit gets its SP)."""
    s = board(unit("i", 0, "rifle_infantry", "A1"), unit("c", 1, "lance_cavalry", "H8"))
    assert s.units["i"].sp == 4 and s.units["c"].sp == 3


def test_class_sp_option_elite_plus_one_poor_minus_one():
    """«по согласию игроков можно увеличить Очки Силы всех Отличных отрядов на 1, а … Плохих – уменьшить на 1»
    (by agreement Elite units +1 SP, Poor units -1 SP): the option class-sp."""
    units = (unit("e", 0, "rifle_infantry", "A1", "elite"), unit("p", 0, "rifle_infantry", "B1", "poor"),
             unit("a", 1, "rifle_infantry", "H8"))
    s = board(*units, options=("class-sp",))
    assert (s.units["e"].sp, s.units["p"].sp, s.units["a"].sp) == (5, 3, 4)
    plain = board(*units)
    assert (plain.units["e"].sp, plain.units["p"].sp) == (4, 4)


def test_lost_sp_are_tracked_per_unit_and_army():
    """«отряды теряют свои Очки Силы и это нужно каким-то образом отслеживать»
    (units lose SP and this must be tracked)."""
    s = board(unit("r", 0, "rifle_infantry", "A1"), unit("t", 1, "rifle_infantry", "A3"))
    after = act(s, "red", Fire(unit="r", target="t"), 6, 1)  # hit; reaction 1: lose 1 SP
    assert after.units["t"].sp == 3 and after.armies["blue"].lost == 1


def test_a_unit_at_zero_sp_is_destroyed_and_removed():
    """«Если Очки Силы отряда падают до 0, то он считается разбитым и удаляется из игры»
    (a unit whose SP fall to 0 is destroyed and removed from the game)."""
    s = board(unit("r", 0, "rifle_infantry", "A1"), unit("t", 1, "transport", "A3"))
    after, said = told(s, "red", Fire(unit="r", target="t"), 6, 1)
    assert "t" not in after.units
    assert after.armies["blue"].lost == 1
    assert any("destroyed" in line for line in said)

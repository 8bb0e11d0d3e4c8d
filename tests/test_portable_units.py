"""seed 002, ТИПЫ ОТРЯДОВ (unit types): strength points, movement and attack range of all 17 types,
guns that need a Transport, guns that are manhandled, the commander's notional SP."""

from __future__ import annotations

import pytest

from events.portable import Fire, Melee, Move
from test_portable_support import RS, act, board, codes, refused, unit

# (type, SP, move, range) exactly as the seed's table; range 0 = adjacent square, -1 = none
SEED_TABLE = [
    ("rifle_infantry", 4, 2, 3), ("musket_infantry", 4, 2, 2), ("spear_infantry", 4, 2, 0),
    ("rifle_cavalry", 3, 3, 3), ("smoothbore_cavalry", 3, 3, 2), ("lance_cavalry", 3, 3, 0),
    ("machine_gun", 2, 2, 3), ("rifled_heavy", 2, 0, 12), ("smoothbore_heavy", 2, 0, 10),
    ("rifled_medium", 2, 0, 10), ("smoothbore_medium", 2, 0, 8), ("rifled_field", 2, 1, 8),
    ("smoothbore_field", 2, 1, 6), ("rifled_mountain", 2, 2, 6), ("smoothbore_mountain", 2, 2, 4),
    ("transport", 1, 2, 0), ("commander", 6, 3, -1),
]


@pytest.mark.parametrize("kind,sp,move,rng", SEED_TABLE)
def test_the_unit_table_holds_the_seed_values(kind, sp, move, rng):
    """«Пехота с винтовками 4 2 3 … Командир 6*** 3 -» (Infantry with rifles: SP 4, move 2, range 3 …
    Commander: SP 6, move 3, no attack): every one of the 17 rows."""
    row = RS.tables["units"][kind]
    assert (row["sp"], row["move"], row["range"]) == (sp, move, rng)


def test_there_are_seventeen_unit_types():
    """«ТИПЫ ОТРЯДОВ» (unit types): the seed's table has 17 rows."""
    assert len([k for k, v in RS.tables["units"].items() if isinstance(v, dict)]) == 17


def test_rifles_fire_three_squares_muskets_two():
    """«Пехота с винтовками … 3; Пехота с мушкетами … 2» (rifles range 3, muskets range 2)."""
    s = board(unit("r", 0, "rifle_infantry", "A1"), unit("m", 0, "musket_infantry", "C1"),
              unit("t", 1, "rifle_infantry", "A4"), unit("u", 1, "rifle_infantry", "C4"))
    assert not refused(s, "red", Fire(unit="r", target="t"))
    assert "fire/out-of-range" in codes(refused(s, "red", Fire(unit="m", target="u")))


def test_spears_attack_only_the_adjacent_square():
    """«Пехота с копьями, саблями и т.п. … Соседняя клетка» (spears: attack the adjacent square only)."""
    s = board(unit("s", 0, "spear_infantry", "B2"), unit("t", 1, "rifle_infantry", "B4"),
              unit("u", 1, "rifle_infantry", "C2"))
    assert "fire/adjacent-only" in codes(refused(s, "red", Fire(unit="s", target="t")))
    assert not refused(s, "red", Melee(unit="s", target="u"))


def test_infantry_moves_two_cavalry_three():
    """«Пехота … 2; Кавалерия … 3» (infantry moves 2 squares, cavalry 3)."""
    s = board(unit("i", 0, "rifle_infantry", "A1"), unit("c", 0, "lance_cavalry", "C1"), unit("x", 1, "rifle_infantry", "H8"))
    assert "move/too-far" in codes(refused(s, "red", Move(unit="i", path=("A2", "A3", "A4"))))
    assert not refused(s, "red", Move(unit="i", path=("A2", "A3")))
    assert not refused(s, "red", Move(unit="c", path=("C2", "C3", "C4")))
    assert "move/too-far" in codes(refused(s, "red", Move(unit="c", path=("C2", "C3", "C4", "C5"))))


def test_heavy_and_medium_guns_need_a_transport():
    """«-*-Для перемещения требуется Транспорт» (heavy and medium guns need Transport to move)."""
    s = board(unit("g", 0, "rifled_heavy", "B2"), unit("tr", 0, "transport", "B1"), unit("x", 1, "rifle_infantry", "H8"))
    assert "move/needs-transport" in codes(refused(s, "red", Move(unit="g", path=("B3",))))
    after = act(s, "red", Move(unit="g", path=("B3", "B4"), tow="tr"))
    assert after.units["g"].square == "B4" and after.units["tr"].square == "B2"
    assert "tr" in after.activated


def test_a_transport_must_be_next_to_the_gun_and_not_yet_activated():
    """«Для перемещения требуется Транспорт» (needs Transport): the Transport stands next to the gun (R19)."""
    s = board(unit("g", 0, "rifled_medium", "B2"), unit("tr", 0, "transport", "D1"), unit("x", 1, "rifle_infantry", "H8"))
    assert "move/tow-not-adjacent" in codes(refused(s, "red", Move(unit="g", path=("B3",), tow="tr")))


def test_field_and_mountain_guns_are_manhandled():
    """«**-Полевые и горные орудия можно перемещать волоком» (field and mountain guns can be dragged):
    field 1 square, mountain 2."""
    s = board(unit("f", 0, "rifled_field", "B2"), unit("m", 0, "smoothbore_mountain", "D2"), unit("x", 1, "rifle_infantry", "H8"))
    assert not refused(s, "red", Move(unit="f", path=("B3",)))
    assert "move/too-far" in codes(refused(s, "red", Move(unit="f", path=("B3", "B4"))))
    assert not refused(s, "red", Move(unit="m", path=("D3", "D4")))


def test_commanders_move_three_and_never_attack():
    """«Командир 6*** 3 -» (Commander: move 3, no attack)."""
    s = board(unit("cmd", 0, "commander", "B2"), unit("x", 1, "rifle_infantry", "B3"))
    assert "unit/commander" in codes(refused(s, "red", Melee(unit="cmd", target="x")))
    assert not refused(s, "red", Move(unit="cmd", path=("C2", "D2", "E2")))


def test_a_commander_stands_with_a_unit_of_his_side():
    """«Если на клетке с отрядом … стоит Командир» (a commander in the square of a unit): they share it (R12)."""
    s = board(unit("cmd", 0, "commander", "B2"), unit("i", 0, "rifle_infantry", "C2"), unit("x", 1, "rifle_infantry", "H8"))
    after = act(s, "red", Move(unit="cmd", path=("C2",)))
    assert after.units["cmd"].square == after.units["i"].square == "C2"

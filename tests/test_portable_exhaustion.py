"""seed 002, ТОЧКА ИСТОЩЕНИЯ (Exhaustion Point): initial army SP / 3 rounded up; an exhausted army takes
no aggressive action; checked before each turn; the battle ends when both armies are exhausted."""

from __future__ import annotations

import msgspec
import pytest

from events.portable import Bombard, EndActivation, Fire, Melee, Move
from adjudicator.rulesets.portable import RULESET
from adjudicator.rulesets.portable.setup import exhaustion_point
from test_portable_support import act, board, codes, refused, refused_by_the_engine, unit


@pytest.mark.parametrize("sp,ep", [(30, 10), (31, 11), (27, 9), (28, 10)])
def test_exhaustion_point_is_a_third_rounded_up(sp, ep):
    """«Значение Точки Истощения – это изначальное количество Очков Силы армии, деленное на 3, округление вверх»
    (the Exhaustion Point is the army's initial SP divided by 3, rounded up): T002-01."""
    assert exhaustion_point(sp, 3) == ep


def test_t002_01_army_of_thirty_sp():
    """T002-01: 4 rifle infantry (16) + carbine cavalry (3) + MG (2) + rifled field gun (2) + transport (1)
    + Commander (6) = 30, EP 10 (the commander's notional SP count, R12)."""
    red = [unit(f"i{n}", 0, "rifle_infantry", f"{'ABCD'[n]}1") for n in range(4)]
    red += [unit("c", 0, "rifle_cavalry", "E1"), unit("mg", 0, "machine_gun", "F1"), unit("g", 0, "rifled_field", "G1"),
            unit("tr", 0, "transport", "H1"), unit("cmd", 0, "commander", "A1")]
    s = board(*red, unit("x", 1, "rifle_infantry", "H8"))
    assert s.armies["red"].initial_sp == 30 and s.armies["red"].ep == 10


def test_half_option_is_the_later_rule():
    """Nov 2014 revision: EP = half the Strength Value (26 -> 13, 39 -> 20); the option half-exhaustion."""
    assert exhaustion_point(26, 2) == 13 and exhaustion_point(39, 2) == 20
    s = board(unit("a", 0, "rifle_infantry", "A1"), unit("b", 0, "rifle_infantry", "B1"), unit("c", 0, "lance_cavalry", "C1"),
              unit("x", 1, "rifle_infantry", "H8"), options=("half-exhaustion",))
    assert s.armies["red"].ep == 6  # 11 / 2 rounded up


def _exhausted(state, side="red"):
    a = state.armies[side]
    return msgspec.structs.replace(state, armies={**state.armies, side: msgspec.structs.replace(a, lost=a.ep, exhausted=True)})


def test_an_exhausted_army_may_not_fire_or_melee():
    """«Армия, достигшая Точки Истощения не может предпринимать агрессивные действия (т.е. … не могут атаковать …)»
    (an exhausted army may take no aggressive action: it may not attack)."""
    s = _exhausted(board(unit("r", 0, "rifle_infantry", "B2"), unit("t", 1, "rifle_infantry", "B3"),
                         unit("u", 1, "rifle_infantry", "D2")))
    assert "exhausted/attack" in codes(refused(s, "red", Fire(unit="r", target="u")))
    v = refused(s, "red", Melee(unit="r", target="t"))
    assert codes(v) == ["exhausted/attack"] and "Exhaustion Point" in v[0].rule


def test_an_exhausted_army_may_not_bombard():
    """«не может предпринимать агрессивные действия» (no aggressive action): no artillery fire either (R5)."""
    s = _exhausted(board(unit("g", 0, "rifled_field", "B2", facing="s"), unit("t", 1, "rifle_infantry", "B6"), phase="artillery"))
    assert "exhausted/attack" in codes(refused(s, "red", Bombard(gun="g", target="t")))


def test_an_exhausted_army_may_not_move_towards_the_enemy_but_may_hold_or_withdraw():
    """«отряды могут удерживать уже занятые позиции, но не могут … двигаться в сторону вражеских отрядов»
    (units may hold their positions but not move towards enemy units; R5)."""
    s = _exhausted(board(unit("r", 0, "rifle_infantry", "B4"), unit("t", 1, "rifle_infantry", "B8")))
    assert "exhausted/advance" in codes(refused(s, "red", Move(unit="r", path=("B5",))))
    assert not refused(s, "red", Move(unit="r", path=("B3",)))
    assert not refused(s, "red", Move(unit="r", path=("A4",)))  # sideways: no nearer


def _end_turn(state):
    state = msgspec.structs.replace(state, active="blue", first="red")
    return act(state, "blue", EndActivation())


def test_exhaustion_is_checked_before_the_next_turn_not_at_once():
    """«Перед началом следующего хода оба игрока проверяют: достигли их армии Точки Истощения или нет»
    (before the next turn both players check whether their armies reached the Exhaustion Point)."""
    s = board(unit("r", 0, "rifle_infantry", "A1"), unit("t", 1, "transport", "A3"), unit("u", 1, "rifle_infantry", "H8"))
    assert s.armies["blue"].ep == 2
    s = act(s, "red", Fire(unit="r", target="t"), 6, 1)  # the transport (1 SP) loses its only SP
    s = msgspec.structs.replace(s, armies={**s.armies, "blue": msgspec.structs.replace(s.armies["blue"], lost=2)})
    assert not s.armies["blue"].exhausted
    after = _end_turn(s)
    assert after.armies["blue"].exhausted and after.turn == 2 and after.phase == "artillery"


def test_the_battle_ends_when_both_armies_are_exhausted():
    """«Когда армии обеих сторон достигают Точки Истощения – сражение заканчивается»
    (when both armies reach the Exhaustion Point the battle ends)."""
    s = board(unit("r", 0, "rifle_infantry", "A1"), unit("u", 1, "rifle_infantry", "H8"))
    s = msgspec.structs.replace(s, armies={k: msgspec.structs.replace(a, lost=a.ep) for k, a in s.armies.items()})
    after = _end_turn(s)
    assert after.phase == "over" and "both armies exhausted" in after.result
    assert RULESET.awaiting(after) == []


def test_one_exhausted_army_does_not_end_the_battle():
    """«Когда армии обеих сторон …» (only when both armies are exhausted does the battle end)."""
    s = board(unit("r", 0, "rifle_infantry", "A1"), unit("u", 1, "rifle_infantry", "H8"))
    s = msgspec.structs.replace(s, armies={**s.armies, "red": msgspec.structs.replace(s.armies["red"], lost=99)})
    after = _end_turn(s)
    assert after.phase == "artillery" and after.armies["red"].exhausted and not after.armies["blue"].exhausted


def test_after_the_battle_nothing_more_is_posted():
    """«сражение заканчивается» (the battle ends): every further unit action is refused (the engine's rule,
    once the ruleset's result says the game is over)."""
    s = board(unit("r", 0, "rifle_infantry", "A1"), unit("u", 1, "rifle_infantry", "H8"))
    s = _end_turn(msgspec.structs.replace(s, armies={k: msgspec.structs.replace(a, lost=a.ep) for k, a in s.armies.items()}))
    assert codes(refused_by_the_engine(s, "red", Move(unit="r", path=("A2",)))) == ["game/over"]

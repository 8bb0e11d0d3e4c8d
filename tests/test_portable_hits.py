"""seed 002, Правила реакции на попадания (hit reaction): the class table and the owner's choice, the unit
that cannot retreat, the unit in square, cavalry against infantry in line, the commander in the square."""

from __future__ import annotations

import pytest

from events.portable import EndActivation, Fire, Melee, React, StandingOrder
from adjudicator.rulesets.portable import RULESET
from test_portable_support import act, board, codes, refused, unit, with_units


def _fire_at(cls: str, *extra, target_kind="rifle_infantry", **target):
    return board(unit("r", 0, "rifle_infantry", "C2"), unit("t", 1, target_kind, "C4", cls, **target), *extra)


@pytest.mark.parametrize("cls,lose_on", [("elite", 2), ("average", 3), ("poor", 4)])
def test_class_table_lose_one_sp_on_low_rolls(cls, lose_on):
    """«Отличный 1 или 2 – Отряд теряет 1 ОС … Обычный 1, 2 или 3 … Плохой 1, 2, 3 или 4»
    (Elite loses 1 SP on 1-2, Average on 1-3, Poor on 1-4)."""
    after = act(_fire_at(cls), "red", Fire(unit="r", target="t"), 6, lose_on)
    assert after.units["t"].sp == 3 and not after.pending


@pytest.mark.parametrize("cls,choice_on", [("elite", 3), ("average", 4), ("poor", 5)])
def test_class_table_owner_chooses_on_high_rolls(cls, choice_on):
    """«Отличный … 3, 4, 5 или 6 – Отряд отступает на 1 клетку назад или теряет 1 ОС» (Elite 3-6, Average 4-6,
    Poor 5-6: the unit retreats 1 square back or loses 1 SP; the owner's choice, T002-02)."""
    after = act(_fire_at(cls), "red", Fire(unit="r", target="t"), 6, choice_on)
    assert after.units["t"].sp == 4 and [d.unit for d in after.pending] == ["t"]
    (a,) = RULESET.awaiting(after)
    assert a.side == "blue" and "react t" in a.decision


def test_the_owner_retreats_one_square_back():
    """«Отряд отступает на 1 клетку назад» (the unit retreats 1 square back): away from the attacker (R10)."""
    s = act(_fire_at("average"), "red", Fire(unit="r", target="t"), 6, 6)
    after = act(s, "blue", React(unit="t", choice="retreat"))
    assert after.units["t"].square == "C5" and after.units["t"].sp == 4 and not after.pending


def test_the_owner_may_name_a_sideways_square_that_is_farther():
    """«на 1 клетку назад» (one square back): any adjacent square farther from the attacker (R10)."""
    s = board(unit("r", 0, "rifle_infantry", "B2"), unit("t", 1, "rifle_infantry", "C4"))
    s = act(s, "red", Fire(unit="r", target="t"), 6, 6)
    assert codes(refused(s, "blue", React(unit="t", choice="retreat", square="C3"))) == ["react/bad-square"]
    after = act(s, "blue", React(unit="t", choice="retreat", square="D4"))
    assert after.units["t"].square == "D4"


def test_the_owner_may_lose_one_sp_instead():
    """«… или теряет 1 ОС» (… or loses 1 SP)."""
    s = act(_fire_at("average"), "red", Fire(unit="r", target="t"), 6, 5)
    after = act(s, "blue", React(unit="t", choice="lose"))
    assert after.units["t"].sp == 3 and after.units["t"].square == "C4"


def test_only_the_owner_decides_and_play_waits_for_it():
    """The choice is the owner's (seed-systems.md §4.4, donjondo.org): the attacker cannot make it, nor go on."""
    s = act(_fire_at("average", unit("r2", 0, "rifle_infantry", "E2")), "red", Fire(unit="r", target="t"), 6, 5)
    assert codes(refused(s, "red", React(unit="t", choice="lose"))) == ["react/not-yours"]
    assert codes(refused(s, "red", EndActivation())) == ["end-activation/not-now"]


def test_a_standing_order_decides_without_asking():
    """The owner's choice may be given beforehand as a standing order (R22)."""
    s = act(_fire_at("average"), "blue", StandingOrder(choice="retreat"))
    after = act(s, "red", Fire(unit="r", target="t"), 6, 6)
    assert after.units["t"].square == "C5" and not after.pending
    s = act(s, "blue", StandingOrder(unit="t", choice="lose"))
    after = act(s, "red", Fire(unit="r", target="t"), 6, 6)
    assert after.units["t"].sp == 3 and after.units["t"].square == "C4"


def test_a_unit_that_cannot_retreat_loses_one_sp():
    """«Отряд, независимо от его класса, который не может отступить, теряет 1 Очко Силы»
    (a unit of any class that cannot retreat loses 1 SP)."""
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("t", 1, "rifle_infantry", "C8", "elite"),
              unit("a", 1, "rifle_infantry", "B8"), unit("b", 1, "rifle_infantry", "D8"), height=8)
    s = with_units(s, r={"square": "C6"})
    after = act(s, "red", Fire(unit="r", target="t"), 6, 6)  # C8 is the last row; B8, D8 are held
    assert after.units["t"].sp == 3 and not after.pending


def test_a_unit_in_square_loses_one_sp_without_a_roll():
    """«Отряд в построении каре не может двигаться, поэтому он не может отступить … он сразу теряет 1 ОС.
    Кубик в этом случае кидать не нужно.» (a unit in square cannot retreat: it loses 1 SP at once, no die)."""
    s = _fire_at("elite", formation="square")
    after = act(s, "red", Fire(unit="r", target="t"), 6)  # only the to-hit die
    assert after.units["t"].sp == 3


@pytest.mark.parametrize("cls,destroyed_on", [("elite", 3), ("average", 4), ("poor", 5)])
def test_cavalry_against_infantry_in_line_destroys_it_on_low_rolls(cls, destroyed_on):
    """«Если отряд пехоты, построенный в линию, атакует Кавалерия … Отличный 1, 2 или 3 – Отряд уничтожен …
    Обычный 1–4 … Плохой 1–5» (infantry in line attacked by cavalry: destroyed on Elite 1-3, Average 1-4,
    Poor 1-5; T002-03)."""
    s = board(unit("c", 0, "lance_cavalry", "C3"), unit("t", 1, "rifle_infantry", "C4", cls), unit("x", 1, "rifle_infantry", "H8"))
    after = act(s, "red", Melee(unit="c", target="t"), 6, 1, destroyed_on)
    assert "t" not in after.units and after.armies["blue"].lost == 4


@pytest.mark.parametrize("cls,square_on", [("elite", 4), ("average", 5), ("poor", 6)])
def test_cavalry_against_infantry_in_line_survivors_form_square(cls, square_on):
    """«4, 5 или 6 – Отряд теряет 1 ОС и немедленно перестраивается в каре.* … это Перестроение не считается
    активацией» (on the high rolls the unit loses 1 SP and forms square at once; not an activation)."""
    s = board(unit("c", 0, "lance_cavalry", "C3"), unit("t", 1, "rifle_infantry", "C4", cls), unit("x", 1, "rifle_infantry", "H8"))
    after = act(s, "red", Melee(unit="c", target="t"), 6, 1, square_on)
    assert after.units["t"].sp == 3 and after.units["t"].formation == "square"
    assert "t" not in after.activated


def test_cavalry_table_replaces_the_class_table_only_for_infantry_in_line():
    """«(кроме случаев, когда пехоту в линию атакует Кавалерия)» (except when cavalry attacks infantry in line):
    cavalry hitting cavalry uses the class table."""
    s = board(unit("c", 0, "lance_cavalry", "C3"), unit("t", 1, "lance_cavalry", "C4", "poor"), unit("x", 1, "rifle_infantry", "H8"))
    after = act(s, "red", Melee(unit="c", target="t"), 6, 1, 2)
    assert after.units["t"].sp == 2


def test_cavalry_against_infantry_in_square_uses_the_square_rule():
    """A unit in square hit by cavalry loses 1 SP with no roll (the square rule)."""
    s = board(unit("c", 0, "lance_cavalry", "C3"), unit("t", 1, "rifle_infantry", "C4", formation="square"),
              unit("x", 1, "rifle_infantry", "H8"))
    after = act(s, "red", Melee(unit="c", target="t"), 6, 1)
    assert after.units["t"].sp == 3


@pytest.mark.parametrize("total,fate", [(12, "killed"), (11, "wounded"), (10, "unharmed"), (2, "unharmed")])
def test_commander_in_the_hit_square_rolls_2d6(total, fate):
    """«Если сумма результатов равна 12 – Командир убит. … 11 – Командир ранен и теряет 2ОС. … 10 и меньше –
    с Командиром все в порядке» (2d6: 12 killed; 11 wounded, -2 SP; 10 or less unharmed; T002-04)."""
    a, b = (6, total - 6) if total > 6 else (1, total - 1)
    s = _fire_at("average", unit("cmd", 1, "commander", "C4"))
    after = act(s, "red", Fire(unit="r", target="t"), 6, a, b, 1)
    lost = after.armies["blue"].lost - 1  # the unit's own 1 SP
    if fate == "killed":
        assert "cmd" not in after.units and lost == 6
    elif fate == "wounded":
        assert after.units["cmd"].sp == 4 and lost == 2
    else:
        assert after.units["cmd"].sp == 6 and lost == 0


def test_a_commander_goes_with_his_unit_when_it_retreats():
    """A commander stands with his unit; when it falls back one square he goes with it (R12)."""
    s = act(_fire_at("average", unit("cmd", 1, "commander", "C4")), "red", Fire(unit="r", target="t"), 6, 3, 3, 6)
    after = act(s, "blue", React(unit="t", choice="retreat"))
    assert after.units["cmd"].square == after.units["t"].square == "C5"


def test_a_gun_that_needs_transport_cannot_retreat():
    """«Отряд … который не может отступить, теряет 1 Очко Силы» with «-*- Для перемещения требуется
    Транспорт»: a heavy gun cannot move by itself, so it cannot retreat (R13)."""
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("g", 1, "rifled_heavy", "C4"))
    after = act(s, "red", Fire(unit="r", target="g"), 6, 6)
    assert after.units["g"].sp == 1 and not after.pending

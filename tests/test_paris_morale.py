"""Seed 000 §12 (morale) and §13 (rally, rout movement)."""

from __future__ import annotations

from events.paris import Rally
from adjudicator.draft import Draft
from adjudicator.rulesets.paris import sequence
from adjudicator.rulesets.paris.morale import effective_morale, lose_levels, morale_check
from adjudicator.rulesets.paris.state import BOARD
from test_paris_helpers import FixedDice, acting, codes, new_state, only, place, post


def test_morale_check_passes_at_or_below_the_rating():
    """§12.1 «бросьте 1к10, если результат (модифицированный рейтингом любого лидера, сгруппированного с
    отрядом) меньше чем или равен рейтингу морального состояния отряда, проверка пройдена. В случае
    неудачи отряд теряет один уровень» — T000-10: morale 8 passes on 0-8."""
    s = only(new_state(), "conde-g1")
    s = place(s, "conde", "1509")
    for face, level in ((8, 0), (9, 1)):
        d = Draft(s, FixedDice([face]), BOARD)
        morale_check(d, "conde-g1", 0, "test")
        assert d.s.units["conde-g1"].level == level


def test_a_stacked_leader_helps_the_check():
    """§12.1 «модифицированный рейтингом любого лидера, сгруппированного с отрядом» (ruling R10: subtracted)."""
    s = only(new_state(), "conde-g1")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110")
    d = Draft(s, FixedDice([9]), BOARD)
    morale_check(d, "conde-g1", 1, "test")  # 9 + 1 - 2 = 8 <= 8
    assert d.s.units["conde-g1"].level == 0


def test_morale_state_penalties():
    """§12.2 «Беспорядок: ... – 1 к моральному состоянию ... Потрясенное: – 2 ... Сломленное: – 5» —
    a disordered S-8-4 has morale 7."""
    s = new_state()
    garde = s.units["garde-1"]
    assert [effective_morale(s, place(s, "garde-1", garde.hex, level=n).units["garde-1"]) for n in range(4)] == [8, 7, 6, 3]


def test_a_broken_unit_that_fails_is_destroyed_and_losing_past_broken_destroys():
    """§12.1 «Сломленный отряд, который не имеет успеха, уничтожен»; §11.4 «Если отряд теряет больше
    уровней, чем имеет, то он уничтожен»."""
    s = only(new_state(), "garde-1")
    s = place(s, "garde-1", "0710", "S", level=3)
    d = Draft(s, FixedDice([9]), BOARD)
    morale_check(d, "garde-1", 0, "test")
    assert "garde-1" not in d.s.units and d.s.destroyed["catholic"] == ("S:garde-1",)


def test_a_unit_that_becomes_broken_retreats_two_hexes_toward_its_edge():
    """§13.2 «Когда отряд достигает сломленного уровня вследствие неудачной проверки морального состояния,
    он должен отступить на 2 поля ... должны равняться на свой край карты»."""
    s = only(new_state(), "garde-1")
    s = place(s, "garde-1", "0710", "S", level=2)
    d = Draft(s, FixedDice([]), BOARD)
    lose_levels(d, "garde-1", 1, "test", away="0810")
    u = d.s.units["garde-1"]
    assert u.level == 3 and u.hex[:2] == "05" and u.facing == 1  # two rows north, facing its north edge


def test_artillery_is_destroyed_on_a_failed_check():
    """§13 «Артиллерия не имеет статуса; она уничтожена, если не имеет успеха в проверке морального состояния»."""
    s = only(new_state(), "cath-art-1")
    d = Draft(s, FixedDice([9]), BOARD)
    morale_check(d, "cath-art-1", 0, "test")
    assert "cath-art-1" not in d.s.units


def rally_field(order: str, with_leader: bool):
    s = only(new_state(), "conde-lansq", "picardie")
    s = place(s, "conde-lansq", "1410", "N", level=2)
    s = place(s, "conde", "1410" if with_leader else "1411")
    s = place(s, "picardie", "0410", "S")
    return acting(s, "conde", order=order)


def test_rally_with_the_leader_is_automatic():
    """§13.1 «Сбор — автоматический, если отряд сгруппирован со своим командиром»."""
    s = post(rally_field("rally", True), "huguenot", Rally(unit="conde-lansq"))
    assert s.units["conde-lansq"].level == 1 and s.leaders["conde"].helped_rally


def test_rally_by_check_regains_or_loses_a_level():
    """§13.1 «Отряд, который проходит проверку, возвращает один уровень морального состояния; отряд,
    который не имеет успеха в проверке на сбор, теряет один уровень»; next to the leader he helps."""
    s = rally_field("rally", False)  # Condé next to it: his 2 helps; shaken L-7: morale 5
    assert post(s, "huguenot", Rally(unit="conde-lansq"), faces=(7,)).units["conde-lansq"].level == 1  # 7 - 2 = 5
    failed = post(s, "huguenot", Rally(unit="conde-lansq"), faces=(8,))  # 6 > 5: broken, retreats 2 hexes
    assert failed.units["conde-lansq"].level == 3


def test_a_leader_who_helped_a_rally_does_not_move():
    """§6.4 «Если с приказом Марш или Сбор, он может двигаться, если не помогал со сбором отряда»."""
    from events.paris import Move

    s = post(rally_field("rally", True), "huguenot", Rally(unit="conde-lansq"))
    assert codes(s, "huguenot", Move(unit="conde", path=("1411",))) == ["move/leader-rallied"]


def test_a_gendarme_that_lost_a_level_in_melee_never_rallies_from_disorder():
    """§11.5 «После того, как жандарм потерял уровень в рукопашной схватке, он никогда не может собраться
    обратно из беспорядка»."""
    s = only(new_state(), "conde-g1", "picardie")
    s = place(s, "conde-g1", "1110", "N", level=1, lance_lost=True)
    s = place(s, "conde", "1110")
    s = place(s, "picardie", "0410", "S")
    assert codes(acting(s, "conde", order="rally"), "huguenot", Rally(unit="conde-g1")) == ["rally/gendarme"]


def test_rout_phase_moves_broken_units_off_their_edge():
    """§13.2 «Во время фазы беспорядочного бегства сломленные отряды используют свою полную норму
    движения ... Если отряд покидает карту, он уничтожен и засчитывается как выполнение победных условий»."""
    s = only(new_state(), "garde-1", "conde-g1")
    s = place(s, "garde-1", "0310", "N", level=3)  # S-8-4: four hexes of movement
    d = Draft(s, FixedDice([]), BOARD)
    sequence.rout_phase(d)
    assert "garde-1" not in d.s.units and d.s.destroyed["catholic"] == ("S:garde-1",)

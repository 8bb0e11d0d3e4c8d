"""Seed 000 §10 (fire) and §8.4 (fire as a function of movement)."""

from __future__ import annotations

import pytest

from events.paris import Fire, Hold, Turn
from adjudicator.rulesets.paris.notation import VERBS
from test_paris_helpers import acting, codes, new_state, only, place, post, posted, standing


def duel():
    s = only(new_state("ivry-1590"), "gardes-francais", "nemours-lansq", "roy-art", "berling")
    s = place(s, "montpensier", "1010")
    s = place(s, "gardes-francais", "1010", "N")  # F-7-4, fire strength 6 (provisional)
    s = place(s, "nemours-lansq", "0910", "S")  # L-7-4
    s = place(s, "roy-art", "1110", "N")
    s = place(s, "berling", "0410", "S")
    return acting(s, "montpensier", order="attack")


def test_fire_hits_on_at_least_the_strength_and_adds_the_difference_to_morale():
    """§10.5 «Если результат больше чем или равен его силе, цель должна пройти проверку морального
    состояния. Проверка модифицируется на разницу результа броска кубика и силы стрельбы отряда. Пример:
    если сила стрельбы = 6 и если игрок сделал бросок = 9, его враг прибавляет (9 – 6) = 3» — T000-02."""
    s = standing(duel(), "league", defensive_fire="never", react="never")
    passed, told = posted(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq"), faces=(9, 4))  # 4 + 3 = 7 <= 7
    assert passed.units["nemours-lansq"].level == 0
    assert any("+3" in line and "passes" in line for line in told.lines)
    failed = post(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq"), faces=(9, 5))  # 8 > 7
    assert failed.units["nemours-lansq"].level == 1
    missed, told = posted(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq"), faces=(5,))  # 5 < 6
    assert missed.units["nemours-lansq"].level == 0 and any("no effect" in x for x in told.lines)


def test_offensive_fire_costs_two_mp_and_up_to_two_more_for_plus_one_each():
    """§10.3 «стрельба стоит 2 ОД ... Отряд может потратить до 2 дополнительных ОД, чтобы получить
    благоприятный модификатор броска кубика (+ 1 к кубику за потраченное ОД)»."""
    s = standing(duel(), "league", defensive_fire="never", react="never")
    s2 = post(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq", extra=2), faces=(4, 0))  # 4 + 2 = 6: hit
    assert s2.units["gardes-francais"].mp == 0 and s2.units["gardes-francais"].fired
    assert codes(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq", extra=3)) == ["fire/extra"]
    parse = next(v for v in VERBS if v.words == "fire").parse
    with pytest.raises(ValueError):
        parse("gardes-francais at nemours-lansq +3", "royalist", ())


def test_a_unit_fires_offensively_once_a_turn():
    """§10.3 «Отряд может ввести наступательный огонь только один раз в тур»."""
    s = standing(duel(), "league", defensive_fire="never", react="never")
    s = post(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq"), faces=(0,))
    assert codes(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq")) == ["fire/twice"]


def test_worked_example_turn_then_fire_draws_two_defensive_fires():
    """§10.3 «активирован отряд пехоты в зоне огня вражеского отряда, он, расходуя 2 ОД, поворачивается
    так, чтобы тот отряд оказался в его собственной зоне огня, и попадает под оборонительный огонь, затем
    стреляет наступательно, расходуя 2 ОД, и это вызывает другой оборонительный огонь» — T000-06."""
    from adjudicator.rulesets.paris import hexgrid

    s = place(duel(), "gardes-francais", "1010", "S")  # the lansquenets at 0910 are behind it
    s = place(s, "nemours-lansq", "0910", "S")  # and it stands in their front hexes
    assert "0910" not in hexgrid.fire_zone("1010", hexgrid.SOUTH) and "1010" in hexgrid.fire_zone("0910", hexgrid.SOUTH)
    s = standing(s, "league", react="never")
    s = post(s, "royalist", Turn(unit="gardes-francais", facing="SE"))  # one vertex: 2 MP
    assert s.phase == "react" and s.window.fire == ("nemours-lansq",)
    s = post(s, "league", Fire(unit="nemours-lansq", target="gardes-francais"), faces=(1,))  # misses
    s = post(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq"), faces=(2,))  # 2 MP, misses
    assert s.units["gardes-francais"].mp == 0
    assert s.phase == "react" and s.window.fire == ("nemours-lansq",)
    s = post(s, "league", Hold())
    assert s.phase == "act"


def test_targets_must_be_in_the_fire_zone():
    """§10.1, §10.4: range 1, front and flank hexes."""
    s = place(duel(), "nemours-lansq", "0810", "S")
    assert codes(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq")) == ["fire/illegal"]


def test_shaken_units_fire_only_defensively_and_broken_units_not_at_all():
    """§12.2 «Потрясенное ... Отряд может вести только оборонительный огонь»; «Сломленное ... никакого огня»."""
    s = place(duel(), "gardes-francais", "1010", "N", level=2)
    assert codes(s, "royalist", Fire(unit="gardes-francais", target="nemours-lansq")) == ["fire/illegal"]


def test_artillery_fires_once_a_turn_without_mp_and_needs_sight():
    """§10.3 «артиллерия может стрелять только один раз в тур ... стрельба не требует расхода ОД и не
    нуждается в том, чтобы быть под командованием»; §10.1 artillery needs a line of sight."""
    s = standing(duel(), "league", defensive_fire="never", react="never")
    s = place(s, "berling", "0510", "S")
    blocked = s  # the lansquenets at 0910 stand on the line from 1110 to 0510
    assert codes(blocked, "royalist", Fire(unit="roy-art", target="berling")) == ["fire/illegal"]
    clear = place(s, "nemours-lansq", "0420", "S")
    fired, told = posted(clear, "royalist", Fire(unit="roy-art", target="berling"), faces=(8, 0))  # range 6: strength 6
    assert fired.units["roy-art"].fired and "fire" in told.provisional
    assert codes(fired, "royalist", Fire(unit="roy-art", target="berling")) == ["fire/twice"]
    assert codes(fired, "royalist", Turn(unit="roy-art", facing="NE")) == ["turn/artillery-fired"]


def test_grazing_fire_hits_every_hex_on_the_line_friend_or_foe():
    """§10.5 «Артиллерия, стреляющая на расстояние в 3 поля максимум, ведет настильный огонь ... каждое из
    этих полей (друг или враг) затем атакуется артиллерией по отдельности»."""
    s = only(new_state("ivry-1590"), "roy-art", "gardes-francais", "nemours-lansq", "berling")
    s = place(s, "roy-art", "1110", "N")
    s = place(s, "gardes-francais", "1010", "N")  # a friend on the line
    s = place(s, "nemours-lansq", "0910", "S")
    s = place(s, "berling", "0810", "S")  # the target, 3 hexes away
    s = standing(acting(s, "montpensier"), "league", defensive_fire="never", react="never")
    s, told = posted(s, "royalist", Fire(unit="roy-art", target="berling"), faces=(0, 0, 0))  # three hexes, three misses
    assert sum(1 for x in told.lines if "strength" in x) == 3


def test_every_unit_in_a_hex_under_fire_checks_separately():
    """§9.2 «Если шестиугольник накрыт огнем, каждый отряд должен пройти свою собственную проверку
    морального состояния» — Dreux's Catholic gun at 0718 is stacked with a Gendarmerie unit."""
    s = only(new_state(), "coligny-milice-1", "gendarmerie-4", "cath-art-1")
    s = place(s, "coligny", "0818")
    s = place(s, "coligny-milice-1", "0818", "N")  # H: fire strength 5 (provisional)
    s = standing(acting(s, "coligny", order="attack"), "catholic", defensive_fire="never", react="never", intercept="never")
    s = post(s, "huguenot", Fire(unit="coligny-milice-1", target="gendarmerie-4"), faces=(7, 9, 0))  # the gun checks first (by id)
    assert s.units["gendarmerie-4"].level == 0  # 0 + 2 <= 7
    assert "cath-art-1" not in s.units  # 9 + 2 > 6: artillery has no levels and is destroyed (§13)

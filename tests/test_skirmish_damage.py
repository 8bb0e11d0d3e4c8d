"""Seed 001 §Damage test (Тест на повреждения), §Special rules: Veterans, *Cuirass, *Armour, *Shields."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.skirmish import damage
from test_skirmish_support import Dice, board, fig, put


def target(**kw):
    return board(fig("z", "red", "zouave", (20, 20)), fig("p", "blue", "prussian", (20, 50)), **kw)


@pytest.mark.parametrize("face,status", [(1, "suppressed"), (3, "suppressed"), (4, "out"), (6, "out")])
def test_1_to_3_suppressed_4_to_6_out(face, status):
    """«Бойцы получившие попадание при стрельбе, кидают d6. На 1-3 цель Подавлена ... На 4-6 цель
    Выведена из строя и покидает поле боя»."""
    s = target()
    new, _ = damage.test(s, s.figures["p"], "", False, Dice(face), "test")
    assert new.status == status


@pytest.mark.parametrize("cover,aimed,face,status", [
    ("soft", False, 4, "suppressed"), ("hard", False, 5, "suppressed"), ("hard", False, 6, "out"),
    ("hard", True, 5, "out"), ("", True, 3, "out"), ("hard", True, 4, "suppressed")])
def test_cover_takes_one_or_two_off_and_aiming_adds_one(cover, aimed, face, status):
    """«Вычтите 1 из броска, если цель в мягком укрытии (изгородь, забор, россыпь камней). Вычтите 2
    ... в прочном укрытии (каменная стена, дом, лес). Добавьте 1 к броску, если стрелок прицеливался» —
    T001-10: hard cover and an aimed shot is d6 - 2 + 1."""
    s = target()
    new, _ = damage.test(s, s.figures["p"], cover, aimed, Dice(face), "test")
    assert new.status == status


def test_terrain_cover_of_the_target():
    """Woods and houses are hard cover; a hedge between shooter and target soft (ruling S22)."""
    woods = ({"id": "w", "kind": "woods", "points": [[10, 45], [30, 45], [30, 60], [10, 60]]},)
    s = target(areas=woods)
    assert damage.cover(s, s.figures["p"], s.figures["z"].pos, "effective") == "hard"
    hedge = ({"id": "h", "kind": "hedge", "points": [[0, 47.5], [120, 47.5]]},)
    s = target(lines=hedge)
    assert damage.cover(s, s.figures["p"], s.figures["z"].pos, "effective") == "soft"
    assert damage.cover(s, s.figures["p"], (20, 80), "effective") == ""  # the hedge is behind him


def test_a_rider_hit_first_finds_out_whether_the_horse_was_hit():
    """«Если вы стреляли во всадника, то сначала узнайте, во что вы попали. На 1-3 вы попали в лошадь –
    она ранена и больше не дает никаких бонусов. Всадник считается Подавленным. Все дальнейшие
    попадания считаются пришедшими во всадника»."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("h", "blue", "mounted-infantry", (20, 50)))
    horse, _ = damage.test(s, s.figures["h"], "", False, Dice(2), "test")
    assert horse.horse_hit and horse.status == "suppressed"
    rider, _ = damage.test(s, horse, "", False, Dice(5), "test")
    assert rider.status == "out"
    missed_horse, _ = damage.test(s, s.figures["h"], "", False, Dice(4, 2), "test")
    assert not missed_horse.horse_hit and missed_horse.status == "suppressed"


def test_veterans_make_the_shooter_roll_again_a_test_that_puts_them_out():
    """§Veterans «Могут заставлять врага перебрасывать тесты на повреждения при стрельбе» (ruling S23)."""
    s = put(target(), "p", rules=("veterans",))
    new, _ = damage.test(s, s.figures["p"], "", False, Dice(5, 2), "test")
    assert new.status == "suppressed"
    new, _ = damage.test(s, s.figures["p"], "", False, Dice(2), "test")
    assert new.status == "suppressed"


def test_cuirass_and_armour_give_cover_at_effective_range_and_beyond():
    """*Cuirass «Дает мягкое укрытие при стрельбе на Эффективной дистанции и дальше»; *Armour «Дает
    прочное укрытие ... На ближней дистанции укрытие становится мягким»."""
    s = put(target(), "p", rules=("cuirass",))
    assert damage.cover(s, s.figures["p"], (20, 20), "effective") == "soft"
    assert damage.cover(s, s.figures["p"], (20, 20), "close") == ""
    s = put(target(), "p", rules=("armour",))
    assert damage.cover(s, s.figures["p"], (20, 20), "long") == "hard"
    assert damage.cover(s, s.figures["p"], (20, 20), "close") == "soft"


def test_shields_cover_from_the_front_against_other_than_firearms():
    """*Shields «Дают мягкое укрытие от любой стрельбы из неогнестрельного оружия, но только во
    фронтальной проекции» (ruling S38)."""
    s = put(target(), "p", rules=("shields",))
    assert damage.cover(s, s.figures["p"], (20, 20), "effective", firearm=True) == ""
    assert damage.cover(s, s.figures["p"], (20, 20), "effective", firearm=False) == "soft"
    assert damage.cover(s, s.figures["p"], (20, 80), "effective", firearm=False) == ""

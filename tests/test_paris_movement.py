"""Seed 000 §7 (facing and turning), §8 (movement, reaction movement, interception), §9 (stacking)."""

from __future__ import annotations

from events.paris import Fire, Hold, Intercept, Move, React, Turn
from adjudicator.rulesets.paris.movement import turn_cost
from adjudicator.rulesets.paris.reactions import eligible
from test_paris_helpers import acting, codes, new_state, only, place, post, posted, standing


def test_turning_costs_worked_out():
    """§7 «Кавалерия может поворачиваться, уплачивая одно очко движения за вершину поля. Пехота ... 2 ОД
    за вершину поля. Отряды могут совершать контрмарш (поворачиваться на 180°) по цене в 2 ОД для
    кавалерии и 4 ОД для пехоты» — T000-07."""
    s = new_state()
    cav, inf = s.units["conde-g1"], s.units["conde-lansq"]
    assert (turn_cost(cav, 2), turn_cost(inf, 1), turn_cost(cav, 3), turn_cost(inf, 3)) == (2, 2, 2, 4)


def field():
    s = only(new_state(), "conde-g1", "conde-lansq", "picardie", "cath-art-1", "garde-1")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = place(s, "conde-lansq", "1111", "N")
    s = place(s, "picardie", "0410", "S")
    s = place(s, "garde-1", "0420", "S")
    s = place(s, "cath-art-1", "0720", "S")
    return acting(s, "conde", order="attack")


def test_units_move_only_into_a_front_hex():
    """§8.1 «Отряд может двигаться только в одно из полей по своему фронту» — only into a front hex."""
    s = field()
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("1109",))) == ["move/not-front"]
    assert "§8.1" in str(__import__("test_paris_helpers").refuse(s, "huguenot", Move(unit="conde-g1", path=("1109",)))[0])


def test_movement_points_cannot_be_exceeded():
    """§8.1 «Каждый отряд имеет норму движения на тур, выраженную в очках движения»."""
    s = field()
    assert codes(s, "huguenot", Move(unit="conde-lansq", path=("1011", "0911", "0811", "0711", "0611"))) == ["move/out-of-mp"]
    s2 = post(s, "huguenot", Move(unit="conde-lansq", path=("1011", "0911")))
    assert s2.units["conde-lansq"].mp == 2
    assert codes(s2, "huguenot", Turn(unit="conde-lansq", facing="SW")) == ["turn/out-of-mp"]


def test_disorder_halves_movement_and_shaken_units_do_not_move():
    """§12.2 «Беспорядок: движение уменьшено наполовину»; «Потрясенное: движение — нуль»."""
    s = place(field(), "conde-g1", "1110", "N", level=1)
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("1010", "0910", "0810", "0710", "0610", "0510"))) == ["move/out-of-mp"]
    s = place(s, "conde-g1", "1110", "N", level=2)
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("1010",))) == ["move/state"]


def test_artillery_never_moves():
    """§8.1 «Исключение: артиллерия никогда не может двигаться»."""
    s = acting(field(), "montmorency")
    assert codes(s, "catholic", Move(unit="cath-art-1", path=("0820",))) == ["move/artillery"]


def test_each_unit_completes_its_movement_before_another_moves():
    """§8.1 «Движение каждого отряда должно быть завершено прежде, чем двигать другой»."""
    s = post(field(), "huguenot", Move(unit="conde-g1", path=("1010",)))
    s = post(s, "huguenot", Move(unit="conde-lansq", path=("1011",)))
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("0910",))) == ["move/finished"]


def test_stacking_one_unit_a_hex_no_passing_through():
    """§9.1 «группирование ограничено одним отрядом пехоты или кавалерии на шестиугольник.
    Взаимопроникновения между отрядами быть не может» — one unit a hex; no interpenetration."""
    s = place(field(), "conde-lansq", "1010", "N")
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("1010",))) == ["move/stacking"]


def test_only_cavalry_shares_a_hex_with_a_forlorn_hope():
    """§9.1 «только кавалерия может проходить через или группироваться с отрядом, выполняющим опасное задание»."""
    s = only(new_state("ivry-1590"), "demi-regiment", "b-biron", "suisses", "nemours-g1")
    s = place(s, "demi-regiment", "1010", "N")
    s = place(s, "b-biron", "1110", "N")
    s = place(s, "suisses", "1111", "N")
    s = place(s, "montpensier", "1110")
    s = place(s, "nemours-g1", "0305", "S")
    s = acting(s, "montpensier", order="march")
    assert codes(s, "royalist", Move(unit="b-biron", path=("1010",))) == []
    assert codes(s, "royalist", Move(unit="suisses", path=("1011", "0910"))) == []
    s2 = place(s, "demi-regiment", "1011", "N")
    assert codes(s2, "royalist", Move(unit="suisses", path=("1011",))) == ["move/stacking"]


def test_entering_enemy_artillery_destroys_it():
    """§9.1 «Если отряд входит в поле, содержащее вражескую артиллерию, последняя уничтожена»."""
    s = place(field(), "cath-art-1", "1010", "SW")
    s = standing(s, "catholic", defensive_fire="never", intercept="never", react="never")
    s = post(s, "huguenot", Move(unit="conde-g1", path=("1010",)))
    assert "cath-art-1" not in s.units and s.destroyed["catholic"] == ("ART:cath-art-1",)


def test_reaction_movement_eligibility():
    """§8.2 «Отряды могут делать попытку реагирующего движения, только если их фактор движения (после
    эффектов беспорядка) выше или равен соответствующему рейтингу отряда, вызвавшего реакцию, и если они
    имеют линию видимости» — T000-08: a disordered G (10 → 5) reacts to infantry (4), not to reiters (6)."""
    s = only(new_state(), "gendarmerie-1", "conde-lansq", "conde-reiters-1")
    s = place(s, "gendarmerie-1", "0810", "S", level=1)
    s = place(s, "conde-lansq", "1010", "N")
    s = place(s, "conde-reiters-1", "1011", "N")
    assert "gendarmerie-1" in eligible(s, "conde-lansq", "enter")[2]
    assert "gendarmerie-1" not in eligible(s, "conde-reiters-1", "enter")[2]
    normal = place(s, "gendarmerie-1", "0810", "S", level=0)
    assert "gendarmerie-1" in eligible(normal, "conde-reiters-1", "enter")[2]


def test_reaction_turn_and_retreat():
    """§8.2 «Поворот: ... на одну вершину поля для пехоты или две вершины поля для кавалерии.
    Отступление: ... только для отрядов пехоты с приказом «Сбор» или кавалерии (с любым приказом), к
    которым приближается пехота»."""
    s = only(new_state(), "gendarmerie-1", "conde-lansq", "picardie")
    s = place(s, "gendarmerie-1", "0810", "S")
    s = place(s, "picardie", "0813", "S")
    s = place(s, "conde", "1110")
    s = place(s, "conde-lansq", "1110", "N")
    s = acting(s, "conde", order="attack")
    s = standing(s, "catholic", intercept="never", defensive_fire="never")
    s = post(s, "huguenot", Move(unit="conde-lansq", path=("1010",)))
    assert s.phase == "react" and "gendarmerie-1" in s.window.react
    assert codes(s, "catholic", React(unit="gendarmerie-1", kind="turn", facing="N")) == ["react/turn"]
    ok = post(s, "catholic", React(unit="gendarmerie-1", kind="retreat", path=("0710", "0610")))
    assert ok.units["gendarmerie-1"].hex == "0610" and ok.units["gendarmerie-1"].reacted
    assert codes(s, "catholic", React(unit="picardie", kind="retreat", path=("0713",))) == ["react/not-eligible"]


def test_interception_stops_the_mover_and_cancels_its_charge():
    """§8.3 «перехватывающий отряд ставится рядом с вражеским отрядом, и движение последнего
    прекращается ... перехваченный отряд теряет любой маркер «Атака» и любой бонус атаки»."""
    s = only(new_state(), "gendarmerie-1", "conde-g1")
    s = place(s, "gendarmerie-1", "0711", "S")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = acting(s, "conde", order="attack")
    s = standing(s, "catholic", defensive_fire="never", react="never")
    s = post(s, "huguenot", Move(unit="conde-g1", path=("1010", "0910", "0810")))
    assert s.phase == "react" and s.window.intercept == ("gendarmerie-1",)
    assert s.units["conde-g1"].hex == "0910"  # it stopped where the zone was entered: the rest waits
    s = post(s, "catholic", Intercept(unit="gendarmerie-1"), faces=(2,))  # 2 - 1 <= 5 (provisional)
    g = s.units["gendarmerie-1"]
    assert s.units["conde-g1"].mp == 0 and s.units["conde-g1"].straight == 0
    assert g.intercepted and g.hex in __import__("adjudicator.rulesets.paris.hexgrid", fromlist=["x"]).neighbours("0910")
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("0810",))) == ["move/out-of-mp"]


def test_defensive_fire_window_and_hold():
    """§10.3 «Оборонительный огонь: неактивный отряд может стрелять, когда ... активный отряд входит в поле
    в его зоне огня» — a unit entering the fire zone may be fired at; the defender may also hold."""
    s = only(new_state(), "picardie", "conde-g1")
    s = place(s, "picardie", "0810", "S")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = acting(s, "conde", order="attack")
    s = standing(s, "catholic", react="never", intercept="never")
    s = post(s, "huguenot", Move(unit="conde-g1", path=("1010", "0910")))
    assert s.phase == "react" and s.window.fire == ("picardie",)
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("0810",))) == ["move/not-now"]
    assert codes(s, "catholic", Fire(unit="picardie", target="conde-g1", extra=1)) == ["fire/defensive-extra"]
    held = post(s, "catholic", Hold())
    assert held.phase == "act"
    fired = post(s, "catholic", Fire(unit="picardie", target="conde-g1"), faces=(3,))  # 3 < 6: no effect
    assert fired.phase == "act" and fired.units["conde-g1"].level == 0


def test_standing_orders_decide_for_the_player_and_are_logged():
    """Play by email: a standing order («defensive fire: always») lets a turn flow without a round trip;
    the engine logs each decision it took on the player's behalf."""
    from events.paris import Standing

    s = only(new_state(), "picardie", "conde-lansq")
    s = place(s, "picardie", "0910", "S")
    s = place(s, "conde", "1110")
    s = place(s, "conde-lansq", "1110", "N")
    s = acting(s, "conde", order="attack")
    s = post(s, "catholic", Standing(kind="defensive-fire", mode="always"))
    s = post(s, "catholic", Standing(kind="react", mode="never"))
    s, told = posted(s, "huguenot", Move(unit="conde-lansq", path=("1010",)), faces=(2,))  # picardie fires at once: 2 < 6
    assert s.phase == "act" and any("standing order of catholic: defensive fire always" in x for x in told.lines)
    assert codes(s, "catholic", Standing(kind="defensive-fire", mode="sometimes")) == ["standing/mode"]
    assert codes(s, "catholic", Standing(kind="coffee", mode="always")) == ["standing/kind"]


def test_a_post_of_the_wrong_kind_is_refused_with_what_the_game_waits_for():
    """`awaiting` says who must decide what; a post of the wrong kind is refused with the reason."""
    s = only(new_state(), "picardie", "conde-lansq")
    s = place(s, "picardie", "0910", "S")
    s = place(s, "conde", "1110")
    s = place(s, "conde-lansq", "1110", "N")
    s = standing(acting(s, "conde", order="attack"), "catholic", react="never")
    s = post(s, "huguenot", Move(unit="conde-lansq", path=("1010",)))
    from test_paris_helpers import refuse

    v = refuse(s, "huguenot", Turn(unit="conde-lansq", facing="NE"))
    assert v[0].code == "turn/not-now"
    from events.paris import EndMoves

    v = refuse(s, "huguenot", EndMoves())
    assert v[0].code == "end-moves/not-now" and "catholic: answer conde-lansq" in v[0].message


def test_no_cavalry_fires_at_an_interception():
    """§8.3 «Примечание: при перехвате никакие отряды кавалерии (независимо от своего типа) не могут стрелять»."""
    s = only(new_state(), "gendarmerie-1", "sansac", "conde-g1")
    s = place(s, "gendarmerie-1", "0711", "S")
    s = place(s, "sansac", "0810", "NE")  # arquebusiers (cavalry that fire): 0910 is in its flank, not its interception wedge
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = acting(s, "conde", order="attack")
    s = standing(s, "catholic", react="never", defensive_fire="always", intercept="always")
    s, told = posted(s, "huguenot", Move(unit="conde-g1", path=("1010", "0910")), faces=(0,))  # the interception succeeds
    assert s.units["gendarmerie-1"].intercepted and s.units["conde-g1"].mp == 0
    assert not any("sansac →" in x for x in told.lines)  # sansac did not fire


def test_every_decision_window_offers_legal_actions():
    """`legal_actions` covers the non-active side's decisions too (drives `adjudicator options` and simulate)."""
    from adjudicator.rulesets.paris.play import legal_actions

    s = only(new_state(), "gendarmerie-1", "conde-lansq", "picardie")
    s = place(s, "gendarmerie-1", "0810", "S")
    s = place(s, "picardie", "0813", "S")
    s = place(s, "conde", "1110")
    s = place(s, "conde-lansq", "1110", "N")
    s = standing(acting(s, "conde", order="attack"), "catholic", intercept="never", defensive_fire="never")
    s = post(s, "huguenot", Move(unit="conde-lansq", path=("1010",)))
    acts = legal_actions(s, "catholic")
    assert Hold() in acts and any(isinstance(a, React) and a.kind == "retreat" for a in acts)
    assert all(not codes(s, "catholic", a) for a in acts)
    assert legal_actions(s, "huguenot") == []

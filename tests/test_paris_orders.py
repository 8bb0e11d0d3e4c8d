"""Seed 000 §6: what each order forbids (§6.2), order change (§6.3), leaders and orders (§6.4),
and the Dreux Guise option."""

from __future__ import annotations

from events.paris import ChangeOrder, Move, Rally, Turn
from test_paris_helpers import acting, codes, new_state, only, place, post, posted


def field(order: str):
    s = only(new_state(), "conde-g1", "picardie", "conde-lansq")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = place(s, "conde-lansq", "1111", "N", level=1)
    s = place(s, "picardie", "0710", "S")
    return acting(s, "conde", order=order)


def test_attack_units_must_end_closer_to_the_nearest_enemy():
    """§6.2 «Атака!: все отряды должны заканчивать движение ближе (по крайней мере на одно поле) к
    ближайшему вражескому отряду» — under Attack! every unit ends at least one hex closer (ruling R13)."""
    s = field("attack")
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("1010",))) == []
    s2 = place(s, "conde-g1", "1110", "NE")
    assert codes(s2, "huguenot", Move(unit="conde-g1", path=("1111",))) == ["move/stacking"]
    s3 = place(s, "conde-g1", "1110", "S")
    assert codes(s3, "huguenot", Move(unit="conde-g1", path=("1210",))) == ["order/attack-closer"]


def test_attack_units_next_to_the_enemy_may_not_move_away_but_may_turn():
    """§6.2 «Если отряд уже находится рядом с врагом, то он не может отходить, но может поворачиваться
    и/или вести наступательный огонь»."""
    s = place(field("attack"), "picardie", "1010", "S")
    s = place(s, "conde-g1", "1110", "S")
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("1210",))) == ["order/attack-engaged"]
    assert codes(s, "huguenot", Turn(unit="conde-g1", facing="NE")) == []


def test_attack_forbids_rallying():
    """§6.2 «Никакой отряд не может собираться» (under Attack!)."""
    assert codes(field("attack"), "huguenot", Rally(unit="conde-lansq")) == ["order/attack-rally"]


def test_march_units_may_not_come_next_to_the_enemy():
    """§6.2 «Марш: отряды могут двигаться, но не могут оказываться рядом с врагом»."""
    s = field("march")
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("1010", "0910"))) == []
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("1010", "0910", "0810"))) == ["order/march-adjacent"]


def test_march_rally_only_next_to_or_with_the_leader():
    """§6.2 «Отряды рядом с командиром крыла или сгруппированные с ним могут попытаться собраться»."""
    s = field("march")
    assert codes(s, "huguenot", Rally(unit="conde-lansq")) == []
    far = place(s, "conde-lansq", "1313", "N", level=1)
    assert codes(far, "huguenot", Rally(unit="conde-lansq")) == ["order/march-rally"]


def test_rally_units_may_not_end_closer_to_the_enemy_and_all_may_rally():
    """§6.2 «Сбор: отряды могут двигаться, но не могут заканчивать свое движение ближе к врагу. Все
    отряды могут пытаться собраться»."""
    s = field("rally")
    assert codes(s, "huguenot", Move(unit="conde-g1", path=("1010",))) == ["order/rally-closer"]
    far = place(s, "conde-lansq", "1313", "N", level=1)
    assert codes(far, "huguenot", Rally(unit="conde-lansq")) == []
    back = place(s, "conde-g1", "1110", "S")
    assert codes(back, "huguenot", Move(unit="conde-g1", path=("1210",))) == []


def test_order_change_roll_at_most_the_table_number():
    """§6.3 «Если результат меньше чем или равен определенному числу, крыло меняет приказ ... Если
    смена приказа не имеет успеха, крыло активировано со своим первоначальным приказом»."""
    s = field("attack")
    ok, told = posted(s, "huguenot", ChangeOrder(wing="conde", order="march"), faces=(7,))  # 7 - 2 = 5 <= 5
    assert ok.wings["conde"].order == "march" and "order_change" in told.provisional
    ko = post(s, "huguenot", ChangeOrder(wing="conde", order="march"), faces=(8,))  # 6 > 5
    assert ko.wings["conde"].order == "attack"
    assert codes(ko, "huguenot", ChangeOrder(wing="conde", order="rally")) == ["order/tried"]


def test_order_change_comes_before_any_unit_acts():
    """§3.2 Б (order change) comes before В (unit actions)."""
    s = post(field("attack"), "huguenot", Move(unit="conde-g1", path=("1010",)), faces=())
    assert codes(s, "huguenot", ChangeOrder(wing="conde", order="march")) == ["order/too-late"]


def test_guise_option_penalty_by_turn():
    """§14.1 «герцог Гиз начинает с приказом «Сбор». В тур 1 он имеет штраф в + 4 к смене приказа, в тур
    2, + 3, в тур 3, + 2, в тур 4, + 1» — Guise starts under Rally; +4/+3/+2/+1 on order change."""
    import msgspec

    s = new_state(options=("guise",))
    assert s.wings["guise"].order == "rally"
    s = acting(s, "guise")
    # rally -> attack needs <= 3 (provisional); Guise rating 2; turn 1 penalty +4: a 0 gives 0 - 2 + 4 = 2: success
    assert post(s, "catholic", ChangeOrder(wing="guise", order="attack"), faces=(0,)).wings["guise"].order == "attack"
    assert post(s, "catholic", ChangeOrder(wing="guise", order="attack"), faces=(2,)).wings["guise"].order == "rally"
    t5 = msgspec.structs.replace(s, turn=5)
    assert post(t5, "catholic", ChangeOrder(wing="guise", order="attack"), faces=(5,)).wings["guise"].order == "attack"


def test_leaders_end_stacked_with_a_unit_of_their_wing():
    """§2.1 «командир крыла всегда должен быть сгруппирован с отрядом своего крыла»; §6.4."""
    s = field("march")
    assert codes(s, "huguenot", Move(unit="conde", path=("1111",))) == []
    assert codes(s, "huguenot", Move(unit="conde", path=("1210",))) == ["move/leader-alone"]

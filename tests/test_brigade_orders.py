"""Seed 003 §5.5-§5.11 (brigade orders and what each allows): each case quotes the rule."""

from __future__ import annotations

import msgspec

from events import brigade as ev
from events.core import OrdersSealed, OrdersUnsealed
from adjudicator.rulesets.brigade import RULESET
from test_brigade_helpers import BRITISH_ORDERS, FRENCH_ORDERS, apply, codes, created, edit, rules, turn_to, with_orders


def sealed_both():
    s = RULESET.setup(created())
    for side in ("british", "french"):
        s = apply(s, side, OrdersSealed(label=f"o-{side}", commitment="ab" * 32))
    return s


def unseal(s, side, lines):
    return codes(s, side, OrdersUnsealed(label=f"o-{side}", salt="00" * 32, orders=tuple(lines)))


def test_every_brigade_has_one_written_order():
    """§5.5: «Игроки должны записывать все приказы, отданные бригадам» (players write down every brigade's
    order). Pack's example: «Бригада Пэка. Приказ = Атака. Взять и удержать деревню Вентоза.»"""
    s = sealed_both()
    assert unseal(s, "british", BRITISH_ORDERS[:-1]) == ["orders/missing"]
    assert unseal(s, "british", BRITISH_ORDERS + ("kempt hold",)) == ["orders/twice"]
    assert unseal(s, "british", ("pack = attack : ventosa",) + BRITISH_ORDERS[1:]) == ["orders/twice"]
    assert unseal(s, "british", ("kempt charge ventosa",) + BRITISH_ORDERS[1:]) == ["orders/unreadable"]
    assert unseal(s, "british", ("chemineau hold",) + BRITISH_ORDERS[1:]) == ["orders/not-a-brigade"]
    assert unseal(s, "british", ("kempt = attack : ventosa",) + BRITISH_ORDERS[1:]) == []


def test_orders_are_revealed_only_once_both_are_sealed():
    """§5.5 with §4.2: written orders are secret and simultaneous: sealed first, opened when both are in."""
    s = RULESET.setup(created())
    s = apply(s, "british", OrdersSealed(label="o-british", commitment="ab" * 32))
    assert codes(s, "british", OrdersSealed(label="again", commitment="cd" * 32)) == ["orders/sealed-twice"]
    s = apply(s, "french", OrdersSealed(label="o-french", commitment="ab" * 32))
    assert s.phase == "orders-reveal"
    s = apply(s, "british", OrdersUnsealed(label="o-british", salt="00" * 32, orders=BRITISH_ORDERS))
    assert s.brigades["kempt"].order.kind == "attack" and s.turn == 0
    s = apply(s, "french", OrdersUnsealed(label="o-french", salt="00" * 32, orders=FRENCH_ORDERS))
    assert s.turn == 1 and s.phase == "initiative"


def test_attack_names_a_place_or_an_enemy_formation():
    """§5.6: «Целью должна быть или какая-либо точка на карте (лес, деревня, холм и пр.) или отдельное
    формирование противника ... Приказы наподобие «Ударить врага в лоб» не удовлетворяют требованиям игры.»
    (the objective is a point on the map or an enemy formation; 'hit the enemy in the front' will not do)."""
    s = sealed_both()
    base = BRITISH_ORDERS[1:]
    assert unseal(s, "british", ("kempt attack",) + base) == ["order/attack-objective"]
    assert unseal(s, "british", ("kempt attack pack",) + base) == ["order/attack-objective"]
    assert unseal(s, "british", ("kempt attack chemineau",) + base) == []
    assert unseal(s, "british", ("kempt attack hill",) + base) == []


def test_support_names_the_supported_brigade_and_a_flank():
    """§5.8: «Приказ должен содержать название бригады, нуждающейся в поддержке ... Поддержка может
    осуществляться через левый фланг, правый фланг или через тыл (вполне очевидно, что с фронта поддержку
    оказать нельзя).» (name the supported brigade; support by the left flank, right flank or rear, never
    the front)."""
    s = sealed_both()
    head, tail = BRITISH_ORDERS[:3], BRITISH_ORDERS[4:]
    assert unseal(s, "british", head + ("anson support stopford",) + tail) == ["order/support-flank"]
    assert unseal(s, "british", head + ("anson support chemineau left",) + tail) == ["order/support-objective"]
    assert unseal(s, "british", head + ("anson support anson rear",) + tail) == ["order/support-objective"]
    assert unseal(s, "british", head + ("anson support stopford rear",) + tail) == []


def test_move_goes_to_a_place_or_a_friendly_brigade():
    """§5.9: «Новая позиция должна быть привязана или к определенному элементу ландшафта ... или к какой-либо
    дружественной бригаде.» (a terrain feature or a friendly brigade)."""
    s = sealed_both()
    assert unseal(s, "british", BRITISH_ORDERS[:5] + ("alten move chemineau",)) == ["order/move-objective"]
    assert unseal(s, "british", BRITISH_ORDERS[:5] + ("alten move pack",)) == []


def test_withdraw_cannot_come_from_the_cinc():
    """§5.11: «Этот приказ отдается в случае паники и нервозности подразделений и не может быть отдан
    Главнокомандующим.» (Withdraw cannot be given by the CinC; written orders are his, R6)."""
    s = sealed_both()
    found = RULESET.check(s, "british", OrdersUnsealed(label="o-british", salt="00" * 32,
                                                          orders=("kempt withdraw",) + BRITISH_ORDERS[1:]))
    assert [(v.code, v.rule) for v in found] == [("order/withdraw-from-cinc", "seed 003 §5.11")]


# -- charges ------------------------------------------------------------------

def charges(phasing="british", **orders):
    """At the charge declarations, british phasing; units placed close to their targets."""
    brit = dict(x.split(" ", 1) for x in BRITISH_ORDERS)
    brit.update(orders)
    s = with_orders(british=tuple(f"{k} {v}" for k, v in brit.items()))
    return turn_to(s, "charges", phasing=phasing)


def test_hold_allows_no_charges_but_cavalry_counter_charges():
    """§5.10: «Подразделения не могут атаковать, хотя кавалерия может контратаковать и объявлять атаки по
    возможности.» (units may not charge, though cavalry may counter-charge and charge as opportunity)."""
    s = edit(charges(stopford="hold hill", lemarchant="hold wood"), "units", "f6l", charged=True)
    assert rules(s, "british", ev.Charge(unit="bcg", target="f1a")) == ["seed 003 §5.10"]
    assert codes(s, "british", ev.Charge(unit="bcg", target="f1a", kind="counter")) == ["charge/hold"]
    assert codes(s, "british", ev.Charge(unit="b3d", target="f6l", kind="counter")) == []
    assert codes(s, "british", ev.Charge(unit="b3d", target="f6l", kind="opportunity")) == []
    assert codes(s, "british", ev.Charge(unit="b3d", target="f6l")) == ["charge/hold"]


def test_engage_infantry_does_not_charge_formed_close_order_enemy():
    """§5.7: «Пехота не может объявлять атаку на построенные в плотные порядки подразделения противника,
    кроме как в случаях, когда проводится контратака. Пехота может атаковать вражеские расстроенные и
    колеблющиеся подразделения или легкую пехоту.» (infantry may not charge formed close-order enemy except
    in a counter-attack; it may charge disordered and wavering units or light infantry)."""
    s = edit(charges(pack="engage menne"), "units", "f25a", charged=True)
    assert codes(s, "british", ev.Charge(unit="b42", target="f25a")) == ["charge/engage-infantry"]
    assert codes(s, "british", ev.Charge(unit="b42", target="f25a", kind="counter")) == []
    s = edit(s, "units", "f25a", status="wavering")
    assert codes(s, "british", ev.Charge(unit="b42", target="f25a")) == []


def test_engage_cavalry_one_charge_per_brigade_per_turn_against_formed_units():
    """§5.7: «Каждая конная бригада ... может объявлять только одну кавалеристскую атаку в ход против
    построенных вражеских подразделений. Нет ограничений на количество объявляемых атак кавалерии на
    расстроенные и колеблющиеся подразделения ... Также нет ... ограничений и на количество контратак.»
    (one cavalry charge per turn against formed units; no limit against disordered or wavering units, nor on
    counter-charges)."""
    s = charges(lemarchant="engage chemineau")
    s = apply(s, "british", ev.Charge(unit="b3d", target="f6l"))
    assert codes(s, "british", ev.Charge(unit="b4d", target="f6l")) == ["charge/engage-cavalry"]
    s = edit(s, "units", "f6l", charged=True)
    assert codes(s, "british", ev.Charge(unit="b4d", target="f6l", kind="counter")) == []
    s = edit(s, "units", "f69a", status="disordered")
    assert codes(s, "british", ev.Charge(unit="b4d", target="f69a")) == []


def test_attack_declares_as_many_charges_as_wished():
    """§5.6: «Подчиняясь приказу, Бригадный Генерал может объявить столько атак пехоты и кавалерии, сколько
    пожелает.» (under Attack the brigadier declares as many charges as he wishes)."""
    s = charges(kempt="attack ventosa")
    s = apply(s, "british", ev.Charge(unit="b45", target="f6l"))
    s = apply(s, "british", ev.Charge(unit="b74", target="f6l"))
    assert codes(s, "british", ev.Charge(unit="b74", target="f69a")) == ["charge/twice"]


def test_move_order_no_charges():
    """§5.9: «Подразделения не могут атаковать, хотя кавалерия может контратаковать и объявлять атаки по
    возможности.» (under Move no charges; cavalry may counter-charge)."""
    s = edit(charges(), "units", "fc26", charged=True)
    assert codes(s, "british", ev.Charge(unit="bkgl", target="fc26")) == ["charge/move"]
    assert codes(s, "british", ev.Charge(unit="bkgl", target="fc26", kind="counter")) == []


def test_charges_are_declared_within_the_brigadiers_12_inches_or_by_the_cinc():
    """§5.4: «Командный радиус Командующего Бригадой для объявления атак и проверки Морали: 12"» and §5.1:
    «Главнокомандующий может, в радиусе 15см. (12") от себя, отдать любому подразделению приказ «Атаковать»
    или «Контратаковать».» (brigadier radius 12" for charges; the CinC within 12" may order any unit to
    attack or counter-attack)."""
    s = charges(stopford="hold hill")
    s = edit(s, "generals", "stopford-g", x=5.0, y=5.0)
    assert codes(s, "british", ev.Charge(unit="bcg", target="f1a", kind="counter")) == ["charge/out-of-radius"]
    s = edit(s, "generals", "picton", x=40.0, y=12.0)
    # the CinC's order overrides the Hold restriction
    assert codes(s, "british", ev.Charge(unit="bcg", target="f1a", by_cinc=True)) == []
    s = edit(s, "generals", "picton", x=60.0)
    assert codes(s, "british", ev.Charge(unit="bcg", target="f1a", by_cinc=True)) == ["charge/cinc-radius"]


def test_charges_in_the_stated_order_phasing_first():
    """§4.4: «Фазовый игрок вслух объявляет, какие подразделения его армии будут проводить атаку. Затем тоже
    самое делает Внефазовый игрок.» (the phasing player declares, then the non-phasing player)."""
    s = charges(phasing="french")
    assert codes(s, "british", ev.Charge(unit="b3d", target="f6l", kind="counter")) == ["charge/not-yours"]
    s = apply(s, "french", ev.Done())
    s = edit(s, "units", "f6l", charged=True)
    assert codes(s, "british", ev.Charge(unit="b3d", target="f6l", kind="counter")) == []



def test_a_counter_charge_answers_an_enemy_charge():
    """§4.4: «Фазовый игрок вслух объявляет, какие подразделения его армии будут проводить атаку. Затем
    тоже самое делает Внефазовый игрок.» and §5.7 «кроме как в случаях, когда проводится контратака»: a
    counter-charge (counter-attack) answers a charge (R29); with no enemy charge declared it is refused."""
    s = charges(phasing="french", lemarchant="hold wood")
    s = apply(s, "french", ev.Done())  # the French declared nothing
    assert codes(s, "british", ev.Charge(unit="b3d", target="f6l", kind="counter")) == ["charge/no-enemy-charge"]
    assert rules(s, "british", ev.Charge(unit="b3d", target="f6l", kind="counter")) == ["seed 003 §4.4, §5.7"]
    s = edit(s, "units", "f6l", charged=True)  # as if f6l had declared a charge
    assert codes(s, "british", ev.Charge(unit="b3d", target="f6l", kind="counter")) == []
    assert codes(s, "british", ev.Charge(unit="b3d", target="f69a", kind="counter")) == ["charge/no-enemy-charge"]


# -- movement ----------------------------------------------------------------

def movement(**orders):
    brit = dict(x.split(" ", 1) for x in BRITISH_ORDERS)
    brit.update(orders)
    s = with_orders(british=tuple(f"{k} {v}" for k, v in brit.items()))
    return turn_to(s, "movement", phasing="british")


def test_attack_half_the_formed_units_advance_half_a_move():
    """§5.6: «хотя бы половина построенных подразделений бригады должны или атаковать врага или продвигаться в
    сторону противника как минимум на половину своего показателя передвижения ... Застрельщики, расстроенные
    подразделения и артиллерия освобождены от исполнения этого правила.» (at least half of the formed units
    charge or advance half a move; skirmishers, disordered units and artillery are exempt)."""
    s = movement(kempt="attack ventosa")
    assert "attack/half-advance" in codes(s, "british", ev.Done())
    s = apply(s, "british", ev.Move(piece="b45", x=15.5, y=18.5))  # 6.5" nearer its nearest enemy
    assert "attack/half-advance" in codes(s, "british", ev.Done())  # 1 of 3 formed battalions
    s = apply(s, "british", ev.Move(piece="b74", x=20, y=18.5))
    assert "attack/half-advance" not in codes(s, "british", ev.Done())  # 2 of 3: half or more
    s2 = movement(kempt="attack ventosa")
    s2 = edit(s2, "units", "b88", status="disordered")
    s2 = apply(s2, "british", ev.Move(piece="b45", x=15.5, y=18.5))
    assert "attack/half-advance" not in codes(s2, "british", ev.Done())  # 1 of 2 formed


def test_attack_formed_units_do_not_retire():
    """§5.6: «ни одно построенное атакующее подразделение бригады не имеет права добровольно отойти или
    отступить» (no formed attacking unit may voluntarily retire, R7)."""
    s = movement(kempt="attack ventosa")
    assert codes(s, "british", ev.Move(piece="b45", x=16, y=6)) == ["move/attack-retreat"]


def test_engage_infantry_cannot_retreat():
    """§5.7: «Пехота не может отступить.» (under Engage infantry may not retreat)."""
    s = movement(pack="engage menne")
    assert rules(s, "british", ev.Move(piece="b42", x=27, y=4)) == ["seed 003 §5.7"]
    assert codes(s, "british", ev.Move(piece="b42", x=27, y=20)) == []


def test_withdraw_every_unit_retires_half_a_move():
    """§5.11: «Все подразделения бригады, в таком случае, должны отступить в тыл своих позиций хотя бы на
    половину показателя возможного передвижения.» (every unit retires at least half its move)."""
    s = movement()
    s = edit(s, "brigades", "pack", order=msgspec.structs.replace(s.brigades["pack"].order, kind="withdraw"))
    assert "withdraw/half-move" in codes(s, "british", ev.Done())
    assert codes(s, "british", ev.Move(piece="b42", x=27, y=20)) == ["move/withdraw-advance"]
    for u, x in (("b42", 27), ("b79", 31), ("b91", 35)):
        s = apply(s, "british", ev.Move(piece=u, x=x, y=5))
    assert "withdraw/half-move" not in codes(s, "british", ev.Done())


def test_hold_stays_in_its_area():
    """§5.10: «Бригада останавливается на своей позиции и не может продвигаться или отступать из этой
    области.» (the brigade stays in its area; the area's extent is provisional, R3)."""
    s = movement(stopford="hold hill")
    assert codes(s, "british", ev.Move(piece="bcg", x=50, y=20)) == []
    assert codes(s, "british", ev.Move(piece="bcg", x=40, y=22)) == ["move/hold-area"]


def test_move_becomes_hold_on_arrival():
    """§5.9: «Прибыв на новые позиции, бригада автоматически получает приказ «Удерживать позиции» ... приказ
    вступает в действие сразу, как только бригада достигает новой позиции.» (on arrival the brigade is
    under Hold at once)."""
    s = movement()
    s = apply(s, "british", ev.Move(piece="alten-g", x=58, y=14))
    b = s.brigades["alten"]
    assert b.order.kind == "hold" and b.order.objective == "hill"


def test_movement_phase_phasing_player_first():
    """§4.5: «Первым ходит Фазовый игрок, потом его оппонент.» (the phasing player moves first)."""
    s = movement()
    assert codes(s, "french", ev.Move(piece="f6l", x=10, y=30)) == ["move/not-yours"]


def test_the_referee_settles_written_orders_that_cannot_be_opened():
    """§5.5 «Игроки должны записывать все приказы» with R26: sealed orders that do not read are refused; the
    referee sets the missing orders and closes the setup."""
    s = sealed_both()
    s = apply(s, "french", OrdersUnsealed(label="o-french", salt="00" * 32, orders=FRENCH_ORDERS))
    assert unseal(s, "british", ("kempt charge ventosa",) + BRITISH_ORDERS[1:]) == ["orders/unreadable"]
    assert codes(s, "referee", ev.Done()) == ["orders/missing"]
    for line in BRITISH_ORDERS:
        brigade, kind, *obj = line.split()
        flank = obj.pop() if obj and obj[-1] in ("left", "right", "rear") else ""
        s = apply(s, "referee", ev.SetOrder(brigade=brigade, order=kind, objective=obj[0] if obj else "", flank=flank))
    assert codes(s, "british", ev.Done()) == ["sequence/nothing-to-close"]
    s = apply(s, "referee", ev.Done())
    assert s.turn == 1 and s.phase == "initiative" and s.brigades["kempt"].order.kind == "attack"


def test_attack_does_not_hold_a_unit_whose_way_forward_other_units_close():
    """§5.6 (above) with R30 («units meet in contact, never on one another»): ruling R34, a formed unit
    that could not have come half a move nearer the enemy without ending on another unit is not held to
    it, so that its side can always end its moves; a unit whose way is open still is."""
    from adjudicator.rulesets.brigade.conduct import ways

    s = movement(kempt="attack ventosa")
    assert next(ways(s, s.units["b45"], True), None) is not None
    assert "attack/half-advance" in codes(s, "british", ev.Done())
    crowded = msgspec.structs.replace(s, tables={**s.tables, "stacking": {"min_inches": 200.0}})  # every point taken
    assert next(ways(crowded, crowded.units["b45"], True), None) is None
    assert "attack/half-advance" not in codes(crowded, "british", ev.Done())


def test_withdraw_does_not_hold_a_unit_whose_way_back_other_units_close():
    """§5.11, every unit of a withdrawing brigade retires at least half a move, with R30 (no unit ends on
    another): ruling R34, a unit that could not have gone half a move back without ending on another unit
    is not held to it."""
    from adjudicator.rulesets.brigade.conduct import ways

    s = movement()
    s = edit(s, "brigades", "pack", order=msgspec.structs.replace(s.brigades["pack"].order, kind="withdraw"))
    assert next(ways(s, s.units["b42"], False), None) is not None
    assert "withdraw/half-move" in codes(s, "british", ev.Done())
    crowded = msgspec.structs.replace(s, tables={**s.tables, "stacking": {"min_inches": 200.0}})
    assert next(ways(crowded, crowded.units["b42"], False), None) is None
    assert "withdraw/half-move" not in codes(crowded, "british", ev.Done())

"""Seed 000 §5.2.1, §10.5, §12.1 (ruling R43): on a hit, the units in the hex take their morale checks,
each with the rating of the leader stacked with it, then every leader who stood in the hex rolls for
his life, even one a broken unit has carried off in the meantime."""

from __future__ import annotations

from events.core import Envelope
from events.paris import Fire
from test_paris_helpers import RS, FixedDice, acting, new_state, only, place


def _fire(s, faces):
    dice = FixedDice(faces)
    env = Envelope(game="t", seq=2, actor="catholic", turn=s.turn, phase=s.phase, epoch=s.turn,
                   action=Fire(unit="picardie", target="conde-lansq"), prev="0" * 64)
    assert RS.check(s, "catholic", env.action) == []
    after, said = RS.apply(s, env, dice)
    assert not dice.faces, f"dice left unused: {dice.faces} (asked: {dice.asked})"
    assert said is not None
    return after, dice.asked, said.outcome().lines


def lansquenets_under_fire(level: int):
    """Picardie (active) fires at the lansquenets at 1010, with Condé stacked with them."""
    s = only(new_state(), "picardie", "conde-lansq", "conde-g2")
    s = place(s, "conde", "1010")
    s = place(s, "conde-lansq", "1010", "N", level=level)
    s = place(s, "conde-g2", "1212", "N")
    s = place(s, "picardie", "0910", "S")
    s = place(s, "montmorency", "0910")
    return acting(s, "montmorency")


def test_the_morale_checks_come_first_with_the_leaders_rating_then_the_leader_rolls():
    """§5.2.1 «Если поле, содержащее командира, является целью стрельбы, и выпал неблагоприятный
    результат, командир удаляется из игры на бросок кубика, равный 9» (if the hex holding a leader is
    fired on with an unfavourable result, the leader is removed on a roll of 9); §12.1 «бросьте 1к10, если
    результат (модифицированный рейтингом любого лидера, сгруппированного с отрядом) меньше чем или равен
    рейтингу морального состояния отряда, проверка пройдена» (the morale roll is modified by the rating of
    any leader stacked with the unit). Ruling R43: the check counts Condé's rating, then he rolls."""
    s = lansquenets_under_fire(level=0)
    after, asked, lines = _fire(s, faces=(9, 7, 9))  # hit (+3); 7 + 3 - 2 (Condé) = 8 > 7: fails; Condé rolls 9
    assert asked == ["fire picardie at 1010", "morale conde-lansq (under fire from picardie)",
                     "leader conde: casualty check (fire on 1010)"]
    assert any("d10 7+3-2 = 8" in x for x in lines)  # the rating of the leader still with it
    assert after.units["conde-lansq"].level == 1 and "conde" not in after.leaders


def test_a_leader_carried_off_by_a_unit_broken_under_fire_still_rolls():
    """§5.2.1 (as above): it is the hex fired on that puts the leader at risk; §13.2 «Когда отряд
    достигает сломленного уровня вследствие неудачной проверки морального состояния, он должен отступить
    на 2 поля» (a unit broken by a failed check retreats 2 hexes) and §5.2 his leader goes with it (R40):
    the retreat does not take him out of the roll (R43)."""
    s = lansquenets_under_fire(level=2)
    after, asked, _ = _fire(s, faces=(9, 9, 9))  # hit; the shaken unit fails and breaks; Condé rolls 9
    assert asked[-1] == "leader conde: casualty check (fire on 1010)"
    assert after.units["conde-lansq"].level == 3 and after.units["conde-lansq"].hex != "1010"
    assert "conde" not in after.leaders and [x.wing for x in after.adjutants_due] == ["conde"]
    survived, _, lines = _fire(s, faces=(9, 9, 4))
    assert survived.leaders["conde"].hex == survived.units["conde-lansq"].hex != "1010"
    assert any("leader Condé survives fire on 1010: d10 4" in x for x in lines)

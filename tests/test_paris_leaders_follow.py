"""Seed 000 §5.2, §9.1 (rulings R40, R42, R44): one piece of code, `morale.carry_leaders`, says when a
leader goes with the unit he is stacked with; a retreat or an advance takes him along (§5.2), the
unit's own move or its interception only when he would be left without a unit of his wing (§9.1)."""

from __future__ import annotations

from events.paris import Intercept, Move
from adjudicator.draft import Draft
from adjudicator.rulesets.paris.morale import carry_leaders
from adjudicator.rulesets.paris.state import BOARD
from test_paris_helpers import acting, new_state, only, place, post, posted, standing


def intercepting(*others: str, **where: str):
    """Condé's gendarmes ride to 0910, into the interception zone of Montmorency's gendarmes at 0711,
    with Montmorency stacked with them; `where` places more units (`others`) in the field."""
    s = only(new_state(), "gendarmerie-1", "conde-g1", *others)
    s = place(s, "gendarmerie-1", "0711", "S")
    s = place(s, "montmorency", "0711")
    for uid, h in where.items():
        s = place(s, uid.replace("_", "-"), h)
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = acting(s, "conde", order="attack")
    s = standing(s, "catholic", defensive_fire="never", react="never")
    s = post(s, "huguenot", Move(unit="conde-g1", path=("1010", "0910", "0810")))
    assert s.phase == "react" and s.window.intercept == ("gendarmerie-1",)
    return posted(s, "catholic", Intercept(unit="gendarmerie-1"), faces=(2,))  # 2 - 1 <= 5 (provisional)


def test_a_leader_left_alone_goes_with_the_unit_that_intercepts_and_the_report_says_so():
    """§9.1 «Командиры: они должны группироваться с отрядом своего крыла» (leaders must be stacked with
    a unit of their wing); §8.3 «перехватывающий отряд ставится рядом с вражеским отрядом» (the
    interceptor is placed next to the enemy unit): Montmorency, left with no unit, goes with it (R44)."""
    s, told = intercepting()
    g = s.units["gendarmerie-1"]
    assert g.hex != "0711" and s.leaders["montmorency"].hex == g.hex
    assert any(f"leader Montmorency goes with gendarmerie-1 to {g.hex}" in x and "§9.1" in x for x in told.lines)


def test_a_leader_with_another_unit_of_his_wing_stays_when_his_unit_intercepts():
    """§5.2 binds a leader to his unit only «если тот продвигается вперёд после рукопашной схватки или
    отступает» (if it advances after melee or retreats): an interception does neither, and Montmorency
    still has his wing's artillery in the hex (§9.1), so he stays (R44)."""
    s, told = intercepting("cath-art-1", cath_art_1="0711")
    assert s.units["gendarmerie-1"].hex != "0711" and s.leaders["montmorency"].hex == "0711"
    assert not any("goes with" in x for x in told.lines)


def test_a_retreat_takes_the_leader_along_and_a_units_own_move_only_one_left_alone_who_has_not_moved():
    """§5.2 «Он должен оставаться с отрядом, с которым он сгруппирован, если тот продвигается вперёд
    после рукопашной схватки или отступает»; ruling R42: a leader who has moved himself in this
    activation stays when his unit moves away on its own move; R44: a leader who still has a unit of his
    wing in the hex stays when another moves away of its own accord."""
    s = only(new_state(), "conde-g1", "conde-g2", "hug-art-1", "coligny-g1", "picardie")
    s = place(s, "conde", "1010")
    s = place(s, "conde-g1", "1010", "N")
    s = place(s, "hug-art-1", "1010", "N")  # Coligny's artillery, stacked with Condé's gendarmes
    s = place(s, "coligny", "1010")
    s = place(s, "coligny-g1", "1510", "N")
    s = place(s, "conde-g2", "1212", "N")
    s = place(s, "picardie", "0410", "S")
    s = acting(s, "conde")

    def moved(state, own_move: bool) -> dict[str, str]:
        d = Draft(state, None, BOARD)
        u = d.update(d.s.units, "conde-g1", hex="0910")
        carry_leaders(d, u, "1010", "0910", own_move=own_move)
        return {lid: d.s.leaders[lid].hex for lid in ("conde", "coligny")}

    # a retreat takes Condé; Coligny stays with his own wing's gun (§9.1, R22)
    assert moved(s, own_move=False) == {"conde": "0910", "coligny": "1010"}
    # its own move: Condé, with no other unit of his wing there, goes along; Coligny stays
    assert moved(s, own_move=True) == {"conde": "0910", "coligny": "1010"}
    # ... but not once he has moved himself in this activation (R42)
    has_moved = place(s, "conde", "1010", acted="move")
    assert moved(has_moved, own_move=True) == {"conde": "1010", "coligny": "1010"}
    assert moved(has_moved, own_move=False)["conde"] == "0910"  # a retreat takes him all the same (§5.2)
    # with another unit of his wing in the hex, he may stay on its own move, not on its retreat
    with_mate = place(s, "hug-art-1", "1010", wing="conde")
    assert moved(with_mate, own_move=True)["conde"] == "1010"
    assert moved(with_mate, own_move=False)["conde"] == "0910"


def test_a_unit_of_another_wing_passing_through_never_takes_a_leader_along():
    """§9.1 «Командиры: они должны группироваться с отрядом своего крыла» (leaders must stay grouped
    with a unit of their own wing); ruling R44: a unit's own move takes along only a leader of its own
    wing. Coligny, alone in 1010 (his unit has gone), is not picked up by Condé's gendarmes passing
    through his hex on their own move."""
    s = only(new_state(), "conde-g1", "coligny-g1", "picardie")
    s = place(s, "coligny", "1010")
    s = place(s, "coligny-g1", "1510", "N")
    s = place(s, "conde-g1", "1010", "N")
    s = place(s, "picardie", "0410", "S")
    d = Draft(s, None, BOARD)
    u = d.update(d.s.units, "conde-g1", hex="0910")
    carry_leaders(d, u, "1010", "0910", own_move=True)
    assert d.s.leaders["coligny"].hex == "1010"
    assert not any("Coligny" in line for line in d.outcome().lines)


def test_a_leader_carried_along_a_move_is_told_once_where_the_move_ends():
    """§9.1 «Командиры: они должны группироваться с отрядом своего крыла»: Condé, alone with his
    gendarmes, goes with them hex by hex (R44); the report says so once, at the hex where the move ends,
    not once a hex (issue: a leader line for every hex stepped)."""
    s = only(new_state(), "conde-g1", "gendarmerie-1")
    s = place(s, "gendarmerie-1", "0411", "S")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = acting(s, "conde", order="attack")
    s, told = posted(s, "huguenot", Move(unit="conde-g1", path=("1010", "0910", "0810")))
    assert s.leaders["conde"].hex == "0810"
    said = [x for x in told.lines if "goes with" in x]
    assert said == ["leader Condé goes with conde-g1 to 0810 (seed 000 §9.1, ruling R44)"]

"""Ruling R45: a referee's ruling (R39) that removes or moves a unit leaves no pending decision about
a piece that is gone: a melee retreat or advance, an adjutant's placement, a declared melee, a
reaction window; the sequence goes on as when the decision is made."""

from __future__ import annotations

import msgspec

from events.core import Ruling
from events.paris import Activate, Advance, EndActivation, EndMoves, Fire, Hold, Melee, Move, React, Retreat
from test_paris_helpers import RS, acting, codes, new_state, only, place, post, posted, standing


def one_result(s, code):
    """Every melee roll gives `code` (the melee results table is ours, §11.4)."""
    table = {**s.tables, "melee_results": {"provisional": True, "lowest": -20, "results": [code] * 40}}
    return msgspec.structs.replace(s, tables=table)


def guards_attacked(code, *others):
    """League gendarmes at 0710 (facing S) attack the French guards at 0810 (facing N); both leaders
    stand clear of the melee, so the only roll is the melee's; both owners decide for themselves.
    `others`: more units kept on the map, where the scenario puts them (far from the melee)."""
    s = only(new_state("ivry-1590"), "nemours-g1", "gardes-francais", *others)
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours-g1", "0710", "S")
    s = place(s, "nemours", "0610")
    s = place(s, "montpensier", "1515")
    s = acting(s, "nemours", order="attack")
    s = standing(s, "royalist", reactive_melee="never")
    s = one_result(s, code)
    s = post(s, "league", Melee(lead="nemours-g1", target="gardes-francais"))
    return post(s, "league", EndMoves(), faces=[0])


def rule(s, decision: str, faces=()):
    return ruled(s, decision, faces)[0]


def ruled(s, decision: str, faces=()):
    """The state after the referee's ruling, and what it did."""
    return posted(s, "referee", Ruling(decision=decision, reason="the players agree"), faces=faces)


def posts_something(s) -> bool:
    """`awaiting` names a side and that side has something it may post."""
    waits = RS.awaiting(s)
    return bool(waits) and all(RS.legal_actions(s, w.side) for w in waits)


def test_a_ruling_that_removes_the_unit_asked_to_retreat_lets_the_melee_go_on():
    """§11.4 «цифра после R — число полей отступления» (the digit after R is the hexes the unit retreats)
    and «Если обороняющийся отступает, атакующий должен продвинуться в освобожденное поле» (if the
    defender retreats the attacker must advance into the vacated hex): once the referee has taken the
    defender off the map, nobody is left to retreat and the attacker's advance is asked (R21, R45)."""
    s = guards_attacked("D1R2")
    assert s.phase == "retreat" and s.melee_step.unit == "gardes-francais"
    s = rule(s, "unit gardes-francais remove")
    assert "gardes-francais" not in s.units
    (wait,) = RS.awaiting(s)
    assert s.phase == "advance" and wait.side == "league" and "nemours-g1 must advance into 0810" in wait.decision
    assert posts_something(s)
    s = post(s, "league", Advance(unit="nemours-g1"))
    assert s.units["nemours-g1"].hex == "0810" and s.phase == "reactivate" and s.melee_step is None
    s = post(s, "league", EndActivation())
    assert s.phase == "select" and s.active_wing == "" and posts_something(s)  # the activation, and here the turn, is over


def test_a_ruling_that_moves_the_unit_asked_to_retreat_ends_its_retreat():
    """R45: a unit the referee has moved out of the hex it fought for no longer retreats from it."""
    s = guards_attacked("D1R2")
    s = rule(s, "unit gardes-francais hex 1215")
    assert s.units["gardes-francais"].hex == "1215"
    assert s.phase == "advance" and s.melee_step.unit == "nemours-g1" and posts_something(s)


def test_a_ruling_that_removes_the_unit_asked_to_advance_ends_the_melee():
    """§11.4 (as above): the lead unit the referee has removed cannot advance; the activation goes on."""
    s = guards_attacked("D1R1")
    s = post(s, "royalist", Retreat(unit="gardes-francais", path=("0910",)))
    assert s.phase == "advance" and s.melee_step.unit == "nemours-g1"
    s = rule(s, "unit nemours-g1 remove")  # the wing's last unit: its activation is over (§4.3)
    assert s.melee_step is None and s.phase == "select" and s.active_wing == "" and posts_something(s)


def test_a_ruling_that_leaves_a_wing_with_no_unit_drops_its_adjutant_and_the_sequence_goes_on():
    """§5.2.2 «Если все отряды крыла уничтожены, тогда замены быть не может, и крыло не может больше
    активироваться» (if all the wing's units are destroyed there is no replacement): an adjutant whose
    every unit the referee removed is not placed, and what his placement held up goes on (R27, R45)."""
    s = only(new_state(), "conde-g1", "conde-g2", "picardie", "garde-1")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = place(s, "conde-g2", "1212", "N")
    s = place(s, "picardie", "1010", "S")
    s = place(s, "garde-1", "0410", "S")
    s = acting(s, "conde", order="attack")
    s = standing(standing(s, "huguenot", retreat="auto", advance="always"), "catholic", retreat="auto", advance="always",
                 reactive_melee="never")
    s = post(s, "huguenot", Melee(lead="conde-g1", target="picardie"))
    s = post(s, "huguenot", EndMoves(), faces=(4, 9))  # the melee roll, then Condé's: 9
    assert s.adjutants_due and s.resume == "melee"
    s = rule(s, "unit conde-g2 remove")
    assert [x.wing for x in s.adjutants_due] == ["conde"]  # conde-g1 is still there to take him
    s = rule(s, "unit conde-g1 remove")
    assert s.adjutants_due == () and s.resume == "" and s.phase == "select" and s.wings["conde"].done
    assert posts_something(s) and all("adjutant" not in w.decision for w in RS.awaiting(s))


def test_a_ruling_drops_the_declared_melee_of_a_unit_it_removed():
    """§11.2 «Активные отряды, имеющие вражеский отряды в своих фронтальных полях, могут объявить
    рукопашную схватку» (active units with enemy units in their front hexes may declare a melee): a melee
    whose lead is gone is no longer declared, and its support no longer supports one whose support is."""
    s = only(new_state("ivry-1590"), "nemours-g1", "nemours-g2", "gardes-francais")
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours-g1", "0710", "S")
    s = place(s, "nemours-g2", "0709", "S")
    s = place(s, "nemours", "0610")
    s = place(s, "montpensier", "1515")
    s = standing(acting(s, "nemours", order="attack"), "royalist", reactive_melee="never")
    s = post(s, "league", Melee(lead="nemours-g1", supports=("nemours-g2",), target="gardes-francais"))
    dropped_support = rule(s, "unit nemours-g2 remove")
    assert [(m.lead, m.supports) for m in dropped_support.melees] == [("nemours-g1", ())]
    s, told = ruled(s, "unit nemours-g1 remove")
    assert s.melees == () and any("dropped" in x for x in told.lines)
    assert codes(s, "league", Melee(lead="nemours-g2", target="gardes-francais")) == []  # free to declare again
    s = post(s, "league", EndMoves())  # no melee is fought: nothing is rolled
    assert s.phase == "reactivate"


def test_a_ruling_takes_a_removed_unit_out_of_the_reaction_window_and_closes_it_when_empty():
    """§8.2, §10.3: a window offers the units that may answer the trigger; the referee's removal of one
    takes it out (before, the options named a unit that was gone); the trigger's removal closes it."""
    s = only(new_state(), "conde-lansq", "gendarmerie-1", "gendarmerie-2", "picardie")
    s = place(s, "conde", "1110")
    s = place(s, "conde-lansq", "1110", "N")
    s = place(s, "gendarmerie-1", "0910", "S")
    s = place(s, "gendarmerie-2", "0410", "S")
    s = place(s, "picardie", "0911", "S")
    s = standing(acting(s, "conde", order="attack"), "catholic", intercept="never")
    s = post(s, "huguenot", Move(unit="conde-lansq", path=("1010",)))
    assert s.phase == "react" and "gendarmerie-1" in s.window.react
    one_less = rule(s, "unit gendarmerie-1 remove")
    assert one_less.phase == "react" and "gendarmerie-1" not in one_less.window.react + one_less.window.fire
    assert posts_something(one_less)
    assert all(getattr(a, "unit", "") != "gendarmerie-1" for a in RS.legal_actions(one_less, "catholic"))
    gone = rule(s, "unit conde-lansq remove")
    assert gone.window is None and gone.phase == "act" and gone.acting_unit == "" and posts_something(gone)
    for a in RS.legal_actions(one_less, "catholic"):
        if isinstance(a, (Fire, React, Hold)):
            assert codes(one_less, "catholic", a) == [], a
    moved_away = rule(s, "unit gendarmerie-1 hex 0210")  # too far now to fire at or react to it (§8.2, §10.4)
    assert moved_away.window is None or "gendarmerie-1" not in moved_away.window.react + moved_away.window.fire
    assert posts_something(moved_away)


def test_a_ruling_that_destroys_a_unit_counts_it_for_victory_and_one_that_removes_it_does_not():
    """§14.1 «после 10 туров победа достается стороне, которая уничтожила больше вражеских отрядов»
    (after 10 turns the side that destroyed more enemy units wins): `unit ID destroy` counts the unit
    as destroyed by the other side; `unit ID remove` takes it off the map without counting it (R39)."""
    s = only(new_state(), "conde-lansq", "gendarmerie-1", "picardie")
    s = acting(s, "conde", order="attack")
    destroyed = rule(s, "unit gendarmerie-1 destroy")
    assert "gendarmerie-1" not in destroyed.units
    assert destroyed.destroyed["catholic"] == s.destroyed["catholic"] + ("G:gendarmerie-1",)
    assert destroyed.removed == s.removed
    removed, told = ruled(s, "unit gendarmerie-1 remove")
    assert "gendarmerie-1" not in removed.units
    assert removed.destroyed == s.destroyed and removed.removed == s.removed + ("gendarmerie-1",)
    assert any("not counted" in x for x in told.lines)


def test_a_ruling_that_takes_a_wings_last_unit_off_the_map_ends_the_wing():
    """§5.2.2 «Если все отряды крыла уничтожены, тогда замены быть не может, и крыло не может больше
    активироваться» (if all the wing's units are destroyed there is no replacement, and the wing can no
    longer activate): after a ruling takes the wing's last unit off the map its leader leaves it and the
    wing never activates again (ruling R37), as when the unit is destroyed in play."""
    for how in ("destroy", "remove"):
        s = only(new_state(), "conde-lansq", "picardie")
        s = msgspec.structs.replace(s, phase="select", to_play="huguenot", active_wing="")
        wing = s.units["conde-lansq"].wing
        s = rule(s, f"unit conde-lansq {how}")
        assert s.wings[wing].barred and s.wings[wing].leader not in s.leaders
        assert codes(s, "huguenot", Activate(wing=wing)) == ["activate/unavailable"]


def test_a_ruling_on_a_unit_the_melee_result_does_not_name_leaves_its_question_as_asked():
    """§11.4 «цифра после R — число полей отступления» (the digit after R is the hexes the unit
    retreats): the retreat a melee result asks for is asked again only after a ruling on a unit the
    result names (the attacker, the defender, the unit asked); a ruling on another unit leaves it (R45)."""
    s = guards_attacked("D1R2", "du-roi-1")
    assert s.phase == "retreat" and s.units["du-roi-1"].hex not in ("0710", "0810")
    asked = RS.awaiting(s)
    named, told = ruled(s, "unit nemours-g1 facing SE")  # the attacker: named by the result
    assert named.phase == "retreat" and any("goes on from where it stood" in x for x in told.lines)
    other, told = ruled(s, "unit du-roi-1 facing S")
    assert other.phase == "retreat" and other.melee_step == s.melee_step and RS.awaiting(other) == asked
    assert not any("goes on from where it stood" in x for x in told.lines)

"""Seed 000 §5: command (lines of command, out of command), leaders, their death and the adjutant."""

from __future__ import annotations

from events.paris import Fire, Melee, Move
from adjudicator.draft import Draft
from adjudicator.rulesets.paris.command import in_command
from adjudicator.rulesets.paris.melee import resolve_all
from adjudicator.rulesets.paris.state import BOARD, MeleeDecl
from test_paris_helpers import FixedDice, acting, codes, engine_decides_melee, new_state, only, place, post


def test_line_of_command_is_one_hex_for_infantry_two_for_cavalry():
    """§5.1.1 «Длина ЛК – одно поле для пехоты и два поля для кавалерии» — one hex for infantry, two for cavalry."""
    s = only(new_state(), "conde-g1", "conde-lansq")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1112")  # two hexes from the leader
    s = place(s, "conde-lansq", "1312")  # two hexes from the leader: too far for foot
    assert in_command(s, "conde") == {"conde-g1"}
    s = place(s, "conde-lansq", "1211")  # next to the leader's hex? 1211 is next to 1110
    assert "conde-lansq" in in_command(s, "conde")


def test_a_unit_in_command_passes_command_on():
    """§5.1.1 «Отряд, неспособный прослеживать ЛК до своего командира, но способный прослеживать ЛК до
    отряда, который сам находится под командованием, также считается находящимся под командованием»."""
    s = only(new_state(), "conde-lansq", "conde-milice-1", "conde-milice-2")
    s = place(s, "conde", "1410")
    s = place(s, "conde-lansq", "1410")
    s = place(s, "conde-milice-1", "1409")
    s = place(s, "conde-milice-2", "1408")  # two hexes from the leader, next to milice-1
    assert in_command(s, "conde") == {"conde-lansq", "conde-milice-1", "conde-milice-2"}


def test_enemy_units_block_the_line_of_command():
    """§5.1.1 «ЛК не может проходить через поле, содержащее вражеский отряд или непроходимую местность»
    — a line of command never passes a hex with an enemy unit or impassable terrain."""
    s = only(new_state(), "conde-g1", "picardie")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1112")  # the only two-hex path runs through 1111
    s = place(s, "picardie", "0505")
    assert "conde-g1" in in_command(s, "conde")
    blocked = place(s, "picardie", "1111")
    assert "conde-g1" not in in_command(blocked, "conde")
    import msgspec

    marsh = msgspec.structs.replace(s, terrain={"1111": "impassable"})
    assert "conde-g1" not in in_command(marsh, "conde")


def test_out_of_command_units_may_not_move_next_to_the_enemy_nor_fire_offensively():
    """§5.1.2 «может вести только «реагирующий» огонь; не может двигаться вплотную ко вражескому отряду»
    — out of command: only reactive fire, never next to an enemy unit."""
    s = only(new_state(), "conde-reiters-1", "picardie")
    s = place(s, "conde", "1410")
    s = place(s, "conde-reiters-1", "1110", "N")
    s = place(s, "picardie", "0910", "S")
    s = acting(s, "conde", order="rally")
    assert codes(s, "huguenot", Move(unit="conde-reiters-1", path=("1010",))) == ["command/adjacent-enemy"]
    s = place(s, "picardie", "1010", "S")
    assert codes(s, "huguenot", Fire(unit="conde-reiters-1", target="picardie")) == ["fire/out-of-command"]


def test_out_of_command_units_must_move_back_toward_command():
    """§5.1.2 «должен двигаться так, чтобы вернуться обратно в командование» (ruling R15)."""
    s = only(new_state(), "conde-reiters-1", "guise-g")
    s = place(s, "conde", "1410")
    s = place(s, "conde-reiters-1", "1110", "N")
    s = acting(s, "conde", order="march")
    assert codes(s, "huguenot", Move(unit="conde-reiters-1", path=("1010",))) == ["command/must-return"]
    s = place(s, "conde-reiters-1", "1110", "S")
    assert codes(s, "huguenot", Move(unit="conde-reiters-1", path=("1210",))) == []


def test_out_of_command_units_do_not_melee():
    """§5.1 «Чтобы двигаться или вести бой обычным образом, отряд должен быть в командовании»."""
    s = only(new_state(), "conde-g1", "picardie")
    s = place(s, "conde", "1509")
    s = place(s, "rochefoucault", "1509")
    s = place(s, "conde-g1", "1110", "N")
    s = place(s, "picardie", "1010", "S")
    s = acting(s, "conde")
    assert codes(s, "huguenot", Melee(lead="conde-g1", target="picardie")) == ["melee/illegal"]


def test_leader_dies_on_a_nine_after_melee_and_an_adjutant_takes_over():
    """§5.2.1 «После рукопашной схватки каждый игрок должен бросить к10 за каждого участвовавшего
    командира. На 9 командир уничтожен»; §5.2.2 «он замещается «адъютантом», который ставится с любым
    отрядом этого крыла ... Адъютант всегда прибывает с тем же приказом»."""
    s = only(new_state(), "conde-g1", "conde-g2", "picardie")
    s = place(s, "conde", "1110")
    s = place(s, "conde-g1", "1110", "N")
    s = place(s, "conde-g2", "1111", "N")
    s = place(s, "picardie", "1010", "S")
    s = engine_decides_melee(acting(s, "conde", order="attack"))
    d = Draft(s, FixedDice([4, 9]), BOARD)  # melee roll 4 (+ mods), then Condé's survival roll: 9
    d.s.melees = (MeleeDecl(lead="conde-g1", supports=(), target="picardie"),)
    resolve_all(d)
    s2 = d.freeze()
    assert "conde" not in s2.leaders
    adj = next(x for x in s2.adjutants_due if x.id == s2.wings["conde"].leader)  # his owner places him (ruling R27)
    assert adj.adjutant and adj.wing == "conde" and s2.wings["conde"].order == "attack"
    assert not s2.wings["conde"].barred  # it was the active wing: it had activated


def test_a_wing_whose_leader_dies_before_it_activates_cannot_activate():
    """§5.2.2 «Если командир уничтожен прежде, чем его крыло было активировано, крыло не имеет
    возможности активироваться» (ruling R28: for that turn)."""
    from adjudicator.rulesets.paris.morale import kill_leader

    s = new_state()
    d = Draft(s, None, BOARD)
    kill_leader(d, "coligny", "test")
    assert d.s.wings["coligny"].barred


def test_leader_in_a_hex_under_fire_dies_on_a_nine():
    """§5.2.1 «Если поле, содержащее командира, является целью стрельбы, и выпал неблагоприятный
    результат, командир удаляется из игры на бросок кубика, равный 9»."""
    s = only(new_state(), "picardie", "conde-g1")
    s = place(s, "conde", "1010")
    s = place(s, "conde-g1", "1010", "N")
    s = place(s, "picardie", "0910", "S")
    s = place(s, "montmorency", "0910")
    s = acting(s, "montmorency")
    s = post(s, "catholic", Fire(unit="picardie", target="conde-g1"), faces=(8, 0, 9))  # hit, morale passes, leader 9
    assert "conde" not in s.leaders

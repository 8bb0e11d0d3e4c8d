"""Seed 000 §11: melee procedure, modifiers, results, special cases."""

from __future__ import annotations

import pytest

from events.paris import EndMoves, Hold, Melee, Move
from adjudicator.draft import Draft
from adjudicator.rulesets.paris import melee
from adjudicator.rulesets.paris.state import BOARD, MeleeDecl
from test_paris_helpers import FixedDice, acting, codes, engine_decides_melee, new_state, only, place, post, standing


def gendarmes_against_guards(flank: bool, charge: bool):
    s = only(new_state("ivry-1590"), "nemours-g1", "nemours-g2", "gardes-francais")
    s = place(s, "gardes-francais", "0810", "N")  # F-7-4
    s = place(s, "nemours-g1", "0710", "S", charge=charge)  # G-7-10
    s = place(s, "nemours-g2", "0811", "SW") if flank else place(s, "nemours-g2", "0709", "S")
    s = place(s, "montpensier", "1515")
    s = place(s, "nemours", "0303")
    return engine_decides_melee(acting(s, "nemours", order="attack"))


def total(s):
    lead, sup, d = s.units["nemours-g1"], [s.units["nemours-g2"]], s.units["gardes-francais"]
    return sum(v for _, v, _ in melee.modifiers(s, lead, sup, d))


def test_worked_example_a_totals_zero():
    """§11.3 «два жандарма (G-7-10) атакуют французских гвардейцев (F-7-4/4). A - жандармы не имеют бонуса
    за атаку ... разница в моральном состоянии = 0; взаимодействие отрядов = – 1; один отряд поддержки
    = + 1; нет лидеров налицо = 0, местность = 0; нет бонуса атаки; итог = 0»."""
    assert total(gendarmes_against_guards(flank=False, charge=False)) == 0


def test_worked_example_b_totals_plus_three():
    """§11.3 «B - жандармы получают бонус за атаку и один атакует врага во фланг, модификаторы:
    взаимодействие отрядов = – 1; один отряд поддержки = + 1; дополнительные модификаторы — фланговая
    атака = + 1, бонус атаки = + 2; итог = + 3»."""
    assert total(gendarmes_against_guards(flank=True, charge=True)) == 3


def test_result_codes_read_as_the_seed_says():
    """§11.4 «Пример: A1-D2R2, атакующий теряет один уровень; обороняющийся снижается на два уровня и
    отступает на два шестиугольника» — T000-04."""
    r = melee.parse_result("A1-D2R2")
    assert (r.attacker, r.defender, r.defender_retreat) == (1, 2, 2)
    assert melee.parse_result("D2R2P").passage
    with pytest.raises(ValueError):
        melee.parse_result("X3")


def test_a1_d2r2_applied_defender_retreats_and_attacker_advances():
    """§11.4 «Когда отряд отступает, атакующий должен продвигаться вперёд в освободившееся поле»."""
    s = gendarmes_against_guards(flank=False, charge=False)
    d = Draft(s, FixedDice([0, 0]), BOARD)  # melee roll; then the Nemours leader's survival roll is not asked (not in the melee)
    table = {**s.tables, "melee_results": {"provisional": True, "lowest": -10, "results": ["A1-D2R2"]}}
    import msgspec

    d = Draft(msgspec.structs.replace(s, tables=table), FixedDice([0]), BOARD)
    d.s.melees = (MeleeDecl(lead="nemours-g1", supports=(), target="gardes-francais"),)
    melee.resolve_all(d)
    after = d.freeze()
    assert after.units["nemours-g1"].level == 1 and after.units["nemours-g1"].lance_lost
    assert after.units["gardes-francais"].level == 2 and after.units["gardes-francais"].hex != "0810"
    assert after.units["nemours-g1"].hex == "0810"


def test_reactive_melees_are_resolved_first_and_cancel_a_beaten_attack():
    """§11.2 «сначала определяется исход реагирующих рукопашных схваток (результаты применяются
    немедленно), затем — рукопашных схваток, объявленных активным игроком ... Z атакует C; B атакует X при
    поддержке A; если C выдерживает атаку Z, он атакует Y» — T000-05."""
    import msgspec

    s = only(new_state("ivry-1590"), "nemours-g1", "nemours-g2", "egmont-g1", "gardes-francais", "suisses", "b-biron")
    s = place(s, "nemours-g1", "0710", "S")  # B, lead against X
    s = place(s, "nemours-g2", "0709", "S")  # A, support
    s = place(s, "gardes-francais", "0810", "N")  # X
    s = place(s, "egmont-g1", "0713", "S")  # C, attacks Y
    s = place(s, "suisses", "0813", "N")  # Y
    s = place(s, "b-biron", "0814", "NW")  # Z: C stands in its front hexes
    s = engine_decides_melee(acting(s, "nemours", order="attack"))
    table = {**s.tables, "melee_results": {"provisional": True, "lowest": -20, "results": ["A1-D1R1"] * 40}}
    s = msgspec.structs.replace(s, tables=table)
    d = Draft(s, FixedDice([5, 5, 5]), BOARD)
    d.s.melees = (MeleeDecl(lead="nemours-g1", supports=("nemours-g2",), target="gardes-francais"),
                  MeleeDecl(lead="egmont-g1", supports=(), target="suisses"),
                  MeleeDecl(lead="b-biron", supports=(), target="egmont-g1", reactive=True))
    melee.resolve_all(d)
    assert d.dice.asked[0] == "melee b-biron vs egmont-g1"
    assert d.dice.asked[1] == "melee nemours-g1 vs gardes-francais"
    assert len(d.dice.asked) == 2  # C retreated: its attack on Y no longer takes place
    assert any("does not take place" in x for x in d.outcome().lines)


def test_infantry_never_attacks_cavalry_and_arquebusiers_never_attack_infantry():
    """§11.5 «Пехота никогда не может атаковать кавалерию в рукопашной схватке, только огнем.
    Аркебузиры никогда не могут атаковать пехоту в рукопашной схватке, только огнем»."""
    s = only(new_state("ivry-1590"), "gardes-francais", "nemours-g1", "nemours-arq", "suisses", "b-biron")
    s = place(s, "gardes-francais", "1010", "N")
    s = place(s, "nemours-g1", "0910", "S")
    s = place(s, "montpensier", "1010")
    s = acting(s, "montpensier", order="attack")
    assert codes(s, "royalist", Melee(lead="gardes-francais", target="nemours-g1")) == ["melee/illegal"]
    s2 = place(s, "nemours-arq", "0912", "S")
    s2 = place(s2, "suisses", "1012", "N")
    s2 = place(s2, "nemours", "0912")
    s2 = acting(s2, "nemours", order="attack")
    assert codes(s2, "league", Melee(lead="nemours-arq", target="suisses")) == ["melee/illegal"]
    assert "§11.5" in str(__import__("test_paris_helpers").refuse(s2, "league", Melee(lead="nemours-arq", target="suisses"))[0])


def test_forlorn_hopes_cannot_start_a_melee_and_die_attacked_alone():
    """§11.5 «Отряды, выполняющие опасное задание, не могут начинать рукопашную схватку. Если они атакованы
    одни в поле, то автоматически уничтожаются (атакующий должен продвигаться вперёд в шестиугольник)»."""
    s = only(new_state("ivry-1590"), "demi-regiment", "nemours-g1")
    s = place(s, "demi-regiment", "1010", "N")
    s = place(s, "nemours-g1", "0910", "S")
    s = place(s, "montpensier", "1010")
    s = place(s, "nemours", "0910")
    assert codes(acting(s, "montpensier"), "royalist", Melee(lead="demi-regiment", target="nemours-g1")) == ["melee/illegal"]
    s = acting(s, "nemours", order="attack")
    s = post(s, "league", Melee(lead="nemours-g1", target="demi-regiment"))
    s = standing(s, "royalist", reactive_melee="never")
    s = standing(s, "league", advance="always")
    s = post(s, "league", EndMoves())  # no roll: the E dies
    assert "demi-regiment" not in s.units and s.units["nemours-g1"].hex == "1010"


def test_charge_bonus_needs_two_hexes_straight():
    """§11.5 (forum correction) «продвигаются на два поля не поворачиваясь» — two hexes without turning: +2 for G and C."""
    s = only(new_state("ivry-1590"), "nemours-g1", "gardes-francais")
    s = place(s, "nemours-g1", "0510", "S")
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours", "0510")
    s = standing(acting(s, "nemours", order="attack"), "royalist", defensive_fire="never", react="never", intercept="never")
    s = post(s, "league", Move(unit="nemours-g1", path=("0610", "0710")))
    s = post(s, "league", Melee(lead="nemours-g1", target="gardes-francais"))
    assert s.units["nemours-g1"].charge


def test_passage_a_travers():
    """§11.5 «Passage à travers: ... отряд, проигравший бой с атаковавшим с бонусом атаки отрядом кирасиров
    или жандармов, не отступает. Победитель продвигается вперёд через шестиугольник, занимаемый
    побежденным, и останавливает свое движение в следующем поле»."""
    import msgspec

    s = gendarmes_against_guards(flank=False, charge=True)
    s = only(s, "nemours-g1", "gardes-francais")
    table = {**s.tables, "melee_results": {"provisional": True, "lowest": -10, "results": ["D1R1P"]}}
    s = msgspec.structs.replace(s, tables=table)
    d = Draft(s, FixedDice([0]), BOARD)
    d.s.melees = (MeleeDecl(lead="nemours-g1", supports=(), target="gardes-francais"),)
    melee.resolve_all(d)
    assert d.s.units["gardes-francais"].hex == "0810" and d.s.units["gardes-francais"].level == 1
    assert d.s.units["nemours-g1"].hex == "0909"  # straight on, through the guards' hex


def test_reactive_melee_window_then_hold():
    """§11.2 «Неактивные отряды, которые не были назначены для боя, но которые имеют активные отряды в
    своих полях по фронту, могут объявить реагирующую рукопашную схватку»."""
    s = only(new_state("ivry-1590"), "nemours-g1", "b-biron")
    s = place(s, "nemours-g1", "0910", "S")
    s = place(s, "b-biron", "1010", "N")
    s = place(s, "nemours", "0910")
    s = acting(s, "nemours", order="march")
    s = post(s, "league", EndMoves())
    assert s.phase == "reactive-melee"
    assert codes(s, "league", Hold()) == ["hold/not-yours"]
    s2 = post(s, "royalist", Melee(lead="b-biron", target="nemours-g1"))
    assert s2.melees[0].reactive


def _one_result(s, code):
    import msgspec

    table = {**s.tables, "melee_results": {"provisional": True, "lowest": -20, "results": [code] * 40}}
    return msgspec.structs.replace(s, tables=table)


def test_a_unit_that_cannot_retreat_rolls_on_the_retreat_impossible_table():
    """§11.4 «Если отряд не может отступить из-за ограничений на группирование (см. 9), он должен
    справиться с таблицей «Отступление невозможно»»; §9.3 «Игрок бросает 1к10»."""
    s = only(new_state("ivry-1590"), "nemours-g1", "gardes-francais", "suisses", "galaty-1", "galaty-2", "argenton")
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours-g1", "0710", "S")
    s = place(s, "montpensier", "1515")
    s = place(s, "nemours", "0303")
    s = acting(s, "nemours", order="attack")
    # the guards at 0810 (facing N) are hemmed in: every hex farther from the attacker is taken
    for uid, h in (("suisses", "0909"), ("galaty-1", "0910"), ("galaty-2", "0811"), ("argenton", "0809")):
        s = place(s, uid, h, "N")
    s = engine_decides_melee(_one_result(s, "D1R1"))
    d = Draft(s, FixedDice([0, 9]), BOARD)  # melee roll; retreat-impossible roll 9 -> 4 levels (provisional)
    d.s.melees = (MeleeDecl(lead="nemours-g1", supports=(), target="gardes-francais"),)
    melee.resolve_all(d)
    assert "gardes-francais" not in d.s.units and "retreat_impossible" in d.outcome().provisional
    assert d.s.units["nemours-g1"].hex == "0810"  # the attacker advances into the emptied hex


def test_artillery_stacked_with_a_beaten_defender_shares_its_fate():
    """§9.2 «В случае рукопашной схватки отряды, выполняющие опасное задание, и артиллерия игнорируются и
    разделяют судьбу отряда, с которым они сгруппированы» (ruling R23)."""
    s = only(new_state(), "conde-g1", "gendarmerie-4", "cath-art-1")
    s = place(s, "conde-g1", "0818", "N")
    s = place(s, "conde", "0818")
    s = acting(s, "conde", order="attack")
    s = engine_decides_melee(_one_result(s, "D1R1"))
    d = Draft(s, FixedDice([0, 0]), BOARD)  # melee roll, then Condé's survival roll
    d.s.melees = (MeleeDecl(lead="conde-g1", supports=(), target="gendarmerie-4"),)
    melee.resolve_all(d)
    assert "cath-art-1" not in d.s.units and d.s.units["gendarmerie-4"].hex != "0718"
    assert d.s.units["conde-g1"].hex == "0718"


def test_a_leader_stacked_with_a_unit_destroyed_in_melee_is_removed():
    """§5.2.1 «Если отряд, сгруппированный с командиром, уничтожен в рукопашной схватке, командир удаляется из игры»."""
    s = only(new_state("ivry-1590"), "nemours-g1", "gardes-francais", "suisses")
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours-g1", "0710", "S")
    s = place(s, "nemours", "0303")
    s = place(s, "montpensier", "0810")
    s = acting(s, "nemours", order="attack")
    s = engine_decides_melee(_one_result(s, "D4"))
    d = Draft(s, FixedDice([0]), BOARD)  # only the melee roll: Montpensier does not roll, he is removed
    d.s.melees = (MeleeDecl(lead="nemours-g1", supports=(), target="gardes-francais"),)
    melee.resolve_all(d)
    assert "gardes-francais" not in d.s.units and "montpensier" not in d.s.leaders
    assert d.s.wings["montpensier"].leader != "montpensier"  # an adjutant took over


def test_artillery_stacked_with_a_beaten_lead_attacker_shares_its_fate():
    """§9.2 «В случае рукопашной схватки отряды, выполняющие опасное задание, и артиллерия игнорируются и
    разделяют судьбу отряда, с которым они сгруппированы»: the rule names no side, so the guns stacked
    with the lead attacker are lost when it is thrown back (ruling R23)."""
    s = only(new_state(), "conde-g1", "hug-art-1", "gendarmerie-4")
    s = place(s, "conde-g1", "0818", "N")
    s = place(s, "hug-art-1", "0818", "N")
    s = place(s, "conde", "0818")
    s = acting(s, "conde", order="attack")
    s = engine_decides_melee(_one_result(s, "A1R1"))
    d = Draft(s, FixedDice([0, 0]), BOARD)  # melee roll, then Condé's survival roll
    d.s.melees = (MeleeDecl(lead="conde-g1", supports=(), target="gendarmerie-4"),)
    melee.resolve_all(d)
    assert d.s.units["conde-g1"].hex != "0818"
    assert "hug-art-1" not in d.s.units
    assert any("hug-art-1 is destroyed" in line for line in d.outcome().lines)

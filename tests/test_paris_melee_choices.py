"""Seed 000 §11.4, §11.5, §5.2, §13.2: after a melee result the players choose the retreat path and
the advance (rulings R20-R22); standing orders may decide for them; several melees wait in turn."""

from __future__ import annotations

import msgspec
import pytest

from events.paris import Advance, EndMoves, Hold, Melee, NoAdvance, Retreat, Standing
from adjudicator.notation import parse
from adjudicator.rulesets.paris import hexgrid
from test_paris_helpers import RS, acting, codes, new_state, only, place, post, posted, refuse, standing

N, NE, SE, S, SW, NW = (hexgrid.parse_facing(x) for x in ("N", "NE", "SE", "S", "SW", "NW"))


def one_result(s, code):
    """Every melee roll gives `code` (the melee results table is ours, §11.4)."""
    table = {**s.tables, "melee_results": {"provisional": True, "lowest": -20, "results": [code] * 40}}
    return msgspec.structs.replace(s, tables=table)


def guards_attacked(code, others=(), **standing_orders):
    return guards_fight(code, others, **standing_orders)[0]


def guards_fight(code, others=(), **standing_orders):
    """League gendarmes at 0710 (facing S) attack the French guards at 0810 (facing N); both leaders
    stand clear of the melee, so the only roll is the melee's. `others`: (unit, hex) set around them."""
    s = only(new_state("ivry-1590"), "nemours-g1", "gardes-francais", *(uid for uid, _ in others))
    for uid, h in others:
        s = place(s, uid, h, "N")
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours-g1", "0710", "S")
    s = place(s, "nemours", "0610")
    s = place(s, "montpensier", "1515")
    s = acting(s, "nemours", order="attack")
    s = standing(s, "royalist", reactive_melee="never", **standing_orders.get("royalist", {}))
    s = standing(s, "league", **standing_orders.get("league", {}))
    s = one_result(s, code)
    s = post(s, "league", Melee(lead="nemours-g1", target="gardes-francais"))
    return posted(s, "league", EndMoves(), faces=[0])


def test_the_defender_owner_chooses_the_retreat_path():
    """§11.4 «A или D относится к атакующему или к обороняющемуся, конкретная цифра — число снижений уровня
    отряда, а цифра после R — число полей отступления» (the digit after R is the number of hexes the unit
    retreats); «Отряды в беспорядке и потрясенные отступают и сохраняют свое равнение» (disordered and
    shaken units retreat and keep their facing). Ruling R20: the owner names the path."""
    s = guards_attacked("D1R2")
    assert s.phase == "retreat" and s.units["gardes-francais"].hex == "0810"
    (wait,) = RS.awaiting(s)
    assert wait.side == "royalist" and "retreat gardes-francais 2 hexes" in wait.decision and "§11.4" in wait.decision
    offered = RS.legal_actions(s, "royalist")
    assert offered and all(isinstance(a, Retreat) and len(a.path) == 2 for a in offered)
    assert all(not refuse(s, "royalist", a) for a in offered)
    assert RS.legal_actions(s, "league") == []
    after, told = posted(s, "royalist", Retreat(unit="gardes-francais", path=("0909", "1009")))
    g = after.units["gardes-francais"]
    assert (g.hex, g.facing, g.level) == ("1009", N, 1)
    assert any("chosen by royalist" in x for x in told.lines)


def test_a_retreat_is_refused_with_the_rule_it_breaks():
    """§11.4 (R hexes, each farther from the enemy: ruling R20); §9.1 «Взаимопроникновения между отрядами
    быть не может» (no unit passes through another); only the owner decides, and only when asked."""
    s = guards_attacked("D1R2", others=[("suisses", "0909")])
    s = msgspec.structs.replace(s, terrain={"0910": "impassable"})
    r = lambda *path: Retreat(unit="gardes-francais", path=path)  # noqa: E731
    assert codes(s, "league", r("0809", "0808")) == ["retreat/not-yours"]
    assert codes(s, "royalist", Retreat(unit="suisses", path=("1009", "1109"))) == ["retreat/unit"]
    assert codes(s, "royalist", r("0809")) == ["retreat/length"]
    assert codes(s, "royalist", r("0809", "0709")) == ["retreat/not-away"]  # back toward the gendarmes
    assert codes(s, "royalist", r("0809", "1009")) == ["retreat/not-adjacent"]
    assert codes(s, "royalist", r("0909", "1009")) == ["retreat/stacking"]  # through the Swiss
    assert codes(s, "royalist", r("0910", "1010")) == ["retreat/impassable"]
    assert codes(s, "royalist", r("0809", "0808")) == []
    v = refuse(s, "royalist", r("0809", "0709"))[0]
    assert v.rule == "seed 000 §11.4" and "R20" in v.message
    assert codes(s, "royalist", Advance(unit="gardes-francais")) == ["advance/not-now"]
    assert codes(s, "royalist", Hold()) == ["hold/not-now"]


def test_a_retreat_into_an_enemy_hex_is_refused():
    """§9.1: enemy units are never entered (ruling R20)."""
    s = guards_attacked("D1R1", others=[("nemours-g2", "0909")])
    assert codes(s, "royalist", Retreat(unit="gardes-francais", path=("0909",))) == ["retreat/enemy"]


def test_the_attacker_must_advance_and_may_turn_one_vertex():
    """§11.4 «Когда отряд отступает, атакующий должен продвигаться вперёд в освободившееся поле» (when a
    unit retreats, the attacker must advance into the vacated hex); «Отряды, продвигающиеся вперёд, могут
    повернуться на одну вершину поля, войдя в шестиугольник» (advancing units may turn one vertex on
    entering the hex); §11.2 «Именно ведущий отряд должен будет продвигаться вперёд» (rulings R21, R22)."""
    s = guards_attacked("D1R1")
    s = post(s, "royalist", Retreat(unit="gardes-francais", path=("0909",)))
    assert s.phase == "advance" and s.units["nemours-g1"].hex == "0710"
    (wait,) = RS.awaiting(s)
    assert wait.side == "league" and "must advance into 0810" in wait.decision and "no advance" not in wait.decision
    assert {a.facing for a in RS.legal_actions(s, "league")} == {"S", "SE", "SW"}
    v = refuse(s, "league", NoAdvance())
    assert [x.code for x in v] == ["advance/compulsory"] and v[0].rule == "seed 000 §11.4"
    assert codes(s, "league", Advance(unit="nemours-g1", facing="N")) == ["advance/turn"]  # an about-face
    assert codes(s, "league", Advance(unit="nemours-g1", facing="E")) == ["advance/bad-facing"]
    assert codes(s, "league", Advance(unit="gardes-francais")) == ["advance/unit"]
    assert codes(s, "royalist", Advance(unit="nemours-g1")) == ["advance/not-yours"]
    kept = post(s, "league", Advance(unit="nemours-g1"))
    assert (kept.units["nemours-g1"].hex, kept.units["nemours-g1"].facing) == ("0810", S)
    turned = post(s, "league", Advance(unit="nemours-g1", facing="SE"))
    assert (turned.units["nemours-g1"].hex, turned.units["nemours-g1"].facing) == ("0810", SE)
    assert turned.phase == "reactivate" and turned.melee_step is None


def test_the_defender_may_advance_after_the_attacker_retreats():
    """§11.4 «Если атакующий отступает, обороняющийся может продвигаться вперёд» (if the attacker retreats,
    the defender may advance) — ruling R21: `advance UNIT [FACING]` or `no advance`."""
    s = guards_attacked("A1R1")
    assert s.phase == "retreat" and RS.awaiting(s)[0].side == "league"
    s = post(s, "league", Retreat(unit="nemours-g1", path=("0610",)))
    assert s.phase == "advance"
    (wait,) = RS.awaiting(s)
    assert wait.side == "royalist" and "may advance into 0710" in wait.decision and "`no advance`" in wait.decision
    assert NoAdvance() in RS.legal_actions(s, "royalist")
    stays = post(s, "royalist", NoAdvance())
    assert stays.units["gardes-francais"].hex == "0810" and stays.phase == "reactivate"
    goes = post(s, "royalist", Advance(unit="gardes-francais", facing="NE"))
    assert (goes.units["gardes-francais"].hex, goes.units["gardes-francais"].facing) == ("0710", NE)


def test_standing_orders_decide_and_say_so():
    """Rulings R20-R22: `standing retreat auto` and `standing advance always|never` decide on the
    owner's behalf, and the report says it did; the attacker's advance stays compulsory (§11.4)."""
    s, told = guards_fight("D1R2", royalist={"retreat": "auto"}, league={"advance": "never"})
    assert s.phase == "reactivate" and s.melee_step is None
    assert s.units["gardes-francais"].hex == "1009"  # the engine's path: toward the royalist edge, lowest id
    assert s.units["nemours-g1"].hex == "0810" and s.units["nemours-g1"].facing == S
    said = "\n".join(told.lines)
    assert "standing order: retreat auto" in said and "advance never; the advance is compulsory" in said
    t, told = guards_fight("A1R1", league={"retreat": "auto"}, royalist={"advance": "never"})
    assert t.units["gardes-francais"].hex == "0810" and "standing order: advance never" in "\n".join(told.lines)
    u = guards_attacked("A1R1", league={"retreat": "auto"}, royalist={"advance": "always"})
    assert u.units["gardes-francais"].hex == "0710" and u.units["gardes-francais"].facing == N


def test_standing_orders_for_retreat_and_advance_are_checked():
    s = guards_attacked("D1R2")
    assert codes(s, "royalist", Standing(kind="retreat", mode="always")) == ["standing/mode"]
    assert codes(s, "league", Standing(kind="advance", mode="auto")) == ["standing/mode"]
    assert codes(s, "league", Standing(kind="advance", mode="always")) == []


def test_one_legal_path_is_taken_without_asking_and_none_rolls_on_the_table():
    """§11.4 «Если отряд не может отступить из-за ограничений на группирование (см. 9), он должен
    справиться с таблицей «Отступление невозможно»»: with no path the engine rolls (§9.3); with a
    single path there is nothing to choose (ruling R20)."""
    s = only(new_state("ivry-1590"), "nemours-g1", "gardes-francais", "suisses", "galaty-1", "galaty-2")
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours-g1", "0710", "S")
    s = place(s, "nemours", "0610")
    s = place(s, "montpensier", "1515")
    s = place(s, "suisses", "0909", "N")
    s = place(s, "galaty-1", "0910", "N")
    s = standing(acting(s, "nemours", order="attack"), "royalist", reactive_melee="never")
    s = one_result(s, "D1R1")
    s = post(s, "league", Melee(lead="nemours-g1", target="gardes-francais"))
    alone, told = posted(s, "league", EndMoves(), faces=[0])  # 0809 is the only hex farther from 0710
    assert alone.units["gardes-francais"].hex == "0809" and "the only legal path" in "\n".join(told.lines)
    assert alone.phase == "advance"
    hemmed = place(s, "galaty-2", "0809", "N")
    stuck, told = posted(hemmed, "league", EndMoves(), faces=[0, 2])  # melee, then the retreat-impossible roll
    assert stuck.units["gardes-francais"].hex == "0810" and stuck.units["gardes-francais"].level == 2
    assert any("cannot retreat" in x for x in told.lines) and stuck.phase == "reactivate"


def test_a_broken_unit_routs_without_a_choice_and_the_attacker_follows():
    """§13.2 «Когда отряд достигает сломленного уровня ..., он должен отступить на 2 поля ... Когда
    сломленные отряды отступают, они должны равняться на свой край карты» (a unit that breaks retreats
    2 hexes, facing its own edge): the seed gives no choice, the engine moves it (R19, R20); the hex
    is vacated, so the attacker must advance (§11.4, R21)."""
    s = guards_attacked("D3")
    g = s.units["gardes-francais"]
    assert g.level == 3 and g.hex != "0810" and g.facing == S  # the royalist edge is the south
    assert s.phase == "advance" and RS.awaiting(s)[0].side == "league"


def test_leaders_go_with_the_unit_that_retreats_or_advances():
    """§5.2 «Он должен оставаться с отрядом, с которым он сгруппирован, если тот продвигается вперёд после
    рукопашной схватки или отступает (см. 11.4)» (a leader stays with the unit he is stacked with when it
    advances after melee or retreats)."""
    s = only(new_state("ivry-1590"), "nemours-g1", "gardes-francais")
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours-g1", "0710", "S")
    s = place(s, "nemours", "0710")
    s = place(s, "montpensier", "0810")
    s = standing(acting(s, "nemours", order="attack"), "royalist", reactive_melee="never")
    s = one_result(s, "D1R1")
    s = post(s, "league", Melee(lead="nemours-g1", target="gardes-francais"))
    s = post(s, "league", EndMoves(), faces=[0])
    s = post(s, "royalist", Retreat(unit="gardes-francais", path=("0910",)))
    assert s.leaders["montpensier"].hex == "0910"
    s, told = posted(s, "league", Advance(unit="nemours-g1"), faces=[0, 0])  # then both leaders roll (§5.2.1)
    assert s.leaders["nemours"].hex == "0810"
    assert [x for x in told.lines if "survives the melee" in x] and s.phase == "reactivate"


def test_a_pending_choice_pauses_the_melees_still_to_fight():
    """§11.2 «сначала определяется исход реагирующих рукопашных схваток (результаты применяются
    немедленно), затем — рукопашных схваток, объявленных активным игроком» (results are applied at once,
    reactive melees first): the next melee is fought only once the choice is made."""
    s = only(new_state("ivry-1590"), "nemours-g1", "nemours-g2", "gardes-francais", "suisses")
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours-g1", "0710", "S")
    s = place(s, "suisses", "0813", "N")
    s = place(s, "nemours-g2", "0713", "S")
    s = place(s, "nemours", "0712")
    s = place(s, "montpensier", "1515")
    s = standing(acting(s, "nemours", order="attack"), "royalist", reactive_melee="never")
    s = one_result(s, "D1R1")
    s = post(s, "league", Melee(lead="nemours-g1", target="gardes-francais"))
    s = post(s, "league", Melee(lead="nemours-g2", target="suisses"))
    s = post(s, "league", EndMoves(), faces=[0])  # one roll: the second melee waits
    assert s.phase == "retreat" and s.melee_step.unit == "gardes-francais"
    assert [m.lead for m in s.melees] == ["nemours-g2"]
    s = post(s, "royalist", Retreat(unit="gardes-francais", path=("0909",)))
    s = post(s, "league", Advance(unit="nemours-g1"), faces=[0])  # now the second melee is rolled
    assert s.phase == "retreat" and s.melee_step.unit == "suisses" and s.melees == ()


def test_passage_a_travers_rides_on_and_may_turn_after_it():
    """§11.5 «Победитель продвигается вперёд через шестиугольник, занимаемый побежденным, и останавливает
    свое движение в следующем поле. Отряд, продвигающийся вперёд, может поворачиваться на одну вершину
    поля после «прохода»» (the winner rides through the loser's hex, stops in the next, and may turn one
    vertex after the passage): compulsory, so `no advance` is refused (R22)."""
    s = only(new_state("ivry-1590"), "nemours-g1", "gardes-francais")
    s = place(s, "gardes-francais", "0810", "N")
    s = place(s, "nemours-g1", "0710", "S", charge=True, acted="move", straight=2)
    s = place(s, "nemours", "0610")
    s = place(s, "montpensier", "1515")
    s = standing(acting(s, "nemours", order="attack"), "royalist", reactive_melee="never")
    s = one_result(s, "D1R1P")
    s = post(s, "league", Melee(lead="nemours-g1", target="gardes-francais"))
    s = post(s, "league", EndMoves(), faces=[0])
    assert s.phase == "advance" and s.melee_step.into == "0909" and s.units["gardes-francais"].hex == "0810"
    assert "§11.5" in RS.awaiting(s)[0].decision
    assert codes(s, "league", NoAdvance()) == ["advance/compulsory"]
    s, told = posted(s, "league", Advance(unit="nemours-g1", facing="SW"))
    assert (s.units["nemours-g1"].hex, s.units["nemours-g1"].facing) == ("0909", SW)
    assert any("passes through 0810 to 0909" in x for x in told.lines)


@pytest.mark.parametrize("text, action", [
    ("retreat gardes-francais 0909 1009", Retreat(unit="gardes-francais", path=("0909", "1009"))),
    ("retreat gardes-francais 0909→1009", Retreat(unit="gardes-francais", path=("0909", "1009"))),
    ("advance nemours-g1", Advance(unit="nemours-g1")),
    ("advance nemours-g1 se", Advance(unit="nemours-g1", facing="SE")),
    ("no advance", NoAdvance()),
    ("standing retreat auto", Standing(kind="retreat", mode="auto")),
    ("standing advance always", Standing(kind="advance", mode="always")),
])
def test_the_notation_reads_the_new_verbs(text, action):
    (line,) = parse(text, RS.verbs, "league").lines
    assert line.action == action


@pytest.mark.parametrize("text", ["retreat gardes-francais", "advance", "advance nemours-g1 e", "no advance now"])
def test_the_notation_refuses_malformed_lines(text):
    from adjudicator.errors import BadInput

    with pytest.raises(BadInput):
        parse(text, RS.verbs, "league")

"""Seed 003 §4.2-§4.8 (the sequence of play) and the result events the referee enters for the
procedures the seeds do not hold: each case quotes the rule."""

from __future__ import annotations

import msgspec

from events import brigade as ev
from adjudicator.rulesets.brigade import RULESET
from adjudicator.rulesets.brigade.phases import TURN, label
from test_brigade_helpers import FakeDice, apply, codes, edit, last_seq, turn_to, with_orders


def test_phases_in_the_order_of_chapter_iv():
    """§4.1-§4.8: initiative, command, compulsory moves, charges, movement, firing, melee, morale."""
    phases = list(dict.fromkeys(label(step.name) for step in TURN))
    assert phases == ["initiative", "command", "compulsory", "charges", "charge-results", "movement", "firing",
                      "fire-results", "melee", "morale"]
    s = turn_to(with_orders(), "command", phasing="french")
    seen = []
    while s.turn == 1:
        seen.append((s.phase, RULESET.awaiting(s)[0].side))
        s = apply(s, "referee", ev.Done())
    assert seen == [("command", "british"), ("command", "french"), ("compulsory", "french"),
                    ("compulsory", "british"), ("charges", "french"), ("charges", "british"),
                    ("charge-results", "referee"), ("movement", "french"), ("movement", "british"),
                    ("firing", "french"), ("fire-results", "referee"), ("firing", "british"),
                    ("fire-results", "referee"), ("melee", "referee"), ("morale", "referee")]
    assert s.turn == 2 and s.phase == "initiative"


def test_firing_phasing_player_first_and_casualties_count_at_once():
    """§4.6: «Сначала стрельбу проводит Фазовый игрок, затем Внефазовый игрок. Урон, нанесенный игроком,
    стрелявшим первым, учитывается сразу и в ответной стрельбе павшие солдаты не участвуют.» (the phasing
    player fires first; his casualties count at once and the fallen do not fire back)."""
    s = turn_to(with_orders(), "firing", phasing="french")
    assert codes(s, "british", ev.Fire(unit="b45", target="f6l")) == ["fire/not-yours"]
    s = apply(s, "french", ev.Fire(unit="fbt1", target="b45"), FakeDice((6, 5)))
    roll = last_seq()
    assert s.open_rolls[str(roll)].total == 11
    assert codes(s, "french", ev.Fire(unit="fbt1", target="b74")) == ["fire/twice"]
    s = apply(s, "french", ev.Done())
    s = apply(s, "referee", ev.Casualties(unit="b45", count=24, roll_seq=roll))
    assert s.units["b45"].status == "dispersed"
    s = apply(s, "referee", ev.Done())
    assert codes(s, "british", ev.Fire(unit="b45", target="f6l")) == ["fire/unit-state"]
    assert codes(s, "british", ev.Fire(unit="b74", target="f6l")) == []


def test_results_name_the_roll_they_came_from():
    """R12: the referee's result names the roll it came from; a roll of another unit is refused."""
    s = turn_to(with_orders(), "firing", phasing="french")
    s = apply(s, "french", ev.Fire(unit="fbt1", target="b45"), FakeDice((1, 2)))
    roll = last_seq()
    assert codes(s, "referee", ev.Casualties(unit="b74", count=1, roll_seq=roll)) == ["result/other-roll"]
    assert codes(s, "referee", ev.Casualties(unit="b45", count=1, roll_seq=roll + 99)) == ["result/no-roll"]
    assert codes(s, "french", ev.Casualties(unit="b45", count=1)) == ["result/referee-only"]


def test_morale_units_before_brigades():
    """§4.8: «Мораль батальонов ... проверяется в первую очередь и лишь после этого проверяется на Мораль вся
    бригада.» (units are tested first, then the brigade)."""
    s = turn_to(with_orders(), "morale")
    s = apply(s, "referee", ev.UnitStatus(unit="b45", status="wavering"))
    s = apply(s, "referee", ev.BrigadeMorale(brigade="kempt", result="steady"))
    assert codes(s, "referee", ev.UnitStatus(unit="b74", status="wavering")) == ["morale/units-first"]
    melee = turn_to(with_orders(), "melee")
    assert codes(melee, "referee", ev.BrigadeMorale(brigade="kempt", result="broken")) == ["morale/brigade-phase"]


def test_compulsory_moves_retreating_units_and_broken_brigades_18_inches():
    """§4.3: «В эту фазу двигаются отступающие, бегущие и преследующие подразделения. «Разбитые Бригады» также
    передвигаются ... Бригады, провалившие бригадный тест на Мораль в прошлом ходу, в этот ход отступают на
    18"» (retreating, routing and pursuing units move now; broken brigades retreat 18")."""
    s = turn_to(with_orders(), "compulsory", phasing="british")
    assert codes(s, "british", ev.Move(piece="b45", x=16, y=8)) == ["move/not-compulsory"]
    s = edit(s, "brigades", "kempt", morale="broken")
    assert codes(s, "british", ev.Move(piece="b45", x=16, y=0)) == []
    s = edit(s, "units", "b45", y=30.0)
    assert codes(s, "british", ev.Move(piece="b45", x=16, y=11)) == ["move/too-far"]
    assert codes(s, "british", ev.Move(piece="b45", x=15, y=32)) == ["move/toward-enemy"]


def test_units_that_moved_compulsorily_do_not_charge():
    """§4.5: «Все подразделения, не передвигавшиеся в фазу Обязательного Движения и не атаковавшие врага,
    теперь могут двигаться» (only units that did not move in the compulsory phase move now; R10)."""
    s = turn_to(with_orders(), "compulsory", phasing="british")
    s = edit(s, "units", "b3d", status="retreating")
    s = apply(s, "british", ev.Move(piece="b3d", x=6, y=4))
    s = edit(s, "units", "b3d", status="formed")
    while s.phase != "charges":
        s = apply(s, "referee", ev.Done())
    assert codes(s, "british", ev.Charge(unit="b3d", target="f6l", kind="counter")) == ["charge/moved-compulsory"]


def test_wounded_generals_return_at_the_command_phase():
    """§4.2: «Раненые Главнокомандующий или Бригадные Генералы, покинувшие поле боя, возвращаются на стол в
    начале этой фазы.» (wounded generals who left the field return at the start of the command phase)."""
    s = turn_to(with_orders(), "melee")
    s = apply(s, "referee", ev.GeneralFate(general="kempt-g", fate="wounded"))
    while s.turn == 1:
        s = apply(s, "referee", ev.Done())
    s = apply(s, "british", ev.RollInitiative(), FakeDice((4, 4), (3, 3)))
    assert s.generals["kempt-g"].fate == "wounded"
    s = apply(s, "british", ev.ChooseInitiative(take=True))
    assert s.generals["kempt-g"].fate == "present"


def test_the_scenario_turn_limit_ends_the_game_undecided():
    """Ours (scenario rule): after the last turn the game ends with no army defeated."""
    s = msgspec.structs.replace(with_orders(), max_turns=1)
    s = turn_to(s, "morale")
    s = apply(s, "referee", ev.Done())
    assert s.over and "undecided" in s.result and RULESET.awaiting(s) == []
    assert RULESET.epoch(s) == 2  # the last turn's dice epoch is closed, so it can be revealed


def test_a_roll_gives_its_casualties_once():
    """R12: a result names the roll it came from, and a roll gives each kind of result once: entering the
    casualties of one fire again would count the same fire twice (a unit of 23 figures going to 22)."""
    from adjudicator.rulesets.brigade.play import legal_actions

    s = turn_to(with_orders(), "firing", phasing="french")
    s = apply(s, "french", ev.Fire(unit="fbt1", target="b45"), FakeDice((6, 5)))
    roll = last_seq()
    s = apply(s, "french", ev.Done())
    offered = [a for a in legal_actions(s, "referee") if isinstance(a, ev.Casualties)]
    assert [a.roll_seq for a in offered] == [roll]
    s = apply(s, "referee", ev.Casualties(unit="b45", count=1, roll_seq=roll))
    assert s.units["b45"].strength == 23
    assert codes(s, "referee", ev.Casualties(unit="b45", count=1, roll_seq=roll)) == ["result/entered"]
    assert not [a for a in legal_actions(s, "referee") if isinstance(a, ev.Casualties)]  # options offers it no more
    # the same roll may still give the unit's status, once; more losses are the referee's own, without `from`
    s = apply(s, "referee", ev.UnitStatus(unit="b45", status="disordered", roll_seq=roll))
    assert codes(s, "referee", ev.UnitStatus(unit="b45", status="wavering", roll_seq=roll)) == ["result/entered"]
    assert codes(s, "referee", ev.Casualties(unit="b45", count=1)) == []


def test_units_never_end_a_move_on_one_another():
    """R30 (chapter VII is not in the seeds): units meet in contact, never on one another: «Каждое
    дружественное подразделение, с которым входят в контакт отступающие или бегущие, становится
    расстроенным» (§4.3: friends are contacted, not stood on). A unit ends at least 1" from any other."""
    s = turn_to(with_orders(), "movement", phasing="british")
    # b74 stands at 20,12 and b45 at 16,12
    assert codes(s, "british", ev.Move(piece="b45", x=19.8, y=12.5)) == ["move/stacked"]
    assert codes(s, "british", ev.Move(piece="b45", x=19.5, y=13)) == []  # in contact, 1.1" apart
    assert codes(s, "british", ev.Move(piece="kempt-g", x=20, y=12)) == []  # a general stands with his troops
    while s.phase != "melee":
        s = apply(s, "referee", ev.Done())
    assert codes(s, "referee", ev.Move(piece="b45", x=20, y=12.5)) == ["move/stacked"]  # the referee's too

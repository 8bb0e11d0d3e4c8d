"""seed 002, ПРОЦЕДУРА ХОДА (turn sequence): 1 artillery phase, 2 initiative (d6 each, high first),
3 side A activates each unit (move; move and fire; move and close combat), 4 side B, 5-6 the turn ends
and the exhaustion check; no unit attacks and then moves, except to occupy a beaten enemy's square."""

from __future__ import annotations


from events.portable import EndActivation, EndArtillery, Fire, Melee, Move, Occupy
from adjudicator.rulesets.portable import RULESET
from test_portable_support import act, board, codes, refused, unit


def _two():
    return (unit("r", 0, "rifle_infantry", "B2"), unit("r2", 0, "rifle_cavalry", "D2"),
            unit("b", 1, "rifle_infantry", "B6"), unit("b2", 1, "rifle_infantry", "D5"))


def test_a_turn_opens_with_the_artillery_phase():
    """«1. Фаза Артиллерии.» (1. Artillery phase): no unit moves before it ends."""
    s = board(*_two(), phase="artillery")
    assert s.phase == "artillery"
    assert codes(refused(s, "red", Move(unit="r", path=("B3",)))) == ["move/not-now"]


def test_initiative_the_higher_d6_moves_first():
    """«2. Оба игрока кидают кубик (Д6). Игрок, которому выпало больше, ходит первым в этот игровой ход.»
    (both roll D6; the higher moves first this turn)."""
    s = board(*_two(), phase="artillery")
    after = act(s, "red", EndArtillery(), 2, 5)
    assert after.phase == "activation" and after.first == after.active == "blue"
    assert after.initiative == {"red": 2, "blue": 5}


def test_an_initiative_tie_is_rolled_again():
    """«Игрок, которому выпало больше, ходит первым» (the higher moves first): a tie has no higher, so both
    roll again (R7)."""
    s = board(*_two(), phase="artillery")
    after = act(s, "blue", EndArtillery(), 3, 3, 4, 1)
    assert after.first == "red" and after.initiative == {"red": 4, "blue": 1}


def test_side_a_activates_then_side_b():
    """«3. Игрок А может активировать каждый из своих отрядов … 4. После того как игрок А активирует все свои
    отряды, игрок В …» (A activates all its units, then B)."""
    s = board(*_two())
    assert codes(refused(s, "blue", Move(unit="b", path=("B5",)))) == ["move/not-yours"]
    s = act(s, "red", EndActivation())
    assert s.active == "blue"
    assert not refused(s, "blue", Move(unit="b", path=("B5",)))
    assert codes(refused(s, "red", Move(unit="r", path=("B3",)))) == ["move/not-yours"]


def test_both_sides_done_ends_the_turn_and_opens_the_next():
    """«5. Как только оба игрока активируют все свои отряды, текущий игровой ход заканчивается и начинается
    следующий.» (when both have activated, the turn ends and the next begins): a new dice epoch too."""
    s = board(*_two())
    s = act(act(s, "red", EndActivation()), "blue", EndActivation())
    assert s.turn == 2 and s.phase == "artillery" and RULESET.epoch(s) == 2


def test_each_unit_activates_once():
    """«может активировать каждый из своих отрядов» (may activate each of its units): once a turn (R21)."""
    s = act(board(*_two()), "red", Move(unit="r", path=("B3",)))
    s = act(s, "red", Move(unit="r2", path=("D3",)))
    assert codes(refused(s, "red", Fire(unit="r", target="b"))) == ["sequence/activated"]


def test_move_and_fire():
    """«Выполнить Движение и Стрельбу» (move and fire)."""
    s = act(board(*_two()), "red", Move(unit="r", path=("B3",)))
    assert not refused(s, "red", Fire(unit="r", target="b"))


def test_move_and_close_combat():
    """«Выполнить Движение и Атаковать вражеский отряд врукопашную» (move and attack in close combat)."""
    s = act(board(*_two()), "red", Move(unit="r2", path=("D3", "D4")))
    assert not refused(s, "red", Melee(unit="r2", target="b2"))


def test_no_unit_attacks_and_then_moves():
    """«Отряд … не может сначала Атаковать, а потом выполнить Движение» (a unit may not attack and then
    move; R1 reads it for every unit)."""
    s = act(board(*_two()), "red", Fire(unit="r2", target="b2"), 1)
    v = refused(s, "red", Move(unit="r2", path=("D3",)))
    assert codes(v) == ["sequence/attack-then-move"] and "R1" in v[0].message


def test_infantry_or_cavalry_occupy_the_square_of_an_enemy_destroyed():
    """«Исключение … когда Пехота или Кавалерия занимают клетку, на которой стоял вражеский отряд, после того
    как последний был разбит» (exception: infantry or cavalry occupying the square of an enemy destroyed)."""
    s = board(unit("c", 0, "lance_cavalry", "C3"), unit("t", 1, "transport", "C4"), unit("x", 1, "rifle_infantry", "H8"))
    s = act(s, "red", Melee(unit="c", target="t"), 6, 1, 1)  # cavalry hits, transport misses; reaction 1: -1 SP
    assert "t" not in s.units and s.vacated == "C4"
    s = act(s, "red", Occupy(unit="c"))
    assert s.units["c"].square == "C4"


def test_occupy_after_the_enemy_retreats():
    """«… или был вынужден отступить» (… or was forced to retreat): the choice to retreat opens the square."""
    s = board(unit("i", 0, "spear_infantry", "C3"), unit("t", 1, "rifle_infantry", "C4"), unit("x", 1, "rifle_infantry", "H8"))
    s = act(s, "red", Melee(unit="i", target="t"), 6, 1, 6)  # reaction 6: the owner chooses
    assert codes(refused(s, "red", Occupy(unit="i"))) == ["occupy/not-now"]
    from events.portable import React
    s = act(s, "blue", React(unit="t", choice="retreat"))
    assert s.units["t"].square == "C5"
    s = act(s, "red", Occupy(unit="i"))
    assert s.units["i"].square == "C4"


def test_no_occupy_when_the_enemy_held_or_after_fire():
    """The exception is only for a square the enemy left (R1): not while it holds, not after fire."""
    s = board(unit("i", 0, "rifle_infantry", "C3"), unit("t", 1, "rifle_infantry", "C4"), unit("u", 1, "rifle_infantry", "E3"))
    held = act(s, "red", Melee(unit="i", target="t"), 1, 1)
    assert codes(refused(held, "red", Occupy(unit="i"))) == ["occupy/held"]
    fired = act(s, "red", Fire(unit="i", target="u"), 1)
    assert codes(refused(fired, "red", Occupy(unit="i"))) == ["occupy/not-now"]


def test_artillery_does_not_occupy():
    """«Пехота или Кавалерия занимают клетку» (infantry or cavalry occupy): a transport that wins does not."""
    s = board(unit("tr", 0, "transport", "C3"), unit("t", 1, "transport", "C4"), unit("x", 1, "rifle_infantry", "H8"))
    s = act(s, "red", Melee(unit="tr", target="t"), 6, 1, 1)
    assert codes(refused(s, "red", Occupy(unit="tr"))) == ["occupy/arm"]


def test_awaiting_names_the_side_and_decision():
    """`status` names the side the game waits for and what it must decide."""
    s = board(*_two())
    (a,) = RULESET.awaiting(s)
    assert a.side == "red" and "activate" in a.decision
    art = board(*_two(), phase="artillery")
    assert {a.side for a in RULESET.awaiting(art)} == {"red", "blue"}


def test_a_side_with_no_gun_able_to_fire_may_end_the_artillery_phase_the_game_waits_for_the_other():
    """«1. Фаза Артиллерии.» (1. Artillery phase): each gun fires, and the hits are applied when every side that
    can still fire has ended the phase; a side with no gun able to fire need not, but may (R20)."""
    s = board(unit("g", 1, "rifled_field", "C6", facing="n"), unit("r", 0, "rifle_infantry", "C2"), phase="artillery")
    assert [a.side for a in RULESET.awaiting(s)] == ["blue"]
    s = act(s, "red", EndArtillery())
    assert s.phase == "artillery" and s.art_done == ("red",)
    assert [a.side for a in RULESET.awaiting(s)] == ["blue"]
    assert codes(refused(s, "red", EndArtillery())) == ["end-artillery/not-yours"]
    s = act(s, "blue", EndArtillery(), 2, 4)  # initiative: red 2, blue 4
    assert s.phase == "activation" and s.first == "blue"


def test_units_are_commanded_by_their_side_not_by_the_referee():
    """«Игрок А может активировать каждый из своих отрядов» (player A may activate each of his units): the
    referee posts notes and rulings, and no standing order."""
    from events.portable import StandingOrder

    s = board(*_two())
    assert codes(refused(s, "referee", Move(unit="r", path=("B3",)))) == ["move/not-yours"]
    assert codes(refused(s, "referee", StandingOrder(choice="lose"))) == ["actor/referee"]

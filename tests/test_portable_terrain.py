"""seed 002, ОСОБЫЕ ПРАВИЛА (special rules): village, horse artillery, hills, road, rivers, woods, trenches."""

from __future__ import annotations

import msgspec

from events.portable import Bombard, EndActivation, Fire, Melee, Move
from test_portable_support import act, board, codes, refused, told, unit, with_units


def _end_turn(state):
    state = act(msgspec.structs.replace(state, active="red", first="red"), "red", EndActivation())
    state = act(state, "blue", EndActivation())
    return msgspec.structs.replace(state, phase="activation", active="red", first="red")


# -- village ------------------------------------------------------------------

def test_village_is_cover():
    """«ДЕРЕВНЯ. Отряд, находящийся в деревне, считается в Укрытии» (a unit in a village is in cover):
    the provisional -1 to fire at it."""
    units = (unit("r", 0, "rifle_infantry", "C2"), unit("t", 1, "rifle_infantry", "C4"))
    open_ground = act(board(*units), "red", Fire(unit="r", target="t"), 4, 1)  # 4 +1 not moved = 5: hit
    assert open_ground.units["t"].sp == 3
    village = act(board(*units, terrain={"village": ["C4"]}), "red", Fire(unit="r", target="t"), 4)  # 4 +1 -1 = 4
    assert village.units["t"].sp == 4


def test_village_fortified_after_two_full_turns_without_firing():
    """«Если отряд проведет в деревне два полных хода, и не будет стрелять или участвовать в рукопашной, то он
    может укрепить деревню, которая будет считаться Укреплением» (two full turns in a village without firing or
    melee fortify it; R23)."""
    s = board(unit("t", 1, "rifle_infantry", "C4"), unit("r", 0, "rifle_infantry", "H1"), terrain={"village": ["C4"]})
    s = _end_turn(s)
    assert "C4" not in s.fortified
    s = _end_turn(s)
    assert "C4" in s.fortified


def test_firing_from_the_village_stops_the_count():
    """«и не будет стрелять» (and does not fire): a turn with fire does not count."""
    s = board(unit("t", 1, "rifle_infantry", "C4"), unit("r", 0, "rifle_infantry", "C2"), terrain={"village": ["C4"]})
    s = _end_turn(s)
    s = act(msgspec.structs.replace(s, active="blue", first="red"), "blue", Fire(unit="t", target="r"), 1)
    s = act(s, "blue", EndActivation())
    assert "C4" not in s.fortified and s.units["t"].village_turns == 0


def test_the_turn_a_unit_enters_the_village_is_not_full():
    """«два полных хода» (two full turns): the turn of arrival does not count (R23)."""
    s = board(unit("t", 1, "rifle_infantry", "C5"), unit("r", 0, "rifle_infantry", "H1"), terrain={"village": ["C4"]})
    s = act(msgspec.structs.replace(s, active="blue"), "blue", Move(unit="t", path=("C4",)))
    s = _end_turn(s)
    s = _end_turn(s)
    assert "C4" not in s.fortified
    assert "C4" in _end_turn(s).fortified


def test_fortified_village_is_harder_to_hit():
    """«будет считаться Укреплением» (counts as a fortification): the provisional -2."""
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("t", 1, "rifle_infantry", "C4"), terrain={"village": ["C4"]})
    s = msgspec.structs.replace(s, fortified=("C4",))
    after = act(s, "red", Fire(unit="r", target="t"), 5)  # 5 +1 -2 = 4: miss
    assert after.units["t"].sp == 4


# -- horse artillery -----------------------------------------------------------

def _guns(horse: bool):
    s = board(unit("g", 0, "rifled_field", "C2", facing="s", horse=horse), unit("t", 1, "rifle_infantry", "C6"), phase="artillery")
    s = act(s, "red", Bombard(gun="g", target="t"), 1)
    return msgspec.structs.replace(s, phase="activation", active="red", first="red")


def test_horse_artillery_moves_and_fires_moving_one_after_firing():
    """«КОННАЯ АРТИЛЛЕРИЯ … может двигаться и стрелять в одни и тот же ход. Если конная артиллерия стреляла в
    этот ход, дальность её движения уменьшается до 1 клетки» (horse artillery may move and fire in one turn;
    if it fired, it moves 1)."""
    s = _guns(horse=True)
    assert not refused(s, "red", Move(unit="g", path=("B2",)))
    assert "move/too-far" in codes(refused(s, "red", Move(unit="g", path=("B2", "A2"))))


def test_horse_artillery_that_did_not_fire_moves_its_full_move():
    """Horse artillery that did not fire moves its full (provisional) 2 squares."""
    s = board(unit("g", 0, "rifled_field", "C2", horse=True), unit("t", 1, "rifle_infantry", "H8"))
    assert not refused(s, "red", Move(unit="g", path=("B2", "A2")))


def test_other_artillery_that_fired_does_not_move():
    """Only horse artillery «может двигаться и стрелять в одни и тот же ход» (moves and fires in one turn; R8)."""
    v = refused(_guns(horse=False), "red", Move(unit="g", path=("B2",)))
    assert codes(v) == ["move/fired-gun"] and "Horse artillery" in v[0].rule


# -- hills -----------------------------------------------------------------------

def test_attacking_uphill_is_minus_one():
    """«ХОЛМЫ. Если отряд атакует врукопашную отряд противника, стоящий на холме выше него, то он получает штраф
    -1 к броску кубика в рукопашной» (attacking an enemy on a hill above: -1 to the melee die)."""
    units = (unit("a", 0, "spear_infantry", "C3"), unit("d", 1, "rifle_infantry", "C4"))
    flat = act(board(*units), "red", Melee(unit="a", target="d"), 5, 1, 1)  # 5: hit, reaction 1
    assert flat.units["d"].sp == 3
    hill = act(board(*units, terrain={"hill": ["C4"]}), "red", Melee(unit="a", target="d"), 5, 1)  # 5 -1 = 4: miss
    assert hill.units["d"].sp == 4


def test_artillery_on_a_hill_fires_over_friends_below():
    """«Если Артиллерия стоит на холме, то она может стрелять прямой наводкой «поверх голов» союзных отрядов,
    стоящих ниже» (artillery on a hill may fire over friendly units below; elsewhere it may not, R6)."""
    units = (unit("g", 0, "rifled_field", "C2", facing="s"), unit("f", 0, "rifle_infantry", "C3"),
             unit("t", 1, "rifle_infantry", "C6"))
    low = board(*units, phase="artillery")
    assert codes(refused(low, "red", Bombard(gun="g", target="t"))) == ["artillery/friends-in-way"]
    high = board(*units, terrain={"hill": ["C2"]}, phase="artillery")
    assert not refused(high, "red", Bombard(gun="g", target="t"))


# -- road ------------------------------------------------------------------------

def test_road_adds_one_square_if_the_whole_move_is_on_road():
    """«ДОРОГА. Если в Фазу Движения отряд двигается только по дороге, то дальность его движения возрастает на
    1 клетку» (moving only along the road: +1 square)."""
    s = board(unit("i", 0, "rifle_infantry", "B1"), unit("x", 1, "rifle_infantry", "H8"),
              terrain={"road": ["B1", "B2", "B3", "B4", "C3"]})
    assert not refused(s, "red", Move(unit="i", path=("B2", "B3", "B4")))
    v = refused(s, "red", Move(unit="i", path=("B2", "C2", "C3")))
    assert codes(v) == ["move/too-far"]


# -- rivers ----------------------------------------------------------------------

def _river():
    return {"river": ["A4", "B4", "D4"], "ford": ["C4"]}


def test_a_river_is_crossed_only_at_a_ford():
    """«Чтобы пересечь реку по броду …» (a river is crossed by a ford)."""
    s = board(unit("i", 0, "rifle_infantry", "B3"), unit("x", 1, "rifle_infantry", "H8"), terrain=_river())
    assert codes(refused(s, "red", Move(unit="i", path=("B4",)))) == ["move/river"]


def test_crossing_a_ford_takes_two_turns():
    """«В первый ход он заходит в реку и останавливается. Во второй ход – двигается на одну клетку на берег»
    (the first turn it enters the river and stops; the second it moves one square to the bank)."""
    s = board(unit("i", 0, "rifle_infantry", "C3"), unit("x", 1, "rifle_infantry", "H8"), terrain=_river())
    v = refused(s, "red", Move(unit="i", path=("C4", "C5")))
    assert codes(v) == ["move/ford-stop"] and "Rivers" in v[0].rule
    s = act(s, "red", Move(unit="i", path=("C4",)))
    s = _end_turn(s)
    assert codes(refused(s, "red", Move(unit="i", path=("C5", "C6")))) == ["move/too-far"]
    assert not refused(s, "red", Move(unit="i", path=("C5",)))


def test_no_firing_from_the_river():
    """«Отряд, стоящий в реке не может стрелять» (a unit in the river may not fire)."""
    s = board(unit("i", 0, "rifle_infantry", "C4"), unit("x", 1, "rifle_infantry", "C6"), terrain=_river())
    assert codes(refused(s, "red", Fire(unit="i", target="x"))) == ["fire/in-river"]


def test_attacked_in_the_river_is_minus_one():
    """«Если отряд, стоящий в реке будет атакован врукопашную, то он получает штраф -1 к броску кубика»
    (a unit in the river attacked in melee gets -1 to its die)."""
    units = (unit("a", 0, "spear_infantry", "C5"), unit("d", 1, "rifle_infantry", "C4"))
    bank = act(board(*units), "red", Melee(unit="a", target="d"), 1, 5, 1)  # defender 5: hits, attacker reaction 1
    assert bank.units["a"].sp == 3
    ford = act(board(*units, terrain=_river()), "red", Melee(unit="a", target="d"), 1, 5)  # 5 -1 = 4: miss
    assert ford.units["a"].sp == 4


# -- woods -----------------------------------------------------------------------

def test_entering_woods_stops_the_move():
    """«ЛЕСА. … Если отряд заходит на клетку с лесом, то немедленно останавливается» (a unit entering woods stops)."""
    s = board(unit("c", 0, "lance_cavalry", "B1"), unit("x", 1, "rifle_infantry", "H8"), terrain={"woods": ["B2", "B3"]})
    assert codes(refused(s, "red", Move(unit="c", path=("B2", "B3")))) == ["move/woods-stop"]
    assert not refused(s, "red", Move(unit="c", path=("B2",)))


def test_moving_through_woods_is_one_square():
    """«Если отряд идет по лесу (с одной клетки с лесом на другую), то дальность его движения уменьшается до 1
    клетки» (moving from one woods square to another: move 1)."""
    s = board(unit("c", 0, "lance_cavalry", "B2"), unit("x", 1, "rifle_infantry", "H8"), terrain={"woods": ["B2", "B3", "B4"]})
    assert not refused(s, "red", Move(unit="c", path=("B3",)))
    assert codes(refused(s, "red", Move(unit="c", path=("B3", "B4")))) == ["move/too-far"]


def test_firing_from_woods_is_range_two():
    """«Если отряд стреляет, находясь в лесу, то дальность его стрельбы уменьшается до 2 клеток»
    (firing from woods: range 2)."""
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("x", 1, "rifle_infantry", "C5"), terrain={"woods": ["C2"]})
    v = refused(s, "red", Fire(unit="r", target="x"))
    assert codes(v) == ["fire/out-of-range"] and "Woods" in v[0].rule


def test_woods_give_cover_in_them_and_behind_them():
    """«Лес обеспечивает Укрытие отрядам, находящимся в нем или за ним» (woods give cover to units in them or
    behind them): small arms cannot see through woods; artillery fires over them at -1 and without sight."""
    s = board(unit("g", 0, "rifled_field", "C1", facing="s"), unit("r", 0, "rifle_infantry", "D2"),
              unit("t", 1, "rifle_infantry", "C4"), terrain={"woods": ["C2", "C3", "B3", "D3"]}, phase="artillery")
    _, said = told(s, "red", Bombard(gun="g", target="t"), 6)  # 6 -1 cover, no +2 sight = 5: hit
    assert any("-1 target in cover" in line for line in said) and not any("sight" in line for line in said)
    s = with_units(msgspec.structs.replace(s, phase="activation", active="red"), t={"square": "D4"})
    assert codes(refused(s, "red", Fire(unit="r", target="t"))) == ["fire/no-line"]


# -- trenches --------------------------------------------------------------------

def test_entering_trenches_stops_and_next_turn_moves_normally():
    """«ОКОПЫ. Чтобы преодолеть Окопы отряду требуется два хода. В первый ход отряд заходит в Окопы и
    останавливается. Во второй ход – двигается как обычно» (two turns: enter and stop, then move normally)."""
    s = board(unit("i", 0, "rifle_infantry", "C2"), unit("x", 1, "rifle_infantry", "H8"), terrain={"trench": ["C3"]})
    assert codes(refused(s, "red", Move(unit="i", path=("C3", "C4")))) == ["move/trench-stop"]
    s = _end_turn(act(s, "red", Move(unit="i", path=("C3",))))
    assert not refused(s, "red", Move(unit="i", path=("C4", "C5")))


def test_a_unit_that_fired_may_not_leave_trenches():
    """«Отряд не может покинуть Окоп, если стрелял в Фазу Стрельбы» (a unit that fired may not leave the trench):
    horse artillery that fired from trenches stays."""
    s = board(unit("g", 0, "rifled_field", "C2", facing="s", horse=True), unit("t", 1, "rifle_infantry", "C6"),
              terrain={"trench": ["C2"]}, phase="artillery")
    s = msgspec.structs.replace(act(s, "red", Bombard(gun="g", target="t"), 1), phase="activation", active="red")
    assert codes(refused(s, "red", Move(unit="g", path=("B2",)))) == ["move/trench-after-firing"]


def test_attacked_in_trenches_is_minus_one():
    """«Если отряд, находящийся в Окопе, будет атакован врукопашную, то он получит штраф -1 к броску кубика»
    (a unit in trenches attacked in melee gets -1 to its die)."""
    s = board(unit("a", 0, "spear_infantry", "C5"), unit("d", 1, "rifle_infantry", "C4"), terrain={"trench": ["C4"]})
    after = act(s, "red", Melee(unit="a", target="d"), 1, 5)  # defender 5 -1 = 4: miss
    assert after.units["a"].sp == 4

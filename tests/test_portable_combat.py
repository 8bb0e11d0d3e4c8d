"""The procedures the seed lacks (it breaks off at «ФАЗА АРТИЛЛЕРИИ», the artillery phase): artillery
fire, small-arms fire and close combat, from the public facts of seed-systems.md §4.4, as provisional
tables a referee can replace."""

from __future__ import annotations

import copy

import msgspec

from events.portable import Bombard, EndArtillery, Face, Fire, Melee, Move
from test_portable_support import RS, act, board, codes, refused, told, unit


def _art(*extra, **kw):
    return board(unit("g", 0, "rifled_field", "C2", facing="s"), unit("t", 1, "rifle_infantry", "C6"), *extra,
                 phase="artillery", **kw)


def test_every_combat_table_is_marked_provisional_with_a_source():
    """The seed lacks these tables: they are ours, marked provisional, each naming where it comes from."""
    for name in ("artillery_fire", "small_arms_fire", "close_combat", "horse_artillery"):
        assert RS.tables[name]["provisional"] is True and RS.tables[name]["source"]
    for name in ("units", "hit_reaction", "cavalry_vs_line", "commander_hit", "exhaustion"):
        assert "provisional" not in RS.tables[name] and "seed 002" in RS.tables[name]["source"]


def test_artillery_range_and_arc():
    """PW19C-Squared: ranges counted orthogonally; the arc is 90 degrees forward (between the 45-degree
    diagonals); the seed's rifled field gun reaches 8 squares."""
    s = _art(unit("side", 1, "rifle_infantry", "F3"), unit("far", 1, "rifle_infantry", "H8"), width=12, height=12)
    assert not refused(s, "red", Bombard(gun="g", target="t"))
    v = refused(s, "red", Bombard(gun="g", target="side"))
    assert codes(v) == ["artillery/arc"] and "provisional" in v[0].rule
    assert codes(refused(s, "red", Bombard(gun="g", target="far"))) == ["fire/out-of-range"]  # 5 + 6 = 11 > 8


def test_a_gun_turns_to_bring_a_target_into_its_arc():
    """Turning a gun is its activation (R16, R17)."""
    s = board(unit("g", 0, "rifled_field", "C2", facing="s"), unit("t", 1, "rifle_infantry", "G2"))
    s = act(s, "red", Face(unit="g", facing="e"))
    assert s.units["g"].facing == "e"
    assert codes(refused(s, "red", Move(unit="g", path=("C3",)))) == ["sequence/attack-then-move"]


def test_each_gun_fires_once_per_turn():
    """PW19C-Squared: each gun fires once per turn."""
    s = act(_art(), "red", Bombard(gun="g", target="t"), 1)
    assert codes(refused(s, "red", Bombard(gun="g", target="t"))) == ["artillery/fired"]


def test_artillery_hits_apply_after_all_guns_have_fired():
    """PW19C-Squared: artillery fire is simultaneous, its effects applied after all guns fire: a gun hit
    still fires back in the same phase (R20)."""
    s = board(unit("g", 0, "rifled_field", "C2", facing="s"), unit("h", 1, "rifled_field", "C6", facing="n"), phase="artillery")
    s = act(s, "red", Bombard(gun="g", target="h"), 6)  # 6 +2 sight: hit, queued
    assert s.units["h"].sp == 2 and len(s.queued) == 1
    s = act(s, "blue", Bombard(gun="h", target="g"), 1)
    # no gun can fire any more: the first `end artillery` closes the phase and applies the hits
    s = act(s, "blue", EndArtillery(), 1, 4, 2)  # reaction of h: 1, lose 1 SP; initiative 4 v 2
    assert s.units["h"].sp == 1 and s.phase == "activation" and s.first == "red"


def test_artillery_modifiers_sight_and_same_target():
    """Book-version summary: +2 with line of sight, +1 at the same target as last turn; 5+ hits."""
    s = _art()
    _, said = told(s, "red", Bombard(gun="g", target="t"), 3)
    assert any("+2 line of sight = 5, HIT" in line for line in said)
    _, again = told(msgspec.structs.replace(s, last_targets={"g": "t"}), "red", Bombard(gun="g", target="t"), 2)
    assert any("+1 same target as last turn = 5, HIT" in line for line in again)


def test_artillery_fires_only_in_the_artillery_phase():
    """PW19C-Squared: artillery fires in the Artillery Fire Phase, without being activated (R21)."""
    s = board(unit("g", 0, "rifled_field", "C2", facing="s"), unit("t", 1, "rifle_infantry", "C6"))
    assert codes(refused(s, "red", Fire(unit="g", target="t"))) == ["fire/cannot-fire"]
    assert codes(refused(s, "red", Bombard(gun="g", target="t"))) == ["bombard/not-now"]


def test_small_arms_plus_one_if_the_unit_did_not_move():
    """Book-version summary: fire d6, +1 if the firer did not move; 5+ hits."""
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("t", 1, "rifle_infantry", "C5"))
    still = act(s, "red", Fire(unit="r", target="t"), 4, 1)
    assert still.units["t"].sp == 3
    moved = act(act(s, "red", Move(unit="r", path=("C3",))), "red", Fire(unit="r", target="t"), 4)
    assert moved.units["t"].sp == 4


def test_small_arms_plus_one_with_a_commander():
    """Book-version summary: +1 if a Commander is attached."""
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("cmd", 0, "commander", "C2"), unit("t", 1, "rifle_infantry", "C5"))
    after = act(s, "red", Fire(unit="r", target="t"), 3, 1)  # 3 +1 +1 = 5
    assert after.units["t"].sp == 3


def test_small_arms_need_a_clear_line():
    """Ranges are orthogonal; a unit in every shortest path blocks the line (R3)."""
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("f", 0, "rifle_infantry", "C3"), unit("t", 1, "rifle_infantry", "C4"))
    v = refused(s, "red", Fire(unit="r", target="t"))
    assert codes(v) == ["fire/no-line"] and "R3" in v[0].message


def test_targets_are_enemy_units_not_friends_or_commanders():
    """Commanders are hit only with their unit (R12); nobody fires at his own side."""
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("f", 0, "rifle_infantry", "E2"), unit("cmd", 1, "commander", "C4"))
    assert codes(refused(s, "red", Fire(unit="r", target="f"))) == ["target/friendly"]
    assert codes(refused(s, "red", Fire(unit="r", target="cmd"))) == ["target/commander"]
    assert codes(refused(s, "red", Fire(unit="r", target="C5"))) == ["target/empty"]


def test_melee_both_roll_at_once_and_both_may_be_hit():
    """Nov 2014 draft: attacker and defender each roll D6 at the same time (R15)."""
    s = board(unit("a", 0, "spear_infantry", "C3"), unit("d", 1, "rifle_infantry", "C4"))
    after = act(s, "red", Melee(unit="a", target="d"), 5, 6, 1, 2)  # both hit; reactions 1 (d), 2 (a)
    assert after.units["a"].sp == 3 and after.units["d"].sp == 3


def test_melee_needs_an_adjacent_enemy_and_a_unit_that_fights():
    """Close combat is with an orthogonally adjacent enemy; guns and machine guns do not start it (R14)."""
    s = board(unit("a", 0, "spear_infantry", "C3"), unit("g", 0, "machine_gun", "E3"), unit("d", 1, "rifle_infantry", "C5"),
              unit("e", 1, "rifle_infantry", "E4"))
    assert codes(refused(s, "red", Melee(unit="a", target="d"))) == ["melee/not-adjacent"]
    assert codes(refused(s, "red", Melee(unit="g", target="e"))) == ["melee/cannot"]
    assert codes(refused(s, "red", Melee(unit="a", target="C4"))) == ["target/empty"]


def test_a_referee_can_replace_a_provisional_table():
    """Tables are data: a game started with other values uses them (here a 6 to hit)."""
    tables = copy.deepcopy(RS.tables)
    tables["small_arms_fire"]["hit_on"] = 6
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("t", 1, "rifle_infantry", "C5"), tables=tables)
    after = act(s, "red", Fire(unit="r", target="t"), 4)  # 4 +1 = 5 < 6: miss
    assert after.units["t"].sp == 4


def test_a_replacement_table_missing_a_value_is_refused_when_the_game_is_created(tmp_path):
    """A referee's section replaces the shipped one whole; one that lacks a value the rules read is bad
    input at `new`, naming the section and the value, and no game is written."""
    from adjudicator import games
    from adjudicator.errors import BadInput
    import pytest

    bad = tmp_path / "t.toml"
    bad.write_text('[close_combat]\nsource = "mine"\nhit_on = 6\n', encoding="utf-8")
    with pytest.raises(BadInput, match=r"t.toml: table \[close_combat\]: missing keys .*\bdice\b"):
        games.new_game(tmp_path / "g.db", "portable", ["a", "b"], tables_path=bad)
    assert not (tmp_path / "g.db").exists()


def test_the_report_says_when_a_provisional_table_decided():
    """Reports say when a provisional table decided an outcome (never pretend it is the original)."""
    s = board(unit("r", 0, "rifle_infantry", "C2"), unit("t", 1, "rifle_infantry", "C5"))
    _, said = told(s, "red", Fire(unit="r", target="t"), 4, 1)
    assert said[0] == "fire r at t: 4 +1 did not move = 5, HIT on 5+ (provisional table)"

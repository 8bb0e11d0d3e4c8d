"""Seed 000 §14: the Dreux and Ivry scenarios, their victory conditions and the Dreux options."""

from __future__ import annotations

from collections import Counter

import msgspec

from adjudicator.draft import Draft
from adjudicator.rulesets.paris import sequence
from adjudicator.rulesets.paris.melee import _reiters
from adjudicator.rulesets.paris.state import BOARD
from test_paris_helpers import RS, FixedDice, new_state


def kinds(s, side):
    return Counter(u.kind for u in s.units.values() if u.side == side)


def test_dreux_orders_of_battle():
    """§14.1: Huguenots: Condé (3 G, 1 A, 3 R, 1 L, 2 H), Coligny (2 G, 2 R, 1 L, 2 H, 1 artillery),
    La Rochefoucault (1 G); Catholics: Montmorency, St. André, Guise."""
    s = new_state()
    assert sum(1 for u in s.units.values() if u.side == "huguenot") == 19
    assert sum(1 for u in s.units.values() if u.side == "catholic") == 22
    assert kinds(s, "huguenot")["G"] == 6 and kinds(s, "huguenot")["R"] == 5
    assert s.units["garde-2"].hex == "0711"  # «7011» in the seed: ruling R3
    assert s.units["cath-art-1"].hex == s.units["gendarmerie-4"].hex == "0718"  # as printed (ruling R4)
    assert (s.units["conde-g1"].kind, s.units["conde-g1"].morale, s.units["conde-g1"].ma) == ("G", 8, 10)
    assert s.edges == {"huguenot": "south", "catholic": "north"} and s.turns == 10


def test_ivry_orders_of_battle_and_cavalry_counts():
    """§14.2 «Роялисты имеют 6 x кирасиров, 1 x рейтаров, 1 x аркебузиров, в итоге 14 отрядов. Лига имеет
    10 x жандармов, 2 x рейтаров, 2 x аркебузиров, в итоге 14 отрядов» (cuirassiers count 2)."""
    s = new_state("ivry-1590")
    roy, lea = kinds(s, "royalist"), kinds(s, "league")
    assert (roy["C"], roy["R"], roy["A"]) == (6, 1, 1) and (lea["G"], lea["R"], lea["A"]) == (10, 2, 2)
    assert roy["C"] * 2 + roy["R"] + roy["A"] == 14 == lea["G"] + lea["R"] + lea["A"]
    assert (s.units["parabere"].kind, s.units["parabere"].morale, s.units["parabere"].ma) == ("F", 6, 4)  # ruling R7
    # the seed's lists give 26 Royalist units (4 + 7 + 9 + 3 + 3) and 25 League units
    assert sum(1 for u in s.units.values() if u.side == "royalist") == 26
    assert sum(1 for u in s.units.values() if u.side == "league") == 25


def test_dreux_victory_counts_units_destroyed():
    """§14.1 «победа достается стороне, которая уничтожила больше вражеских отрядов (независимо от типа)»."""
    s = msgspec.structs.replace(new_state(), destroyed={"huguenot": ("G:conde-g1",), "catholic": ("S:garde-1", "F:picardie")})
    assert sequence.score(s, "huguenot") == 2 and sequence.score(s, "catholic") == 1


def test_ivry_victory_weights_cuirassiers_two():
    """§14.2 «Кирасиры считаются за 2 отряды в этом отношении»."""
    s = msgspec.structs.replace(new_state("ivry-1590"), destroyed={"royalist": ("C:du-roi-1", "F:vignolles"), "league": ("G:nemours-g1",)})
    assert sequence.score(s, "league") == 2 and sequence.score(s, "royalist") == 1


def test_immediate_victory_when_all_three_gardes_suisses_are_destroyed():
    """§14.1 «когда гугенотский игрок уничтожил все три отряда Garde Suisse»."""
    s = new_state()
    d = Draft(msgspec.structs.replace(s, units={k: v for k, v in s.units.items() if not k.startswith("garde-")}), None, BOARD)
    sequence.check_victory(d)
    assert d.s.result.startswith("huguenot wins immediately")


def test_immediate_victory_ivry_all_royalist_cuirassiers():
    """§14.2 «если Лига уничтожает всех роялистских кирасиров»."""
    s = new_state("ivry-1590")
    d = Draft(msgspec.structs.replace(s, units={k: v for k, v in s.units.items() if v.kind != "C"}), None, BOARD)
    sequence.check_victory(d)
    assert d.s.result.startswith("league wins immediately")


def test_huguenot_artillery_option():
    """§14.1 «гугенотский игрок имеет второй отряд артиллерии, котрый разворачивается в 1115»."""
    s = new_state(options=("huguenot-artillery",))
    assert s.units["hug-art-2"].hex == "1115" and s.units["hug-art-2"].wing == "coligny"  # ruling R5


def test_coligny_reiters_option():
    """§14.1 «В момент, когда отряд рейтаров уничтожает вражеский отряд, бросают кубик, на счет от 0 до 4,
    отряд рейтаров удаляется из игры. Он не считается по отношению к обычным победным условиям»."""
    s = new_state(options=("coligny-reiters",))
    for face, gone in ((4, True), (5, False)):
        d = Draft(s, FixedDice([face]), BOARD)
        _reiters(d, "coligny-reiters-1", "R")
        assert ("coligny-reiters-1" not in d.s.units) == gone
        if gone:
            assert d.s.removed == ("coligny-reiters-1",) and d.s.destroyed["huguenot"] == ()


def test_options_are_listed_and_unknown_ones_refused():
    assert set(RS.options) == {"huguenot-artillery", "coligny-reiters", "guise"}
    import pytest
    from adjudicator.errors import BadInput

    with pytest.raises(BadInput):
        new_state("ivry-1590", options=("guise",))


def test_every_table_says_where_it_comes_from():
    """Rules as data: each table has a source; ours are marked provisional; seed values are kept."""
    for name, table in RS.tables.items():
        assert table.get("source"), name
    assert RS.tables["interaction"]["G"]["F"] == -1  # the §11.3 worked example
    assert RS.tables["leader_death"]["killed_on"] == 9 and not RS.tables["leader_death"].get("provisional")
    assert all(RS.tables[t]["provisional"] for t in ("preemption", "order_change", "interception", "fire",
                                                      "melee_results", "terrain", "retreat_impossible"))
    for name in RS.scenarios:
        scen = RS.scenarios[name].data
        assert scen["map"]["provisional"] and scen["fire_factors"]["provisional"]
        assert all(w["leader"]["provisional"] for w in scen["wings"])

"""Victory: army Morale Points and the rout (ours, provisional: ruling S30), with what the seed gives of
them: §Scenario 1 (the key point's 10 or 20), §Scenario 4 (the perimeter's 20, less 1 an intruder),
§Special rules: *Chief, *Shaman (worth 5)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec

from adjudicator.rulesets.skirmish import setup, victory
from test_skirmish_support import TABLES, board, fig, put

SCENARIOS = Path(__file__).resolve().parent.parent / "adjudicator" / "rulesets" / "skirmish" / "scenarios"


def load(name):
    return setup.initial_state(tomllib.loads((SCENARIOS / f"{name}.toml").read_text(encoding="utf-8")), TABLES, name)


def test_the_morale_points_tables_are_ours_and_marked_provisional():
    """The seed's victory rule, «Побеждает игрок, обративший противника в бегство», has no Morale
    Points table: [morale_points] is ours and says so."""
    assert TABLES.morale_points["provisional"] is True
    assert TABLES.mp("chief") == 5 and TABLES.mp("shaman") == 5  # «Ценность равна 5 Очкам Морали»


def test_a_side_routs_at_half_its_morale_points():
    s = board(fig("z1", "red", "zouave", (10, 10)), fig("z2", "red", "zouave", (20, 10)),
              fig("p1", "blue", "prussian", (10, 110)), fig("p2", "blue", "prussian", (20, 110)),
              fig("p3", "blue", "prussian", (30, 110)))
    assert s.morale_start == {"red": 2.0, "blue": 3.0}
    out = victory.check(put(s, "p1", status="out"))
    assert out.state.result == "" and out.state.morale["blue"] == 2.0
    out = victory.check(put(put(s, "p1", status="out"), "p2", status="fled"))
    assert out.state.result == "red wins: blue is routed" and out.state.phase == "over"
    both = victory.check(put(put(put(s, "p1", status="out"), "p2", status="out"), "z1", status="out"))
    assert both.state.result == "red wins: both rout, blue the worse"


def test_scenario_1_the_key_point_is_held_from_turn_3_worth_10_in_the_small_format():
    """«игрок, который захватил и удерживает ключевой объект, получает 10 Очков Морали при игре на
    Маленький формат ... нужно, чтобы враги не подбирались к объекту ближе, чем на 25см (15см при игре
    15мм миниатюрами), а в 3см от объекта постоянно кто-то дежурил ... Объект нельзя захватывать раньше
    3-его хода!» (ruling S4)."""
    s = load("key-point")
    for f in [f for f in s.figures.values() if f.side == "prussians"]:  # some start within 25 cm of it
        s = put(s, f.id, y=88.0)
    s = put(s, "zouave-1", x=45.5, y=43.5)
    assert victory.key_point_holder(s) == ""  # turn 1
    s = msgspec.structs.replace(s, turn=3)
    assert victory.key_point_holder(s) == "french"
    assert victory.morale(s, "french") == s.morale_start["french"] + 10
    near = put(s, "jaeger-1", x=45.5, y=65.0)  # 19.5 - 1.25 cm from the key point
    assert victory.key_point_holder(near) == ""
    small = msgspec.structs.replace(near, scenario=msgspec.structs.replace(near.scenario, scale_15mm=True))
    assert victory.key_point_holder(small) == "french"


def test_scenario_4_the_perimeter_is_worth_20_less_1_an_intruder():
    """«Защитник имеет дополнительные 20 Очков Морали за оборонительный периметр, но теряет по 1 очку за
    каждого врага, который вторгается в пределы периметра»."""
    s = load("assault")
    assert s.morale_start["british"] == 24 + 20
    s = put(put(s, "warrior-1", x=60.0, y=60.0), "warrior-2", x=62.0, y=62.0)
    assert victory.intruders(s) == 2 and victory.morale(s, "british") == 24 + 18

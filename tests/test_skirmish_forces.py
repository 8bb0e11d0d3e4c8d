"""Seed 001 §Appendix I (Дополнение I: formats and deployment), §Special rules (leaders and extras),
§Ambushes (markers per points), §Scenario 1: Key point, §Scenario 4: Assault; the scenario files."""

from __future__ import annotations

import tomllib
from pathlib import Path

import msgspec
import pytest

from adjudicator.rulesets.skirmish import forces, setup
from events.skirmish import Placement
from test_skirmish_support import TABLES, board, codes, fig

SCENARIOS = Path(__file__).resolve().parent.parent / "adjudicator" / "rulesets" / "skirmish" / "scenarios"


def scenario(name):
    return tomllib.loads((SCENARIOS / f"{name}.toml").read_text(encoding="utf-8"))


def company(n=10, profile="prussian", sergeant="prussian-sergeant", **extra):
    figs = [{"id": "sgt", "profile": sergeant}] + [{"id": f"m{i}", "profile": profile} for i in range(n)]
    return {"id": "side", "format": "small", "figures": figs, **extra}


def test_small_format_250_points_one_company_with_one_sergeant():
    """«Маленький формат. Под командованием каждого игрока один Отряд. Бюджет – 250 очков ... В Отряде
    обязан быть Сержант. Офицер может быть добавлен по желанию»."""
    assert forces.validate_force(TABLES, company()) == []
    assert forces.points(TABLES, company()) == 20 + 10 * 10
    assert codes(forces.validate_force(TABLES, company(n=24))) == ["force/points"]
    no_sgt = company(sergeant="prussian")
    assert codes(forces.validate_force(TABLES, no_sgt)) == ["force/sergeant"]
    two = company()
    two["figures"].append({"id": "m99", "profile": "prussian", "company": "other"})
    assert "force/companies" in codes(forces.validate_force(TABLES, two))


def test_at_most_one_officer_a_company_outstanding_for_five_points():
    """§Officer «Опциональный лидер ..., не более 1 на Отряд ... Офицер может быть Выдающимся (+5 очков
    стоимости)»."""
    side = company()
    side["figures"] += [{"id": "lt", "profile": "prussian-officer", "extras": ["outstanding"]}]
    assert forces.validate_force(TABLES, side) == []
    assert forces.points(TABLES, side) == 120 + 26 + 5
    side["figures"] += [{"id": "lt2", "profile": "prussian-officer"}]
    assert "force/officers" in codes(forces.validate_force(TABLES, side))
    bad = company()
    bad["figures"][1]["extras"] = ["outstanding"]
    assert "force/outstanding" in codes(forces.validate_force(TABLES, bad))


def test_medium_format_500_points_250_on_the_main_company_an_officer_required():
    """«Средний формат ... Бюджет – 500 очков ... Минимум 250 очков должны быть потрачены на бойцов
    основного Отряда. Обязателен Офицер ... и Сержант основного Отряда. Бойцы из Отрядов усиления могут
    взять Сержантов»."""
    side = company(n=23, format="medium")
    side["format"] = "medium"
    assert codes(forces.validate_force(TABLES, side)) == ["force/officer"]
    side["figures"].append({"id": "lt", "profile": "prussian-officer"})
    side["figures"] += [{"id": f"j{i}", "profile": "jaeger", "company": "jaeger"} for i in range(5)]
    assert forces.validate_force(TABLES, side) == []  # the support company needs no Sergeant
    small_core = company(n=5, format="medium")
    small_core["figures"] += [{"id": "lt", "profile": "prussian-officer"}]
    small_core["figures"] += [{"id": f"j{i}", "profile": "jaeger", "company": "jaeger"} for i in range(15)]
    assert "force/core" in codes(forces.validate_force(TABLES, small_core))


def test_large_format_needs_a_senior_officer_as_commander_and_a_sergeant_a_company():
    """«Большой формат ... Бюджет – 1000 очков ... Каждый Отряд должен иметь Сержанта ... Необходим
    Старший Офицер, который будет Главнокомандующим»."""
    figs = [{"id": f"{c}-sgt", "profile": "prussian-sergeant", "company": c} for c in ("a", "b")]
    figs += [{"id": f"{c}{i}", "profile": "prussian", "company": c} for c in ("a", "b") for i in range(20)]
    side = {"id": "side", "format": "large", "figures": figs}
    assert codes(forces.validate_force(TABLES, side)) == ["force/commander"]
    side["figures"].append({"id": "gen", "profile": "prussian-officer", "company": "a", "extras": ["senior-officer", "stubborn"]})
    assert forces.validate_force(TABLES, side) == []
    assert forces.points(TABLES, side) == 40 + 400 + 26 + 30
    wrong = company()
    wrong["figures"].append({"id": "gen", "profile": "prussian-officer", "extras": ["senior-officer"]})
    assert "force/senior" in codes(forces.validate_force(TABLES, wrong))


def test_one_hero_in_an_army_for_40_points_lances_for_riders_only():
    """§Hero «Один из бойцов в армии может стать Героем за +40 очков ... имеет СД 1/1/1 и Б=6»;
    *Cavalry lance «Дается только верховым бойцам за +3 очка»."""
    side = company(n=5)
    side["figures"][1]["extras"] = ["hero"]
    assert forces.validate_force(TABLES, side) == [] and forces.points(TABLES, side) == 20 + 50 + 40
    side["figures"][2]["extras"] = ["hero"]
    assert "force/hero" in codes(forces.validate_force(TABLES, side))
    side["figures"][2]["extras"] = ["lance"]
    assert "force/lance" in codes(forces.validate_force(TABLES, side))


def test_a_light_gun_30_points_3_to_6_crew_one_canister_for_two_balls():
    """§Light cannon «Цена. 30 очков за само орудие. Расчет. От 3 до 6 артиллеристов ... Ядро стоит 10
    очков, заряд картечи стоит 15 очков. Не более 1 заряда картечи должно приходиться на каждые 2 ядра»;
    §Crew «Элита (15 очков за бойца) ... Обученные (10 ...) ... Иррегулярные (5 ...)»."""
    gun = {"id": "gun", "crew": ["c1", "c2", "c3"], "crew_class": "elite", "balls": 2, "canister": 1}
    side = company(n=2, guns=[gun])
    assert forces.validate_force(TABLES, side) == []
    assert forces.gun_points(TABLES, gun) == 30 + 3 * 15 + 2 * 10 + 15
    assert "force/canister" in codes(forces.validate_force(TABLES, company(n=2, guns=[{**gun, "balls": 1}])))
    assert "force/crew-size" in codes(forces.validate_force(TABLES, company(n=2, guns=[{**gun, "crew": ["c1", "c2"]}])))
    assert "force/gun-size" in codes(forces.validate_force(TABLES, company(n=2, guns=[{**gun, "size": "medium"}])))


def test_deploying_three_at_a_time_within_30_cm_of_ones_edge_scouts_45():
    """«Игроки выставляют по 3 фигуры за раз, не далее чем в 30см от своего края стола. Исключение:
    Разведчики – их можно ставить в 45см от края стола»."""
    s = board({"id": "a", "side": "red", "profile": "zouave"}, {"id": "b", "side": "red", "profile": "zouave"},
              {"id": "c", "side": "red", "profile": "zouave"}, {"id": "d", "side": "red", "profile": "zouave"},
              {"id": "j", "side": "red", "profile": "jaeger"}, fig("p", "blue", "prussian", (10, 110)), phase="deployment")
    s = msgspec.structs.replace(s, phase="deployment")
    four = [Placement(figure=f, at=(10 + 5 * i, 10)) for i, f in enumerate("abcd")]
    assert codes(forces.check_deploy(s, "red", four)) == ["deploy/too-many"]
    assert codes(forces.check_deploy(s, "red", [Placement(figure="a", at=(10, 31))])) == ["deploy/zone"]
    assert forces.check_deploy(s, "red", [Placement(figure="j", at=(10, 44))]) == []
    assert forces.check_deploy(s, "red", four[:3]) == []


@pytest.mark.parametrize("name", ["key-point", "assault"])
def test_the_scenarios_forces_are_built_and_set_up_by_the_rules(name):
    """Both scenarios' forces of our own obey the force rules of their formats, and their set-ups the
    deployment rules (Scenario 4: the defender inside the perimeter, the attacker within 30 cm of the
    edges, from two directions at least; its terrain clear of the position)."""
    data = scenario(name)
    for side in data["sides"]:
        assert forces.validate_force(TABLES, side) == [], side["id"]
    state = setup.initial_state(data, TABLES, name)
    assert forces.validate_deployment(state) == []
    assert forces.validate_terrain(state) == []
    from adjudicator.rulesets.skirmish.groups import validate_group
    assert all(validate_group(state, g) == [] for g in state.groups.values())
    # Scenario 4's Zulu riflemen are set up by their player, in the open or under ambush markers
    assert state.phase == ("deployment" if name == "assault" else "initiative")
    assert {f.id for f in state.figures.values() if f.status == "reserve"} == \
        ({f"rifle-{i}" for i in range(1, 7)} if name == "assault" else set())


def test_scenario_4_builds_the_attacker_to_medium_the_defender_to_small():
    """«Атакующий игрок набирает армию на Средний формат, а защитник укрепленной позиции – на Маленький»."""
    data = scenario("assault")
    formats = {s["id"]: s["format"] for s in data["sides"]}
    assert formats == {"british": "small", "zulus": "medium"}
    state = setup.initial_state(data, TABLES, "assault")
    assert state.scenario.points == {"british": 227, "zulus": 488}
    assert forces.markers_allowed(TABLES, data["sides"][0]) == 4 and forces.markers_allowed(TABLES, data["sides"][1]) == 8


def test_scenario_4_the_attacker_must_come_from_two_directions():
    """«При этом он ОБЯЗАН наступать минимум с двух направлений»."""
    data = scenario("assault")
    zulus = data["sides"][1]
    for f in zulus["figures"]:
        if "at" in f:
            f["at"] = [min(f["at"][0], 28.0), f["at"][1] if f["at"][1] < 100 else 60.0]
    state = setup.initial_state(data, TABLES, "assault")
    assert "deploy/directions" in codes(forces.validate_deployment(state))


def test_scenario_4_perimeter_and_cover_clearances():
    """«периметр не превышал 20% периметра всего игрового стола ... элементы, дающие мягкое укрытие не
    должны быть ближе 25см от позиции, а элементы, дающие прочное укрытие, не должны быть ближе 40см»."""
    data = scenario("assault")
    data["areas"].append({"id": "scrub", "kind": "rocks", "points": [[80, 55], [90, 55], [90, 65], [80, 65]]})
    data["areas"][0]["points"] = [[40, 40], [82, 40], [82, 82], [40, 82]]
    state = setup.initial_state(data, TABLES, "assault")
    found = codes(forces.validate_terrain(state))
    assert "scenario/perimeter" in found and "scenario/cover-near" in found


def test_scenario_1_sides_may_not_share_an_edge():
    """«игроки НЕ ОБЯЗАНЫ расставляться на противоположных краях стола – могут расставляться и на
    соседних, но тогда они не могут выставлять бойцов в пересекающихся участках зон расстановки»."""
    data = scenario("key-point")
    data["sides"][1]["edges"] = ["east"]
    for f in data["sides"][1]["figures"]:
        f["at"] = [80.0, f["at"][1] - 40.0]
    state = setup.initial_state(data, TABLES, "key-point")
    found = codes(forces.validate_deployment(state))
    assert "deploy/zone" in found  # the corner where the zones overlap is nobody's

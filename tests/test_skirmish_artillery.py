"""Seed 001 §Artillery (АРТИЛЛЕРИЯ): §God of war, §Crew, §Ammunition, §Light cannon, §Firing ball,
§Canister, §Counter-battery fire."""

from __future__ import annotations

import msgspec

from adjudicator.rulesets.skirmish import actions, artillery
from test_skirmish_support import Dice, activate, board, codes, fig, put

GUN = {"id": "gun", "at": [60, 20], "ammo": [60, 12], "facing": 90.0, "crew": ["c1", "c2", "c3"],
       "crew_at": [[56, 20], [64, 20], [60, 16.5]], "balls": 2, "canister": 1}


def battery(*enemies, loaded="", **kw):
    s = board(*enemies, guns=(GUN,), **kw)
    return msgspec.structs.replace(s, guns={"gun": msgspec.structs.replace(s.guns["gun"], loaded=loaded)})


def test_a_gun_starts_unloaded_and_takes_six_reload_actions_in_stages():
    """«Пушка всегда начинает игру незаряженной»; «Заряжание. Требуется 6 действий, чтобы перезарядить
    легкое орудие»; §Reloading: in several stages."""
    s = board(fig("p", "blue", "prussian", (60, 100)), guns=(GUN,))
    assert s.guns["gun"].loaded == ""
    for round_ in range(2):
        s = activate(s, "gun", "reload", "reload", "reload")
        for i in range(3):
            ammo = "ball" if round_ == 1 and i == 2 else ""
            assert artillery.validate_reload(s, "red", "gun", ammo) == []
            s = artillery.reload(s, "gun", ammo).state
        s = msgspec.structs.replace(s, acted=(), commands={**s.commands, "red": msgspec.structs.replace(s.commands["red"], ap=18)})
    assert s.guns["gun"].loaded == "ball" and s.guns["gun"].balls == 1


def test_the_crew_must_be_within_3_cm_and_fights_as_a_group_without_leader_when_serving_it():
    """§Crew «Дабы вести огонь, расчет должен находиться в пределах 3см от орудия. Артиллеристы могут
    ... действовать как группа без лидера, но только в случае если они обслуживают орудие»."""
    s = battery(fig("p", "blue", "prussian", (60, 100)))
    assert {f.id for f in actions.crew_of(s, "gun")} == {"c1", "c2", "c3"}
    assert actions.cost(s, "gun", ["reload", "reload", "reload"]) == 6  # trained crew, AV 1/2/3, pay as one
    away = s
    for c in ("c1", "c2", "c3"):
        away = put(away, c, y=40.0)
    assert codes(actions.declaration_violations(away, "red", "gun", ["reload"])) == ["activation/no-crew"]
    assert codes(actions.declaration_violations(s, "red", "gun", ["aim"])) == ["activation/gun"]


def test_a_gun_turns_90_degrees_for_two_actions():
    """«За каждые 2 действия пушка может поворачиваться на месте вплоть до 90 градусов» (ruling S26)."""
    s = activate(battery(fig("p", "blue", "prussian", (60, 100))), "gun", "turn", "turn")
    assert codes(artillery.check_turn(s, "red", "gun", 180.0)) == ["gun/turn"]
    assert artillery.check_turn(s, "red", "gun", 135.0) == []
    s = artillery.turn(s, "gun", 135.0).state
    s = artillery.turn(s, "gun", 180.0).state
    assert s.guns["gun"].facing == 180.0


def test_ball_hits_like_aimed_fire_ignoring_cover_then_ploughs_a_4d6_strip():
    """«Выберите цель ... в пределах фронтальной проекции пушки ... Кидайте 3d6 (пушка всегда считается
    прицеливавшейся) ... Укрытия при стрельбе ядром игнорируются ... бросьте 4d6. Это – длина зоны
    поражения в сантиметрах ... начинается от подставки цели и имеет ширину 4см ... Каждый, кто хоть
    частично задевает зону поражения, кидает d6. На 4+ они спаслись. Иначе гибнут. Бойцы, прячущиеся в
    прочном укрытии, спасаются на 3+» — T001-12."""
    woods = ({"id": "wood", "kind": "woods", "points": [[50, 85], [70, 85], [70, 100], [50, 100]]},)
    s = battery(fig("p1", "blue", "prussian", (60, 80)), fig("p2", "blue", "prussian", (61, 88)),
                fig("p3", "blue", "prussian", (60, 110)), fig("off", "blue", "prussian", (80, 80)),
                loaded="ball", areas=woods)
    s = activate(s, "gun", "shoot")
    assert codes(artillery.check_fire(s, "red", "gun", "off", "")) == ["gun/front"]
    assert artillery.check_fire(s, "red", "gun", "p1", "") == []
    # 57.5 cm from the muzzle: effective (7+); 3d6 = 9: a hit; 4d6 = 14 cm of strip from p1's base:
    # p1 (the open) saves on 4+: 3, killed; p2 (hard cover, the wood) on 3+: 3, saved; p3 is 30 cm on
    dice = Dice(3, 3, 3, 3, 3, 4, 4, 3, 3)
    out = artillery.fire(s, "red", "gun", "p1", dice)
    assert dice.done(), dice.faces
    st = out.state
    assert st.figures["p1"].status == "out" and st.figures["p2"].status == "ok" and st.figures["p3"].status == "ok"
    assert st.guns["gun"].loaded == ""
    miss = artillery.fire(s, "red", "gun", "p1", Dice(1, 2, 3)).state
    assert miss.figures["p1"].status == "ok" and miss.guns["gun"].loaded == ""


def test_a_gun_has_no_extreme_range():
    """«Эффективная дальность стрельбы равна 60см. Не стреляет на Предельную дистанцию»."""
    s = activate(battery(fig("far", "blue", "prussian", (60, 150)), loaded="ball", size=200.0), "gun", "shoot")
    assert codes(artillery.check_fire(s, "red", "gun", "far", "")) == ["gun/range"]


def test_canister_strikes_everyone_within_30_cm_in_a_90_degree_arc():
    """«При выстреле она автоматически задевает все цели, расположенные в 30см и в пределах 90-градусной
    арки, направленной из жерла орудия. Каждый, кто хоть частично задет, кидает d6. На 4+ жертва
    спаслась. Иначе гибнет»."""
    s = battery(fig("a", "blue", "prussian", (60, 45)), fig("b", "blue", "prussian", (75, 40)),
                fig("c", "blue", "prussian", (60, 60)), fig("d", "blue", "prussian", (95, 25)), loaded="canister")
    s = activate(s, "gun", "shoot")
    assert artillery.check_fire(s, "red", "gun", "", "") == []
    dice = Dice(4, 1)  # a saves, b dies; c is beyond 30 cm, d outside the arc
    st = artillery.fire(s, "red", "gun", "", dice).state
    assert dice.done() and st.figures["a"].status == "ok" and st.figures["b"].status == "out"


def test_canister_over_friends_needs_an_officers_order():
    """«Если в зоне поражения есть дружественные бойцы, то нужно присутствие офицера, который приказал бы
    артиллеристам стрелять в любом случае» (ruling S28)."""
    s = battery(fig("friend", "red", "zouave", (60, 35)), fig("lt", "red", "zouave-officer", (70, 20)),
                fig("a", "blue", "prussian", (60, 45)), loaded="canister")
    s = activate(s, "gun", "shoot")
    assert codes(artillery.check_fire(s, "red", "gun", "", "")) == ["gun/friends"]
    assert artillery.check_fire(s, "red", "gun", "", "lt") == []


def test_counter_battery_the_gun_saves_on_3_the_crew_4_the_ammunition_5_or_it_explodes():
    """«Если пушка стреляет в другую пушку, то задетой может оказаться и пушка, и расчет. Расчет
    спасается на 4+, орудие на 3+. Если задета амуниция, то она спасается на 5+. Иначе происходит подрыв
    амуниции – все бойцы в 20см от маркера должны считаются получившими попадание из стрелкового оружия
    (т.е. спасброски Лидеров работают)»."""
    enemy = {"id": "egun", "side": "blue", "at": [60, 70], "ammo": [60, 78], "facing": 270.0, "crew": ["e1", "e2", "e3"],
             "crew_at": [[56, 70], [64, 70], [61, 74.5]], "balls": 1}
    s = board(fig("p", "blue", "prussian", (70, 82)), guns=(GUN, enemy))
    s = msgspec.structs.replace(s, guns={**s.guns, "gun": msgspec.structs.replace(s.guns["gun"], loaded="ball")})
    s = activate(s, "gun", "shoot")
    assert artillery.check_fire(s, "red", "gun", "egun", "") == []
    # 3d6 = 12: a hit; 4d6 = 12 cm from egun's base: egun, e3 and the ammunition are in the strip;
    # e3 saves 5 (4+); egun 2 (3+): destroyed; the ammunition 4 (5+): it explodes; everyone within
    # 20 cm of it takes a small-arms hit in id order: e1 2, e2 2, e3 5 (out), p 1
    dice = Dice(4, 4, 4, 3, 3, 3, 3, 5, 2, 4, 2, 2, 5, 1)
    out = artillery.fire(s, "red", "gun", "egun", dice)
    assert dice.done(), (dice.faces, out.lines)
    st = out.state
    assert st.guns["egun"].status == "destroyed" and st.guns["egun"].ammo == "exploded"
    assert st.figures["e3"].status == "out" and st.figures["e1"].status == "suppressed"
    assert st.figures["p"].status == "suppressed"


def test_the_ammunition_marker_stands_within_10_cm_of_its_gun():
    """§Ammunition «В 10см от каждого орудия должен располагаться маркер амуниции»."""
    from adjudicator.rulesets.skirmish import forces

    s = battery(fig("p", "blue", "prussian", (60, 100)))
    assert "deploy/ammo" not in codes(forces.validate_deployment(s))
    far = msgspec.structs.replace(s, guns={"gun": msgspec.structs.replace(s.guns["gun"], ammo_y=5.0)})
    assert "deploy/ammo" in codes(forces.validate_deployment(far))

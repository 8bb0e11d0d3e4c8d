"""Seed 000 §3 (turn sequence) and §4 (initiative, activation, re-activation, pre-emption)."""

from __future__ import annotations

import msgspec

from events.core import OrdersSealed, OrdersUnsealed
from events.paris import Activate, EndActivation, EndMoves, NoPreempt, Pass, Preempt, Reactivate
from adjudicator import sealed
from adjudicator.rulesets.paris import sequence
from test_paris_helpers import codes, new_state, post, posted, standing

SALT = bytes(range(32))


def opened(orders_h: dict, orders_c: dict, faces=()):
    """Both sides seal and then open their turn-1 orders (§3.1)."""
    s = new_state()
    lines = {"huguenot": tuple(f"{w} {o}" for w, o in orders_h.items()),
             "catholic": tuple(f"{w} {o}" for w, o in orders_c.items())}
    for side in ("huguenot", "catholic"):
        s = post(s, side, OrdersSealed(label=f"t1-{side}", commitment=sealed.commitment("t", side, lines[side], SALT)))
    s = post(s, "huguenot", OrdersUnsealed(label="t1-huguenot", salt=SALT.hex(), orders=lines["huguenot"]))
    s = post(s, "catholic", OrdersUnsealed(label="t1-catholic", salt=SALT.hex(), orders=lines["catholic"]), faces)
    return s


def test_turn_one_orders_are_secret_and_revealed_together():
    """§3.1 «Каждый из игроков секретно выбирает приказы для каждого из своих крыльев ... Они
    одновременно открываются» — each side secretly picks an order per wing; they are revealed together."""
    s = new_state()
    lines = ("conde attack", "coligny march", "rochefoucault rally")
    s = post(s, "huguenot", OrdersSealed(label="h", commitment=sealed.commitment("t", "huguenot", lines, SALT)))
    assert codes(s, "huguenot", OrdersUnsealed(label="h", salt=SALT.hex(), orders=lines)) == ["orders/not-all-sealed"]
    assert codes(s, "huguenot", OrdersSealed(label="h2", commitment="ab" * 32)) == ["orders/sealed-twice"]
    s = opened({"conde": "attack", "coligny": "march", "rochefoucault": "rally"},
               {"montmorency": "attack", "st-andre": "march", "guise": "rally"}, faces=(7, 3))
    assert s.wings["coligny"].order == "march" and s.wings["guise"].order == "rally"
    assert s.phase == "select"


def test_orders_must_name_every_wing():
    s = new_state()
    for side in ("huguenot", "catholic"):
        s = post(s, side, OrdersSealed(label=side, commitment="ab" * 32))
    assert codes(s, "huguenot", OrdersUnsealed(label="huguenot", salt=SALT.hex(), orders=("conde attack",))) == ["orders/bad"]


def test_initiative_goes_to_the_side_with_more_wings_under_the_highest_order():
    """§4.1 «Игрок, который ходит первым, — это тот, у кого большинство крыльев под приказом с
    наивысшим приоритетом» — the first player has the most wings under the highest-priority order."""
    s = opened({"conde": "attack", "coligny": "attack", "rochefoucault": "march"},
               {"montmorency": "attack", "st-andre": "march", "guise": "rally"})
    assert s.first == "huguenot" and s.to_play == "huguenot"


def test_initiative_tie_goes_to_the_better_leader_then_to_the_dice():
    """§4.1 «В случае ничьей сторона с лучшим лидером начинает первой. Если и здесь ничья, игроки
    бросают кубики, ходит первым тот, у кого больший бросок» — tie: the better leader; still tied: both
    roll, high goes first (ruling R29: tied rolls are rolled again)."""
    from adjudicator.draft import Draft
    from adjudicator.rulesets.paris.state import BOARD

    s = new_state()  # every wing starts under Attack!: three against three
    weaker = msgspec.structs.replace(s, leaders={**s.leaders, "guise": msgspec.structs.replace(s.leaders["guise"], rating=1)})
    d = Draft(weaker, None, BOARD)
    sequence.initiative(d)
    assert d.s.first == "huguenot"  # Condé 2 against Montmorency, St André and Guise at 1
    from test_paris_helpers import FixedDice

    d = Draft(s, FixedDice([2, 2, 3, 8]), BOARD)
    sequence.initiative(d)
    assert d.s.first == "catholic"  # 2-2 tied, then 3 against 8


def _run(s, plan):
    """Activate the wings of `plan` in turn, each ending its activation at once; return who played."""
    s = standing(standing(s, "huguenot", preempt="never"), "catholic", preempt="never")
    played = []
    for wing in plan:
        assert s.phase == "select", s.phase
        side = s.to_play
        played.append((side, wing))
        s = post(s, side, Activate(wing=wing))
        s = post(s, side, EndActivation())
    return s, played


def test_worked_example_activation_order():
    """§4.2 «игрок А имеет два крыла с приказом «Атака!» и одно крыло с приказом «Марш». Игрок Б имеет
    крыло с приказом «Атака!»; одно с приказом «Марш» и еще одно с приказом «Сбор». Игрок А — первый
    игрок ... он активирует свое первое крыло с приказом «Атака!», затем игрок Б активирует свое крыло
    с приказом «Атака!» и игрок А активирует свое второе крыло ... затем игрок Б активирует свое крыло
    с приказом «Марш» и т.д." — A: Att, Att, March; B: Att, March, Rally: A-Att, B-Att, A-Att, B-March, A-March, B-Rally."""
    s = opened({"conde": "attack", "coligny": "attack", "rochefoucault": "march"},
               {"montmorency": "attack", "st-andre": "march", "guise": "rally"})
    s, played = _run(s, ["conde", "montmorency", "coligny", "st-andre", "rochefoucault", "guise"])
    assert played == [("huguenot", "conde"), ("catholic", "montmorency"), ("huguenot", "coligny"),
                      ("catholic", "st-andre"), ("huguenot", "rochefoucault"), ("catholic", "guise")]


def test_worked_example_variant_three_attack_wings():
    """§4.2 «Если бы игрок А имел три крыла с приказом «Атака!», он активировал бы свое второе и третье
    крыло прежде, чем игрок Б смог бы активировать свое крыло с приказом «Марш»» — with three Attack!
    wings, A activates the second and third before B may activate his March wing."""
    s = opened({"conde": "attack", "coligny": "attack", "rochefoucault": "attack"},
               {"montmorency": "attack", "st-andre": "march", "guise": "rally"})
    s, played = _run(s, ["conde", "montmorency", "coligny", "rochefoucault", "st-andre", "guise"])
    assert [p[0] for p in played] == ["huguenot", "catholic", "huguenot", "huguenot", "catholic", "catholic"]


def test_a_wing_cannot_activate_before_higher_priority_wings():
    """§4.2 «крыло не может быть активировано раньше крыльев с более высоким приоритетом»."""
    s = opened({"conde": "attack", "coligny": "attack", "rochefoucault": "march"},
               {"montmorency": "attack", "st-andre": "march", "guise": "rally"})
    assert codes(s, "huguenot", Activate(wing="rochefoucault")) == ["activate/priority"]
    assert codes(s, "catholic", Activate(wing="montmorency")) == ["activate/not-yours"]


def test_two_passes_in_succession_end_the_activation_phase():
    """§3.2 «Эта фаза повторяется, пока все крылья не были активированы или оба игрока не спасовали
    подряд» — the phase ends when all wings have activated or both players pass in succession."""
    s = opened({"conde": "attack", "coligny": "attack", "rochefoucault": "march"},
               {"montmorency": "attack", "st-andre": "march", "guise": "rally"})
    s = post(s, "huguenot", Pass())
    assert s.to_play == "catholic" and s.turn == 1
    s = post(s, "catholic", Pass(), faces=())
    assert s.turn == 2 and s.phase == "select"  # initiative for turn 2 decided on wings (no roll needed)


def _activated(faces=()):
    s = opened({"conde": "attack", "coligny": "attack", "rochefoucault": "march"},
               {"montmorency": "attack", "st-andre": "march", "guise": "rally"})
    s = post(s, "huguenot", Activate(wing="conde"))
    assert s.phase == "preempt"
    return s


def test_successful_preemption_puts_the_preempted_wing_en_attente():
    """§4.4 «Крыло, активация которого упреждена, маркируется «En attente» и будет активировано
    немедленно после активации крыла, которое упредило его» — the pre-empted wing waits and activates
    right after the pre-empting one."""
    s = _activated()
    s, told = posted(s, "catholic", Preempt(wing="montmorency"), faces=(3,))  # 3 - 1 = 2 <= 5 (provisional)
    assert s.active_wing == "montmorency" and s.wings["conde"].waiting and s.phase == "act"
    assert "preemption" in told.provisional
    s = post(s, "catholic", EndActivation())
    assert s.active_wing == "conde" and s.phase == "act"


def test_a_preemption_cannot_be_preempted():
    """§4.4 «Примечание: упреждение нельзя упредить» — a pre-emption cannot be pre-empted."""
    s = _activated()
    s = post(s, "catholic", Preempt(wing="montmorency"), faces=(0,))
    assert codes(s, "huguenot", Preempt(wing="coligny")) == ["preempt/not-now"]
    assert "§4.4" in str(__import__("test_paris_helpers").refuse(s, "huguenot", Preempt(wing="coligny"))[0])


def test_failed_preemption_marks_sans_reactivation():
    """§4.4 «Если попытка упреждения не имеет успеха, командир маркируется «Sans réactivation» и не может
    делать попытку повторной активации. Лидер с маркером «Sans réactivation» не может делать попытку
    упреждения» — a failed attempt marks the leader: no re-activation, no further pre-emption."""
    s = _activated()
    s = post(s, "catholic", Preempt(wing="montmorency"), faces=(9,))  # 9 - 1 = 8 > 5
    assert s.wings["montmorency"].no_reactivation and s.active_wing == "conde"
    s = post(s, "huguenot", EndActivation())
    # montmorency activates (priority) and may not try to re-activate
    s = standing(s, "huguenot", preempt="never")
    s = post(s, "catholic", Activate(wing="montmorency"))
    s = post(s, "catholic", EndMoves())
    assert s.phase == "select" and s.wings["montmorency"].done


def test_reactivation_success_and_failure():
    """§4.3 «Если результат меньше или равен определенному числу, крыло активировано еще раз. Если
    попытка провалилась, фишка командира переворачивается на сторону «Активировался»»."""
    s = _activated()
    s = post(s, "catholic", NoPreempt())
    s = post(s, "huguenot", EndMoves())
    assert s.phase == "reactivate"
    s2 = post(s, "huguenot", Reactivate(), faces=(0,))
    assert s2.active_wing == "conde" and s2.reactivated and s2.phase == "preempt"
    s3 = post(s, "huguenot", Reactivate(), faces=(9,))
    assert s3.wings["conde"].done and s3.phase == "select" and s3.to_play == "catholic"


def test_a_reactivated_wing_that_is_preempted_is_finished():
    """§4.4 «Крыло, активировавшееся повторно, может быть упреждено и не трактуется как «En attente», но
    как «закончившее»» — a re-activated wing that is pre-empted is finished, not waiting."""
    s = _activated()
    s = post(s, "catholic", NoPreempt())
    s = post(s, "huguenot", EndMoves())
    s = post(s, "huguenot", Reactivate(), faces=(0,))
    s = post(s, "catholic", Preempt(wing="montmorency"), faces=(0,))
    assert s.wings["conde"].done and not s.wings["conde"].waiting and s.active_wing == "montmorency"


def test_rally_wings_do_not_reactivate():
    """§4.3 «Игрок может попытаться повторно активировать активированное крыло (с приказом «Атака!» или «Марш»)»."""
    s = opened({"conde": "rally", "coligny": "rally", "rochefoucault": "rally"},
               {"montmorency": "rally", "st-andre": "rally", "guise": "rally"}, faces=(5, 2))
    side = s.to_play
    wing = sequence.allowed_wings(s, side)[0].id
    s = post(s, side, Activate(wing=wing))
    s = post(s, side, EndMoves())
    assert s.phase == "select" and s.wings[wing].done


def test_end_of_turn_turns_leaders_and_artillery_face_up():
    """§3.4 «Лидеры и артиллерия переворачиваются лицевой стороной вверх»."""
    s = opened({"conde": "attack", "coligny": "attack", "rochefoucault": "march"},
               {"montmorency": "attack", "st-andre": "march", "guise": "rally"})
    units = {**s.units, "hug-art-1": msgspec.structs.replace(s.units["hug-art-1"], fired=True)}
    s = msgspec.structs.replace(s, units=units)
    s = post(s, "huguenot", Pass())
    s = post(s, "catholic", Pass())
    assert s.turn == 2 and not s.units["hug-art-1"].fired and not any(w.done for w in s.wings.values())


def test_the_game_lasts_ten_turns():
    """§14.1 «Продолжительность: 10 туров»."""
    s = opened({"conde": "attack", "coligny": "attack", "rochefoucault": "march"},
               {"montmorency": "attack", "st-andre": "march", "guise": "rally"})
    for _ in range(10):
        s = post(s, s.to_play, Pass())
        if s.phase != "over":
            s = post(s, s.to_play, Pass())
    assert s.phase == "over" and s.result.startswith("draw after 10 turns")


def test_after_a_pass_the_other_side_activates_its_own_best_wing():
    """§3.2 passing (ruling R11): the passer's higher-priority wings do not hold the other side back."""
    s = opened({"conde": "attack", "coligny": "attack", "rochefoucault": "march"},
               {"montmorency": "march", "st-andre": "march", "guise": "rally"})
    assert codes(s, "catholic", Activate(wing="montmorency")) == ["activate/not-yours"]
    s = post(s, "huguenot", Pass())
    assert codes(s, "catholic", Activate(wing="montmorency")) == []
    assert codes(s, "catholic", Activate(wing="guise")) == ["activate/priority"]


def test_a_wing_may_try_again_after_each_successful_reactivation():
    """§3.2 Д «Если это имеет успех, вернитесь к A выше» (ruling R12: the loop goes on until a failure)."""
    s = _activated()
    s = post(s, "catholic", NoPreempt())
    for _ in range(3):
        s = post(s, "huguenot", EndMoves())
        s = post(s, "huguenot", Reactivate(), faces=(0,))
        s = post(s, "catholic", NoPreempt())
    assert s.active_wing == "conde" and s.wings["conde"].activations == 4

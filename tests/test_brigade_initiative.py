"""Seed 003 §4.1 (initiative) and §5.2/§5.3 (skills): each case quotes the rule."""

from __future__ import annotations

from events import brigade as ev
from adjudicator.rulesets.brigade import RULESET, initiative
from test_brigade_helpers import FakeDice, apply, codes, created, edit, force_said, said, with_orders


def test_seed_example_picton_10_against_foy_7_and_foy_moves_first():
    """§4.1: «Пиктон выкинул на кубиках 8, добавляет +1 за Одаренность как Главком и +1 за то, что он
    Британец ... 10. Средний по качеству Фой выкинул 6 ... он Француз и имеет модификатор +1 ... 7.
    Пиктон ... отдает Инициативу в руки противника: Фой ходит первым.»
    (Picton rolls 8, +1 Gifted, +1 British = 10; Foy, Average, rolls 6, +1 French = 7; Picton hands
    the initiative to Foy, who moves first.)"""
    s = with_orders()
    dice = FakeDice((5, 3), (2, 4))
    s, lines = said(s, "british", ev.RollInitiative(), dice)
    assert lines[0] == ("initiative: British (Picton) 8 +1 (british CinC) +1 (gifted CinC) = 10 against "
                        "French (Foy) 6 +1 (french CinC) = 7")
    assert s.initiative_winner == "british"
    assert [a[2] for a in dice.asked] == ["british", "french"]
    assert codes(s, "french", ev.ChooseInitiative(take=True)) == ["choose-initiative/not-yours"]
    s = apply(s, "british", ev.ChooseInitiative(take=False))
    assert s.phasing == "french" and s.phase == "command"


def test_modifiers_are_nationality_and_skill():
    """§4.1: «Французский, Британский или «Поздний» Прусский Главнокомандующий +1; Одаренный +1;
    Средний Без модификатора; Неумелый -1» (French, British or Late Prussian CinC +1; Gifted +1;
    Average none; Inept -1)."""
    s = with_orders()
    assert initiative.modifiers(s, "british") == [("british CinC", 1), ("gifted CinC", 1)]
    assert initiative.modifiers(s, "french") == [("french CinC", 1)]
    s = edit(s, "generals", "foy", skill="inept")
    s = edit(s, "sides", "french", nationality="austrian")
    assert initiative.modifiers(s, "french") == [("inept CinC", -1)]


def test_lost_cinc_gives_minus_one_and_none_of_his_own_modifiers():
    """§4.1: «Если во время игры Главнокомандующий был удален из игры, то броски на Инициативу
    проводятся с модификатором -1 (за брошенную армию)» (a CinC removed from the game: -1, the abandoned
    army); the table's modifiers are «Качество Главнокомандующего», the CinC's own, and a lost one gives
    none (R31): Picton's 8 gives 7, a tie with Foy's 7, re-rolled."""
    s = with_orders()
    s = edit(s, "generals", "picton", fate="lost")
    s, lines = force_said(s, "british", ev.RollInitiative(), FakeDice((4, 4), (3, 3), (5, 5), (1, 1)))
    assert lines[0] == ("initiative: British (Picton) 8 -1 (CinC lost (abandoned army)) = 7 against "
                        "French (Foy) 6 +1 (french CinC) = 7 (tie: re-rolled)")
    assert lines[1].startswith("initiative: British (Picton) 10 -1 (CinC lost (abandoned army)) = 9 against ")
    assert s.initiative_winner == "british"


def test_a_wounded_cinc_keeps_his_modifiers():
    """§4.1, R31: only a CinC removed from the game («удален из игры») loses his modifiers; a wounded one
    returns in the command phase (§4.2) and still counts his nationality and skill."""
    s = edit(with_orders(), "generals", "picton", fate="wounded")
    s, lines = force_said(s, "british", ev.RollInitiative(), FakeDice((4, 4), (3, 3)))
    assert lines[0].startswith("initiative: British (Picton) 8 +1 (british CinC) +1 (gifted CinC) = 10 against ")


def test_ties_are_rerolled():
    """§4.1: «при равном результате перебрасывайте кубики до тех пор, пока не будет победителя»
    (on a tie, roll again until there is a winner)."""
    s = with_orders()
    dice = FakeDice((4, 3), (4, 4), (1, 1), (6, 6))  # 7+2=9 against 8+1=9: tie; then 2+2=4 against 12+1=13
    s = apply(s, "french", ev.RollInitiative(), dice)
    assert len(dice.asked) == 4
    assert s.initiative_winner == "french"


def test_initiative_is_rolled_once_at_the_start_of_the_turn():
    """§4.1: «В начале каждого хода, игроки бросают 2D6» (at the start of each turn)."""
    s = with_orders()
    s = apply(s, "british", ev.RollInitiative(), FakeDice((4, 4), (3, 3)))
    assert codes(s, "british", ev.RollInitiative()) == ["roll-initiative/not-now"]


def test_cinc_skill_by_d6():
    """§5.2: «бросьте 1Д6 ... 1 Неумелый; 2-5 Средний; 6 Одаренный» (1 Inept, 2-5 Average, 6 Gifted)."""
    t = RULESET.tables
    assert [initiative.skill_of(t, f) for f in range(1, 7)] == ["inept"] + ["average"] * 4 + ["gifted"]
    s = RULESET.setup(created(("cinc-skill-roll",)))
    assert s.phase == "skills"
    s = apply(s, "british", ev.RollSkills(), FakeDice((1,)))
    assert s.generals["picton"].skill == "inept"
    assert codes(s, "british", ev.RollSkills()) == ["roll-skills/not-yours"]
    s = apply(s, "french", ev.RollSkills(), FakeDice((6,)))
    assert s.generals["foy"].skill == "gifted" and s.phase == "orders"


def test_brigadier_skills_optional_rule():
    """§5.3: «Если оба игрока согласны, то проведите генерацию навыков своих Командующий Бригадами тем же
    образом» (if both players agree, brigadiers' skills are generated the same way)."""
    s = RULESET.setup(created())
    assert s.phase == "orders" and all(g.skill == "average" for g in s.generals.values() if g.role == "brigadier")
    s = RULESET.setup(created(("brigadier-skills",)))
    faces = [(1,), (6,), (3,), (2,), (5,), (4,)]
    s = apply(s, "british", ev.RollSkills(), FakeDice(*faces))
    brits = sorted((g for g in s.generals.values() if g.side == "british" and g.role == "brigadier"), key=lambda g: g.id)
    assert [g.skill for g in brits] == ["inept", "gifted", "average", "average", "average", "average"]
    assert s.generals["picton"].skill == "gifted"  # the historical CinC rating stays


def test_written_orders_sealed_before_the_skill_rolls_are_registered():
    """§5.2 «бросьте 1Д6 и сверьтесь с таблицей» (the CinC's skill by 1d6) and §5.5 (written orders before
    play) do not order the two; R32: orders sealed while the skills are still to roll count, and are opened
    once every skill is rolled and both sides have sealed."""
    from events.core import OrdersSealed, OrdersUnsealed
    from test_brigade_helpers import BRITISH_ORDERS, FRENCH_ORDERS

    s = RULESET.setup(created(("cinc-skill-roll",)))
    s, lines = said(s, "british", OrdersSealed(label="o-british", commitment="ab" * 32))
    assert s.sides["british"].orders_label == "o-british" and s.phase == "skills"
    assert "opened once every skill is rolled" in lines[0]
    assert codes(s, "british", OrdersSealed(label="again", commitment="cd" * 32)) == ["orders/sealed-twice"]
    assert codes(s, "british", OrdersUnsealed(label="o-british", salt="00" * 32, orders=BRITISH_ORDERS)) == \
        ["orders/reveal-early"]
    s = apply(s, "british", ev.RollSkills(), FakeDice((3,)))
    s = apply(s, "french", ev.RollSkills(), FakeDice((4,)))
    assert s.phase == "orders"  # the French have not sealed yet
    s = apply(s, "french", OrdersSealed(label="o-french", commitment="ef" * 32))
    assert s.phase == "orders-reveal"
    s = apply(s, "british", OrdersUnsealed(label="o-british", salt="00" * 32, orders=BRITISH_ORDERS))
    s = apply(s, "french", OrdersUnsealed(label="o-french", salt="00" * 32, orders=FRENCH_ORDERS))
    assert s.turn == 1 and s.brigades["kempt"].order is not None


def test_both_sides_sealed_before_the_rolls_open_right_after_them():
    """R32: with both sides' orders sealed before the last skill roll, the roll opens them."""
    from events.core import OrdersSealed

    s = RULESET.setup(created(("cinc-skill-roll",)))
    s = apply(s, "british", ev.RollSkills(), FakeDice((3,)))
    for side in ("british", "french"):
        s = apply(s, side, OrdersSealed(label=f"o-{side}", commitment="ab" * 32))
    assert s.phase == "skills"
    s = apply(s, "french", ev.RollSkills(), FakeDice((4,)))
    assert s.phase == "orders-reveal"

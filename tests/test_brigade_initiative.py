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


def test_lost_cinc_gives_minus_one():
    """§4.1: «Если во время игры Главнокомандующий был удален из игры, то броски на Инициативу
    проводятся с модификатором -1» (a CinC removed from the game: -1, the abandoned army).
    Picton's 8 would then give 9, and he still wins against Foy's 7."""
    s = with_orders()
    s = edit(s, "generals", "picton", fate="lost")
    s, lines = force_said(s, "british", ev.RollInitiative(), FakeDice((4, 4), (3, 3)))
    assert lines[0].startswith("initiative: British (Picton) 8 +1 (british CinC) +1 (gifted CinC) "
                               "-1 (CinC lost (abandoned army)) = 9 against ")
    assert s.initiative_winner == "british"


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

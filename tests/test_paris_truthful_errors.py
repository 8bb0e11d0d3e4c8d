"""Errors that tell the truth (issue 17): what a refusal, a roll's purpose and a ruling say is what
the rules and the game hold."""

from __future__ import annotations

import json

import pytest

from events.core import Ruling
from events.paris import Fire, Turn
from adjudicator.rulesets.paris.notation import VERBS
from conftest import LOGS
from test_paris_helpers import acting, new_state, only, place, post, posted, refuse, standing

FIRE = next(v for v in VERBS if v.words == "fire").parse


def gun_that_fired_defensively():
    """The royalist gun answers a league turn in its cone with defensive fire; then Montpensier's wing acts."""
    s = only(new_state("ivry-1590"), "gardes-francais", "nemours-lansq", "roy-art", "berling")
    s = place(s, "montpensier", "1312")
    s = place(s, "gardes-francais", "1312", "N")
    s = place(s, "nemours-lansq", "0710", "S")
    s = place(s, "roy-art", "1110", "N")
    s = place(s, "berling", "0410", "S")
    s = standing(acting(s, "nemours", order="attack"), "royalist", react="never")
    s = post(s, "league", Turn(unit="nemours-lansq", facing="SE"))
    assert s.window is not None and s.window.fire == ("roy-art",)
    s, told = posted(s, "royalist", Fire(unit="roy-art", target="nemours-lansq"), faces=(0,))
    assert any(line.startswith("defensive fire roy-art") for line in told.lines)
    return acting(s, "montpensier", order="attack")


def test_artillery_that_fired_defensively_is_not_said_to_have_fired_offensively():
    """§10.3 «Артиллерия: артиллерия может стрелять только один раз в тур, наступательным или
    оборонительным огнем; она переворачивается на сторону «Tiré» после стрельбы» (artillery fires once a
    turn, offensively or defensively, and is flipped to "Tiré")."""
    [v] = refuse(gun_that_fired_defensively(), "royalist", Fire(unit="roy-art", target="nemours-lansq"))
    assert v.code == "fire/twice" and v.rule == "seed 000 §10.3"
    assert "offensively this turn" not in v.message
    assert "Tiré" in v.message and "offensively or defensively" in v.message


@pytest.mark.parametrize("line", ["garde-1 at conde-g2 +1 +1", "garde-1 at conde-g2 +1 +2", "garde-1 at conde-g2 left right",
                                  "garde-1 at conde-g2 left +1 left"])
def test_a_fire_modifier_given_twice_is_refused(line):
    """§10.3 «Отряд может потратить до 2 дополнительных ОД, чтобы получить благоприятный модификатор
    броска кубика (+ 1 к кубику за потраченное ОД)» (up to 2 extra MP, +1 each): `+1 +1` is not read as
    +1 (nor as +2); §10.5 the firer names one side of an edge for grazing fire."""
    with pytest.raises(ValueError, match="twice"):
        FIRE(line, "catholic", ())
    assert FIRE("garde-1 at conde-g2 +2 left", "catholic", ()) == Fire(unit="garde-1", target="conde-g2", extra=2, side="left")


OUTCOME_WORDS = ("survives", "killed", "dies", "passes", "fails", "hits", "misses", "plunders", "succeeds", "removed")


@pytest.mark.parametrize("game", ["paris-dreux-1562", "paris-ivry-1590"])
def test_no_roll_purpose_of_a_shipped_game_states_its_outcome(game):
    """§5.2.1 «Если поле, содержащее командира, является целью стрельбы, и выпал неблагоприятный
    результат, командир удаляется из игры на бросок кубика, равный 9»: the roll is a casualty check; the
    die decides whether he survives, so its purpose (shown in the post, `log` and `audit`) does not say."""
    purposes = {r["purpose"] for line in (LOGS / game / "game.jsonl").read_text(encoding="utf-8").splitlines()
                for r in json.loads(line)["rolls"]}
    assert any(p.startswith("leader ") and p.endswith("casualty check (after melee)") for p in purposes)
    assert [p for p in purposes if any(w in p.split() for w in OUTCOME_WORDS)] == []


def test_a_leader_under_fire_rolls_a_casualty_check_not_his_survival():
    """§5.2.1 as above: the purpose says what is rolled for."""
    from test_paris_fire_leaders import _fire, lansquenets_under_fire

    _, asked, lines = _fire(lansquenets_under_fire(level=0), faces=(9, 0, 4))
    assert asked[-1] == "leader conde: casualty check (fire on 1010)"
    assert any("survives fire on 1010: d10 4" in x for x in lines)  # the outcome is in the outcome line


def ruled(decision: str):
    s = new_state()
    return s, refuse(s, "referee", Ruling(decision=decision, reason="the players agree"))


@pytest.mark.parametrize("decision, listed", [
    ("unit garde-1 level wobbly", "normal, disorder, shaken or broken"),
    ("unit garde-1 facing up", "N, NE, SE, S, SW or NW"),
    ("wing guise order retreat", "attack, march or rally"),
    ("leader guise hex 9999", "from 0101 to 1824"),
    ("unit garde-9 level normal", "garde-1, garde-2, garde-3"),
    ("unit garde-1 strength 3", "`unit ID facing N|NE|SE|S|SW|NW`"),
])
def test_a_malformed_override_lists_the_valid_values(decision, listed):
    """Ruling R39: an override names a piece and a value the game has; the refusal says which are."""
    _, [v] = ruled(decision)
    assert v.code == "ruling/override" and v.rule == "ruling R39" and listed in v.message


def test_a_ruling_that_names_a_piece_but_is_no_override_is_refused():
    """Ruling R39: `garde-1 is destroyed` would be recorded as words and leave garde-1 on the map."""
    _, [v] = ruled("garde-1 is destroyed")
    assert "`unit ID destroy`" in v.message


def test_a_ruling_in_words_says_it_changed_nothing():
    """Ruling R39: any other decision is the referee's words; the report says the game is unchanged."""
    s, found = ruled("the players may repost line 3")
    assert found == []
    after, told = posted(s, "referee", Ruling(decision="the players may repost line 3", reason="a typo"))
    assert after.units == s.units and after.wings == s.wings and after.leaders == s.leaders
    assert any("changes nothing in the game" in x for x in told.lines)


# -- citations: the section that says it, once ------------------------------------------------

import ast  # noqa: E402
import re  # noqa: E402
from pathlib import Path  # noqa: E402

from events.paris import ChangeOrder, Melee  # noqa: E402

PACKAGE = Path(__file__).resolve().parent.parent / "adjudicator" / "rulesets" / "paris"
# every numbered heading of seed 000 (§3 has two "3.2": the initiative and the activation phase)
SECTIONS = {"1", "1.1", "1.2", "2", "2.1", "2.2", "2.3", "3", "3.1", "3.2", "3.3", "3.4", "4", "4.1", "4.2", "4.3", "4.4",
            "5", "5.1", "5.1.1", "5.1.2", "5.2", "5.2.1", "5.2.2", "6", "6.1", "6.2", "6.3", "6.4", "7", "8", "8.1", "8.2",
            "8.3", "8.4", "9", "9.1", "9.2", "9.3", "10", "10.1", "10.2", "10.3", "10.4", "10.5", "11", "11.1", "11.2",
            "11.3", "11.4", "11.5", "12", "12.1", "12.2", "13", "13.1", "13.2", "14", "14.1", "14.2"}
CITED = re.compile(r"§(\d+(?:\.\d+)*)")


def _text(node: ast.expr) -> str:
    """The literal parts of a string expression (an f-string's constants, a conditional's branches)."""
    return " ".join(n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str))


def _violations():
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "violation" and len(node.args) == 3:
                yield f"{path.name}:{node.lineno}", _text(node.args[1]), _text(node.args[2])


def test_every_section_the_code_cites_is_one_the_seed_has():
    cited = {m for path in PACKAGE.glob("*.py") for m in CITED.findall(path.read_text(encoding="utf-8"))}
    cited |= set(CITED.findall((PACKAGE / "RULINGS.md").read_text(encoding="utf-8")))
    assert cited and cited <= SECTIONS, cited - SECTIONS


def test_no_refusal_names_a_section_twice():
    """A refusal prints `MESSAGE (RULE) [CODE]`: the rule names the section, the message does not again."""
    twice = [(where, rule, s) for where, rule, message in _violations() for s in CITED.findall(rule)
             if re.search(rf"§{re.escape(s)}(?![\d.])", message)]
    assert twice == []


def _active_montmorency():
    s = only(new_state(), "garde-1", "conde-g2", "picardie", "cath-art-1")
    s = place(s, "garde-1", "0910", "S")
    s = place(s, "conde-g2", "1010", "N")
    return acting(s, "montmorency", order="attack")


def test_a_melee_refusal_cites_the_section_that_says_it():
    """§11.5 «Пехота никогда не может атаковать кавалерию в рукопашной схватке, только огнем» (infantry
    never attacks cavalry in melee): the refusal cites §11.5, not §11.2, and only once."""
    [v] = refuse(_active_montmorency(), "catholic", Melee(lead="garde-1", target="conde-g2"))
    assert (v.code, v.rule) == ("melee/illegal", "seed 000 §11.5") and "§" not in v.message


def test_artillery_never_leads_a_melee_under_9_2():
    """§9.2 «В случае рукопашной схватки ... артиллерия игнорируются» (in melee artillery is ignored)."""
    s = place(_active_montmorency(), "cath-art-1", "0911", "S")
    [v] = refuse(s, "catholic", Melee(lead="cath-art-1", target="conde-g2"))
    assert v.rule == "seed 000 §9.2" and "§" not in v.message


def test_a_fire_refusal_cites_its_section_once():
    """§10.4 «Фронтальные и фланговые шестиугольники пехоты и кавалерии составляют их зону огня» (the
    front and flank hexes are the fire zone)."""
    s = place(_active_montmorency(), "conde-g2", "0710", "N")  # behind the Swiss
    [v] = refuse(s, "catholic", Fire(unit="garde-1", target="conde-g2"))
    assert (v.code, v.rule) == ("fire/illegal", "seed 000 §10.4") and "§" not in v.message


def test_a_late_order_change_cites_step_b_once():
    """§3.2 «Б – Смена приказов Активный игрок может попытаться сменить приказ крыла, которое было
    активировано» (step Б, before the units act, step В)."""
    s = standing(_active_montmorency(), "huguenot", react="never", defensive_fire="never")
    s = post(s, "catholic", Turn(unit="garde-1", facing="SE"))
    assert s.phase == "act"
    [v] = refuse(s, "catholic", ChangeOrder(wing="montmorency", order="march"))
    assert (v.code, v.rule) == ("order/too-late", "seed 000 §3.2 Б") and "§" not in v.message


def test_victory_cites_the_scenario_section():
    """§14.1 (Dreux) and §14.2 (Ivry) each give their own victory conditions."""
    from adjudicator.rulesets.paris.sequence import victory_rule

    assert victory_rule(new_state("dreux-1562")) == "seed 000 §14.1"
    assert victory_rule(new_state("ivry-1590")) == "seed 000 §14.2"

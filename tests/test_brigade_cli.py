"""Posting to a brigade game through games.post and the real CLI: illegal posts are refused with
exit code 1 and the rule they break; options, status, map, simulate and verify work end to end."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from adjudicator import games, sealed
from adjudicator.errors import Rejected
from adjudicator.logsource import open_source
from adjudicator.report import outcome
from adjudicator.simulate import simulate
from adjudicator.verify import verify
from conftest import run_cli
from test_brigade_helpers import BRITISH_ORDERS, FRENCH_ORDERS


def _orders(db, game="g"):
    posts = {}
    for side, lines in (("british", BRITISH_ORDERS), ("french", FRENCH_ORDERS)):
        commitment, salt = sealed.seal(game, side, lines)
        posts[side] = (f"seal orders {commitment}\n", f"unseal orders {salt}\n" + "".join(f"| {x}\n" for x in lines))
    games.post(db, posts["british"][0].replace("orders", "b-orders", 1), "british")
    games.post(db, posts["french"][0].replace("orders", "f-orders", 1), "french")
    games.post(db, posts["british"][1].replace("orders", "b-orders", 1), "british")
    games.post(db, posts["french"][1].replace("orders", "f-orders", 1), "french")


@pytest.fixture
def game(tmp_path):
    db = tmp_path / "g.db"
    games.new_game(db, "brigade", ["british", "french"], scenario="peninsula")
    _orders(db)
    return db


def test_written_orders_sealed_then_opened(game):
    _, state = games.state_at(game)
    assert state.rules.turn == 1 and state.rules.brigades["kempt"].order.kind == "attack"


def test_illegal_post_names_the_rule_and_writes_nothing(game):
    games.post(game, "roll initiative\n", "british")
    _, s = games.state_at(game)
    winner = s.rules.initiative_winner
    loser = "french" if winner == "british" else "british"
    with pytest.raises(Rejected) as e:
        games.post(game, "take initiative\n", loser)
    assert "seed 003 §4.1" in str(e.value) and "choose-initiative/not-yours" in str(e.value)
    games.post(game, "give initiative\n", winner)
    _, s2 = games.state_at(game)
    nonphasing = s2.rules.other(s2.rules.phasing)
    brigade = "kempt" if nonphasing == "british" else "chemineau"
    with pytest.raises(Rejected) as e:
        games.post(game, f"change order {brigade} to withdraw\n", nonphasing)
    assert "seed 003 §5.11" in str(e.value)
    assert games.state_at(game)[1].core.seq == s2.core.seq


def test_a_posts_report_says_what_its_rolls_decided(game):
    """The report pasted back for a post says what the dice just drawn decided: the initiative with its
    modifiers (seed 003 §4.1), an order change with its total, the number it needed and the verdict
    (§5.12). The rolls are the post's own, not those of a stored event."""
    posted = games.post(game, "roll initiative\n", "british")
    said = outcome(posted.game, posted.built[0])
    assert any(line.startswith("initiative: British (Picton) ") and " against French (Foy) " in line for line in said)
    winner = games.state_at(game)[1].rules.initiative_winner
    games.post(game, "take initiative\n", winner)
    brigade, side = ("chemineau", "french") if winner == "british" else ("kempt", "british")
    posted = games.post(game, f"change order {brigade} to hold\n", side)
    (line,) = [x for x in outcome(posted.game, posted.built[0]) if x.startswith("order change ")]
    assert " against 7 (provisional table): " in line and line.endswith("(seed 003 §5.12)")


def test_cli_refuses_with_exit_1_and_the_rule(game, tmp_path):
    turn = tmp_path / "t.txt"
    turn.write_text("done\n")
    r = run_cli("post", game, turn, "--as", "british")
    assert r.returncode == 1
    assert "line 1" in r.stderr and "seed 003 §4.1" in r.stderr and "done/not-now" in r.stderr
    turn.write_text("change order kempt hold\n")
    r = run_cli("post", game, turn, "--as", "british")
    assert r.returncode == 2 and "line 1" in r.stderr and "usage: change order" in r.stderr
    r = run_cli("status", game)
    assert r.returncode == 0 and "awaiting british: turn 1, initiative: roll initiative" in r.stdout
    r = run_cli("options", game)
    assert r.returncode == 0 and "roll initiative" in r.stdout


def test_map_is_an_svg_of_the_table(game, tmp_path):
    out = tmp_path / "m.svg"
    r = run_cli("map", game, "-o", out)
    assert r.returncode == 0
    root = ET.fromstring(out.read_text())
    text = out.read_text()
    assert root.tag.endswith("svg") and "Picton (CinC)" in text and "the village of Ventosa" in text
    assert "army value 67" in text and "Kempt&#x27;s brigade: Attack ventosa" in text
    assert text.count("marker-end") == 12  # every brigade's objective is drawn


def _rings(svg: str) -> list[tuple[str, str]]:
    """The command radii a map draws: (radius in px, dash) of each ring."""
    root = ET.fromstring(svg)
    return [(c.get("r"), c.get("stroke-dasharray")) for c in root.iter("{http://www.w3.org/2000/svg}circle")
            if c.get("fill") == "none"]


def test_map_draws_the_command_radii_that_matter_now_or_all_with_radii(game, tmp_path):
    """§5.1, §5.4 (the CinC's 24" for new orders, 12" for charges; each brigadier's 12"): by default only
    those of the step under way and of the brigade the last event acted for; `--radii` draws them all."""
    games.post(game, "roll initiative", "british")
    phasing = games.state_at(game)[1].rules.initiative_winner
    other = "french" if phasing == "british" else "british"
    games.post(game, "take initiative", phasing)
    svg, _ = games.draw_map(game)
    assert _rings(svg) == [("288", "8 4")]  # the non-phasing command step: its CinC's order radius
    svg, _ = games.draw_map(game, layers=("radii",))
    assert sorted(_rings(svg)) == sorted([("144", "3 3")] * 14 + [("288", "8 4")] * 2)
    for side in (other, phasing, phasing, other):
        games.post(game, "done", side)
    svg, _ = games.draw_map(game)  # the phasing charge step: its brigadiers' and its CinC's charge radius
    assert sorted(_rings(svg)) == [("144", "3 3")] * 7
    for side in (phasing, other, "referee"):
        games.post(game, "done", side)
    games.post(game, "move b45 to 16,14" if phasing == "british" else "move f6l to 10,34", phasing)
    svg, _ = games.draw_map(game)  # a brigade just moved: its brigadier's radius
    assert _rings(svg) == [("144", "3 3")]
    out = tmp_path / "m.svg"
    assert run_cli("map", game, "-o", out, "--radii").returncode == 0
    assert len(_rings(out.read_text())) == 16


def test_a_map_layer_the_ruleset_lacks_is_refused(tmp_path):
    db = tmp_path / "p.db"
    games.new_game(db, "portable", ["red", "blue"])
    r = run_cli("map", db, "-o", tmp_path / "m.svg", "--radii")
    assert r.returncode == 2 and "--radii: the portable map has no such layer" in r.stderr


def test_simulated_game_ends_and_verifies(tmp_path):
    db = tmp_path / "s.db"
    head = simulate(db, "brigade", seed=3, scenario="peninsula", events=5_000)
    report = verify(open_source(db))
    assert report.ok, report.problems
    assert report.head == head and report.rolls["unrevealed"] == 0
    assert report.state.rules.over


def test_tables_mark_what_is_ours():
    r = run_cli("tables", "--ruleset", "brigade")
    assert r.returncode == 0
    assert "order_change_table: PROVISIONAL (ours)" in r.stdout
    assert "army_value: from the rules; source: seed 004 §15.2" in r.stdout


def test_a_brigade_game_has_two_players(tmp_path):
    r = run_cli("new", tmp_path / "x.db", "--ruleset", "brigade", "--player", "a", "--player", "b", "--player", "c")
    assert r.returncode == 2 and "two players" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "x.db").exists()


def test_a_game_played_on_standing_orders_verifies_and_refuses_a_result_entered_twice(tmp_path):
    """R33 end to end: the steps the engine takes on the sides' behalf (the initiative rolled and chosen,
    the command and compulsory steps, the phasing player's fire) replay exactly, with every roll
    re-derived once its epoch is revealed; R12: the casualties of one roll entered again are refused,
    exit 1, naming the rule."""
    from conftest import run_cli_inprocess

    db = tmp_path / "g.db"
    games.new_game(db, "brigade", ["british", "french"], scenario="peninsula")
    for side in ("british", "french"):
        games.post(db, "standing initiative-roll auto\nstanding initiative take\nstanding command pass\n"
                       "standing compulsory auto\nstanding fire always\n", side)
    _orders(db)
    assert games.state_at(db)[1].rules.phase == "charges"
    for _ in range(5):  # both charge steps, the charge results, both movement steps (R21: the referee closes them)
        games.post(db, "done", "referee")
    rules = games.state_at(db)[1].rules
    assert rules.phase == "fire-results" and rules.open_rolls  # the phasing player fired by its standing order
    roll = next(iter(rules.open_rolls.values()))
    shots = sum(1 for r in rules.open_rolls.values() if (r.seq, r.unit) == (roll.seq, roll.unit))
    turn = tmp_path / "results.txt"
    turn.write_text(f"casualties {roll.unit} 1 from {roll.seq}\n" * shots)
    assert run_cli_inprocess("post", str(db), str(turn), "--as", "referee").returncode == 0
    r = run_cli_inprocess("post", str(db), str(turn), "--as", "referee")
    assert r.returncode == 1 and "[result/entered]" in r.stderr and "(R12)" in r.stderr
    games.post(db, "end game stopped here", "referee")
    games.reveal(db)
    report = verify(open_source(db))
    assert report.ok, report.problems
    assert report.rolls["unrevealed"] == 0 and report.rolls["verified"] > 2

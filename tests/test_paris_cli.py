"""Illegal posts are refused with the rule they break, through the real `adjudicator` command (exit 1),
and the generic commands (status, options, map, tables) work for `paris`."""

from __future__ import annotations

import xml.dom.minidom

import pytest

from adjudicator import games, sealed
from adjudicator.errors import Rejected

SALT = bytes(range(32))
H = ("conde attack", "coligny attack", "rochefoucault march")
C = ("montmorency attack", "st-andre march", "guise rally")


def orders_text(game: str, side: str, lines: tuple[str, ...]) -> tuple[str, str]:
    c = sealed.commitment(game, side, lines, SALT)
    return f"seal t1 {c}\n", f"unseal t1 {SALT.hex()}\n" + "".join(f"| {x}\n" for x in lines)


@pytest.fixture
def dreux(tmp_path):
    """A Dreux game played with reported dice (so the test chooses the rolls), orders opened."""
    db = tmp_path / "dreux.db"
    games.new_game(db, "paris", ["huguenot", "catholic"], scenario="dreux-1562", dice_mode="reported")
    hs, hu = orders_text("dreux", "huguenot", H)
    cs, cu = orders_text("dreux", "catholic", C)
    games.post(db, hs.replace("t1", "t1h"), "huguenot")
    games.post(db, cs.replace("t1", "t1c"), "catholic")
    games.post(db, hu.replace("t1", "t1h"), "huguenot")
    games.post(db, cu.replace("t1", "t1c"), "catholic")
    return db


def refused(cli, db, side: str, text: str, code: str, rule: str, real: bool = False) -> None:
    """The post is refused, nothing is written, and the message names the rule; with `real`, through
    the `adjudicator` command itself (exit code 1)."""
    if real:
        path = db.parent / "post.txt"
        path.write_text(text)
        r = cli("post", db, path, "--as", side)
        assert r.returncode == 1, r.stdout + r.stderr
        assert code in r.stderr and rule in r.stderr and "line 1" in r.stderr, r.stderr
        return
    with pytest.raises(Rejected) as e:
        games.post(db, text, side)
    assert e.value.exit_code == 1
    assert code in str(e.value) and rule in str(e.value), str(e.value)


def test_status_names_who_decides_what(cli, dreux):
    r = cli("status", dreux)
    assert r.returncode == 0 and "huguenot" in r.stdout and "activate a wing" in r.stdout


def test_wrong_side_and_out_of_priority_activation_are_refused(cli, dreux):
    refused(cli, dreux, "catholic", "activate montmorency\n", "activate/not-yours", "seed 000 §3.2", real=True)
    refused(cli, dreux, "huguenot", "activate rochefoucault\n", "activate/priority", "seed 000 §4.2")
    refused(cli, dreux, "huguenot", "no preempt\n", "no-preempt/not-now", "seed 000 §3.2")


def test_preempting_a_preemption_and_moves_past_the_rules_are_refused(cli, dreux):
    games.post(dreux, "activate conde\n", "huguenot")
    games.post(dreux, "preempt montmorency\nrolled 0\n", "catholic")  # 0 - 1 <= 5: montmorency acts first
    refused(cli, dreux, "huguenot", "preempt coligny\n", "preempt/not-now", "seed 000 §4.4", real=True)
    refused(cli, dreux, "catholic", "move picardie 0814 0914 1014 1114 1214\n", "move/out-of-mp", "seed 000 §8.1")
    refused(cli, dreux, "catholic", "move sansac 0721\n", "move/not-front", "seed 000 §8.1")
    refused(cli, dreux, "catholic", "move cath-art-1 0818\n", "move/artillery", "seed 000 §8.1")
    games.post(dreux, "fire cath-art-1 at coligny-g1\nrolled 0\n", "catholic")  # range 4: strength 6, a miss
    refused(cli, dreux, "catholic", "fire cath-art-1 at coligny-g1\n", "fire/twice", "seed 000 §10.3")
    refused(cli, dreux, "catholic", "rally picardie\n", "rally/normal", "seed 000 §13")


def test_a_march_unit_may_not_end_next_to_the_enemy(cli, dreux):
    games.post(dreux, "standing preempt never\n", "catholic")
    games.post(dreux, "standing preempt never\n", "huguenot")
    for side, text in (("huguenot", "activate conde\nend activation\n"), ("catholic", "activate montmorency\nend activation\n"),
                       ("huguenot", "activate coligny\nend activation\n"), ("catholic", "activate st-andre\n")):
        games.post(dreux, text, side)
    refused(cli, dreux, "catholic", "move damville 0809 0909 1009\n", "order/march-adjacent", "seed 000 §6.2", real=True)


def test_unreadable_lines_name_the_line(cli, dreux):
    path = dreux.parent / "bad.txt"
    path.write_text("activate conde\nmove conde-g1 10x0\n")
    r = cli("post", dreux, path, "--as", "huguenot")
    assert r.returncode == 2 and "line 2" in r.stderr and "Traceback" not in r.stderr


def test_refusal_through_games_post_carries_the_violation(dreux):
    with pytest.raises(Rejected) as e:
        games.post(dreux, "activate rochefoucault\n", "huguenot")
    assert e.value.violations[0].rule == "seed 000 §4.2"


def test_options_and_map_and_tables(cli, dreux, tmp_path):
    r = cli("options", dreux)
    assert r.returncode == 0 and "activate conde" in r.stdout and "pass" in r.stdout
    svg = tmp_path / "map.svg"
    r = cli("map", dreux, "-o", svg)
    assert r.returncode == 0
    doc = xml.dom.minidom.parse(str(svg))
    assert doc.documentElement.tagName == "svg" and "conde-g1" in svg.read_text()
    r = cli("tables", "--ruleset", "paris", "--template")
    assert r.returncode == 0 and "provisional = true" in r.stdout and "[melee_results]" in r.stdout


def test_a_referee_ruling_overrides_the_engine_and_stays_in_the_log(dreux):
    """A referee can record a ruling that overrides the engine, as an event with its reason."""
    games.post(dreux, "ruling unit garde-2 level shaken because the players agree the Swiss were hit by the guns\n", "referee")
    _, state = games.state_at(dreux)
    assert state.rules.units["garde-2"].level == 2 and state.core.rulings == 1
    with pytest.raises(Rejected) as e:
        games.post(dreux, "ruling unit garde-2 level tired because no\n", "referee")
    assert "ruling/override" in str(e.value)
    with pytest.raises(Rejected):
        games.post(dreux, "ruling unit garde-2 level normal because I say so\n", "huguenot")
    games.post(dreux, "ruling the Catholic player may repost line 3 because of a typo\n", "referee")
    _, state = games.state_at(dreux)
    assert state.rules.units["garde-2"].level == 2 and state.core.rulings == 2

"""`skirmish` through the engine: the phase table's gate and who the game waits for, the decisions
standing orders take, the melee that follows a charge, ambush markers as the engine's sealed
orders, the CLI's commands on a skirmish game, and a map whose labels never overlap."""

from __future__ import annotations

import hashlib
import re

import msgspec
import pytest

from adjudicator import games, sealed
from adjudicator.errors import Rejected
from adjudicator.rulesets import get
from adjudicator.rulesets.skirmish.phases import current
from adjudicator.rulesets.skirmish.render import CHAR
from events.core import Envelope
from events import skirmish as ev
from test_skirmish_support import Dice, board, fig, path

RS = get("skirmish")


def apply(s, side, action, *faces):
    """The engine's check, then its apply, with scripted dice; the state after and what it said."""
    assert RS.check(s, side, action) == [], RS.check(s, side, action)
    dice = Dice(*faces)
    env = Envelope(game="t", seq=2, actor=side, turn=s.turn, phase=s.phase, epoch=s.turn, action=action, prev="0" * 64)
    after, draft = RS.apply(s, env, dice)
    assert dice.done(), dice.faces
    return after, (draft.outcome().lines if draft is not None else ())


def codes(s, side, action):
    return [v.code for v in RS.check(s, side, action)]


# -- the phase table -----------------------------------------------------------------------------

def test_a_charge_at_a_figure_that_may_evade_waits_for_its_side_and_nothing_else_is_posted():
    """«Одиночки, застрельщики и группы в рассыпном строю могут уклониться» (ruling S18): the game
    waits for the charged side's answer; the chargers' side can post nothing else meanwhile."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("p", "blue", "prussian", (20, 30)))
    s, _ = apply(s, "red", ev.Activate(unit="z", actions=("charge",)))
    s, said = apply(s, "red", ev.Charge(unit="z", target="p", paths=(path("z", (20, 27.0)),)))
    assert current(s) == "charge" and [a.side for a in RS.awaiting(s)] == ["blue"]
    assert said == ("z charges p: blue evades or stands",)
    assert codes(s, "red", ev.EndActivations(command="red")) == ["end/not-now"]
    assert codes(s, "red", ev.Evade(unit="p", evade=True)) == ["evade/not-yours"]
    s, said = apply(s, "blue", ev.Evade(unit="p", evade=False))  # a single figure charged by one: no test
    assert current(s) == "melee" and [a.side for a in RS.awaiting(s)] == ["red"]
    assert codes(s, "red", ev.Activate(unit="z", actions=("move",))) == ["activate/not-now"]


def test_a_standing_order_answers_the_charge_in_the_same_event():
    s = board(fig("z", "red", "zouave", (20, 20)), fig("p", "blue", "prussian", (20, 30)))
    s, said = apply(s, "blue", ev.StandingOrder(kind="evade", unit="p", when="always"))
    assert said == ("standing order for p: evade a charge",)
    s, _ = apply(s, "red", ev.Activate(unit="z", actions=("charge",)))
    s, said = apply(s, "red", ev.Charge(unit="z", target="p", paths=(path("z", (20, 27.0)),)), 3)
    assert "standing order: p evades" in said and s.charge is None and s.figures["p"].y > 45
    assert current(s) == "activation"  # nobody reached: no melee


def test_the_melee_follows_a_charge_and_only_the_chargers_attack():
    """«Атакующее подразделение ... в рукопашной» (ruling S24): a melee is posted right after the charge
    that brought it, by the figures that charged."""
    s = board(fig("z", "red", "zouave", (20, 20)), fig("y", "red", "zouave", (30, 20)), fig("p", "blue", "prussian", (20, 30)),
              fig("q", "blue", "prussian", (30, 22.6)))
    fights = ev.Melee(fights=(ev.Fight(attackers=("y",), defenders=("q",)),))
    assert codes(s, "red", fights) == ["melee/no-charge"]
    s, _ = apply(s, "blue", ev.StandingOrder(kind="evade", when="never"))
    s, _ = apply(s, "red", ev.Activate(unit="z", actions=("charge",)))
    s, said = apply(s, "red", ev.Charge(unit="z", target="p", paths=(path("z", (20, 27.2)),)))
    assert "standing order: p stands" in said and current(s) == "melee"
    assert codes(s, "red", fights) == ["melee/no-charge"]
    s, said = apply(s, "red", ev.Melee(fights=(ev.Fight(attackers=("z",), defenders=("p",)),)), 6, 6, 6, 1, 1, 1, 1)
    assert s.figures["p"].status == "out" and current(s) == "activation"


def test_a_standing_fire_order_shoots_at_a_move_passing_within_reach():
    """«Стрельба в ход противника» (ruling S46): the Prussian, ordered to fire within 25 cm, tests and
    fires at the Zouave where its move passed nearest him, in the Zouave's own event."""
    s = board(fig("z", "red", "zouave", (20, 10)), fig("p", "blue", "prussian", (40, 40)))
    s, _ = apply(s, "blue", ev.StandingOrder(kind="fire", when="within", value=25.0))
    s, _ = apply(s, "red", ev.Activate(unit="z", actions=("move",)))
    s, said = apply(s, "red", ev.Move(unit="z", paths=(path("z", (22, 15), (24, 21)),)), 5, 6, 6, 1)
    assert said[1].startswith("standing order: p fires at z")
    assert "p reacts to z (1 AP): test 5 > 3?" in said
    assert s.commands["blue"].ap == 5 and s.reacted == ("p",)
    _, again = apply(s, "red", ev.EndActivations(command="red"))
    assert not any("reacts" in line for line in again)


def test_an_officers_reroll_waits_for_its_side_unless_a_standing_order_says():
    s = board(fig("lt", "red", "zouave-officer", (10, 10)), fig("b", "blue", "prussian-officer", (10, 100)), phase="initiative")
    s = msgspec.structs.replace(s, phase="initiative")
    s, _ = apply(s, "blue", ev.StandingOrder(kind="reroll", when="below", value=3.0))
    s, said = apply(s, "red", ev.RollInitiative(), 1, 5, 5, 2, 4, 4, 6)  # blue's 2 rolled again: 6
    assert s.commands["blue"].roll == (6, 4, 4) and current(s) == "reroll"
    assert [a.side for a in RS.awaiting(s)] == ["red"]
    s, _ = apply(s, "red", ev.Reroll(command="red", faces=(1,)), 3)
    assert s.phase == "activation" and s.commands["red"].ap == 13 and s.commands["blue"].ap == 14


def test_hits_on_a_close_order_group_wait_for_its_owner_unless_placed_by_order():
    red = (fig("z1", "red", "zouave-sergeant", (20, 20)), fig("z2", "red", "zouave", (24.5, 20)), fig("z3", "red", "zouave", (29, 20)))
    blue = (fig("sgt", "blue", "prussian-sergeant", (20, 45)), fig("p1", "blue", "prussian", (24.5, 45)),
            fig("p2", "blue", "prussian", (29, 45)))
    groups = ({"id": "g", "leader": "z1", "members": ["z1", "z2", "z3"]},
              {"id": "zug", "side": "blue", "leader": "sgt", "members": ["sgt", "p1", "p2"]})
    s = board(*red, *blue, groups=groups)
    s, _ = apply(s, "red", ev.Activate(unit="g", actions=("shoot",)))
    shot = ev.Shoot(unit="g", target="p1")
    waiting, _ = apply(s, "red", shot, 6, 6, 5, 4)  # 21 at effective range: 3 hits
    assert current(waiting) == "hits" and [a.side for a in RS.awaiting(waiting)] == ["blue"]
    s2, _ = apply(s, "blue", ev.StandingOrder(kind="hits", unit="zug", when="auto"))
    placed, said = apply(s2, "red", shot, 6, 6, 5, 4, 1, 2, 3)
    assert current(placed) == "activation" and any(line.startswith("standing order: blue places the hits") for line in said)


# -- ambush markers, sealed orders, through posts ---------------------------------------------------

@pytest.fixture
def assault(tmp_path):
    db = tmp_path / "g.db"
    games.new_game(db, "skirmish", ["british", "zulus"], scenario="assault", game_id="g",
                   secret_top=hashlib.sha256(b"skirmish ambush").digest())
    return db


def test_an_ambush_marker_is_sealed_orders_opened_and_placed(assault):
    db = assault
    commitment, salt = sealed.seal("g", "zulus", ("rifle-1", "rifle-2"))
    with pytest.raises(Rejected, match="ambush/unsealed"):
        games.post(db, "ambush m1 at 104,45", "zulus")
    games.post(db, f"seal m1 {commitment}\nambush m1 at 104,45\ndeploy rifle-3 at 112,60 facing west", "zulus")
    games.post(db, "deploy rifle-4 at 112,65; rifle-5 at 112,70; rifle-6 at 112,75\nend deployment", "zulus")
    games.post(db, "end deployment", "british")
    _, st = games.state_at(db)
    exported = msgspec.json.encode(st.rules).decode()
    assert "m1" in st.core.sealed and '"rifle-1"' in exported  # the figure waits off the table, in no marker anyone can see
    assert all(m.figures == () for m in st.rules.markers.values())
    with pytest.raises(Rejected, match="reveal-ambush/not-now"):
        games.post(db, "place m1 rifle-1 at 104,47; rifle-2 at 104,43", "zulus")
    with pytest.raises(Rejected, match="seal/mismatch"):
        games.post(db, f"unseal m1 {'00' * 32}\n| rifle-1\n| rifle-2", "zulus")
    games.post(db, f"unseal m1 {salt}\n| rifle-1\n| rifle-2", "zulus")
    _, st = games.state_at(db)
    assert current(st.rules) == "ambush" and [a.side for a in RS.awaiting(st.rules)] == ["zulus"]
    with pytest.raises(Rejected, match="roll-initiative/not-now"):
        games.post(db, "roll initiative", "british")
    posted = games.post(db, "place m1 rifle-1 at 104,47 facing west; rifle-2 at 104,43 facing west", "zulus")
    assert posted.built[0].outcome.lines == ("marker m1 is revealed: rifle-1, rifle-2",)
    _, st = games.state_at(db)
    assert st.rules.figures["rifle-1"].status == "ok" and current(st.rules) == "initiative"


def test_a_marker_an_enemy_comes_near_is_discovered_and_the_game_waits_for_its_owner(assault):
    db = assault
    commitment, salt = sealed.seal("g", "zulus", ("rifle-1",))
    games.post(db, f"seal m1 {commitment}\nambush m1 at 104,45", "zulus")
    s = games.state_at(db)[1].rules
    near = msgspec.structs.replace(s, phase="initiative", deployed=s.sides,
                                   figures={**s.figures, "private-5": msgspec.structs.replace(s.figures["private-5"], x=95.0)})
    after, said = apply(near, "british", ev.RollInitiative(), 1, 1, 1, 2, 2, 2)
    assert "marker m1 is discovered (private-5 is within 15 cm): zulus opens it" in said
    assert current(after) == "ambush" and after.markers["m1"].status == "spotted"


# -- the CLI on a skirmish game and the map ------------------------------------------------------------

def test_the_cli_runs_a_skirmish_game(cli, tmp_path):
    db = tmp_path / "kp.db"
    assert cli("new", db, "--ruleset", "skirmish", "--scenario", "key-point", "--player", "french",
               "--player", "prussians").returncode == 0
    listed = cli("rulesets")
    assert "skirmish" in listed.stdout and "a 1:1 horse-and-musket skirmish game, seed 001" in listed.stdout
    status = cli("status", db)
    assert "awaiting french: turn 1: roll initiative" in status.stdout
    options = cli("options", db, "--as", "french")
    assert "roll initiative" in options.stdout
    (tmp_path / "t.txt").write_text("roll initiative\n")
    assert cli("post", db, tmp_path / "t.txt", "--as", "french").returncode == 0
    bad = tmp_path / "bad.txt"
    bad.write_text("activate first-section move\n")  # both Officers have their re-rolls to choose first
    refused = cli("post", db, bad, "--as", "french")
    assert refused.returncode == 1 and "line 1: activate is not possible now" in refused.stderr
    assert "[activate/not-now]" in refused.stderr
    drawn = cli("map", db, "-o", tmp_path / "m.svg")
    assert drawn.returncode == 0 and (tmp_path / "m.svg").read_text().startswith("<svg")


def text_boxes(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each label's box, measured as the map measures it (font size times characters)."""
    out = []
    for m in re.finditer(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"( text-anchor="middle")?[^>]*>([^<]*)</text>', svg):
        x, y, size, middle, words = float(m.group(1)), float(m.group(2)), float(m.group(3)), m.group(4), m.group(5)
        width = len(words.replace("&amp;", "&")) * size * CHAR
        x0 = x - width / 2 if middle else x
        out.append((words, (x0, y - size * 0.95, x0 + width, y + size * 0.05)))
    return out


@pytest.mark.parametrize("scenario", ["key-point", "assault"])
def test_the_map_names_every_figure_on_the_table_and_no_two_labels_overlap(tmp_path, scenario):
    from adjudicator.simulate import simulate

    db = tmp_path / "g.db"
    simulate(db, "skirmish", seed=2, scenario=scenario, events=120)
    game, state, outcome = games.state_and_outcome(db)
    svg = game.ruleset.render(state.rules, outcome)
    boxes = text_boxes(svg)
    names = {words.removesuffix(" (S)") for words, _ in boxes}
    assert {f.id for f in state.rules.figures.values() if f.on_table} <= names
    for i, (a, p) in enumerate(boxes):
        for b, q in boxes[i + 1:]:
            assert not (p[0] < q[2] - 0.5 and q[0] < p[2] - 0.5 and p[1] < q[3] - 0.5 and q[1] < p[3] - 0.5), (a, b)


def test_a_point_of_three_numbers_is_refused_by_verify_and_by_the_readme_check(tmp_path):
    """A position is exactly x, y (tuple[float, float]); a log whose event holds a third number is
    refused by `verify` (it does not decode) and by the README's own check (the schema's prefixItems),
    even with its hash chain made good again."""
    import subprocess
    import sys

    from adjudicator.logsource import open_source
    from adjudicator.verify import verify
    from conftest import LOGS, ROOT
    from test_readme_spec import readme_check_program

    lines = (LOGS / "skirmish-assault" / "game.jsonl").read_bytes().splitlines()
    n = next(i for i, line in enumerate(lines) if b'"skirmish.place-ambush"' in line)
    forged = lines[:n]
    for line in lines[n:]:
        body = line[:-75] + b"}"
        if len(forged) == n:  # the marker set up at three numbers
            body = re.sub(rb'"at":\[([0-9.]+),([0-9.]+)\]', rb'"at":[\1,\2,1.0]', body, count=1)
        prev = json_hash(forged[-1])
        body = re.sub(rb'"prev":"[0-9a-f]{64}"', b'"prev":"' + prev.encode() + b'"', body)
        digest = hashlib.sha256(b"adj-ev1\x00" + bytes.fromhex(prev) + body).hexdigest()
        forged.append(body[:-1] + b',"hash":"' + digest.encode() + b'"}')
    log = tmp_path / "forged.jsonl"
    log.write_bytes(b"\n".join(forged) + b"\n")
    assert b'1.0]' in forged[n]
    report = verify(open_source(log))
    assert not report.ok and report.problems[0].seq == n + 1
    program = tmp_path / "readme_check.py"
    program.write_text(readme_check_program(), encoding="utf-8")
    run = subprocess.run([sys.executable, "-I", "-S", str(program), str(log), str(ROOT / "events" / "schema.json")],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode != 0 and f"line {n + 1}: the members differ from the schema" in run.stderr


def json_hash(line: bytes) -> str:
    return line[-66:-2].decode()

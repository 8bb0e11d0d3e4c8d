"""adjudicator.core and adjudicator.engine: the rules every ruleset shares (actors, seeds, reveals,
rulings, the end of the game), whole-post atomicity, the envelope marks, replaying stored rolls;
plus ruledata and the error classes' exit codes."""

from __future__ import annotations

import re

import json
from pathlib import Path

import pytest

from events.core import GameCreated, Note, SeedContributed
from events.freeform import EndTurn, RollDice
from adjudicator import games
from adjudicator.engine import build, build_all, violations
from adjudicator.errors import AdjudicatorError, BadInput, Conflict, Rejected
from adjudicator.logsource import open_source
from adjudicator.notation import PostLine
from adjudicator.verify import verify
from conftest import event_rows, export_log, make_game, rechain


def state(db: Path):
    return games.state_at(db)


def codes(db: Path, actor: str, action) -> list[str]:
    game, st = state(db)
    return [v.code for v in violations(game, st, actor, action)]


# -- core rules ------------------------------------------------------------------------------

def test_actors_are_players_or_the_referee(tmp_path):
    db = make_game(tmp_path)
    assert codes(db, "green", Note(text="x")) == ["actor/unknown"]
    assert codes(db, "RED", Note(text="x")) == ["actor/unknown"]
    assert codes(db, "referee", Note(text="x")) == [] and codes(db, "blue", Note(text="x")) == []


def test_seed_rules(tmp_path):
    db = make_game(tmp_path)
    assert codes(db, "red", SeedContributed(player="green", seed="x")) == ["seed/unknown-player"]
    assert codes(db, "blue", SeedContributed(player="red", seed="x")) == ["seed/not-yours"]
    assert codes(db, "referee", SeedContributed(player="red", seed="x")) == []
    assert codes(db, "red", SeedContributed(player="red", seed="   ")) == ["seed/empty"]
    games.post(db, "seed owls", "red")
    assert codes(db, "red", SeedContributed(player="red", seed="again")) == ["seed/twice"]
    games.post(db, "roll 1d6", "blue")
    assert codes(db, "blue", SeedContributed(player="blue", seed="late")) == ["seed/after-roll"]


def test_seeds_change_the_rolls(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    top = b"\x05" * 32
    a, b = make_game(tmp_path / "a", top=top), make_game(tmp_path / "b", top=top)
    games.post(b, "seed a different seed", "red")
    games.post(a, "note keep the seq the same", "red")
    ra = games.post(a, "roll 100d6", "red").built[0].event.rolls[0].dice
    rb = games.post(b, "roll 100d6", "red").built[0].event.rolls[0].dice
    assert ra != rb


def test_the_game_is_created_once(tmp_path):
    db = make_game(tmp_path)
    game, _ = state(db)
    assert codes(db, "referee", game.created) == ["game/created-twice"]


def test_after_the_end_only_notes_rulings_and_reveals(tmp_path):
    db = make_game(tmp_path)
    games.post(db, "roll 2d6\nend turn", "red")
    games.post(db, "roll 2d6", "blue")
    games.post(db, "end game red wins on points", "referee")
    for text, actor, code in [("roll 1d6", "red", "game/ended"), ("end turn", "blue", "game/ended"),
                              ("end game again", "referee", "game/ended"), ("seed late", "red", "game/ended")]:
        with pytest.raises(Rejected, match=code):
            games.post(db, text, actor)
    games.post(db, "note gg", "blue")
    games.post(db, "ruling the result stands because both agreed", "referee")
    posted = games.reveal(db)  # the open epoch too: no roll can follow
    assert [b.event.action.epoch for b in posted.built] == [1, 2]
    report = verify(open_source(db))
    assert report.ok and report.rolls == {"verified": 2}
    game, st = state(db)
    assert st.core.ended == "red wins on points"


def test_rulings_are_the_referees(tmp_path):
    db = make_game(tmp_path)
    with pytest.raises(Rejected, match="ruling/not-referee"):
        games.post(db, "ruling x because y", "red")
    games.post(db, "ruling x because y", "referee")
    assert state(db)[1].core.rulings == 1


# -- engine ------------------------------------------------------------------------------

def test_a_post_is_legal_line_by_line_in_the_state_its_predecessors_left(tmp_path):
    """Line 3 is illegal only because line 2 handed the decision to blue: lines 1-2 stand, and lines 3-4
    are held back, not applied, the refusal of line 3 said (issue "A forum game that flows")."""
    db = make_game(tmp_path)
    before = event_rows(db)
    posted = games.post(db, "roll 2d6\nend turn\nend turn\nnote never stored", "red")
    assert len(event_rows(db)) == len(before) + 3 and posted.held is not None  # the post's record and lines 1-2
    assert posted.held.handed_by == 2 and [pl.line for pl in posted.held.lines] == [3, 4]
    assert re.match(r"^line 3: .*turn/not-yours", posted.held.refused) and posted.held.now.startswith("blue: ")
    with pytest.raises(Rejected, match=r"^line 1: .*turn/not-yours"):
        games.post(db, "end turn\nnote never stored", "red")
    game, st = state(db)
    built, held = build_all(game, st, "blue", [PostLine(1, Note(text="a")), PostLine(2, EndTurn())], lambda e: b"\x01" * 32)
    assert held is None
    assert [b.event.seq for b in built] == [st.core.seq + 1, st.core.seq + 2] and built[1].before == built[0].after
    assert built[1].event.prev == built[0].hash


def test_envelope_marks_follow_the_ruleset(tmp_path):
    db = make_game(tmp_path)
    games.post(db, "roll 2d6\nend turn", "red")
    games.post(db, "roll 2d6\nend turn", "blue")
    games.reveal(db)
    events = [json.loads(line) for line in export_log(db).read_text().splitlines()]
    assert [(e["seq"], e["actor"], e["turn"], e["epoch"], e["phase"]) for e in events] == [
        (1, "referee", 0, 0, "setup"), (2, "red", 1, 1, "play"), (3, "red", 1, 1, "play"), (4, "red", 1, 1, "play"),
        (5, "blue", 2, 2, "play"), (6, "blue", 2, 2, "play"), (7, "blue", 2, 2, "play"), (8, "referee", 3, 3, "play"),
        (9, "referee", 3, 3, "play")]  # each post's record (2, 5) is marked as the events it makes


def test_reported_values_in_a_committed_game_are_bad_input(tmp_path):
    db = make_game(tmp_path)
    game, st = state(db)
    with pytest.raises(BadInput, match="line 4"):
        build(game, st, "red", PostLine(4, RollDice(expr="2d6"), (3, 4)), lambda e: b"\x01" * 32)


def test_a_bad_expression_reaching_the_ruleset_is_a_violation_not_a_crash(tmp_path):
    db = make_game(tmp_path)
    assert codes(db, "red", RollDice(expr="2d0")) == ["roll/bad-expression"]
    game, st = state(db)
    with pytest.raises(Rejected, match="line 1"):
        build(game, st, "red", PostLine(1, RollDice(expr="banana")), lambda e: b"\x01" * 32)


def test_a_stored_roll_that_resolution_does_not_ask_for_fails_verify_at_its_seq(tmp_path):
    db = make_game(tmp_path)
    games.post(db, "roll 2d6 for volley\nnote x", "red")
    lines = export_log(db).read_bytes().splitlines()
    for edit, kind in [(lambda e: e["rolls"][0].update(purpose="something else"), "apply"),
                       (lambda e: e["rolls"].append({"purpose": "extra", "expr": "1d6", "dice": [3], "side": ""}), "apply"),
                       (lambda e: e["rolls"][0].update(dice=[3, 4, 5]), "apply")]:
        event = json.loads(lines[2])  # seq 2 is the post's record
        edit(event)
        edited = lines[:2] + [json.dumps(event, separators=(",", ":")).encode()] + lines[3:]
        path = tmp_path / "edited.jsonl"
        path.write_bytes(b"".join(x + b"\n" for x in rechain(edited)))
        report = verify(open_source(path))
        assert not report.ok and report.problems[0].seq == 3 and report.problems[0].kind == kind, report.problems
    # and a note that suddenly carries a roll
    event = json.loads(lines[3])
    event["rolls"] = [{"purpose": "x", "expr": "1d6", "dice": [3], "side": ""}]
    path.write_bytes(b"".join(x + b"\n" for x in rechain(lines[:3] + [json.dumps(event).encode()])))
    report = verify(open_source(path))
    assert not report.ok and report.problems[0].seq == 4


def test_a_game_whose_data_does_not_match_its_pinned_digest_fails_verify(tmp_path):
    db = make_game(tmp_path)
    lines = export_log(db).read_bytes().splitlines()
    first = json.loads(lines[0])
    first["action"]["data"]["tables"]["morale"] = {"source": "ours", "provisional": True}
    path = tmp_path / "edited.jsonl"
    path.write_bytes(b"".join(x + b"\n" for x in rechain([json.dumps(first).encode()] + lines[1:])))
    report = verify(open_source(path))
    assert not report.ok and report.problems[0].seq == 1


# -- ruledata and errors -------------------------------------------------------------------------

def test_tables_files(tmp_path, cli_fast):
    from adjudicator.ruledata import merge_tables, read_toml

    bad = tmp_path / "bad.toml"
    bad.write_text("this is = = not toml")
    with pytest.raises(BadInput, match="bad.toml"):
        read_toml(bad)
    with pytest.raises(BadInput, match="unknown table"):
        merge_tables({"crt": {"source": "x"}}, {"crt": {}, "morale": {}})
    assert merge_tables({"crt": {"a": 1}, "m": {"b": 2}}, {"crt": {"a": 3}}) == {"crt": {"a": 3}, "m": {"b": 2}}
    extra = tmp_path / "extra.toml"
    extra.write_text('[crt]\nsource = "mine"\n')
    r = cli_fast("new", tmp_path / "t.db", "--ruleset", "freeform", "--player", "red", "--tables", extra)
    assert r.returncode == 2 and "unknown table" in r.stderr
    assert not (tmp_path / "t.db").exists() and not (tmp_path / "t.db.secret").exists()


def test_error_classes_carry_their_exit_codes():
    assert (Rejected("x").exit_code, BadInput("x").exit_code, Conflict("x").exit_code) == (1, 2, 3)
    assert all(issubclass(c, AdjudicatorError) for c in (Rejected, BadInput, Conflict))

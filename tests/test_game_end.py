"""Who may end a game (issue 14, item 6): the referee with `end game RESULT`; a side only by
conceding for itself, `concede [TEXT]` ("SIDE concedes: TEXT"); the rules through the ruleset's
result. A player's `end game` is refused live and fails verify in a forged log."""

from __future__ import annotations

import json

import pytest

from adjudicator import games
from adjudicator.errors import Rejected
from adjudicator.report import outcome
from conftest import event_rows, export_log, make_game, rechain, run_cli_inprocess


def test_a_player_may_not_end_the_game_mid_game(tmp_path):
    """The issue's repro: any player could post `end game <any text>` mid-game."""
    db = make_game(tmp_path)
    games.post(db, "roll 2d6 for volley", "red")
    before = event_rows(db)
    turn = tmp_path / "t.txt"
    turn.write_text("note we are winning\nend game red wins by a mile\n")
    r = run_cli_inprocess("post", db, turn, "--as", "red")
    assert r.returncode == 1 and "line 2:" in r.stderr and "[end/not-referee]" in r.stderr, r.stderr
    assert "concede" in r.stderr  # the message says what a side may do
    assert event_rows(db) == before
    with pytest.raises(Rejected, match="end/not-referee"):
        games.post(db, "end game blue wins", "blue")


def test_a_side_concedes_for_itself_and_the_game_is_over(tmp_path):
    db = make_game(tmp_path)
    games.post(db, "roll 2d6", "red")
    posted = games.post(db, "concede red holds the farm at dusk", "blue")
    assert outcome(posted.game, posted.built[0]) == ["game over: blue concedes: red holds the farm at dusk"]
    status = json.loads(run_cli_inprocess("status", db, "--json").stdout)
    assert status["ended"] == "blue concedes: red holds the farm at dusk" and status["awaiting"] == []
    for text, actor in (("roll 1d6", "red"), ("concede too", "red"), ("end game again", "referee")):
        with pytest.raises(Rejected, match="game/ended"):
            games.post(db, text, actor)
    games.post(db, "note well played", "red")  # notes, rulings and reveals still may follow
    games.reveal(db)


def test_a_concession_without_text_and_the_referee_who_may_not_concede(tmp_path):
    db = make_game(tmp_path)
    with pytest.raises(Rejected, match="concede/not-a-side"):
        games.post(db, "concede", "referee")
    games.post(db, "concede", "red")
    assert games.state_at(db)[1].core.ended == "red concedes"


def test_the_referee_ends_the_game(tmp_path):
    db = make_game(tmp_path)
    games.post(db, "end game abandoned: both players agree", "referee")
    assert games.state_at(db)[1].core.ended == "abandoned: both players agree"


def test_a_forged_log_in_which_a_player_ends_the_game_fails_verify(tmp_path):
    """The referee's `end game` rewritten as red's, re-chained by the README's formula."""
    db = make_game(tmp_path)
    games.post(db, "roll 2d6", "red")
    games.post(db, "end game red wins", "referee")
    lines = export_log(db).read_bytes().splitlines()
    assert b'"actor":"referee"' in lines[-1]
    lines[-1] = lines[-1].replace(b'"actor":"referee"', b'"actor":"red"')
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    r = run_cli_inprocess("verify", forged)
    assert r.returncode == 1 and "seq 5: red:" in r.stdout and "[end/not-referee]" in r.stdout, r.stdout


def test_a_concession_ends_a_board_game_in_its_own_state_too(tmp_path):
    """paris and brigade keep the result in their state (`replay`, the map): a concession sets it as
    the referee's `end game` does."""
    from adjudicator.engine import game_over

    db = tmp_path / "p.db"
    games.new_game(db, "paris", ["huguenot", "catholic"], scenario="dreux-1562", dice_mode="reported")
    games.post(db, "concede the Catholic army holds the field", "huguenot")
    game, state = games.state_at(db)
    assert state.rules.result == "huguenot concedes: the Catholic army holds the field" and state.rules.phase == "over"
    assert game_over(game, state) and game.ruleset.awaiting(state.rules) == []
    db = tmp_path / "b.db"
    games.new_game(db, "brigade", ["british", "french"], scenario="peninsula", dice_mode="reported")
    with pytest.raises(Rejected, match="end/not-referee"):
        games.post(db, "end game we won", "french")
    games.post(db, "concede", "french")
    state = games.state_at(db)[1]
    assert state.rules.over and state.rules.result == "french concedes"

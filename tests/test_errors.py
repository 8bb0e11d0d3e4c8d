"""The user's errors are typed, each with its exit code; a bug in a ruleset's apply is never taken
for bad input (exit 4, not 2)."""

from __future__ import annotations

import pytest

from adjudicator import games
from adjudicator.errors import BadInput, NotationError, ReportedDiceError
from conftest import make_game, run_cli_inprocess


def test_an_unreadable_post_is_a_notation_error_and_bad_input(tmp_path):
    db = make_game(tmp_path)
    with pytest.raises(NotationError, match="line 1: unknown action 'dance'") as e:
        games.post(db, "dance a jig", "red")
    assert isinstance(e.value, BadInput) and e.value.exit_code == 2


def test_faces_that_do_not_fit_are_a_reported_dice_error(tmp_path):
    db = make_game(tmp_path, dice="reported")
    with pytest.raises(ReportedDiceError, match="7 is not a face of 1d6") as e:
        games.post(db, "roll 1d6\nrolled 7", "red")
    assert e.value.exit_code == 2
    with pytest.raises(ReportedDiceError, match="committed secret"):
        games.post(make_game(tmp_path, "c"), "roll 1d6\nrolled 3", "red")


def test_a_bug_in_a_rulesets_apply_is_an_internal_error_not_bad_input(tmp_path, monkeypatch):
    """engine.build used to turn any ValueError from apply into exit 2: a bug looked like the player's fault."""
    from adjudicator.rulesets.freeform import apply as steps
    from events.freeform import RollDice

    db = make_game(tmp_path)

    def broken(d, event):
        raise ValueError("a bug")

    monkeypatch.setitem(steps.STEPS, RollDice, broken)
    r = run_cli_inprocess("post", str(db), "-", "--as", "red", input="roll 1d6\n")
    assert r.returncode == 4 and "internal error" in r.stderr and "a bug" in r.stderr

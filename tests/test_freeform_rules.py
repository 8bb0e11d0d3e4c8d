"""The freeform ruleset: turn order, rolls, epochs. Its rules are the engine's own (README)."""

from __future__ import annotations

import pytest

from adjudicator import games
from adjudicator.errors import BadInput, Rejected


@pytest.fixture
def game(tmp_path):
    db = tmp_path / "g.db"
    games.new_game(db, "freeform", ["red", "blue", "green"])
    return db


def test_players_take_turns_in_the_order_they_were_named(game):
    """'Players take turns in the order they were named; every player-turn is one dice epoch.'"""
    games.post(game, "end turn", "red")
    games.post(game, "end turn", "blue")
    _, state = games.state_at(game)
    assert state.rules.to_play == "green" and state.rules.turn == 3


def test_only_the_player_to_play_or_the_referee_ends_a_turn(game):
    with pytest.raises(Rejected, match=r"turn/not-yours"):
        games.post(game, "end turn", "blue")
    games.post(game, "end turn", "referee")
    _, state = games.state_at(game)
    assert state.rules.to_play == "blue"


def test_anyone_may_roll_at_any_time(game):
    """A defender's saving throw in the attacker's turn."""
    posted = games.post(game, "roll 1d6 for saving throw", "blue")
    roll = posted.built[0].event.rolls[0]
    assert roll.purpose == "saving throw" and roll.expr == "1d6" and 1 <= roll.dice[0] <= 6


def test_each_turn_is_its_own_dice_epoch(game):
    first = games.post(game, "roll 2d6\nend turn", "red")
    second = games.post(game, "roll 2d6", "blue")
    assert first.built[0].event.epoch == 1 and second.built[0].event.epoch == 2


def test_a_bad_dice_expression_is_bad_input_naming_the_line(game):
    with pytest.raises(BadInput, match=r"line 2: roll: .*not a dice expression"):
        games.post(game, "note fine\nroll 2q6", "red")


def test_a_rejected_post_writes_nothing(game):
    before = games.state_at(game)[1].core.head
    with pytest.raises(Rejected):
        games.post(game, "roll 1d6\nend turn\nend turn", "blue")  # blue's first end turn is already refused
    assert games.state_at(game)[1].core.head == before


def test_the_d10_of_seed_000_is_read_0_to_9(game):
    faces = set()
    for _ in range(8):
        posted = games.post(game, "\n".join(["roll 5d10z"] * 10), "red")
        faces.update(d for b in posted.built for d in b.event.rolls[0].dice)
    assert faces == set(range(10))

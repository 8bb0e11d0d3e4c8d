"""Random legal play of `skirmish` through the real engine: whole games end and verify; every listed
legal action is accepted and prints back in the notation; replaying the log gives, at every event,
the state the engine built when it was posted (from scratch, from snapshots, through verify)."""

from __future__ import annotations

import hashlib
import random

import pytest

from adjudicator import games, store as store_module
from adjudicator.engine import build, violations
from adjudicator.logsource import open_source
from adjudicator.notation import PostLine, format_action, parse
from adjudicator.rulesets import get
from adjudicator.simulate import simulate
from adjudicator.store import Store
from adjudicator.verify import verify
from test_engine_properties import _fold_from_scratch

RULESET = get("skirmish")


def played_to_the_end(db, scenario: str, seed: int):
    """A random game (simulate: a side the game waits for, one of its legal actions, until the rules
    end it), verified whole with every roll re-derived; the state verify rebuilt."""
    head = simulate(db, "skirmish", seed=seed, scenario=scenario, events=20_000)
    report = verify(open_source(db))
    problems = report.problems
    assert report.ok and report.head == head, problems
    assert report.rolls["mismatched"] == 0 and report.rolls["unrevealed"] == 0 < report.rolls["verified"], report.rolls
    return report.state.rules


@pytest.mark.parametrize("scenario", sorted(RULESET.scenarios))
def test_a_random_game_reaches_its_end_and_verifies(tmp_path, scenario):
    rules = played_to_the_end(tmp_path / "g.db", scenario, seed=7)
    assert rules.result and rules.phase == "over" and RULESET.awaiting(rules) == []


def _play(db, scenario: str, seed: int, events: int, check_all: bool):
    """Random legal play through engine.build, keeping the state after every event; with
    `check_all`, every legal action of the side is checked and printed back first."""
    top = hashlib.sha256(f"skirmish test {seed}".encode()).digest()
    posted = games.new_game(db, "skirmish", ["red", "blue"], scenario=scenario, secret_top=top, epochs=64)
    game, state = posted.game, posted.built[0].after
    rng = random.Random(seed)
    chain = [top]
    for _ in range(64):
        chain.append(hashlib.sha256(chain[-1]).digest())
    incremental = {1: state}
    built = []
    while state.core.seq < events and RULESET.awaiting(state.rules):
        side = rng.choice(RULESET.awaiting(state.rules)).side
        choices = RULESET.legal_actions(state.rules, side)
        assert choices, (state.core.seq, side)
        for a in choices if check_all else ():
            assert violations(game, state, side, a) == [], a
            text = format_action(a, game.verbs)
            assert parse(text, game.verbs, side).lines[0].action == a, text
        b = build(game, state, side, PostLine(0, rng.choice(choices)), lambda e: chain[64 - e])
        built.append(b)
        state = b.after
        incremental[state.core.seq] = state
    with Store(db) as store:
        store.append(game.created.game, posted.head, [(b.event.seq, b.hash, b.body) for b in built],
                     games.snapshots_for(game, built))
    return game, incremental


@pytest.mark.parametrize("scenario", sorted(RULESET.scenarios))
def test_every_legal_action_is_accepted_and_prints_back(tmp_path, scenario):
    _play(tmp_path / "g.db", scenario, seed=3, events=150, check_all=True)


@pytest.mark.parametrize("scenario", sorted(RULESET.scenarios))
def test_replay_equals_the_state_built_at_every_event(tmp_path, scenario, monkeypatch):
    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 7)
    monkeypatch.setattr(games, "SNAPSHOT_EVERY", 7)
    db = tmp_path / "g.db"
    game, incremental = _play(db, scenario, seed=5, events=300, check_all=False)
    scratch = _fold_from_scratch(game, db)
    for seq in range(1, len(scratch)):
        assert scratch[seq] == incremental[seq], f"a fold from scratch differs at seq {seq}"
        assert games.state_at(db, seq)[1] == incremental[seq], f"state_at (snapshots) differs at seq {seq}"
    for seq in range(2, len(scratch), 37):
        report = verify(open_source(db), upto=seq)
        assert report.ok and report.state == incremental[seq], seq

"""In random valid games of every ruleset, any die changed and the log re-chained with the README's
formula is caught whenever a reveal at or above its epoch exists, and reported "unrevealed" otherwise.

Each game is played by `simulate` without reveals; the referee then reveals one closed epoch k, through
the engine (a reveal of epoch k reveals every epoch below it), or nothing (k = 0).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.core import REFEREE, SecretRevealed
from adjudicator import dicecheck, games, rulesets, secrets
from adjudicator.audit import audit
from adjudicator.chain import to_line
from adjudicator.core import last_closed_epoch
from adjudicator.dice import parse_expr
from adjudicator.engine import build, game_over
from adjudicator.logsource import open_source
from adjudicator.notation import PostLine
from adjudicator.simulate import simulate
from adjudicator.verify import verify
from test_verify_forgeries import dump, readme_chain

EVENTS = 400  # a few turns of every board game (brigade: 3 closed at seed 7); freeform runs one player-turn in about ten events


class Game(tuple):
    """(name, {k: the log's lines with epoch k revealed, 0 for none}), with a short repr."""

    def __repr__(self) -> str:
        return f"Game({self[0]}, reveals {sorted(self[1])})"


@pytest.fixture(scope="module", params=sorted(rulesets.names()))
def played(request, tmp_path_factory) -> Game:
    name = request.param
    d = tmp_path_factory.mktemp(name)
    db = d / "game.db"
    simulate(db, name, seed=7, events=EVENTS, reveal=False)
    log = games.export(db, d / "game.jsonl") and d / "game.jsonl"
    lines = log.read_bytes().splitlines()
    report = verify(open_source(log), check_rolls=False)
    game, state = report.context, report.state
    closed = last_closed_epoch(game.ruleset.epoch(state.rules), game_over(game, state), state.core.epochs)
    assert closed >= 2, f"{name}: play longer, so that a reveal can skip an epoch"
    secret = secrets.load(secrets.secret_path(db), game.created.game, game.created.dice.anchor)
    logs = {0: lines}
    for k in sorted({1, closed // 2 + 1, closed}):
        b = build(game, state, REFEREE, PostLine(0, SecretRevealed(epoch=k, secret=secret.for_epoch(k).hex())),
                  secret.for_epoch)
        logs[k] = lines + [to_line(b.body, b.hash)]
    return Game((name, logs))


def _case(played: Game, tmp_path: Path, data) -> None:
    name, logs = played
    k = data.draw(st.sampled_from(sorted(logs)), label="revealed epoch")
    events = [json.loads(line) for line in logs[k]]
    rolled = [(n, i) for n, e in enumerate(events) for i in range(len(e["rolls"]))]
    assert rolled, f"{name}: no rolls"
    n, i = data.draw(st.sampled_from(rolled), label="event index, roll")
    roll = events[n]["rolls"][i]
    expr = parse_expr(roll["expr"])
    j = data.draw(st.integers(0, len(roll["dice"]) - 1), label="die")
    roll["dice"][j] = data.draw(st.sampled_from([f for f in range(expr.low, expr.high + 1) if f != roll["dice"][j]]),
                                label="new face")
    log = tmp_path / "forged.jsonl"
    log.write_bytes(b"".join(line + b"\n" for line in readme_chain([dump(e) for e in events])))
    seq, epoch = events[n]["seq"], events[n]["epoch"]

    created = verify(open_source(log), check_rolls=False).context.created
    counts, failures = dicecheck.check_beside(open_source(log), created, None, lenient=True)
    verdicts: dict[tuple[int, int], str] = {}
    result = audit(open_source(log), lambda ev, index, r, verdict: verdicts.__setitem__((ev.seq, index), verdict),
                   lenient=True)
    if epoch <= k:
        report = verify(open_source(log))
        assert [(p.seq, p.kind) for p in report.problems] == [(seq, "dice")], (name, k, epoch, report.problems)
        assert verdicts[(seq, i)] == "mismatched" and (seq, "dice") in [(s, kind) for s, kind, _ in failures]
    else:
        assert verdicts[(seq, i)] == "unrevealed", (name, k, epoch)
        assert not any(s == seq for s, _, _ in failures)
        assert not any(p.kind == "dice" for p in result.report.problems)


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


@settings(max_examples=6, **SETTINGS)
@given(data=st.data())
def test_a_changed_die_is_caught_once_a_reveal_at_or_above_its_epoch_exists(played, tmp_path, data):
    _case(played, tmp_path, data)


@pytest.mark.soak
@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_a_changed_die_is_caught_once_a_reveal_at_or_above_its_epoch_exists_soak(played, tmp_path, data):
    _case(played, tmp_path, data)

"""The steps' contract with the engine (through its draft): a state once returned is never changed, and the next
state shares every piece an event did not touch (no copy of the whole army per event)."""

from __future__ import annotations

import msgspec
import pytest

from events import brigade as ev
from adjudicator.engine import load_game, replay_event, start
from adjudicator.logsource import open_source
from conftest import LOGS
from test_brigade_helpers import apply, turn_to, with_orders

GOLDEN = LOGS / "brigade-peninsula" / "game.jsonl"


def test_folding_the_shipped_game_never_changes_a_state_already_returned():
    rows = [body for _, body, _ in open_source(GOLDEN).rows()]
    game = load_game(rows[0])
    state = start(game)
    kept = [(state.rules, msgspec.msgpack.encode(state.rules))]
    for n, body in enumerate(rows[1:], 2):
        state = replay_event(game, state, game.decode(body, f"seq {n}"))
        kept.append((state.rules, msgspec.msgpack.encode(state.rules)))
    assert len(kept) == len(rows) and state.rules.over
    for n, (rules, encoded) in enumerate(kept, 1):
        assert msgspec.msgpack.encode(rules) == encoded, f"the state after seq {n} was changed afterwards"


def test_a_casualty_replaces_one_unit_and_shares_every_other_piece():
    before = turn_to(with_orders(), "melee")
    after = apply(before, "referee", ev.Casualties(unit="f6l", count=1))
    assert after.units["f6l"].strength == before.units["f6l"].strength - 1
    assert all(after.units[k] is u for k, u in before.units.items() if k != "f6l")
    assert after.generals is before.generals and after.brigades is before.brigades
    assert after.places is before.places and after.tables is before.tables


def test_pieces_are_frozen():
    s = with_orders()
    with pytest.raises(AttributeError):
        s.units["f6l"].status = "routed"
    with pytest.raises(AttributeError):
        s.brigades["kempt"].order.kind = "hold"

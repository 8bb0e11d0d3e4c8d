"""Synthetic games: random legal play through the real engine, written in large batches.

The choice of actions uses a seeded random.Random (a simulation, not dice); the dice
come from a secret derived from the seed, so the same seed gives the same game. The
secret file is written as for any game, and closed epochs are revealed as play goes.
Where the rules ask a side to seal orders, it seals one of the ruleset's sample sets with
a salt from the same generator, keeps the salt as a player would, and opens them when the
rules let it: no salt is derived from the game and the side.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from pathlib import Path

from events.core import REFEREE, Action, OrdersSealed, OrdersUnsealed, SecretRevealed
from adjudicator import rulesets
from adjudicator.core import GameState
from adjudicator.engine import Built, Game, build, violations
from adjudicator.errors import BadInput
from adjudicator.games import Posted, snapshots_for, new_game
from adjudicator.notation import PostLine
from adjudicator.sealed import commitment
from adjudicator.store import Store

BATCH = 5_000


def simulate(
    out: str | Path,
    ruleset_name: str,
    *,
    seed: int,
    events: int | None = None,
    players: list[str] | None = None,
    scenario: str | None = None,
    options: Sequence[str] = (),
    reveal: bool = True,
) -> tuple[int, str]:
    rs = rulesets.get(ruleset_name)
    if events is not None and events < 2:
        raise BadInput("--events: at least 2")
    rng = random.Random(seed)
    top = hashlib.sha256(b"adj-sim1\x00" + str(seed).encode()).digest()
    limit = events or 1_000_000
    # every event can close an epoch at most once; a whole board game fits the default chain
    epochs = max(rs.default_epochs, events + 1) if events else rs.default_epochs
    created: Posted = new_game(out, rs.name, players or ["red", "blue"], scenario=scenario,
                               options=list(options), epochs=epochs, secret_top=top)
    chain = [top]  # chain[i] = s_{N-i}: one pass down the chain instead of one per epoch
    for _ in range(epochs):
        chain.append(hashlib.sha256(chain[-1]).digest())

    def secret_for(epoch: int) -> bytes:
        return chain[epochs - epoch]

    game, state = created.game, created.built[0].after
    head = created.head
    pending: list[Built] = []
    with Store(out) as store:
        def flush() -> None:
            nonlocal head, pending
            if pending:
                rows = [(b.event.seq, b.hash, b.body) for b in pending]
                head = store.append(game.created.game, head, rows, snapshots_for(game, pending))
                pending = []

        play = RandomPlay(game, rng)
        while state.core.seq < limit and not state.core.ended:
            chosen = play.choose(state)
            if chosen is None:
                break
            actor, action = chosen
            b = build(game, state, actor, PostLine(0, action), secret_for)
            pending.append(b)
            state = b.after
            closed = rs.epoch(state.rules) - 1
            if reveal and state.core.dice_mode == "committed":
                for e in range(state.core.revealed_epoch + 1, closed + 1):
                    if state.core.seq >= limit:
                        break
                    b = build(game, state, REFEREE, PostLine(0, SecretRevealed(epoch=e, secret=secret_for(e).hex())), secret_for)
                    pending.append(b)
                    state = b.after
            if len(pending) >= BATCH:
                flush()
        flush()
    return head


class RandomPlay:
    """Random legal play through the real engine: among the sides the game waits for, one picked at
    random, and one of its legal actions; where the rules ask for sealed orders, a random legal set
    sealed with the side's own random salt (never one derived from the game), opened once the rules
    allow it. `after` names a side that goes on posting while the game still waits for it (a post
    is a side's actions until the decision passes to another), instead of a side picked at random.
    `eager`, for scripted play: how often a side that could act takes an action that is not one of
    the ruleset's rests (passing, ending an activation): random play passes far more than players do."""

    def __init__(self, game: Game, rng: random.Random, eager: float = 0.0):
        self.game, self.rng, self.eager = game, rng, eager
        self.held: dict[str, OrdersUnsealed] = {}  # each side's sealed orders, as it keeps them to open them later

    def choose(self, state: GameState, after: str = "") -> tuple[str, Action] | None:
        rs, rng = self.game.ruleset, self.rng
        waiting = rs.awaiting(state.rules)
        if not waiting:
            return None
        actor = after if after in [a.side for a in waiting] else rng.choice(waiting).side
        choices = rs.legal_actions(state.rules, actor)
        sets = rs.sealable_orders(state.rules, actor) if rs.sealable_orders else []
        if sets:
            orders, salt = rng.choice(sets), rng.randbytes(32)
            self.held[actor] = OrdersUnsealed(label=f"orders-{actor}", salt=salt.hex(), orders=orders)
            choices = [OrdersSealed(label=f"orders-{actor}",
                                    commitment=commitment(self.game.created.game, actor, orders, salt))]
        elif actor in self.held and not violations(self.game, state, actor, self.held[actor]):
            choices = [self.held.pop(actor)]
        if not choices:
            raise BadInput(f"simulate: {actor} has no legal action at seq {state.core.seq} (a ruleset bug)")
        if self.eager and rs.rests:
            busy = [a for a in choices if type(a) not in rs.rests]
            if busy and rng.random() < self.eager:  # a player acts rather than passes, most of the time
                choices = busy
        return actor, rng.choice(choices)

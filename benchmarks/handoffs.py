"""Hand-offs per game turn: how often a forum game changes hands.

A game is played by random legal play through the real engine (adjudicator.simulate.RandomPlay),
in memory: before the first turn each side gives every standing order its ruleset's notation
allows (the ruleset's play.standing_orders), and a post is all a side does while the game still
waits for it, as a player writes a whole activation in one post; a side acts rather than passes
nine times in ten (the ruleset's play.RESTS: passing, ending an activation). A hand-off is a post by another
poster than the last one (the referee entering results is a poster too); the figure is the
hand-offs over the game turns played.

    python3 benchmarks/handoffs.py paris          # one line: the ruleset and its hand-offs per turn
"""

from __future__ import annotations

import hashlib
import random
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from events.core import REFEREE, DiceCommitment, GameCreated  # noqa: E402
from adjudicator import rulesets  # noqa: E402
from adjudicator.dice import hash_down  # noqa: E402
from adjudicator.engine import at_head, build, creation_event, data_digest, load_game, start  # noqa: E402
from adjudicator.notation import PostLine  # noqa: E402
from adjudicator.simulate import RandomPlay  # noqa: E402

EPOCHS = 64
PLAYERS = ("red", "blue")
EAGER = 0.9  # a side that could act rather than pass (or end its activation) does so nine times in ten


@dataclass(frozen=True)
class Played:
    handoffs: int
    turns: int
    events: int
    ended: bool

    @property
    def per_turn(self) -> float:
        return self.handoffs / max(1, self.turns)


def play(ruleset: str, seed: int, scenario: str | None = None, cap: int = 4_000) -> Played:
    """One scripted game of `ruleset`, to its end or `cap` events."""
    rs = rulesets.get(ruleset)
    scenario = scenario or next(iter(rs.scenarios), None)
    data = {"scenario": rs.scenarios[scenario].data if scenario else {}, "tables": dict(rs.tables)}
    top = hashlib.sha256(b"adj-handoffs\x00" + str(seed).encode()).digest()
    created = GameCreated(game="handoffs", ruleset=rs.name, players=PLAYERS, scenario=scenario or "", data=data,
                          data_digest=data_digest(data),
                          dice=DiceCommitment(mode="committed", epochs=EPOCHS, anchor=hash_down(top, EPOCHS).hex()))
    _, body, digest = creation_event(created)
    game = load_game(body)
    state = at_head(start(game), 1, digest)

    def secret_for(epoch: int) -> bytes:
        return hash_down(top, EPOCHS - epoch)

    for side in PLAYERS:  # before the first turn: every standing order the notation allows
        for action in rs.standing_orders(state.rules, side) if rs.standing_orders else []:
            state = build(game, state, side, PostLine(0, action), secret_for).after
    policy, last, handoffs, first_turn = RandomPlay(game, random.Random(seed), EAGER), "", 0, rs.turn(state.rules)
    while state.core.seq < cap and not state.core.ended:
        chosen = policy.choose(state, after=last)
        if chosen is None:
            break
        actor, action = chosen
        if actor != last:
            handoffs += last != ""  # the first post hands nothing off
            last = actor
        state = build(game, state, actor, PostLine(0, action), secret_for).after
    turns = rs.turn(state.rules) - first_turn + 1
    return Played(handoffs, turns, state.core.seq, not rs.awaiting(state.rules))


if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "paris"
    games = [play(name, seed) for seed in (1, 2, 3)]
    mean = sum(g.handoffs for g in games) / sum(g.turns for g in games)
    print(f"handoffs {name} {mean:.1f} ({', '.join(f'{g.handoffs} in {g.turns} turns' for g in games)})")
    _ = REFEREE

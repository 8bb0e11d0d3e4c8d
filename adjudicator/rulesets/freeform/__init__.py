"""`freeform`: a verifiable dice log for any game, with no board rules.

Players take turns in the order they were named; every player-turn is one dice epoch, closed by
`end turn`. Anyone may roll or note at any time (a defender's saving throw in the attacker's
turn); only the player whose turn it is, or the referee, ends it. It has no map and no standing
orders, so it has no `render` or `decide` module.
"""

from __future__ import annotations

from adjudicator.ruleset import assemble

RULESET = assemble(
    __name__,
    title="Freeform: a verifiable dice log for any game",
    source="no rule text: the engine's own rules only",
)

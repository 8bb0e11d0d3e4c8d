"""`freeform`: a verifiable dice log for any game, with no board rules.

Players take turns in the order they were named; every player-turn is one dice epoch, closed by
`end turn`. Anyone may roll or note at any time (a defender's saving throw in the attacker's
turn); only the player whose turn it is, or the referee, ends it. It has no map and no standing
orders, so it has no `render` or `decide` module.
"""

from __future__ import annotations

from events.freeform import ACTIONS
from adjudicator.ruleset import Ruleset
from adjudicator.rulesets.freeform.apply import STEPS
from adjudicator.rulesets.freeform.codes import CODES
from adjudicator.rulesets.freeform.notation import VERBS
from adjudicator.rulesets.freeform.phases import PHASES
from adjudicator.rulesets.freeform.play import legal_actions
from adjudicator.rulesets.freeform.setup import setup
from adjudicator.rulesets.freeform.state import FreeformState
from adjudicator.rulesets.freeform.validate import CHECKS

RULESET: Ruleset[FreeformState] = Ruleset(
    name="freeform",
    title="Freeform: a verifiable dice log for any game",
    source="no rule text: the engine's own rules only",
    state_type=FreeformState,
    actions=ACTIONS,
    verbs=VERBS,
    setup=setup,
    phases=PHASES,
    checks=CHECKS,
    steps=STEPS,
    legal_actions=legal_actions,
    turn=lambda s: s.turn,
    phase=lambda s: "play",
    epoch=lambda s: s.turn,
    result=lambda s: "",
    codes=CODES,
)

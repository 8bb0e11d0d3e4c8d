"""Every violation code `freeform` gives, and the rule it enforces."""

from __future__ import annotations

RULE = "freeform"

CODES = {
    "roll/bad-expression": "a roll is a dice expression the engine can roll (see the README's grammar)",
    "end-turn/not-now": "a turn is ended in play",
    "end-turn/not-yours": "only the player whose turn it is, or the referee, ends it",
}

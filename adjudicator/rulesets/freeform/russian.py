"""`freeform` in Russian: its two verbs (a roll's purpose is the player's own text)."""

from __future__ import annotations

from adjudicator.aliases import Aliases

SEEDS: tuple[str, ...] = ()
SECTIONS: dict[str, str] = {}
SIDES: dict[str, str] = {}
PHASES = {"play": "игра"}

ALIASES = Aliases(
    verbs={"roll": "бросок", "end turn": "конец хода"},
    free=frozenset({"roll"}),
    phrases={"roll": {" for ": " для "}},
    # `for` as its form writes it (`roll EXPR [for PURPOSE]`); the placeholders are the engine's (aliases.CORE)
    words={"for": "для"},
)

# The game system's title for a Russian reader (`rulesets`, `help`, the report page)
TITLE = "Свободная игра: проверяемый журнал бросков для любой игры"

# What `rulesets` shows of the ruleset's own data, for a Russian reader
SOURCE = "правил нет: только собственные правила движка"

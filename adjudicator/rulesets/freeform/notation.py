"""`roll EXPR [for PURPOSE]` and `end turn`."""

from __future__ import annotations

import re

from events.freeform import EndTurn, RollDice
from adjudicator.dice import parse_expr
from adjudicator.i18n import Msg, N_
from adjudicator.localize import Form
from adjudicator.ruleset import Verb, usage

NAME = "freeform"
_FOR = re.compile(r"\s+for\s+", re.IGNORECASE)


def _parse_roll(args: str, actor: str, body: tuple[str, ...]) -> RollDice:
    expr, purpose = (_FOR.split(args, maxsplit=1) + [""])[:2]
    if not expr.strip():
        raise usage(NAME, "roll EXPR [for PURPOSE]", Msg("e.g. {example}", example=Form(NAME, "roll 2d6+1")))
    return RollDice(expr=str(parse_expr(expr)), purpose=purpose.strip())


def _format_roll(action: RollDice) -> str:
    return f"roll {action.expr}" + (f" for {action.purpose}" if action.purpose else "")


def _parse_end(args: str, actor: str, body: tuple[str, ...]) -> EndTurn:
    if args:
        raise ValueError(Msg("`{form}` takes nothing after it", form=Form(NAME, "end turn")))
    return EndTurn()


VERBS = (
    Verb("roll", RollDice, _parse_roll, _format_roll, "roll EXPR [for PURPOSE]: roll dice, NdM, NdM+K, NdM-K or NdMz read from 0"),
    Verb("end turn", EndTurn, _parse_end, lambda a: "end turn", "end turn: close your turn and its dice epoch"),
)


WORDS = N_("a roll's purpose is your own words, shown beside its faces as written; the players take their turns in the "
           "order they were named, each turn one dice epoch")

# One line of each verb as a post writes it (`adjudicator help freeform`; a test parses each back to its verb).
EXAMPLES = {"roll": "roll 2d6+1 for 95th volley", "end turn": "end turn"}

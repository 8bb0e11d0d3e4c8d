"""`roll EXPR [for PURPOSE]` and `end turn`."""

from __future__ import annotations

import re

from events.freeform import EndTurn, RollDice
from adjudicator.dice import parse_expr
from adjudicator.ruleset import Verb

_FOR = re.compile(r"\s+for\s+", re.IGNORECASE)


def _parse_roll(args: str, actor: str, body: tuple[str, ...]) -> RollDice:
    expr, purpose = (_FOR.split(args, maxsplit=1) + [""])[:2]
    if not expr.strip():
        raise ValueError("usage: roll EXPR [for PURPOSE], e.g. roll 2d6+1 for morale")
    return RollDice(expr=str(parse_expr(expr)), purpose=purpose.strip())


def _format_roll(action: RollDice) -> str:
    return f"roll {action.expr}" + (f" for {action.purpose}" if action.purpose else "")


def _parse_end(args: str, actor: str, body: tuple[str, ...]) -> EndTurn:
    if args:
        raise ValueError("`end turn` takes nothing after it")
    return EndTurn()


VERBS = (
    Verb("roll", RollDice, _parse_roll, _format_roll, "roll EXPR [for PURPOSE]: roll dice, NdM, NdM+K, NdM-K or NdMz read from 0 (roll 2d6+1 for the 95th volley)"),
    Verb("end turn", EndTurn, _parse_end, lambda a: "end turn", "end turn: close your turn and its dice epoch (end turn)"),
)

"""The one rule of `freeform` beyond its phase: a roll is a dice expression the engine can roll."""

from __future__ import annotations

from typing import Any

from events.freeform import RollDice
from adjudicator.dice import parse_expr
from adjudicator.i18n import said
from adjudicator.ruleset import Check, Violation, violation
from adjudicator.rulesets.freeform.codes import RULE
from adjudicator.rulesets.freeform.state import FreeformState


def check_roll(s: FreeformState, actor: str, action: RollDice) -> list[Violation]:
    try:
        parse_expr(action.expr)
    except ValueError as e:
        return violation("roll/bad-expression", RULE, said(e))
    return []


CHECKS: dict[type[Any], Check[FreeformState]] = {RollDice: check_roll}

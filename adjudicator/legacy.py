"""The former ruleset contract, for the rulesets not yet written in the shape of adjudicator/ruleset.py.

A `LegacyRuleset` answers the engine as a `Ruleset` does (setup, check, apply, awaiting, render),
from the functions the former contract asked for: validate, apply returning the next state,
describe recomputing what happened. It goes once every ruleset is in the new shape.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from events.core import Action, Envelope, GameCreated
from adjudicator.dice import Dice
from adjudicator.draft import NOTHING, Outcome
from adjudicator.ruleset import Awaiting, Scenario, Verb, Violation

S = TypeVar("S")


class Told:
    """What a former-contract ruleset's describe says of an event, as a draft's outcome is read."""

    __slots__ = ("_describe", "_before", "_after", "_event")

    def __init__(self, describe: Callable[[Any, Any, Envelope[Any]], list[str]], before: Any, after: Any, event: Envelope[Any]):
        self._describe, self._before, self._after, self._event = describe, before, after, event

    def outcome(self) -> Outcome:
        lines = self._describe(self._before, self._after, self._event)
        return Outcome(tuple(lines)) if lines else NOTHING


@dataclass(frozen=True)
class LegacyRuleset(Generic[S]):
    name: str
    title: str
    source: str
    state_type: type[S]
    actions: tuple[type[Action], ...]
    verbs: tuple[Verb, ...]
    initial_state: Callable[[GameCreated], S]
    validate: Callable[[S, str, Action], list[Violation]]
    next_state: Callable[[S, Envelope[Any], Dice], S]
    waiting_for: Callable[[S], list[Awaiting]]
    legal_actions: Callable[[S, str], list[Action]]
    describe: Callable[[S, S, Envelope[Any]], list[str]]
    turn: Callable[[S], int]
    phase: Callable[[S], str]
    epoch: Callable[[S], int]
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    tables: dict[str, Any] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)
    render_svg: Callable[[S], str] | None = None
    ends: Callable[[S], str] | None = None
    tables_template: str = ""
    default_epochs: int = 10_000
    check_orders: Callable[[S, str, tuple[str, ...]], list[Violation]] | None = None
    sealable_orders: Callable[[S, str], list[tuple[str, ...]]] | None = None

    def setup(self, created: GameCreated) -> S:
        return self.initial_state(created)

    def check(self, s: S, actor: str, action: Action) -> list[Violation]:
        return self.validate(s, actor, action)

    def apply(self, s: S, event: Envelope[Any], dice: Dice) -> tuple[S, Told]:
        after = self.next_state(s, event, dice)
        return after, Told(self.describe, s, after, event)

    def awaiting(self, s: S) -> list[Awaiting]:
        return self.waiting_for(s)

    def result(self, s: S) -> str:
        return self.ends(s) if self.ends is not None else ""

    @property
    def render(self) -> Callable[[S, Outcome], str] | None:
        draw = self.render_svg
        return None if draw is None else (lambda s, outcome: draw(s))


def legacy(**kw: Any) -> LegacyRuleset[Any]:
    """A LegacyRuleset from the keywords the former `Ruleset(...)` took."""
    renames = {"apply": "next_state", "awaiting": "waiting_for", "result": "ends"}
    return LegacyRuleset(**{renames.get(k, k): v for k, v in kw.items()})

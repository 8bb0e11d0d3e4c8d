"""The contract between the engine and a game system, as plain data and functions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from events.core import Action, Envelope, GameCreated
from adjudicator.dice import Dice


class Violation(msgspec.Struct, frozen=True):
    """A broken rule: a stable code, the rule section it enforces, and what is wrong."""

    code: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.message} ({self.rule}) [{self.code}]"


class Awaiting(msgspec.Struct, frozen=True):
    """Who must decide what before the game can go on."""

    side: str
    decision: str


@dataclass(frozen=True)
class Verb:
    """One line of the turn-post notation: `words ARGS`, parsed to an action and printed back.

    parse(args, actor, body) raises ValueError with a message for the player;
    body holds the `|` lines that follow the action (sealed orders).
    """

    words: str
    action: type[Action]
    parse: Callable[[str, str, tuple[str, ...]], Action]
    format: Callable[[Action], str]
    help: str
    takes_body: bool = False


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    data: dict[str, Any]
    source: str = ""


@dataclass(frozen=True)
class Ruleset:
    """What a game system gives the engine. Every function is pure over plain data.

    initial_state(created) -> S        the state before any action (scenario and tables come in `created.data`)
    validate(state, actor, action)     -> list[Violation]; empty when the action is legal
    apply(state, event, dice) -> S     the next state; every roll comes from `dice`, in a fixed order
    awaiting(state) -> [Awaiting]      who must decide what now
    legal_actions(state, actor)        actions `actor` may post now (drives simulate and hints)
    describe(before, after, event)     outcome lines for the report
    turn/phase/epoch(state)            the envelope marks; a dice epoch closes when epoch() grows

    Where the rules give sealed orders a meaning (paris, brigade):
    check_orders(state, side, lines)   -> list[Violation]: what opening these orders of `side` would meet
                                       now; the unseal's own check, asked by `adjudicator seal` before
                                       anything is sealed (the engine's generic seal has no rules)
    sealable_orders(state, side)       order sets `side` may seal now, in the notation (for `options` and
                                       random play, which seal them with salts of their own)
    """

    name: str
    title: str
    source: str
    state_type: type
    actions: tuple[type[Action], ...]
    verbs: tuple[Verb, ...]
    initial_state: Callable[[GameCreated], Any]
    validate: Callable[[Any, str, Action], list[Violation]]
    apply: Callable[[Any, Envelope, Dice], Any]
    awaiting: Callable[[Any], list[Awaiting]]
    legal_actions: Callable[[Any, str], list[Action]]
    describe: Callable[[Any, Any, Envelope], list[str]]
    turn: Callable[[Any], int]
    phase: Callable[[Any], str]
    epoch: Callable[[Any], int]
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    tables: dict[str, Any] = field(default_factory=dict)
    options: dict[str, str] = field(default_factory=dict)
    render_svg: Callable[[Any], str] | None = None
    result: Callable[[Any], str] | None = None  # "" while the game goes on; the result once its rules end it
    tables_template: str = ""
    default_epochs: int = 10_000
    check_orders: Callable[[Any, str, tuple[str, ...]], list[Violation]] | None = None
    sealable_orders: Callable[[Any, str], list[tuple[str, ...]]] | None = None

"""Phases as data: in each phase of a game, who decides, which actions it allows, what runs after.

A ruleset declares its phases in one table (`Phases`). The engine derives from it who the game
waits for (`awaiting`) and the first gate of validation (`gate`): an action the phase does not
allow, or one posted by a side whose decision it is not, is refused before any rule of the
ruleset is asked. The phase a state is in is the table's `current(state)`, which may be finer
than the phase the envelope records (a step of a phase, a decision that interrupts it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import msgspec

from events.core import REFEREE, Action, Envelope
from adjudicator.draft import Draft
from adjudicator.ruleset import Awaiting, Violation, action_tag, violation
from adjudicator.i18n import Joined, Msg
from adjudicator.localize import Tag

S = TypeVar("S", bound=msgspec.Struct)


@dataclass(frozen=True)
class Phase(Generic[S]):
    """One row of the table.

    name:     the key `Phases.current` returns for a state in this phase
    rule:     the rule section that says whose decision it is and what it allows
    actions:  what may be posted in it
    deciders: who decides now (sides; REFEREE for a step that is the referee's)
    prompt:   what the game waits for from one of them, in words
    referee:  the referee may also take this phase's actions (entering a side's results)
    after:    what runs after an action of this phase has been applied (the end of a step)
    may:      who may take its actions, when more sides than the deciders may (a side the game
              does not wait for, because it need not act, but which may); None: the deciders
    """

    name: str
    rule: str
    actions: tuple[type[Action], ...]
    deciders: Callable[[S], Sequence[str]]
    prompt: Callable[[S, str], str | Msg]
    referee: bool = False
    after: Callable[[Draft[Any], Envelope[Any]], None] | None = None
    may: Callable[[S], Sequence[str]] | None = None


@dataclass(frozen=True)
class Phases(Generic[S]):
    """The table. `anytime` actions (standing orders) are a side's in any phase; actions in no row
    and not in `anytime` (notes, seeds, rulings) are left to the engine's own rules."""

    current: Callable[[S], str]
    table: tuple[Phase[S], ...]
    anytime: tuple[type[Action], ...] = ()
    by_name: dict[str, Phase[S]] = field(init=False, repr=False, compare=False)
    gated: frozenset[type[Action]] = field(init=False, repr=False, compare=False)
    followed: frozenset[type[Action]] = field(init=False, repr=False, compare=False)  # actions some row's `after` follows

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {p.name: p for p in self.table})
        object.__setattr__(self, "gated", frozenset(t for p in self.table for t in p.actions) - set(self.anytime))
        object.__setattr__(self, "followed", frozenset(t for p in self.table if p.after for t in p.actions))
        if len(self.by_name) != len(self.table):
            raise ValueError("Phases: two rows share a name")

    def row(self, s: S) -> Phase[S] | None:
        """The phase `s` is in; None once the game is over (no row by that name)."""
        return self.by_name.get(self.current(s))

    def awaiting(self, s: S) -> list[Awaiting]:
        phase = self.row(s)
        if phase is None:
            return []
        return [Awaiting.of(side, phase.prompt(s, side)) for side in phase.deciders(s)]

    def gate(self, s: S, actor: str, action: Action) -> list[Violation]:
        """Refuse an action the current phase does not allow, or posted by the wrong side."""
        kind = type(action)
        phase = self.row(s) if kind in self.gated else None
        if phase is None:
            return []  # the game is over: the engine's own rules say what may follow
        if kind not in phase.actions:
            verb = action_tag(kind)
            waits = Joined("; ", [Msg("{side}: {decision}", side=a.side, decision=a.said()) for a in self.awaiting(s)])
            return violation(f"{verb}/not-now", phase.rule, "{verb} is not possible now: the game waits for "
                                                            "{waits}", verb=Tag(verb),
                             waits=waits if waits.items else Msg("nobody"))
        allowed = (phase.may or phase.deciders)(s)
        if actor not in allowed and not (actor == REFEREE and phase.referee):
            verb, deciders = action_tag(kind), phase.deciders(s)
            whose = Joined(Msg(" or "), deciders) if deciders else Msg("nobody")
            if deciders:
                return violation(f"{verb}/not-yours", phase.rule, "{verb}: it is {whose}'s decision now ({prompt}), not "
                                                                  "{actor}'s",
                                 verb=Tag(verb), whose=whose, prompt=phase.prompt(s, deciders[0]), actor=actor)
            return violation(f"{verb}/not-yours", phase.rule, "{verb}: it is {whose}'s decision now, not "
                                                              "{actor}'s", verb=Tag(verb),
                             whose=whose, actor=actor)
        return []


@dataclass(frozen=True)
class Marks(Generic[S]):
    """What every event's envelope records of the state it was posted in (its game turn, its phase and
    its dice epoch: a roll's secret is chosen by it), and the result once the rules end the game."""

    turn: Callable[[S], int]
    phase: Callable[[S], str]
    epoch: Callable[[S], int]
    result: Callable[[S], str]

    @classmethod
    def by_turn(cls, over: Callable[[Any], bool]) -> Marks[Any]:
        """The usual marks of a board game: its state's `turn`, `phase` and `result`; a dice epoch is a
        game turn, and once the game is `over` the last turn's epoch is closed too, so it can be revealed."""
        def turn(s: Any) -> int:
            return int(s.turn)

        def phase(s: Any) -> str:
            return str(s.phase)

        def epoch(s: Any) -> int:
            return int(s.turn) + (1 if over(s) else 0)

        def result(s: Any) -> str:
            return str(s.result) if over(s) else ""

        return Marks(turn, phase, epoch, result)

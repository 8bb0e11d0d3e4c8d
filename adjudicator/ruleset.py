"""The contract between the engine and a game system: a `Ruleset[S]` of plain data and functions.

Every ruleset has the same shape (see the README, "Writing a ruleset"): its state `S` (msgspec
Structs), its phases as a table (adjudicator/phases.py), one check per action type returning
violations, one step per action type that changes an engine-given draft (adjudicator/draft.py)
and says what happened, and its notation, map and random play. The engine owns the mechanics:
the draft and the index, the gating by phase, who the game waits for, the dice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import msgspec

from events.core import Action, Envelope, GameCreated
from adjudicator.dice import Dice
from adjudicator.draft import Board, Draft, Outcome
from adjudicator.i18n import Msg

if TYPE_CHECKING:
    from adjudicator.phases import Phases
    from adjudicator.scenariofile import Problem

S = TypeVar("S", bound=msgspec.Struct)


class Violation(msgspec.Struct, frozen=True, dict=True):
    """A broken rule: a stable code, the rule section it enforces, and what is wrong (in English;
    its template and fields, when it has them, are kept beside it to be shown in Russian)."""

    code: str
    rule: str
    message: str

    def __str__(self) -> str:
        """What the player reads, in his language: the rule cited by its section's title in Russian."""
        from adjudicator.i18n import _, language

        if language() == "en":
            return f"{self.message} ({self.rule}) [{self.code}]"
        from adjudicator.localize import cite

        said = self.__dict__.get("said")
        text = said.text() if isinstance(said, Msg) else _(self.message)
        return f"{text} ({cite(self.rule)}) [{self.code}]"


def violation(code: str, rule: str, message: str | Msg, *args: object, **fields: object) -> list[Violation]:
    """The one way a check says no: a list holding one Violation, as checks return. With args or
    fields, `message` is a template filled at once in English and again in the reader's language
    when it is shown."""
    if isinstance(message, Msg):
        said = message
    elif not args and not fields:
        return [Violation(code, rule, message)]
    else:
        said = Msg(message, *args, **fields)
    found = Violation(code, rule, said.english())
    found.__dict__["said"] = said
    return [found]


class Awaiting(msgspec.Struct, frozen=True, dict=True):
    """Who must decide what before the game can go on (the decision in English; its message, when
    the ruleset gives one, kept beside it to be shown in the reader's language)."""

    side: str
    decision: str

    @classmethod
    def of(cls, side: str, decision: str | Msg) -> Awaiting:
        found = cls(side, decision.english() if isinstance(decision, Msg) else decision)
        if isinstance(decision, Msg):
            found.__dict__["message"] = decision
        return found

    def said(self) -> Msg:
        """The decision as a message, to be shown in the reader's language."""
        message = self.__dict__.get("message")
        return message if isinstance(message, Msg) else Msg(self.decision)


def action_tag(kind: type[Action]) -> str:
    """The `type` an action is stored under, without its ruleset's prefix: `end-turn` for
    `freeform.end-turn`. Violation codes begin with it."""
    return str(kind.__struct_config__.tag).rpartition(".")[2]


@dataclass(frozen=True)
class Verb:
    """One line of the turn-post notation: `words ARGS`, parsed to an action and printed back.

    parse(args, actor, body) raises ValueError with a message for the player;
    body holds the `|` lines that follow the action (sealed orders).
    """

    words: str
    action: type[Action]
    parse: Callable[[str, str, tuple[str, ...]], Action]
    format: Callable[[Any], str]
    help: str  # `FORM: WHAT IT DOES` (help_parts)
    takes_body: bool = False


def help_parts(text: str) -> tuple[str, str]:
    """A verb's help, `FORM: WHAT IT DOES`, as its form (notation: shown in Russian through the
    ruleset's Russian words, adjudicator.aliases) and what it does (a message of the catalogue)."""
    form, _sep, what = text.partition(": ")
    return form, what


def usage(ruleset: str, form: str, note: Msg | None = None) -> ValueError:
    """The error of a line its verb cannot read: how the verb is written (`fire UNIT at TARGET
    [left|right]`, a form of `ruleset`'s notation, "" for the verbs every game has) and what `note`
    adds, both in the reader's language when the error is shown."""
    from adjudicator.localize import Form

    if note is None:
        return ValueError(Msg("usage: {form}", form=Form(ruleset, form)))
    return ValueError(Msg("usage: {form} ({note})", form=Form(ruleset, form), note=note))


@dataclass(frozen=True)
class Scenario:
    name: str
    title: str
    data: dict[str, Any]
    source: str = ""
    path: Path | None = None  # the file it is read from


Check = Callable[[S, str, Any], list[Violation]]
Step = Callable[[Draft[S], Envelope[Any]], None]


@dataclass(frozen=True)
class Ruleset(Generic[S]):
    """What a game system gives the engine. Every function is pure over plain data.

    setup(created) -> S                 the state before any action (scenario and tables in `created.data`)
    phases                              the phase table: gating, and who the game waits for
    checks[type](state, actor, action)  the rules an action must keep, after the phase's gate
    steps[type](draft, event)           what an action does: changes the draft, says what happened
    after(draft, event)                 what follows any applied action (a victory, a regrouping)
    legal_actions(state, side)          what `side` may post now (options, random play)
    turn/phase/epoch(state)             the envelope's marks; a dice epoch closes when epoch() grows
    result(state)                       "" while the game goes on; the result once its rules end it
    render(state, outcome)              the map, as SVG, with what the last event did
    map_layers                          what the map draws only when asked (`render(..., layers=...)`):
                                        name -> what it shows (brigade's `radii`, `map --radii`)
    examples                            notation.EXAMPLES: verb words -> one line of it as a post writes
                                        it (`adjudicator help RULESET`), where its help does not give one;
    words                               notation.WORDS: how the notation writes places, facings and ids
    losses(state)                       what each side has lost so far, in the rules' own count (units, strength
                                        points, figures), for the after-action report's chart

    Where the rules give sealed orders a meaning (paris, brigade):
    check_orders(state, side, lines)    -> list[Violation]: what opening these orders of `side` would meet
                                        now; the unseal's own check, asked by `adjudicator seal` before
                                        anything is sealed (the engine's generic seal has no rules)
    sealable_orders(state, side)        order sets `side` may seal now, in the notation (for `options` and
                                        random play, which seal them with salts of their own)

    Where a side may decide in advance what the rules would otherwise ask of it mid-turn:
    standing_orders(state, side)        the standing orders that decide for `side` everything the notation
                                        lets it decide in advance (scripted play, the hand-offs benchmark)
    rests                               the actions that end or decline (pass, end an activation, hold):
                                        scripted play takes them when nothing else is left, or at times

    Where the game is played from a scenario (every ruleset but freeform):
    check_scenario(text, tables)        -> list[Problem]: what is wrong with a scenario file's text (its TOML,
                                        its keys and types, unit types, overlapping units, off-map positions, a
                                        missing commander), each on its line; asked at `new`, shipped or not
    """

    name: str
    title: str
    source: str
    state_type: type[S]
    actions: tuple[type[Action], ...]
    verbs: tuple[Verb, ...]
    setup: Callable[[GameCreated], S]
    phases: Phases[S]
    checks: Mapping[type[Action], Check[S]]
    steps: Mapping[type[Action], Step[S]]
    legal_actions: Callable[[S, str], list[Action]]
    turn: Callable[[S], int]
    phase: Callable[[S], str]
    epoch: Callable[[S], int]
    result: Callable[[S], str]
    codes: Mapping[str, str]
    board: Board | None = None
    after: Step[S] | None = None
    render: Callable[..., str] | None = None
    map_layers: Mapping[str, str] = field(default_factory=dict)
    examples: Mapping[str, str] = field(default_factory=dict)
    words: str = ""
    losses: Callable[[S], dict[str, int]] | None = None
    here: Path | None = None  # the package's folder: its tables.toml and scenarios/*.toml
    options: dict[str, str] = field(default_factory=dict)
    default_epochs: int = 10_000
    check_orders: Callable[[S, str, tuple[str, ...]], list[Violation]] | None = None
    sealable_orders: Callable[[S, str], list[tuple[str, ...]]] | None = None
    standing_orders: Callable[[S, str], list[Action]] | None = None
    rests: tuple[type[Action], ...] = ()
    check_scenario: Callable[[str, dict[str, Any]], list[Problem]] | None = None

    def check(self, s: S, actor: str, action: Action) -> list[Violation]:
        """The phase's gate, then the action's own check."""
        kind = type(action)
        if kind in self.phases.gated:
            found = self.phases.gate(s, actor, action)
            if found:
                return found
        check = self.checks.get(kind)
        return check(s, actor, action) if check is not None else []

    def apply(self, s: S, event: Envelope[Any], dice: Dice) -> tuple[S, Draft[S] | None]:
        """The state after `event`, and the draft that says what happened (None: nothing did)."""
        kind = type(event.action)
        step = self.steps.get(kind)
        if step is None:
            return s, None
        phase = self.phases.row(s) if kind in self.phases.followed else None
        d = Draft(s, dice, self.board)
        step(d, event)
        if phase is not None and phase.after is not None and kind in phase.actions:
            phase.after(d, event)
        if self.after is not None:
            self.after(d, event)
        return d.freeze(), d

    def awaiting(self, s: S) -> list[Awaiting]:
        return [] if self.result(s) else self.phases.awaiting(s)

    # The shipped scenarios and tables are read when asked for (new, rulesets, tables): a game
    # holds the ones it began with, so the commands a player runs again and again never parse them.
    @cached_property
    def scenarios(self) -> dict[str, Scenario]:
        from adjudicator.ruledata import load_scenarios

        return load_scenarios(self.here) if self.here is not None else {}

    @cached_property
    def tables(self) -> dict[str, Any]:
        from adjudicator.ruledata import load_tables

        return load_tables(self.here) if self.here is not None else {}

    @cached_property
    def tables_template(self) -> str:
        from adjudicator.ruledata import tables_template

        return tables_template(self.here) if self.here is not None else ""

    @cached_property
    def scenario_template(self) -> str:
        """A commented scenario file to start one's own battle from ("" where there are none)."""
        path = self.here / "scenario-template.toml" if self.here is not None else None
        return path.read_text(encoding="utf-8") if path is not None and path.exists() else ""


def assemble(package: str, *, title: str, source: str, options: dict[str, str] | None = None,
             default_epochs: int = 10_000) -> Ruleset[Any]:
    """A ruleset from its package, whose modules all rulesets name alike (see the README, "Writing
    a ruleset"): state.STATE (and BOARD), setup.setup, phases.PHASES and phases.MARKS (turn, phase,
    epoch, result), validate.CHECKS, apply.STEPS (and AFTER), play.legal_actions,
    notation.VERBS, codes.CODES, render.render where it draws a map (and render.losses); events/NAME.py's ACTIONS;
    tables.toml and scenarios/*.toml beside the code."""
    from importlib import import_module

    def part(module: str, name: str, optional: bool = False) -> Any:
        """`name` of the package's `module`; None where an optional one is not there."""
        try:
            found = import_module(f"{package}.{module}")
        except ModuleNotFoundError as e:
            if optional and e.name == f"{package}.{module}":
                return None
            raise
        return getattr(found, name, None) if optional else getattr(found, name)

    name = package.rpartition(".")[2]
    here = Path(import_module(package).__file__ or "").parent
    phases = import_module(f"{package}.phases")
    return Ruleset(
        name=name, title=title, source=source,
        state_type=part("state", "STATE"), board=part("state", "BOARD", optional=True),
        actions=import_module(f"events.{name}").ACTIONS,
        verbs=part("notation", "VERBS"), examples=part("notation", "EXAMPLES", optional=True) or {},
        words=part("notation", "WORDS", optional=True) or "",
        setup=part("setup", "setup"),
        phases=phases.PHASES, turn=phases.MARKS.turn, phase=phases.MARKS.phase, epoch=phases.MARKS.epoch,
        result=phases.MARKS.result,
        checks=part("validate", "CHECKS"),
        steps=part("apply", "STEPS"), after=part("apply", "AFTER", optional=True),
        legal_actions=part("play", "legal_actions"),
        codes=part("codes", "CODES"),
        render=part("render", "render", optional=True), map_layers=part("render", "LAYERS", optional=True) or {},
        losses=part("render", "losses", optional=True),
        here=here, options=options or {}, default_epochs=default_epochs,
        check_orders=part("validate", "check_orders", optional=True),
        sealable_orders=part("play", "sealable_orders", optional=True),
        standing_orders=part("play", "standing_orders", optional=True),
        rests=part("play", "RESTS", optional=True) or (),
        check_scenario=part("setup", "check_scenario", optional=True),
    )

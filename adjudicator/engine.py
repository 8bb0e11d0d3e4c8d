"""Fold events through a ruleset: validate, roll, apply, and seal each event into the chain.

Pure over plain data: the store, the secret file and the clock are the caller's.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Union, cast

import msgspec

from events.core import REFEREE, CORE_ACTIONS, Action, Envelope, GameCreated, PostReceived, SecretRevealed
from adjudicator import core, rulesets
from adjudicator.chain import FLOATS, canonical, event_hash, holds_floats, not_canonical, unwritable_float
from adjudicator.core import GameState, last_closed_epoch
from adjudicator.dice import DrawnDice, RecordedDice, ReportedDice
from adjudicator.errors import BadInput, Rejected, ReportedDiceError
from adjudicator.i18n import _, render
from adjudicator.notation import PostLine
from adjudicator.draft import NOTHING, Draft, Outcome
from adjudicator.ruleset import Verb, Violation
from adjudicator.rulesets import AnyRuleset


def envelope_of(actions: tuple[type[Action], ...]) -> Any:
    """The type of an event whose action is one of `actions`, for msgspec to decode and describe:
    built at run time from the rulesets' actions, so typed Any."""
    return cast(Any, Envelope)[Union.__getitem__(actions)]


@dataclass(frozen=True)
class Game:
    """A game's fixed context: its first event and the ruleset it names."""

    created: GameCreated
    ruleset: AnyRuleset

    @cached_property
    def decoder(self) -> msgspec.json.Decoder:
        return msgspec.json.Decoder(envelope_of(CORE_ACTIONS + self.ruleset.actions))

    @cached_property
    def state_type(self) -> Any:
        return cast(Any, GameState)[self.ruleset.state_type]

    @cached_property
    def state_decoder(self) -> msgspec.msgpack.Decoder:
        return msgspec.msgpack.Decoder(self.state_type)

    @cached_property
    def actors(self) -> frozenset[str]:
        """Who may post: the players and the referee."""
        return frozenset(self.created.players) | {REFEREE}

    @cached_property
    def verbs(self) -> tuple[Verb, ...]:
        return core.VERBS + self.ruleset.verbs

    def decode(self, body: bytes, where: str) -> Envelope:
        try:
            return self.decoder.decode(body)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            raise BadInput(_("{where}: cannot read the event ({error})").format(where=where, error=e)) from None

    def encode_state(self, state: GameState) -> bytes:
        return msgspec.msgpack.encode(state)

    def decode_state(self, blob: bytes) -> GameState:
        return self.state_decoder.decode(blob)


_first_decoder = msgspec.json.Decoder(Envelope[GameCreated])
_HEX64 = re.compile(r"^[0-9a-f]{64}$")


def load_game(first_body: bytes, where: str = "seq 1") -> Game:
    try:
        first = _first_decoder.decode(first_body)
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise BadInput(_("{where}: the first event must create the game ({error})").format(where=where, error=e)) from None
    wrong = not_canonical(first_body, canonical(first), True)
    if wrong:
        raise BadInput(f"{where}: {render(wrong)}")
    created = first.action
    if first.seq != 1:
        raise BadInput(_("{where}: the game's first event has seq {seq}, not 1").format(where=where, seq=first.seq))
    if data_digest(created.data) != created.data_digest:
        raise Rejected(_("{where}: the scenario and tables in the game differ from the digest it pinned").format(where=where))
    dice = created.dice
    if dice.epochs < 1 or not (_HEX64.fullmatch(dice.anchor) if dice.mode == "committed" else
                               dice.mode == "reported" and dice.anchor == ""):
        raise Rejected(_("{where}: the dice commitment is not one this tool can check (epochs >= 1, and mode "
                         "committed with a 64-hex-digit anchor, or mode reported with an empty one)").format(where=where))
    return Game(created, rulesets.get(created.ruleset))


def data_digest(data: dict[str, Any]) -> str:
    """The digest a game pins for the scenario and tables it started with."""
    return hashlib.sha256(msgspec.json.encode(data, order="sorted")).hexdigest()


def creation_event(created: GameCreated) -> tuple[Envelope, bytes, str]:
    from adjudicator.chain import GENESIS

    env = Envelope(game=created.game, seq=1, actor=REFEREE, turn=0, phase="setup", epoch=0, action=created, prev=GENESIS)
    body = canonical(env)
    return env, body, event_hash(GENESIS, body)


def start(game: Game) -> GameState:
    return GameState(core=core.initial_core(game.created), rules=game.ruleset.setup(game.created))


def at_head(state: GameState, seq: int, digest: str) -> GameState:
    return GameState(core=msgspec.structs.replace(state.core, seq=seq, head=digest), rules=state.rules)


def rules_result(game: Game, state: GameState) -> str:
    """The result once the ruleset's own rules have ended the game; "" while it goes on."""
    return game.ruleset.result(state.rules)


def game_over(game: Game, state: GameState) -> str:
    return state.core.ended or rules_result(game, state)


def violations(game: Game, state: GameState, actor: str, action: Action) -> list[Violation]:
    rs = game.ruleset
    result = rs.result(state.rules)
    # only a reveal asks which epochs are closed
    closed = last_closed_epoch(rs.epoch(state.rules), state.core.ended or result, state.core.epochs) if type(action) is SecretRevealed else 0
    found = core.validate(state.core, closed, actor, action, result)
    if not found and (state.core.keys or type(action) is PostReceived and (action.signed or action.signature)):
        from adjudicator import signing  # signed posts: only where a key or a signature is


        found = signing.check(state, actor, action)
    return found or rs.check(state.rules, actor, action)


def advance(game: Game, state: GameState, event: Envelope, dice: Any) -> tuple[GameState, Draft[Any] | None]:
    """The state after `event`, and what it did; its rolls come from `dice`. Its seq and head: see at_head."""
    new_core = core.apply(state.core, event)
    new_rules, said = game.ruleset.apply(state.rules, event, dice)
    if new_core is state.core and new_rules is state.rules:
        return state, said  # a note, a roll with no consequence: nothing to build
    return GameState(new_core, new_rules), said


@dataclass(frozen=True)
class Built:
    """One new event, sealed into the chain, with the states around it."""

    event: Envelope
    body: bytes
    hash: str
    before: GameState
    after: GameState
    said: Draft[Any] | None = None

    @property
    def outcome(self) -> Outcome:
        return self.said.outcome() if self.said is not None else NOTHING


SecretFor = Callable[[int], bytes]


def build(game: Game, state: GameState, actor: str, line: PostLine, secret_for: SecretFor) -> Built:
    """Validate one posted action, roll its dice, apply it and seal it into the chain."""
    where = _("line {n}").format(n=line.line) if line.line else _("the post")
    found = violations(game, state, actor, line.action)
    if found:
        from adjudicator import localize

        raise Rejected("\n".join(f"{where}: {localize.line(game.ruleset.name, str(v))}" for v in found), violations=found)
    rs, c = game.ruleset, state.core
    seq, epoch = c.seq + 1, rs.epoch(state.rules)
    event = Envelope(
        game=c.game, seq=seq, actor=actor, turn=rs.turn(state.rules), phase=rs.phase(state.rules),
        epoch=epoch, action=line.action, prev=c.head,
    )
    if c.dice_mode == "reported":
        dice: Any = ReportedDice(line.reported or (), where)
    elif line.reported is not None:
        raise ReportedDiceError(_("{where}: this game's dice are drawn from the referee's committed secret; `rolled` is "
                                  "for games played with real dice").format(where=where))
    else:
        dice = DrawnDice(secret_for, c.game, c.mix, seq, epoch)
    rules, said = rs.apply(state.rules, event, dice)  # a ValueError here is a bug (exit 4), never bad input
    if isinstance(dice, ReportedDice):
        dice.finish()
    if dice.rolls:
        event = msgspec.structs.replace(event, rolls=tuple(dice.rolls))
    if holds_floats(type(line.action)):
        bad = unwritable_float(msgspec.to_builtins(line.action))
        if bad is not None:
            raise BadInput(f"{where}: {bad[0]} = {bad[1]!r}: {_(FLOATS)}")
    body = canonical(event)
    digest = event_hash(c.head, body)
    after = at_head(GameState(core.apply(c, event), rules), seq, digest)
    return Built(event, body, digest, state, after, said)


@dataclass(frozen=True)
class Held:
    """The lines of a post after one that handed the decision to another side (or ended the game),
    from the first the rules refused there on: not applied, for the post's author to send again."""

    handed_by: int  # the line that handed the decision on
    now: str  # whose decision it is now, as the game says it
    lines: tuple[PostLine, ...]
    refused: str  # why the first of them was refused


def _deciders(game: Game, state: GameState) -> set[str]:
    return set() if state.core.ended else {a.side for a in game.ruleset.awaiting(state.rules)}


def build_all(game: Game, state: GameState, actor: str, lines: Iterable[PostLine],
              secret_for: SecretFor) -> tuple[list[Built], Held | None]:
    """A whole post: every action is legal in the state its predecessors left, or none is kept;
    except that once a line has handed the decision to another side, a refused line and those after
    it are held back (not applied, and said so) instead of costing the lines before them."""
    built: list[Built] = []
    todo = tuple(lines)
    handed: tuple[int, str] | None = None
    for n, line in enumerate(todo):
        try:
            b = build(game, state, actor, line, secret_for)
        except Rejected as e:
            if handed is None:
                raise
            return built, Held(handed[0], handed[1], todo[n:], str(e))
        if handed is None and actor in _deciders(game, state) and actor not in _deciders(game, b.after):
            now = b.after.core.ended and f"the game is over ({b.after.core.ended})"
            handed = (line.line, now or "; ".join(f"{a.side}: {a.decision}" for a in game.ruleset.awaiting(b.after.rules)))
        built.append(b)
        state = b.after
    return built, None


def replay_event(game: Game, state: GameState, event: Envelope) -> GameState:
    """Apply a stored event with its recorded rolls (no validation: see verify for that).

    The fold leaves seq and head alone; whoever folds sets them once at the end (at_head)."""
    return replay_told(game, state, event)[0]


def replay_told(game: Game, state: GameState, event: Envelope) -> tuple[GameState, Draft[Any] | None]:
    """replay_event, with what the event did."""
    if not event.rolls:
        return advance(game, state, event, _NO_DICE)
    dice = RecordedDice(event.rolls, event.seq)
    after = advance(game, state, event, dice)
    dice.finish()
    return after


def left_to_ruleset(game: Game, state: GameState) -> bool:
    """Whether, in `state`, the engine's own rules leave every plain event to the ruleset alone: an
    event whose action they do not name (core.OWN_ACTIONS), posted by a player or the referee
    (Game.actors). For such an event violations is the ruleset's validate, and replay_event is
    replay_plain: what a long fold such as verify's calls, a call fewer each."""
    return core.leaves_to_ruleset(state.core, rules_result(game, state))


def replay_plain(game: Game, state: GameState, event: Envelope) -> GameState:
    """replay_event for a plain event (see left_to_ruleset): the core state stays as it is."""
    if not event.rolls:
        rules = game.ruleset.apply(state.rules, event, _NO_DICE)[0]
    else:
        dice = RecordedDice(event.rolls, event.seq)
        rules = game.ruleset.apply(state.rules, event, dice)[0]
        dice.finish()
    return state if rules is state.rules else GameState(state.core, rules)


_NO_DICE = RecordedDice((), None)

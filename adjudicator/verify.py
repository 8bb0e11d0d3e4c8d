"""Verify a whole log: the hash chain, the heads players kept, every event's decoding and
canonical form, every rule, the reducer, and every roll whose epoch secret is revealed (a reveal
of epoch k reveals every epoch below it) or that lies outside the committed chain.

One streaming fold: memory does not grow with the length of the log.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import msgspec

from collections.abc import Callable, Sequence

from events.core import CORE_ACTIONS, REFEREE, Action, Envelope, GameCreated, OrdersVoided, PostReceived, Roll, Ruling
from adjudicator.chain import DOMAIN, ENCODER, GENESIS, holds_floats, matches_prefix, not_canonical
from adjudicator.core import OWN_ACTIONS, GameState
from adjudicator.dice import deriver
from adjudicator.draft import NOTHING, Outcome
from adjudicator.engine import Game, at_head, left_to_ruleset, load_game, replay_event, replay_plain, replay_told, start, violations
from adjudicator.errors import AdjudicatorError, BadInput, Rejected
from adjudicator.i18n import _, render
from adjudicator import dicecheck
from adjudicator.logsource import LogSource
from adjudicator.reveals import Reveals, raw_digest, roll_verdicts


@dataclass(frozen=True)
class Problem:
    seq: int
    kind: str  # malformed, chain, sequence, decode, rule, dice, apply, head
    message: str


@dataclass
class Report:
    events: int = 0
    head: tuple[int, str] = (0, GENESIS)
    game: str = ""
    ruleset: str = ""
    problems: list[Problem] = field(default_factory=list)
    rolls: Counter = field(default_factory=Counter)  # verified, mismatched, unrevealed, reported
    rulings: list[tuple[int, str, str]] = field(default_factory=list)
    heads_checked: list[tuple[int, str]] = field(default_factory=list)
    state: GameState | None = None
    context: Game | None = None  # the game's ruleset and first event, once read

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def revealed_through(self) -> int:
        """The highest epoch whose dice secret is revealed: every roll at or below it is re-derived."""
        return self.state.core.revealed_epoch if self.state is not None else 0

    @property
    def malformed(self) -> bool:
        return any(p.kind in ("malformed", "decode") for p in self.problems)

    def error(self, lead: str = "") -> AdjudicatorError | None:
        """What the problems found amount to: bad input where a line is not an event at all (exit 2),
        a rejected log otherwise (exit 1); None when there are none. The one place that decides it."""
        if self.ok:
            return None
        kind = BadInput if self.malformed else Rejected
        return kind(lead + "\n".join(p.message for p in self.problems))

    @property
    def exit_code(self) -> int:
        error = self.error()
        return 0 if error is None else error.exit_code


RollObserver = Callable[[Envelope, int, Roll, str], None]
# each event as it is read, with its hash and, once it is applied, what it did (None: nothing)
EventObserver = Callable[[Game, Envelope, str, Outcome], None]


class _Stop(Exception):
    """Strict mode met its first problem: the fold ends there."""


def verify(
    source: LogSource,
    heads: Sequence[tuple[int, str]] = (),
    *,
    lenient: bool = False,
    upto: int | None = None,
    check_rolls: bool = True,
    observe: RollObserver | None = None,
    each_event: EventObserver | None = None,
) -> Report:
    """Fold the log; strict stops at the first problem, lenient records every one and goes on."""
    fold = _Fold(source, heads, lenient, upto, check_rolls, observe, each_event)
    rows = source.rows()
    try:
        first = next(rows, None)
        if first is None:
            raise BadInput(_("{path}: the log is empty").format(path=source.path))
        fold.first(*first)
        step = fold.step
        for number, body, digest in rows:
            if upto is not None and fold.report.events >= upto:
                break
            step(number, body, digest)
    except _Stop:
        pass
    return fold.finish()


class _Fold:
    """Verify's pass over one log, event by event: the state it carries from one event to the next,
    and one method per thing it checks. `step` is the path every event takes; what is rare (a
    problem, a new state) is asked of the methods beside it."""

    def __init__(self, source: LogSource, heads: Sequence[tuple[int, str]], lenient: bool, upto: int | None,
                 check_rolls: bool, observe: RollObserver | None,
                 each_event: EventObserver | None):
        self.source, self.unit = source, _("line") if source.unit == "line" else _("seq")  # what a row's number counts
        self.lenient, self.upto, self.check_rolls = lenient, upto, check_rolls
        self.observe, self.each_event = observe, each_event
        self.report = Report()
        self.wanted = {seq: prefix.lower() for seq, prefix in heads}
        self.chain = ChainCheck(self.wanted, self.unit)
        self.beside: dicecheck.Beside | None = None
        self.reveals: Reveals | None = None
        self.state: GameState  # the state the events so far lead to, from the first event on
        self.prev = GENESIS
        self.settled: GameState | None = None  # the state `marks` and `alone` were worked out for
        self.marks: tuple[int, int, str] = (0, 0, "")
        self.alone = False
        self.again = bytearray()  # the canonical bytes of each event, re-encoded into one buffer

    def problem(self, seq: int, kind: str, message: str) -> None:
        self.report.problems.append(Problem(seq, kind, message))
        if not self.lenient:
            raise _Stop

    # -- the first event: the game --------------------------------------------------
    def first(self, number: int, body: bytes | None, digest: str) -> None:
        report, where = self.report, _("seq 1 ({unit} {number})").format(unit=self.unit, number=number)
        report.events = 1
        if body is None:
            self.problem(1, "malformed", _("{line} (expected seq {seq})").format(line=digest, seq=1))
            raise _Stop
        try:
            game = load_game(body, where)
            event = game.decode(body, where)
        except BadInput as e:
            self.problem(1, "decode", str(e))
            raise _Stop from None
        except Rejected as e:
            self.problem(1, "data", str(e))
            raise _Stop from None
        created: GameCreated = game.created
        self.game, report.context = game, game
        report.game, report.ruleset = created.game, created.ruleset
        committed = self.check_rolls and created.dice.mode == "committed"
        if committed and self.observe is None:
            self.beside = dicecheck.start_beside(self.source, created, self.upto, self.lenient)
        for kind, message in self.chain.step(1, number, body, digest):
            self.problem(1, kind, message)
        if self.each_event is not None:
            self.each_event(game, event, digest, NOTHING)
        if committed:
            self.reveals = Reveals(self.source.reveal_bodies(), created.dice.anchor, created.dice.epochs)
        self.state = start(game)
        if event.rolls and self.beside is None:  # epoch 0: outside the committed chain
            _check_rolls(report, self.state, event, self.reveals, self.problem, self.observe)
        if (event.actor, event.turn, event.phase, event.epoch, event.rolls) != _CREATED:
            self.problem(1, "marks", _("{where}: the game is created by the referee at turn 0, phase 'setup', "
                                       "epoch 0, with no rolls").format(where=where))
        self.prev = digest
        self.decode, self.game_id, self.rs = game.decoder.decode, created.game, game.ruleset
        self.floaty = frozenset(t for t in CORE_ACTIONS + game.ruleset.actions if holds_floats(t))
        self.encode_into = ENCODER.encode_into

    # -- every other event --------------------------------------------------------------
    def step(self, number: int, body: bytes | None, digest: str) -> None:
        seq = self.report.events = self.report.events + 1
        if body is None:
            self.problem(seq, "malformed", _("{line} (expected seq {seq})").format(line=digest, seq=seq))
            return
        before, self.prev = self.prev, digest
        chain = self.chain
        raw = hashlib.sha256(DOMAIN + chain.prev_raw + body).digest()
        if raw.hex() == digest and seq not in self.wanted:  # the common case, inline: this runs per event
            chain.prev_raw = raw
        else:
            for kind, message in chain.step(seq, number, body, digest):
                self.problem(seq, kind, message)
        try:
            event = self.decode(body)
        except (msgspec.DecodeError, msgspec.ValidationError) as e:
            self.problem(seq, "decode", _("seq {seq} ({unit} {number}): cannot read the event ({error})").format(
                seq=seq, unit=self.unit, number=number, error=e))
            return
        # a line is the canonical encoding of what it decodes to, byte for byte; only some actions can hold floats
        action, actor, again = event.action, event.actor, self.again
        self.encode_into(event, again)
        if again != body or type(action) in self.floaty:
            self._canonical(seq, number, body, type(action) in self.floaty)
        if event.seq != seq or event.game != self.game_id:
            self._misplaced(seq, number, event)
        state = self.state
        if state is not self.settled:  # most events leave the state as it was: what follows from it alone, once
            self._settle(state)
        if (event.epoch, event.turn, event.phase) != self.marks:
            self._wrong_marks(seq, event)
        # the common event is the ruleset's business alone: its check and apply, called directly
        plain = self.alone and type(action) not in OWN_ACTIONS and actor in self.game.actors
        if type(action) is PostReceived:  # a signed post names the head it follows
            state = at_head(state, seq - 1, before)
        try:
            judged: list[Any] = self.rs.check(state.rules, actor, action) if plain else \
                violations(self.game, state, actor, action)
        except Exception as e:  # lenient mode goes on past illegal events, into states no game reaches
            judged = [_("the event cannot be judged in the state the log leads to ({error})").format(
                error=f"{type(e).__name__}: {e}")]
        if state.core.keys and event.rolls and not judged:  # a signed post's reported faces are the player's
            from adjudicator.signing import reported_faces

            judged = reported_faces(state, event)
        if judged:
            self._broken(seq, actor, judged)
        if event.rolls and self.beside is None:
            _check_rolls(self.report, state, event, self.reveals, self.problem, self.observe)
        if type(action) is Ruling or type(action) is OrdersVoided:
            self._ruled(seq, action)
        try:
            if self.each_event is None:
                self.state = replay_plain(self.game, state, event) if plain else replay_event(self.game, state, event)
            else:  # someone reads what each event did (`log`): the slower path that keeps it
                self.state, said = replay_told(self.game, state, event)
                self.each_event(self.game, event, digest, said.outcome() if said is not None else NOTHING)
        except _Stop:
            raise
        except Exception as e:  # a hostile or foreign log must not crash the verifier
            self._unapplied(seq, e)

    def _canonical(self, seq: int, number: int, body: bytes, floats: bool) -> None:
        wrong = not_canonical(body, bytes(self.again), floats)
        if wrong:
            self.problem(seq, "malformed", _("seq {seq} ({unit} {number}): {problem}").format(
                seq=seq, unit=self.unit, number=number, problem=render(wrong)))

    def _misplaced(self, seq: int, number: int, event: Envelope) -> None:
        self.problem(seq, "sequence", _("seq {seq} ({unit} {number}): found event seq {found} of game {game} where "
                                        "seq {seq} of {ours} belongs").format(
            seq=seq, unit=self.unit, number=number, found=event.seq, game=repr(event.game), ours=repr(self.game_id)))

    def _settle(self, state: GameState) -> None:
        rs, rules = self.rs, state.rules
        self.settled = state
        self.marks = (rs.epoch(rules), rs.turn(rules), rs.phase(rules))
        self.alone = left_to_ruleset(self.game, state)

    def _wrong_marks(self, seq: int, event: Envelope) -> None:
        # the dice secret is chosen by the epoch: a wrong one could roll with a revealed secret
        marks = self.marks
        self.problem(seq, "marks", _("seq {seq}: the event says epoch {epoch}, turn {turn}, phase {phase}, but the game "
                                     "is at epoch {at_epoch}, turn {at_turn}, phase {at_phase}").format(
            seq=seq, epoch=event.epoch, turn=event.turn, phase=repr(event.phase),
            at_epoch=marks[0], at_turn=marks[1], at_phase=repr(marks[2])))

    def _broken(self, seq: int, actor: str, judged: list[Any]) -> None:
        for v in judged:
            self.problem(seq, "rule", _("seq {seq}: {actor}: {violation}").format(seq=seq, actor=actor, violation=v))

    def _ruled(self, seq: int, action: Ruling | OrdersVoided) -> None:
        decision = action.decision if isinstance(action, Ruling) else f"void {action.label}"
        self.report.rulings.append((seq, decision, action.reason))

    def _unapplied(self, seq: int, e: Exception) -> None:
        if isinstance(e, AdjudicatorError):
            self.problem(seq, "apply", str(e))
        else:
            self.problem(seq, "apply", _("seq {seq}: the event cannot be applied ({error})").format(
                seq=seq, error=f"{type(e).__name__}: {e}"))

    # -- the end ----------------------------------------------------------------------
    def finish(self) -> Report:
        report, lenient = self.report, self.lenient
        report.heads_checked = self.chain.heads_checked
        if self.beside is not None:
            _merge_beside(report, self.beside.result(), lenient)
        report.head = (report.events, self.prev)
        state = getattr(self, "state", None)  # none where the first event could not be read
        if state is not None and state.core.signed_by and not (report.problems and not lenient):
            from adjudicator.signing import unfinished

            why = unfinished(state)
            if why and (self.upto is None or report.events < self.upto):
                from adjudicator.core import ENGINE_RULE
                from adjudicator.ruleset import violation

                (said,) = violation("signature/unfinished", ENGINE_RULE, why)
                report.problems.append(Problem(report.events, "rule", _("seq {seq}: {violation}").format(
                    seq=report.events, violation=said)))
        report.state = at_head(state, report.events, self.prev) if state is not None else None
        for seq, prefix in sorted(self.wanted.items()):
            if seq > report.events and (self.upto is None or seq <= self.upto) and not (report.problems and not lenient):
                report.problems.append(Problem(seq, "head", _("seq {seq}: you kept head {seq}:{prefix} but the log ends "
                                                              "at seq {events}: history was truncated").format(
                    seq=seq, prefix=prefix, events=report.events)))
        return report


_NOTHING: list = []
_CREATED = (REFEREE, 0, "setup", 0, ())  # the marks of the first event (engine.creation_event)


class ChainCheck:
    """The hash chain and the heads a player kept, one row at a time: (kind, message) per problem."""

    def __init__(self, wanted: dict[int, str], unit: str):
        self.wanted, self.unit = wanted, unit
        self.prev_raw = bytes(32)
        self.heads_checked: list[tuple[int, str]] = []

    def step(self, seq: int, number: int, body: bytes, digest: str) -> list[tuple[str, str]]:
        raw = hashlib.sha256(DOMAIN + self.prev_raw + body).digest()
        if raw.hex() == digest and seq not in self.wanted:  # the common case, kept cheap
            self.prev_raw = raw
            return _NOTHING
        found = []
        if raw.hex() != digest:
            found.append(("chain", _("seq {seq} ({unit} {number}): the hash does not match the event and the hash "
                                     "before it (an event was edited, dropped, inserted or moved)").format(
                seq=seq, unit=self.unit, number=number)))
            raw = raw_digest(digest)
        self.prev_raw = raw
        kept = self.wanted.get(seq)
        if kept is not None:
            self.heads_checked.append((seq, kept))
            if not matches_prefix(digest, kept):
                found.append(("head", _("seq {seq}: the log's hash {hash} is not the {kept} you kept: "
                                        "history was rewritten").format(seq=seq, hash=digest[:12], kept=kept)))
        return found


def _merge_beside(report: Report, found: dicecheck.Found, lenient: bool) -> None:
    """Add what the other process found (the rolls); strict mode keeps the first problem."""
    counts, failures = found
    if report.problems and not lenient:
        failures = [f for f in failures if f[0] < report.problems[0].seq]
    report.rolls.update(counts)
    report.problems.extend(Problem(seq, kind, m) for seq, kind, m in failures)
    report.problems.sort(key=lambda p: p.seq)
    if not lenient:
        del report.problems[1:]


def _check_rolls(report: Report, state: GameState, event: Envelope, reveals: Reveals | None, problem,
                 observe: RollObserver | None) -> None:
    if state.core.dice_mode == "reported":
        verdicts = [("reported", "")] * len(event.rolls)
    else:
        secret = reveals.secret(event.epoch) if reveals is not None else None
        rolls_of = deriver(secret, state.core.game, state.core.mix) if secret is not None else None
        verdicts = roll_verdicts(rolls_of, event, state.core.epochs)
    for i, (verdict, _wrong) in enumerate(verdicts):
        report.rolls[verdict] += 1
        if observe is not None:
            observe(event, i, event.rolls[i], verdict)
    for _verdict, wrong in verdicts:
        if wrong:
            problem(event.seq, "dice", wrong)

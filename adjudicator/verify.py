"""Verify a whole log: the hash chain, the heads players kept, every event's decoding and
canonical form, every rule, the reducer, and every roll whose epoch secret is revealed (a reveal
of epoch k reveals every epoch below it) or that lies outside the committed chain.

One streaming fold: memory does not grow with the length of the log.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field

import msgspec

from collections.abc import Callable, Iterator

from events.core import CORE_ACTIONS, REFEREE, Envelope, GameCreated, OrdersVoided, Roll, Ruling
from adjudicator.chain import DOMAIN, ENCODER, GENESIS, holds_floats, matches_prefix, not_canonical
from adjudicator.core import OWN_ACTIONS, GameState
from adjudicator.dice import RollDeriver, chains_to, deriver, hash_down, parse_expr
from adjudicator.engine import Game, at_head, left_to_ruleset, load_game, replay_event, replay_plain, start, violations
from adjudicator.errors import AdjudicatorError, BadInput, Rejected
from adjudicator import dicecheck
from adjudicator.logsource import LogSource

_reveal_decoder = msgspec.json.Decoder()


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


RollObserver = Callable[[Envelope, int, Roll, str], None]


class _Stop(Exception):
    pass


class Reveals:
    """The revealed epoch secrets, read ahead of the main pass only as far as it needs them,
    so memory stays flat however long the log.

    A reveal of epoch k reveals every epoch below it too: s_{j} = sha256^(k-j)(s_k). A secret is
    taken only if it is above the highest one taken so far and hashes down to it (the anchor at
    first), so where it came from does not matter. The secret of an epoch is known once a reveal
    at or above it is taken: the reveals are read until one is, or the log ends. In a log revealed
    in order, each epoch costs one hash.
    """

    def __init__(self, bodies: Iterator[bytes], anchor: str, epochs: int):
        self._bodies = bodies
        self._epochs = epochs
        self._known = (0, _raw(anchor))  # the highest secret taken: (epoch, s_epoch)
        self._asked: tuple[int, bytes | None] = (0, None)  # the last epoch asked for and its secret

    def secret(self, epoch: int) -> bytes | None:
        """s_epoch, or None while no reveal at or above `epoch` is on the committed chain."""
        if epoch == self._asked[0]:
            return self._asked[1]
        if not 1 <= epoch <= self._epochs:
            return None
        while self._known[0] < epoch and self._read_one():
            pass
        known_epoch, known = self._known
        secret = hash_down(known, known_epoch - epoch) if known_epoch >= epoch else None
        self._asked = (epoch, secret)
        return secret

    def _read_one(self) -> bool:
        body = next(self._bodies, None)
        if body is None:
            return False
        try:
            action = _reveal_decoder.decode(body).get("action", {})
            if action.get("type") != "secret-revealed":
                return True
            epoch, secret = int(action["epoch"]), bytes.fromhex(action["secret"])
        except (msgspec.DecodeError, KeyError, ValueError, TypeError, AttributeError):
            return True
        known_epoch, known = self._known
        # an epoch off the committed chain would take forever to hash down: never tried
        if known_epoch < epoch <= self._epochs and len(secret) == 32 and chains_to(secret, epoch, known, known_epoch):
            self._known = (epoch, secret)
        return True


def verify(
    source: LogSource,
    heads: list[tuple[int, str]] = (),
    *,
    lenient: bool = False,
    upto: int | None = None,
    check_rolls: bool = True,
    observe: RollObserver | None = None,
    each_event: Callable[[Game, Envelope, str], None] | None = None,
) -> Report:
    """Fold the log; strict stops at the first problem, lenient records every one and goes on."""
    report = Report()
    wanted = {seq: prefix.lower() for seq, prefix in heads}

    def problem(seq: int, kind: str, message: str) -> None:
        report.problems.append(Problem(seq, kind, message))
        if not lenient:
            raise _Stop

    unit = source.unit
    rows = source.rows()
    beside = chain = None
    state: GameState | None = None
    prev = GENESIS
    try:
        first = next(rows, None)
        if first is None:
            raise BadInput(f"{source.path}: the log is empty")
        number, body, digest = first
        report.events = 1
        if body is None:
            problem(1, "malformed", f"{digest} (expected seq 1)")
            raise _Stop
        try:
            game = load_game(body, f"seq 1 ({unit} {number})")
        except BadInput as e:
            problem(1, "decode", str(e))
            raise _Stop from None
        except Rejected as e:
            problem(1, "data", str(e))
            raise _Stop from None
        created: GameCreated = game.created
        report.context = game
        report.game, report.ruleset = created.game, created.ruleset
        committed = check_rolls and created.dice.mode == "committed"
        if committed and observe is None:
            beside = dicecheck.start_beside(source, created, upto, lenient)
        chain = ChainCheck(wanted, unit)
        for kind, message in chain.step(1, number, body, digest):
            problem(1, kind, message)
        try:
            first_event = game.decode(body, f"seq 1 ({unit} {number})")
        except BadInput as e:
            problem(1, "decode", str(e))
            raise _Stop from None
        if each_event is not None:
            each_event(game, first_event, digest)
        reveals = Reveals(source.reveal_bodies(), created.dice.anchor, created.dice.epochs) if committed else None
        state = start(game)
        if first_event.rolls and beside is None:  # epoch 0: outside the committed chain
            _check_rolls(report, state, first_event, reveals, problem, observe)
        if (first_event.actor, first_event.turn, first_event.phase, first_event.epoch, first_event.rolls) != _CREATED:
            problem(1, "marks", f"seq 1 ({unit} {number}): the game is created by the referee at turn 0, phase "
                                "'setup', epoch 0, with no rolls")
        prev = digest
        decode, game_id, rs, sha256 = game.decoder.decode, created.game, game.ruleset, hashlib.sha256
        actors, settled, marks, alone = game.actors, None, None, False
        floaty = frozenset(t for t in CORE_ACTIONS + rs.actions if holds_floats(t))
        encode_into, again = ENCODER.encode_into, bytearray()  # the canonical bytes, re-encoded into one buffer
        for number, body, digest in rows:
            seq = report.events + 1
            if upto is not None and seq > upto:
                break
            report.events = seq
            if body is None:
                problem(seq, "malformed", f"{digest} (expected seq {seq})")
                continue
            prev = digest
            raw = sha256(DOMAIN + chain.prev_raw + body).digest()
            if raw.hex() == digest and seq not in wanted:  # the common case, inline: the loop runs per event
                chain.prev_raw = raw
            else:
                for kind, message in chain.step(seq, number, body, digest):
                    problem(seq, kind, message)
            try:
                event = decode(body)
            except (msgspec.DecodeError, msgspec.ValidationError) as e:
                problem(seq, "decode", f"seq {seq} ({unit} {number}): cannot read the event ({e})")
                continue
            # a line is the canonical encoding of what it decodes to, byte for byte; only some actions can hold floats
            action, actor = event.action, event.actor
            encode_into(event, again)
            if again != body or type(action) in floaty:
                wrong = not_canonical(body, bytes(again), type(action) in floaty)
                if wrong:
                    problem(seq, "malformed", f"seq {seq} ({unit} {number}): {wrong}")
            if each_event is not None:
                each_event(game, event, digest)
            if event.seq != seq or event.game != game_id:
                problem(seq, "sequence", f"seq {seq} ({unit} {number}): found event seq {event.seq} of game "
                        f"{event.game!r} where seq {seq} of {game_id!r} belongs")
            if state is not settled:  # most events leave the state as it was: what follows from it alone, once
                settled, rules = state, state.rules
                marks = (rs.epoch(rules), rs.turn(rules), rs.phase(rules))
                alone = left_to_ruleset(game, state)
            if (event.epoch, event.turn, event.phase) != marks:
                # the dice secret is chosen by the epoch: a wrong one could roll with a revealed secret
                problem(seq, "marks", f"seq {seq}: the event says epoch {event.epoch}, turn {event.turn}, phase "
                        f"{event.phase!r}, but the game is at epoch {marks[0]}, turn {marks[1]}, phase {marks[2]!r}")
            # the common event is the ruleset's business alone: its validate and apply, called directly
            plain = alone and type(action) not in OWN_ACTIONS and actor in actors
            try:
                judged = rs.check(state.rules, actor, action) if plain else violations(game, state, actor, action)
            except Exception as e:  # lenient mode goes on past illegal events, into states no game reaches
                judged = [f"the event cannot be judged in the state the log leads to ({type(e).__name__}: {e})"]
            for v in judged:
                problem(seq, "rule", f"seq {seq}: {actor}: {v}")
            if event.rolls and beside is None:
                _check_rolls(report, state, event, reveals, problem, observe)
            if type(action) is Ruling:
                report.rulings.append((seq, action.decision, action.reason))
            elif type(action) is OrdersVoided:
                report.rulings.append((seq, f"void {action.label}", action.reason))
            try:
                state = replay_plain(game, state, event) if plain else replay_event(game, state, event)
            except _Stop:
                raise
            except AdjudicatorError as e:
                problem(seq, "apply", str(e))
            except Exception as e:  # a hostile or foreign log must not crash the verifier
                problem(seq, "apply", f"seq {seq}: the event cannot be applied ({type(e).__name__}: {e})")
    except _Stop:
        pass
    if chain is not None:
        report.heads_checked = chain.heads_checked
    if beside is not None:
        _merge_beside(report, beside.result(), lenient)
    report.head = (report.events, prev)
    report.state = at_head(state, report.events, prev) if state is not None else None
    for seq, prefix in sorted(wanted.items()):
        if seq > report.events and (upto is None or seq <= upto) and not (report.problems and not lenient):
            report.problems.append(Problem(seq, "head", f"seq {seq}: you kept head {seq}:{prefix} but the log ends at seq "
                                                        f"{report.events}: history was truncated"))
    return report


def _raw(digest: str) -> bytes:
    """A stored hash as bytes, to chain on after a mismatch (lenient mode)."""
    try:
        return bytes.fromhex(digest)
    except ValueError:
        return bytes(32)


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
            found.append(("chain", f"seq {seq} ({self.unit} {number}): the hash does not match the event and the hash "
                                   "before it (an event was edited, dropped, inserted or moved)"))
            raw = _raw(digest)
        self.prev_raw = raw
        kept = self.wanted.get(seq)
        if kept is not None:
            self.heads_checked.append((seq, kept))
            if not matches_prefix(digest, kept):
                found.append(("head", f"seq {seq}: the log's hash {digest[:12]} is not the {kept} you kept: "
                                      "history was rewritten"))
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


def roll_verdicts(rolls_of: RollDeriver | None, event, epochs: int) -> list[tuple[str, str]]:
    """(verdict, what is wrong) for each roll of a committed-dice event: off-chain when its epoch is
    not one of the chain's 1..epochs (epoch 0's key would be the public anchor), verified or
    mismatched when its epoch's secret is known (`rolls_of` derives from it), unrevealed when not."""
    if not 1 <= event.epoch <= epochs:
        return [("off-chain", f"seq {event.seq}: roll {i} ({r.purpose}) is in epoch {event.epoch}, outside the "
                              f"committed dice chain (epochs 1 to {epochs})") for i, r in enumerate(event.rolls)]
    if rolls_of is None:
        return [("unrevealed", "")] * len(event.rolls)
    out = []
    for i, r in enumerate(event.rolls):
        try:
            expected = rolls_of.faces(event.seq, i, parse_expr(r.expr))
        except ValueError as e:
            out.append(("mismatched", f"seq {event.seq}: roll {i} ({r.purpose}): {e}"))
            continue
        if expected == r.dice:
            out.append(("verified", ""))
        else:
            out.append(("mismatched", f"seq {event.seq}: roll {i} ({r.purpose}, {r.expr}) is {list(r.dice)} but the "
                                      f"revealed secret of epoch {event.epoch} gives {list(expected)}"))
    return out


def _check_rolls(report: Report, state: GameState, event: Envelope, reveals: Reveals | None, problem,
                 observe: RollObserver | None) -> None:
    if state.core.dice_mode == "reported":
        verdicts = [("reported", "")] * len(event.rolls)
    else:
        secret = reveals.secret(event.epoch) if reveals is not None else None
        rolls_of = deriver(secret, state.core.game, state.core.mix) if secret is not None else None
        verdicts = roll_verdicts(rolls_of, event, state.core.epochs)
    for i, (verdict, _) in enumerate(verdicts):
        report.rolls[verdict] += 1
        if observe is not None:
            observe(event, i, event.rolls[i], verdict)
    for _, wrong in verdicts:
        if wrong:
            problem(event.seq, "dice", wrong)

"""Verify a whole log: the hash chain, the heads players kept, every event's decoding,
every rule, the reducer, and every roll whose epoch secret is revealed.

One streaming fold: memory does not grow with the length of the log.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field

import msgspec

from collections.abc import Callable, Iterator

from events.core import Envelope, GameCreated, OrdersVoided, Roll, Ruling
from adjudicator.chain import DOMAIN, GENESIS, matches_prefix
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
    def malformed(self) -> bool:
        return any(p.kind in ("malformed", "decode") for p in self.problems)


RollObserver = Callable[[Envelope, int, Roll, str], None]


class _Stop(Exception):
    pass


class Reveals:
    """The revealed epoch secrets, read ahead of the main pass only as far as it needs them,
    so memory stays flat however long the log.

    A secret is taken only if it hashes down to the highest one taken so far (the anchor at
    first), so where it came from does not matter; secrets of lower epochs are that one hashed
    down. In a log revealed in order, each epoch costs one hash.
    """

    def __init__(self, bodies: Iterator[bytes], anchor: str, epochs: int):
        self._bodies = bodies
        self._epochs = epochs
        self._known = (0, _raw(anchor))
        self._ahead: dict[int, bytes] = {}  # read but not yet needed
        self._read_to = 0  # highest epoch seen among the reveals read

    def secret(self, epoch: int) -> bytes | None:
        known_epoch, known = self._known
        if epoch == known_epoch and epoch:
            return known
        while self._read_to < epoch and self._read_one():
            pass
        for candidate in sorted(e for e in self._ahead if known_epoch < e <= epoch):
            secret = self._ahead.pop(candidate)
            if chains_to(secret, candidate, known, known_epoch):
                known_epoch, known = self._known = (candidate, secret)
        if epoch > known_epoch or epoch < 1:
            return None
        return hash_down(known, known_epoch - epoch)

    def _read_one(self) -> bool:
        body = next(self._bodies, None)
        if body is None:
            self._read_to = self._epochs + 1
            return False
        try:
            action = _reveal_decoder.decode(body).get("action", {})
            if action.get("type") != "secret-revealed":
                return True
            epoch, secret = int(action["epoch"]), bytes.fromhex(action["secret"])
        except (msgspec.DecodeError, KeyError, ValueError, TypeError, AttributeError):
            return True
        # an epoch off the committed chain would take forever to hash down: ignore it
        if 1 <= epoch <= self._epochs and len(secret) == 32 and epoch not in self._ahead:
            self._ahead[epoch] = secret
            self._read_to = max(self._read_to, epoch)
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
        if each_event is not None:
            each_event(game, game.decode(body, "seq 1"), digest)
        reveals = Reveals(source.reveal_bodies(), created.dice.anchor, created.dice.epochs) if committed else None
        state = start(game)
        prev = digest
        decode, game_id, rs, sha256 = game.decoder.decode, created.game, game.ruleset, hashlib.sha256
        actors, settled, marks, alone = game.actors, None, None, False
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
            action, actor = event.action, event.actor
            plain = alone and type(action) not in OWN_ACTIONS and actor in actors
            for v in rs.check(state.rules, actor, action) if plain else violations(game, state, actor, action):
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


def roll_verdicts(rolls_of: RollDeriver | None, event) -> list[tuple[str, str]]:
    """(verdict, what is wrong) for each roll of a committed-dice event: verified or mismatched
    when its epoch's secret is known (`rolls_of` derives from it), unrevealed when not."""
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
        verdicts = roll_verdicts(deriver(secret, state.core.game, state.core.mix) if secret is not None else None, event)
    for i, (verdict, _) in enumerate(verdicts):
        report.rolls[verdict] += 1
        if observe is not None:
            observe(event, i, event.rolls[i], verdict)
    for _, wrong in verdicts:
        if wrong:
            problem(event.seq, "dice", wrong)

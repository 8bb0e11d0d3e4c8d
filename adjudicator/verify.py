"""Verify a whole log: the hash chain, the heads players kept, every event's decoding,
every rule, the reducer, and every roll whose epoch secret is revealed.

One streaming fold: memory does not grow with the length of the log.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import msgspec

from collections.abc import Callable

from events.core import Envelope, GameCreated, Roll, Ruling
from adjudicator.chain import GENESIS, event_hash, matches_prefix
from adjudicator.core import GameState
from adjudicator.dice import chains_to, derive, parse_expr
from adjudicator.engine import Game, at_head, load_game, replay_event, start, violations
from adjudicator.errors import AdjudicatorError, BadInput
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

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def malformed(self) -> bool:
        return any(p.kind in ("malformed", "decode") for p in self.problems)


RollObserver = Callable[[Envelope, int, Roll, str], None]


class _Stop(Exception):
    pass


def revealed_secrets(source: LogSource, anchor: str) -> dict[int, bytes]:
    """Epoch secrets revealed anywhere in the log that hash down to the committed anchor.

    Gathered first, so rolls can be checked where they stand, before their reveal. A secret
    is taken only if it hashes down to the last one taken below it (the anchor at first), so
    where it came from does not matter; in epoch order, that costs one hash per epoch.
    """
    candidates: list[tuple[int, bytes]] = []
    for _where, body, _digest in source.rows(only_reveals=True):
        if body is None:
            continue
        try:
            action = _reveal_decoder.decode(body).get("action", {})
            if action.get("type") == "secret-revealed":
                candidates.append((int(action["epoch"]), bytes.fromhex(action["secret"])))
        except (msgspec.DecodeError, KeyError, ValueError, TypeError, AttributeError):
            continue
    found: dict[int, bytes] = {}
    known_epoch, known = 0, bytes.fromhex(anchor)
    for epoch, secret in sorted(candidates, key=lambda c: c[0]):
        if epoch not in found and len(secret) == 32 and chains_to(secret, epoch, known, known_epoch):
            found[epoch] = secret
            known_epoch, known = epoch, secret
    return found


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

    game: Game | None = None
    state: GameState | None = None
    secrets: dict[int, bytes] = {}
    prev = GENESIS
    try:
        for where, body, digest in source.rows():
            seq = report.events + 1
            if upto is not None and seq > upto:
                break
            report.events = seq
            if body is None:
                problem(seq, "malformed", f"{digest} (expected seq {seq})")
                continue
            if event_hash(prev, body) != digest:
                problem(seq, "chain", f"seq {seq} ({where}): the hash does not match the event and the hash before it "
                        "(an event was edited, dropped, inserted or moved)")
            prev = digest
            if seq in wanted:
                report.heads_checked.append((seq, wanted[seq]))
                if not matches_prefix(digest, wanted[seq]):
                    problem(seq, "head", f"seq {seq}: the log's hash {digest[:12]} is not the {wanted[seq]} you kept: history was rewritten")
            if game is None:
                try:
                    game = load_game(body, f"seq {seq} ({where})")
                except BadInput as e:
                    problem(seq, "decode", str(e))
                    raise _Stop from None
                created: GameCreated = game.created
                report.game, report.ruleset = created.game, created.ruleset
                state = start(game)
                if check_rolls and created.dice.mode == "committed":
                    secrets = revealed_secrets(source, created.dice.anchor)
                state = at_head(state, 1, digest)
                if each_event is not None:
                    each_event(game, game.decode(body, where), digest)
                continue
            try:
                event = game.decode(body, f"seq {seq} ({where})")
            except BadInput as e:
                problem(seq, "decode", str(e))
                continue
            if each_event is not None:
                each_event(game, event, digest)
            if event.seq != seq or event.game != report.game:
                problem(seq, "sequence", f"seq {seq} ({where}): found event seq {event.seq} of game {event.game!r} "
                        f"where seq {seq} of {report.game!r} belongs")
            for v in violations(game, state, event.actor, event.action):
                problem(seq, "rule", f"seq {seq}: {event.actor}: {v}")
            if isinstance(event.action, Ruling):
                report.rulings.append((seq, event.action.decision, event.action.reason))
            if event.rolls:
                _check_rolls(report, state, event, secrets, problem, observe)
            try:
                state = replay_event(game, state, event, digest)
            except _Stop:
                raise
            except AdjudicatorError as e:
                problem(seq, "apply", str(e))
            except Exception as e:  # a hostile or foreign log must not crash the verifier
                problem(seq, "apply", f"seq {seq}: the event cannot be applied ({type(e).__name__}: {e})")
    except _Stop:
        pass
    report.head = (report.events, prev)
    report.state = state
    for seq, prefix in sorted(wanted.items()):
        if seq > report.events and (upto is None or seq <= upto) and not (report.problems and not lenient):
            report.problems.append(Problem(seq, "head", f"seq {seq}: you kept head {seq}:{prefix} but the log ends at seq "
                                                        f"{report.events}: history was truncated"))
    return report


def _check_rolls(report: Report, state: GameState, event: Envelope, secrets: dict[int, bytes], problem,
                 observe: RollObserver | None) -> None:
    def seen(i: int, roll: Roll, verdict: str) -> None:
        report.rolls[verdict] += 1
        if observe is not None:
            observe(event, i, roll, verdict)

    if state.core.dice_mode == "reported":
        for i, r in enumerate(event.rolls):
            seen(i, r, "reported")
        return
    secret = secrets.get(event.epoch)
    for i, r in enumerate(event.rolls):
        if secret is None:
            seen(i, r, "unrevealed")
            continue
        try:
            expected = derive(secret, state.core.game, state.core.mix, event.seq, i, parse_expr(r.expr))
        except ValueError as e:
            seen(i, r, "mismatched")
            problem(event.seq, "dice", f"seq {event.seq}: roll {i} ({r.purpose}): {e}")
            continue
        if expected == r.dice:
            seen(i, r, "verified")
        else:
            seen(i, r, "mismatched")
            problem(event.seq, "dice", f"seq {event.seq}: roll {i} ({r.purpose}, {r.expr}) is {list(r.dice)} but the "
                                       f"revealed secret of epoch {event.epoch} gives {list(expected)}")

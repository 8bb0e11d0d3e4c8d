"""Re-derive every roll of a log in a second process, beside verify's main pass.

The rolls do not depend on the game state: only on the revealed secrets, the players'
client seeds and each event's seq and epoch. On a machine with more than one core they are
checked in parallel with the chain and the rules. The main pass checks that every event's
seq and epoch are the ones the game was at, which is what ties a roll to its secret.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor

import msgspec

from events.core import GameCreated, Roll
from adjudicator.dice import RollDeriver, seed_mix
from adjudicator.logsource import LogSource

WORTH_A_PROCESS = 4_000_000  # bytes of log: below this, starting a process costs more than it saves


class _ActionView(msgspec.Struct):
    type: str = ""
    player: str = ""
    seed: str = ""


class _EventView(msgspec.Struct):
    seq: int
    epoch: int
    action: _ActionView
    rolls: tuple[Roll, ...] = ()


Found = tuple[dict[str, int], list[tuple[int, str, str]]]


def check_beside(source: LogSource, created: GameCreated, upto: int | None, lenient: bool) -> Found:
    """Every roll of a committed-dice log: (verdict counts, [(seq, "dice", what is wrong)])."""
    from adjudicator.verify import Reveals, roll_verdicts

    reveals = Reveals(source.reveal_bodies(), created.dice.anchor, created.dice.epochs)
    decode = msgspec.json.Decoder(_EventView).decode
    seeds: list[tuple[str, str]] = []
    mix = seed_mix(())
    counts: Counter = Counter()
    failures: list[tuple[int, str, str]] = []
    secret_epoch, rolls_of = -1, None
    for body in source.dice_bodies():
        try:
            event = decode(body)
        except (msgspec.DecodeError, msgspec.ValidationError):
            continue  # the main pass reports it
        if (upto is not None and event.seq > upto) or (failures and not lenient):
            break
        if event.action.type == "seed":
            seeds.append((event.action.player, event.action.seed))
            mix = seed_mix(tuple(seeds))
            secret_epoch = -1  # the rolls that follow mix the new seed in
        if not event.rolls:
            continue
        if event.epoch != secret_epoch:  # events come in epoch order: one look-up per epoch
            secret_epoch, secret = event.epoch, reveals.secret(event.epoch)
            rolls_of = RollDeriver(secret, created.game, mix) if secret is not None else None
        for verdict, wrong in roll_verdicts(rolls_of, event, created.dice.epochs):
            counts[verdict] += 1
            if wrong:
                failures.append((event.seq, "dice", wrong))
    return dict(counts), failures


class Beside:
    """check_beside at work in another process."""

    def __init__(self, pool: ProcessPoolExecutor, future: Future):
        self._pool, self._future = pool, future

    def result(self) -> Found:
        """What it found, once it is done. The pool is then wound down (its worker ends, a few ms)
        before verify answers: left to end on its own, it could race the interpreter's exit, which
        then printed a traceback after the report (CPython 3.11's ProcessPoolExecutor)."""
        try:
            return self._future.result()
        finally:
            self._pool.shutdown(wait=True)


def start_beside(source: LogSource, created: GameCreated, upto: int | None, lenient: bool) -> Beside | None:
    """Start check_beside in another process when it pays; None to check everything inline."""
    if (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    if source.path.stat().st_size < WORTH_A_PROCESS:
        return None
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
    return Beside(pool, pool.submit(check_beside, source, created, upto, lenient))

"""Check the hash chain and re-derive every roll of a log in a second process, beside
verify's main pass.

Neither depends on the game state: the chain on the bytes, the rolls on the revealed
secrets, the players' client seeds and each event's seq and epoch. On a machine with more
than one core they are checked in parallel with the rules. The main pass still checks that
every event's epoch is the one the game was in, which is what ties a roll to its secret.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from concurrent.futures import Future, ProcessPoolExecutor

import msgspec

from events.core import GameCreated, Roll
from adjudicator.dice import seed_mix
from adjudicator.logsource import LogSource

NO_ROLLS = b'"rolls":[],"prev":'
SEED_MARK = b'"type":"seed"'
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


Found = tuple[dict[str, int], list[tuple[int, str, str]], list[tuple[int, str]]]


def check_beside(source: LogSource, created: GameCreated, upto: int | None, lenient: bool,
                 wanted: dict[int, str]) -> Found:
    """The hash chain, the kept heads and every roll of a committed-dice log:
    (verdict counts, [(seq, kind, what is wrong)], heads checked)."""
    from adjudicator.verify import ChainCheck, Reveals, roll_verdicts

    chain = ChainCheck(wanted, source.unit)
    reveals = Reveals(source.reveal_bodies(), created.dice.anchor, created.dice.epochs)
    decode = msgspec.json.Decoder(_EventView).decode
    seeds: list[tuple[str, str]] = []
    mix = seed_mix(())
    counts: Counter = Counter()
    failures: list[tuple[int, str, str]] = []
    secret_epoch, secret = -1, None
    step = chain.step
    for seq, (number, body, digest) in enumerate(source.rows(), start=1):
        if (upto is not None and seq > upto) or (failures and not lenient):
            break
        if body is None:
            continue  # the main pass reports it
        found = step(seq, number, body, digest)
        if found:
            failures.extend((seq, kind, message) for kind, message in found)
        if NO_ROLLS in body and SEED_MARK not in body:
            continue  # nothing to derive: skip decoding
        try:
            event = decode(body)
        except (msgspec.DecodeError, msgspec.ValidationError):
            continue  # the main pass reports it
        if event.action.type == "seed":
            seeds.append((event.action.player, event.action.seed))
            mix = seed_mix(tuple(seeds))
        if not event.rolls:
            continue
        if event.epoch != secret_epoch:  # events come in epoch order: one look-up per epoch
            secret_epoch, secret = event.epoch, reveals.secret(event.epoch)
        for verdict, wrong in roll_verdicts(secret, created.game, mix, event):
            counts[verdict] += 1
            if wrong:
                failures.append((event.seq, "dice", wrong))
    return dict(counts), failures, chain.heads_checked


def start_beside(source: LogSource, created: GameCreated, upto: int | None, lenient: bool,
                 wanted: dict[int, str]) -> Future | None:
    """Start check_beside in another process when it pays; None to check everything inline."""
    if (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    if source.path.stat().st_size < WORTH_A_PROCESS:
        return None
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
    future = pool.submit(check_beside, source, created, upto, lenient, wanted)
    pool.shutdown(wait=False)  # the worker ends when its one job is done
    return future

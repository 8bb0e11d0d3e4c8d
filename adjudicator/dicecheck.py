"""Re-derive every roll of a log in a second process, beside verify's main pass.

The rolls depend only on the revealed secrets, the players' client seeds and each event's
seq and epoch, not on the game state, so on a machine with more than one core they are
checked in parallel with the chain and the rules. The main pass still checks that every
event's epoch is the one the game was in, which is what ties a roll to its secret.
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


def check_all_rolls(source: LogSource, created: GameCreated, upto: int | None, lenient: bool,
                    ) -> tuple[dict[str, int], list[tuple[int, str]]]:
    """(verdict counts, [(seq, what is wrong)]) for every roll of a committed-dice log."""
    from adjudicator.verify import Reveals, roll_verdicts

    reveals = Reveals(source.reveal_bodies(), created.dice.anchor, created.dice.epochs)
    decode = msgspec.json.Decoder(_EventView).decode
    seeds: list[tuple[str, str]] = []
    mix = seed_mix(())
    counts: Counter = Counter()
    failures: list[tuple[int, str]] = []
    for n, (_number, body, _digest) in enumerate(source.rows(), start=1):
        if upto is not None and n > upto:
            break
        if body is None:
            continue
        try:
            event = decode(body)
        except (msgspec.DecodeError, msgspec.ValidationError):
            continue  # the main pass reports it
        if event.action.type == "seed":
            seeds.append((event.action.player, event.action.seed))
            mix = seed_mix(tuple(seeds))
        if event.rolls:
            for verdict, wrong in roll_verdicts(reveals.secret(event.epoch), created.game, mix, event):
                counts[verdict] += 1
                if wrong:
                    failures.append((event.seq, wrong))
            if failures and not lenient:
                break
    return dict(counts), failures


def start_beside(source: LogSource, created: GameCreated, upto: int | None, lenient: bool) -> Future | None:
    """Start check_all_rolls in another process when it pays; None to check rolls inline."""
    if (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    if source.path.stat().st_size < WORTH_A_PROCESS:
        return None
    pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("fork"))
    future = pool.submit(check_all_rolls, source, created, upto, lenient)
    pool.shutdown(wait=False)  # the worker ends when its one job is done
    return future

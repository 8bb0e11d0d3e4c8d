"""The revealed dice secrets of a log, and the verdict on each roll they re-derive.

Read by verify's main pass and by the dice check in the second process (adjudicator/dicecheck.py):
both ask the same questions of the same log, so the answers live here, apart from either.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import msgspec

from adjudicator.dice import RollDeriver, chains_to, hash_down, parse_expr

_reveal_decoder = msgspec.json.Decoder()


def raw_digest(digest: str) -> bytes:
    """A stored hash (or a secret) as bytes; 32 zero bytes when it is no hex at all (a lenient audit goes on)."""
    try:
        return bytes.fromhex(digest)
    except ValueError:
        return bytes(32)


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
        self._known = (0, raw_digest(anchor))  # the highest secret taken: (epoch, s_epoch)
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


def roll_verdicts(rolls_of: RollDeriver | None, event: Any, epochs: int) -> list[tuple[str, str]]:
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

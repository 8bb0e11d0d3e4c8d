"""The referee's dice secret, kept in its own owner-only file beside the database.

The database and every export can be handed to anyone; this file never.
Losing it makes the rolls of unrevealed epochs unauditable.
"""

from __future__ import annotations

import hashlib
import os
import secrets as _random
from pathlib import Path

import msgspec

from adjudicator.dice import hash_down
from adjudicator.errors import BadInput, Rejected
from adjudicator.i18n import _

CHECKPOINT_EVERY = 1024


class DiceSecret(msgspec.Struct, frozen=True, kw_only=True):
    """s_N (`top`), and s_k for every k that is a multiple of CHECKPOINT_EVERY, so that
    reaching any epoch's secret costs at most CHECKPOINT_EVERY hashes, however long the chain."""

    game: str
    epochs: int
    top: str
    checkpoints: dict[int, str] = {}

    def for_epoch(self, epoch: int) -> bytes:
        if not 1 <= epoch <= self.epochs:
            raise Rejected(_("epoch {epoch} is outside the committed dice chain (1..{epochs})").format(epoch=epoch, epochs=self.epochs))
        above = -(-epoch // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
        if above in self.checkpoints:
            return hash_down(bytes.fromhex(self.checkpoints[above]), above - epoch)
        return hash_down(bytes.fromhex(self.top), self.epochs - epoch)

    def anchor(self) -> str:
        lowest = min(self.checkpoints, default=self.epochs)
        start = self.checkpoints.get(lowest, self.top)
        return hash_down(bytes.fromhex(start), lowest).hex()


def secret_path(db_path: str | Path) -> Path:
    return Path(str(db_path) + ".secret")


def generate(game: str, epochs: int, top: bytes | None = None) -> DiceSecret:
    """A new chain: one pass from s_N down to s_0, keeping the checkpoints."""
    if epochs < 1:
        raise BadInput(_("the dice chain needs at least one epoch"))
    top = top or _random.token_bytes(32)
    checkpoints: dict[int, str] = {}
    s = top
    for k in range(epochs, 0, -1):
        if k % CHECKPOINT_EVERY == 0:
            checkpoints[k] = s.hex()
        s = hashlib.sha256(s).digest()
    return DiceSecret(game=game, epochs=epochs, top=top.hex(), checkpoints=checkpoints)


def write(path: Path, secret: DiceSecret) -> None:
    """Create the file owner-only (0600); never overwrite an existing secret."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise BadInput(_("{path} already exists: refusing to overwrite a dice secret").format(path=path)) from None
    with os.fdopen(fd, "wb") as f:
        f.write(msgspec.json.encode(secret) + b"\n")
        f.flush()
        os.fsync(f.fileno())


def load(path: Path, game: str, anchor: str) -> DiceSecret:
    """Read the secret and check it is this game's: it must hash down to the published anchor."""
    if not path.exists():
        raise Rejected(
            f"the dice secret {path} is missing: only the referee who holds it can draw or reveal rolls"
        )
    try:
        secret = msgspec.json.decode(path.read_bytes(), type=DiceSecret)
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        raise BadInput(_("{path}: not a dice secret file ({error})").format(path=path, error=e)) from None
    try:
        for value in (secret.top, *secret.checkpoints.values()):
            if len(bytes.fromhex(value)) != 32:
                raise ValueError
    except ValueError:
        raise BadInput(_("{path}: not a dice secret file (its secrets are not 64 hex digits)").format(path=path)) from None
    if secret.game != game or secret.anchor() != anchor:
        raise Rejected(_("{path} is not the dice secret of game {game!r}: it does not hash to the committed anchor").format(
            path=path, game=game))
    return secret

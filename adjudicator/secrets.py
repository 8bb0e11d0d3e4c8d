"""The referee's dice secret, kept in its own owner-only file beside the database.

The database and every export can be handed to anyone; this file never.
Losing it makes the rolls of unrevealed epochs unauditable.
"""

from __future__ import annotations

import os
import secrets as _random
from pathlib import Path

import msgspec

from adjudicator.dice import anchor_of, epoch_secret
from adjudicator.errors import BadInput, Rejected


class DiceSecret(msgspec.Struct, frozen=True, kw_only=True):
    game: str
    epochs: int
    top: str  # s_N, hex

    def for_epoch(self, epoch: int) -> bytes:
        return epoch_secret(bytes.fromhex(self.top), self.epochs, epoch)

    def anchor(self) -> str:
        return anchor_of(bytes.fromhex(self.top), self.epochs).hex()


def secret_path(db_path: str | Path) -> Path:
    return Path(str(db_path) + ".secret")


def generate(game: str, epochs: int, top: bytes | None = None) -> DiceSecret:
    return DiceSecret(game=game, epochs=epochs, top=(top or _random.token_bytes(32)).hex())


def write(path: Path, secret: DiceSecret) -> None:
    """Create the file owner-only (0600); never overwrite an existing secret."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise BadInput(f"{path} already exists: refusing to overwrite a dice secret") from None
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
        raise BadInput(f"{path}: not a dice secret file ({e})") from None
    if secret.game != game or secret.anchor() != anchor:
        raise Rejected(f"{path} is not the dice secret of game {game!r}: it does not hash to the committed anchor")
    return secret

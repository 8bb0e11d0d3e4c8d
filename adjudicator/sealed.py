"""Sealed orders: commit to secret, simultaneous decisions now, reveal them later.

    commitment = sha256(b"adj-seal1\\0" + game + b"\\0" + side + b"\\0" + canonical(orders) + salt)
canonical(orders) is the msgspec JSON of the list of order lines, each stripped
of surrounding blanks; salt is 32 random bytes, shown as hex.
"""

from __future__ import annotations

import hashlib
import secrets

import msgspec

DOMAIN = b"adj-seal1\x00"


def normalise(orders: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(line.strip() for line in orders if line.strip())


def commitment(game: str, side: str, orders: tuple[str, ...], salt: bytes) -> str:
    body = msgspec.json.encode(list(normalise(orders)))
    return hashlib.sha256(DOMAIN + game.encode() + b"\x00" + side.encode() + b"\x00" + body + salt).hexdigest()


def seal(game: str, side: str, orders: tuple[str, ...]) -> tuple[str, str]:
    """(commitment, salt hex) for a fresh random salt."""
    salt = secrets.token_bytes(32)
    return commitment(game, side, orders, salt), salt.hex()

"""Sealed orders: commit to secret orders now, open them later.

    commitment = sha256(b"adj-seal1\\0" + game + b"\\0" + side + b"\\0" + canonical(orders) + salt)
canonical(orders) is the msgspec JSON of the list of order lines in their normal form (normalise:
comments and blank lines dropped, each line stripped of surrounding blanks); salt is 32 random
bytes, shown as hex. The opened orders are stored in that form, so the commitment is the JSON of
the orders as the log holds them.

The referee's way out of orders that cannot be opened (a typo the rules refuse) is `void LABEL because
REASON` (an `orders-voided` event): the engine drops the sealed orders, and the ruleset says what
follows (a side seals again while no other side's orders have been opened since it sealed; otherwise
its orders stand as not given).
"""

from __future__ import annotations

import hashlib
import secrets

import msgspec

DOMAIN = b"adj-seal1\x00"


def normalise(orders: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The order lines as they are committed to and stored: as in a post, `#` starts a comment that is
    dropped; each line is stripped of surrounding blanks, and blank lines are dropped."""
    return tuple(text for line in orders if (text := line.split("#", 1)[0].strip()))


def commitment(game: str, side: str, orders: tuple[str, ...], salt: bytes) -> str:
    body = msgspec.json.encode(list(normalise(orders)))
    return hashlib.sha256(DOMAIN + game.encode() + b"\x00" + side.encode() + b"\x00" + body + salt).hexdigest()


def seal(game: str, side: str, orders: tuple[str, ...]) -> tuple[str, str]:
    """(commitment, salt hex) for a fresh random salt."""
    salt = secrets.token_bytes(32)
    return commitment(game, side, orders, salt), salt.hex()


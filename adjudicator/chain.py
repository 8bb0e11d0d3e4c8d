"""Canonical encoding and the hash chain.

An event's canonical bytes are the msgspec JSON of its envelope (no hash).
    hash = sha256(b"adj-ev1\\0" + bytes.fromhex(prev) + canonical)
The first event's prev is 32 zero bytes. A stored or exported line is the
canonical bytes with `,"hash":"<64 hex>"` put before the closing brace, so
the canonical bytes are always `line[:-75] + b"}"`.
"""

from __future__ import annotations

import hashlib

import msgspec

from adjudicator.errors import BadInput

DOMAIN = b"adj-ev1\x00"
GENESIS = "0" * 64
_SUFFIX_LEN = len(b',"hash":"') + 64 + len(b'"}')  # 75

_encoder = msgspec.json.Encoder()


def canonical(envelope: msgspec.Struct) -> bytes:
    return _encoder.encode(envelope)


def event_hash(prev: str, body: bytes) -> str:
    return hashlib.sha256(DOMAIN + bytes.fromhex(prev) + body).hexdigest()


def to_line(body: bytes, digest: str) -> bytes:
    return body[:-1] + b',"hash":"' + digest.encode("ascii") + b'"}'


def split_line(line: bytes, where: str) -> tuple[bytes, str]:
    """(canonical body, hash) of one stored line; BadInput names `where`."""
    line = line.rstrip(b"\r\n")
    if (
        len(line) <= _SUFFIX_LEN
        or not line.startswith(b"{")
        or line[-_SUFFIX_LEN:-66] != b',"hash":"'
        or line[-2:] != b'"}'
    ):
        raise BadInput(f"{where}: not an event line (expected a JSON object ending in \"hash\")")
    digest = line[-66:-2].decode("ascii", "replace")
    return line[:-_SUFFIX_LEN] + b"}", digest


def matches_prefix(digest: str, prefix: str) -> bool:
    """A hash prefix as a player keeps it: 8 or more hex digits, as git accepts."""
    return len(prefix) >= 8 and digest.startswith(prefix.lower())

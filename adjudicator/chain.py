"""Canonical encoding and the hash chain.

An event's canonical bytes are the msgspec JSON of its envelope (no hash).
    hash = sha256(b"adj-ev1\\0" + bytes.fromhex(prev) + canonical)
The first event's prev is 32 zero bytes. A stored or exported line is the
canonical bytes with `,"hash":"<64 hex>"` put before the closing brace, so
the canonical bytes are always `line[:-75] + b"}"`.

A line is an event only if its body is byte for byte the canonical encoding of
what it decodes to: members in declared order, none missing, none extra, none
twice, no blanks, strings escaped and numbers written as msgspec writes them,
and no float whose shortest form needs an exponent (see `plain_float`).
"""

from __future__ import annotations

import hashlib
import math
from functools import lru_cache

import msgspec

from adjudicator.errors import BadInput
from adjudicator.i18n import Msg, N_, _

DOMAIN = b"adj-ev1\x00"
GENESIS = "0" * 64
_SUFFIX_LEN = len(b',"hash":"') + 64 + len(b'"}')  # 75

ENCODER = msgspec.json.Encoder()
# canonical(envelope) -> bytes: the encoder's own method, not a function around it, as verify calls it per event
canonical = ENCODER.encode


def event_hash(prev: str, body: bytes) -> str:
    return hashlib.sha256(DOMAIN + bytes.fromhex(prev) + body).hexdigest()


def to_line(body: bytes, digest: str) -> bytes:
    return body[:-1] + b',"hash":"' + digest.encode("ascii") + b'"}'


def split_line(line: bytes, where: str) -> tuple[bytes, str]:
    """(canonical body, hash) of one stored line, ended by LF, CRLF or nothing; BadInput names `where`."""
    if line[-2:] == b"\r\n":
        line = line[:-2]
    elif line[-1:] == b"\n":
        line = line[:-1]
    if (
        len(line) <= _SUFFIX_LEN
        or not line.startswith(b"{")
        or line[-_SUFFIX_LEN:-66] != b',"hash":"'
        or line[-2:] != b'"}'
    ):
        raise BadInput(_("{where}: not an event line (expected a JSON object ending in \"hash\")").format(where=where))
    digest = line[-66:-2].decode("ascii", "replace")
    return line[:-_SUFFIX_LEN] + b"}", digest


def matches_prefix(digest: str, prefix: str) -> bool:
    """A hash prefix as a player keeps it: 8 or more hex digits, as git accepts."""
    return len(prefix) >= 8 and digest.startswith(prefix.lower())


# -- the canonical form ------------------------------------------------------

FLOATS = N_("a log holds only finite floats written without an exponent: 0, or 0.0001 to below 1e16 in size")


def plain_float(x: float) -> bool:
    """A float a log may hold: finite, and its shortest text has no exponent (0 or 1e-4 <= |x| < 1e16).
    Those msgspec writes exactly as Python's repr does; outside them the two differ (1e16, 1e+16)."""
    return math.isfinite(x) and "e" not in repr(x)


def _read_float(text: str) -> float:
    x = float(text)
    if not plain_float(x):
        raise ValueError(text)  # float_problem says what is wrong with it
    return x


_float_reader = msgspec.json.Decoder(float_hook=_read_float)


def float_problem(body: bytes) -> Msg | None:
    """What is wrong with a canonical body's floats, or None."""
    try:
        _float_reader.decode(body)
    except (msgspec.DecodeError, msgspec.ValidationError) as e:
        number, _sep, where = str(e).rpartition(" - at ")  # msgspec: `{what _read_float raised} - at `$.path``
        return Msg("the float {number} at {where}: {rule}", number=number or str(e), where=where, rule=Msg(FLOATS))
    return None


def unwritable_float(value: object, where: str = "") -> tuple[str, float] | None:
    """(where, value) of the first float in `value` (builtins: dicts, lists, tuples) that a log may not hold."""
    if isinstance(value, float):
        return None if plain_float(value) else (where, value)
    if isinstance(value, dict):
        items = ((f"{where}.{k}" if where else str(k), v) for k, v in value.items())
    elif isinstance(value, (list, tuple)):
        items = ((f"{where}[{i}]", v) for i, v in enumerate(value))
    else:
        return None
    for path, item in items:
        found = unwritable_float(item, path)
        if found is not None:
            return found
    return None


@lru_cache(maxsize=None)
def holds_floats(cls: type) -> bool:
    """Whether a value of this type (an action Struct) can hold a float: only those need `float_problem`."""
    from msgspec import inspect

    def walk(t) -> bool:
        if isinstance(t, (inspect.FloatType, inspect.AnyType)):
            return True
        if isinstance(t, inspect.StructType):
            return any(walk(f.type) for f in t.fields)
        inner = [getattr(t, name) for name in ("item_type", "key_type", "value_type") if hasattr(t, name)]
        inner += list(getattr(t, "types", ())) + list(getattr(t, "item_types", ()))
        return any(walk(x) for x in inner)

    return walk(inspect.type_info(cls))


def not_canonical(body: bytes, again: bytes, floats: bool) -> Msg | None:
    """What makes a body other than `again`, the canonical encoding of the event it decodes to, or None;
    its floats are read too when `floats` (see holds_floats)."""
    if again != body:
        at = next((i for i, (a, b) in enumerate(zip(body, again)) if a != b), min(len(body), len(again)))
        return Msg("it is not the canonical encoding of the event: at byte {at} it has {found!r} where the canonical "
                   "encoding has {wanted!r}", at=at, found=body[at:at + 20], wanted=again[at:at + 20])
    return float_problem(body) if floats else None

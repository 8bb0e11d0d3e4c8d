"""Dice expressions, the epoch-secret chain, roll derivation and the dice sources.

The referee's secret is the top s_N of a reverse hash chain, s_{k-1} = sha256(s_k);
s_0 (the anchor) is published in the first event. Epoch k rolls with s_k.

Roll i of event seq e reads 4-byte big-endian words from the blocks
    HMAC-SHA256(key=s_k, msg=b"adj-dice1\\0" + game + b"\\0" + mix + e:8 + i:4 + counter:4)
for counter = 0, 1, 2, ...; a word u is kept when u < 2**32 - 2**32 % M (rejection
sampling, no modulo bias) and gives the face u % M (+1 unless the die is read from 0).
`mix` folds in the players' client seeds (see `seed_mix`).
"""

from __future__ import annotations

import hashlib
import re
import struct
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol

import msgspec

from events.core import Roll
from adjudicator.errors import Rejected, ReportedDiceError
from adjudicator.i18n import Msg, _

DICE_DOMAIN = b"adj-dice1\x00"
MIX_DOMAIN = b"adj-mix1\x00"
MAX_DICE = 100
MAX_FACES = 1000

_EXPR = re.compile(r"^([0-9]*)d([0-9]+)(z?)(?:([+-])([0-9]+))?$", re.IGNORECASE)


@dataclass(frozen=True)
class DiceExpr:
    """NdM (faces 1..M), NdMz (faces 0..M-1, the d10 read 0-9), with an optional +K or -K."""

    count: int
    faces: int
    zero: bool = False
    modifier: int = 0
    # derived once: every roll of a long log reads them
    low: int = field(init=False, compare=False, repr=False)
    high: int = field(init=False, compare=False, repr=False)
    limit: int = field(init=False, compare=False, repr=False)  # words at or above it are rejected
    text: str = field(init=False, compare=False, repr=False)  # the one form a log holds: 1d6, 1d10z, 2d6+1, 3d6-2

    def __post_init__(self) -> None:
        low = 0 if self.zero else 1
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "high", self.faces - 1 + low)
        object.__setattr__(self, "limit", 2**32 - 2**32 % self.faces)
        mod = f"{self.modifier:+d}" if self.modifier else ""
        object.__setattr__(self, "text", f"{self.count}d{self.faces}{'z' if self.zero else ''}{mod}")

    def total(self, dice: tuple[int, ...]) -> int:
        return sum(dice) + self.modifier

    def __str__(self) -> str:
        return self.text


@lru_cache(maxsize=1024)
def parse_expr(text: str) -> DiceExpr:
    """Parse a dice expression; ValueError says what is wrong."""
    m = _EXPR.match(text.strip().replace(" ", ""))
    if not m:
        raise ValueError(Msg("{text!r} is not a dice expression (NdM, NdM+K, NdMz for a die read from 0)", text=text))
    count = int(m.group(1) or 1)
    faces = int(m.group(2))
    if not 1 <= count <= MAX_DICE:
        raise ValueError(Msg("{text!r}: between 1 and {most} dice", text=text, most=MAX_DICE))
    if not 2 <= faces <= MAX_FACES:
        raise ValueError(Msg("{text!r}: a die has between 2 and {most} faces", text=text, most=MAX_FACES))
    modifier = int(m.group(5) or 0) * (-1 if m.group(4) == "-" else 1)
    return DiceExpr(count, faces, bool(m.group(3)), modifier)


# -- the epoch-secret chain ------------------------------------------------

def hash_down(secret: bytes, times: int) -> bytes:
    for _ in range(times):
        secret = hashlib.sha256(secret).digest()
    return secret


def chains_to(secret: bytes, epoch: int, known: bytes, known_epoch: int) -> bool:
    """Does s_epoch hash down to the already known s_known_epoch?"""
    return epoch > known_epoch and hash_down(secret, epoch - known_epoch) == known


def seed_mix(seeds: tuple[tuple[str, str], ...]) -> bytes:
    """sha256(b"adj-mix1\\0" + for each (player, seed) in log order: player + b"\\0" + seed + b"\\0")."""
    h = hashlib.sha256(MIX_DOMAIN)
    for player, seed in seeds:
        h.update(player.encode() + b"\x00" + seed.encode() + b"\x00")
    return h.digest()


# -- deriving faces --------------------------------------------------------

_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))
_WORDS = struct.Struct(">8I")
_SEQ_INDEX_COUNTER = struct.Struct(">QII")


class RollDeriver:
    """Every roll of one game and epoch: HMAC-SHA256 keyed once with the epoch secret (RFC 2104,
    identical to hmac.digest) and the game's message prefix built once, so a roll costs two
    hash updates a block. A long log derives many rolls per epoch."""

    __slots__ = ("_inner", "_outer", "_prefix")

    def __init__(self, secret: bytes, game: str, mix: bytes):
        key = secret.ljust(64, b"\x00") if len(secret) <= 64 else hashlib.sha256(secret).digest().ljust(64, b"\x00")
        self._inner, self._outer = hashlib.sha256(key.translate(_IPAD)), hashlib.sha256(key.translate(_OPAD))
        self._prefix = DICE_DOMAIN + game.encode() + b"\x00" + mix

    def hmac(self, message: bytes) -> bytes:
        inner = self._inner.copy()
        inner.update(message)
        outer = self._outer.copy()
        outer.update(inner.digest())
        return outer.digest()

    def faces(self, seq: int, index: int, expr: DiceExpr) -> tuple[int, ...]:
        m, low, count, limit = expr.faces, expr.low, expr.count, expr.limit
        faces: list[int] = []
        counter = 0
        while True:  # one block is enough, but for 9 dice or more or a rejected word
            block = self.hmac(self._prefix + _SEQ_INDEX_COUNTER.pack(seq, index, counter))
            counter += 1
            for u in _WORDS.unpack(block):
                if u < limit:
                    faces.append(u % m + low)
                    if len(faces) == count:
                        return tuple(faces)


@lru_cache(maxsize=64)
def deriver(secret: bytes, game: str, mix: bytes) -> RollDeriver:
    return RollDeriver(secret, game, mix)


def derive(secret: bytes, game: str, mix: bytes, seq: int, index: int, expr: DiceExpr) -> tuple[int, ...]:
    """The faces of roll `index` of event `seq` (see the module's docstring)."""
    return deriver(secret, game, mix).faces(seq, index, expr)


# -- dice sources: what a ruleset's resolution calls ------------------------

class Dice(Protocol):
    def roll(self, purpose: str, expr: str, side: str = "") -> tuple[int, ...]: ...


class DrawnDice:
    """Draws committed rolls for a new event. The secret is asked for only when a roll is."""

    def __init__(self, secret_for_epoch, game: str, mix: bytes, seq: int, epoch: int):
        self._secret_for_epoch = secret_for_epoch
        self._game, self._mix, self._seq, self._epoch = game, mix, seq, epoch
        self.rolls: list[Roll] = []

    def roll(self, purpose: str, expr: str, side: str = "") -> tuple[int, ...]:
        parsed = parse_expr(expr)
        secret = self._secret_for_epoch(self._epoch)
        faces = derive(secret, self._game, self._mix, self._seq, len(self.rolls), parsed)
        self.rolls.append(Roll(purpose=purpose, expr=str(parsed), dice=faces, side=side))
        return faces


class ReportedDice:
    """Values a player rolled with real dice, consumed in order and range-checked."""

    def __init__(self, values: tuple[int, ...], where: str):
        self._values = list(values)
        self._where = where
        self.rolls: list[Roll] = []

    def roll(self, purpose: str, expr: str, side: str = "") -> tuple[int, ...]:
        parsed = parse_expr(expr)
        if len(self._values) < parsed.count:
            raise ReportedDiceError(_("{where}: {purpose} needs {expr} but only {left} reported value(s) are left").format(
                where=self._where, purpose=purpose, expr=parsed, left=len(self._values)))
        faces = tuple(self._values[: parsed.count])
        del self._values[: parsed.count]
        for face in faces:
            if not parsed.low <= face <= parsed.high:
                raise ReportedDiceError(_("{where}: {face} is not a face of {expr} ({low}-{high})").format(
                    where=self._where, face=face, expr=parsed, low=parsed.low, high=parsed.high))
        self.rolls.append(Roll(purpose=purpose, expr=str(parsed), dice=faces, side=side))
        return faces

    def finish(self) -> None:
        if self._values:
            raise ReportedDiceError(_("{where}: {count} reported value(s) were not needed: {values}").format(
                where=self._where, count=len(self._values), values=self._values))


class RecordedDice(msgspec.Struct, gc=False):
    """Replays the rolls stored in event `seq`, checking that resolution asks for the same ones.

    Verify makes one per event with rolls: a Struct (built in C, holding nothing that could make a
    cycle) costs half a Python object to make, and nothing is formatted until a roll is wrong."""

    rolls: tuple[Roll, ...]
    seq: int | None
    next: int = 0  # the stored roll the next call must match

    @property
    def _where(self) -> str:
        return _("seq {seq}").format(seq=self.seq) if self.seq is not None else _("an event without rolls")

    def roll(self, purpose: str, expr: str, side: str = "") -> tuple[int, ...]:
        if self.next >= len(self.rolls):
            raise Rejected(_("{where}: resolution needs a roll for {purpose} ({expr}) that the event does not hold").format(
                where=self._where, purpose=purpose, expr=expr))
        r = self.rolls[self.next]
        self.next += 1
        parsed = parse_expr(expr)
        if r.purpose != purpose or r.side != side or r.expr != parsed.text:  # the form the engine writes, no other
            raise Rejected(_("{where}: roll {n} is {stored} ({stored_expr}) but resolution asks for {purpose} ({expr})").format(
                where=self._where, n=self.next - 1, stored=r.purpose, stored_expr=r.expr, purpose=purpose, expr=parsed))
        dice = r.dice
        if len(dice) == parsed.count:
            for face in dice:  # a loop costs less than min() and max(), which parse keywords on every call
                if face < parsed.low or face > parsed.high:
                    break
            else:
                return dice
        raise Rejected(_("{where}: roll {n} ({expr}) holds impossible faces {faces}").format(
            where=self._where, n=self.next - 1, expr=r.expr, faces=list(dice)))

    def finish(self) -> None:
        if self.next != len(self.rolls):
            from adjudicator.i18n import ngettext

            left = len(self.rolls) - self.next
            said = ngettext("{where}: the event holds {n} roll(s) that resolution never used",
                            "{where}: the event holds {n} roll(s) that resolution never used", left)
            raise Rejected(said.format(where=self._where, n=left))

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
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from events.core import Roll
from adjudicator.errors import BadInput, Rejected

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

    @property
    def low(self) -> int:
        return 0 if self.zero else 1

    @property
    def high(self) -> int:
        return self.faces - 1 if self.zero else self.faces

    def total(self, dice: tuple[int, ...]) -> int:
        return sum(dice) + self.modifier

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.faces}{'z' if self.zero else ''}{mod}"


@lru_cache(maxsize=1024)
def parse_expr(text: str) -> DiceExpr:
    """Parse a dice expression; ValueError says what is wrong."""
    m = _EXPR.match(text.strip().replace(" ", ""))
    if not m:
        raise ValueError(f"{text!r} is not a dice expression (NdM, NdM+K, NdMz for a die read from 0)")
    count = int(m.group(1) or 1)
    faces = int(m.group(2))
    if not 1 <= count <= MAX_DICE:
        raise ValueError(f"{text!r}: between 1 and {MAX_DICE} dice")
    if not 2 <= faces <= MAX_FACES:
        raise ValueError(f"{text!r}: a die has between 2 and {MAX_FACES} faces")
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

@lru_cache(maxsize=64)
def _prefix(game: str, mix: bytes) -> bytes:
    return DICE_DOMAIN + game.encode() + b"\x00" + mix


@lru_cache(maxsize=256)
def _hmac_pads(secret: bytes) -> tuple:
    """HMAC-SHA256 keyed once per epoch secret (RFC 2104); identical to hmac.digest, cheaper per roll."""
    key = secret.ljust(64, b"\x00") if len(secret) <= 64 else hashlib.sha256(secret).digest().ljust(64, b"\x00")
    return hashlib.sha256(key.translate(_IPAD)), hashlib.sha256(key.translate(_OPAD))


_IPAD = bytes(b ^ 0x36 for b in range(256))
_OPAD = bytes(b ^ 0x5C for b in range(256))


def hmac_sha256(secret: bytes, message: bytes) -> bytes:
    inner, outer = _hmac_pads(secret)
    i = inner.copy()
    i.update(message)
    o = outer.copy()
    o.update(i.digest())
    return o.digest()


_WORDS = struct.Struct(">8I")


def derive(secret: bytes, game: str, mix: bytes, seq: int, index: int, expr: DiceExpr) -> tuple[int, ...]:
    prefix = _prefix(game, mix) + seq.to_bytes(8, "big") + index.to_bytes(4, "big")
    m, low, count = expr.faces, expr.low, expr.count
    limit = 2**32 - 2**32 % m
    faces: list[int] = []
    counter = 0
    while True:
        block = hmac_sha256(secret, prefix + counter.to_bytes(4, "big"))
        counter += 1
        for u in _WORDS.unpack(block):
            if u < limit:
                faces.append(u % m + low)
                if len(faces) == count:
                    return tuple(faces)


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
            raise BadInput(f"{self._where}: {purpose} needs {parsed} but only {len(self._values)} reported value(s) are left")
        faces = tuple(self._values[: parsed.count])
        del self._values[: parsed.count]
        for face in faces:
            if not parsed.low <= face <= parsed.high:
                raise BadInput(f"{self._where}: {face} is not a face of {parsed} ({parsed.low}-{parsed.high})")
        self.rolls.append(Roll(purpose=purpose, expr=str(parsed), dice=faces, side=side))
        return faces

    def finish(self) -> None:
        if self._values:
            raise BadInput(f"{self._where}: {len(self._values)} reported value(s) were not needed: {self._values}")


class RecordedDice:
    """Replays the rolls stored in an event, checking that resolution asks for the same ones."""

    def __init__(self, rolls: tuple[Roll, ...], where: str):
        self._rolls = rolls
        self._next = 0
        self._where = where

    def roll(self, purpose: str, expr: str, side: str = "") -> tuple[int, ...]:
        if self._next >= len(self._rolls):
            raise Rejected(f"{self._where}: resolution needs a roll for {purpose} ({expr}) that the event does not hold")
        r = self._rolls[self._next]
        self._next += 1
        parsed = parse_expr(expr)
        if r.purpose != purpose or r.side != side or (r.expr != expr and r.expr != str(parsed)):
            raise Rejected(f"{self._where}: roll {self._next - 1} is {r.purpose} ({r.expr}) but resolution asks for {purpose} ({parsed})")
        dice = r.dice
        if len(dice) != parsed.count or min(dice) < parsed.low or max(dice) > parsed.high:
            raise Rejected(f"{self._where}: roll {self._next - 1} ({r.expr}) holds impossible faces {list(dice)}")
        return dice

    def finish(self) -> None:
        if self._next != len(self._rolls):
            raise Rejected(f"{self._where}: the event holds {len(self._rolls) - self._next} roll(s) that resolution never used")

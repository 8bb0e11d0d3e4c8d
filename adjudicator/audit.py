"""Every roll of a log with its verdict, and a luck table per player.

Verdicts: verified (recomputed from the revealed secret and matches), mismatched, off-chain
(in an epoch outside the committed chain 1..N), unrevealed (no reveal at or above its epoch yet:
a reveal of epoch k reveals every epoch below it too), reported (real dice).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from events.core import Envelope, Roll
from adjudicator.dice import parse_expr
from adjudicator.logsource import LogSource
from adjudicator.verify import Report, verify
from adjudicator.i18n import N_, _

VERDICT_WORDS = {
    "verified": N_("matches"),
    "mismatched": N_("DOES NOT MATCH"),
    "unrevealed": N_("not yet revealed"),
    "reported": N_("reported"),
    "off-chain": N_("OUTSIDE THE COMMITTED CHAIN"),
}


@dataclass
class Luck:
    """Running sums for one player and one kind of die."""

    n: int = 0
    total: int = 0

    def add(self, faces: tuple[int, ...]) -> None:
        self.n += len(faces)
        self.total += sum(faces)


@dataclass(frozen=True)
class LuckRow:
    player: str
    die: str
    dice: int
    mean: float
    expected: float
    z: float
    p: float  # two-sided: how often luck this far from the mean happens by chance


@dataclass
class Audit:
    report: Report
    luck: dict[tuple[str, str], Luck] = field(default_factory=dict)

    def rows(self) -> list[LuckRow]:
        out = []
        for (player, die), luck in sorted(self.luck.items()):
            expr = parse_expr(die)
            mu = (expr.low + expr.high) / 2
            sd = math.sqrt((expr.faces**2 - 1) / 12)
            mean = luck.total / luck.n
            z = (mean - mu) / (sd / math.sqrt(luck.n))
            out.append(LuckRow(player, die, luck.n, mean, mu, z, math.erfc(abs(z) / math.sqrt(2))))
        return out


def ruleset_of(source: LogSource) -> str:
    """The ruleset a log's first event names ("" if it cannot be read: verify says why)."""
    import json

    for _number, body, _digest in source.rows():
        try:
            return str(json.loads(body)["action"]["ruleset"]) if body is not None else ""
        except (ValueError, KeyError, TypeError):
            return ""
    return ""


def roll_line(event: Envelope, index: int, roll: Roll, verdict: str, ruleset: str = "") -> str:
    """One roll and its verdict, in the reader's language (its purpose and side too, by `ruleset`'s
    Russian forms)."""
    from adjudicator import localize

    who = localize.side(ruleset, roll.side or event.actor)
    return _("#{seq} roll {index} epoch {epoch} {side}: {purpose} {expr} {dice} {verdict}").format(
        seq=event.seq, index=index, epoch=event.epoch, side=who, purpose=localize.purpose(ruleset, roll.purpose), expr=roll.expr,
        dice=list(roll.dice), verdict=_(VERDICT_WORDS[verdict]))


def audit(source: LogSource, each: Callable[[Envelope, int, Roll, str], None] | None = None, lenient: bool = False) -> Audit:
    result = Audit(Report())

    def observe(event: Envelope, index: int, roll: Roll, verdict: str) -> None:
        expr = parse_expr(roll.expr)
        die = f"d{expr.faces}{'z' if expr.zero else ''}"
        result.luck.setdefault((roll.side or event.actor, die), Luck()).add(roll.dice)
        if each is not None:
            each(event, index, roll, verdict)

    result.report = verify(source, lenient=lenient, observe=observe)
    return result

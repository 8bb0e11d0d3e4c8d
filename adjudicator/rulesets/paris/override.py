"""Referee rulings that override the engine (play by email): a `ruling DECISION because REASON`
whose decision reads as one of the forms below changes the state; any other decision is kept in
the log as the referee's word and changes nothing.

    unit ID level normal|disorder|shaken|broken     unit ID hex HHHH      unit ID facing N|NE|SE|S|SW|NW
    unit ID remove                                   leader ID hex HHHH    wing ID order attack|march|rally
"""

from __future__ import annotations

from adjudicator.ruleset import Violation
from adjudicator.rulesets.paris import hexgrid
from adjudicator.rulesets.paris.model import LEVELS, ORDERS, PState
from adjudicator.rulesets.paris.work import Work, on_map

RULE = "seed 000 (referee ruling)"


def parse(s: PState, decision: str) -> tuple[str, str, str, str] | None | str:
    """(kind, id, field, value) for an override; None for a plain ruling; a message when malformed."""
    words = decision.lower().split()
    if not words or words[0] not in ("unit", "leader", "wing"):
        return None
    if len(words) == 3 and words[0] == "unit" and words[2] == "remove":
        return ("unit", words[1], "remove", "") if words[1] in s.units else f"no unit {words[1]!r}"
    if len(words) != 4:
        return "an override reads `unit ID level|hex|facing VALUE`, `unit ID remove`, `leader ID hex HHHH` or `wing ID order ORDER`"
    kind, ident, field, value = words
    pool = {"unit": s.units, "leader": s.leaders, "wing": s.wings}[kind]
    if ident not in pool:
        return f"no {kind} {ident!r}"
    ok = {("unit", "level"): value in LEVELS, ("unit", "facing"): value.upper() in hexgrid.VERTICES,
          ("unit", "hex"): _hex_ok(s, value), ("leader", "hex"): _hex_ok(s, value), ("wing", "order"): value in ORDERS}
    if not ok.get((kind, field)):
        return f"cannot set {kind} {field} to {value!r}"
    return kind, ident, field, value


def _hex_ok(s: PState, h: str) -> bool:
    try:
        hexgrid.parse_hex(h)
    except ValueError:
        return False
    return on_map(s, h)


def check(s: PState, decision: str) -> list[Violation]:
    got = parse(s, decision)
    return [Violation("ruling/override", RULE, got)] if isinstance(got, str) else []


def apply(w: Work, decision: str, reason: str) -> None:
    got = parse(w.s, decision)
    if not isinstance(got, tuple):
        w.say(f"referee ruling recorded (no change to the state): {decision} — {reason}")
        return
    kind, ident, field, value = got
    if kind == "unit" and field == "remove":
        w.units.pop(ident)
    elif kind == "unit":
        change = {"level": LEVELS.index(value)} if field == "level" else {"facing": hexgrid.parse_facing(value)} if field == "facing" else {"hex": value}
        w.set_unit(ident, **change)
    elif kind == "leader":
        w.set_leader(ident, hex=value)
    else:
        w.set_wing(ident, order=value)
    w.say(f"referee ruling overrides the engine: {kind} {ident} {field} {value}".rstrip() + f" — because {reason}")

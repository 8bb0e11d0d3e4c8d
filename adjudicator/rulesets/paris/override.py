"""Referee rulings that override the engine (play by email): a `ruling DECISION because REASON`
whose decision reads as one of the forms below changes the state; any other decision is kept in
the log as the referee's word and changes nothing.

    unit ID level normal|disorder|shaken|broken     unit ID hex HHHH      unit ID facing N|NE|SE|S|SW|NW
    unit ID destroy      unit ID remove              leader ID hex HHHH    wing ID order attack|march|rally

`destroy` takes the unit off the map as destroyed, counted for victory (§14); `remove` takes it off
without counting it (as the Dreux option's units, §14). Either way a wing left with no unit never
activates again and its leader leaves the map (§5.2.2, ruling R37).
"""

from __future__ import annotations

from typing import Any

import msgspec

from adjudicator.draft import Draft
from adjudicator.ruleset import Violation, violation
from adjudicator.rulesets.paris import hexgrid, reactions
from adjudicator.rulesets.paris.ground import on_map
from adjudicator.rulesets.paris.morale import destroy
from adjudicator.rulesets.paris.state import LEVELS, ORDERS, PState

RULE = "seed 000 (referee ruling)"


def parse(s: PState, decision: str) -> tuple[str, str, str, str] | None | str:
    """(kind, id, field, value) for an override; None for a plain ruling; a message when malformed."""
    words = decision.lower().split()
    if not words or words[0] not in ("unit", "leader", "wing"):
        return None
    if len(words) == 3 and words[0] == "unit" and words[2] in ("destroy", "remove"):
        return ("unit", words[1], words[2], "") if words[1] in s.units else f"no unit {words[1]!r}"
    if len(words) != 4:
        return ("an override reads `unit ID level|hex|facing VALUE`, `unit ID destroy|remove`, `leader ID hex HHHH` or "
                "`wing ID order ORDER`")
    kind, ident, field, value = words
    pool: dict[str, Any] = s.units if kind == "unit" else s.leaders if kind == "leader" else s.wings
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
    return violation("ruling/override", RULE, got) if isinstance(got, str) else []


def apply(d: Draft[PState], decision: str, reason: str) -> bool:
    """Carry a ruling out. True when it voided the choice a melee result waited for, so that the
    caller goes on with the melees and what follows them, as after the choice itself (`settle`)."""
    got = parse(d.base, decision)
    if not isinstance(got, tuple):
        d.say(f"referee ruling recorded (no change to the state): {decision} — {reason}")
        return False
    kind, ident, field, value = got
    if kind == "unit" and field in ("destroy", "remove"):
        if field == "destroy":
            destroy(d, ident, f"the referee's ruling: {reason}")
        else:
            destroy(d, ident, f"taken off the map by the referee's ruling, not counted for victory: {reason}", counts=False)
    elif kind == "unit":
        change = {"level": LEVELS.index(value)} if field == "level" else {"facing": hexgrid.parse_facing(value)} if field == "facing" else {"hex": value}
        d.update(d.s.units, ident, **change)
    elif kind == "leader":
        d.update(d.s.leaders, ident, hex=value)
    else:
        d.update(d.s.wings, ident, order=value)
    d.say(f"referee ruling overrides the engine: {kind} {ident} {field} {value}".rstrip() + f" — because {reason}")
    return settle(d, kind, ident)


def settle(d: Draft[PState], kind: str, ident: str) -> bool:
    """After a ruling that changed unit, leader or wing `ident`, no pending decision names a piece that is
    gone or asks what the state no longer allows (R39): a declared melee whose lead or target is
    gone is dropped and a support that is gone leaves it (§11.2); an adjutant whose wing has no unit left
    is not placed (§5.2.2, done by morale.destroy); a reaction window naming `ident` keeps only those that may still answer its
    trigger, and closes when none may (§8.2, §8.3, §10.3). A melee result waiting for a retreat or an
    advance (§11.4) is carried on again from its stage after a ruling on a unit it names (the lead, the
    defender, or the unit asked), as when the choice is made: the engine asks again of the state the
    ruling left, or goes on. True when the melees must go on (that last case). Ruling R45."""
    _drop_melees(d)
    if d.s.acting_unit and d.s.acting_unit not in d.s.units and d.s.acting_unit not in d.s.leaders:
        d.s.acting_unit = ""
    if d.s.window is not None:
        _narrow_window(d, ident)
    st = d.s.melee_step
    if st is None or kind != "unit" or ident not in (st.lead, st.defender, st.unit):
        return False  # no choice waits, or the ruling was on another piece: the question stands as asked
    d.s.melee_step = msgspec.structs.replace(st, unit="", hexes=0, away="", into="", must=False)
    d.say(f"the melee result at {st.defender_hex} goes on from where it stood after the ruling (seed 000 §11.4, ruling R45)")
    return True


def _drop_melees(d: Draft[PState]) -> None:
    kept = []
    for m in d.s.melees:
        if m.lead not in d.s.units or m.target not in d.s.units:
            d.say(f"the melee {m.lead} → {m.target} is dropped: {m.lead if m.lead not in d.s.units else m.target} has left "
                  "the map (seed 000 §11.2, ruling R45)")
            continue
        kept.append(m if all(x in d.s.units for x in m.supports)
                    else msgspec.structs.replace(m, supports=tuple(x for x in m.supports if x in d.s.units)))
    if tuple(kept) != d.s.melees:
        d.s.melees = tuple(kept)


def _narrow_window(d: Draft[PState], ident: str) -> None:
    win = d.s.window
    if win is None or ident != win.trigger and ident not in win.fire + win.intercept + win.react:
        return
    trig = d.s.units.get(win.trigger)
    fire, inter, react = reactions.eligible(d, win.trigger, win.event, win.fire) if trig is not None and trig.level < 2 \
        else ([], [], [])  # a trigger gone or stopped (shaken or broken) closes the window, as `reactions.consume`
    new = msgspec.structs.replace(win, fire=tuple(x for x in win.fire if x in fire),
                                  intercept=tuple(x for x in win.intercept if x in inter),
                                  react=tuple(x for x in win.react if x in react))
    if new.fire or new.intercept or new.react:
        d.s.window = new
    else:
        d.say(f"nothing is left to answer {win.trigger} after the ruling: the window closes (seed 000 §8.2, ruling R45)")
        reactions.close(d)

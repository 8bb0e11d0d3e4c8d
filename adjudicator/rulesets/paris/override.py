"""Referee rulings that override the engine (play by email): a `ruling DECISION because REASON`
whose decision reads as one of the forms below changes the state. A decision that begins with
`unit`, `leader`, `wing` or a piece's id and is none of them is refused, naming the forms and the
values they take; any other decision is kept in the log as the referee's words, and the report
says that it changed nothing (ruling R39).

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
from adjudicator.i18n import Msg

RULE = "ruling R39"  # the referee's overrides are ours: the seed has no referee


FORMS = ("`unit ID level normal|disorder|shaken|broken`, `unit ID hex HHHH`, `unit ID facing N|NE|SE|S|SW|NW`, "
         "`unit ID destroy`, `unit ID remove`, `leader ID hex HHHH` or `wing ID order attack|march|rally`")
FIELDS = {"unit": "level, hex or facing (or `unit ID destroy|remove`)", "leader": "hex", "wing": "order"}


def parse(s: PState, decision: str) -> tuple[str, str, str, str] | None | str:
    """(kind, id, field, value) for an override; None for a plain ruling; a message when malformed.

    A decision that begins with `unit`, `leader` or `wing`, or with the id of a piece of the game,
    is an override or is refused (ruling R39): recorded as words, it would leave the piece as it
    was while reading as if it had changed it."""
    words = decision.lower().split()
    if not words:
        return None
    if words[0] not in ("unit", "leader", "wing"):
        kind = next((k for k, pool in (("unit", s.units), ("leader", s.leaders), ("wing", s.wings)) if words[0] in pool), "")
        return f"{words[0]} is a {kind} of the game: a ruling on it is an override, {FORMS}" if kind else None
    kind = words[0]
    pool: dict[str, Any] = s.units if kind == "unit" else s.leaders if kind == "leader" else s.wings
    if len(words) < 2 or words[1] not in pool:
        named = f"no {kind} {words[1]!r}" if len(words) > 1 else f"`{kind}` names no {kind}"
        return f"{named}: the {kind}s {'on the map' if kind == 'unit' else 'of the game'} are {', '.join(sorted(pool)) or 'none'}"
    if len(words) == 3 and kind == "unit" and words[2] in ("destroy", "remove"):
        return "unit", words[1], words[2], ""
    if len(words) != 4 or (kind, words[2]) not in _VALUES:
        return f"a {kind} override sets its {FIELDS[kind]}: {FORMS}"
    _, ident, field, value = words
    if not _ok(s, field, value):
        return f"{kind} {field} cannot be {value!r}: it is {_VALUES[(kind, field)](s)}"
    return kind, ident, field, value


_VALUES = {("unit", "level"): lambda s: _either(LEVELS), ("unit", "facing"): lambda s: "N, NE, SE, S, SW or NW",
           ("unit", "hex"): lambda s: _map_hexes(s), ("leader", "hex"): lambda s: _map_hexes(s),
           ("wing", "order"): lambda s: _either(ORDERS)}


def _either(values: tuple[str, ...]) -> str:
    return ", ".join(values[:-1]) + " or " + values[-1]


def _map_hexes(s: PState) -> str:
    return f"a hex of the map, RRCC from {hexgrid.hex_id(1, 1)} to {hexgrid.hex_id(s.rows, s.cols)}"


def _ok(s: PState, field: str, value: str) -> bool:
    if field == "level":
        return value in LEVELS
    if field == "facing":
        return value.upper() in hexgrid.VERTICES
    if field == "order":
        return value in ORDERS
    return _hex_ok(s, value)


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
        d.say("referee ruling recorded as words only: it changes nothing in the game (no unit, leader or wing); the engine goes on "
              "as before (ruling R39): {decision} — {reason}", decision=decision, reason=reason)
        return False
    kind, ident, field, value = got
    if kind == "unit" and field in ("destroy", "remove"):
        if field == "destroy":
            destroy(d, ident, Msg("the referee's ruling: {reason}", reason=reason))
        else:
            destroy(d, ident, Msg("taken off the map by the referee's ruling, not counted for victory: {reason}", reason=reason),
                    counts=False)
    elif kind == "unit":
        change = {"level": LEVELS.index(value)} if field == "level" else {"facing": hexgrid.parse_facing(value)} if field == "facing" else {"hex": value}
        d.update(d.s.units, ident, **change)
    elif kind == "leader":
        d.update(d.s.leaders, ident, hex=value)
    else:
        d.update(d.s.wings, ident, order=value)
    d.say("referee ruling overrides the engine: {change} — because {reason}", change=f"{kind} {ident} {field} {value}".rstrip(),
          reason=reason)
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
    d.say("the melee result at {hex} goes on from where it stood after the ruling (seed 000 §11.4, ruling R45)",
          hex=st.defender_hex)
    return True


def _drop_melees(d: Draft[PState]) -> None:
    kept = []
    for m in d.s.melees:
        if m.lead not in d.s.units or m.target not in d.s.units:
            d.say("the melee {lead} → {target} is dropped: {gone} has left the map (seed 000 §11.2, ruling R45)", lead=m.lead,
                  target=m.target, gone=m.lead if m.lead not in d.s.units else m.target)
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
        d.say("nothing is left to answer {unit} after the ruling: the window closes (seed 000 §8.2, ruling R45)",
              unit=win.trigger)
        reactions.close(d)

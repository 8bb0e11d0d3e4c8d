"""The index of who stands where (ground.units_at, read off the engine's index of the units) answers
as a scan of the units would: in a draft as units move, stack and leave the map, in the state the
draft freezes into, which is handed the index, and in the state the draft began from, whose index
the draft copies before its first change. Stacking (§9.1), lines of sight (§10.2) and retreats
(§11.4) all ask it."""

from __future__ import annotations

import random

from adjudicator.draft import Draft
from adjudicator.rulesets.paris.ground import units_at
from adjudicator.rulesets.paris.state import BOARD
from conftest import paris_states


def _scan(s, h):
    return [u for u in s.units.values() if u.hex == h]


def _agrees(v) -> None:
    s = v.s if isinstance(v, Draft) else v
    hexes = {u.hex for u in s.units.values()} | {"0101", "9999"}
    for h in hexes:
        assert units_at(v, h) == _scan(s, h), h


def test_the_index_answers_as_a_scan_while_units_move_stack_and_leave():
    rng = random.Random(7)
    checked = 0
    for s in paris_states(25):
        _agrees(s)
        d = Draft(s, None, BOARD)
        for _ in range(12):
            ids = list(d.s.units)
            uid = rng.choice(ids)
            if rng.random() < 0.15 and len(ids) > 2:
                d.remove(d.s.units, uid)
            else:  # onto another unit (a stack) or next to where it stands
                other = d.s.units[rng.choice(ids)]
                d.update(d.s.units, uid, hex=other.hex if rng.random() < 0.5 else s.units[uid].hex[:2] + other.hex[2:])
            _agrees(d)
        frozen = d.freeze()
        _agrees(frozen)  # the index handed on
        _agrees(s)  # the state it began from shares no index the draft changed
        checked += 1
    assert checked > 20


def test_a_unit_taken_off_the_map_is_gone_from_its_hex_at_once():
    s = next(paris_states(25))
    d = Draft(s, None, BOARD)
    uid = next(iter(d.s.units))
    h = d.s.units[uid].hex
    units_at(d, h)  # the index is in use
    d.remove(d.s.units, uid)
    assert uid not in [u.id for u in units_at(d, h)] and units_at(d, h) == _scan(d.s, h)
    assert uid in [u.id for u in units_at(s, h)]
    _agrees(d.freeze())

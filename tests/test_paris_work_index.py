"""The index of who stands where (work.units_at) answers as a scan of the units would: in a Work as
units move, stack and leave the map, in the state a Work freezes into, which inherits it, and in
the state the Work began from, whose index the Work copies before its first change.
Stacking (§9.1), lines of sight (§10.2) and retreats (§11.4) all ask it."""

from __future__ import annotations

import random

from adjudicator.rulesets.paris.work import Work, units_at
from conftest import paris_states


def _scan(s, h):
    return [u for u in s.units.values() if u.hex == h]


def _agrees(s) -> None:
    hexes = {u.hex for u in s.units.values()} | {"0101", "9999"}
    for h in hexes:
        assert units_at(s, h) == _scan(s, h), h


def test_the_index_answers_as_a_scan_while_units_move_stack_and_leave():
    rng = random.Random(7)
    checked = 0
    for s in paris_states(25):
        _agrees(s)
        w = Work(s)
        for _ in range(12):
            ids = list(w.units)
            uid = rng.choice(ids)
            if rng.random() < 0.15 and len(ids) > 2:
                w.remove_unit(uid)
            else:  # onto another unit (a stack) or next to where it stands
                other = w.units[rng.choice(ids)]
                w.set_unit(uid, hex=other.hex if rng.random() < 0.5 else s.units[uid].hex[:2] + other.hex[2:])
            _agrees(w)
        frozen = w.freeze()
        _agrees(frozen)  # the index handed on
        _agrees(s)  # the state it began from shares no index the Work changed
        checked += 1
    assert checked > 20


def test_a_unit_popped_behind_the_index_is_found_gone_by_a_scan():
    s = next(paris_states(25))
    w = Work(s)
    uid = next(iter(w.units))
    h = w.units[uid].hex
    units_at(w, h)  # the index is in use
    w.units.pop(uid)
    assert uid not in [u.id for u in units_at(w, h)] and units_at(w, h) == _scan(w, h)
    _agrees(w.freeze())

"""A Work reads as its state, changed by the event so far: every field of the state is an
attribute of the Work from the start, `set` changes what is read (and refuses the Work's own
units, leaders, wings and marks, which stand in for the state's). What is kept per state (each
wing's members and so the wings with a unit on the map, the lines of command, the units of each
side) answers for a Work as it would be worked out afresh, and so do the reactions found with it."""

from __future__ import annotations

import msgspec
import pytest

from adjudicator.rulesets.paris import command, hexgrid, morale, reactions, work
from adjudicator.rulesets.paris.state import PState
from adjudicator.rulesets.paris.work import Work, manned_wings
from conftest import paris_states


def test_a_work_reads_every_field_of_its_state_and_what_set_changed():
    s = next(paris_states(40))
    w = Work(s)
    own = {"units", "leaders", "wings", "marks"}
    for name in PState.__struct_fields__:
        if name not in own:
            assert getattr(w, name) is getattr(s, name), name
    assert w.units == s.units and w.units is not s.units  # its own copy, to change
    assert w.marks == []  # this event's marks, not the last event's
    w.set(phase="over", turn=s.turn + 1)
    assert (w.phase, w.turn) == ("over", s.turn + 1)
    frozen = w.freeze()
    assert (frozen.phase, frozen.turn) == ("over", s.turn + 1)
    assert (s.phase, s.turn) != ("over", s.turn + 1)  # the state it came from is untouched


def test_the_manned_wings_and_the_lines_of_command_answer_as_worked_out_afresh():
    checked = 0
    for s in paris_states(40):
        w = Work(s)
        assert manned_wings(w) == {u.wing for u in s.units.values()}
        for wing in s.wings:
            fresh = command.in_command(msgspec.structs.replace(s, units=dict(s.units)), wing)  # no memo of this dict
            assert command.in_command(s, wing) == fresh
            assert command.in_command(w, wing) == fresh  # nothing has moved: the state's answer
        assert work.wing_members(w) == _fresh_members(s.units)
        mover = next(iter(w.units))
        w.set_unit(mover, hex=s.units[mover].hex[:2] + "01")  # a move changes no wing's members
        assert work.wing_members(w) is work.wing_members(s)
        assert work.wing_members(Work(s).freeze()) is work.wing_members(s)  # handed on
        victim = next(iter(w.units))
        wing = w.units[victim].wing
        morale.destroy(w, victim, "a test")
        assert manned_wings(w) == {u.wing for u in w.units.values()}
        assert work.wing_members(w) == _fresh_members(w.units)
        assert work.wing_members(w.freeze()) == _fresh_members(w.units)  # made afresh, not handed on
        if wing in w.wings and wing in manned_wings(w):
            assert command.in_command(w, wing) == command.in_command(msgspec.structs.replace(s, units=dict(w.units)), wing)
        checked += 1
    assert checked > 10


def _fresh_members(units):
    members = {}
    for u in units.values():
        members.setdefault(u.wing, []).append(u.id)
    return {wing: tuple(ids) for wing, ids in members.items()}


def _fresh_others(units, side):
    them = [u for u in units.values() if u.side != side]
    return tuple(u.hex for u in them), tuple(u.id for u in them if u.artillery)


def test_what_a_state_keeps_of_the_other_side_answers_as_worked_out_afresh():
    """A Work asks its state about a side that stood still, works it out for one that moved, and
    the state it freezes into keeps only the answers of the sides that stood still."""
    checked = 0
    for s in paris_states(40):
        a, b = s.players
        for side in (a, b):
            them = work.others(s, side)
            assert (them.hexes, them.artillery) == _fresh_others(s.units, side)
        w = Work(s)
        mover = next((u for u in w.units.values() if u.side == a and not u.artillery), None)
        if mover is None:
            continue
        free = next(h for h in hexgrid.neighbours(mover.hex, s.layout) if not work.units_at(w, h))
        w.set_unit(mover.id, hex=free)
        assert work.others(w, a) is work.others(s, a)  # b's units stood still: the state's answer
        assert (work.others(w, b).hexes, work.others(w, b).artillery) == _fresh_others(w.units, b)
        frozen = w.freeze()
        assert work.others(frozen, a) is work.others(s, a)  # handed on
        for side in (a, b):
            them = work.others(frozen, side)
            assert (them.hexes, them.artillery) == _fresh_others(frozen.units, side)
        checked += 1
    assert checked > 10


def test_reactions_found_without_a_scan_are_those_a_scan_finds(monkeypatch):
    """§8.2, §8.3, §10.3: with none of the other side within 2 hexes of the trigger, only their
    artillery is looked at; a full scan of the units finds the same candidates."""
    triggers = []
    for s in paris_states(15):
        for u in s.units.values():
            for event in ("enter", "turn", "fire", "artfire", "rally"):
                triggers.append((s, u.id, event))
    quick = [reactions.eligible(s, uid, event) for s, uid, event in triggers]

    class Everywhere(frozenset):
        def isdisjoint(self, other):
            return False  # as if one of them stood within 2 of every hex: always the full scan

    real = work.others

    def scanned(s, side):
        them = real(s, side)
        slow = work.Others.__new__(work.Others)
        slow.hexes, slow.artillery, slow.hex_set = them.hexes, them.artillery, Everywhere()
        return slow

    monkeypatch.setattr(reactions, "others", scanned)
    full = [reactions.eligible(s, uid, event) for s, uid, event in triggers]
    assert quick == full
    assert sum(1 for found in quick if any(found)) > 50  # the candidates compared are not all empty


def test_set_refuses_what_the_work_keeps_itself():
    """Units, leaders, wings and marks go through the Work's own setters: freeze writes them."""
    w = Work(next(paris_states(40)))
    for name in ("units", "leaders", "wings", "marks"):
        with pytest.raises(ValueError, match=name):
            w.set(**{name: {}})
    assert w.changes == {}
    w.freeze()  # nothing half-set

"""A Work reads as its state, changed by the event so far: every field of the state is an
attribute of the Work from the start, `set` changes what is read, and the Work's own units,
leaders, wings and marks stand in for the state's. What is kept per state (the wings with a unit
on the map, the lines of command) answers for a Work as it would be worked out afresh."""

from __future__ import annotations

import msgspec

from adjudicator.rulesets.paris import command, morale
from adjudicator.rulesets.paris.model import PState
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
        victim = next(iter(w.units))
        wing = w.units[victim].wing
        morale.destroy(w, victim, "a test")
        assert manned_wings(w) == {u.wing for u in w.units.values()}
        if wing in w.wings and wing in manned_wings(w):
            assert command.in_command(w, wing) == command.in_command(msgspec.structs.replace(s, units=dict(w.units)), wing)
        checked += 1
    assert checked > 10

"""A step's draft reads as its state, changed by the event so far: every field of the state is read
off the working copy, a step assigns fields and changes pieces only through the draft. What the
engine keeps per state (each wing's members and so the wings with a unit on the map, the lines of
command, the units of each side) answers for a draft as it would be worked out afresh, and so do the
reactions found with it."""

from __future__ import annotations

import msgspec
import pytest

from adjudicator.draft import Draft
from adjudicator.rulesets.paris import command, ground, hexgrid, morale, reactions
from adjudicator.rulesets.paris.ground import manned_wings
from adjudicator.rulesets.paris.state import BOARD, PState
from conftest import paris_states


def test_a_draft_reads_every_field_of_its_state_and_what_the_step_assigned():
    s = next(paris_states(40))
    d = Draft(s, None, BOARD)
    for name in PState.__struct_fields__:
        assert getattr(d.s, name) is getattr(s, name), name
    uid = next(iter(s.units))
    d.update(d.s.units, uid, level=1)
    assert d.s.units is not s.units and d.s.units[uid].level == 1 and s.units[uid].level == 0  # its own copy, to change
    assert d.s.leaders is s.leaders  # what did not change is shared
    d.s.phase, d.s.turn = "over", s.turn + 1
    frozen = d.freeze()
    assert (frozen.phase, frozen.turn) == ("over", s.turn + 1) and frozen.units[uid].level == 1
    assert (s.phase, s.turn) != ("over", s.turn + 1) and s.units[uid].level == 0  # the state it came from is untouched


def _fresh_members(units):
    members = {}
    for u in units.values():
        members.setdefault(u.wing, []).append(u.id)
    return {wing: tuple(ids) for wing, ids in members.items()}


def _unmemoised(s, units):
    """A state with these units and nothing worked out yet (replace keeps no memo)."""
    return msgspec.structs.replace(s, units=dict(units))


def test_the_manned_wings_and_the_lines_of_command_answer_as_worked_out_afresh():
    checked = 0
    for s in paris_states(40):
        d = Draft(s, None, BOARD)
        assert manned_wings(d) == {u.wing for u in s.units.values()}
        for wing in s.wings:
            fresh = command.in_command(_unmemoised(s, s.units), wing)
            assert command.in_command(s, wing) == fresh
            assert command.in_command(d, wing) == fresh  # nothing has moved: the state's answer
        assert ground.wing_members(d) == _fresh_members(s.units)
        mover = next(iter(d.s.units))
        d.update(d.s.units, mover, hex=s.units[mover].hex[:2] + "01")  # a move changes no wing's members
        assert ground.wing_members(d) == ground.wing_members(s)
        for wing in s.wings:
            assert command.in_command(d, wing) == command.in_command(_unmemoised(s, d.s.units), wing)  # traced afresh
        victim = next(iter(d.s.units))
        wing = d.s.units[victim].wing
        morale.destroy(d, victim, "a test")
        assert manned_wings(d) == {u.wing for u in d.s.units.values()}
        assert ground.wing_members(d) == _fresh_members(d.s.units)
        assert ground.wing_members(d.freeze()) == _fresh_members(d.s.units)  # handed on, as it stands now
        if wing in d.s.wings and wing in manned_wings(d):
            assert command.in_command(d, wing) == command.in_command(_unmemoised(s, d.s.units), wing)
        checked += 1
    assert checked > 10


def _fresh_others(units, side):
    them = [u for u in units.values() if u.side != side]
    return tuple(u.hex for u in them), tuple(u.id for u in them if u.artillery)


def test_what_a_state_keeps_of_the_other_side_answers_as_worked_out_afresh():
    """A draft in which nothing moved asks its state; once a unit has moved it works the answer out
    afresh; the state it freezes into answers as a fresh one would, and a state in which no piece
    moved is handed on what the state before it kept."""
    checked = 0
    for s in paris_states(40):
        a, b = s.players
        for side in (a, b):
            them = ground.others(s, side)
            assert (them.hexes, them.artillery) == _fresh_others(s.units, side)
        still = Draft(s, None, BOARD)
        assert ground.others(still, a) is ground.others(s, a)  # nothing moved: the state's answer
        still.s.phase = "react"
        assert ground.others(still.freeze(), a) is ground.others(s, a)  # handed on while nothing moves
        d = Draft(s, None, BOARD)
        mover = next((u for u in d.s.units.values() if u.side == a and not u.artillery), None)
        if mover is None:
            continue
        free = next(h for h in hexgrid.neighbours(mover.hex, s.layout) if not ground.units_at(d, h))
        d.update(d.s.units, mover.id, hex=free)
        for side in (a, b):
            them = ground.others(d, side)
            assert (them.hexes, them.artillery) == _fresh_others(d.s.units, side)
        frozen = d.freeze()
        for side in (a, b):
            them = ground.others(frozen, side)
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

    real = ground.others

    def scanned(s, side):
        them = real(s, side)
        slow = ground.Others.__new__(ground.Others)
        slow.hexes, slow.artillery, slow.hex_set = them.hexes, them.artillery, Everywhere()
        return slow

    monkeypatch.setattr(reactions, "others", scanned)
    full = [reactions.eligible(s, uid, event) for s, uid, event in triggers]
    assert quick == full
    assert sum(1 for found in quick if any(found)) > 50  # the candidates compared are not all empty


def test_pieces_change_only_through_the_draft_and_only_the_states_own():
    """Units, leaders and wings are changed through the draft, which copies the dict it changes: a
    dict that is not one of the working copy's is refused."""
    s = next(paris_states(40))
    d = Draft(s, None, BOARD)
    uid = next(iter(s.units))
    with pytest.raises(ValueError, match="Board"):
        d.update(dict(s.units), uid, level=1)
    assert d.freeze() == s  # nothing half-set

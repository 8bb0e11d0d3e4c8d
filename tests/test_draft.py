"""The engine's draft: copy-on-write of a state's pieces, the index handed from state to state,
what an event says it did. The index a draft keeps must always be the one made afresh."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings, strategies as st

from adjudicator.draft import Board, Draft, Index, index, memo, positional


class Piece(msgspec.Struct, frozen=True, gc=False):
    id: str
    side: str
    hex: str
    wing: str


class Leader(msgspec.Struct, frozen=True):
    id: str
    hex: str


class Toy(msgspec.Struct, kw_only=True, dict=True):
    units: dict[str, Piece]
    leaders: dict[str, Leader] = {}
    phase: str = "act"


BOARD = Board("units", position="hex", command="wing", side="side", collections=("units", "leaders"))
HEXES = ("0101", "0102", "0201", "0202")


def toy() -> Toy:
    units = {f"u{i}": Piece(f"u{i}", "red" if i % 2 else "blue", HEXES[i % 4], f"w{i % 3}") for i in range(6)}
    return Toy(units=units, leaders={"l1": Leader("l1", "0101")})


def encoded(s: Toy) -> bytes:
    return msgspec.msgpack.encode(s)


def same_index(a: Index, b: Index) -> bool:
    return (a.at, a.members, a.sides) == (b.at, b.members, b.sides)


def test_nothing_asked_of_the_working_copy_gives_back_the_state_itself():
    s = toy()
    d = Draft(s, dice=None, board=BOARD)
    d.say("nothing happens")
    assert d.freeze() is s
    assert d.outcome().lines == ("nothing happens",)


def test_a_change_leaves_the_state_before_it_as_it_was_and_shares_what_it_did_not_touch():
    s = toy()
    before = encoded(s)
    d = Draft(s, None, BOARD)
    d.s.phase = "react"
    d.update(d.s.units, "u1", hex="0202")
    after = d.freeze()
    assert encoded(s) == before
    assert after.phase == "react" and after.units["u1"].hex == "0202" and s.units["u1"].hex == "0102"
    assert after.leaders is s.leaders and after.units["u2"] is s.units["u2"]


def test_pieces_change_only_through_the_draft():
    d = Draft(toy(), None, BOARD)
    with pytest.raises(ValueError, match="Board"):
        d.update({"x": Piece("x", "red", "0101", "w0")}, "x", hex="0102")


def test_say_formats_only_when_the_outcome_is_read():
    d = Draft(toy(), None, BOARD)
    d.say("{} moves to {}", "u1", "0202")
    d.say("a {brace} left alone")
    d.mark("move", "0102", "0202")
    out = d.outcome()
    assert out.lines == ("u1 moves to 0202", "a {brace} left alone")
    assert out.marks[0].dst == "0202"


def test_used_notes_a_provisional_table_once():
    d = Draft(toy(), None, BOARD)
    tables = {"fire": {"provisional": True}, "terrain": {}}
    assert d.used(tables, "fire") == " [provisional table: fire]"
    d.used(tables, "fire")
    assert d.used(tables, "terrain") == ""
    assert d.outcome().provisional == ("fire",)


def test_memos_are_the_state_s_and_positional_ones_pass_on_while_nothing_moves():
    s = toy()
    calls = []
    assert memo(s, "k", lambda: calls.append(1) or 5) == 5 and memo(s, "k", lambda: 6) == 5
    positional(s, "p", lambda: "kept")
    d = Draft(s, None, BOARD)
    d.s.phase = "react"
    still = d.freeze()
    assert "k" not in still.__dict__ and positional(still, "p", lambda: "fresh") == "kept"
    d = Draft(still, None, BOARD)
    d.update(d.s.leaders, "l1", hex="0202")  # a leader moved: what depends on positions goes
    assert positional(d.freeze(), "p", lambda: "fresh") == "fresh"


step = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 9), st.sampled_from(HEXES)),
    st.tuples(st.just("remove"), st.integers(0, 9), st.just("")),
    st.tuples(st.just("add"), st.integers(0, 9), st.sampled_from(HEXES)),
    st.tuples(st.just("wing"), st.integers(0, 9), st.sampled_from(("w0", "w1", "w7"))),
    st.tuples(st.just("phase"), st.integers(0, 9), st.just("")),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(step, max_size=5), max_size=6), st.booleans())
def test_the_index_handed_on_is_always_the_one_made_afresh(events, look_first):
    """Whatever an event does to the pieces, and whether or not its index was asked for on the way,
    every state's index equals Index.build of its pieces, and no state before it changes."""
    s = toy()
    history = [(s, encoded(s))]
    for steps in events:
        d = Draft(s, None, BOARD)
        if look_first:
            index(d, BOARD)
        for kind, n, value in steps:
            ids = sorted(d.s.units)
            if kind == "add":
                pid = f"n{n}"
                d.put(d.s.units, pid, Piece(pid, "red", value, "w1"))
                continue
            if kind == "phase":
                d.s.phase = f"p{n}"
                continue
            if not ids:
                continue
            pid = ids[n % len(ids)]
            if kind == "move":
                d.update(d.s.units, pid, hex=value)
            elif kind == "wing":
                d.update(d.s.units, pid, wing=value)
            else:
                d.remove(d.s.units, pid)
            assert same_index(d.index(), Index.build(BOARD, d.s.units))
        s = d.freeze()
        assert same_index(index(s, BOARD), Index.build(BOARD, s.units))
        history.append((s, encoded(s)))
    for state, blob in history:
        assert encoded(state) == blob

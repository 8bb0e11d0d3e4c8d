"""positional() asked of a draft: the base's memo while no piece has moved in it (what a step asks
before it moves anything is what the check of the same event asked), worked out afresh once one
has, and never kept by the draft or its base. A move of a piece off the board (a leader) keeps the
board's index."""

from __future__ import annotations

from adjudicator.draft import Draft, positional
from test_draft import BOARD, Leader, Piece, Toy


def toy() -> Toy:
    return Toy(units={"u1": Piece("u1", "red", "0101", "w1"), "u2": Piece("u2", "blue", "0202", "w2")},
               leaders={"l1": Leader("l1", "0101")})


def hexes(s: Toy) -> tuple[str, ...]:
    return tuple(u.hex for u in s.units.values())


def test_a_draft_in_which_nothing_moved_answers_with_its_base_s_memo():
    s = toy()
    assert positional(s, "hexes", lambda: hexes(s)) == ("0101", "0202")
    d = Draft(s, None, BOARD)
    assert not d.moved
    d.s.phase = "react"  # a change of a field is no move
    assert not d.moved
    assert positional(d, "hexes", lambda: ("worked out",)) == ("0101", "0202")
    assert positional(d, "new", lambda: "asked first of the draft") == "asked first of the draft"
    assert positional(s, "new", lambda: "again") == "asked first of the draft"  # kept by the base, which it is about


def test_once_a_piece_has_moved_a_draft_works_it_out_afresh_and_keeps_nothing():
    s = toy()
    positional(s, "hexes", lambda: hexes(s))
    d = Draft(s, None, BOARD)
    d.update(d.s.units, "u1", hex="0102")
    assert d.moved
    assert positional(d, "hexes", lambda: hexes(d.s)) == ("0102", "0202")
    assert positional(d, "hexes", lambda: ("again",)) == ("again",)  # not kept
    assert positional(s, "hexes", lambda: ("no",)) == ("0101", "0202")  # the base's memo is untouched
    after = d.freeze()
    assert positional(after, "hexes", lambda: hexes(after)) == ("0102", "0202")


def test_a_leader_that_moves_is_a_move_and_so_is_a_piece_that_comes_or_goes():
    for change in (lambda d: d.update(d.s.leaders, "l1", hex="0202"),
                   lambda d: d.put(d.s.units, "u3", Piece("u3", "red", "0303", "w1")),
                   lambda d: d.remove(d.s.units, "u2")):
        s = toy()
        positional(s, "k", lambda: "before")
        d = Draft(s, None, BOARD)
        change(d)
        assert d.moved and positional(d, "k", lambda: "after") == "after"


def test_a_move_off_the_board_keeps_the_boards_index_and_hands_it_on():
    """A leader (a piece of another collection) that moves takes the positional memos away, but
    leaves the index of the board's pieces as it is: the draft answers from the base's, and the state
    it freezes into is handed it."""
    from adjudicator.draft import index

    s = toy()
    base_index = index(s, BOARD)
    d = Draft(s, None, BOARD)
    d.update(d.s.leaders, "l1", hex="0202")
    assert d.moved and index(d, BOARD) is base_index
    assert index(d.freeze(), BOARD) is base_index
    d = Draft(s, None, BOARD)
    d.update(d.s.leaders, "l1", hex="0202")
    after = d.freeze()  # the index never asked in the draft: still handed on
    assert index(after, BOARD) is base_index and index(after, BOARD).here("0101") == ("u1",)
    d = Draft(after, None, BOARD)
    d.put(d.s.units, "u3", Piece("u3", "red", "0101", "w1"))  # a piece of the board came: made afresh
    assert index(d, BOARD) is not base_index and index(d, BOARD).here("0101") == ("u1", "u3")

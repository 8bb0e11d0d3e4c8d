"""The working state of one event, owned by the engine: a draft the ruleset's apply changes, and
what the engine works out from every state and hands on from one state to the next.

A ruleset's state is a msgspec Struct declared with `dict=True` (its __dict__ holds what is worked
out from it, never encoded, compared or copied) and not frozen, so that a draft of it can be
changed field by field. Its pieces (units, leaders...) are frozen Structs in dicts keyed by id; a
draft copies such a dict the first time one of its pieces changes, so consecutive states share
every piece, and every dict, that an event did not touch. A state, once frozen, is never changed.

    d = Draft(state, dice, board)       the engine, for one event
    rules.apply(d, event)               the ruleset: d.s.phase = ...; d.update(d.s.units, uid, hex=...); d.say(...)
    new_state = d.freeze()              the engine; d.outcome() is what happened, for the report

The index (Board, Index) tells where the pieces stand, which command each belongs to and whose
they are: the engine keeps it current through the draft's update, put and remove, and hands it on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, NamedTuple, TypeVar

import msgspec

from adjudicator.dice import Dice
from adjudicator.i18n import Msg

S = TypeVar("S", bound=msgspec.Struct)
P = TypeVar("P", bound=msgspec.Struct)
T = TypeVar("T")

_INDEX = "__index__"  # the key of a state's Index in its __dict__
_POSITIONAL = "__positional__"  # the memos handed on while no piece moves


class Mark(msgspec.Struct, frozen=True, gc=False):
    """Something to draw on the map for the event: a move or a fire from one place to another."""

    kind: str
    src: str
    dst: str


class Outcome:
    """What one event did: the report's lines, the marks for the map, the provisional tables that
    decided it. Never stored in the state. The lines are kept as messages (adjudicator.i18n.Msg;
    a plain string is its own text) and become text in the reader's language when they are read:
    the log never holds them."""

    __slots__ = ("said", "marks", "provisional")

    def __init__(self, lines: tuple[Msg | str, ...] = (), marks: tuple[Mark, ...] = (), provisional: tuple[str, ...] = ()):
        self.said, self.marks, self.provisional = lines, marks, provisional

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple([m.text() if isinstance(m, Msg) else m for m in self.said])

    def __repr__(self) -> str:
        return f"Outcome({self.said!r}, {self.marks!r}, {self.provisional!r})"


NOTHING = Outcome()


class Board(NamedTuple):
    """Where a ruleset's pieces live, for the engine's index and its copy-on-write.

    pieces:      the state field (a dict id -> piece) of the pieces that stand on the board
    position:    the piece attribute that says where one stands ("" if positions are not indexed)
    command:     the piece attribute that names its command (a wing, a brigade; "" if none)
    side:        the piece attribute that names its side
    collections: every dict-of-pieces field a draft may change, `pieces` included
    """

    pieces: str
    position: str = ""
    command: str = ""
    side: str = "side"
    collections: tuple[str, ...] = ()


class Index:
    """The ids of the board's pieces by position, by command and by side, each in the order of the
    pieces (a stack lists its pieces as a scan of them would find them)."""

    __slots__ = ("at", "members", "sides")

    def __init__(self, at: dict[Any, tuple[str, ...]], members: dict[str, tuple[str, ...]],
                 sides: dict[str, tuple[str, ...]]):
        self.at, self.members, self.sides = at, members, sides

    @classmethod
    def build(cls, board: Board, pieces: dict[str, Any]) -> Index:
        return cls(_group(pieces, board.position), _group(pieces, board.command), _group(pieces, board.side))

    def here(self, position: Any) -> tuple[str, ...]:
        return self.at.get(position, ())

    def of_command(self, command: str) -> tuple[str, ...]:
        return self.members.get(command, ())

    def of_side(self, side: str) -> tuple[str, ...]:
        return self.sides.get(side, ())


def _group(pieces: dict[str, Any], attr: str) -> dict[Any, tuple[str, ...]]:
    if not attr:
        return {}
    groups: dict[Any, list[str]] = {}
    for pid, piece in pieces.items():
        groups.setdefault(getattr(piece, attr), []).append(pid)
    return {key: tuple(ids) for key, ids in groups.items()}


def _without(ids: tuple[str, ...], pid: str) -> tuple[str, ...]:
    return tuple([x for x in ids if x != pid])


def index(state: Any, board: Board) -> Index:
    """The index of a frozen state (made at the first call, kept by the state) or of a draft."""
    if isinstance(state, Draft):
        return state.index()
    kept = state.__dict__
    found = kept.get(_INDEX)
    if found is None:
        found = kept[_INDEX] = Index.build(board, getattr(state, board.pieces))
    return found


def memo(state: Any, key: Any, compute: Callable[[], T]) -> T:
    """What is worked out from a frozen state, worked out once and kept by it."""
    kept = state.__dict__
    try:
        return kept[key]
    except KeyError:
        value = kept[key] = compute()
        return value


def positional(state: Any, key: Any, compute: Callable[[], T]) -> T:
    """memo() for what depends only on where the pieces stand (and on what never changes, such as
    the map): handed on to the next state by every event that moves, adds and removes no piece.
    Asked of a draft, it is its base's while no piece has moved in it, and worked out afresh (and
    not kept) once one has: what a step asks before it moves anything, the check of the same event
    asked of the state just before."""
    if isinstance(state, Draft):
        if state.moved:
            return compute()
        state = state.base
    kept = state.__dict__.get(_POSITIONAL)
    if kept is None:
        kept = state.__dict__[_POSITIONAL] = {}
    try:
        return kept[key]
    except KeyError:
        value = kept[key] = compute()
        return value


class _Work:
    """What a draft has done, made at its first change or word: most events of a long log do
    neither, and a draft costs them only its five slots."""

    __slots__ = ("own", "index", "index_own", "moved", "regrouped", "lines", "marks", "prov")

    def __init__(self) -> None:
        self.own: list[int] = []  # ids of the dicts the draft has copied (its own)
        self.index: Index | None = None  # the working copy's index, once asked for
        self.index_own = False  # whether `index` is the draft's to change (not the base's)
        self.moved = False  # a piece moved, came or went
        self.regrouped = False  # a piece of the board came, or changed command or side: its index is made afresh
        self.lines: list[Msg | tuple[str, tuple[object, ...], dict[str, object]]] = []  # made Msgs when read
        self.marks: list[Mark] = []
        self.prov: list[str] = []


class Draft(Generic[S]):
    """One event's working copy of a state. Read `d.base` (the state before the event) or `d.s`
    (the working copy, made at the first use); assign `d.s`'s fields; change pieces only through
    update, put and remove, never in the dicts themselves. memo() is for frozen states: in a draft,
    ask it of `d.base`; positional() answers a draft too (the base's memo until a piece moves)."""

    __slots__ = ("base", "dice", "board", "_s", "_w")

    def __init__(self, base: S, dice: Dice, board: Board | None = None):
        self.base = base
        self.dice = dice
        self.board = board
        self._s: S | None = None
        self._w: _Work | None = None

    @property
    def s(self) -> S:
        s = self._s
        if s is None:
            s = self._s = msgspec.structs.replace(self.base)
        return s

    @property
    def moved(self) -> bool:
        """Whether a piece has moved, come or gone in this draft."""
        w = self._w
        return w is not None and w.moved

    @property
    def _work(self) -> _Work:
        w = self._w
        if w is None:
            w = self._w = _Work()
        return w

    # -- pieces ------------------------------------------------------------------
    def _writable(self, pieces: dict[str, P]) -> dict[str, P]:
        """The draft's own copy of the dict `pieces`, which is a field of the working copy."""
        w = self._work
        if id(pieces) in w.own:
            return pieces
        s = self.s
        for name in self.board.collections if self.board else ():
            if getattr(s, name) is pieces:
                own = dict(pieces)
                setattr(s, name, own)
                w.own.append(id(own))
                return own
        raise ValueError("Draft: change the pieces of a collection the ruleset's Board names, read off d.s")

    def _is_board(self, pieces: dict[str, Any]) -> bool:
        board = self.board
        return board is not None and getattr(self.s, board.pieces) is pieces

    def update(self, pieces: dict[str, P], pid: str, **changes: Any) -> P:
        """Replace piece `pid` of `pieces` by one with `changes`; returns the new piece."""
        own = self._writable(pieces)
        old = own[pid]
        new = msgspec.structs.replace(old, **changes)
        board = self.board
        if board is None or not (board.position in changes or board.side in changes or board.command in changes):
            own[pid] = new  # nothing the index or the positional memos read has changed
            return new
        if not board.position or getattr(old, board.position, None) == getattr(new, board.position, None):
            own[pid] = new
        elif self._is_board(own):
            at = self._writable_index().at  # made, if it must be, from the pieces as they were
            own[pid] = new
            self._work.moved = True
            self._reposition(at, pid, getattr(old, board.position), getattr(new, board.position), board)
        else:
            own[pid] = new
            self._work.moved = True  # another collection's piece (a leader) moved: the positional memos go
        if board is not None and self._is_board(own) and (
                getattr(old, board.side) != getattr(new, board.side)
                or board.command and getattr(old, board.command) != getattr(new, board.command)):
            self._regroup()
        return new

    def put(self, pieces: dict[str, P], pid: str, piece: P) -> P:
        """Add piece `pid` to `pieces`, or replace it whole."""
        own = self._writable(pieces)
        own[pid] = piece
        self._work.moved = True
        if self._is_board(own):
            self._regroup()
        return piece

    def remove(self, pieces: dict[str, P], pid: str) -> P:
        """Take piece `pid` out of `pieces` (destroyed, off the map)."""
        own = self._writable(pieces)
        board = self.board
        ix = self._writable_index() if board is not None and self._is_board(own) else None
        old = own.pop(pid)
        self._work.moved = True
        if board is not None and ix is not None:
            if board.position:
                _drop(ix.at, getattr(old, board.position), pid)
            if board.command:
                _drop(ix.members, getattr(old, board.command), pid)
            _drop(ix.sides, getattr(old, board.side), pid)
        return old

    def _regroup(self) -> None:
        """A piece came, or changed command or side: the index is made afresh at the next look."""
        w = self._work
        w.moved, w.regrouped, w.index, w.index_own = True, True, None, False

    def _reposition(self, at: dict[Any, tuple[str, ...]], pid: str, was: Any, now: Any, board: Board) -> None:
        _drop(at, was, pid)
        there = at.get(now, ()) + (pid,)
        if len(there) > 1:  # a stack: in the order of the pieces, as a scan finds them
            order = {x: i for i, x in enumerate(getattr(self.s, board.pieces))}
            there = tuple(sorted(there, key=order.__getitem__))
        at[now] = there

    def _writable_index(self) -> Index:
        ix, w = self.index(), self._work
        if not w.index_own:
            ix = w.index = Index(dict(ix.at), dict(ix.members), dict(ix.sides))
            w.index_own = True
        return ix

    def index(self) -> Index:
        """Where the pieces of the working copy stand: the base's index until a piece of the board moves
        (a move of another collection's piece, a leader's, leaves it as it is)."""
        w = self._work
        ix = w.index
        if ix is None:
            board = self.board
            if board is None:
                raise ValueError("Draft.index: the ruleset declares no Board")
            if w.regrouped:
                ix, w.index_own = Index.build(board, getattr(self.s, board.pieces)), True
            else:
                ix = index(self.base, board)
            w.index = ix
        return ix

    # -- what happened ---------------------------------------------------------
    def say(self, text: str | Msg, *args: object, **fields: object) -> None:
        """A line of the report: `text.format(*args, **fields)` in the reader's language, made only
        when the report is (a template without args or fields is shown as it is)."""
        self._work.lines.append(text if isinstance(text, Msg) else (text, args, fields))

    def mark(self, kind: str, src: str, dst: str) -> None:
        self._work.marks.append(Mark(kind, src, dst))

    def used(self, tables: dict[str, Any], name: str) -> str:
        """Note that table `name` decided something; returns the tag for a report line."""
        if tables.get(name, {}).get("provisional"):
            prov = self._work.prov
            if name not in prov:
                prov.append(name)
            return f" [provisional table: {name}]"
        return ""

    def outcome(self) -> Outcome:
        w = self._w
        if w is None or not (w.lines or w.marks or w.prov):
            return NOTHING
        said = tuple([x if isinstance(x, Msg) else Msg(x[0], *x[1], **x[2]) for x in w.lines])
        return Outcome(said, tuple(w.marks), tuple(w.prov))

    # -- the engine's -------------------------------------------------------------
    def freeze(self) -> S:
        """The state after the event: the base itself if the working copy was never asked for, else
        the working copy, given the index and, when no piece moved, the base's positional memos."""
        s = self._s
        if s is None:
            return self.base
        kept = s.__dict__
        kept.clear()
        w = self._w
        moved = w is not None and w.moved
        ix = w.index if w is not None else None
        if ix is None and not (w is not None and w.regrouped):  # no piece of the board moved: the base's
            ix = self.base.__dict__.get(_INDEX)
        if ix is not None:
            kept[_INDEX] = ix
        if not moved:
            memos = self.base.__dict__.get(_POSITIONAL)
            if memos is not None:
                kept[_POSITIONAL] = memos
        return s


def _drop(groups: dict[Any, tuple[str, ...]], key: Any, pid: str) -> None:
    """Take `pid` out of the group `key`, and the group away once it is empty."""
    left = _without(groups.get(key, ()), pid)
    if left:
        groups[key] = left
    else:
        groups.pop(key, None)


def pieces_in(ids: Iterable[str], pieces: dict[str, P]) -> list[P]:
    """The pieces with these ids, in that order."""
    return [pieces[i] for i in ids]

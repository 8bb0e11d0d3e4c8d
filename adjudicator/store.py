"""The SQLite event store: append-only events keyed (game, seq), and state snapshots.

A post is appended in one transaction, and only if the head it was written
against is still the head (optimistic concurrency). Snapshots are a cache for
posting and replay; verification never trusts them.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path

from adjudicator.chain import GENESIS
from adjudicator.errors import BadInput, Conflict


def _import_sqlite_utils():
    """sqlite-utils imports numpy and pandas when they are installed, only to store their values,
    which this tool never writes: a tenth of a second of every command's start-up. They are hidden
    for that one import, unless the process has imported them already; later imports see them."""
    hidden = [name for name in ("numpy", "pandas") if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # makes `import name` raise ImportError
    try:
        import sqlite_utils
    finally:
        for name in hidden:
            del sys.modules[name]
    return sqlite_utils


sqlite_utils = _import_sqlite_utils()

SNAPSHOT_EVERY = 1000
BUSY_TIMEOUT_MS = 30_000

Head = tuple[int, str]
Row = tuple[int, str, bytes]


class Store:
    def __init__(self, path: str | Path, *, create: bool = False, readonly: bool = False):
        """Open (or create) a game database; `readonly` never writes, so a game mailed to a
        player, or kept on read-only media, can be verified and replayed as it is."""
        self.path = Path(path)
        if create and self.path.exists():
            raise BadInput(f"{self.path} already exists: refusing to overwrite a game")
        if not create and not self.path.exists():
            raise BadInput(f"{self.path}: no such game database")
        try:
            if readonly:
                conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None,
                                       timeout=BUSY_TIMEOUT_MS / 1000)
            else:
                conn = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
                conn.execute("PRAGMA journal_mode=WAL")
                conn.execute("PRAGMA synchronous=FULL")
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            self.db = sqlite_utils.Database(conn)
            if create:
                self._create_schema()
            elif not self.db["events"].exists():
                raise BadInput(f"{self.path}: not a game database (no events table)")
        except sqlite3.DatabaseError as e:
            raise BadInput(f"{self.path}: not a readable game database ({e})") from None
        self.conn = conn
        self._game: str | None = None

    def _create_schema(self) -> None:
        self.db["events"].create(
            {"game": str, "seq": int, "hash": str, "body": bytes}, pk=("game", "seq"), not_null={"hash", "body"}
        )
        self.db["snapshots"].create({"game": str, "seq": int, "hash": str, "state": bytes}, pk=("game", "seq"))

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading -----------------------------------------------------------

    # Every query names the game: it is the first column of the (game, seq) key, so SQLite
    # searches the key instead of scanning and sorting the whole table.

    def game(self) -> str | None:
        if self._game is None:
            row = self.conn.execute("SELECT game FROM events LIMIT 1").fetchone()
            self._game = row[0] if row else None
        return self._game

    def head(self) -> Head:
        row = self.conn.execute(
            "SELECT seq, hash FROM events WHERE game = ? ORDER BY seq DESC LIMIT 1", (self.game(),)
        ).fetchone()
        return (row[0], row[1]) if row else (0, GENESIS)

    def event(self, seq: int) -> Row | None:
        row = self.conn.execute(
            "SELECT seq, hash, body FROM events WHERE game = ? AND seq = ?", (self.game(), seq)
        ).fetchone()
        return (row[0], row[1], row[2]) if row else None

    def rows(self, after: int = 0, upto: int | None = None) -> Iterator[Row]:
        """(seq, hash, canonical body) in seq order, streamed: the cursor itself, which verify reads
        once per event (a generator around it would cost a call a row)."""
        sql = "SELECT seq, hash, body FROM events WHERE game = ? AND seq > ?"
        args: list = [self.game(), after]
        if upto is not None:
            sql += " AND seq <= ?"
            args.append(upto)
        return self.conn.execute(sql + " ORDER BY seq", args)

    def bodies_matching(self, pattern: str, unless: str = "") -> Iterator[tuple[bytes | str]]:
        """(body,) of the events whose body, read as text, matches the GLOB `pattern`, or does not
        match the GLOB `unless` when one is given, in seq order: only those rows reach Python.

        GLOB finds a pattern's first literal character with strcspn, where instr() compares at every
        byte and LIKE ignores case. A text read stops at a NUL byte: callers test the bytes again."""
        if self.conn.execute("PRAGMA encoding").fetchone()[0] != "UTF-8":
            # SQLite would read the bytes as UTF-16 text: every body comes up, for the callers' test
            return self.conn.execute("SELECT body FROM events WHERE game = ? ORDER BY seq", (self.game(),))
        if unless:
            where, args = "(CAST(body AS TEXT) NOT GLOB ? OR CAST(body AS TEXT) GLOB ?)", (unless, pattern)
        else:
            where, args = "CAST(body AS TEXT) GLOB ?", (pattern,)
        return self.conn.execute(f"SELECT body FROM events WHERE game = ? AND {where} ORDER BY seq", (self.game(), *args))

    def snapshot(self, at_most: int | None = None) -> tuple[int, str, bytes] | None:
        sql = "SELECT seq, hash, state FROM snapshots WHERE game = ?"
        args: list = [self.game()]
        if at_most is not None:
            sql += " AND seq <= ?"
            args.append(at_most)
        row = self.conn.execute(sql + " ORDER BY seq DESC LIMIT 1", args).fetchone()
        return (row[0], row[1], row[2]) if row else None

    # -- writing -----------------------------------------------------------

    def append(self, game: str, expected: Head, rows: list[Row], snapshots: list[Row] = ()) -> Head:
        """Append rows after `expected` in one transaction; Conflict if the head moved.

        `snapshots` are (seq, hash, state) of states reached by these rows. Kept: one
        every SNAPSHOT_EVERY events, and the newest, so a post never folds more than
        the events since the last post, and replay --at folds fewer than SNAPSHOT_EVERY.
        """
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            if self.game() not in (None, game):
                raise BadInput(f"{self.path} holds game {self.game()!r}, not {game!r}")
            head = self.head()
            if head != expected:
                raise Conflict(
                    f"the post was written against #{expected[0]} {expected[1][:8]}, "
                    f"but the head is now #{head[0]} {head[1][:8]}: read the new events and post again"
                )
            conn.executemany(
                "INSERT INTO events (game, seq, hash, body) VALUES (?, ?, ?, ?)",
                [(game, seq, digest, body) for seq, digest, body in rows],
            )
            if snapshots:
                conn.executemany(
                    "INSERT OR REPLACE INTO snapshots (game, seq, hash, state) VALUES (?, ?, ?, ?)",
                    [(game, seq, digest, state) for seq, digest, state in snapshots],
                )
                newest = max(seq for seq, _, _ in snapshots)
                conn.execute("DELETE FROM snapshots WHERE game = ? AND seq < ? AND seq % ? != 0",
                             (game, newest, SNAPSHOT_EVERY))
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return (rows[-1][0], rows[-1][1]) if rows else expected

"""The SQLite event store: append-only events keyed (game, seq), and state snapshots.

A post is appended in one transaction, and only if the head it was written
against is still the head (optimistic concurrency). Snapshots are a cache for
posting and replay; verification never trusts them.

When the disk fails (full, read-only, locked past the busy timeout, an I/O error)
the store says so as a StorageFault naming the file and the cause.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from adjudicator.chain import GENESIS
from adjudicator.errors import BadInput, Conflict, StorageFault, storage_cause
from adjudicator.i18n import _, ngettext


def _import_sqlite_utils():
    """sqlite-utils makes a new game's tables; reading and appending need only sqlite3, so it is
    imported when a game is made, never by the commands a player runs again and again (it costs
    about a tenth of a second: click, dateutil, pluggy). It imports numpy and pandas when they are
    installed, only to store their values, which this tool never writes: they are hidden for that
    one import, unless the process has imported them already; later imports see them."""
    hidden = [name for name in ("numpy", "pandas") if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # makes `import name` raise ImportError
    try:
        import sqlite_utils
    finally:
        for name in hidden:
            del sys.modules[name]
    return sqlite_utils


SNAPSHOT_EVERY = 1000
BUSY_TIMEOUT_MS = 30_000

Head = tuple[int, str]
Row = tuple[int, str, bytes]

# What makes a database a game's: these tables with (at least) these columns.
TABLES = {"events": ("game", "seq", "hash", "body"), "snapshots": ("game", "seq", "hash", "state")}


class Store:
    def __init__(self, path: str | Path, *, create: bool = False, readonly: bool = False):
        """Open (or create) a game database; `readonly` never writes, so a game mailed to a
        player, or kept on read-only media, can be verified and replayed as it is."""
        self.path = Path(path)
        self.readonly = readonly
        if create and self.path.exists():
            raise BadInput(_("{path} already exists: refusing to overwrite a game").format(path=self.path))
        if not create and not self.path.is_file():
            raise BadInput((_("{path}: no such game database") if not self.path.exists()
                            else _("{path}: not a file, so not a game database")).format(path=self.path))
        if not create and not readonly:
            # asked before SQLite opens it: a connection that cannot write falls back to reading, and
            # would leave a -shm file with the database's modes that a writer cannot open later
            cause = self._unwritable()
            if cause:
                raise StorageFault(self.path, cause)
        conn = None
        try:
            conn = self._connect(create, readonly)
            if create:
                self._create_schema(conn)
            else:
                self._check_schema(conn)
        except sqlite3.DatabaseError as e:
            if conn is not None:
                conn.close()
            raise self._fault(e) or BadInput(f"{self.path}: not a readable game database ({e})") from None
        except BaseException:
            if conn is not None:
                conn.close()
            raise
        self.conn = conn
        self._created = create
        self._game: str | None = None

    def _connect(self, create: bool, readonly: bool) -> sqlite3.Connection:
        timeout = BUSY_TIMEOUT_MS / 1000
        if readonly:
            uri = f"{self.path.resolve().as_uri()}?mode=ro"
            if self._unwritable() and not _holds_a_log(Path(f"{self.path}-wal")):
                # Where the file or its folder cannot be written, SQLite cannot make the -shm file a
                # WAL database is read through (or would make it with modes only its reader can write):
                # read the file as it is. Nothing was left in a write-ahead log to miss.
                uri += "&immutable=1"
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=timeout)
        else:
            conn = sqlite3.connect(self.path, isolation_level=None, timeout=timeout)
            # a new database is written once, in one transaction, beside its place (adjudicator.staging):
            # a rollback journal writes its pages once, where a WAL would write them twice. It is
            # turned to WAL when it is closed (see close).
            conn.execute(f"PRAGMA journal_mode={'DELETE' if create else 'WAL'}")
            conn.execute("PRAGMA synchronous=FULL")
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        return conn

    def _create_schema(self, conn: sqlite3.Connection) -> None:
        db = _import_sqlite_utils().Database(conn)
        db["events"].create(
            {"game": str, "seq": int, "hash": str, "body": bytes}, pk=("game", "seq"), not_null={"hash", "body"}
        )
        db["snapshots"].create({"game": str, "seq": int, "hash": str, "state": bytes}, pk=("game", "seq"))

    def _check_schema(self, conn: sqlite3.Connection) -> None:
        found: dict[str, set[str]] = {}
        for table, column in conn.execute(
                "SELECT m.name, c.name FROM sqlite_master AS m, pragma_table_info(m.name) AS c "
                "WHERE m.type = 'table' AND m.name IN ('events', 'snapshots')"):
            found.setdefault(table, set()).add(column)
        missing = []
        for table, columns in TABLES.items():
            lacking = [c for c in columns if c not in found.get(table, ())]
            if table not in found:
                missing.append(_("no {table} table").format(table=table))
            elif lacking:
                missing.append(ngettext("the {table} table lacks the column {columns}",
                                        "the {table} table lacks the columns {columns}", len(lacking)).format(
                    table=table, columns=", ".join(lacking)))
        if missing:
            raise BadInput(_("{path}: not a game database ({why})").format(path=self.path, why="; ".join(missing)))

    def _unwritable(self) -> str | None:
        """What keeps this database from being written, in plain words; None if nothing does."""
        folder = self.path.parent
        try:
            if hasattr(os, "statvfs") and os.statvfs(folder).f_flag & os.ST_RDONLY:
                return "the disk is mounted read-only"
        except OSError:
            pass
        if not os.access(self.path, os.W_OK):
            return "the file is read-only"
        for side in (Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
            if side.exists() and not os.access(side, os.W_OK):
                return (f"{side.name} is read-only (left by someone who could not write the game: make it "
                        "writable, or remove it while no one has the game open)")
        if not os.access(folder, os.W_OK):
            return "the folder is read-only"
        return None

    def _fault(self, error: BaseException) -> StorageFault | None:
        """The StorageFault an error of SQLite's is, naming this file; None if it is not one."""
        cause = storage_cause(error)
        if cause is None:
            return None
        primary = getattr(error, "sqlite_errorcode", 0) & 0xFF
        if primary in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
            why, wal = self._unwritable(), Path(f"{self.path}-wal")
            if self.readonly and why and _holds_a_log(wal):
                # a write-ahead log is read through a -shm file, which cannot be made here
                cause = (f"{wal.name} holds events not yet in the database file, and cannot be read where "
                         f"nothing can be written ({why}): copy the game with its -wal file to a folder that can be")
            else:
                cause = why or cause
        elif primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            cause += f" (waited {BUSY_TIMEOUT_MS / 1000:g} s)"
        return StorageFault(self.path, cause, writing=not self.readonly)

    def close(self) -> None:
        if self._created:
            try:  # as every game is kept; where it fails, the first writer to open it turns it
                self.conn.execute("PRAGMA journal_mode=WAL")
            except sqlite3.Error:
                pass
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: object, error: BaseException | None, _tb: object) -> None:
        """Close; a fault of the disk met inside the block leaves it as a StorageFault naming this file."""
        self.close()
        fault = self._fault(error) if isinstance(error, sqlite3.Error) else None
        if fault is not None:
            raise fault from None

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
        args: tuple[str, ...]
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

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction (BEGIN IMMEDIATE): what is read inside it stays true until it ends,
        and what is written inside it lands whole, or not at all. Inside another, it is that one."""
        conn = self.conn
        if conn.in_transaction:
            yield
            return
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
            conn.execute("COMMIT")
        except BaseException:
            # SQLite has rolled back already after some faults (a full disk): a ROLLBACK then fails,
            # and must not hide the error that tells why
            if conn.in_transaction:
                try:
                    conn.execute("ROLLBACK")
                except sqlite3.Error:
                    pass
            raise

    def append(self, game: str, expected: Head, rows: Iterable[Row], snapshots: Sequence[Row] = ()) -> Head:
        """Append rows after `expected` in one transaction; Conflict if the head moved.

        `rows` may be a stream: they are inserted as they come, never all held at once.
        `snapshots` are (seq, hash, state) of states reached by these rows. Kept: one
        every SNAPSHOT_EVERY events, and the newest, so a post never folds more than
        the events since the last post, and replay --at folds fewer than SNAPSHOT_EVERY.
        """
        conn = self.conn
        last = expected

        def keyed() -> Iterator[tuple[str, int, str, bytes]]:
            nonlocal last
            for seq, digest, body in rows:
                last = (seq, digest)
                yield game, seq, digest, body

        with self.transaction():
            if self.game() not in (None, game):
                raise BadInput(_("{path} holds game {found!r}, not {game!r}").format(path=self.path, found=self.game(), game=game))
            head = self.head()
            if head != expected:
                raise Conflict(
                    f"the post was written against #{expected[0]} {expected[1][:8]}, "
                    f"but the head is now #{head[0]} {head[1][:8]}: read the new events and post again"
                )
            conn.executemany("INSERT INTO events (game, seq, hash, body) VALUES (?, ?, ?, ?)", keyed())
            if snapshots:
                conn.executemany(
                    "INSERT OR REPLACE INTO snapshots (game, seq, hash, state) VALUES (?, ?, ?, ?)",
                    [(game, seq, digest, state) for seq, digest, state in snapshots],
                )
                newest = max(seq for seq, _hash, _state in snapshots)
                conn.execute("DELETE FROM snapshots WHERE game = ? AND seq < ? AND seq % ? != 0",
                             (game, newest, SNAPSHOT_EVERY))
        return last


def _holds_a_log(wal: Path) -> bool:
    """Whether a -wal file beside a database may hold what is not yet in the database file."""
    try:
        return wal.stat().st_size > 0
    except OSError:
        return False

"""Faults of the storage name their cause, and nothing is left half-made.

A full disk, a read-only file, folder or mount, a database locked past the busy timeout: exit 5
(a storage fault) with the file and the cause, and nothing written. Read-only commands read a
game where it cannot be written. A database that is not a game is bad input naming what it lacks.
`new`, `import` and `export` leave nothing behind when they fail.

Where the test can make the real thing it does: a small tmpfs for a full disk, a read-only bind
mount, and a process in which file modes bind even for root (root without the capabilities that
override them). Where it cannot, it says why it skips; a fault-injecting twin runs everywhere:
SQLite's own page limit for a full disk, the store told that nothing can be written.
"""

from __future__ import annotations

import errno
import fcntl
import os
import shutil
import sqlite3
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from adjudicator import games, secrets, staging, store as store_module, verify as verify_module
from adjudicator.errors import AdjudicatorError, BadInput, StorageFault
from adjudicator.logsource import open_source
from adjudicator.simulate import simulate
from adjudicator.store import Store
from adjudicator.verify import verify
from conftest import LOGS, ROOT, event_rows, export_log, make_game, run_cli_inprocess

BIG_POST = "\n".join(f"note line {i}: {'the voltigeurs hold the wood ' * 8}" for i in range(100))


def fails(r, code: int, *needles: str) -> None:
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    assert r.stderr.startswith("error: "), r.stderr
    for needle in needles:
        assert needle in r.stderr, (needle, r.stderr)


def ok(r) -> None:
    assert r.returncode == 0, (r.returncode, r.stdout, r.stderr)


def game_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def settled(db: Path) -> Path:
    """Fold the WAL into the file and close, as a game is left after its last command."""
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    for side in ("-wal", "-shm"):
        Path(f"{db}{side}").unlink(missing_ok=True)
    return db


def a_played_game(folder: Path, name: str = "g") -> Path:
    db = make_game(folder, name)
    games.post(db, "seed owls\nroll 2d6 for volley\nnote soft cover\nend turn", "red")
    games.reveal(db)
    games.post(db, "roll 1d6 for morale", "blue")
    return db


# -- what the tests need from the machine ------------------------------------------------------

class Mounts:
    """Mounts made by a test, undone at its end; a test skips, saying why, where it cannot make one."""

    def __init__(self) -> None:
        self.made: list[Path] = []

    def _mount(self, *args: str, at: Path, what: str) -> Path:
        at.mkdir(parents=True, exist_ok=True)
        r = subprocess.run(["mount", *args, str(at)], capture_output=True, text=True)
        if r.returncode != 0:
            pytest.skip(f"cannot make {what} here (needs root with CAP_SYS_ADMIN): {r.stderr.strip()}")
        self.made.append(at)
        return at

    def small_disk(self, at: Path, kib: int = 512) -> Path:
        return self._mount("-t", "tmpfs", "-o", f"size={kib}k,mode=0755", "tmpfs", at=at, what="a small tmpfs")

    def read_only_view(self, folder: Path, at: Path) -> Path:
        self._mount("--bind", str(folder), at=at, what="a bind mount")
        r = subprocess.run(["mount", "-o", "remount,bind,ro", str(at)], capture_output=True, text=True)
        if r.returncode != 0:
            pytest.skip(f"cannot make a bind mount read-only here: {r.stderr.strip()}")
        return at

    def undo(self) -> None:
        for at in reversed(self.made):
            subprocess.run(["umount", "-l", str(at)], capture_output=True)


@pytest.fixture
def mounts():
    m = Mounts()
    yield m
    m.undo()


def fill(disk: Path) -> Path:
    """Fill a small disk to its last byte."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as f:
        for size in (65536, 4096, 1):
            try:
                while f.write(b"\0" * size):
                    pass
            except OSError as e:
                assert e.errno == errno.ENOSPC
    return filler


@pytest.fixture
def plain_user(tmp_path):
    """A command prefix under which file modes bind: none for a user, and for root a process without
    the capabilities that let root write what its modes forbid (as another user would be)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root, and without setpriv there is no process in which file modes bind")
    prefix = ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]
    probe = tmp_path / "probe"
    probe.write_bytes(b"")
    probe.chmod(0o444)
    r = subprocess.run([*prefix, sys.executable, "-c", f"open({str(probe)!r}, 'r+b')"], capture_output=True, text=True)
    probe.unlink()
    if r.returncode == 0 or "PermissionError" not in r.stderr:
        pytest.skip(f"setpriv cannot take root's override of file modes here: {r.stderr.strip()[-200:]}")
    return prefix


def cli_as(prefix: list[str], *args: object) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([*prefix, sys.executable, "-m", "adjudicator", *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)


@pytest.fixture
def nothing_writable(monkeypatch):
    """Call it to tell the store, from then on, that no file or folder can be written (as where
    modes or the mount forbid it); `monkeypatch.undo()` tells it the truth again."""
    real = os.access

    def arm() -> None:
        monkeypatch.setattr(store_module.os, "access",
                            lambda path, mode, **kw: False if mode & os.W_OK else real(path, mode, **kw))

    return arm


@pytest.fixture
def disk_of_pages(monkeypatch):
    """Call it to leave, from then on, no room for one more page in any database written to: SQLite's
    max_page_count on every connection that writes (one page for a new database), so that SQLite
    itself answers SQLITE_FULL."""
    real = Store._connect

    def capped(self, create, readonly):
        conn = real(self, create, readonly)
        if not readonly:
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            conn.execute(f"PRAGMA max_page_count={max(pages, 1)}")
        return conn

    return lambda: monkeypatch.setattr(Store, "_connect", capped)


# -- 1. a closed game on read-only media --------------------------------------------------------

READ_ONLY_COMMANDS = (["verify", "{db}"], ["status", "{db}"], ["log", "{db}"], ["replay", "{db}"],
                      ["replay", "{db}", "--at", "3"], ["audit", "{db}"], ["options", "{db}"],
                      ["export", "{db}", "-o", "{out}/g.jsonl"])
# the ones the issue names, where each costs a process
NAMED_COMMANDS = tuple(c for c in READ_ONLY_COMMANDS if c[0] in ("verify", "status", "log", "export") or c == ["replay", "{db}"])


def read_everything(run, db: Path, out: Path, commands: tuple = READ_ONLY_COMMANDS) -> list[str]:
    """Every read-only command on `db`: each must succeed; their outputs, for comparison."""
    outputs = []
    for command in commands:
        r = run(*[a.format(db=db, out=out) for a in command])
        ok(r)
        outputs.append(r.stdout.replace(str(db), "DB").replace(str(out), "OUT"))
    outputs.append((out / "g.jsonl").read_text())
    return outputs


def test_a_closed_game_on_a_read_only_mount_is_read_by_every_read_only_command(tmp_path, mounts):
    """The game closed normally (no -wal, no -shm), on a read-only mount: every read-only command
    answers as on the writable original; a post says the disk is read-only and writes nothing."""
    src = tmp_path / "src"
    src.mkdir()
    db = settled(a_played_game(src))
    board = src / "board.db"
    games.import_log(LOGS / "portable-bohemia" / "game.jsonl", board)
    settled(board)
    (tmp_path / "out1").mkdir()
    (tmp_path / "out2").mkdir()
    expected = read_everything(run_cli_inprocess, db, tmp_path / "out1")
    settled(db)
    ro = mounts.read_only_view(src, tmp_path / "ro")
    assert read_everything(run_cli_inprocess, ro / "g.db", tmp_path / "out2") == expected
    ok(run_cli_inprocess("map", ro / "board.db", "-o", tmp_path / "map.svg"))
    ok(run_cli_inprocess("options", ro / "board.db"))
    turn = tmp_path / "turn.txt"
    turn.write_text("note on read-only media")
    fails(run_cli_inprocess("post", ro / "g.db", turn, "--as", "blue"), 5,
          f"error: {ro / 'g.db'}: the disk is mounted read-only: nothing was written")
    assert game_files(src) == ["board.db", "g.db", "g.db.secret"]


def test_a_write_ahead_log_that_cannot_be_read_on_read_only_media_is_named(tmp_path, mounts):
    """A game copied while open: its -wal holds events the file lacks, and without its -shm SQLite
    cannot read them where nothing can be written. Never read past (that would lose events): said."""
    db = a_played_game(tmp_path)
    keep = sqlite3.connect(db)
    keep.execute("SELECT count(*) FROM events").fetchone()
    src = tmp_path / "src"
    src.mkdir()
    try:
        games.post(db, "note in the wal only", "blue")
        shutil.copy(db, src / "g.db")
        shutil.copy(f"{db}-wal", src / "g.db-wal")
    finally:
        keep.close()
    ro = mounts.read_only_view(src, tmp_path / "ro")
    fails(run_cli_inprocess("verify", ro / "g.db"), 5, f"error: {ro / 'g.db'}: g.db-wal holds events not yet in the "
          "database file, and cannot be read where nothing can be written (the disk is mounted read-only)")


def test_a_closed_game_in_a_folder_its_reader_cannot_write(tmp_path, plain_user):
    """A reader who can write neither the folder nor the file (file modes that bind, even for root):
    every read-only command works and leaves no file beside the game; a post is a storage fault."""
    folder = tmp_path / "game"
    folder.mkdir()
    db = settled(a_played_game(folder))
    out1, out2 = tmp_path / "out1", tmp_path / "out2"
    for out in (out1, out2):
        out.mkdir()
        out.chmod(0o777)
    expected = read_everything(run_cli_inprocess, db, out1, NAMED_COMMANDS)
    settled(db)
    (tmp_path / "turn.txt").write_text("note read-only")
    db.chmod(0o444)
    folder.chmod(0o555)
    try:
        assert read_everything(lambda *a: cli_as(plain_user, *a), db, out2, NAMED_COMMANDS) == expected
        assert game_files(folder) == ["g.db", "g.db.secret"]
        fails(cli_as(plain_user, "post", db, tmp_path / "turn.txt", "--as", "blue"), 5,
              f"error: {db}: the file is read-only: nothing was written")
        db.chmod(0o644)
        fails(cli_as(plain_user, "post", db, tmp_path / "turn.txt", "--as", "blue"), 5,
              f"error: {db}: the folder is read-only: nothing was written")
        assert game_files(folder) == ["g.db", "g.db.secret"]
    finally:
        folder.chmod(0o755)
        db.chmod(0o644)


def test_read_only_commands_read_a_game_they_cannot_write_as_it_is(tmp_path, nothing_writable):
    """With SQLite's own flags (mode=ro, immutable=1) where nothing can be written: every read-only
    command works and no -wal or -shm file appears beside the game (mode=ro alone would make them)."""
    folder = tmp_path / "game"
    folder.mkdir()
    db = settled(a_played_game(folder))
    (tmp_path / "out1").mkdir()
    (tmp_path / "out2").mkdir()
    expected = read_everything(run_cli_inprocess, db, tmp_path / "out1")
    settled(db)
    nothing_writable()
    assert read_everything(run_cli_inprocess, db, tmp_path / "out2") == expected
    assert game_files(folder) == ["g.db", "g.db.secret"]


def test_a_game_with_a_write_ahead_log_is_read_through_it(tmp_path, nothing_writable):
    """A -wal file that holds events not yet in the database file is read, never passed over."""
    db = a_played_game(tmp_path)
    keep = sqlite3.connect(db)  # an open connection keeps the WAL from being folded in at the last close
    keep.execute("SELECT count(*) FROM events").fetchone()
    try:
        games.post(db, "note in the wal only", "blue")
        assert Path(f"{db}-wal").stat().st_size > 0
        nothing_writable()
        r = run_cli_inprocess("verify", db)
        ok(r)
        assert r.stdout.startswith(f"OK: {len(event_rows(db))} events")
        assert "in the wal only" in run_cli_inprocess("log", db).stdout
    finally:
        keep.close()


# -- 2. a full disk or a read-only database during post and reveal -----------------------------

def test_post_and_reveal_onto_a_full_disk_are_a_storage_fault_and_write_nothing(tmp_path, mounts):
    disk = mounts.small_disk(tmp_path / "disk", kib=512)
    db = make_game(disk)
    games.post(db, "roll 2d6 for volley\nend turn", "red")  # a closed epoch, to reveal
    before = event_rows(db)
    filler = fill(disk)
    turn = tmp_path / "turn.txt"
    turn.write_text(BIG_POST)
    fails(run_cli_inprocess("post", db, turn, "--as", "blue"), 5, f"error: {db}: the disk is full: nothing was written")
    fails(run_cli_inprocess("reveal", db), 5, f"error: {db}: the disk is full: nothing was written")
    assert event_rows(db) == before
    filler.unlink()
    ok(run_cli_inprocess("post", db, turn, "--as", "blue"))
    ok(run_cli_inprocess("reveal", db))
    r = run_cli_inprocess("verify", db)
    ok(r)
    assert r.stdout.startswith(f"OK: {len(before) + 102} events")  # the post's record, its 100 lines, a reveal


def test_a_full_disk_met_by_sqlite_keeps_its_first_error(tmp_path, disk_of_pages):
    """SQLite rolls a transaction back itself when the disk fills; the store's own ROLLBACK must not
    then replace the cause with "cannot rollback - no transaction is active"."""
    db = make_game(tmp_path)
    disk_of_pages()
    before = event_rows(db)
    with pytest.raises(StorageFault) as caught:
        games.post(db, BIG_POST, "red")
    assert str(caught.value) == f"{db}: the disk is full: nothing was written"
    assert caught.value.exit_code == 5
    assert event_rows(db) == before
    turn = tmp_path / "turn.txt"
    turn.write_text(BIG_POST)
    fails(run_cli_inprocess("post", db, turn, "--as", "red"), 5, "the disk is full: nothing was written")
    with Store(db) as s:
        assert not s.conn.in_transaction


def test_a_transaction_that_fails_to_roll_back_still_says_why_it_failed(tmp_path):
    db = make_game(tmp_path)
    with Store(db) as s, pytest.raises(ZeroDivisionError):
        with s.transaction():
            s.conn.execute("INSERT INTO snapshots VALUES ('g', 99, 'h', x'00')")
            s.conn.execute("ROLLBACK")  # as SQLite does by itself after some faults
            1 / 0
    assert sqlite3.connect(db).execute("SELECT count(*) FROM snapshots WHERE seq = 99").fetchone() == (0,)


def test_a_database_locked_past_the_busy_timeout_is_a_storage_fault(tmp_path, monkeypatch):
    db = make_game(tmp_path)
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_MS", 100)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StorageFault) as caught:
            games.post(db, "note waits", "red")
        assert str(caught.value) == f"{db}: the database is locked by another process (waited 0.1 s): nothing was written"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    games.post(db, "note lands", "red")


# -- 3. export, new and import onto a full disk -----------------------------------------------

def test_export_new_and_import_onto_a_full_disk_name_the_file_and_leave_nothing(tmp_path, mounts):
    db = a_played_game(tmp_path)
    log = export_log(db, tmp_path / "g.jsonl")
    disk = mounts.small_disk(tmp_path / "disk", kib=256)
    (disk / "old.jsonl").write_bytes(b"the previous export\n")
    fill(disk)
    before = game_files(disk)
    fails(run_cli_inprocess("export", db, "-o", disk / "old.jsonl"), 5,
          f"error: {disk / 'old.jsonl'}: the disk is full: nothing was written")
    assert (disk / "old.jsonl").read_bytes() == b"the previous export\n"
    fails(run_cli_inprocess("new", disk / "n.db", "--ruleset", "freeform", "--player", "red"), 5,
          f"error: {disk / 'n.db'}: the disk is full: nothing was written")
    fails(run_cli_inprocess("import", log, disk / "i.db"), 5,
          f"error: {disk / 'i.db'}: the disk is full: nothing was written")
    assert game_files(disk) == before


def test_export_that_cannot_write_removes_its_temporary_file(tmp_path, monkeypatch):
    """The fault-injecting twin: the file system takes the first bytes, then is full."""
    db = a_played_game(tmp_path)
    (tmp_path / "out").mkdir()
    out = tmp_path / "out" / "out.jsonl"
    real = open

    class FillsUp:
        def __init__(self, f):
            self.f, self.written = f, 0

        def write(self, data):
            if self.written:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            self.written += len(data)
            return self.f.write(data)

        def __getattr__(self, name):
            return getattr(self.f, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

    monkeypatch.setattr(games, "open", lambda path, mode="r": FillsUp(real(path, mode)), raising=False)
    fails(run_cli_inprocess("export", db, "-o", out), 5, f"error: {out}: the disk is full: nothing was written")
    assert game_files(out.parent) == []


def test_new_and_import_on_a_disk_with_no_room_leave_nothing(tmp_path, disk_of_pages):
    log = LOGS / "freeform-demo" / "game.jsonl"
    disk_of_pages()
    fails(run_cli_inprocess("new", tmp_path / "n.db", "--ruleset", "freeform", "--player", "red"), 5,
          f"error: {tmp_path / 'n.db'}: the disk is full: nothing was written")
    fails(run_cli_inprocess("import", log, tmp_path / "i.db"), 5,
          f"error: {tmp_path / 'i.db'}: the disk is full: nothing was written")
    assert game_files(tmp_path) == []


def test_new_in_a_folder_that_does_not_exist_is_still_bad_input(tmp_path):
    fails(run_cli_inprocess("new", tmp_path / "no" / "n.db", "--ruleset", "freeform", "--player", "red"), 2,
          "cannot be created")


# -- 4. what a killed `new` or `import` left (the SIGKILL loops are in test_concurrency.py) ------

def killed_runs_folder(target: Path, name: str, *parts: str, linked: tuple[str, ...] = ()) -> Path:
    """The folder a run building `target` left when it was killed, holding `parts`; the ones in
    `linked` it had already linked into place beside `target`."""
    folder = target.parent / f".{target.name}.new-{name}"
    folder.mkdir()
    for part in parts:
        (folder / part).write_bytes(b"what a killed run wrote: " + part.encode())
    for part in linked:
        os.link(folder / part, target.parent / part)
    return folder


def test_what_a_killed_new_left_never_blocks_a_retry(tmp_path):
    """Killed after it linked the secret file into place and before the database: the next `new`
    takes that secret (it is the killed run's: the same file) and its folder away, and succeeds."""
    db = tmp_path / "g.db"
    killed_runs_folder(db, "a", "g.db", "g.db.secret", linked=("g.db.secret",))
    killed_runs_folder(db, "b", "g.db")
    posted = games.new_game(db, "freeform", ["red", "blue"])
    assert game_files(tmp_path) == ["g.db", "g.db.secret"]
    created = posted.game.created
    secrets.load(secrets.secret_path(db), created.game, created.dice.anchor)
    killed_runs_folder(tmp_path / "i.db", "c", "i.db")
    games.import_log(LOGS / "freeform-demo" / "game.jsonl", tmp_path / "i.db")
    assert game_files(tmp_path) == ["g.db", "g.db.secret", "i.db"]


def test_a_secret_file_that_no_killed_run_left_is_never_taken(tmp_path):
    db = tmp_path / "g.db"
    (tmp_path / "g.db.secret").write_text("the referee's secret of a game kept elsewhere")
    killed_runs_folder(db, "a", "g.db", "g.db.secret")  # a copy of the same name is not the same file
    with pytest.raises(BadInput, match="g.db.secret already exists"):
        games.new_game(db, "freeform", ["red", "blue"])
    assert (tmp_path / "g.db.secret").read_text() == "the referee's secret of a game kept elsewhere"
    assert game_files(tmp_path) == ["g.db.secret"]


def test_a_killed_run_that_had_put_its_game_in_place_leaves_that_game(tmp_path):
    db = tmp_path / "g.db"
    folder = killed_runs_folder(db, "a", "g.db", "g.db.secret", linked=("g.db.secret", "g.db"))
    staging.clear_stale(db)
    assert not folder.exists() and game_files(tmp_path) == ["g.db", "g.db.secret"]


def test_the_folder_of_a_run_still_alive_is_left_alone(tmp_path):
    db = tmp_path / "g.db"
    folder = killed_runs_folder(db, "a", "g.db", "g.db.secret", linked=("g.db.secret",))
    lock = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(lock, fcntl.LOCK_EX)  # as its run holds it while it lives
    try:
        staging.clear_stale(db)
        assert folder.exists() and (tmp_path / "g.db.secret").exists()
        with pytest.raises(BadInput, match="already exists"):
            games.new_game(db, "freeform", ["red", "blue"])
    finally:
        os.close(lock)
    staging.clear_stale(db)
    assert game_files(tmp_path) == []


# -- 5. a read-only -shm must not stick ---------------------------------------------------------

def test_a_post_by_someone_who_cannot_write_the_game_leaves_no_file_that_blocks_later_posts(tmp_path, plain_user):
    """A post attempt by a user who cannot write the database once left a -shm with the database's
    read-only modes, and every later post failed after the modes were fixed. Now the attempt is a
    storage fault that touches nothing, and the game goes on."""
    db = settled(a_played_game(tmp_path))
    turn = tmp_path / "turn.txt"
    turn.write_text("note after the modes are fixed")
    db.chmod(0o444)
    try:
        fails(cli_as(plain_user, "post", db, turn, "--as", "blue"), 5,
              f"error: {db}: the file is read-only: nothing was written")
        assert game_files(tmp_path) == ["g.db", "g.db.secret", "turn.txt"]
    finally:
        db.chmod(0o644)
    ok(cli_as(plain_user, "post", db, turn, "--as", "blue"))
    ok(cli_as(plain_user, "verify", db))


def test_a_read_only_shm_left_by_an_older_version_is_named(tmp_path, plain_user):
    db = settled(a_played_game(tmp_path))
    turn = tmp_path / "turn.txt"
    turn.write_text("note blocked")
    Path(f"{db}-shm").write_bytes(b"")
    Path(f"{db}-shm").chmod(0o444)
    fails(cli_as(plain_user, "post", db, turn, "--as", "blue"), 5, "g.db-shm is read-only", "nothing was written")
    Path(f"{db}-shm").unlink()
    ok(cli_as(plain_user, "post", db, turn, "--as", "blue"))


def test_a_post_to_a_game_it_cannot_write_creates_no_file(tmp_path, nothing_writable, monkeypatch):
    """The in-process twin of the one above, for where no process can be made in which modes bind."""
    db = settled(a_played_game(tmp_path))
    nothing_writable()
    with pytest.raises(StorageFault, match="nothing was written"):
        games.post(db, "note refused", "blue")
    assert game_files(tmp_path) == ["g.db", "g.db.secret"]
    monkeypatch.undo()
    games.post(db, "note lands", "blue")


# -- 6. a database that is not a game ----------------------------------------------------------

def test_a_database_that_is_not_a_game_is_bad_input_naming_what_it_lacks(tmp_path):
    alien = tmp_path / "alien.db"
    conn = sqlite3.connect(alien)
    conn.execute("CREATE TABLE events (a, b)")
    conn.commit()
    conn.close()
    stripped = settled(a_played_game(tmp_path))
    conn = sqlite3.connect(stripped)
    conn.execute("DROP TABLE snapshots")
    conn.commit()
    conn.close()
    turn = tmp_path / "turn.txt"
    turn.write_text("note x")
    for db, lacks in ((alien, "the events table lacks the columns game, seq, hash, body; no snapshots table"),
                      (stripped, "no snapshots table")):
        for command in (["verify", db], ["status", db], ["replay", db], ["post", db, turn, "--as", "red"],
                        ["reveal", db], ["export", db, "-o", tmp_path / "x.jsonl"]):
            fails(run_cli_inprocess(*command), 2, f"error: {db}: not a game database ({lacks})")


# -- exit 5 is documented ----------------------------------------------------------------------

def test_a_storage_fault_is_exit_5_and_documented():
    from adjudicator import cli

    fault = StorageFault("g.db", "the disk is full")
    assert isinstance(fault, AdjudicatorError) and fault.exit_code == 5
    assert str(fault) == "g.db: the disk is full: nothing was written"
    assert str(StorageFault("g.db", "an input/output error", writing=False)) == "g.db: an input/output error"
    readme = (ROOT / "README.md").read_text()
    assert "`5` a storage fault" in readme
    assert "5 a storage\nfault" in cli.__doc__ or "5 a storage fault" in cli.__doc__


# -- 8. import streams ------------------------------------------------------------------------

def test_import_memory_does_not_grow_with_the_log(tmp_path, monkeypatch):
    """Import streams: what it holds while it stores a log ten times longer is about the same, where
    holding every row once made it grow with the log (0.7 MB to 7.8 MB here). Verify's pass, whose
    own memory is its business (benchmarks/run.py --only memory measures both), is run beforehand."""
    peaks = {}
    for events in (1_500, 15_000):
        db = tmp_path / f"log-{events}.db"
        simulate(db, "freeform", seed=3, events=events)
        log = export_log(db)
        report = verify(open_source(log))
        monkeypatch.setattr(verify_module, "verify", lambda source: report)  # games imports it when it runs
        games.import_log(log, tmp_path / f"warm-{events}.db")  # what is made once per process, made
        tracemalloc.start()
        try:
            games.import_log(log, tmp_path / f"copy-{events}.db")
            peaks[events] = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert event_rows(tmp_path / f"copy-{events}.db") == event_rows(db)
    assert peaks[15_000] < 1.5 * peaks[1_500], peaks


def test_import_stores_exactly_what_it_verified(tmp_path, monkeypatch):
    """A log edited between verify's pass and the storing pass is refused, and nothing is stored."""
    db = a_played_game(tmp_path)
    log = export_log(db)
    real = verify_module.verify

    def then_edit(source, *a, **kw):
        report = real(source, *a, **kw)
        log.write_bytes(log.read_bytes().replace(b"soft cover", b"hard cover"))
        return report

    monkeypatch.setattr(verify_module, "verify", then_edit)
    (tmp_path / "copy").mkdir()
    with pytest.raises(AdjudicatorError, match="changed while it was being imported"):
        games.import_log(log, tmp_path / "copy" / "g.db")
    assert game_files(tmp_path / "copy") == []

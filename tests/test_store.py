"""adjudicator.store: append under the head (optimistic concurrency), one transaction per post,
snapshots kept sparse, read-only opening, and refusal of what is not a game database."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys

import pytest

from adjudicator import games
from adjudicator.chain import GENESIS
from adjudicator.errors import AdjudicatorError, BadInput, Conflict
from adjudicator.store import SNAPSHOT_EVERY, Store
from conftest import event_rows, make_game


def test_a_new_database_holds_the_creation_event_and_wal_mode(tmp_path):
    db = make_game(tmp_path)
    rows = event_rows(db)
    assert [r[1] for r in rows] == [1] and rows[0][0] == "g"
    with Store(db) as s:
        assert s.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert s.head() == (1, rows[0][2]) and s.game() == "g"


def test_append_refuses_a_moved_head_and_writes_nothing(tmp_path):
    db = make_game(tmp_path)
    with Store(db) as s:
        head = s.head()
        with pytest.raises(Conflict, match="#1"):
            s.append("g", (1, "f" * 64), [(2, "a" * 64, b"{}")])
        with pytest.raises(Conflict):
            s.append("g", (0, GENESIS), [(1, "a" * 64, b"{}")])
        assert s.head() == head
    assert len(event_rows(db)) == 1


def test_append_is_all_or_nothing(tmp_path):
    """A failing row in the middle of a post (here a duplicate key) leaves no row of it behind."""
    db = make_game(tmp_path)
    with Store(db) as s:
        head = s.head()
        with pytest.raises(sqlite3.IntegrityError):
            s.append("g", head, [(2, "a" * 64, b"{}"), (3, "b" * 64, b"{}"), (3, "c" * 64, b"{}")])
        assert s.head() == head
        assert not s.conn.in_transaction
    assert len(event_rows(db)) == 1


def test_rows_stream_in_seq_order_with_bounds(tmp_path):
    db = make_game(tmp_path)
    for i in range(5):
        games.post(db, f"note {i}", "red")  # its record and its note
    with Store(db) as s:
        assert [r[0] for r in s.rows()] == list(range(1, 12))
        assert [r[0] for r in s.rows(2, 4)] == [3, 4]
        assert [r[0] for r in s.rows(11)] == []


def test_snapshots_are_kept_sparse(tmp_path, monkeypatch):
    """One every SNAPSHOT_EVERY events, plus the newest: a post never folds more than one post's events."""
    import adjudicator.store as store_module

    monkeypatch.setattr(store_module, "SNAPSHOT_EVERY", 4)
    monkeypatch.setattr(games, "SNAPSHOT_EVERY", 4)
    db = make_game(tmp_path)
    for i in range(7):
        games.post(db, "note a\nnote b", "red")  # its record and two notes: heads 4, 7, 10, ..., 22
    conn = sqlite3.connect(db)
    seqs = [r[0] for r in conn.execute("SELECT seq FROM snapshots ORDER BY seq")]
    conn.close()
    assert seqs[-1] == 22
    assert all(s % 4 == 0 for s in seqs[:-1]) and set(seqs[:-1]) >= {4, 8, 12, 16, 20}


def test_the_default_snapshot_interval_bounds_replay_work():
    assert 100 <= SNAPSHOT_EVERY <= 10_000


def test_a_post_reads_only_the_events_after_the_newest_snapshot(tmp_path, monkeypatch):
    db = make_game(tmp_path)
    for i in range(5):
        games.post(db, "note a\nnote b", "red")
    decoded = []
    real = games.Game.decode

    def counting(self, body, where):
        decoded.append(where)
        return real(self, body, where)

    monkeypatch.setattr(games.Game, "decode", counting)
    games.post(db, "note c", "red")
    assert decoded == []  # the newest snapshot is the head: nothing to fold


def test_opening_what_is_not_a_game_database_is_bad_input(tmp_path):
    missing = tmp_path / "missing.db"
    with pytest.raises(BadInput, match="no such game"):
        Store(missing)
    assert not missing.exists()
    text = tmp_path / "text.db"
    text.write_text("hello, I am not SQLite\n" * 100)
    with pytest.raises(BadInput):
        Store(text)
    assert text.read_text() == "hello, I am not SQLite\n" * 100
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    with pytest.raises(BadInput, match="not a game database"):
        Store(other)


def test_creating_over_an_existing_file_is_refused(tmp_path):
    db = make_game(tmp_path)
    before = db.read_bytes()
    with pytest.raises(BadInput, match="already exists"):
        Store(db, create=True)
    with pytest.raises(AdjudicatorError):
        make_game(tmp_path)
    assert db.read_bytes() == before


def test_a_read_only_database_can_be_read_verified_and_exported(tmp_path):
    """A game mailed to a player may sit on a read-only medium: reading must not need write access."""
    from adjudicator.logsource import open_source
    from adjudicator.verify import verify

    db = make_game(tmp_path)
    games.post(db, "roll 2d6\nend turn", "red")
    games.reveal(db)
    games.export(db, tmp_path / "before.jsonl")
    # checkpoint the WAL so the main file holds everything, then make the directory read-only
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    ro = tmp_path / "ro"
    ro.mkdir()
    (ro / "g.db").write_bytes(db.read_bytes())
    os.chmod(ro / "g.db", stat.S_IRUSR)
    os.chmod(ro, stat.S_IRUSR | stat.S_IXUSR)
    try:
        if os.access(ro / "g.db", os.W_OK):
            pytest.skip("running as a user that ignores file permissions")
        report = verify(open_source(ro / "g.db"))
        assert report.ok and report.events == 5
        assert games.state_at(ro / "g.db")[1].core.seq == 5
        games.export(ro / "g.db", tmp_path / "after.jsonl")
        assert (tmp_path / "after.jsonl").read_bytes() == (tmp_path / "before.jsonl").read_bytes()
    finally:
        os.chmod(ro, stat.S_IRWXU)
        os.chmod(ro / "g.db", stat.S_IRUSR | stat.S_IWUSR)


def test_reading_a_database_does_not_change_its_events(tmp_path):
    db = make_game(tmp_path)
    games.post(db, "roll 2d6\nnote x", "red")
    before = event_rows(db)
    games.state_at(db)
    games.state_at(db, 2)
    games.export(db, tmp_path / "x.jsonl")
    assert event_rows(db) == before


def test_a_corrupt_snapshot_blob_is_ignored(tmp_path):
    db = make_game(tmp_path)
    games.post(db, "roll 2d6\nnote x", "red")
    truth = games.state_at(db)[1]
    conn = sqlite3.connect(db)
    conn.execute("UPDATE snapshots SET state = x'deadbeef'")
    conn.commit()
    conn.close()
    assert games.state_at(db)[1] == truth
    games.post(db, "note still playable", "red")


def test_a_database_edited_behind_the_tools_back_fails_verify_at_the_edited_seq(tmp_path, cli_fast):
    """Someone edits a row of the events table directly: the database no longer verifies, naming the seq,
    whatever the snapshots say."""
    import json

    db = make_game(tmp_path)
    games.post(db, "roll 2d6 for volley\nnote hit\nroll 1d6\nend turn", "red")
    games.reveal(db)
    conn = sqlite3.connect(db)
    conn.execute("UPDATE events SET body = CAST(replace(body, 'hit', 'miss') AS BLOB) WHERE seq = 4")
    conn.commit()
    conn.close()
    r = cli_fast("verify", db, "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["problems"][0]["seq"] == 4
    conn = sqlite3.connect(db)
    conn.execute("DELETE FROM events WHERE seq = 4")
    conn.commit()
    conn.close()
    r = cli_fast("verify", db, "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["problems"][0]["seq"] == 4


def test_a_hand_edited_text_body_is_reported_not_a_crash(tmp_path, cli_fast):
    import json

    db = make_game(tmp_path)
    games.post(db, "note hit\nnote two", "red")
    conn = sqlite3.connect(db)
    conn.execute("UPDATE events SET body = replace(body, 'hit', 'miss') WHERE seq = 3")  # seq 2: the post's record
    conn.commit()
    conn.close()
    r = cli_fast("verify", db, "--json")
    assert r.returncode in (1, 2) and "Traceback" not in r.stderr
    assert json.loads(r.stdout)["problems"][0]["seq"] == 3


def test_the_store_does_not_pull_numpy_or_pandas_into_every_command():
    """sqlite-utils imports them when installed, only to store their values; the store hides them
    for that import (a tenth of a second of each command's start-up) and leaves them importable."""
    code = ("import sys, importlib.util, adjudicator.store\n"
            "print(sorted(n for n in ('numpy', 'pandas') if n in sys.modules))\n"
            "for n in ('numpy', 'pandas'):\n"
            "    if importlib.util.find_spec(n) is not None:\n"
            "        importlib.import_module(n)\n"
            "print('importable')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["[]", "importable"]

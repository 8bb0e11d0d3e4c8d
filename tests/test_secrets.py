"""The referee's dice secret: never in the database, its WAL or any export; owner-only beside
the database; a revealed secret that does not hash to the committed chain is refused."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
from pathlib import Path

import msgspec
import pytest

from adjudicator import games, secrets
from adjudicator.dice import hash_down
from adjudicator.errors import BadInput, Rejected
from conftest import SAMPLE_TOP, event_rows, export_log, make_game, play_sample_game


def chain_from_file(db: Path) -> tuple[int, list[bytes]]:
    """(N, s) with s[k] = s_k for k = 0..N, from the referee's secret file."""
    data = json.loads(secrets.secret_path(db).read_bytes())
    n = data["epochs"]
    s = [b""] * (n + 1)
    s[n] = bytes.fromhex(data["top"])
    for k in range(n, 0, -1):
        s[k - 1] = hashlib.sha256(s[k]).digest()
    return n, s


def windows(data: bytes, width: int) -> set[bytes]:
    return {data[i:i + width] for i in range(len(data) - width + 1)}


def leaked(files: list[Path], needles: list[bytes]) -> list[str]:
    """Which unrevealed secrets occur, raw or as hex (either case), in any of the files."""
    raw = set(needles)
    hexes = {n.hex().encode() for n in needles}
    found = []
    for f in files:
        if not f.exists():
            continue
        data = f.read_bytes()
        for window in (windows(data, 32) & raw):
            found.append(f"{f.name}: raw {window.hex()[:16]}")
        for window in (windows(data.lower(), 64) & hexes):
            found.append(f"{f.name}: hex {window[:16].decode()}")
    return found


def first_unrevealed(db: Path) -> int:
    return games.state_at(db)[1].core.revealed_epoch + 1


def db_files(db: Path) -> list[Path]:
    return [db, Path(f"{db}-wal"), Path(f"{db}-shm")]


def test_the_scan_finds_a_secret_when_there_is_one(tmp_path):
    """The leak detector can fail: a secret planted in a file is found, raw and as hex."""
    db = play_sample_game(tmp_path, turns=2)
    n, s = chain_from_file(db)
    planted = tmp_path / "planted.bin"
    planted.write_bytes(b"xx" + s[n - 3] + b"yy" + s[n - 7].hex().upper().encode())
    assert len(leaked([planted], s[5:])) == 2


def test_no_unrevealed_secret_in_the_database_its_wal_or_an_export(tmp_path):
    db = play_sample_game(tmp_path, turns=4, reveal=False)
    games.reveal(db)
    games.post(db, "roll 2d6 for the open turn\nnote still open", "red")  # epoch 5 is open, rolled with s_5
    n, s = chain_from_file(db)
    k = first_unrevealed(db)
    assert k == 5
    log = export_log(db)
    assert leaked(db_files(db) + [log], s[k:]) == []
    # the revealed ones are there, as they should be
    assert leaked([log], [s[1], s[4]])


def test_no_secret_at_all_in_a_game_never_revealed(tmp_path):
    db = play_sample_game(tmp_path, turns=3, reveal=False)
    n, s = chain_from_file(db)
    log = export_log(db)
    assert leaked(db_files(db) + [log], s[1:]) == []
    # the anchor is public
    assert leaked([log], [s[0]])


def test_no_unrevealed_secret_after_a_checkpoint_of_the_wal(tmp_path):
    db = play_sample_game(tmp_path, turns=3, reveal=True)
    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    n, s = chain_from_file(db)
    assert leaked(db_files(db), s[first_unrevealed(db):]) == []


def test_the_checkpoints_of_the_secret_file_are_on_the_chain_and_never_leak(tmp_path):
    db = make_game(tmp_path, top=SAMPLE_TOP, epochs=3000)
    data = json.loads(secrets.secret_path(db).read_bytes())
    n, s = chain_from_file(db)
    assert {int(k): v for k, v in data["checkpoints"].items()} == {1024: s[1024].hex(), 2048: s[2048].hex()}
    loaded = secrets.load(secrets.secret_path(db), "g", s[0].hex())
    for k in (1, 2, 1023, 1024, 1025, 2047, 2048, 2049, 2999, 3000):
        assert loaded.for_epoch(k) == s[k]
    for bad in (0, 3001):
        with pytest.raises(Rejected):
            loaded.for_epoch(bad)
    games.post(db, "roll 2d6\nend turn", "red")
    assert leaked(db_files(db) + [export_log(db)], s[1:]) == []


def test_the_secret_file_is_owner_only_and_beside_the_database(tmp_path, cli):
    r = cli("new", tmp_path / "duel.db", "--ruleset", "freeform", "--player", "red", "--player", "blue")
    assert r.returncode == 0, r.stderr
    path = tmp_path / "duel.db.secret"
    assert path.exists() and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert "duel.db.secret" in r.stdout and "never" in r.stdout and "lost" in r.stdout
    first = json.loads(export_log(tmp_path / "duel.db").read_text().splitlines()[0])
    assert first["action"]["dice"]["anchor"] in r.stdout


def test_a_secret_file_is_never_overwritten(tmp_path):
    db = make_game(tmp_path)
    before = secrets.secret_path(db).read_bytes()
    with pytest.raises(BadInput, match="refusing"):
        secrets.write(secrets.secret_path(db), secrets.generate("g", 10))
    db.unlink()  # even with the database gone, a new game must not clobber the old secret
    with pytest.raises(BadInput):
        make_game(tmp_path)
    assert secrets.secret_path(db).read_bytes() == before


def test_a_reported_dice_game_has_no_secret_file(tmp_path):
    db = make_game(tmp_path, dice="reported")
    assert not secrets.secret_path(db).exists()
    with pytest.raises(Rejected, match="reported"):
        games.reveal(db)


def test_a_missing_or_foreign_secret_file_stops_a_roll_but_not_a_note(tmp_path):
    db = make_game(tmp_path)
    other = make_game(tmp_path, "h")
    path = secrets.secret_path(db)
    kept = path.read_bytes()
    path.unlink()
    games.post(db, "note no dice needed", "red")
    before = event_rows(db)
    with pytest.raises(Rejected, match="missing"):
        games.post(db, "roll 2d6", "red")
    path.write_bytes(secrets.secret_path(other).read_bytes())  # game h's secret
    with pytest.raises(Rejected, match="not the dice secret"):
        games.post(db, "roll 2d6", "red")
    path.write_bytes(b"garbage")
    with pytest.raises(BadInput, match="not a dice secret"):
        games.post(db, "roll 2d6", "red")
    assert event_rows(db) == before
    path.write_bytes(kept)
    games.post(db, "roll 2d6", "red")


def test_a_corrupted_secret_file_never_draws_a_roll_off_the_committed_chain(tmp_path):
    """The file's top is corrupted but its checkpoint (and so its anchor) is intact: epochs above
    the checkpoint would derive from the bad top. A roll there must be refused, not drawn."""
    db = make_game(tmp_path, epochs=1500)
    path = secrets.secret_path(db)
    data = json.loads(path.read_bytes())
    assert list(data["checkpoints"]) == ["1024"]
    data["top"] = "00" * 32
    path.write_text(json.dumps(data))
    games.post(db, "roll 2d6 for epoch 1, below the checkpoint", "red")  # fine: s_1 comes from s_1024
    games.post(db, "\n".join(["end turn"] * 1024), "referee")  # to epoch 1025
    before = event_rows(db)
    with pytest.raises(Rejected):
        games.post(db, "roll 2d6 for epoch 1025", "red")
    assert event_rows(db) == before


# -- reveals ---------------------------------------------------------------------------------

@pytest.fixture
def two_turns(tmp_path):
    db = make_game(tmp_path, top=SAMPLE_TOP)
    games.post(db, "roll 2d6\nend turn", "red")
    games.post(db, "roll 2d6\nend turn", "blue")
    return db


def test_reveal_publishes_every_closed_epoch_and_they_verify(two_turns):
    from adjudicator.logsource import open_source
    from adjudicator.verify import verify

    db = two_turns
    n, s = chain_from_file(db)
    posted = games.reveal(db)
    assert [(b.event.action.epoch, b.event.action.secret) for b in posted.built] == [(1, s[1].hex()), (2, s[2].hex())]
    assert games.reveal(db) is None
    report = verify(open_source(db))
    assert report.ok and report.rolls["verified"] == 2


@pytest.mark.parametrize("case", ["random", "next epoch's", "previous epoch's", "anchor", "uppercase-wrong", "short"])
def test_a_revealed_secret_off_the_committed_chain_is_refused(two_turns, case, cli_fast):
    db = two_turns
    n, s = chain_from_file(db)
    secret = {"random": hashlib.sha256(b"made up").hexdigest(), "next epoch's": s[2].hex(),
              "previous epoch's": s[0].hex(), "anchor": s[0].hex(), "uppercase-wrong": s[3].hex().upper(),
              "short": s[1].hex()[:62]}[case]
    before = event_rows(db)
    turn = db.parent / "reveal.txt"
    turn.write_text(f"reveal 1 {secret}\n")
    r = cli_fast("post", db, turn, "--as", "referee")
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "reveal/not-committed" in r.stderr and "line 1" in r.stderr
    assert event_rows(db) == before
    turn.write_text(f"reveal 1 {s[1].hex().upper()}\n")  # the right one, in capitals, is fine
    assert cli_fast("post", db, turn, "--as", "referee").returncode == 0


def test_reveals_of_open_epochs_by_players_or_twice_are_refused(two_turns):
    db = two_turns
    n, s = chain_from_file(db)
    with pytest.raises(Rejected, match="reveal/open-epoch"):
        games.post(db, f"reveal 3 {s[3].hex()}", "referee")
    with pytest.raises(Rejected, match="reveal/not-referee"):
        games.post(db, f"reveal 1 {s[1].hex()}", "red")
    games.post(db, f"reveal 1 {s[1].hex()}", "referee")
    with pytest.raises(Rejected, match="reveal/twice"):
        games.post(db, f"reveal 1 {s[1].hex()}", "referee")
    with pytest.raises(BadInput, match="line 1"):
        games.post(db, "reveal one abc", "referee")


def test_a_forged_reveal_in_a_log_fails_verify_at_its_seq(tmp_path):
    """A reveal line not on the chain, forged into a log and re-hashed, is caught by verify."""
    from adjudicator.logsource import open_source
    from adjudicator.verify import verify
    from conftest import rechain

    db = play_sample_game(tmp_path, turns=2)
    lines = export_log(db).read_bytes().splitlines()
    i = next(n for n, line in enumerate(lines) if b'"secret-revealed"' in line)
    event = json.loads(lines[i])
    event["action"]["secret"] = hashlib.sha256(b"forged").hexdigest()
    lines[i] = msgspec.json.encode(event)
    forged = tmp_path / "forged.jsonl"
    forged.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    report = verify(open_source(forged))
    assert not report.ok and report.problems[0].seq <= i + 1
    assert any(p.seq == i + 1 and "not-committed" in p.message for p in verify(open_source(forged), lenient=True).problems)

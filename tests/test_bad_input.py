"""Garbage and malformed posts and log lines: exit 2 and a message naming what is wrong, never a
traceback, and the store left byte for byte as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from adjudicator import games
from adjudicator.core import VERBS as CORE_VERBS
from adjudicator.errors import BadInput
from adjudicator.notation import parse
from adjudicator.rulesets.freeform.notation import VERBS as FREEFORM_VERBS
from conftest import event_rows, export_log, make_game, play_sample_game, run_cli_inprocess

SETTINGS = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def store_bytes(db: Path) -> tuple:
    """Everything a post could have changed: the events and snapshots tables, and the files.

    The WAL is checkpointed first: an earlier successful post may have left pages there that any
    later connection's close moves into the main file, which changes its bytes but not the game."""
    import sqlite3

    conn = sqlite3.connect(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    snaps = list(conn.execute("SELECT seq, hash, state FROM snapshots ORDER BY seq"))
    conn.close()
    files = tuple(p.read_bytes() if p.exists() else None for p in (db, Path(f"{db}-wal")))
    return event_rows(db), snaps, files


@pytest.fixture(scope="module")
def scratch_game(tmp_path_factory) -> Path:
    """A game the verb-shaped garbage may really change (an accepted `end game`, say), kept apart
    from `game`, which the other tests need as it was."""
    d = tmp_path_factory.mktemp("scratch")
    db = make_game(d)
    games.post(db, "seed owls\nroll 2d6 for opening\nnote one", "red")
    return db


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("bad")
    db = make_game(d)
    games.post(db, "seed owls\nroll 2d6 for opening\nnote one", "red")
    return db


def post_bytes(db: Path, data: bytes, actor: str = "red", name: str = "turn.txt"):
    turn = db.parent / name
    turn.write_bytes(data)
    return run_cli_inprocess("post", db, turn, "--as", actor)


def assert_clean_failure(r, code: int = 2) -> None:
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    assert r.stderr.startswith("error: ") and len(r.stderr.strip()) > len("error: ")


def is_bad_input(text: str) -> bool:
    try:
        parse(text, CORE_VERBS + FREEFORM_VERBS, "red")
    except BadInput:
        return True
    return False


# -- posts -----------------------------------------------------------------------------------

@SETTINGS
@given(text=st.text(max_size=400))
def test_garbage_text_posts_exit_2_and_change_nothing(game, text):
    assume(is_bad_input(text))  # random text that happens to be a legal post is not garbage
    before = store_bytes(game)
    r = post_bytes(game, text.encode("utf-8", "surrogatepass"))
    assert_clean_failure(r)
    assert store_bytes(game) == before


@SETTINGS
@given(data=st.binary(max_size=400))
def test_random_bytes_posts_exit_2_and_change_nothing(game, data):
    try:
        assume(is_bad_input(data.decode("utf-8-sig")))
    except UnicodeDecodeError:
        pass
    before = store_bytes(game)
    r = post_bytes(game, data)
    assert_clean_failure(r)
    assert store_bytes(game) == before


VERBISH = st.sampled_from(["roll", "note", "end turn", "end game", "seed", "seal", "unseal", "reveal", "ruling",
                           "rolled", "after", "|", "#", "2d6", "1d10z", "for", "because", "after 2", "roll 0d6",
                           "roll 1d6 for", "rolled 7", "rolled 0"])


@SETTINGS
@given(lines=st.lists(st.lists(st.one_of(VERBISH, st.text(max_size=6)), max_size=5).map(" ".join), min_size=1,
                      max_size=6))
def test_verb_shaped_garbage_never_crashes_and_refusals_change_nothing(scratch_game, lines):
    """Posts that look like actions: accepted (0), refused (1) or unreadable (2), never a crash;
    whatever is refused leaves the store as it was."""
    text = "\n".join(lines)
    before = store_bytes(scratch_game)
    r = post_bytes(scratch_game, text.encode("utf-8", "surrogatepass"), actor="red")
    assert r.returncode in (0, 1, 2), (r.returncode, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr
    if r.returncode:
        assert r.stderr.startswith("error: ")
        assert store_bytes(scratch_game) == before
    if is_bad_input(text):
        assert r.returncode == 2


@pytest.mark.parametrize("name,data,match", [
    ("bad utf-8", b"note caf\xe9\nroll 2d6\n", "line 1: the post is not UTF-8"),
    ("bad utf-8 on line 3", b"note a\nnote b\nnote \xc3\x28\n", "line 3"),
    ("nul", b"note a\x00b\n", "NUL"),
    ("binary", bytes(range(256)) * 4, ""),
    ("utf-16", "note hello".encode("utf-16"), ""),
    ("huge", b"note " + b"x" * 2_000_000 + b"\n", "longer than"),
    ("huge garbage line", b"zz" * 300_000 + b"\n", "line 1"),
    ("many lines of garbage", b"\n".join(b"charge %d" % i for i in range(20_000)), "line 1"),
    ("empty", b"", "no action"),
    ("only comments", b"# a\n# b\n", "no action"),
    ("bom then garbage", b"\xef\xbb\xbfcharge!\n", "line 1"),
    ("rolled in a committed game", b"roll 2d6\nrolled 3 4\n", "line 1"),
    ("surrogate escape", b"note \xed\xa0\x80\n", "UTF-8"),
    ("lone |", b"| attack\n", "line 1"),
])
def test_malformed_posts_exit_2_naming_the_problem(game, name, data, match):
    before = store_bytes(game)
    r = post_bytes(game, data)
    assert_clean_failure(r)
    assert match in r.stderr
    assert store_bytes(game) == before


def test_a_post_from_standard_input(game):
    before = store_bytes(game)
    r = run_cli_inprocess("post", game, "-", "--as", "red", input=b"charge!\n")
    assert_clean_failure(r)
    assert store_bytes(game) == before
    r = run_cli_inprocess("post", game, "-", "--as", "red", input="note from stdin ✓\n")
    assert r.returncode == 0 and "from stdin ✓" in r.stdout


def test_missing_files_and_bad_options_are_bad_input(game, tmp_path):
    for args in (["post", game, tmp_path / "nope.txt", "--as", "red"],
                 ["post", tmp_path / "nope.db", tmp_path / "nope.txt", "--as", "red"],
                 ["post", game, game.parent / "turn.txt", "--as", "red", "--format", "html"],
                 ["verify", tmp_path / "nope.jsonl"], ["status", tmp_path / "nope.db"],
                 ["replay", game, "--at", "999"], ["replay", game, "--at", "0"],
                 ["new", tmp_path / "x.db", "--ruleset", "nosuch", "--player", "red"],
                 ["new", tmp_path / "x.db", "--ruleset", "freeform", "--player", "Red Team"],
                 ["new", tmp_path / "x.db", "--ruleset", "freeform", "--player", "red", "--player", "red"],
                 ["new", tmp_path / "x.db", "--ruleset", "freeform", "--player", "referee"],
                 ["new", tmp_path / "x.db", "--ruleset", "freeform", "--player", "red", "--dice", "loaded"],
                 ["new", game, "--ruleset", "freeform", "--player", "red"],
                 ["simulate", "--ruleset", "freeform", "-o", tmp_path / "s.db", "--events", "1"],
                 ["tables", "--ruleset", "nosuch"]):
        before = store_bytes(game)
        r = run_cli_inprocess(*map(str, args))
        assert_clean_failure(r)
        assert store_bytes(game) == before
    assert not (tmp_path / "x.db").exists() and not (tmp_path / "x.db.secret").exists()


# -- log lines -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def log(tmp_path_factory) -> bytes:
    db = play_sample_game(tmp_path_factory.mktemp("badlog"), turns=2)
    return export_log(db).read_bytes()


def looks_like_an_event_line(line: bytes) -> bool:
    s = line.rstrip(b"\r\n")
    return s[:1] == b"{" and s[-75:-66] == b',"hash":"' and s[-2:] == b'"}'


@SETTINGS
@given(data=st.data())
def test_garbage_log_lines_exit_2_naming_the_line(log, tmp_path, data):
    lines = log.splitlines()
    garbage = data.draw(st.one_of(st.binary(max_size=200), st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass"))),
                        label="garbage")
    garbage = garbage.replace(b"\n", b" ")
    assume(not looks_like_an_event_line(garbage))
    i = data.draw(st.integers(0, len(lines)), label="where")
    replace = data.draw(st.booleans(), label="replace")
    edited = lines[:i] + [garbage] + lines[i + (1 if replace and i < len(lines) else 0):]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(edited) + b"\n")
    r = run_cli_inprocess("verify", path, "--json")
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    problems = json.loads(r.stdout)["problems"]
    assert problems[0]["seq"] == i + 1 and f"line {i + 1}" in problems[0]["message"]
    for command in (["log", path], ["audit", path], ["replay", path]):
        r = run_cli_inprocess(*command)
        assert r.returncode == 2, (command, r.returncode, r.stderr)
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr


@SETTINGS
@given(data=st.data())
def test_json_lines_with_a_good_chain_but_no_event_in_them_exit_2(log, tmp_path, data):
    """Well-chained lines whose JSON is not an event (wrong types, unknown action, missing members)."""
    from conftest import rechain

    lines = log.splitlines()
    i = data.draw(st.integers(1, len(lines) - 1), label="line")
    event = json.loads(lines[i])
    key = data.draw(st.sampled_from(["actor", "turn", "phase", "epoch", "action", "rolls", "type", "drop-action",
                                     "roll-dice", "roll-expr"]), label="member")
    junk = data.draw(st.one_of(st.none(), st.integers(-3, 3), st.text(max_size=5), st.lists(st.integers(), max_size=2),
                               st.dictionaries(st.text(max_size=3), st.integers(), max_size=2)), label="value")
    if key == "type":
        event["action"]["type"] = junk if isinstance(junk, str) else "no-such-action"
        assume(event["action"]["type"] not in ("note", "seed", "freeform.roll", "freeform.end-turn", "ruling",
                                               "game-ended", "secret-revealed", "orders-sealed", "orders-unsealed"))
    elif key == "drop-action":
        del event["action"]
    elif key == "roll-dice":
        event["rolls"] = [{"purpose": "x", "expr": "2d6", "dice": junk}]
        assume(not (isinstance(junk, list)))
    elif key == "roll-expr":
        event["rolls"] = [{"purpose": "x", "expr": junk, "dice": [1]}]
        assume(not isinstance(junk, str))
    else:
        event[key] = junk
        expected_type = {"actor": str, "turn": int, "phase": str, "epoch": int, "action": dict, "rolls": list}[key]
        assume(not isinstance(junk, expected_type) or isinstance(junk, bool))
    lines[i] = json.dumps(event, separators=(",", ":")).encode()
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"".join(x + b"\n" for x in rechain(lines)))
    r = run_cli_inprocess("verify", path, "--json")
    assert r.returncode == 2, (key, junk, r.returncode, r.stdout, r.stderr)
    problem = json.loads(r.stdout)["problems"][0]
    assert problem["seq"] == i + 1 and problem["kind"] == "decode"


@pytest.mark.parametrize("content", [b"", b"\n\n", b"\x00" * 100, b"SQLite format 3\x00" + b"\x00" * 200,
                                     b"\xff\xfe\x00{", "{\"game\":\"g\"}\n".encode(), b"[1,2,3]\n" * 3,
                                     b"x" * 5_000_000])
def test_logs_that_are_not_logs_exit_2(tmp_path, content):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    for command in (["verify", path], ["log", path], ["audit", path], ["replay", path]):
        r = run_cli_inprocess(*command)
        assert r.returncode == 2, (command, r.returncode, r.stdout[-500:], r.stderr[-500:])
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr


def test_import_of_a_garbage_log_exits_2_and_creates_no_database(log, tmp_path):
    lines = log.splitlines()
    lines[3] = b"garbage"
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    r = run_cli_inprocess("import", path, tmp_path / "copy.db")
    assert_clean_failure(r)
    assert "line 4" in r.stderr
    assert not any(tmp_path.glob("copy.db*"))


@pytest.mark.parametrize("command", [["export", "{db}", "-o", "{missing}/x.jsonl"],
                                     ["new", "{missing}/n.db", "--ruleset", "freeform", "--player", "red"],
                                     ["simulate", "--ruleset", "freeform", "--events", "10", "-o", "{missing}/s.db"]])
def test_an_output_path_that_cannot_be_written_is_bad_input(game, tmp_path, command):
    args = [a.format(db=game, missing=tmp_path / "no" / "such" / "dir") for a in command]
    r = run_cli_inprocess(*args)
    assert_clean_failure(r)

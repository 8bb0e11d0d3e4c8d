"""verify's short cuts give the answers of the paths they short-cut.

The main pass hands the common event (a ruleset action or a note, by a player or the referee, in a
game that goes on and has rolled a die) straight to the ruleset's validate and apply, where the
general path goes through the engine's `violations` and `replay_event`. A game database's scans for
reveals, rolls and client seeds let SQLite pick rows before Python tests their bytes. Each short
cut is checked here against the general path, on logs that go wrong wherever it could diverge:
a wrong epoch, an unknown actor, a move out of turn, impossible or unused rolls, a roll after the
end, a reveal by a player, a late client seed, a ruling, a chain break and a malformed row, in
strict and lenient mode, from a .jsonl export and from a database.
"""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
import threading
from pathlib import Path

import pytest

from events.core import REFEREE, Envelope, Note, OrdersSealed, Roll, Ruling, SecretRevealed, SeedContributed
from events.freeform import EndTurn, RollDice
from adjudicator import core, dicecheck, games
from adjudicator import verify as verify_module
from adjudicator.chain import GENESIS, split_line
from adjudicator.core import OWN_ACTIONS
from adjudicator.engine import (
    left_to_ruleset, load_game, replay_event, replay_plain, rules_result, start, violations,
)
from adjudicator.errors import AdjudicatorError
from adjudicator.logsource import NO_ROLLS, REVEAL_MARK, SEED_MARK, open_source
from adjudicator.store import Store
from adjudicator.verify import verify
from conftest import export_log, play_sample_game, rechain

LOGS = Path(__file__).resolve().parent.parent / "logs"


# -- a game that uses every kind of event, and ways to break it ------------------------------

@pytest.fixture(scope="module")
def rich(tmp_path_factory) -> list[bytes]:
    """The lines of a freeform game with client seeds, rolls, notes, reveals, a ruling, sealed
    orders, the end of the game and what may follow it."""
    d = tmp_path_factory.mktemp("rich")
    db = play_sample_game(d, turns=4)
    games.post(db, "ruling the volley of turn 2 stands because the umpire saw it", REFEREE)
    games.post(db, f"seal plan {'ab' * 32}\nnote the referee keeps time", REFEREE)
    games.post(db, "roll 2d6 for the last volley\nend turn", "red")
    games.post(db, "end game red holds the wood", REFEREE)
    games.post(db, "note a last word\nruling the game stands because both agree", REFEREE)
    games.reveal(db)
    return export_log(db).read_bytes().splitlines()


def _events(lines: list[bytes]) -> list[dict]:
    return [json.loads(x) for x in lines]


def _first(events: list[dict], kind: str, after: int = 8) -> int:
    """The index of the first event after index `after` whose action is of type `kind` (late enough
    that plain events come before it, for the short cut to be taken before anything goes wrong)."""
    return next(i for i, e in enumerate(events) if i > after and e["action"]["type"] == kind)


def _rechained(events: list[dict]) -> list[bytes]:
    return rechain([json.dumps(e, separators=(",", ":"), ensure_ascii=False).encode() for e in events])


def _edit(lines: list[bytes], how) -> list[bytes]:
    events = _events(lines)
    how(events)
    return _rechained(events)


def _wrong_epoch(events):
    events[_first(events, "freeform.roll")]["epoch"] += 1


def _unknown_actor(events):
    events[_first(events, "note")]["actor"] = "mallory"


def _out_of_turn(events):
    i = _first(events, "freeform.end-turn")
    events[i]["actor"] = "blue" if events[i]["actor"] == "red" else "red"


def _impossible_faces(events):
    i = _first(events, "freeform.roll")
    events[i]["rolls"][0]["dice"] = [9] * len(events[i]["rolls"][0]["dice"])


def _forged_faces(events):
    i = _first(events, "freeform.roll")
    dice = events[i]["rolls"][0]["dice"]
    dice[0] = 1 if dice[0] != 1 else 2


def _unused_roll(events):
    i = _first(events, "note")
    events[i]["rolls"] = [{"purpose": "extra", "expr": "1d6", "dice": [3], "side": ""}]


def _roll_after_the_end(events):
    end = _first(events, "game-ended")
    roll = dict(events[_first(events, "freeform.roll", after=1)], turn=events[end]["turn"], epoch=events[end]["epoch"])
    events.insert(end + 1, roll)


def _reveal_by_a_player(events):
    events[_first(events, "secret-revealed")]["actor"] = "red"


def _late_seed(events):
    i = _first(events, "note")
    events[i]["action"] = {"type": "seed", "player": events[i]["actor"], "seed": "too late"}


TAMPERINGS = {
    "none": None, "wrong-epoch": _wrong_epoch, "unknown-actor": _unknown_actor, "out-of-turn": _out_of_turn,
    "impossible-faces": _impossible_faces, "forged-faces": _forged_faces, "unused-roll": _unused_roll,
    "roll-after-the-end": _roll_after_the_end, "reveal-by-a-player": _reveal_by_a_player, "late-seed": _late_seed,
}


def _broken_chain(lines: list[bytes]) -> list[bytes]:
    i = _first(_events(lines), "note")
    return lines[:i] + [lines[i].replace(b"soft cover", b"hard cover")] + lines[i + 1:]


def _malformed_row(lines: list[bytes]) -> list[bytes]:
    return lines[:12] + [b'{"not": "an event"}'] + lines[12:]  # past the first roll: the plain path is taken before it


def _variants(lines: list[bytes]) -> dict[str, list[bytes]]:
    out = {name: (lines if how is None else _edit(lines, how)) for name, how in TAMPERINGS.items()}
    out["broken-chain"] = _broken_chain(lines)
    out["malformed-row"] = _malformed_row(lines)
    return out


def _write(tmp_path: Path, name: str, lines: list[bytes], where: str) -> Path:
    """The log as a .jsonl export, or as a game database holding the same rows (a line that is no
    event becomes a row whose body is that line and whose hash is zeros)."""
    if where == "jsonl":
        path = tmp_path / f"{name}.jsonl"
        path.write_bytes(b"".join(x + b"\n" for x in lines))
        return path
    path = tmp_path / f"{name}.db"
    rows = []
    for seq, line in enumerate(lines, 1):
        try:
            body, digest = split_line(line, "")
        except AdjudicatorError:
            body, digest = line, GENESIS
        rows.append((seq, digest, body))
    with Store(path, create=True) as store:
        store.append(json.loads(lines[0])["game"], (0, GENESIS), rows)
    return path


# -- the main pass: the plain path against the general one ----------------------------------

def _both_paths(path: Path, monkeypatch, **kw):
    """verify(path) as it runs, and with every event sent down the general path; with how many
    events each sent down the plain one."""
    taken = []

    def counted(game, state, event):
        taken.append(event.seq)
        return replay_plain(game, state, event)

    with monkeypatch.context() as m:
        m.setattr(verify_module, "replay_plain", counted)
        fast = verify(open_source(path), **kw)
        plain = len(taken)
        m.setattr(verify_module, "left_to_ruleset", lambda game, state: False)
        slow = verify(open_source(path), **kw)
    assert len(taken) == plain, "the general path took the plain one"
    return fast, slow, plain


def _assert_same(fast, slow) -> None:
    assert fast.problems == slow.problems
    assert (fast.events, fast.head, fast.rolls, fast.rulings, fast.heads_checked) == \
           (slow.events, slow.head, slow.rolls, slow.rulings, slow.heads_checked)
    assert fast.state == slow.state


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
@pytest.mark.parametrize("where", ["jsonl", "db"])
@pytest.mark.parametrize("name", list(TAMPERINGS) + ["broken-chain", "malformed-row"])
def test_the_plain_path_gives_the_general_paths_report(rich, tmp_path, monkeypatch, name, where, lenient):
    path = _write(tmp_path, name, _variants(rich)[name], where)
    fast, slow, plain = _both_paths(path, monkeypatch, lenient=lenient)
    _assert_same(fast, slow)
    assert plain > 0  # the short cut was taken, so the comparison means something
    if name == "none":
        assert fast.ok and fast.rolls["verified"] > 0 and len(fast.rulings) == 2
    else:
        assert not fast.ok


def test_the_broken_logs_go_wrong_as_they_were_broken(rich, tmp_path):
    """Each tampering shows as the problem it was made for (so the comparisons above compare those)."""
    expected = {
        "wrong-epoch": ("marks", ""), "unknown-actor": ("rule", "actor/unknown"), "out-of-turn": ("rule", "turn/not-yours"),
        "impossible-faces": ("apply", "impossible faces"), "forged-faces": ("dice", "revealed secret"),
        "unused-roll": ("apply", "never used"), "roll-after-the-end": ("rule", "game/ended"),
        "reveal-by-a-player": ("rule", "reveal/not-referee"), "late-seed": ("rule", "seed/after-roll"),
        "broken-chain": ("chain", ""), "malformed-row": ("malformed", ""),
    }
    for name, lines in _variants(rich).items():
        if name != "none":
            report = verify(open_source(_write(tmp_path, name, lines, "jsonl")), lenient=True)
            kind, words = expected[name]
            assert any(p.kind == kind and words in p.message for p in report.problems), (name, report.problems)


@pytest.mark.parametrize("log", sorted(p.parent.name for p in LOGS.glob("*/game.jsonl")))
def test_the_plain_path_gives_the_general_paths_report_on_every_shipped_game(log, monkeypatch):
    fast, slow, plain = _both_paths(LOGS / log / "game.jsonl", monkeypatch, lenient=True)
    _assert_same(fast, slow)
    assert plain > 0


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
def test_after_the_rules_end_a_game_the_general_path_judges_every_event(tmp_path, monkeypatch, lenient):
    """A ruleset action after the rules have ended the game breaks the engine's rule `game/over`:
    the plain path, which would not ask, must not be taken."""
    lines = (LOGS / "portable-mahdist" / "game.jsonl").read_bytes().splitlines()
    events = [e for e in _events(lines) if e["action"]["type"] != "game-ended"]  # over by the rules alone
    last = events[-1]
    assert last["phase"] == "over"
    move = next(e for e in reversed(events) if "." in e["action"]["type"] and not e["rolls"])
    events.append(dict(move, actor=move["actor"], turn=last["turn"], phase=last["phase"], epoch=last["epoch"]))
    path = _write(tmp_path, "over", _rechained(events), "jsonl")
    fast, slow, _ = _both_paths(path, monkeypatch, lenient=lenient)
    _assert_same(fast, slow)
    assert (fast.problems[0].seq, fast.problems[0].kind) == (len(events), "rule")
    assert "game/over" in fast.problems[0].message


# -- the claim the plain path rests on ------------------------------------------------------

def _states(lines: list[bytes]):
    """Every state of the game, with the game."""
    game = load_game(split_line(lines[0], "")[0])
    state = start(game)
    yield game, state
    for line in lines[1:]:
        state = replay_event(game, state, game.decode(split_line(line, "")[0], ""))
        yield game, state


OWN = [SeedContributed(player="red", seed="s"), SecretRevealed(epoch=1, secret="00" * 32),
       OrdersSealed(label="x", commitment="ab" * 32), Ruling(decision="d", reason="r")]


def _outcome(fn, *args):
    try:
        return "value", fn(*args)
    except Exception as e:  # the same error, with the same words, either way
        return "raised", type(e), str(e)


def test_where_the_engine_leaves_an_event_to_the_ruleset_its_own_rules_pass_it_and_keep_the_core(rich):
    """core.leaves_to_ruleset's promise, on every state of a game: for a plain event, core.validate
    finds nothing and core.apply keeps the core; so violations and replay_event give what the
    ruleset's validate and replay_plain give."""
    stored = next(e for e in _events(rich) if e["rolls"])["rolls"][0]
    rolled = RollDice(expr=stored["expr"], purpose=stored["purpose"])
    plain_actions = [Note(text="a note"), rolled, RollDice(expr="9d", purpose="bad"), EndTurn()]
    seen = {True: 0, False: 0}
    for game, state in _states(rich):
        alone = left_to_ruleset(game, state)
        over = rules_result(game, state)
        assert alone == (state.core.rolled and not state.core.ended and not over)
        for action in plain_actions + OWN:
            for actor in (*game.created.players, REFEREE, "mallory"):
                plain = alone and type(action) not in OWN_ACTIONS and actor in game.actors
                seen[plain] += 1
                if not plain:
                    continue
                rolls = (Roll(purpose=stored["purpose"], expr=stored["expr"], dice=tuple(stored["dice"])),) \
                    if action is rolled else ()
                event = Envelope(game=state.core.game, seq=state.core.seq + 1, actor=actor, turn=1, phase="play",
                                 epoch=1, action=action, rolls=rolls, prev=GENESIS)
                assert core.validate(state.core, 0, actor, action, over) == []
                assert core.apply(state.core, event) is state.core
                assert violations(game, state, actor, action) == game.ruleset.check(state.rules, actor, action)
                assert _outcome(replay_plain, game, state, event) == _outcome(replay_event, game, state, event)
    assert seen[True] > 50 and seen[False] > 50


def test_the_engine_names_every_action_it_checks_or_applies():
    assert OWN_ACTIONS == frozenset(core._CHECKS) | frozenset(core._APPLY)
    assert all(type(a) in OWN_ACTIONS for a in OWN)
    assert not any(t in OWN_ACTIONS for t in (Note, RollDice, EndTurn))


# -- the second process: its scans, and its verdicts against the inline ones ----------------

def _all_bodies(db: Path) -> list[bytes]:
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = conn.execute("SELECT body FROM events ORDER BY seq").fetchall()
    finally:
        conn.close()
    return [b if isinstance(b, bytes) else str(b).encode("utf-8", "surrogatepass") for (b,) in rows]


def _hostile_db(tmp_path: Path, lines: list[bytes], encoding: str) -> Path:
    """The game's rows, then rows that a hand edit or a forger could store: marks in other cases
    or spacing, a mark nested where it says nothing, a body stored as TEXT, a NUL byte, no JSON;
    in a database of the given text encoding."""
    db = tmp_path / "hostile.db"
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA encoding = '{encoding}'")
    conn.execute('CREATE TABLE events (game TEXT, seq INTEGER, hash TEXT NOT NULL, body BLOB NOT NULL, PRIMARY KEY (game, seq))')
    conn.execute('CREATE TABLE snapshots (game TEXT, seq INTEGER, hash TEXT, state BLOB, PRIMARY KEY (game, seq))')
    conn.commit()
    conn.close()
    rows = [(seq, *reversed(split_line(line, ""))) for seq, line in enumerate(lines, 1)]
    with Store(db) as store:
        store.append(json.loads(lines[0])["game"], (0, GENESIS), rows)
    reveal = next(x for x in lines if REVEAL_MARK in x)
    seed = next(x for x in lines if SEED_MARK in x)
    no_rolls = next(x for x in lines if NO_ROLLS in x and REVEAL_MARK not in x and SEED_MARK not in x)
    rolls = next(x for x in lines if NO_ROLLS not in x)
    bodies: list[bytes | str | int] = [
        reveal.replace(b'"type":"secret-revealed"', b'"TYPE":"SECRET-REVEALED"'),
        reveal.replace(b'"type":"secret-revealed"', b'"type": "secret-revealed"'),
        reveal.replace(b'"secret-revealed"', b'"secret-revealed-not"'),
        reveal.decode(),  # TEXT
        b"\x00" + reveal,
        seed.replace(b'"type":"seed"', b'"type": "seed"'),
        seed.replace(b"}", b"} ", 1),
        no_rolls.replace(b'"note"', b'"note","seed":1'),
        rolls.replace(b'"action":{', b'"action":{"x":{"rolls":[],"prev":1},', 1),
        rolls.replace(b'"action":{', b'"action":{"rolls":[],"prev":1,', 1),
        no_rolls.upper(), rolls.decode(), b"", b"not json", 12345,
    ]
    conn = sqlite3.connect(db)
    try:
        game = conn.execute("SELECT game FROM events LIMIT 1").fetchone()[0]
        conn.executemany("INSERT INTO events (game, seq, hash, body) VALUES (?, ?, ?, ?)",
                         [(game, len(lines) + i + 1, GENESIS, b) for i, b in enumerate(bodies)])
        conn.commit()
    finally:
        conn.close()
    return db


@pytest.mark.parametrize("encoding", ["UTF-8", "UTF-16le"])
def test_a_databases_scans_pick_exactly_the_rows_that_hold_the_marks(rich, tmp_path, encoding):
    db = _hostile_db(tmp_path, rich, encoding)
    source = open_source(db)
    bodies = _all_bodies(db)
    json_bodies = [b for b in bodies if b"\x00" not in b]  # a NUL byte is never JSON: its row may go unread
    reveals = list(source.reveal_bodies())
    assert [b for b in reveals if b"\x00" not in b] == [b for b in json_bodies if REVEAL_MARK in b]
    assert set(reveals) <= {b for b in bodies if REVEAL_MARK in b}
    dice = list(source.dice_bodies())
    assert [b for b in dice if b"\x00" not in b] == [b for b in json_bodies if NO_ROLLS not in b or SEED_MARK in b]
    assert set(dice) <= {b for b in bodies if NO_ROLLS not in b or SEED_MARK in b}
    assert len(reveals) > 2 and len(dice) > 10


def test_an_exports_dice_scan_picks_exactly_the_lines_that_hold_the_marks(rich, tmp_path):
    """Lines as exported, with CRLF endings, without a last newline, or no event at all."""
    lines = [x + b"\n" for x in rich] + [rich[3] + b"\r\n", rich[4] + b"\r\r\n", rich[5][:-1] + b'"}\n',
                                         rich[3][:-3] + b'"}\r\n', b"\n", b"garbage\n", rich[6] + b" \n", rich[7]]
    path = tmp_path / "odd.jsonl"
    path.write_bytes(b"".join(lines))
    expected = []
    for line in lines:
        if NO_ROLLS in line and SEED_MARK not in line:
            continue
        line = line.rstrip(b"\r\n")
        if line[-75:-66] == b',"hash":"':
            expected.append(line[:-75] + b"}")
    assert list(open_source(path).dice_bodies()) == expected


def test_a_database_and_its_export_give_the_same_bodies_to_the_second_process(tmp_path):
    db = play_sample_game(tmp_path, turns=5)
    log = export_log(db)
    assert list(open_source(db).dice_bodies()) == list(open_source(log).dice_bodies())
    assert list(open_source(db).reveal_bodies()) == list(open_source(log).reveal_bodies())


@pytest.mark.parametrize("where", ["jsonl", "db"])
@pytest.mark.parametrize("name", ["none", "forged-faces", "impossible-faces", "late-seed", "broken-chain", "malformed-row"])
def test_the_second_process_gives_the_inline_verdicts(rich, tmp_path, monkeypatch, name, where):
    """In lenient mode both ways report the same rolls and the same problems (the order of two
    problems of one event aside: the rolls' come from the other process)."""
    path = _write(tmp_path, name, _variants(rich)[name], where)
    monkeypatch.setattr(dicecheck, "WORTH_A_PROCESS", 10**12)
    inline = verify(open_source(path), lenient=True)
    monkeypatch.setattr(dicecheck, "WORTH_A_PROCESS", 0)
    beside = verify(open_source(path), lenient=True)
    assert inline.rolls == beside.rolls and inline.rolls["verified"] > 0
    assert sorted(inline.problems, key=repr) == sorted(beside.problems, key=repr)
    assert inline.state == beside.state


def test_verify_answers_once_the_second_process_and_its_pool_are_gone(tmp_path, monkeypatch):
    """A pool left to wind down on its own could race the interpreter's exit, which then printed a
    traceback after verify's report: verify waits for it (a few ms)."""
    log = export_log(play_sample_game(tmp_path, turns=3))
    monkeypatch.setattr(dicecheck, "WORTH_A_PROCESS", 0)
    threads, children = set(threading.enumerate()), set(multiprocessing.active_children())
    assert verify(open_source(log)).ok
    assert set(threading.enumerate()) <= threads and set(multiprocessing.active_children()) <= children

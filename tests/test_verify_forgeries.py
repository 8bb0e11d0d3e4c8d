"""The forged logs of issue 14, each rebuilt the way an outsider would: edited as JSON text and
re-chained with the README's own formula, hash = sha256(b"adj-ev1\\x00" + bytes.fromhex(prev) + body).

1. a skipped reveal must not hide a changed die: a reveal of epoch k reveals every epoch below it;
2. a roll outside the committed chain (epoch 0, or above dice.epochs) fails, kind "dice";
3. a line that is not byte for byte the canonical encoding of what it decodes to is malformed (exit 2).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from adjudicator import dicecheck, games
from adjudicator.audit import audit
from adjudicator.logsource import open_source
from adjudicator.store import Store
from adjudicator.verify import verify
from conftest import export_log, make_game, run_cli_inprocess

PREV = re.compile(rb'"prev":"[0-9a-f]{64}"')


def readme_chain(bodies: list[bytes]) -> list[bytes]:
    """Lines from event bodies (JSON objects without "hash"), chained as the README says: each body's
    "prev" is set to the hash of the line before (64 zeros for the first), then
    hash = sha256(b"adj-ev1\\x00" + bytes.fromhex(prev) + body) is put before the closing brace."""
    prev, lines = "0" * 64, []
    for body in bodies:
        body = PREV.sub(b'"prev":"' + prev.encode() + b'"', body)
        prev = hashlib.sha256(b"adj-ev1\x00" + bytes.fromhex(prev) + body).hexdigest()
        lines.append(body[:-1] + b',"hash":"' + prev.encode() + b'"}')
    return lines


def dump(event: dict) -> bytes:
    """An event as compact JSON without its hash, the way the README's program re-dumps it."""
    return json.dumps({k: v for k, v in event.items() if k != "hash"}, separators=(",", ":"), ensure_ascii=False).encode()


def renumbered(events: list[dict]) -> list[bytes]:
    """Bodies of a log whose events were dropped or inserted: seq made 1, 2, 3... again."""
    return [dump({**e, "seq": n}) for n, e in enumerate(events, 1)]


def write_jsonl(path: Path, lines: list[bytes]) -> Path:
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    return path


def write_db(path: Path, lines: list[bytes]) -> Path:
    """A game database whose rows were stored by hand, with no check: the lines' bodies and hashes."""
    rows = [(n, line[-66:-2].decode(), line[:-75] + b"}") for n, line in enumerate(lines, 1)]
    with Store(path, create=True) as store:
        store.append(json.loads(lines[0])["game"], (0, "0" * 64), rows)
    return path


def events_of(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_bytes().splitlines()]


def verify_cli(log: Path, *extra: str) -> tuple[int, dict]:
    r = run_cli_inprocess("verify", str(log), "--json", *extra)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    return r.returncode, json.loads(r.stdout)


def test_the_readme_formula_rebuilds_an_exported_log_byte_for_byte(tmp_path):
    """So the forgeries below are what an outsider following the README would make."""
    log = export_log(skipped_reveal_game(tmp_path))
    lines = log.read_bytes().splitlines()
    assert readme_chain([dump(e) for e in events_of(log)]) == lines


# -- hole 1: a skipped reveal hides changed dice --------------------------------------------------

def skipped_reveal_game(tmp_path: Path) -> Path:
    """The issue's game: red rolls 2d6 and ends, blue ends, the referee reveals (epochs 1 and 2)."""
    db = make_game(tmp_path)
    games.post(db, "roll 2d6\nend turn", "red")
    games.post(db, "end turn", "blue")
    games.reveal(db)
    return db


def forge_skipped_reveal(tmp_path: Path, change_die: bool = True) -> tuple[list[bytes], int]:
    """Drop the reveal of epoch 1 (keep epoch 2's), change the rolled die, re-chain."""
    events = events_of(export_log(skipped_reveal_game(tmp_path)))
    events = [e for e in events if e["action"] != {**e["action"], "type": "secret-revealed", "epoch": 1}]
    assert [e["action"]["epoch"] for e in events if e["action"]["type"] == "secret-revealed"] == [2]
    roll = next(e for e in events if e["rolls"])
    if change_die:
        dice = roll["rolls"][0]["dice"]
        dice[0] = dice[0] % 6 + 1
    return readme_chain(renumbered(events)), roll["seq"]


@pytest.mark.parametrize("store", ["jsonl", "db"])
def test_a_die_changed_under_a_skipped_reveal_fails_verify_naming_its_seq(tmp_path, store):
    lines, seq = forge_skipped_reveal(tmp_path)
    log = (write_jsonl if store == "jsonl" else write_db)(tmp_path / f"forged.{store}", lines)
    code, data = verify_cli(log)
    assert code == 1 and not data["ok"]
    assert [(p["seq"], p["kind"]) for p in data["problems"]] == [(seq, "dice")]
    assert "revealed secret of epoch 1" in data["problems"][0]["message"]


def test_the_dice_check_in_a_second_process_catches_it_too(tmp_path):
    lines, seq = forge_skipped_reveal(tmp_path)
    log = write_jsonl(tmp_path / "forged.jsonl", lines)
    created = verify(open_source(log), check_rolls=False).context.created
    counts, failures = dicecheck.check_beside(open_source(log), created, None, lenient=True)
    assert counts == {"mismatched": 1} and [(s, k) for s, k, _ in failures] == [(seq, "dice")]


def test_audit_and_import_catch_it_too(tmp_path, cli_fast):
    lines, seq = forge_skipped_reveal(tmp_path)
    log = write_jsonl(tmp_path / "forged.jsonl", lines)
    result = audit(open_source(log), lenient=True)
    assert result.report.rolls == {"mismatched": 1}
    r = cli_fast("import", str(log), str(tmp_path / "copy.db"))
    assert r.returncode == 1 and f"seq {seq}" in r.stderr and not (tmp_path / "copy.db").exists()


def test_rolls_under_a_skipped_reveal_are_verified_and_status_and_audit_agree(tmp_path, cli_fast):
    """Without the changed die, the roll of epoch 1 is re-derived from epoch 2's secret: it is
    verified, not "not yet revealed"; status and audit both say epochs 1 and 2 are revealed."""
    lines, _ = forge_skipped_reveal(tmp_path, change_die=False)
    log = write_jsonl(tmp_path / "skipped.jsonl", lines)
    code, data = verify_cli(log)
    assert code == 0 and data["rolls"] == {"verified": 1} and data["revealed_through"] == 2
    status = cli_fast("status", str(log), "--json")
    assert json.loads(status.stdout)["revealed_through"] == 2
    r = cli_fast("audit", str(log), "--json")
    audited = json.loads(r.stdout)
    assert r.returncode == 0 and audited["revealed_through"] == 2
    assert [x["verdict"] for x in audited["rolls"]] == ["verified"]
    assert "revealed through epoch 2" in cli_fast("audit", str(log)).stdout
    assert "revealed through epoch 2" in cli_fast("verify", str(log)).stdout


def test_a_reveal_below_the_last_revealed_one_is_a_rule_failure(tmp_path):
    """Reveals in the wrong order (2, then 1): `post` refuses the second one ([reveal/twice]),
    and verify fails on it the same way."""
    db = skipped_reveal_game(tmp_path)
    events = events_of(export_log(db))
    reveals = [i for i, e in enumerate(events) if e["action"]["type"] == "secret-revealed"]
    a, b = reveals
    events[a], events[b] = events[b], events[a]
    log = write_jsonl(tmp_path / "swapped.jsonl", readme_chain(renumbered(events)))
    code, data = verify_cli(log)
    assert code == 1 and [(p["seq"], p["kind"]) for p in data["problems"]] == [(b + 1, "rule")]
    assert "reveal/twice" in data["problems"][0]["message"]
    posted = run_cli_inprocess("post", str(db), "-", "--as", "referee",
                               input=f"reveal 1 {events[b]['action']['secret']}\n")
    assert posted.returncode == 1 and "reveal/twice" in posted.stderr


# -- hole 2: a roll outside the committed chain ---------------------------------------------------

def short_chain_game(tmp_path: Path) -> list[dict]:
    """A freeform game on a chain of 2 epochs: both player-turns roll, then the chain is used up."""
    db = make_game(tmp_path, epochs=2)
    games.post(db, "roll 2d6\nend turn", "red")
    games.post(db, "roll 1d6\nend turn", "blue")
    games.reveal(db)
    refused = run_cli_inprocess("post", str(db), "-", "--as", "red", input="roll 1d6\n")
    assert refused.returncode == 1 and "outside the committed dice chain" in refused.stderr
    return events_of(export_log(db))


@pytest.mark.parametrize("store", ["jsonl", "db"])
def test_a_roll_above_the_committed_chain_fails_verify_naming_its_seq(tmp_path, store):
    events = short_chain_game(tmp_path)
    roll = next(e for e in events if e["rolls"] and e["epoch"] == 2)
    epoch3 = {**roll, "turn": 3, "epoch": 3, "actor": "red"}  # red's turn 3: epoch 3 of a chain of 2
    lines = readme_chain(renumbered(events + [epoch3]))
    log = (write_jsonl if store == "jsonl" else write_db)(tmp_path / f"forged.{store}", lines)
    code, data = verify_cli(log)
    assert code == 1 and [(p["seq"], p["kind"]) for p in data["problems"]] == [(len(events) + 1, "dice")]
    assert "outside the committed dice chain" in data["problems"][0]["message"]
    assert data["rolls"].get("unrevealed", 0) == 0


def test_a_roll_in_epoch_0_fails_verify_as_a_dice_problem(tmp_path):
    """Epoch 0's key would be the public anchor. The first event is the only one at epoch 0: a roll
    stuck on it is outside the chain, and so is a roll whose event claims epoch 0 later on."""
    events = short_chain_game(tmp_path)
    roll = next(e for e in events if e["rolls"])
    first = {**events[0], "rolls": roll["rolls"]}
    log = write_jsonl(tmp_path / "first.jsonl", readme_chain(renumbered([first] + events[1:])))
    code, data = verify_cli(log)
    assert code == 1 and [(p["seq"], p["kind"]) for p in data["problems"]] == [(1, "dice")]
    assert "epoch 0" in data["problems"][0]["message"]
    later = [e if e is not roll else {**roll, "epoch": 0} for e in events]
    log = write_jsonl(tmp_path / "later.jsonl", readme_chain(renumbered(later)))
    code, data = verify_cli(log, "--lenient")
    assert code == 1 and (roll["seq"], "dice") in [(p["seq"], p["kind"]) for p in data["problems"]]


def test_a_reveal_above_the_committed_chain_is_a_rule_failure(tmp_path):
    """A referee who kept a longer chain than the one committed to can reveal a secret above N that
    hashes down to the anchor: the game commits to 2 epochs, the referee's chain has 3."""
    db = make_game(tmp_path, epochs=3)
    for side in ("red", "blue", "red"):
        games.post(db, "end turn", side)
    games.reveal(db)
    events = events_of(export_log(db))
    events[0]["action"]["dice"]["epochs"] = 2
    reveal3 = next(e for e in events if e["action"] == {**e["action"], "type": "secret-revealed", "epoch": 3})
    log = write_jsonl(tmp_path / "forged.jsonl", readme_chain(renumbered(events)))
    code, data = verify_cli(log)
    assert code == 1 and [(p["seq"], p["kind"]) for p in data["problems"]] == [(reveal3["seq"], "rule")]
    assert "reveal/off-chain" in data["problems"][0]["message"]
